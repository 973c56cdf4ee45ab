"""Helpers every command module shares: the vault from context, JSON output, progress.

Owns nothing but presentation plumbing; no memkit logic lives here.
"""
from __future__ import annotations

import json
import sys
from typing import Any

import click


def vault(ctx: click.Context):
    from memkit.storage import vault as vault_mod

    return vault_mod.find((ctx.find_root().obj or {}).get("vault"))


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))


def interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


json_option = click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")


def report(ctx: click.Context, result: dict[str, Any], as_json: bool) -> None:
    """A pipeline result: its lines (or JSON) on stdout, its errors on stderr, exit 1 if any."""
    if as_json:
        emit_json(result)
    else:
        for line in result["lines"]:
            click.echo(line)
    for err in result["errors"]:
        click.echo(f"memkit: {err}", err=True)
    if result["errors"]:
        ctx.exit(1)
