"""The command line: a thin edge that resolves the vault, calls one library verb, renders.

Owns argument parsing (click), the single translation of MemkitError into one
line on stderr and a non-zero exit, and lazy loading of command modules so a
hook call imports only what it needs. Holds no memkit logic of its own.
"""
from __future__ import annotations

import importlib
import importlib.util
import os
import sys

import click

from memkit import __version__

# command name -> "module:function"; modules load only when their command runs.
COMMANDS = {
    "init": "core:init", "ingest": "core:ingest", "extract": "core:extract", "status": "core:status",
    "search": "core:search", "show": "core:show", "reindex": "core:reindex", "doctor": "core:doctor",
    "context": "activate:context", "check": "activate:check",
    "review": "review:review", "accept": "review:accept", "reject": "review:reject",
    "promote": "review:promote", "merge": "review:merge", "why": "review:why", "compile": "review:compile_",
    "fact": "facts:fact", "episodes": "episodes:episodes", "tried": "episodes:tried",
    "patterns": "episodes:patterns", "watch": "integrations:watch", "hooks": "integrations:hooks",
    "mcp": "integrations:mcp", "serve": "integrations:serve", "sync": "team:sync",
    "merge-driver": "team:merge_driver",
}


class LazyGroup(click.Group):
    def list_commands(self, ctx):
        return sorted(n for n in COMMANDS if self._available(n))

    @staticmethod
    def _available(name: str) -> bool:
        mod = COMMANDS[name].split(":")[0]
        return importlib.util.find_spec(f"memkit.cli.{mod}") is not None

    def get_command(self, ctx, name):
        if name not in COMMANDS or not self._available(name):
            return None
        mod, attr = COMMANDS[name].split(":")
        return getattr(importlib.import_module(f"memkit.cli.{mod}"), attr)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--vault", "vault_path", type=click.Path(file_okay=False), envvar="MEMKIT_VAULT",
              help="The vault folder (default: $MEMKIT_VAULT, else the nearest memkit.toml upward).")
@click.version_option(__version__, prog_name="memkit")
@click.pass_context
def cli(ctx, vault_path):
    """memkit: memory for coding agents, kept in a plain-Markdown, git-backed vault.

    \b
    Example:
      memkit init ~/notes/agent-memory
      memkit --vault ~/notes/agent-memory ingest ~/.claude/projects
      memkit --vault ~/notes/agent-memory check "git add -A"
    """
    ctx.obj = {"vault": vault_path}


def main(argv: list[str] | None = None) -> None:
    from memkit.errors import MemkitError

    argv = sys.argv[1:] if argv is None else argv
    try:
        code = cli.main(args=argv, prog_name="memkit", standalone_mode=False)
        if isinstance(code, int) and code:
            sys.exit(code)
    except MemkitError as e:
        click.echo(f"memkit: {e}", err=True)
        sys.exit(e.exit_code)
    except click.exceptions.Abort:
        click.echo("memkit: aborted", err=True)
        sys.exit(130)
    except getattr(click.exceptions, "NoArgsIsHelpError", ()) as e:   # bare `memkit` (click >= 8.2): its help
        e.show()
        sys.exit(e.exit_code)
    except click.UsageError as e:   # one line, like every other error
        where = e.ctx.command_path if e.ctx else "memkit"
        click.echo(f"{where}: {e.format_message()} (see `{where} --help`)", err=True)
        sys.exit(e.exit_code)
    except click.ClickException as e:
        e.show()
        sys.exit(e.exit_code)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)
    except KeyboardInterrupt:
        click.echo("memkit: interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
    except OSError as e:   # the file system said no (a folder that cannot be made, no permission): say what
        if os.environ.get("MEMKIT_DEBUG"):
            raise
        named = f"{e.filename}: " if e.filename else ""
        click.echo(f"memkit: {named}{(e.strerror or str(e)).lower()}", err=True)
        sys.exit(1)
    except Exception as e:  # a bug: one line, and the traceback only when asked for
        if os.environ.get("MEMKIT_DEBUG"):
            raise
        if type(e).__name__ == "OperationalError" and "readonly" in str(e):   # a write to an index that
            from memkit.storage.readonly import unwritable   # opened but cannot be written

            click.echo(f"memkit: {unwritable('.memkit/index.sqlite', e)}", err=True)
            sys.exit(1)
        click.echo(f"memkit: internal error: {type(e).__name__}: {e} (set MEMKIT_DEBUG=1 for details)", err=True)
        sys.exit(2)
