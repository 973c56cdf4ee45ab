"""`memkit fact …`: set, get, list, history, resolve and import structured facts.

Rendering and the interactive question only; every decision is a call into
memkit.facts. A recorded conflict prints both values and exits with status 3.
"""
from __future__ import annotations

from pathlib import Path

import click

from memkit.cli import complete
from memkit.cli.common import emit_json, interactive, json_option
from memkit.cli.common import vault as get_vault

SOURCES = ["user_stated", "agent_inferred", "system_verified", "guessed"]
context_options = [
    click.option("--context-existing", default="", help="With --both: where the existing value holds."),
    click.option("--context-new", default="", help="With --both: where the new value holds."),
]


def _with(options):
    def wrap(f):
        for option in reversed(options):
            f = option(f)
        return f
    return wrap


@click.group()
def fact():
    """Structured facts: one value per key, with trust, history and conflicts.

    \b
    Example:
      memkit fact set backup_frequency "every 3 days" --session 2026-04-19-claude-0a1b2c3d#^t7
      memkit fact list --min-trust 0.8
    """


@fact.command("set")
@click.argument("key")
@click.argument("value")
@click.option("--source", type=click.Choice(SOURCES), default="user_stated", show_default=True)
@click.option("--trust", type=click.FloatRange(0.0, 1.0), help="Override the source's trust (0-1).")
@click.option("--confirm", is_flag=True, help="A person confirms the value: trust 1.0.")
@click.option("--session", default="", help="Where the value came from, e.g. 2026-04-19-claude-0a1b2c3d#^t7.")
@click.option("--reason", default="", help="Why the value is what it is (kept in the history).")
@click.option("--on-conflict", type=click.Choice(["ask", "keep", "update", "both", "record"]),
              help="What to do with a conflict (default: ask on a terminal, else record and exit 3).")
@_with(context_options)
@json_option
@click.pass_context
def set_(ctx, key, value, source, trust, confirm, session, reason, on_conflict, context_existing, context_new,
         as_json):
    """Set KEY to VALUE; a different value or a near-duplicate key is a conflict.

    \b
    Example:
      memkit fact set backup_frequency "every 5 days"
      memkit fact set backup_frequency "every 5 days" --confirm
      memkit fact set db_port 5433 --source agent_inferred --on-conflict record
    """
    from memkit.facts import store as facts

    v = get_vault(ctx)
    given = {"source": source, "trust": trust, "session": _turn(v, session), "reason": reason, "confirm": confirm}
    policy = on_conflict or ("ask" if interactive() and not as_json else "record")
    if policy == "ask":
        probe = facts.probe(v, facts.proposal(v, key, value, **given))
        policy, context_existing, context_new = _ask(v, probe)
    result = facts.set_(v, key, value, on_conflict=policy, context_existing=context_existing,
                        context_new=context_new, **given)
    _show(result, as_json)


def _turn(v, session: str) -> str:
    """--session as the trace (and turn) it names, by its trace id or the agent's session id; one
    the vault has no trace of yet is kept as given, and said (its link leads nowhere until then)."""
    import re

    from memkit.errors import NotFound
    from memkit.storage import lookup

    m = re.fullmatch(r"\[*([^#\]]+?)(#\^t\d+)?\]*", session.strip())
    if not session.strip():
        return session
    try:
        if m is not None:
            return lookup.resolve(v, m.group(1), kinds=("trace",)).rsplit("/", 1)[-1][:-3] + (m.group(2) or "")
    except NotFound:
        pass
    click.echo(f"memkit: note: no trace {session!r} in the vault yet; the fact links it as given (a trace id "
               "such as 2026-04-19-claude-0a1b2c3d#^t7, or the agent's session id, once its log is ingested)",
               err=True)
    return session


def _ask(v, conflict) -> tuple[str, str, str]:
    """Show both values with trust, source and date, and let the person choose."""
    if conflict is None:
        return "record", "", ""
    e, p = conflict.existing, conflict.proposal
    near = conflict.kind == "near-key"
    click.echo(f"Conflict: {p.key} nearly matches the existing key {conflict.key}." if near
               else f"Conflict on {conflict.key}:")
    click.echo(f"  existing  {conflict.key} = {e['value']}   ({e['source']}, trust {e['trust']}, since "
               f"{str(e['date'])[:10]})")
    click.echo(f"  proposed  {p.key} = {p.value}   ({p.source}, trust {p.trust}, {p.date[:10]})")
    both = "both are different facts" if near else "both are right, in different contexts"
    click.echo(f"keep: keep {e['value']!r} · update: use {p.value!r} · both: {both}")
    choice = click.prompt("Choose", type=click.Choice(["keep", "update", "both"]), default="keep")
    if choice != "both" or near:
        return choice, "", ""
    where_e = click.prompt(f"Where does {e['value']!r} hold (e.g. production)")
    where_n = click.prompt(f"Where does {p.value!r} hold (e.g. staging)")
    return choice, where_e, where_n


def _show(result, as_json: bool) -> None:
    from memkit.errors import Conflict

    if as_json:
        emit_json(result.as_dict())
    else:
        for line in _lines(result):
            click.echo(line)
    for note in result.notes:
        if note.startswith("warning:"):
            click.echo(f"memkit: {note}", err=True)
    if result.outcome == "conflict":
        c = result.conflict
        raise Conflict(f"{c.describe()}; recorded as {c.path} — resolve with "
                       f"`memkit fact resolve {c.id} --keep|--update|--both`")


def _lines(result) -> list[str]:
    f, c = result.fact, result.conflict
    if result.outcome == "conflict":
        e, p = c.existing, c.proposal
        near = f" (the key {p.key} nearly matches it)" if c.kind == "near-key" else ""
        lines = [f"CONFLICT on {c.key}{near}",
                 (f"  existing  {c.key} = {e['value']}   ({e['source']}, trust {e['trust']}, "
                  f"since {str(e['date'])[:10]})"),
                 f"  proposed  {p.key} = {p.value}   ({p.source}, trust {p.trust}, {p.date[:10]})",
                 f"  nothing changed; recorded in {c.path}"]
    elif f is None:
        lines = [f"{result.outcome} {result.key}"]
    else:
        lines = [f"{result.outcome}: {f.key} = {f.value}   ({f.source}, trust {f.trust}"
                 + (f", in {f.context}" if f.context else "") + f")   {f.path}"]
    lines += [n for n in result.notes if not n.startswith("warning:")]
    return lines + ([f"committed {result.commit[:10]}"] if result.commit else [])


def _fact_line(f) -> str:
    label = "  [unconfirmed]" if f.unconfirmed else ""
    where = f" (in {f.context})" if f.context else ""
    return f"{f.key} = {f.value}{where}   trust {f.trust}, {f.source}, since {f.since[:10]}{label}"


@fact.command("get")
@click.argument("key", shell_complete=complete.fact_key)
@json_option
@click.pass_context
def get(ctx, key, as_json):
    """Print the current value of KEY.

    \b
    Example:
      memkit fact get backup_frequency --json
    """
    from memkit.facts import store as facts

    f = facts.get(get_vault(ctx), key)
    emit_json(f.as_dict()) if as_json else click.echo(_fact_line(f))


@fact.command("list")
@click.option("--min-trust", type=click.FloatRange(0.0, 1.0), help="Only facts at or above this trust.")
@click.option("--conflicts", is_flag=True, help="List open fact conflicts instead.")
@json_option
@click.pass_context
def list_(ctx, min_trust, conflicts, as_json):
    """Every fact, highest trust first (or the open conflicts).

    \b
    Example:
      memkit fact list --min-trust 0.8
      memkit fact list --conflicts --json
    """
    from memkit.facts import conflicts as factconflicts, store as facts

    v = get_vault(ctx)
    if conflicts:
        open_ = [c for c in factconflicts.all_(v) if c.status == "open"]
        if as_json:
            return emit_json([c.as_dict() for c in open_])
        for c in open_:
            now = facts.moved_on(v, c)
            click.echo(f"{c.id}  {c.describe()}" + (f" (out of date: {c.key} is now {str(now.value)!r})" if now else ""))
        return click.echo("" if open_ else "no open fact conflicts")
    found = facts.list_(v, min_trust)
    if as_json:
        return emit_json([f.as_dict() for f in found])
    for f in found:
        click.echo(_fact_line(f))
    if not found:
        click.echo("no facts" + (f" with trust ≥ {min_trust}" if min_trust is not None else ""))


@fact.command("history")
@click.argument("key", shell_complete=complete.fact_key)
@json_option
@click.pass_context
def history(ctx, key, as_json):
    """Every value KEY has held, with dates, reasons, sessions and commits.

    \b
    Example:
      memkit fact history backup_frequency
    """
    from memkit.facts import store as facts

    h = facts.history(get_vault(ctx), key)
    if as_json:
        return emit_json(h)
    click.echo(f"{h['key']}  ({h['path']})")
    for entry in h["values"]:
        until = str(entry.get("to") or "now")[:10]
        extra = "; ".join(str(x) for x in (entry.get("reason"), entry.get("session")) if x)
        click.echo(f"  {str(entry.get('from'))[:10]} → {until}  {entry['value']}  "
                   f"({entry.get('source')}, trust {entry.get('trust')})" + (f"; {extra}" if extra else ""))
    for c in h["conflicts"]:
        how = f" ({c['resolution']})" if c["resolution"] else ""
        click.echo(f"  conflict {c['id']}: {c['status']}{how}")
    for c in h["commits"]:
        click.echo(f"  commit {c['sha'][:10]} {c['date'][:10]} {c['subject']}")


@fact.command("resolve")
@click.argument("conflict_id", shell_complete=complete.conflict_id)
@click.option("--keep", "choice", flag_value="keep", help="Keep the existing value.")
@click.option("--update", "choice", flag_value="update", help="Use the proposed value.")
@click.option("--both", "choice", flag_value="both", help="Both are right, in different contexts.")
@_with(context_options)
@click.option("--reason", default="", help="Why (kept in the fact's history).")
@json_option
@click.pass_context
def resolve(ctx, conflict_id, choice, context_existing, context_new, reason, as_json):
    """Resolve a recorded conflict: keep, update, or both (with a context for each value).

    \b
    Example:
      memkit fact resolve fc-backup-frequency-3f2a9c1e --update --reason "the user changed it"
      memkit fact resolve fc-backup-frequency-3f2a9c1e --both \\
          --context-existing production --context-new staging
    """
    from memkit.facts import store as facts

    if not choice:
        raise click.UsageError("choose one of --keep, --update or --both")
    result = facts.resolve(get_vault(ctx), conflict_id, choice, context_existing=context_existing,
                           context_new=context_new, reason=reason)
    _show(result, as_json)


@fact.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--source", type=click.Choice(SOURCES), default="user_stated", show_default=True,
              help="Source of entries that do not name one.")
@json_option
@click.pass_context
def import_(ctx, file, source, as_json):
    """Seed facts from a YAML or TOML file (key: value, or key: {value, source, trust}).

    Conflicts are recorded in workshop/facts/ and reported (exit status 3), never applied.

    \b
    Example:
      memkit fact import seed-facts.yaml
    """
    from memkit.facts import store as facts
    from memkit.errors import Conflict

    report = facts.import_file(get_vault(ctx), file, source=source)
    if as_json:
        emit_json(report.as_dict())
    else:
        click.echo(f"{len(report.created)} created, {len(report.confirmed)} confirmed, "
                   f"{len(report.conflicts)} conflict(s) from {file}")
        for c in report.conflicts:
            click.echo(f"  CONFLICT {c.id}: {c.describe()}")
        if report.commit:
            click.echo(f"committed {report.commit[:10]}")
    for note in report.notes:
        click.echo(f"memkit: {note}", err=True)
    if report.conflicts:
        raise Conflict(f"{len(report.conflicts)} conflict(s) recorded in workshop/facts/; resolve each with "
                       "`memkit fact resolve ID --keep|--update|--both`")
