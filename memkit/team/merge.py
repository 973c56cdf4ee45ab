"""Merging two versions of one memkit note: the frontmatter by rules.py, the body by git's three-way merge.

Owns the merge driver git runs for the vault's notes (`memkit merge-driver %O %A %B %P`): three files
in, the merged note written over ours, and exit 0 — or 1 where two people changed the same words,
marked the way git marks a conflict. Bodies memkit wrote on both sides keep both sides' lines; where a
person edited one side, that side's lines stand. A side that is not a readable note is merged as plain
text. Never touches the repository: it reads and writes only the files git names.
"""
from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memkit.errors import InvalidInput
from memkit.storage import notes
from memkit.team import rules

DERIVED = ("fact", "fact-conflict")   # bodies memkit renders from the frontmatter alone


@dataclass(frozen=True)
class Result:
    text: str
    conflicts: int            # places two people changed differently (0: merged by rule)


def merge_texts(base: str, ours: str, theirs: str, *, marker: int = 7,
                render: Callable[[dict[str, Any]], str] | None = None) -> Result:
    """The merged note; render gives memkit's body for a fact from its frontmatter (None: merge the bodies)."""
    if theirs == base or ours == theirs:   # one side changed nothing: the other's bytes, as git would
        return Result(ours, 0)
    if ours == base:
        return Result(theirs, 0)
    try:
        b = notes.parse(base) if base.strip() else notes.Note({}, "")
        o, t = notes.parse(ours), notes.parse(theirs)
    except InvalidInput:
        return plain(base, ours, theirs, marker)
    if not o.meta or not t.meta:
        return plain(base, ours, theirs, marker)
    op, tp = by_person(o), by_person(t)
    outcome = rules.merge(rules.Sides(b.meta, o.meta, t.meta, op, tp))
    if outcome.trace_side:
        body, clashes = (o if outcome.trace_side == "ours" else t).body, 0
    else:
        body, clashes = _body(b, o, t, op, tp, marker)
    meta = outcome.meta
    if render is not None and meta.get("type") in DERIVED and not (op or tp) and meta not in (o.meta, t.meta):
        body = render(meta).replace("\n", o.newline)
    meta = _stamp(meta, body, o if op else t if tp else None)
    return Result(_render(meta, body, o, t, outcome.conflicts, marker), clashes + len(outcome.conflicts))


def by_person(note: notes.Note) -> bool:
    """A side a person wrote last: memkit's hash is missing or no longer matches."""
    recorded = note.meta.get(rules.SHA)
    return not recorded or recorded != notes.content_hash(note.meta, note.body)


def _body(b: notes.Note, o: notes.Note, t: notes.Note, op: bool, tp: bool, marker: int) -> tuple[str, int]:
    if o.body == t.body or t.body == b.body:
        return o.body, 0
    if o.body == b.body:
        return t.body, 0
    favour = "" if op and tp else "--ours" if op else "--theirs" if tp else "--union"
    text, clashes = merge_file(b.body, o.body, t.body, marker, favour)
    return text, clashes if op and tp else 0


def _stamp(meta: dict[str, Any], body: str, person: notes.Note | None) -> dict[str, Any]:
    """memkit's hash for what memkit merged; a person's side keeps theirs, so the note stays theirs."""
    out = {k: v for k, v in meta.items() if k != rules.SHA}
    if person is None:
        return notes.stamp(out, body)
    if person.meta.get(rules.SHA):
        out[rules.SHA] = person.meta[rules.SHA]
    return out


def _render(meta: dict[str, Any], body: str, o: notes.Note, t: notes.Note, clashed: list[str],
            marker: int) -> str:
    for side in (o, t) if not clashed else ():   # unchanged: the side's bytes (a person's quoting, comments)
        if meta == side.meta and list(meta) == list(side.meta) and body == side.body and side.raw_meta is not None:
            return notes.render(side, keep_raw=True)
    if not clashed:
        return notes.render(notes.Note(meta, body, newline=o.newline))
    nl, parts = o.newline, []
    for key, value in meta.items():
        piece = notes.dump_meta({key: value})
        if key in clashed:
            piece = (f"{'<' * marker} ours\n{piece}{'=' * marker}\n{notes.dump_meta({key: t.meta.get(key)})}"
                     f"{'>' * marker} theirs\n")
        parts.append(piece)
    return f"---{nl}" + "".join(parts).replace("\n", nl) + f"---{nl}{body}"


def plain(base: str, ours: str, theirs: str, marker: int = 7) -> Result:
    """git's own three-way merge of two texts, conflicts marked."""
    text, clashes = merge_file(base, ours, theirs, marker)
    return Result(text, clashes)


def merge_file(base: str, ours: str, theirs: str, marker: int = 7, favour: str = "") -> tuple[str, int]:
    """`git merge-file` on three texts: (merged text, number of conflicts left marked)."""
    with tempfile.TemporaryDirectory(prefix="memkit-merge-") as tmp:
        paths = []
        for name, text in (("ours", ours), ("base", base), ("theirs", theirs)):
            p = Path(tmp) / name
            p.write_bytes(text.encode("utf-8", errors="surrogateescape"))
            paths.append(str(p))
        argv = ["git", "merge-file", "-p", f"--marker-size={marker}", "-L", "ours", "-L", "base", "-L", "theirs"]
        argv += [favour] if favour else []
        env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
        proc = subprocess.run(argv + paths, capture_output=True, env=env, timeout=60, check=False)
    if proc.returncode < 0 or proc.returncode >= 127:
        raise InvalidInput(f"git merge-file failed: {proc.stderr.decode(errors='replace').strip()}")
    return proc.stdout.decode("utf-8", errors="surrogateescape"), proc.returncode


# ---- the driver git runs -----------------------------------------------------------
def drive(base: Path, ours: Path, theirs: Path, path: str = "", marker: int = 7) -> int:
    """Merge the three files git names into ours; 0 when merged, 1 when a person must decide."""
    texts = [p.read_bytes().decode("utf-8", errors="surrogateescape") for p in (base, ours, theirs)]
    try:
        result = merge_texts(*texts, marker=marker, render=_fact_body(path))
    except (InvalidInput, ValueError, TypeError, RecursionError):
        result = plain(*texts, marker)
    ours.write_bytes(result.text.encode("utf-8", errors="surrogateescape"))
    return 1 if result.conflicts else 0


def _fact_body(path: str) -> Callable[[dict[str, Any]], str] | None:
    """memkit's fact body for the vault the note lives in (git runs drivers at the top of the work tree)."""
    from memkit.storage.vault import CONFIG_NAME, Vault

    here = (Path.cwd() / path).parent if path else Path.cwd()
    root = next((d for d in (here, *here.parents) if (d / CONFIG_NAME).is_file()), None)
    if root is None:
        return None

    def render(meta: dict[str, Any]) -> str:
        from memkit.facts import files as factfiles

        return factfiles.body(Vault(root), meta)
    return render
