"""Review: a person's decisions on the workshop — accept, reject, promote, merge, edit.

Owns applying one decision: an accepted or promoted observation leaves the workshop
for observations/ (same id and file name, so links resolve), a library note is
written from a draft, a rejected candidate keeps its file as the tombstone, and each
decision is one git commit of exactly the paths it changed, with Memkit-* trailers.
Every write holds the vault lock. Never deletes a person's words.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from memkit.library import drafts, provenance
from memkit.storage import index, notes, queries
from memkit.storage.vault import is_file
from memkit.errors import InvalidInput
from memkit.layers import LIBRARY_DIRS, LibraryType

REVIEWABLE = ("observation", "proposal", "episode")
LIBRARY = tuple(t.value for t in LibraryType)


# ---- the queue ----------------------------------------------------------------
def queue(vault) -> list[dict[str, Any]]:
    """What waits for a person, what is worth their time first: proposals (the most recurrent
    first), then candidates that last beyond their task (a rule about the project or the person,
    or one said in several sessions), then the rest; within each, the most important first, then
    the oldest. A backlog of hundreds of one-off steers must not bury the few rules in it."""
    index.refresh(vault)
    rows = queries.notes(vault, layer="workshop", statuses=("candidate",), types=("proposal", "observation", "episode"),
                         by_time=True)
    return [describe(path, meta) for path, meta in sorted(rows, key=lambda r: _worth(r.meta))]


def _count(value) -> int:
    try:
        return int(value or 1)
    except (TypeError, ValueError):   # a hand-edited `recurrence: many`
        return 1


def _worth(meta: dict[str, Any]) -> tuple:
    if meta.get("type") == "proposal":
        return (0, -_count(meta.get("recurrence")), 0.0)
    sessions = meta.get("sessions")
    lasting = meta.get("lifecycle") in ("self", "knowledge") or (isinstance(sessions, list) and len(sessions) > 1)
    try:
        importance = float(meta.get("importance") or 0)
    except (TypeError, ValueError):
        importance = 0.0
    return (1 if lasting else 2, 0, -importance if importance == importance else 0.0)   # (NaN: none)


def describe(rel: str, meta: dict[str, Any]) -> dict[str, Any]:
    kind = meta.get("type")
    proposal = kind == "proposal"
    refs = meta.get("sources") if proposal else [meta.get("source")] if meta.get("source") else []
    return {"id": meta.get("id"), "type": kind, "kind": meta.get("target") if proposal else meta.get("kind") or kind,
            "path": rel, "status": meta.get("status"), "created": meta.get("created"),
            "title": meta.get("title") or "", "statement": drafts.statement(meta),
            "basis": meta.get("basis") or "", "recurrence": _count(meta.get("recurrence")),
            "observations": [i for i, n in provenance.links(refs) if n is None] if proposal else [meta.get("id")],
            "turns": provenance.turn_refs(refs),
            "suggested": meta.get("target") if proposal else drafts.target_for(meta)}


def fires(vault, item: dict[str, Any]) -> str:
    """What the candidate or proposal would fire on, in words ("" for what never fires)."""
    from memkit.activation import catalogue, cues, render

    try:
        meta = notes.read(vault.path(item["path"])).meta
    except (InvalidInput, OSError):
        return ""
    if item["type"] == "proposal":
        meta = {**meta, "type": meta.get("target") or "note"}
    cue = cues.effective(vault, meta)
    return render.describe_line(cue, catalogue.load(vault.root)) if cue else ""


def evidence(vault, item: dict[str, Any]) -> list[dict[str, Any]]:
    cache: dict = {}
    return [provenance.quote(vault, *drafts.split_ref(t), cache) for t in item["turns"]]


# ---- decisions ----------------------------------------------------------------
def accept(vault, idents: list[str]) -> list[dict[str, Any]]:
    """Accept candidates (a proposal is promoted as proposed); each is one commit."""
    with vault.lock():
        loaded = _load_all(vault, idents, REVIEWABLE)
        return [_promote_proposal(vault, rel, note) if note.type == "proposal" else _accept(vault, rel, note)
                for rel, note in loaded]


def _accept(vault, rel: str, note: notes.Note) -> dict[str, Any]:
    status = note.meta.get("status")
    if status in ("accepted", "promoted"):
        sha = _finish_killed(vault, rel, note, "accept")
        return _result("accept", note.id, rel, sha, f"{note.id} is already {status}")
    kept = _kept_edits(vault, [(rel, note)])
    paths = _settle(vault, rel, note, "accepted")
    kind = note.meta.get("kind") or note.type
    sha = _commit(vault, paths, f"memkit: accept {kind} {note.id}", "accept", [note.id],
                  provenance.turn_refs(note.meta.get("source")), kept, _kept_said(kept))
    dest = vault.rel(paths[-1])
    return _result("accept", note.id, dest, sha, f"accepted {kind} {note.id} → {dest}" + _kept_line(kept, sha))


def reject(vault, idents: list[str], reason: str = "") -> list[dict[str, Any]]:
    """Reject candidates or proposals; the file stays, with its reason, as the tombstone."""
    with vault.lock():
        return [_reject(vault, rel, note, reason) for rel, note in _load_all(vault, idents, REVIEWABLE)]


def _reject(vault, rel: str, note: notes.Note, reason: str) -> dict[str, Any]:
    status = note.meta.get("status")
    if status in ("rejected", "promoted"):
        sha = _finish_killed(vault, rel, note, "reject")
        return _result("reject", note.id, rel, sha, f"{note.id} is already {status}; nothing changed")
    if note.type == "proposal":
        d = drafts.from_proposal(note.meta)
        obs, turns, kind = d.observations, d.turns, f"proposal ({d.target})"
    else:
        obs, turns, kind = [note.id], provenance.turn_refs(note.meta.get("source")), note.meta.get("kind") or note.type
    kept = _kept_edits(vault, [(rel, note)])
    paths = _settle(vault, rel, note, "rejected", **({"rejected_reason": reason} if reason else {}))
    sha = _commit(vault, paths, f"memkit: reject {kind} {note.id}", "reject", obs, turns,
                  ([("Memkit-Proposal", note.id)] if note.type == "proposal" else []) + kept,
                  "\n\n".join(x for x in (f"Reason: {reason}" if reason else "", _kept_said(kept)) if x))
    return _result("reject", note.id, rel, sha, f"rejected {kind} {note.id}" + (f" ({reason})" if reason else "")
                   + _kept_line(kept, sha))


def promote(vault, idents: list[str], as_type: str | None = None, title: str | None = None) -> list[dict[str, Any]]:
    """Proposals are promoted one by one; observations together become one library note."""
    if as_type and as_type not in LIBRARY:
        raise InvalidInput(f"cannot promote to {as_type!r}; choose one of {', '.join(LIBRARY)}")
    if title is not None:
        from memkit import redact

        title = redact.line(title, 200) or None   # one line: no control characters, no secret
    with vault.lock():
        loaded = _load_all(vault, idents, ("observation", "proposal"))
        props = [x for x in loaded if x[1].type == "proposal"]
        if props and len(props) != len(loaded):
            raise InvalidInput("promote either proposals or observations, not both in one call")
        if props and title and len(props) > 1:
            raise InvalidInput("--title needs exactly one proposal")
        if props:
            return [_promote_proposal(vault, rel, note, as_type, title) for rel, note in props]
        for _, note in loaded:
            _promotable(note)
        d = drafts.draft(vault, [n.meta for _, n in loaded], as_type, title, basis="promoted by hand")
        return [_write_note(vault, d, loaded, None)]


def _promotable(note: notes.Note) -> None:
    status = note.meta.get("status")
    if status not in ("candidate", "accepted"):
        where = f" to {note.meta['promoted_to']}" if note.meta.get("promoted_to") else ""
        raise InvalidInput(f"{note.id} is {status}{where}; only candidates and accepted observations can be "
                           f"promoted or merged")


def _promote_proposal(vault, rel: str, note: notes.Note, as_type: str | None = None,
                      title: str | None = None) -> dict[str, Any]:
    if note.meta.get("status") != "candidate":
        return _result("promote", note.id, rel, None, f"{note.id} is already {note.meta.get('status')}"
                       + (f" to {note.meta['promoted_to']}" if note.meta.get("promoted_to") else ""))
    d = drafts.from_proposal(note.meta)
    d.target, d.title = as_type or d.target, title or d.title
    if d.target not in LIBRARY:
        raise InvalidInput(f"{note.id}: target {d.target!r} is not a library type ({', '.join(LIBRARY)})")
    return _write_note(vault, d, _members(vault, d, note), (rel, note))


def pending(vault, item: dict[str, Any]) -> bool:
    """Still waiting for a decision (an earlier decision in the same walk may have settled it)."""
    path = vault.root / item["path"]
    return path.is_file() and notes.read(path).meta.get("status") == "candidate"


def _members(vault, d: drafts.Draft, proposal: notes.Note | None = None) -> list[tuple[str, notes.Note]]:
    """The draft's observations still waiting for a decision. Promoting a proposal whose observations
    were decided on since would duplicate a note: then it is out of date (merge takes what is left)."""
    found = []
    for oid in d.observations:
        rel = provenance.find(vault, oid)
        note = notes.read(vault.root / rel) if rel else None
        status = note.meta.get("status") if note else "gone"
        if status in ("candidate", "accepted"):
            found.append((rel, note))
        elif proposal is not None:
            into = str(note.meta.get("promoted_to") or "").strip("[]") if note else ""
            raise InvalidInput(f"{proposal.id} is out of date: {oid} is {status}" + (f" to [[{into}]]" if into else "")
                               + " since; run `memkit review --scan`"
                               + (f", or `memkit merge {proposal.id} --into {into}`" if into else ""))
    return found


def _write_note(vault, d: drafts.Draft, obs: list[tuple[str, notes.Note]],
                proposal: tuple[str, notes.Note] | None) -> dict[str, Any]:
    note_id = _free_id(vault, drafts.slug(d.title))
    rel = f"library/{LIBRARY_DIRS[LibraryType(d.target)]}/{note_id}.md"
    when = drafts.now()
    meta = {"type": d.target, "id": note_id, "status": "active", "created": when, "updated": when,
            "importance": round(d.importance, 2), "sources": d.sources, "cues": d.cues}
    from memkit.activation import cues

    cues.attach(vault, meta)
    body = drafts.body(vault, d)
    vault.write_text(rel, notes.render(notes.Note(notes.stamp(meta, body), body)), exclusive=True)
    paths, link = [vault.root / rel], f"[[{note_id}]]"
    kept = _kept_edits(vault, [*obs, *([proposal] if proposal else [])])
    for orel, onote in obs:
        paths += _settle(vault, orel, onote, "promoted", promoted_to=link)
    extra = [("Memkit-Note", note_id)]
    if proposal:
        paths += _settle(vault, proposal[0], proposal[1], "promoted", promoted_to=link)
        extra.append(("Memkit-Proposal", proposal[1].id))
    sha = _commit(vault, paths, f'memkit: promote {d.target} "{d.title}"', "promote", d.observations, d.turns,
                  extra + kept, _kept_said(kept))
    return _result("promote", note_id, rel, sha, f"promoted to {d.target} {note_id} ({rel})" + _kept_line(kept, sha)
                   + (f" from {len(d.observations)} observation(s)" if d.observations else ""))


def merge(vault, ident: str, into: str) -> dict[str, Any]:
    """Fold an observation (or a proposal) into an existing library note: its sources, cue and a quote."""
    with vault.lock():
        (rel, note), (lrel, lib) = _load_all(vault, [ident, into], ("observation", "proposal") + LIBRARY)
        if lib.type not in LIBRARY:
            raise InvalidInput(f"{into} is a {lib.type or 'file'}, not a library note ({', '.join(LIBRARY)})")
        if note.type not in ("observation", "proposal"):
            raise InvalidInput(f"{ident} is a {note.type}; merge an observation or a proposal into a note")
        _promotable(note)
        if note.type == "proposal":
            d = drafts.from_proposal(note.meta)
            obs = _members(vault, d) + [(rel, note)]
        else:
            d, obs = drafts.draft(vault, [note.meta], lib.type), [(rel, note)]
        kept = _kept_edits(vault, [(lrel, lib), *obs])
        vault.write_text(lrel, drafts.fold(vault, lib, d))
        paths, link = [vault.root / lrel], f"[[{lib.id}]]"
        for orel, onote in obs:
            paths += _settle(vault, orel, onote, "promoted", promoted_to=link)
        title = notes.title_of(lib)
        sha = _commit(vault, paths, f'memkit: merge {note.id} into {lib.type} "{title}"', "merge",
                      d.observations, d.turns, [("Memkit-Note", lib.id), *kept], _kept_said(kept))
        return _result("merge", lib.id, lrel, sha, f"merged {note.id} into {lib.type} {lib.id} ({lrel})"
                       + _kept_line(kept, sha))


def save_edit(vault, rel: str, text: str) -> str:
    """A person's edit of a workshop note (from $EDITOR): kept as written, if it still parses."""
    with vault.lock():
        old = notes.read(vault.path(rel))
        new = notes.parse(text, vault.path(rel))
        if new.id != old.id:
            raise InvalidInput(f"{rel}: the id must stay {old.id!r} (the file name and links use it)")
        vault.write_text(rel, text)
        index.update_paths(vault, [vault.root / rel])
    return rel


def scan(vault) -> dict[str, Any]:
    """The promotion scan as a decision of its own: proposals written and committed."""
    with vault.lock():
        from memkit.library import promote

        out = promote.scan(vault)
        if out["written"]:
            out["commit"] = _commit(vault, [vault.root / r for r in out["written"]],
                                    f"memkit: propose {len(out['proposals'])} promotion(s)", "propose", [], [],
                                    [("Memkit-Proposal", p) for p in out["proposals"]])
    return out


# ---- plumbing -----------------------------------------------------------------
def _load_all(vault, idents: list[str], types: tuple[str, ...]) -> list[tuple[str, notes.Note]]:
    """Every ident resolved and read before anything changes, so a typo changes nothing."""
    from memkit.storage import lookup

    index.refresh(vault)
    loaded = []
    for ident in idents:
        key = ident.strip().strip("[]")
        rel = key if key.endswith(".md") and is_file(vault.path(key)) else provenance.find(vault, key)
        rel = rel or lookup.resolve(vault, key)
        note = notes.read(vault.path(rel))
        if note.type not in types:
            raise InvalidInput(f"{key} is a {note.type or 'file'} ({rel}); this works on: {', '.join(types)}")
        if line := notes.conflicted(note.body):
            raise InvalidInput(f"{rel}: its text holds git conflict markers (line {line} of the body): a merge "
                               "stopped there; resolve them by hand, then decide on it")
        loaded.append((rel, note))
    return loaded


def _settle(vault, rel: str, note: notes.Note, status: str, **extra: Any) -> list[Path]:
    """Write the decision into the note; accepted and promoted observations leave the workshop."""
    moves = rel.startswith("workshop/") and note.type != "proposal" and status in ("accepted", "promoted")
    dest = rel.split("/", 1)[1] if moves else rel
    if dest != rel and vault.path(dest).exists():
        raise InvalidInput(f"{dest} already exists; move or rename one of the two files first")
    meta = {**note.meta, "status": status, "reviewed": drafts.now(), **_by(vault), **extra}
    meta = meta if note.edited_by_person() else notes.stamp(meta, note.body)
    vault.write_text(dest, notes.render(notes.Note(meta, note.body, newline=note.newline)))
    if dest != rel:
        vault.remove(rel)
    return [vault.root / rel] + ([vault.root / dest] if dest != rel else [])


def _finish_killed(vault, rel: str, note: notes.Note, action: str) -> str | None:
    """A decision a killed run wrote but did not finish: the workshop copy an accept had not yet
    removed goes now, and what it wrote is committed (git.commit carries a killed run's paths)."""
    from memkit.storage.vault import orphans

    left = vault.root / "workshop" / rel
    paths = []
    if not rel.startswith("workshop/") and left.is_file() and notes.read(left).id == note.id:
        left.unlink()
        paths = [left, vault.root / rel]
    if not paths and not orphans(vault.state):
        return None
    return _commit(vault, paths, f"memkit: finish {action} {note.id}", action, [note.id], [])


def _free_id(vault, base: str) -> str:
    def taken(i: str) -> bool:
        return queries.note_path(vault, i) is not None or any(
            (vault.root / "library" / d / f"{i}.md").exists() for d in LIBRARY_DIRS.values())
    n, found = 1, base
    while taken(found):
        n += 1
        found = f"{base}-{n}"
    return found


def _kept_edits(vault, loaded: list[tuple[str, notes.Note]]) -> list[tuple[str, str]]:
    """Trailers naming the notes a person edited and has not committed: memkit's commit keeps
    their edit, and says so (its words are the person's, not memkit's)."""
    from memkit.storage import git

    return [("Memkit-Kept-Edit", rel) for rel in git.persons_edits(vault, loaded)]


def _kept_said(kept: list[tuple[str, str]]) -> str:
    return ("The person's uncommitted edit of " + ", ".join(r for _, r in kept) + " is kept in this commit as "
            "they wrote it.") if kept else ""


def _kept_line(kept: list[tuple[str, str]], sha: str | None) -> str:
    return f" (with your uncommitted edit of {', '.join(r for _, r in kept)}, kept as you wrote it)" \
        if kept and sha else ""


def _commit(vault, paths: list[Path], subject: str, action: str, observations: list[str], turns: list[str],
            extra: list[tuple[str, str]] | None = None, body: str = "") -> str | None:
    index.update_paths(vault, paths)
    if not vault.config.get("git.commit"):
        return None
    from memkit.storage import git
    from memkit.storage import people

    trailers = [("Memkit-Action", action), *(extra or []), *people.trailers(vault)]
    trailers += [("Memkit-Observation", o) for o in observations]
    trailers += [("Memkit-Source", t) for t in turns]
    return git.commit(vault.root, paths, subject, trailers, body)


def _by(vault) -> dict[str, str]:
    """Who decided, kept in the note: a team's clones merge two decisions by it (memkit.team.rules)."""
    from memkit.storage import people

    who = people.me(vault)
    return {"reviewed_by": who} if who else {}


def _result(action: str, ident: str, rel: str, sha: str | None, line: str) -> dict[str, Any]:
    return {"action": action, "id": ident, "path": rel, "commit": sha,
            "line": line + (f" (commit {sha[:10]})" if sha else "")}
