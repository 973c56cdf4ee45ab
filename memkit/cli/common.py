"""Helpers every command module shares: the vault from context, JSON output, progress.

Owns nothing but presentation plumbing; no memkit logic lives here.
"""
from __future__ import annotations

import json
import sys
from typing import Any

import click


def vault(ctx: click.Context):
    from memkit import vault as vault_mod

    return vault_mod.find((ctx.find_root().obj or {}).get("vault"))


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))


def interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


json_option = click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
