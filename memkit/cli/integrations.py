"""Commands that connect memkit to other tools: watch, hooks (install, uninstall, status, run), mcp.

Each is a thin wrapper over memkit.watch, memkit.hooks or memkit.mcp_server; rendering only.
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from memkit.cli.common import emit_json, json_option
from memkit.cli.common import vault as get_vault


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--quiet-seconds", type=click.FloatRange(0), default=None,
              help="Handle a session after this long without writes (default: memkit.toml watch.quiet_seconds).")
@click.option("--once", is_flag=True, help="Handle what changed since the last run, then exit.")
@click.option("--timeout", type=click.FloatRange(0), default=None, help="Stop after this many seconds.")
@click.pass_context
def watch(ctx, paths, quiet_seconds, once, timeout):
    """Follow agent log folders and ingest each session once it goes quiet.

    Default folders: ~/.claude/projects, ~/.codex/sessions (when present) and
    memkit.toml's watch.paths. The vault's own traces/ is watched too, so a trace
    that arrives by hand, sync or `git pull` is extracted. Stop with Ctrl-C.

    \b
    Example:
      memkit watch
      memkit watch ~/work/agent-logs --quiet-seconds 10
    """
    from memkit.integrations import watch as watch_mod

    watch_mod.watch(get_vault(ctx), list(paths), quiet=quiet_seconds, once=once, timeout=timeout,
                    echo=click.echo)


@click.group()
def hooks():
    """Install memkit into git, Claude Code and Codex CLI (and remove it again).

    \b
    Example:
      memkit hooks install --git --claude
      memkit hooks status
    """


def _targets(git, claude, codex):
    return (git, claude, codex) if (git or claude or codex) else (True, False, False)


_git = click.option("--git", is_flag=True, help="The pre-commit hook of the vault's repository (the default).")
_claude = click.option("--claude", is_flag=True, help="Claude Code's settings.json hooks.")
_codex = click.option("--codex", is_flag=True, help="Codex CLI's hooks.json.")
_scope = click.option("--user/--project", "user", default=None,
                      help="~/.claude or ~/.codex (user) or the project's folder (default: project for "
                           "Claude Code, user for Codex).")
_project_dir = click.option("--project-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
                            help="The project whose .claude/ or .codex/ to use (default: here).")


def _scope_of(user, agent):
    if user is None:
        return "user" if agent == "codex" else "project"
    return "user" if user else "project"


@hooks.command()
@_git
@_claude
@_codex
@_scope
@_project_dir
@click.pass_context
def install(ctx, git, claude, codex, user, project_dir):
    """Install the hooks (default: git). Safe to run again: it changes only what differs.

    \b
    Example:
      memkit hooks install --git
      memkit hooks install --claude --user
    """
    from memkit.integrations import installers as hooks_mod

    v = get_vault(ctx)
    git, claude, codex = _targets(git, claude, codex)
    lines = hooks_mod.install_git(v) if git else []
    for agent, wanted in (("claude", claude), ("codex", codex)):
        if wanted:
            lines += hooks_mod.install_agent(v, agent, _scope_of(user, agent), project_dir)
    for line in lines:
        click.echo(line)


@hooks.command()
@_git
@_claude
@_codex
@_scope
@_project_dir
@click.pass_context
def uninstall(ctx, git, claude, codex, user, project_dir):
    """Remove memkit's hooks (default: git); everything else in those files stays.

    \b
    Example:
      memkit hooks uninstall --claude
    """
    from memkit.integrations import installers as hooks_mod

    git, claude, codex = _targets(git, claude, codex)
    lines = hooks_mod.uninstall_git(get_vault(ctx)) if git else []
    for agent, wanted in (("claude", claude), ("codex", codex)):
        if wanted:
            lines += hooks_mod.uninstall_agent(agent, _scope_of(user, agent), project_dir)
    for line in lines:
        click.echo(line)


@hooks.command()
@_project_dir
@json_option
@click.pass_context
def status(ctx, project_dir, as_json):
    """Where memkit's hooks are installed.

    \b
    Example:
      memkit hooks status --json
    """
    from memkit.integrations import installers as hooks_mod

    data = hooks_mod.status(get_vault(ctx), project_dir)
    if as_json:
        emit_json(data)
        return
    g = data["git"]
    click.echo(f"git pre-commit: {'installed in ' + g['path'] if g['installed'] else 'not installed'}"
               + (" (chains the earlier hook)" if g.get("chained") else "")
               + (f" — {g['problem']}" if g.get("problem") else ""))
    for name, d in data.items():
        if name != "git":
            state = ", ".join(d["events"]) if d["events"] else "not installed"
            click.echo(f"{name}: {state} ({d['path']})" + (f" — {d['problem']}" if d.get("problem") else ""))


@hooks.command(hidden=True)
@click.argument("event", type=click.Choice(["session-end", "pre-commit"]))
@click.pass_context
def run(ctx, event):
    """What a hook runs, failing open: session-end ingests the payload's transcript; pre-commit
    (the pre-commit framework's entry) extracts from the staged traces and stages the candidates."""
    from memkit.integrations import installers as hooks_mod
    from memkit import pipeline

    try:
        if event == "session-end":
            lines = [hooks_mod.session_end(get_vault(ctx), sys.stdin.read())]
        else:
            lines = pipeline.extract(get_vault(ctx), staged=True, stage=True)["lines"]
    except Exception as e:  # fail open: memkit must never block a commit or the end of a session
        click.echo(f"memkit: warning: {event} hook skipped: {e}", err=True)
        return
    for line in lines:
        click.echo(line if line.startswith("memkit:") else f"memkit: {line}", err=True)


@click.command()
@click.pass_context
def mcp(ctx):
    """Serve the vault to MCP clients over stdio (search, context, check, show, why, facts, remember).

    \b
    Example:
      claude mcp add memkit -- memkit --vault ~/notes/agent-memory mcp
    """
    from memkit.integrations import mcp as mcp_server

    mcp_server.serve(get_vault(ctx))
