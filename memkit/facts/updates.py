"""Applying one change to fact files: create, confirm, update, keep, or both-in-contexts.

The caller (facts.py) holds the vault lock and has decided the change is allowed;
this module writes the files, re-indexes them and makes the one commit with
`Memkit-*` trailers. Never decides about conflicts and never prompts.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from memkit.facts import conflicts as factconflicts, files as factfiles
from memkit.storage import index
from memkit.errors import InvalidInput, MemkitError
from memkit.facts.conflicts import Conflict, Kind, Proposal
from memkit.facts.files import Fact


class Outcome(StrEnum):
    CREATED = "created"
    CONFIRMED = "confirmed"    # the same value again: only trust may rise
    UPDATED = "updated"
    CONFLICT = "conflict"      # recorded in workshop/facts/, nothing changed
    KEPT = "kept"
    BOTH = "both"              # both values kept, each with a context


class Policy(StrEnum):
    """What to do with a conflict when no person is asked."""

    RECORD = "record"
    KEEP = "keep"
    UPDATE = "update"
    BOTH = "both"


ACTIONS = {Outcome.CREATED: "fact-set", Outcome.CONFIRMED: "fact-set", Outcome.UPDATED: "fact-update",
           Outcome.BOTH: "fact-update", Outcome.CONFLICT: "fact-conflict", Outcome.KEPT: "fact-set"}


@dataclass(frozen=True)
class Change:
    outcome: Outcome
    paths: list[str] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)
    subject: str = ""
    notes: list[str] = field(default_factory=list)


def finish(vault, change: Change, action: str, session: str = "",
           conflicts: tuple[Conflict | None, ...] = ()) -> tuple[str | None, list[str]]:
    """Commit what changed, with trailers, then re-index it; returns the commit sha and any warning.

    The commit comes first: the files are the truth. An index that cannot be updated (a broken
    action-type override, say) is a warning, not a failed change: `memkit reindex` rebuilds it.
    """
    from memkit.storage.vault import orphans

    if not change.paths and not orphans(vault.state):   # a killed run's write still gets its commit
        return None, []
    sha = None
    if vault.config.get("git.commit"):
        from memkit.storage import git

        trailers = [("Memkit-Action", action)] + [("Memkit-Fact", k) for k in dict.fromkeys(change.keys)]
        trailers += [("Memkit-Conflict", c.id) for c in conflicts if c is not None]
        from memkit.storage import people

        trailers += people.trailers(vault)
        if session:
            trailers.append(("Memkit-Source", session.strip("[]")))
        subject = change.subject or f"memkit: finish fact {', '.join(change.keys)} (an interrupted run)"
        sha = git.commit(vault.root, [vault.root / r for r in change.paths], subject, trailers)
    try:
        index.update_paths(vault, [vault.root / r for r in change.paths])
    except MemkitError as e:
        return sha, [f"warning: the index was not updated ({e}); run `memkit reindex` once that is fixed"]
    return sha, []


def create(vault, p: Proposal, key: str, context: str = "") -> Change:
    rel = factfiles.rel_path(key)
    if vault.path(rel).exists():
        raise InvalidInput(f"{rel} exists but is not a readable fact file; fix or move it, then set again")
    meta = factfiles.new_meta(key, p.value, p.trust, p.source, context=context, session=p.session)
    factfiles.save(vault, rel, None, meta)
    return Change(Outcome.CREATED, [rel], [key], f"memkit: fact {key} = {_short(p.value)}")


def confirm(vault, fact: Fact, p: Proposal) -> Change:
    if p.trust <= fact.trust:
        same = f"{fact.key} already holds this value (trust {fact.trust}); nothing changed"
        return Change(Outcome.CONFIRMED, [], [fact.key], notes=[same])
    note = factfiles.load_note(vault, fact.path)
    meta = dict(note.meta)
    factfiles.set_source(meta, p.source)
    for k, v in (("trust", p.trust), ("updated", factfiles.now())):
        factfiles.put(meta, k, v)
    kept = factfiles.save(vault, fact.path, note, meta)
    return Change(Outcome.CONFIRMED, [fact.path], [fact.key],
                  f"memkit: confirm fact {fact.key} (trust {fact.trust} → {p.trust})",
                  _kept(kept, fact.path))


def update(vault, fact: Fact, p: Proposal, reason: str) -> Change:
    when = factfiles.now()
    note = factfiles.load_note(vault, fact.path)
    meta = dict(note.meta)
    # `session`: where the old value came from; `changed_in`: the session that changed it
    entry = {"value": fact.value, "from": fact.since, "to": when, "reason": reason, "session": fact.session,
             "changed_in": p.session, "source": fact.source, "trust": fact.trust}
    meta["history"] = list(meta.get("history") or []) + [{k: v for k, v in entry.items() if v != ""}]
    factfiles.set_source(meta, p.source)
    for k, v in (("value", p.value), ("trust", p.trust), ("updated", when)):
        factfiles.put(meta, k, v)
    if p.session:
        factfiles.put(meta, "session", p.session)
    else:
        meta.pop("session", None)  # the old value's session now lives in its history entry
    kept = factfiles.save(vault, fact.path, note, meta)
    return Change(Outcome.UPDATED, [fact.path], [fact.key],
                  f"memkit: fact {fact.key}: {_short(fact.value)} → {_short(p.value)}",
                  _kept(kept, fact.path))


def apply(vault, c: Conflict, policy: Policy, ctx: tuple[str, str], reason: str, cid: str = "") -> Change:
    p = c.proposal
    existing = factfiles.read(vault, c.key)
    if policy == Policy.KEEP:
        return Change(Outcome.KEPT, [], [c.key], notes=[f"kept {c.key} = {c.existing.get('value')}"])
    if policy == Policy.UPDATE:
        if existing is None:
            return create(vault, p, c.key)
        why = reason or f"replaced by a {p.source.replace('_', '-')} value" + \
            (f" given as {p.key}" if c.kind == Kind.NEAR_KEY else "")
        return update(vault, existing, p, why + (f" (conflict {cid})" if cid else ""))
    return both(vault, c, existing, ctx)


def both(vault, c: Conflict, existing: Fact | None, ctx: tuple[str, str]) -> Change:
    p = c.proposal
    new_key = p.key if c.kind == Kind.NEAR_KEY else f"{factfiles.base_of(c.key)}@{ctx[1]}"
    paths, notes = [], []
    if existing is not None and ctx[0]:
        note = factfiles.load_note(vault, existing.path)
        meta = dict(note.meta)
        factfiles.put(meta, "context", ctx[0])
        if c.kind == Kind.VALUE:
            variants = [v for v in meta.get("variants") or [] if v != f"[[{factfiles.key_id(new_key)}]]"]
            factfiles.put(meta, "variants", variants + [f"[[{factfiles.key_id(new_key)}]]"])
        factfiles.put(meta, "updated", factfiles.now())
        notes += _kept(factfiles.save(vault, existing.path, note, meta), existing.path)
        paths.append(existing.path)
    other = factfiles.read(vault, new_key)
    if other is None:
        made = create(vault, p, new_key, ctx[1])
    elif factconflicts.same_value(other.value, p.value):
        made = confirm(vault, other, p)
    else:
        made = update(vault, other, p, f"both right in different contexts ({c.id})")
    where = f" (in {ctx[1]})" if ctx[1] else ""
    notes = [f"and {new_key} = {p.value}{where}   {factfiles.rel_path(new_key)}", *notes, *made.notes]
    return Change(Outcome.BOTH, paths + made.paths, [c.key, new_key],
                  f"memkit: facts {c.key} and {new_key} both hold, in different contexts", notes)


def _short(value: str) -> str:
    return repr(value if len(value) <= 50 else value[:47] + "…")


def _kept(kept: bool, rel: str) -> list[str]:
    return [f"{rel} was edited by hand: frontmatter updated, your text in the body kept"] if kept else []
