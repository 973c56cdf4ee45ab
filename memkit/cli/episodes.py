"""Commands for layer 3 and cross-session patterns: episodes build|list, tried, patterns.

Thin wrappers over memkit.episodes, memkit.tried and memkit.patterns; rendering only.
"""
from __future__ import annotations

import click

from memkit.cli.common import emit_json, json_option
from memkit.cli.common import vault as get_vault
from memkit.storage.printable import printable


@click.group()
def episodes():
    """Episodes: sessions grouped into bounded work units (goal, outcome, decisions, lessons).

    \b
    Example:
      memkit episodes build
      memkit episodes list --json
    """


@episodes.command()
@click.option("--commit/--no-commit", default=True, help="Commit what was written (default: yes).")
@json_option
@click.pass_context
def build(ctx, commit, as_json):
    """Group traces into episodes in workshop/episodes/ and run the pattern detectors.

    \b
    Example:
      memkit episodes build
    """
    from memkit import episodes as episodes_pkg

    result = episodes_pkg.build(get_vault(ctx), commit=commit)
    if as_json:
        emit_json({k: v for k, v in result.items() if k != "lines"})
        return
    for line in result["lines"]:
        click.echo(line)


@episodes.command("list")
@json_option
@click.pass_context
def list_(ctx, as_json):
    """Episodes, newest first: outcome, goal, sessions.

    \b
    Example:
      memkit episodes list
    """
    from memkit.episodes import units as episodes_mod

    found = episodes_mod.listing(get_vault(ctx))
    if as_json:
        emit_json(found)
        return
    if not found:
        click.echo("no episodes yet; run `memkit episodes build`")
    for e in found:
        when = str(e["from"] or "")[:10] or "undated"
        click.echo(f"{e['id']}  [{e['outcome']}, {e['status']}] {when} · {len(e['sessions'])} session(s)\n"
                   f"    {e['goal']}")


@click.command()
@click.argument("approach")
@click.option("--limit", default=10, show_default=True, type=click.IntRange(1, 100))
@json_option
@click.pass_context
def tried(ctx, approach, limit, as_json):
    """Have we tried APPROACH before, and what happened? (negative results, corrections, episodes)

    \b
    Example:
      memkit tried "circuit breaker"
    """
    from memkit.episodes import tried as tried_mod

    found = tried_mod.tried(get_vault(ctx), approach, limit=limit)
    if as_json:
        emit_json(found)
        return
    if not found:
        click.echo(f"nothing recorded about {approach!r}")
    for a in found:
        click.echo(printable(a["line"]))


@click.command()
@json_option
@click.pass_context
def patterns(ctx, as_json):
    """Propose procedures, preferences and pattern notes from what recurs across sessions.

    \b
    Example:
      memkit patterns --json
    """
    from memkit.episodes import patterns as patterns_mod

    result = patterns_mod.detect(get_vault(ctx))
    if as_json:
        emit_json({k: v for k, v in result.items() if k != "lines"})
        return
    for line in result["lines"]:
        click.echo(line)

