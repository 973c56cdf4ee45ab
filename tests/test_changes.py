"""The change journal: while `memkit watch` runs, an index refresh reads the paths the
watcher noted instead of stat-ing every note; without a live watcher it scans as before.
Real files, a real SQLite index, the real flock and (last test) the real watcher process."""
from __future__ import annotations

import json
import time
from contextlib import contextmanager
from pathlib import Path

from conftest import run_cli
from test_watch import Watcher, watchers  # noqa: F401  (fixture)

from memkit.storage import changes, index
from memkit.integrations import watch
from memkit.storage.vault import Vault

NOTE = "---\ntype: note\nid: {id}\ntitle: {title}\n---\n{body}\n"


def make_notes(root: Path, n: int) -> None:
    folder = root / "library" / "notes"
    folder.mkdir(parents=True, exist_ok=True)
    for k in range(n):
        (folder / f"n{k}.md").write_text(NOTE.format(id=f"n{k}", title=f"note {k}", body=f"body {k}"))


@contextmanager
def published(v: Vault):
    """What a running watcher holds: its flock, and a journal named in the marker."""
    with watch.single(v):
        journal = changes.Journal(v)
        journal.publish()
        yield journal


def hits(v: Vault, word: str) -> list[str]:
    from memkit import search

    return [h.id for h in search.search(v, word)]


def test_a_live_watchers_journal_replaces_the_scan(vault):
    make_notes(vault, 30)
    v = Vault(vault)
    with published(v) as journal:
        first = index.refresh(v)   # the index does not follow the journal yet: one scan
        assert first["indexed"] + first["unchanged"] >= 30
        target = vault / "library" / "notes" / "n7.md"
        target.write_text(NOTE.format(id="n7", title="note 7", body="zebra crossing"))
        journal.note(str(target))
        journal.note(str(vault / "library" / "notes" / "n8.md"))   # noted, but not changed
        (vault / "library" / "notes" / "n9.md").unlink()
        journal.note(str(vault / "library" / "notes" / "n9.md"))
        second = index.refresh(v)
        assert second == {"indexed": 1, "removed": 1, "problems": 0, "unchanged": 1}   # no scan
        assert hits(v, "zebra") == ["n7"]
        assert index.refresh(v) == {"indexed": 0, "removed": 0, "problems": 0, "unchanged": 0}
        # a folder moved away: its notes have no events of their own, so the next refresh scans
        journal.note(str(vault / "library" / "notes"), is_directory=True)
        scanned = index.refresh(v)
        assert scanned["unchanged"] >= 28
        journal.withdraw()
    assert not (vault / ".memkit" / changes.MARKER).exists()


def test_without_a_live_watcher_the_journal_is_not_trusted(vault):
    make_notes(vault, 5)
    v = Vault(vault)
    with published(v):
        index.refresh(v)
    # the watcher died without withdrawing its journal (a kill): the flock went with it
    assert (vault / ".memkit" / changes.MARKER).exists() and changes.current(v) is None
    target = vault / "library" / "notes" / "n2.md"
    target.write_text(NOTE.format(id="n2", title="note 2", body="quokka"))   # not noted anywhere
    assert index.refresh(v)["indexed"] == 1 and hits(v, "quokka") == ["n2"]


def test_a_note_folder_the_watcher_does_not_watch_means_a_scan(vault):
    make_notes(vault, 1)
    v = Vault(vault)
    with published(v) as journal:
        assert changes.current(v) == journal.name
        marker = json.loads((vault / ".memkit" / changes.MARKER).read_text())
        marker["tops"] = [t for t in marker["tops"] if t != "library"]
        (vault / ".memkit" / changes.MARKER).write_text(json.dumps(marker))
        assert changes.current(v) is None


def test_memkit_watch_keeps_the_index_fresh_without_a_scan(vault, tmp_path, watchers):  # noqa: F811
    make_notes(vault, 40)
    logs = tmp_path / "logs"
    logs.mkdir()
    w = Watcher(vault, str(logs))
    watchers.append(w)
    v = Vault(vault)
    deadline = time.monotonic() + 10
    while changes.current(v) is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert changes.current(v) is not None
    first = index.refresh(v)   # the first refresh scans and starts following the journal
    assert first["indexed"] + first["unchanged"] >= 40
    target = vault / "library" / "notes" / "n3.md"
    target.write_text(NOTE.format(id="n3", title="note 3", body="narwhal"))   # in place, as an editor saves
    deadline = time.monotonic() + 10
    stats = {}
    while time.monotonic() < deadline:
        stats = index.refresh(v)
        if stats["indexed"]:
            break
        time.sleep(0.05)
    assert stats["indexed"] == 1 and stats["unchanged"] <= 2, stats   # the noted path, not a scan
    assert hits(v, "narwhal") == ["n3"]
    assert w.stop() == 0
    assert changes.current(v) is None and not (vault / ".memkit" / changes.MARKER).exists()
    out = run_cli("--vault", str(vault), "status", "--json")
    assert out.returncode == 0, out.stderr


def test_a_note_folder_moved_away_or_an_odd_name_never_leaves_the_index_stale(vault):
    make_notes(vault, 3)
    v = Vault(vault)
    with published(v) as journal:
        index.refresh(v)
        odd = vault / "library" / "notes" / "odd\u2028name.md"   # a line separator inside a file name
        odd.write_text(NOTE.format(id="odd", title="odd", body="platypus"))
        journal.note(str(odd))
        assert index.refresh(v)["indexed"] == 1 and hits(v, "platypus") == ["odd"]
        odd.unlink()
        journal.note(str(odd))
        assert index.refresh(v)["removed"] == 1
        # the whole library folder goes: its watch went with it, so the journal is no longer trusted
        journal.note(str(vault / "library"), is_directory=True)
        assert changes.current(v) is None


def test_a_small_vault_edited_for_months_is_still_small(tmp_path):
    from memkit.storage import index

    con = index.connect(tmp_path / "index.sqlite")
    rows = [(f"observations/n{k}.md",) for k in range(changes.SYNC_WALK + 500)]
    con.executemany("INSERT INTO files(path) VALUES(?)", rows)
    con.execute("DELETE FROM files WHERE rowid <= ?", (changes.SYNC_WALK + 400,))   # a note indexed again
    con.commit()                                      # takes a new rowid: 100 notes, the last rowid 2,500
    assert con.execute("SELECT max(rowid) FROM files").fetchone()[0] > changes.SYNC_WALK
    assert changes.small(con) and changes.walkable(con)
    con.execute("DELETE FROM files")
    assert changes.small(con) and not changes.walkable(con)   # empty: the rebuild's to fill
    con.close()
