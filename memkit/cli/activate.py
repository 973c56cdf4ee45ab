"""`memkit context` and `memkit check`: activation from the command line and as hooks.

Rendering only; the hook protocol lives in memkit.activation.hook, matching in memkit.activation.
"""
from __future__ import annotations

import sys

import click

from memkit.cli.common import emit_json, json_option, vault as get_vault
from memkit.storage.printable import printable


@click.command()
@click.argument("task", required=False)
@click.option("--budget", type=click.IntRange(50, 100000), help="Token budget (default: memkit.toml).")
@click.option("--hook", is_flag=True, help="Read a SessionStart/UserPromptSubmit payload on stdin; answer in JSON.")
@click.option("--explain", is_flag=True, help="Say how TASK was read and why each lesson came along or not.")
@click.option("--user", help="Whose unreviewed candidates may fire besides the team's reviewed notes "
              "(default: yours; `team`: none).")
@json_option
@click.pass_context
def context(ctx, task, budget, hook, explain, user, as_json):
    """The memory an agent should have in context for TASK (or the project's standing lessons).

    The team's reviewed notes, plus your own candidates (others' unreviewed ones stay out).

    \b
    Example:
      memkit context "add a nightly job that closes stale tickets"
      memkit context "drop the legacy column" --user team
      memkit context --explain "write the migration that removes the legacy column"
      echo '{"hook_event_name":"UserPromptSubmit","prompt":"drop the legacy column"}' | memkit context --hook
    """
    if hook:
        from memkit.activation import hook as hook_mod

        ctx.exit(hook_mod.run("context", (ctx.find_root().obj or {}).get("vault"), sys.stdin.read()))
    if explain and not (task and task.strip()):
        raise click.UsageError("--explain needs a TASK (the standing lessons come along for every session)")
    from memkit.activation import activate
    from memkit.storage import index

    v = get_vault(ctx)
    index.refresh(v)
    result = activate.context(v, task, budget, user=_user(v, user))
    if explain:
        _explained(v, result, as_json)
    elif as_json:
        emit_json(result.as_dict())
    else:
        click.echo(printable(result.text) or "memkit: nothing recalled for this task")


@click.command()
@click.argument("action", required=False)
@click.option("--tool", default="", help="The tool about to run (Bash, Edit, Write, Read…); ACTION is its command, "
              "or a JSON object of its input (e.g. '{\"file_path\": \"a.py\", \"new_string\": \"…\"}').")
@click.option("--hook", is_flag=True, help="Read a PreToolUse payload on stdin; answer in JSON (or nothing).")
@click.option("--explain", is_flag=True, help="Say how the action was classified and why each cue fired or not.")
@click.option("--user", help="Whose unreviewed candidates may fire besides the team's reviewed notes "
              "(default: yours; `team`: none).")
@json_option
@click.pass_context
def check(ctx, action, tool, hook, explain, user, as_json):
    """Match an action the agent is about to take against remembered corrections.

    \b
    Example:
      memkit check "git add -A && git commit -m wip"
      memkit check --explain "op.drop_column('users', 'legacy_flag')"
      memkit check --tool Edit '{"file_path": "app/models.py", "new_string": "x: Any = 1"}'
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
    result = activate.check(v, tool, _tool_input(tool, action) if tool else action, user=_user(v, user))
    if explain:
        _explained(v, result, as_json)
    elif as_json:
        emit_json(result.as_dict())
    else:
        click.echo(printable(result.text) or "memkit: nothing recalled for this action")


def _explained(v, result, as_json: bool) -> None:
    from memkit.activation import activate, catalogue

    text = activate.explain(result, catalogue.load(v.root))
    if as_json:
        emit_json({**result.as_dict(), "explain": text.splitlines()})
    else:
        click.echo(printable((result.text + "\n\n" if result.text else "") + text))


def _user(vault, user: str | None) -> str | None:
    from memkit.storage import people

    return people.named(vault, user)


def _tool_input(tool: str, action: str):
    """--tool's input: a JSON object as the agent would send it, else the command (shell), the
    path (read-like tools) or the content (write-like tools)."""
    import json

    from memkit.activation import acts

    text = action.strip()
    if text.startswith("{"):
        try:
            value = json.loads(text)
        except ValueError:
            raise click.UsageError("--tool input starts with '{' but is not a JSON object") from None
        if isinstance(value, dict):
            return value
    family = acts.family(tool)
    if family in ("shell", "other"):
        return {"command": action}
    if family in ("read", "search"):
        return {"file_path": action}
    return {"file_path": "", "content": action, "new_string": action}
