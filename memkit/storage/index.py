"""The index: `.memkit/index.sqlite`, a disposable cache built from the vault's files.

Owns the schema, the incremental refresh (mtime and size per file), full rebuilds, and the rows
each note contributes (full-text chunks, one per trace turn, and activation cues). Never the
source of truth: on a schema change it is deleted and rebuilt, and deleting it loses nothing.
"""
from __future__ import annotations

import os
import stat as stat_mod
import time
TYPE_CHECKING = False   # `typing` costs the hook ~3 ms of imports; annotations are strings here
if TYPE_CHECKING:   # pathlib and json too: a search that finds no note changed needs neither
    from pathlib import Path
    from typing import Any, Callable, Iterable, Iterator

try:   # the C module: the sqlite3 package adds only its date adapters (no row memkit writes holds a
    import _sqlite3 as sqlite3   # date: rows are strings and numbers) and 3 ms of imports to every search
except ImportError:   # a Python whose sqlite3 has no C module of that name
    import sqlite3

from memkit.storage import fulltext, layout
from memkit.storage.layout import walk as _walk   # (extract reads the observations' names through it)

from memkit.storage.readonly import SCHEMA_VERSION, ReadOnly, instead, open_readonly  # noqa: F401  (read here too)
SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE files(path TEXT PRIMARY KEY, id TEXT, type TEXT, kind TEXT, status TEXT, layer TEXT,
                   title TEXT, created TEXT, mtime_ns INTEGER, size INTEGER, meta TEXT, ino INTEGER);
CREATE INDEX files_id ON files(id);
CREATE TABLE problems(path TEXT PRIMARY KEY, message TEXT, ino INTEGER);
CREATE TABLE folders(path TEXT PRIMARY KEY, mtime_ns INTEGER);
""" + fulltext.SCHEMA + """
CREATE TABLE cues(rowid INTEGER PRIMARY KEY, path TEXT, note_id TEXT, cue_type TEXT, trigger TEXT,
                  lesson TEXT, kinds TEXT, names TEXT, status TEXT, reviewed INTEGER, created TEXT,
                  session TEXT, source TEXT, importance REAL, confidence REAL, lifecycle TEXT,
                  project TEXT, sessions INTEGER, extra TEXT);
CREATE INDEX cues_path ON cues(path);
CREATE INDEX cues_standing ON cues(reviewed DESC, importance DESC);
CREATE TABLE cue_kinds(cue INTEGER, kind TEXT);
CREATE INDEX cue_kinds_kind ON cue_kinds(kind, cue);
CREATE INDEX cue_kinds_cue ON cue_kinds(cue);
CREATE TABLE cue_names(cue INTEGER, name TEXT);
CREATE INDEX cue_names_name ON cue_names(name, cue);
CREATE INDEX cue_names_cue ON cue_names(cue);
CREATE VIRTUAL TABLE cues_fts USING fts5(trigger, lesson, content='cues', content_rowid='rowid',
                                         tokenize='porter unicode61');
"""
LAYERS = {"traces": "trace", "workshop": "workshop", "observations": "observation",
          "episodes": "episode", "facts": "fact", "library": "library"}


def layer_of(rel: str) -> str:
    return LAYERS.get(rel.split("/", 1)[0], "other")


def connect(db_path: Path, *, create: bool = True) -> sqlite3.Connection:
    """An open index, created or rebuilt-empty on schema mismatch. WAL: readers never block. In a
    vault this process cannot write, the index as it is (`ReadOnly`), when there is one."""
    folder = os.path.dirname(db_path) or "."
    if os.path.exists(db_path) and not os.access(folder, os.W_OK):   # a vault this process cannot write
        if (con := open_readonly(db_path, factory=ReadOnly)) is not None:
            return con
    try:
        os.makedirs(folder, exist_ok=True)
        con = sqlite3.connect(db_path, timeout=10.0)
        con.execute("PRAGMA journal_mode=WAL")
    except (sqlite3.OperationalError, PermissionError) as e:   # a read-only file system, an immutable folder
        return instead(db_path, e)
    con.execute("PRAGMA synchronous=NORMAL")
    try:
        row = con.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
    except sqlite3.DatabaseError:
        row = None
    if row and row[0] == SCHEMA_VERSION:
        return con
    if not create:
        con.close()
        from memkit.errors import InvalidInput   # a search finds its index in place: one module fewer

        raise InvalidInput("the index is missing or out of date; run `memkit reindex`")
    con.close()
    for suffix in ("", "-wal", "-shm"):
        try:
            os.unlink(os.fspath(db_path) + suffix)
        except FileNotFoundError:
            pass
    con = sqlite3.connect(db_path, timeout=10.0)
    con.execute("PRAGMA journal_mode=WAL")
    con.executescript(SCHEMA)
    con.execute("INSERT INTO meta VALUES('schema', ?)", (SCHEMA_VERSION,))
    con.commit()
    return con


def refresh(vault, *, full: bool = False, walk: bool = False, cues: bool = True,
            progress: Callable[[int], None] | None = None, con: sqlite3.Connection | None = None) -> dict[str, int]:
    """Bring the index up to date with the files; returns counts (indexed, removed, problems,
    unchanged). A live watcher's journal names what changed; without one a large vault is checked
    by its folders and walked in the background (changes.freshen: `stale` is then the age in
    seconds of the last walk). walk: stat every note now; full: rebuild every row; cues=False leaves
    the check for a new compiler or catalogue to a caller that reads cues; con: connect()'s, kept open."""
    from functools import partial

    from memkit.storage import changes

    stats = {"indexed": 0, "removed": 0, "problems": 0, "unchanged": 0}
    own = con is None
    if own:
        con = connect(vault.index_path)
    if isinstance(con, ReadOnly):   # nothing can be written: the index as the vault holds it
        if own:
            con.close()
        return {**stats, "read_only": 1}
    try:   # closed by hand: contextlib would be a search's one import more
        journal = changes.current(vault)   # a live `memkit watch` notes what changes
        if not (full or walk or journal) and (quick := changes.freshen(vault, con, partial(_apply, con, vault))):
            return quick   # a new catalogue or compiler is seen by the next walk
        row = con.execute("SELECT value FROM meta WHERE key='cues'").fetchone()
        cues = cues or row is None   # an index without the stamp gets one (it is being built anyway)
        compiled = _cue_stamp(vault) if cues else row[0]   # cues compiled by another
        full = full or (cues and ((row is not None and row[0] != compiled)   # compiler or catalogue:
                                  or (row is None and _has_rows(con))))      # compile them again
        if journal and not full and _follow(con, vault, journal, stats):
            return stats
        start = changes.position(vault, journal)
        if full:   # one transaction: a hook reading meanwhile sees the old index or the new, never half
            _clear(con)
        walked, folders = time.time(), {}
        known = {p: (m, s) for p, m, s in con.execute("SELECT path, mtime_ns, size FROM files")}
        known.update((p, None) for p, in con.execute("SELECT path FROM problems") if p not in known)

        def changed() -> Iterator[tuple]:   # streamed: no list of every file
            for rel, path, st in _walk(vault.root, folders=folders):
                old = known.pop(rel, False)
                if old and old == (st.st_mtime_ns, st.st_size):
                    stats["unchanged"] += 1
                    continue
                yield path, rel, st.st_mtime_ns, st.st_size, old is False, st.st_ino

        batch = 1000 if full else 200
        for n, (job, rows) in enumerate(_computed(vault, changed()), 1):
            stats["indexed" if _store(con, rows, job[4]) else "problems"] += 1
            if n % batch == 0:
                if not full:
                    con.commit()
                if progress:
                    progress(n)
        for rel in known:   # what is left was not seen on disk
            _forget(con, rel)
            stats["removed"] += 1
        if full or journal or any(stats[k] for k in ("indexed", "removed", "problems")) or \
                compiled != (row[0] if row else None) or not changes.small(con):   # else nothing to write
            con.execute("INSERT OR REPLACE INTO meta VALUES('journal', ?)", (f"{journal}:{start}" if journal else "",))
            con.execute("INSERT OR REPLACE INTO meta VALUES('refreshed', datetime('now'))")
            if compiled is not None:
                con.execute("INSERT OR REPLACE INTO meta VALUES('cues', ?)", (compiled,))
            changes.walked(con, walked, folders)
            con.commit()
    finally:
        if own:
            con.close()
    return stats


def _cue_stamp(vault) -> str:
    """The lesson compiler's version and the catalogue files it reads, by name, time and size."""
    from memkit.activation import catalogue, compiler

    files = catalogue._files(_vault_of(vault).root)
    return compiler.NAME + ";" + ";".join(f"{p.name}:{catalogue._stamp(p)[0]}:{catalogue._stamp(p)[1]}" for p in files)


def _has_rows(con: sqlite3.Connection) -> bool:
    return con.execute("SELECT 1 FROM cues LIMIT 1").fetchone() is not None


def _follow(con: sqlite3.Connection, vault, journal: str, stats: dict[str, int]) -> bool:
    """Refresh from the watcher's journal: only the paths it noted since the last refresh.
    False when the index does not follow this journal yet (the caller scans everything)."""
    from memkit.storage import changes

    row = con.execute("SELECT value FROM meta WHERE key='journal'").fetchone()
    if not row or not str(row[0]).startswith(journal + ":"):
        return False
    got = changes.since(vault, journal, int(str(row[0]).rsplit(":", 1)[1]))
    if got is None:
        return False
    rels, offset = got
    todo = []
    for rel in rels:
        parts = rel.split("/")
        if any(p.startswith(".") or p == "raw" for p in parts[:-1]) or layer_of(rel) == "other":
            continue
        old = con.execute("SELECT mtime_ns, size FROM files WHERE path=?", (rel,)).fetchone()
        known = old is not None or con.execute("SELECT 1 FROM problems WHERE path=?", (rel,)).fetchone()
        try:
            st = os.lstat(os.path.join(vault.root, rel))
        except OSError:
            st = None
        if st is None or not rel.endswith(".md") or not stat_mod.S_ISREG(st.st_mode):
            if known:
                _forget(con, rel)
                stats["removed"] += 1
            continue
        if old is not None and tuple(old) == (st.st_mtime_ns, st.st_size):
            stats["unchanged"] += 1
            continue
        todo.append((os.path.join(vault.root, rel), rel, st.st_mtime_ns, st.st_size, not known, st.st_ino))
    for job, rows in _computed(vault, todo):
        stats["indexed" if _store(con, rows, job[4]) else "problems"] += 1
    con.execute("INSERT OR REPLACE INTO meta VALUES('journal', ?)", (f"{journal}:{offset}",))
    con.execute("INSERT OR REPLACE INTO meta VALUES('refreshed', datetime('now'))")
    con.commit()
    return True


def _apply(con: sqlite3.Connection, vault, jobs: list[tuple], gone: list[str], stats: dict) -> None:
    """What changes.freshen found in changed folders: the notes gone forgotten, new and replaced ones indexed."""
    for rel in gone:
        _forget(con, rel)
    stats["removed"] += len(gone)
    for job, rows in _computed(vault, jobs):
        stats["indexed" if _store(con, rows, job[4]) else "problems"] += 1


PARALLEL_FROM = 2000   # files to (re)index before the work is spread over the cores
_WINDOW = 256          # files handed to the workers at a time: bounds the rows held in memory
_worker_vault = None


def _computed(vault, jobs: Iterable[tuple]) -> Iterator[tuple[tuple, tuple]]:
    """(job, rows) for each job (path, rel, mtime_ns, size, fresh, inode), in order. From PARALLEL_FROM
    jobs on, the rows are computed on every core while this process alone writes the database, unless
    this is not the main thread (a server's walk): the fork would copy the locks others hold."""
    from itertools import chain, islice

    it = iter(jobs)
    head = list(islice(it, PARALLEL_FROM))
    if not head:
        return
    vault = _vault_of(vault)   # a note is read: a search's Layout becomes the Vault
    stream = chain(head, it)
    workers = _workers() if len(head) >= PARALLEL_FROM else 1
    if workers >= 2:
        import multiprocessing
    if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        yield from ((job, _rows(vault, *job[:4], job[5])) for job in stream)
        return
    with multiprocessing.get_context("fork").Pool(workers, initializer=_start_worker, initargs=(vault,)) as pool:
        while window := list(islice(stream, _WINDOW)):
            yield from zip(window, pool.imap(_job, window, chunksize=8))


def _vault_of(vault):
    """The Vault itself, or the one a search's Layout names: for reading notes."""
    if not isinstance(vault, layout.Layout):
        return vault
    from pathlib import Path

    from memkit.storage.vault import Vault

    return Vault(Path(vault.root))


def _workers() -> int:
    """Processes for a large batch: every core, or one off the main thread. threading is imported
    here only (a search that indexes a few changed notes has no use for it)."""
    import threading

    return min(os.cpu_count() or 1, 8) if threading.current_thread() is threading.main_thread() else 1


def _start_worker(vault) -> None:
    global _worker_vault
    _worker_vault = vault


def _job(job: tuple) -> tuple:
    return _rows(_worker_vault, *job[:4], job[5])


def _clear(con: sqlite3.Connection) -> None:
    """Empty every table inside the open transaction: dropped and created again, which frees
    their pages at once (deleting 100,000s of rows one by one took seconds)."""
    if not con.in_transaction:   # sqlite3 opens none before DDL by itself
        con.execute("BEGIN")
    for table in ("cues_fts", *fulltext.TABLES, "cue_kinds", "cue_names", "cues", "problems", "folders", "files"):
        con.execute(f"DROP TABLE IF EXISTS {table}")
    for statement in SCHEMA.split(";"):
        if statement.strip() and "TABLE meta(" not in statement:
            con.execute(statement)


def index_unseen(vault, top: str) -> int:
    """Index the notes under one layer folder that the index has no row for (written by a run
    that was killed, or pulled through git): names only, no stat of the files it knows."""
    from contextlib import closing

    with closing(connect(vault.index_path)) as con:
        known = {p for p, in con.execute("SELECT path FROM files WHERE path >= ? AND path < ? UNION ALL "
                                         "SELECT path FROM problems", (top + "/", top + "0"))}
    from pathlib import Path

    unseen = [Path(path) for rel, path, _ in _walk(vault.root, (top,), stat=False) if rel not in known]
    if unseen:
        update_paths(vault, unseen)
    return len(unseen)


def update_paths(vault, paths: list[Path]) -> None:
    """Re-index just these files (written or deleted by this process)."""
    from contextlib import closing

    rels = dict.fromkeys(_rel(vault, p) for p in paths)   # each once, in order
    with closing(connect(vault.index_path)) as con:
        _stamp_new(con, vault)
        todo = []
        for rel in rels:
            full = vault.root / rel
            known = _known(con, rel)
            if full.suffix == ".md" and layer_of(rel) != "other" and full.exists():
                st = full.stat()
                todo.append((str(full), rel, st.st_mtime_ns, st.st_size, not known, st.st_ino))
            elif known:
                _forget(con, rel)
        for n, (job, rows) in enumerate(_computed(vault, todo), 1):   # a large ingest indexes on every core
            _store(con, rows, job[4])
            if n % 1000 == 0:   # keeps the write-ahead log small; readers see a cache filling up
                con.commit()
        con.commit()


def _stamp_new(con: sqlite3.Connection, vault) -> None:
    if not con.execute("SELECT 1 FROM meta WHERE key='cues' UNION ALL SELECT 1 FROM files LIMIT 1").fetchone():
        # a new index: its cues are compiled now, by this compiler and catalogue
        con.execute("INSERT INTO meta VALUES('cues', ?)", (_cue_stamp(vault),))


def _known(con: sqlite3.Connection, rel: str) -> bool:
    return con.execute("SELECT 1 FROM files WHERE path=? UNION ALL SELECT 1 FROM problems WHERE path=?",
                       (rel, rel)).fetchone() is not None


def _rel(vault, path: Path) -> str:
    """Vault-relative, without resolving links when the path is already spelled under the root."""
    from pathlib import Path

    if not path.is_absolute():
        return Path(path).as_posix()
    try:
        rel = path.relative_to(vault.root)
    except ValueError:
        return vault.rel(path)
    return rel.as_posix() if ".." not in rel.parts else vault.rel(path)


def _forget(con: sqlite3.Connection, rel: str) -> None:
    """Drop every row of one file. Each lookup goes through an index: a full-text table is
    never scanned by path (its chunks are found by their rowid span)."""
    title = con.execute("SELECT title FROM files WHERE path=?", (rel,)).fetchone()
    fulltext.forget(con, rel, title[0] if title else None)
    con.execute("DELETE FROM files WHERE path=?", (rel,))
    con.execute("DELETE FROM problems WHERE path=?", (rel,))
    cues = con.execute("SELECT rowid, trigger, lesson FROM cues WHERE path=?", (rel,)).fetchall()
    if cues:
        con.executemany("INSERT INTO cues_fts(cues_fts, rowid, trigger, lesson) VALUES('delete', ?, ?, ?)", cues)
        con.executemany("DELETE FROM cue_kinds WHERE cue=?", [(c[0],) for c in cues])
        con.executemany("DELETE FROM cue_names WHERE cue=?", [(c[0],) for c in cues])
        con.execute("DELETE FROM cues WHERE path=?", (rel,))


def _rows(vault, path: str, rel: str, mtime_ns: int, size: int, ino: int = 0) -> tuple:
    """Everything one file contributes, computed without the database (so a worker process can):
    (rel, files row or None, problem or None, full-text rows, cue rows)."""
    from pathlib import Path

    from memkit.errors import InvalidInput
    from memkit.storage import notes

    try:
        note = notes.read(Path(path))
    except InvalidInput as e:   # the message without the file's path: its row names the file
        return rel, None, str(e).removeprefix(f"{path}: "), [], [], ino
    return rows_of(vault, note, rel, mtime_ns, size, ino)


def rows_of(vault, note, rel: str, mtime_ns: int, size: int, ino: int, turns: list | None = None) -> tuple:
    """The rows of a note already parsed (a writer that has it in memory need not read it back); its
    cue rows are what it contributes to activation: observations, library notes' cues, facts, episodes."""
    from memkit.activation import cues

    row = file_row(note, rel, mtime_ns, size, ino)
    return rel, row, None, fulltext.rows(note, rel, row[6], turns), list(cues.rows(note, rel, vault)), ino


def file_row(note, rel: str, mtime_ns: int, size: int, ino: int) -> tuple:   # the note's row of `files`
    import json

    from memkit.storage import notes

    meta = note.meta
    return (rel, note.id, str(meta.get("type") or ""), str(meta.get("kind") or ""), str(meta.get("status") or ""),
            layer_of(rel), notes.title_of(note), str(meta.get("created") or meta.get("started") or ""), mtime_ns,
            size, json.dumps(meta, default=str, ensure_ascii=False), ino)


def _store(con: sqlite3.Connection, rows: tuple, fresh: bool) -> bool:
    rel, row, problem, texts, cues, ino = rows
    if not fresh:
        _forget(con, rel)
    if row is None:
        con.execute("INSERT OR REPLACE INTO problems VALUES(?, ?, ?)", (rel, problem, ino))
        return False
    con.execute("INSERT INTO files VALUES(?,?,?,?,?,?,?,?,?,?,?,?)", row)
    fulltext.store(con, rel, row[6], texts)
    for cue in cues:
        cur = con.execute("INSERT INTO cues(path, note_id, cue_type, trigger, lesson, kinds, names, status,"
                          " reviewed, created, session, source, importance, confidence, lifecycle,"
                          " project, sessions, extra) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", cue)
        con.execute("INSERT INTO cues_fts(rowid, trigger, lesson) VALUES(?,?,?)", (cur.lastrowid, cue[3], cue[4]))
        con.executemany("INSERT INTO cue_kinds VALUES(?, ?)", [(cur.lastrowid, k) for k in cue[5].split()])
        con.executemany("INSERT INTO cue_names VALUES(?, ?)", [(cur.lastrowid, n) for n in set(cue[6].split())])
    return True


# ---- queries: activation's reads (the hooks call these on an index opened read-only) ----------
CUE_COLUMNS = ("rowid, path, note_id, cue_type, trigger, lesson, kinds, names, status, reviewed, created, session,"
               " source, importance, confidence, lifecycle, project, sessions, extra")
MAX_PER_KIND = 300   # cues read per call through shared kinds or names, newest first


def cues_by_kinds(con: sqlite3.Connection, kinds: Iterable[str], limit: int = MAX_PER_KIND) -> list[tuple]:
    wanted = sorted(set(kinds))
    if not wanted:
        return []
    marks = ",".join("?" * len(wanted))
    return con.execute(f"SELECT {CUE_COLUMNS} FROM cues WHERE rowid IN (SELECT cue FROM cue_kinds WHERE kind IN "
                       f"({marks}) ORDER BY cue DESC LIMIT {int(limit)})", wanted).fetchall()


def cues_by_names(con: sqlite3.Connection, names: Iterable[str], limit: int = MAX_PER_KIND, least: int = 1,
                  globs: bool = False) -> list[tuple]:
    """Cues holding any of these names (`least` of them), or a name these file patterns reach; newest first."""
    wanted = sorted(set(names))[:8 if globs else 500]
    if not wanted:
        return []
    where = " OR ".join(["name GLOB ?"] * len(wanted)) if globs else f"name IN ({','.join('?' * len(wanted))})"
    return con.execute(f"SELECT {CUE_COLUMNS} FROM cues WHERE rowid IN (SELECT cue FROM cue_names WHERE {where}"
                       + (f" GROUP BY cue HAVING COUNT(*) >= {int(least)}" if least > 1 else "")
                       + f" ORDER BY cue DESC LIMIT {int(limit)})", wanted).fetchall()


def cue_projects(con: sqlite3.Connection) -> set[str]:
    return {r[0] for r in con.execute("SELECT DISTINCT project FROM cues WHERE project != ''")}


def cues_by_words(con: sqlite3.Connection, words: list[str], limit: int = 20) -> list[tuple]:
    """Cues whose trigger or lesson holds any of these words (full text, best first)."""
    if not words:
        return []
    expr = " OR ".join('"' + w.replace('"', "") + '"' for w in words)
    try:
        return con.execute(f"SELECT {CUE_COLUMNS} FROM cues WHERE rowid IN (SELECT rowid FROM cues_fts WHERE "
                           f"cues_fts MATCH ? ORDER BY rank LIMIT {int(limit)})", [expr]).fetchall()
    except sqlite3.OperationalError:
        return []


def standing_cues(con: sqlite3.Connection, limit: int = 200) -> list[tuple]:
    return con.execute(f"SELECT {CUE_COLUMNS} FROM cues WHERE cue_type IN ('correction','preference','fact') "
                       f"OR cue_type LIKE 'library:%' ORDER BY reviewed DESC, importance DESC LIMIT {int(limit)}"
                       ).fetchall()


def cue_count(con: sqlite3.Connection) -> int:
    return con.execute("SELECT max(rowid) FROM cues").fetchone()[0] or 0


def word_frequencies(con: sqlite3.Connection, terms: list[str]) -> dict[str, int]:
    """How many cues hold each full-text term (the index stores porter stems)."""
    if not terms:
        return {}
    try:
        con.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.cue_vocab USING fts5vocab(main, cues_fts, row)")
        return dict(con.execute(f"SELECT term, doc FROM temp.cue_vocab WHERE term IN ({','.join('?' * len(terms))})",
                                terms).fetchall())
    except sqlite3.OperationalError:
        return {}


def workshop_backlog(con: sqlite3.Connection) -> tuple[int, int | None]:
    """(candidates waiting in the workshop, mtime_ns of the oldest)."""
    row = con.execute("SELECT count(*), min(mtime_ns) FROM files WHERE layer='workshop' AND "
                      "status='candidate'").fetchone()
    return (row[0] or 0, row[1]) if row else (0, None)
