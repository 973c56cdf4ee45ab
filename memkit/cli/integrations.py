"""Commands that connect memkit to other tools: watch, hooks (install, uninstall, status, run), mcp, serve.

Each is a thin wrapper over memkit.integrations (watch, githook, installers, mcp, serve); rendering only.
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
_claude = click.option("--claude", is_flag=True, help="Claude Code's settings (default: .claude/settings.local.json).")
_codex = click.option("--codex", is_flag=True, help="Codex CLI's hooks.json (default: ~/.codex/hooks.json).")


def _scope(fn):
    """--local, --project or --user: which settings file (the agents' defaults differ)."""
    for flag, help_ in (("user", "~/.claude/settings.json or ~/.codex/hooks.json: every project, this person."),
                        ("project", ("The project's shared .claude/settings.json or .codex/hooks.json, with "
                                     "commands that work on a teammate's machine (memkit on PATH).")),
                        ("local", ("Claude Code's .claude/settings.local.json: this project, this person, "
                                   "not committed (the default for --claude)."))):
        fn = click.option(f"--{flag}", "scope", flag_value=flag, default=None, help=help_)(fn)
    return fn


_project_dir = click.option("--project-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
                            help="The project whose .claude/ or .codex/ to use (default: here).")


def _each_agent(claude, codex):
    return [agent for agent, wanted in (("claude", claude), ("codex", codex)) if wanted]


@hooks.command()
@_git
@_claude
@_codex
@_scope
@_project_dir
@click.pass_context
def install(ctx, git, claude, codex, scope, project_dir):
    """Install the hooks (default: git). Safe to run again: it changes only what differs.

    Claude Code's hooks go to .claude/settings.local.json by default: a file of this
    person and project that is not committed, so absolute paths to this machine's memkit
    and vault belong there. --project writes the shared .claude/settings.json with
    commands that work on a teammate's machine; --user writes ~/.claude/settings.json.

    \b
    Example:
      memkit hooks install --git
      memkit hooks install --claude              # .claude/settings.local.json
      memkit hooks install --claude --project    # .claude/settings.json, for the team
      memkit hooks install --codex               # ~/.codex/hooks.json
    """
    from memkit.integrations import githook
    from memkit.integrations import installers as hooks_mod

    v = get_vault(ctx)
    git, claude, codex = _targets(git, claude, codex)
    if git:   # the pre-commit hook, and memkit's merge driver for its notes in this clone
        from memkit.team import driver

        lines = githook.install(v) + driver.install(v)
    else:
        lines = []
    for agent in _each_agent(claude, codex):
        lines += hooks_mod.install_agent(v, agent, scope or "", project_dir)
    for line in lines:
        click.echo(line)


@hooks.command()
@_git
@_claude
@_codex
@_scope
@_project_dir
@click.pass_context
def uninstall(ctx, git, claude, codex, scope, project_dir):
    """Remove memkit's hooks (default: git); everything else in those files stays.

    \b
    Example:
      memkit hooks uninstall --claude
      memkit hooks uninstall --claude --project
    """
    from memkit.integrations import githook
    from memkit.integrations import installers as hooks_mod

    git, claude, codex = _targets(git, claude, codex)
    lines = githook.uninstall(get_vault(ctx)) if git else []
    for agent in _each_agent(claude, codex):
        lines += hooks_mod.uninstall_agent(agent, scope or "", project_dir)
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
    from memkit.integrations import githook
    from memkit.integrations import installers as hooks_mod

    data = hooks_mod.status(get_vault(ctx), project_dir)
    if as_json:
        emit_json(data)
        return
    click.echo(githook.describe(data["git"]))
    for name, d in data.items():
        if name != "git":
            state = ", ".join(d["events"]) if d["events"] else "not installed"
            click.echo(f"{name}: {state} ({d['path']})" + (f" — {d['problem']}" if d.get("problem") else ""))


@hooks.command(hidden=True)
@click.argument("event", type=click.Choice(["session-end", "pre-commit"]))
@click.pass_context
def run(ctx, event):
    """What a hook runs, failing open: session-end ingests the payload's transcript; pre-commit
    (the pre-commit framework's entry) extracts from the staged traces and stages the candidates.

    \b
    Example (what the installed hooks call):
      echo '{"transcript_path": "/path/to/session.jsonl"}' | memkit hooks run session-end
      memkit hooks run pre-commit
    """
    from memkit import pipeline
    from memkit.integrations import installers as hooks_mod

    try:
        if event == "session-end":
            lines = [hooks_mod.session_end(get_vault(ctx), sys.stdin.read())]
        else:   # the pre-commit framework's entry: quiet unless it wrote something
            import os

            from memkit.integrations import githook

            os.environ.update(githook.hook_env())
            result = pipeline.extract(get_vault(ctx), staged=True, stage=True)
            lines = result["lines"] if result.get("written") else []
    except Exception as e:  # noqa: BLE001 — fail open: never block a commit or the end of a session
        click.echo(f"memkit: warning: {event} hook skipped: {e}", err=True)
        return
    for line in lines:
        click.echo(line if line.startswith("memkit:") else f"memkit: {line}", err=True)


@click.command()
@click.pass_context
def mcp(ctx):
    """Serve the vault to MCP clients over stdio.

    Tools: search, recent, timeline, show, fetch, context, check, why, fact_get (reading);
    remember, fact_set (a committed candidate in the workshop for a person to review).
    Resources: memkit://guide, memkit://library[/ID], memkit://facts[/KEY]. Prompts:
    recall_before_acting, keep_what_was_learned.

    \b
    Example:
      claude mcp add memkit -- memkit --vault ~/notes/agent-memory mcp
    """
    from memkit.integrations import mcp as mcp_server

    mcp_server.serve(get_vault(ctx))


@click.command()
@click.option("--port", type=click.IntRange(0, 65535), default=None,
              help="The TCP port on 127.0.0.1 (default: [serve] port in memkit.toml; 0: any free port).")
@click.option("--print-token", is_flag=True, help="Print the shell line that exports the hook token, then exit.")
@click.pass_context
def serve(ctx, port, print_token):
    """Answer the agent's hooks over HTTP on 127.0.0.1, with the index and catalogue loaded once.

    Claude Code's `type: "http"` hooks POST to /memkit/check and /memkit/context; the answer is
    what `check --hook` and `context --hook` print. With `[serve] port` set in memkit.toml,
    `memkit hooks install --claude` writes HTTP hooks that send the vault's token from
    $MEMKIT_HOOK_TOKEN; without a running server the agent goes on without memory. While it
    runs, `memkit search` in this vault is answered by it too, sooner (a note edited in place
    reaches it within about a second).

    \b
    Example:
      memkit serve --port 7457
      eval "$(memkit serve --print-token)"     # in the shell that starts claude
    """
    from memkit.integrations import serve as server

    vault = get_vault(ctx)
    if print_token:
        click.echo(f"export {server.TOKEN_ENV}={server.token(vault, create=True)}")
        return
    if port is None and not server.port_of(vault):
        raise click.UsageError("no port: pass --port N, or set [serve] port in memkit.toml")

    def ready(s) -> None:
        click.echo(f"memkit: answering hooks on http://{server.HOST}:{s.server_address[1]}/memkit/check and "
                   f"/memkit/context (Ctrl-C to stop)", err=True)
    try:
        server.serve(vault, port, ready)
    except KeyboardInterrupt:
        click.echo("memkit: stopped serving", err=True)
