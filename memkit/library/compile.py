"""Compiled routing: reviewed memory into the managed block of CLAUDE.md / AGENTS.md.

Owns the block between the memkit markers: active library conventions, preferences and
procedures, and the most frequent accepted corrections — never a candidate. Never
changes a byte outside the markers (CRLF kept); refuses duplicated or unbalanced
markers; commits the file only when memkit's change is all that changed in it."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from memkit.library import drafts
from memkit.storage import index, notes, queries
from memkit.storage.vault import LAYER_DIRS, inside
from memkit.library import promote as promote_mod
from memkit.errors import InvalidInput

BEGIN, END = "<!-- memkit:begin -->", "<!-- memkit:end -->"
SECTIONS = (("convention", "Conventions"), ("preference", "Preferences"), ("procedure", "Procedures"))


def top(vault) -> Path:
    """The top of the repository holding the vault (the vault itself outside git): all compile may write to."""
    from memkit.storage import git

    found = git.hooks_dir(vault.root)
    return found[0] if found else vault.root


def default_path(vault, target: str) -> Path:
    """The instruction file at the top of the repository around the vault (else beside the vault)."""
    return top(vault) / target


def destination(vault, target: str | None = None, path: Path | None = None) -> Path:
    """The file compile writes: inside the repository holding the vault (the vault's boundary
    rule, storage.vault.inside, applied to the repository), never in .git, a regular file."""
    where = top(vault)
    file = Path(os.path.abspath(Path(path).expanduser())) if path else Path(os.path.abspath(where / target))
    rel = Path(os.path.relpath(file, where))
    if ".." in rel.parts or rel.parts[:1] == (".git",):
        raise InvalidInput(f"{file} is outside the repository {where} that holds the vault; compile writes "
                           "only inside it (set [compile] target to a file name such as CLAUDE.md)")
    inside(where, rel)   # no symbolic link on the way, a name a file can have
    if file.exists() and not file.is_file():
        raise InvalidInput(f"{file} is not a regular file; compile writes only a regular file")
    _instructions(vault, file, rel)
    return file


_GIT_FILES = frozenset({".gitattributes", ".gitignore", ".gitmodules", ".mailmap"})
_TEXT = frozenset({".md", ".mdc", ".markdown", ".txt"})   # CLAUDE.md, AGENTS.md, rules/*.mdc
_BARE = frozenset({".cursorrules", ".windsurfrules", ".clinerules", ".goosehints"})   # instruction files with no suffix


def _instructions(vault, file: Path, rel: Path) -> None:
    """An agent's instruction file, not the vault's own files (its notes, traces, memkit.toml,
    .memkit) nor git's, nor a file of another kind (a block of Markdown breaks a TOML or a script)."""
    mine = Path(os.path.relpath(file, vault.root))
    own = {d.split("/")[0] for d in LAYER_DIRS} | {".memkit", "memkit.toml"}
    if ".." not in mine.parts and mine.parts and mine.parts[0] in own:
        raise InvalidInput(f"{file} is one of the vault's own files; compile writes an agent's instruction "
                           "file such as CLAUDE.md or AGENTS.md")
    if rel.name in _GIT_FILES or (file.suffix.lower() not in _TEXT and file.name not in _BARE):
        raise InvalidInput(f"{file} is not an instruction file (Markdown or plain text: CLAUDE.md, AGENTS.md, "
                           ".cursorrules, *.mdc); compile writes only those")


def run(vault, target: str | None = None, path: Path | None = None) -> dict[str, Any]:
    file = destination(vault, target or str(vault.config.get("compile.target")), path)
    with vault.lock():
        index.refresh(vault)
        lines, counts = block(vault)
        old = _read(file)
        if not any(counts.values()) and BEGIN not in old:   # no file made, nor a block added, to say "nothing"
            return {"path": str(file), "counts": counts, "changed": False, "commit": None,
                    "lines": [f"{file}: left as it is: nothing reviewed yet (run `memkit review` in the vault)"]}
        new = splice(old, lines, file)
        out = {"path": str(file), "counts": counts, "changed": new != old, "commit": None, "lines": []}
        if new == old:
            out["lines"].append(f"{file}: the memkit block is up to date")
            return out
        dirty = file.exists() and _has_changes(vault, file)
        _write(file, new)
        out["lines"].append(f"{file}: wrote the memkit block ({_summary(counts)})")
        if dirty:
            out["lines"].append(f"{file} had uncommitted changes of yours, so memkit did not commit it")
        elif vault.config.get("git.commit"):
            out["commit"] = _commit(vault, file, counts)
            if out["commit"]:
                out["lines"].append(f"committed {out['commit'][:10]}")
    return out


# ---- what goes in -------------------------------------------------------------
def block(vault) -> tuple[list[str], dict[str, int]]:
    """The lines between the markers, and how many entries of each kind."""
    rows = sorted(queries.indexed(vault, layer="library", statuses=("active",),
                                  types=("convention", "preference", "procedure")), key=lambda n: (n.type, n.id))
    accepted = [r.meta for r in queries.notes(vault, layer="observation", kinds=("correction",),
                                              statuses=("accepted",), by_time=True)]
    lines = ["<!-- Written by `memkit compile` from reviewed memory; edit the library notes in the vault,",
             "     not this block: the next compile replaces everything between the markers. -->",
             "## Memory from past sessions (memkit)"]
    counts: dict[str, int] = {}
    for kind, heading in SECTIONS:
        entries = [_entry(vault, n.path, kind) for n in rows if n.type == kind]
        counts[kind] = len(entries)
        if entries:
            lines += ["", f"### {heading}", ""] + entries
    top = top_corrections(vault, accepted)
    counts["correction"] = len(top)
    if top:
        lines += ["", "### Frequent corrections", ""] + top
    if not any(counts.values()):
        lines += ["", "No reviewed conventions yet: run `memkit review` in the vault."]
    return lines, counts


def _inert(text: str) -> str:
    """Text of a note as the block holds it: no HTML comment can open or close there (a title
    holding `<!-- memkit:end -->` would end the block early, and every later compile refuse it)."""
    return str(text).replace("<!--", "&lt;!--").replace("-->", "--&gt;")


def _entry(vault, rel: str, kind: str) -> str:
    note = notes.read(vault.root / rel)
    title = _inert(notes.title_of(note))
    text = _inert(first_paragraph(note.body))
    if kind == "procedure" or not text or text == title:
        text = ""
    text = text if len(text) <= 400 else text[:400].rsplit(" ", 1)[0] + " …"
    if text.startswith(title):
        return f"- **{title}**{text[len(title):]} (`{_inert(note.id)}`)"
    return f"- **{title}**" + (f" — {text}" if text else "") + f" (`{_inert(note.id)}`)"


def first_paragraph(body: str) -> str:
    """The paragraph after the title: a library note's statement."""
    para: list[str] = []
    for line in body.splitlines():
        s = line.strip()
        if s.startswith("#") and not para:
            continue
        if not s:
            if para:
                break
            continue
        para.append(s)
    return " ".join(" ".join(para).split())


def top_corrections(vault, accepted: list[dict[str, Any]]) -> list[str]:
    """Accepted corrections grouped by lesson, most sessions first, then the most recent."""
    limit = int(vault.config.get("compile.corrections"))
    if not accepted or limit <= 0:
        return []
    sim = float(vault.config.get("promotion.similarity"))
    groups = promote_mod.group(accepted, sim, float(vault.config.get("promotion.related_similarity")))
    ranked = sorted(groups, key=lambda g: (-promote_mod.sessions(g), -_latest(g), str(g[0].get("id"))))
    out = []
    for g in ranked[:limit]:
        lesson = _inert(drafts.clean(drafts.statement(g[-1])))
        n = promote_mod.sessions(g)
        last = max(str(m.get("created") or "") for m in g)[:10]
        when = f", last {last}" if last else ""   # undated sessions (console copies) say no day
        out.append(f"- {lesson} (corrected in {n} session{'s' if n != 1 else ''}{when}; `{_inert(g[-1]['id'])}`)")
    return out


def _latest(g: list[dict[str, Any]]) -> float:
    stamp = max(str(m.get("created") or "") for m in g)
    return float("".join(ch for ch in stamp[:19] if ch.isdigit()) or 0)


def _summary(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {k}{'s' if n != 1 else ''}" for k, n in counts.items() if n) or "nothing reviewed yet"


# ---- the file -----------------------------------------------------------------
def _read(file: Path) -> str:
    if not file.exists():
        return ""
    try:
        return file.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidInput(f"{file} is not UTF-8 text; memkit will not rewrite it")


def splice(text: str, lines: list[str], file: Path | str = "the file") -> str:
    """text with the block between the markers replaced (or appended); refuses broken markers."""
    begins, ends = text.count(BEGIN), text.count(END)
    if (begins, ends) not in ((0, 0), (1, 1)) or (begins and text.index(BEGIN) > text.index(END)):
        raise InvalidInput(f"{file}: the memkit markers are duplicated or out of order ({begins} × {BEGIN}, "
                           f"{ends} × {END}); leave exactly one pair, then run `memkit compile` again")
    nl = "\r\n" if "\r\n" in text else "\n"
    inner = nl.join(lines)
    if begins:
        start, stop = text.index(BEGIN) + len(BEGIN), text.index(END)
        return text[:start] + nl + inner + nl + text[stop:]
    lead = "" if not text or text.endswith(nl * 2) else nl if text.endswith(nl) else nl + nl
    return text + lead + BEGIN + nl + inner + nl + END + nl


def _write(file: Path, text: str) -> None:
    from memkit.storage import files

    file.parent.mkdir(parents=True, exist_ok=True)
    files.write_atomic(file, text)   # a new instruction file gets 0644, an existing one keeps its mode


def _has_changes(vault, file: Path) -> bool:
    """Uncommitted changes in the file (or a file git does not track): then it is not memkit's to commit."""
    from memkit.storage import git

    repo = git.repo_for(vault.root)
    if repo is None:
        return False
    try:
        rel = file.resolve().relative_to(Path(repo.working_tree_dir).resolve()).as_posix()
    except ValueError:
        return False
    with git._clean_env():
        return bool(repo.git.status("--porcelain", "--", rel, env=git.READ_ONLY).strip())


def _commit(vault, file: Path, counts: dict[str, int]) -> str | None:
    from memkit.storage import git

    repo = git.repo_for(vault.root)
    if repo is None:
        return None
    try:
        file.resolve().relative_to(Path(repo.working_tree_dir).resolve())
    except ValueError:
        return None
    return git.commit(vault.root, [file], f"memkit: compile {file.name} ({_summary(counts)})",
                      [("Memkit-Action", "compile")])
