"""`memkit context` and `memkit check`: activation from the command line and as hooks.

Rendering only; the hook protocol lives in memkit.hook, matching in memkit.activate.
"""
from __future__ import annotations

import sys

import click

from memkit.cli.common import emit_json, json_option, vault as get_vault


@click.command()
@click.argument("task", required=False)
@click.option("--budget", type=click.IntRange(50, 100000), help="Token budget (default: memkit.toml).")
@click.option("--hook", is_flag=True, help="Read a SessionStart/UserPromptSubmit payload on stdin; answer in JSON.")
@json_option
@click.pass_context
def context(ctx, task, budget, hook, as_json):
    """The memory an agent should have in context for TASK (or the project's standing lessons).

    \b
    Example:
      memkit context "add a nightly job that closes stale tickets"
      echo '{"hook_event_name":"UserPromptSubmit","prompt":"drop the legacy column"}' | memkit context --hook
    """
    if hook:
        from memkit.activation import hook as hook_mod

        ctx.exit(hook_mod.run("context", (ctx.find_root().obj or {}).get("vault"), sys.stdin.read()))
    from memkit.activation import activate
    from memkit.storage import index

    v = get_vault(ctx)
    index.refresh(v)
    result = activate.context(v, task, budget)
    if as_json:
        emit_json(result.as_dict())
    else:
        click.echo(result.text or "memkit: nothing recalled for this task")


@click.command()
@click.argument("action", required=False)
@click.option("--tool", default="", help="The tool about to run (Bash, Edit, Write…); ACTION is its command or path.")
@click.option("--hook", is_flag=True, help="Read a PreToolUse payload on stdin; answer in JSON (or nothing).")
@json_option
@click.pass_context
def check(ctx, action, tool, hook, as_json):
    """Match an action the agent is about to take against remembered corrections.

    \b
    Example:
      memkit check "git add -A && git commit -m wip"
      memkit check --json "op.drop_column('users', 'legacy_flag')"
    """
    if hook:
        from memkit.activation import hook as hook_mod

        ctx.exit(hook_mod.run("check", (ctx.find_root().obj or {}).get("vault"), sys.stdin.read()))
    if not action:
        raise click.UsageError("give an ACTION, or --hook with a payload on stdin")
    from memkit.activation import activate
    from memkit.storage import index

    v = get_vault(ctx)
    index.refresh(v)
    tool_input = {"command": action} if tool in ("", "Bash") else {"file_path": "", "content": action}
    result = activate.check(v, tool if tool else "", tool_input if tool else action)
    if as_json:
        emit_json(result.as_dict())
    else:
        click.echo(result.text or "memkit: nothing recalled for this action")
