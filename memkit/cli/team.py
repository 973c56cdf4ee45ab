"""`memkit sync` and the merge driver git runs for the vault's notes (`memkit merge-driver`, hidden).

Rendering only: sync is memkit.team.sync, the driver memkit.team.merge.
"""
from __future__ import annotations

from pathlib import Path

import click

from memkit.cli.common import emit_json, json_option
from memkit.cli.common import vault as get_vault


@click.command()
@click.option("--no-push", is_flag=True, help="Fetch and merge only; leave your commits unpushed.")
@json_option
@click.pass_context
def sync(ctx, no_push, as_json):
    """Share the vault with the team: fetch, merge memkit's notes by rule, reindex, push.

    Safe from cron or a hook: it takes the vault lock, never prompts, and prints one line
    per outcome. Notes memkit wrote are committed first; your own uncommitted edits in the
    vault stop it (nothing changed). Review decisions made on two clones go to the later
    one, the other is kept in the note's history; where two people edited the same words,
    the merge is aborted and sync says which file to merge by hand.

    \b
    Example:
      memkit sync
      memkit sync --json
      */15 * * * * memkit --vault ~/notes/agent-memory sync >> ~/.memkit-sync.log 2>&1
    """
    from memkit.team import sync as sync_mod

    result = sync_mod.sync(get_vault(ctx), push=not no_push)
    if as_json:
        emit_json(result)
        return
    for line in result["lines"]:
        click.echo(line)


@click.command("merge-driver", hidden=True)
@click.argument("base", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("ours", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("theirs", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("marker", required=False, default="7")
@click.argument("path", required=False, default="")
@click.pass_context
def merge_driver(ctx, base, ours, theirs, marker, path):
    """What git runs to merge one of the vault's notes (declared in .gitattributes).

    Writes the merged note over OURS; exits 0 when merged by rule, 1 when two people
    changed the same words (marked as git marks a conflict).

    \b
    Example (git config, as `memkit hooks install --git` writes it):
      [merge "memkit"]
          driver = python -m memkit merge-driver %O %A %B %L %P
    """
    from memkit.team import merge

    size = int(marker) if str(marker).isdigit() else 7
    ctx.exit(merge.drive(base, ours, theirs, path, size))
