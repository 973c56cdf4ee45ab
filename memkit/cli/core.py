"""Commands for the vault itself: init, ingest, extract, status, search, show, reindex, doctor.

Each is a thin wrapper over one library verb of the same name; rendering only.
"""
from __future__ import annotations

from pathlib import Path

import click

from memkit.cli import complete
from memkit.cli.common import emit_json, json_option, report, vault as get_vault
from memkit.storage.printable import printable
from memkit.traces.readers import FORMAT_NAMES


@click.command()
@click.argument("path", type=click.Path(file_okay=False, path_type=Path), required=False)
@click.option("--no-git", is_flag=True, help="Do not create a git repository.")
@click.pass_context
def init(ctx, path, no_git):
    """Create a vault at PATH (default: the --vault folder or $MEMKIT_VAULT, else here), with git
    when it is not inside a repository.

    \b
    Example:
      memkit init ~/notes/agent-memory
    """
    from memkit.storage import git, vault
    from memkit.team import driver

    path = path or Path((ctx.obj or {}).get("vault") or ".")

    v, created = vault.init(path)
    if driver.declare(v):   # a team's clones merge memkit's notes by rule (memkit sync)
        created.append(driver.ATTRIBUTES)
    if not no_git and git.repo_for(v.root) is None:
        git.init(v.root)
        created.append("git repository")
        git.commit(v.root, [v.root / p.rstrip("/") for p in created if p != "git repository"],
                   "memkit: create vault", [("Memkit-Action", "init")])
    if not no_git and (found := git.hooks_dir(v.root)) is not None:
        driver.register(found[0])
    click.echo(f"vault ready at {v.root}" + (f" (created {', '.join(created)})" if created else " (already there)"))


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--format", "fmt", default="auto", show_default=True,
              type=click.Choice(["auto", *FORMAT_NAMES]))
@click.option("--no-extract", is_flag=True, help="Only write traces; skip extraction.")
@click.option("--commit/--no-commit", default=None, help="Commit what was written (default: memkit.toml).")
@json_option
@click.pass_context
def ingest(ctx, paths, fmt, no_extract, commit, as_json):
    """Store agent session logs as traces; a folder is searched for logs.

    \b
    Example:
      memkit ingest ~/.claude/projects
      memkit ingest session.jsonl --format generic --no-commit
    """
    from memkit import pipeline

    v = get_vault(ctx)
    result = pipeline.ingest(v, list(paths), fmt=fmt, extract=not no_extract, commit=commit,
                             progress=None if as_json else _progress_bar)
    report(ctx, result, as_json)


@click.command()
@click.option("--session", "session", help="Extract one trace (its id or session id).",
              shell_complete=complete.trace_id)
@click.option("--all", "all_", is_flag=True, help="Every trace (re-runs are cheap: ids are deterministic).")
@click.option("--staged", is_flag=True, help="Traces staged in git (the pre-commit hook uses this).")
@click.option("--extractor", type=click.Choice(["heuristic", "anthropic"]), default=None,
              help="Which extractor (default: memkit.toml).")
@click.option("--stage", is_flag=True, help="git add the candidates written (pre-commit hook).")
@json_option
@click.pass_context
def extract(ctx, session, all_, staged, extractor, stage, as_json):
    """Extract observations (corrections, preferences, decisions…) from traces into the workshop.

    \b
    Example:
      memkit extract --all
      memkit extract --session 2026-03-02-claude-b7c1e0aa --extractor anthropic
    """
    from memkit import pipeline

    v = get_vault(ctx)
    result = pipeline.extract(v, session=session, all_=all_ or not (session or staged), staged=staged,
                              extractor=extractor, stage=stage)
    report(ctx, result, as_json)


@click.command()
@json_option
@click.pass_context
def status(ctx, as_json):
    """Counts per layer, the review backlog and its age, and index freshness.

    \b
    Example:
      memkit status --json
    """
    from memkit import health

    data = health.status(get_vault(ctx))
    if as_json:
        emit_json(data)
        return
    for line in health.render_status(data):
        click.echo(line)


@click.command(context_settings={"ignore_unknown_options": True})   # "-rf foo" is words to search
@click.argument("query")
@click.option("--kind", type=click.Choice(["correction", "preference", "decision", "fact", "procedure", "discovery",
                                           "negative_result", "question"]),
              help="Only this observation kind.")
@click.option("--layer", type=click.Choice(["trace", "workshop", "observation", "episode", "fact", "library"]))
@click.option("--project", help="Only notes of this project (a trace's `project`).")
@click.option("--since", metavar="DATE", help="Only notes created on or after this ISO date.")
@click.option("--until", metavar="DATE", help="Only notes created on or before this ISO date.")
@click.option("--by", type=click.Choice(["turn", "note"]), default="turn", show_default=True,
              help="One hit per turn (or note section), or one per note with its best turn.")
@click.option("--limit", default=10, show_default=True, type=click.IntRange(1, 1000))
@click.option("--user", help="One person's traces and observations (`me`: yours; `team`: the reviewed notes).")
@json_option
@click.pass_context
def search(ctx, query, kind, layer, project, since, until, by, limit, user, as_json):
    """Full-text search over every layer: the turns (and note sections) that match, best first.

    Any text searches; "quoted words" must stand together. Matched words are bold on a terminal
    (not when piped, nor with NO_COLOR set).

    \b
    Example:
      memkit search "yubikey pin" --layer trace --json
      memkit search "drop column" --project ledger --since 2026-03-01 --by note
      memkit search "migration" --user me
    """
    from memkit import search as search_mod
    from memkit.storage import people

    v = get_vault(ctx)
    filters = search_mod.Filters(kind, layer, project, _date(since, "--since"), _date(until, "--until"),
                                 people.named(v, user))
    out, note = search_mod.answer(v, query, filters=filters, limit=limit, by=by, as_json=as_json,
                                  colour=not as_json and _colour())
    click.echo(out, nl=False)
    if note:
        click.echo(note, nl=False, err=True)


def _progress_bar(total: int, label: str = "ingesting"):
    """A bar on stderr for long work at a terminal: (tick, done), or nothing to draw."""
    import sys

    if not sys.stderr.isatty() or total <= 1:
        return None, None
    bar = click.progressbar(length=total, label=label, file=sys.stderr)
    return (lambda _path: bar.update(1)), bar.render_finish


def _colour() -> bool:
    import os
    import sys

    return sys.stdout.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


def _date(value: str | None, flag: str) -> str | None:
    import re
    from datetime import datetime

    if value and not re.fullmatch(r"\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?", value):
        raise click.BadParameter(f"{value!r} is not an ISO date like 2026-03-01", param_hint=flag)
    try:
        if value:
            datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise click.BadParameter(f"{value!r} is no date there is (month 01-12, a day the month has)",
                                 param_hint=flag) from None
    return value


@click.command()
@click.argument("ident", shell_complete=complete.note_id)
@json_option
@click.pass_context
def show(ctx, ident, as_json):
    """Print one note by id (or `TRACE-ID#^tN` for one turn of a trace).

    \b
    Example:
      memkit show corr-git-stage-specific-files-4e1a
      memkit show 2026-03-02-claude-b7c1e0aa#^t4
    """
    from memkit.storage import lookup

    shown = lookup.show(get_vault(ctx), ident)
    if as_json:
        emit_json(shown)
    else:
        click.echo(printable(shown["text"]), nl=not shown["text"].endswith("\n"))


@click.command()
@click.option("--cues", "cues_too", is_flag=True,
              help="Also write each lesson note's `cue:` again where memkit compiled it from older code or "
                   "from words since edited (one commit; a cue a person wrote is kept).")
@json_option
@click.pass_context
def reindex(ctx, cues_too, as_json):
    """Rebuild the index from the files (always safe: the files are the truth).

    \b
    Example:
      rm -rf .memkit && memkit reindex
      memkit reindex --cues      # after an upgrade: the notes show what they fire on now
    """
    from memkit.storage import index

    v = get_vault(ctx)
    done = None
    if cues_too:
        from memkit.activation import restamp

        done = restamp.refresh(v, progress=None if as_json else lambda n: _progress_bar(n, "compiling cues"))
    stats = index.refresh(v, full=True)
    if as_json:
        emit_json({**stats, **({"cues": done} if done is not None else {})})
        return
    if done is not None:
        click.echo(f"compiled the cue of {len(done['recompiled'])} note(s) again ({done['compiler']})"
                   + (f", commit {done['commit'][:10]}" if done["commit"] else ""))
        if done["uncommitted"]:
            click.echo(f"left uncommitted, as your edits in them are: {', '.join(done['uncommitted'][:5])}"
                       + (f" and {len(done['uncommitted']) - 5} more" if len(done["uncommitted"]) > 5 else ""))
    click.echo(f"indexed {stats['indexed']} notes" + (f", {stats['problems']} with problems (see `memkit doctor`)"
                                                      if stats["problems"] else ""))


@click.command()
@json_option
@click.pass_context
def doctor(ctx, as_json):
    """Check the vault: unreadable frontmatter, secrets that reached it, a stale index.

    \b
    Example:
      memkit doctor
    """
    from memkit import health

    report = health.doctor(get_vault(ctx))
    if as_json:
        emit_json(report)
    else:
        for line in report["lines"]:
            click.echo(line)
    if report["problems"]:
        ctx.exit(1)
