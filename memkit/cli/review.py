"""`memkit review`, `accept`, `reject`, `promote`, `merge`, `why` and `compile`.

Rendering and the interactive walk only; every decision is one call into
memkit.review (provenance.why, compile.run). Keys are read one line at a time when
stdin is not a terminal, so scripts and tests can drive the walk.
"""
from __future__ import annotations

from pathlib import Path

import click

from memkit.cli import complete
from memkit.cli.common import emit_json, interactive, json_option
from memkit.cli.common import vault as get_vault
from memkit.storage.printable import printable

TYPES = ["convention", "procedure", "decision", "preference", "note"]
KEYS = "[a]ccept [p]romote [e]dit [m]erge [r]eject [s]kip [q]uit"


def _emit(results, as_json: bool) -> None:
    if as_json:
        emit_json(results)
        return
    for r in results if isinstance(results, list) else [results]:
        click.echo(printable(r["line"]))


@click.command()
@click.option("--list", "list_", is_flag=True, help="Print the queue (proposals, then candidates) and exit.")
@click.option("--scan", is_flag=True, help="Run the promotion scan (write proposals) and exit.")
@json_option
@click.pass_context
def review(ctx, list_, scan, as_json):
    """Walk the proposals and candidates, those worth your time first, and decide on each.

    \b
    Keys: a accept · p promote (choose the type) · e edit in $EDITOR · m merge into a note
          r reject (with a reason) · s skip · q quit. Each decision is one git commit.
    Example:
      memkit review
      memkit review --list --json
      memkit review --scan
    """
    from memkit.library import review as review_mod

    v = get_vault(ctx)
    if scan:
        return _scanned(review_mod.scan(v), as_json, always=True)
    if list_ or as_json:
        return _list(review_mod.queue(v), as_json)
    _scanned(review_mod.scan(v))
    done = _walk(v, review_mod.queue(v))
    click.echo("reviewed: " + (", ".join(f"{n} {k}" for k, n in done.items() if n) or "nothing"))
    _scanned(review_mod.scan(v))


def _scanned(out, as_json: bool = False, always: bool = False) -> None:
    if as_json:
        emit_json(out)
    elif always or out["proposals"] or out["retired"]:
        click.echo("\n".join(out["lines"]))


def _list(items, as_json: bool) -> None:
    if as_json:
        emit_json(items)
    elif not items:
        click.echo("nothing to review")
    for it in [] if as_json else items:
        extra = f" · {it['recurrence']} session(s)" if it["type"] == "proposal" else ""
        click.echo(f"{it['id']}  [{it['type']}: {it['kind']}{extra}] {(it['created'] or '')[:10]}\n"
                   f"    {printable(it['title'] or it['statement'])}")


def _walk(v, items) -> dict[str, int]:
    from memkit.library import review as review_mod

    done = {"accepted": 0, "promoted": 0, "merged": 0, "rejected": 0, "edited": 0, "skipped": 0}
    for n, item in enumerate(items, 1):
        while review_mod.pending(v, item):
            _show(v, item, n, len(items))
            key = _key()
            if key == "q":
                return done
            outcome = _decide(v, item, key)
            if outcome == "edited":
                done["edited"] += 1
                continue
            if outcome:
                done[outcome] += 1
                break
    return done


def _key() -> str:
    try:
        if interactive():
            click.echo(f"{KEYS} > ", nl=False)
            key = click.getchar()
            click.echo(key)
        else:
            key = click.prompt(KEYS, default="s", show_default=False)
    except (click.exceptions.Abort, EOFError):
        return "q"
    return (key.strip() or "s")[0].lower()


def _show(v, item, n: int, total: int) -> None:
    from memkit.library import review as review_mod

    head = f"proposal → {item['kind']}" if item["type"] == "proposal" else f"{item['type']}: {item['kind']}"
    click.echo(printable(f"\n[{n}/{total}] {head}  {item['id']}  ({(item['created'] or '')[:10]})"))
    if item["title"]:
        click.echo(f"  {printable(item['title'])}")
    click.echo(f"  “{printable(item['statement'])}”")
    if item["type"] == "proposal":
        click.echo(printable(f"  recurrence: {item['recurrence']} session(s) — {item['basis']}"))
        click.echo(printable(f"  sources: {', '.join(item['observations'])}"))
    fires = review_mod.fires(v, item)
    if fires:
        click.echo(f"  {printable(fires)}")
    for q in review_mod.evidence(v, item):
        click.echo(f"  evidence {q['link']} ({q['role'] or '?'}{', ' + q['ts'][:10] if q['ts'] else ''}):")
        click.echo(f"    > {printable(q['text'] or q.get('missing', ''))}")


def _decide(v, item, key: str) -> str | None:
    from memkit.library import review as review_mod
    from memkit.errors import MemkitError

    try:
        if key == "a":
            _emit(review_mod.accept(v, [item["id"]]), False)
            return "promoted" if item["type"] == "proposal" else "accepted"
        if key == "p":
            kind = click.prompt("promote as", type=click.Choice(TYPES), default=item["suggested"] or "note")
            title = click.prompt("title", default=item["title"] or "", show_default=bool(item["title"]))
            _emit(review_mod.promote(v, [item["id"]], kind, title or None), False)
            return "promoted"
        if key == "m":
            into = click.prompt("merge into (library note id)")
            _emit(review_mod.merge(v, item["id"], into), False)
            return "merged"
        if key == "r":
            reason = click.prompt("reason", default="", show_default=False)
            _emit(review_mod.reject(v, [item["id"]], reason), False)
            return "rejected"
        if key == "e":
            return _edit(v, item)
        if key == "s":
            return "skipped"
        click.echo(f"unknown key {key!r}; {KEYS}")
    except MemkitError as e:
        click.echo(f"memkit: {e}", err=True)
    except click.exceptions.Abort:
        return "skipped"
    return None


def _edit(v, item) -> str | None:
    from memkit.library import review as review_mod

    path = v.root / item["path"]
    text = path.read_text(encoding="utf-8")
    try:
        edited = click.edit(text, extension=".md", require_save=True)
    except click.ClickException as e:   # $EDITOR missing or failing: this item stays as it was, review goes on
        click.echo(f"memkit: cannot edit here ({e.format_message()}); set $EDITOR (or $VISUAL) to an editor "
                   "that runs, or edit the file and run `memkit review` again", err=True)
        return None
    if edited is None or edited == text:
        click.echo("unchanged")
        return None
    review_mod.save_edit(v, item["path"], edited)
    item.update(review_mod.describe(item["path"], _meta(v, item["path"])))
    return "edited"


def _meta(v, rel: str) -> dict:
    from memkit.storage import notes

    return notes.read(v.root / rel).meta


@click.command()
@click.argument("ids", nargs=-1, required=True, shell_complete=complete.reviewable_id)
@json_option
@click.pass_context
def accept(ctx, ids, as_json):
    """Accept candidates into observations/ (a proposal is promoted as proposed); one commit each.

    \b
    Example:
      memkit accept corr-never-use-git-add-repo-5826 fact-set-retry-limit-3-c539
    """
    from memkit.library import review as review_mod

    _emit(review_mod.accept(get_vault(ctx), list(ids)), as_json)


@click.command()
@click.argument("ids", nargs=-1, required=True, shell_complete=complete.reviewable_id)
@click.option("--reason", default="", help="Why (kept in the file and in the commit).")
@json_option
@click.pass_context
def reject(ctx, ids, reason, as_json):
    """Reject candidates or proposals; the file stays as a tombstone so they are never proposed again.

    \b
    Example:
      memkit reject disc-the-build-uses-make-1a2b --reason "obvious from the Makefile"
    """
    from memkit.library import review as review_mod

    _emit(review_mod.reject(get_vault(ctx), list(ids), reason), as_json)


@click.command()
@click.argument("ids", nargs=-1, required=True, shell_complete=complete.reviewable_id)
@click.option("--as", "as_type", type=click.Choice(TYPES), help="The library type (default: proposed or by lifecycle).")
@click.option("--title", help="The note's title (its id is the title's slug).")
@json_option
@click.pass_context
def promote(ctx, ids, as_type, title, as_json):
    """Promote a proposal, or observations together, to a library note with full provenance.

    \b
    Example:
      memkit promote prop-convention-never-use-git-add-repo-3f1a
      memkit promote corr-a-1111 corr-b-2222 --as convention --title "Stage only the files you changed"
    """
    from memkit.library import review as review_mod

    _emit(review_mod.promote(get_vault(ctx), list(ids), as_type, title), as_json)


@click.command()
@click.argument("ident", shell_complete=complete.reviewable_id)
@click.option("--into", "into", required=True, help="The library note to merge into (its id).",
              shell_complete=complete.library_id)
@json_option
@click.pass_context
def merge(ctx, ident, into, as_json):
    """Merge an observation (or a proposal) into an existing library note: sources, cue, evidence.

    \b
    Example:
      memkit merge corr-stop-staging-everything-77aa --into never-use-git-add-a-in-this-repo
    """
    from memkit.library import review as review_mod

    _emit(review_mod.merge(get_vault(ctx), ident, into), as_json)


@click.command()
@click.argument("ident", shell_complete=complete.note_id)
@json_option
@click.pass_context
def why(ctx, ident, as_json):
    """Where a note came from: observations, quoted trace turns and the commits behind each.

    \b
    Example:
      memkit why never-use-git-add-a-in-this-repo
      memkit why facts/backup-frequency.md --json
    """
    from memkit.library import provenance

    chain = provenance.why(get_vault(ctx), ident)
    if as_json:
        emit_json(chain)
    else:
        click.echo(printable("\n".join(provenance.render(chain))))


@click.command("compile")
@click.option("--target", type=click.Choice(["CLAUDE.md", "AGENTS.md"]), help="The instruction file (default: memkit.toml).")
@click.option("--path", "path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write into this file instead (default: the target at the top of the repository).")
@json_option
@click.pass_context
def compile_(ctx, target, path, as_json):
    """Write reviewed conventions, preferences, procedures and top corrections into CLAUDE.md / AGENTS.md.

    Only the block between `<!-- memkit:begin -->` and `<!-- memkit:end -->` changes.

    \b
    Example:
      memkit compile
      memkit compile --target AGENTS.md
    """
    from memkit.library import compile as compile_mod

    out = compile_mod.run(get_vault(ctx), target, path)
    if as_json:
        emit_json(out)
    else:
        for line in out["lines"]:
            click.echo(line)
