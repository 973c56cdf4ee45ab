#!/usr/bin/env python3
"""Does a change to search print the same bytes: two `memkit` executables answer the same queries
in three forms (`--json`, `--json --by note --limit 3`, the text a terminal shows) on one vault.

    .venv/bin/python bench/searchsame.py bench/out/vault-10000 --old /tmp/old/bin/memkit
    .venv/bin/python bench/searchsame.py VAULT --old /tmp/old/bin/memkit --new /tmp/new/bin/memkit --show 3

The queries: bench/run.py's searches and prompts (queries.toml), searchprofile.py's query shapes,
the questions of realsearch.toml, and a few of odd form (quotes, one letter, stop words only,
FTS5 operators, words no row holds). Each process runs without MEMKIT_* and GIT_* from the
caller and from `/`; a search writes nothing to the vault but the index's refresh state, so the
two may take turns on one vault. Exit status 1 when any answer differs.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tomllib
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
from measure import clean_env  # noqa: E402
from searchprofile import SHAPES  # noqa: E402

ODD = ['"drop column"', "the", "a", "why?", 'foo"bar', "NOT AND OR", "a*", "zzzxxyyqq", "café résumé", "x",
       "migration 0042", "test_orders.py", "git push --force", "don't", "Timeout", "payments webhook retry backoff"]
FORMS = (["--json"], ["--json", "--by", "note", "--limit", "3"], [])


def queries() -> list[str]:
    asked = tomllib.loads((BENCH / "queries.toml").read_text())
    real = tomllib.loads((BENCH / "realsearch.toml").read_text())
    found = asked["search"] + asked["prompts"] + [q for shape in SHAPES.values() for q in shape]
    found += [pair[0] for group in real.values() if isinstance(group, list) for pair in group]
    return list(dict.fromkeys(found + ODD))


def answer(memkit: str, vault: Path, query: str, form: list[str]) -> str:
    p = subprocess.run([memkit, "--vault", str(vault), "search", query, *form], capture_output=True, text=True,
                       env=clean_env(), cwd="/")
    return f"status {p.returncode}\n{p.stdout}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("vault", type=Path)
    ap.add_argument("--old", required=True, help="the `memkit` executable of the old code")
    ap.add_argument("--new", default=str(BENCH.parent / ".venv" / "bin" / "memkit"))
    ap.add_argument("--show", type=int, default=1, help="differing answers to print in full")
    a = ap.parse_args()
    asked, differ = queries(), []
    for query in asked:
        for form in FORMS:
            old, new = (answer(exe, a.vault.resolve(), query, form) for exe in (a.old, a.new))
            if old != new:
                differ.append((query, form, old, new))
    print(f"{len(asked)} queries x {len(FORMS)} forms: {len(asked) * len(FORMS) - len(differ)} the same, "
          f"{len(differ)} differ")
    for query, form, old, new in differ[:a.show]:
        print(f"\n{query!r} {' '.join(form)}\n--- old\n{old}--- new\n{new}")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
