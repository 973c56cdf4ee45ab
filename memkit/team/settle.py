"""After a merge: what git leaves for memkit to finish in the vault's notes.

Owns three rules. A note git could not merge because one side moved or deleted it (an accept moves
`workshop/observations/…` to `observations/…`; the other side rejected it in place) is kept when the
kept side holds a decision or a person's edit, or when its moved twin exists; two copies of one note
are then merged by the rules into the place its status names (accepted and promoted in the layer,
candidates and rejected tombstones in the workshop). A fact whose value was set on both sides holds
the first value and files the other as a fact conflict in `workshop/facts/`. Never resolves a
conflict between two people's words: those are reported, and the caller aborts the merge.
"""
from __future__ import annotations

from typing import Any

from memkit.errors import InvalidInput
from memkit.storage import notes
from memkit.team import merge

NOTE_DIRS = ("traces", "workshop", "observations", "episodes", "facts", "library")
MOVING = ("observations/", "episodes/")
PLACED = {"accepted": "layer", "promoted": "layer", "candidate": "workshop", "rejected": "workshop"}


def is_note(rel: str) -> bool:
    return rel.endswith(".md") and rel.split("/", 1)[0] in NOTE_DIRS and "/" in rel


def twin(rel: str) -> str | None:
    """The other place a moving note may live: `workshop/observations/x.md` ↔ `observations/x.md`."""
    if rel.startswith("workshop/") and rel[len("workshop/"):].startswith(MOVING):
        return rel[len("workshop/"):]
    return "workshop/" + rel if rel.startswith(MOVING) else None


def renderer(vault):
    def render(meta: dict[str, Any]) -> str:
        from memkit.facts import files as factfiles

        return factfiles.body(vault, meta)
    return render


# ---- a stopped merge ---------------------------------------------------------------
def unmerged(vault, repo) -> tuple[dict[str, str | None], list[str]]:
    """For each path git left unmerged: its resolved text (None: deleted) — or, in the second list,
    the paths only a person can resolve (two people's words, or files that are not memkit's notes)."""
    resolved: dict[str, str | None] = {}
    blocked: list[str] = []
    for path, stages in sorted(repo.unmerged().items()):
        rel = repo.in_vault(path)
        if rel is None or not is_note(rel):
            blocked.append(path)
            continue
        texts = {n: repo.show(f":{n}", path) or "" for n in stages}
        if 2 in texts and 3 in texts:
            result = merge.merge_texts(texts.get(1, ""), texts[2], texts[3], render=renderer(vault))
            if result.conflicts:
                blocked.append(path)
            else:
                resolved[path] = result.text
            continue
        kept = texts.get(2, texts.get(3, ""))
        twin_rel = twin(rel)
        keep = 1 not in texts or _decided(kept) or bool(twin_rel and vault.path(twin_rel).is_file())
        resolved[path] = kept if keep else None
    return resolved, blocked


def _decided(text: str) -> bool:
    """The kept side holds a review decision or a person's words (either outweighs a deletion)."""
    try:
        note = notes.parse(text)
    except InvalidInput:
        return True
    return str(note.meta.get("status") or "candidate") != "candidate" or merge.by_person(note)


def apply(vault, repo, resolved: dict[str, str | None]) -> None:
    """Write the resolutions into the work tree (inside the vault only) and mark them resolved in git."""
    for path, text in resolved.items():
        rel = repo.in_vault(path)
        assert rel is not None   # unmerged() resolves the vault's notes alone
        if text is None:
            repo.run("rm", "-q", "--cached", "--ignore-unmatch", "--", path)
            if vault.path(rel).is_file():
                vault.remove(rel)
            continue
        vault.write_text(rel, text)
        repo.run("add", "--", path)


# ---- after the merge ---------------------------------------------------------------
def settle(vault, repo, base: str | None) -> dict[str, list[str]]:
    """Every note in the wrong place for its status (or in two places) put right, and every contested
    fact value filed — wherever it came from (this merge, or a `git pull` before); returns what was written."""
    from memkit.storage import index, queries

    index.refresh(vault)
    misplaced, contested = queries.misplaced(vault), queries.contested_facts(vault)
    out: dict[str, list[str]] = {"paths": [], "notes": [], "conflicts": [], "kept": []}
    seen: set[str] = set()
    for rel in misplaced:
        if rel not in seen and twin(rel) is not None:
            seen.update({rel, twin(rel) or ""})
            _place(vault, repo, base, rel, out)
    for rel in contested:
        _file_contested(vault, rel, out)
    return out


def _place(vault, repo, base: str | None, rel: str, out: dict[str, list[str]]) -> None:
    ws, layer = (rel, twin(rel)) if rel.startswith("workshop/") else (twin(rel), rel)
    assert ws is not None and layer is not None
    present = [p for p in (ws, layer) if vault.path(p).is_file()]
    if not present:
        return
    try:
        text = _text(vault, present[0])
        if len(present) == 2:
            ancestor = repo.show(base, repo.vault_path(ws)) if base else None
            result = merge.merge_texts(ancestor or "", _text(vault, layer), text, render=renderer(vault))
            if result.conflicts:
                out["kept"].append(f"{ws} and {layer} hold one note two people changed; both kept")
                return
            text = result.text
        note = notes.parse(text)
    except InvalidInput:
        return
    status = str(note.meta.get("status") or "")
    dest = {"layer": layer, "workshop": ws}.get(PLACED.get(status, ""), present[0])
    if present == [dest]:
        return
    vault.write_text(dest, text)
    out["paths"].append(dest)
    for other in present:
        if other != dest:
            vault.remove(other)
            out["paths"].append(other)
    out["notes"].append(f"{note.id} → {dest} ({status})")


def _text(vault, rel: str) -> str:
    return vault.path(rel).read_bytes().decode("utf-8", errors="surrogateescape")


def _file_contested(vault, rel: str, out: dict[str, list[str]]) -> None:
    """Each value the merge set aside becomes an open fact conflict; the fact file loses the mark."""
    from memkit.facts import conflicts as factconflicts
    from memkit.facts import files as factfiles

    note = notes.read(vault.path(rel))
    contested = note.meta.get("contested")
    if note.type != "fact" or not isinstance(contested, list):
        return
    fact = factfiles.from_note(note, rel)
    for entry in contested:
        if not isinstance(entry, dict) or factconflicts.same_value(entry.get("value"), fact.value):
            continue
        proposal = factconflicts.Proposal(fact.key, str(entry.get("value")), _trust(entry.get("trust")),
                                          str(entry.get("source") or ""), str(entry.get("session") or ""),
                                          str(entry.get("reason") or ""), str(entry.get("date") or ""),
                                          "set on another clone at the same time (merged by memkit sync)")
        found = factconflicts.detect(proposal, [fact], float(vault.config.get("facts.near_key")))
        if found is not None:
            filed, _new = factconflicts.record(vault, found)
            out["paths"].append(filed.path)
            out["conflicts"].append(filed.id)
    meta = {k: v for k, v in note.meta.items() if k != "contested"}
    factfiles.save(vault, rel, note, meta)
    out["paths"].append(rel)


def _trust(value: Any) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.5

