"""Stored cues brought up to date: the `cue:` memkit wrote into a lesson note's frontmatter when
it wrote the note stays as it was while memkit's compiler moves on (or a person edits the
lesson's words). Activation never reads a stale one (cues.effective compiles again), but a person
reading the note sees what memkit no longer fires on. `memkit reindex --cues` rewrites those
cues, one commit for all; `memkit doctor` counts them.

A cue a person wrote (`compiled: person`) or a model compiled is never touched, and a note a
person edited keeps its edit: only its `cue:` changes, and it stays marked as edited.
"""
from __future__ import annotations

from typing import Any, Iterator

from memkit.activation import compiler, cues
from memkit.errors import InvalidInput
from memkit.storage import notes

FOLDERS = ("workshop/", "observations/", "library/")


def stale(vault) -> Iterator[tuple[str, notes.Note]]:
    """(path, note) of every lesson note whose stored cue is out of date (`is_stale`)."""
    for path in vault.note_files():
        rel = vault.rel(path)
        if not rel.startswith(FOLDERS):   # (traces and episodes hold no lesson: not read)
            continue
        try:
            note = notes.read(path)
        except (InvalidInput, OSError):
            continue   # doctor lists unreadable notes
        if is_stale(note):
            yield rel, note


def is_stale(note: notes.Note) -> bool:
    """The note's stored cue is one memkit compiled from older code or from words the note no
    longer holds (a person's or a model's cue never is)."""
    stored = note.meta.get("cue")
    if not isinstance(stored, dict) or not str(stored.get("compiled") or "").startswith("heuristic"):
        return False
    found = cues.lesson_of(note.meta)
    return found is not None and not compiler.is_current(stored, found[0], found[1], cues.fix_of(note.meta))


def refresh(vault, progress=None) -> dict[str, Any]:
    """Compile each stale cue again and write it into its note; commit them together. The caller
    indexes them (`memkit reindex --cues` rebuilds the index right after). progress(total) -> (tick,
    finish), as the command line's bar gives them."""
    from memkit.storage import git

    written: list[str] = []
    with vault.lock(), vault.replacing():
        todo = list(stale(vault))
        yours = set(git.persons_edits(vault, todo))   # a person's uncommitted words: theirs to commit
        tick, finish = progress(len(todo)) if progress is not None else (None, None)
        for rel, note in todo:
            lesson, trigger, cue_type = cues.lesson_of(note.meta)
            bare = {k: v for k, v in note.meta.items() if k != "cue"}
            meta = {**note.meta, "cue": cues.cue_for(vault, bare, lesson, trigger, cue_type)}
            meta = meta if note.edited_by_person() else notes.stamp(meta, note.body)
            vault.write_text(rel, notes.render(notes.Note(meta, note.body, newline=note.newline)))
            written.append(rel)
            if tick is not None:
                tick(rel)
        if finish is not None:
            finish()
    sha = None
    mine = [r for r in written if r not in yours]
    if mine and vault.config.get("git.commit"):
        from memkit.storage import people

        sha = git.commit(vault.root, [vault.root / r for r in mine],
                         f"memkit: cues compiled again ({compiler.NAME}) in {len(mine)} note(s)",
                         [("Memkit-Action", "recompile")] + people.trailers(vault))
    return {"recompiled": written, "commit": sha, "compiler": compiler.NAME, "uncommitted": sorted(yours)}

