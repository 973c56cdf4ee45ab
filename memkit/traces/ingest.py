"""Ingest (layer 1): agent logs in, one complete trace file per session out.

Owns format detection, the choice of trace id and path, redaction before any
byte is written, idempotence (an unchanged log writes nothing) and growth (a log
that grew updates its trace). Never rewrites a trace a person edited, and never
writes outside the vault.
"""
from __future__ import annotations

import hashlib
import importlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from memkit.storage import notes
from memkit.traces import render as traces
from memkit.errors import InvalidInput
from memkit.traces.model import Session
from memkit.traces.readers import FORMAT_NAMES, READERS   # the registry of log formats
from memkit.storage.vault import Vault

LOG_SUFFIXES = (".jsonl", ".aider.chat.history.md")
COPY_SUFFIXES = (".md", ".txt", ".log")   # in a folder, taken when their opening reads as a console copy


@dataclass
class FileResult:
    path: str
    format: str = ""
    status: str = ""                 # written | updated | unchanged | shorter | differs | edited | empty | error
    traces: list[str] = field(default_factory=list)
    skipped_lines: int = 0
    redactions: int = 0
    message: str = ""


@dataclass
class Report:
    files: list[FileResult] = field(default_factory=list)
    written: list[str] = field(default_factory=list)   # vault-relative paths written
    bytes_read: int = 0

    @property
    def errors(self) -> list[FileResult]:
        return [f for f in self.files if f.status == "error"]


def reader(name: str):
    return importlib.import_module(f"memkit.traces.readers.{name}")


def _head(path: Path) -> str:
    with open(path, "rb") as f:
        return f.read(8192).decode("utf-8", errors="replace").lstrip("\ufeff")


def detect(path: Path) -> str:
    """The reader module name for a log file, or raise InvalidInput."""
    head = _head(path)
    for name in READERS:
        try:
            mod = reader(name)
        except ImportError:
            continue
        if mod.detect(path, head):
            return name
    raise InvalidInput(f"{path}: not a log format memkit reads ({', '.join(FORMAT_NAMES)}; a console "
                       "format is a Claude Code or Gemini CLI console copy)")


def a_copy(path: Path) -> bool:
    """A file of a searched folder that opens like a Claude Code or Gemini CLI console copy (a folder of
    notes beside them is not read as logs)."""
    try:
        head = _head(path)
    except OSError:
        return False
    return any(reader(name).detect(path, head) for name in ("console", "gemini_console"))


def find_logs(paths: list[Path], vault: Vault) -> Iterator[Path]:
    """Files named directly, and every session log below a named folder (not inside the vault)."""
    for p in paths:
        if p.is_dir():
            for dirpath, dirnames, filenames in os.walk(p):
                here = Path(dirpath).resolve()
                dirnames[:] = sorted(d for d in dirnames if not d.startswith(".")
                                     and (here / d) != vault.root)
                for name in sorted(filenames):
                    path = Path(dirpath) / name
                    if not path.is_file():   # never a FIFO
                        continue
                    if name.endswith(LOG_SUFFIXES) or (name.endswith(COPY_SUFFIXES) and a_copy(path)):
                        yield path
        elif p.is_file():
            yield p
        elif p.exists():
            raise InvalidInput(f"{p}: not a regular file; memkit reads logs from files")
        else:
            raise InvalidInput(f"{p}: no such file or folder")


def ingest(vault: Vault, paths: list[Path], fmt: str = "auto",
           progress: Callable[[Path], None] | None = None) -> Report:
    """Ingest logs into traces. The caller holds the vault lock."""
    if fmt != "auto" and fmt not in FORMAT_NAMES:
        raise InvalidInput(f"unknown format {fmt!r}; choose auto, {', '.join(FORMAT_NAMES)}")
    report = Report()
    for path, prepared in _prepared(list(find_logs(paths, vault)), fmt):
        result = FileResult(str(path))
        report.files.append(result)
        try:
            if isinstance(prepared, Exception):
                raise prepared
            _ingest_file(vault, path, prepared, result, report, fmt)
        except InvalidInput as e:
            result.status, result.message = "error", str(e)
        except OSError as e:
            result.status, result.message = "error", f"{path}: cannot read ({e.strerror or e})"
        if progress:
            progress(path)
    return report


PARALLEL_FROM = 24   # logs: from here on they are read and rendered on every core
_WINDOW = 64         # logs handed to the workers at a time: bounds the rendered text held in memory


def _prepared(files: list[Path], fmt: str) -> Iterator[tuple[Path, tuple | Exception]]:
    """(log, what _prepare made of it), in order. The workers only read and render: every write,
    and every trace id claimed, stays in this process, in this order."""
    import multiprocessing
    from functools import partial
    from itertools import islice

    work = partial(_prepare, fmt=fmt)
    workers = min(os.cpu_count() or 1, 8)
    if len(files) < PARALLEL_FROM or workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        yield from ((path, work(path)) for path in files)
        return
    from memkit import redact  # noqa: F401  (its patterns compile on import: once here, not in each worker)

    it = iter(files)
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        while window := list(islice(it, _WINDOW)):
            yield from zip(window, pool.imap(work, window, chunksize=2))


def _prepare(path: Path, fmt: str) -> tuple | Exception:
    """The CPU work on one log, writing nothing: detect, read, render and redact each session."""
    from memkit.redact import redact

    try:
        name = FORMAT_NAMES[fmt] if fmt != "auto" else detect(path)
        digest, size = _sha256(path)
        rendered = []
        for session in reader(name).read(path):
            body, count = redact(traces.render_body(session))
            turns, session.turns = len(session.turns), []   # the writer needs the header alone
            rendered.append((session, turns, body, count))
        return name, digest, size, rendered
    except (InvalidInput, OSError) as e:
        return e


def _ingest_file(vault: Vault, path: Path, prepared: tuple, result: FileResult, report: Report,
                 fmt: str = "auto") -> None:
    name, digest, size, rendered = prepared
    result.format = getattr(reader(name), "NAME", name)
    report.bytes_read += size
    if not rendered and fmt != "auto" and size and not reader(name).detect(path, _head(path)):
        # a format the person named, and the file is not of it (one of it with no session is "empty")
        raise InvalidInput(f"{path}: no {result.format} session in it; is it a {result.format} log? (leave "
                           "--format out to let memkit tell)")
    if not rendered:
        result.status, result.message = "empty", f"no session found as {result.format}"   # (the summary names the file)
        return
    source = {"path": _display(path), "sha256": digest, "bytes": size}
    statuses = []
    for session, turns, body, count in rendered:
        result.skipped_lines += session.skipped_lines
        by_file = name in BY_FILE or (name == "generic" and session.session_id == path.stem)
        status, tid = write_trace(vault, session, source, report, turns, body, count, by_file)
        result.traces.append(tid)
        result.redactions += count
        statuses.append(status)
    for s in ("shorter", "differs", "edited", "written", "updated"):
        if s in statuses:
            result.status = s
    result.status = result.status or "unchanged"
    if result.status == "edited":
        result.message = "a trace was edited by hand since memkit wrote it; left as it is"
    elif result.status == "shorter":
        result.message = "holds fewer turns than the trace of its session; the trace keeps them all"
    elif result.status == "differs":
        result.message = ("its turns are not the trace's turns (a record lost or changed in the log); the trace "
                          "keeps its turns and their numbers")
    if vault.config.get("ingest.keep_raw") and result.status in ("written", "updated"):
        raw_rel = f"traces/raw/{result.traces[0]}{''.join(path.suffixes[-1:])}"
        vault.write_text(raw_rel, _redacted_copy(path))   # verbatim but for secrets: they never reach the vault
        report.written.append(raw_rel)


def _sha256(path: Path) -> tuple[str, int]:
    digest, size = hashlib.sha256(), 0
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            digest.update(chunk)
            size += len(chunk)
    return digest.hexdigest(), size


def _redacted_copy(path: Path) -> str:
    from memkit.redact import Redacted, redact

    with open(path, "rb") as f:   # through the gate line by line: writing it needs no second search
        return Redacted("".join(redact(line.decode("utf-8", errors="replace"))[0] for line in f))


def write_trace(vault: Vault, session: Session, source: dict, report: Report, turns: int, body: str,
                count: int, by_file: bool = False) -> tuple[str, str]:
    """Write (or leave) one session's trace, rendered and redacted; returns (status, trace id).
    by_file: the format names the session by its file (a console copy, a generic log without a
    session id): a log whose turns are not those of the session its name already holds (two
    `day-002.md` of other folders) gets a trace of its own. A copy of a session from another place
    that holds no more turns than its trace (a log cut short, an older backup) leaves the trace as it
    is: `shorter`, or `unchanged` when it holds as many (two copies do not take turns forever)."""
    tid, existing = _claim_id(vault, session)
    elsewhere = existing is not None and traces.log_of(existing.meta).get("path") not in (None, source["path"])
    if by_file and elsewhere and not existing.edited_by_person() and existing.body != body and \
            not _continues(existing.body, body):
        session.session_id += "~" + hashlib.sha256(str(source["path"]).encode()).hexdigest()[:8]
        tid, existing = _claim_id(vault, session)
        elsewhere = False
    rel = f"{traces.folder(tid)}/{tid}.md"
    meta = _meta(vault, session, turns, tid, source, count, existing)
    if existing is not None:
        if existing.edited_by_person() and not _properties_only(existing):
            return "edited", tid
        if existing.body == body and _same(existing.meta, meta):
            return "unchanged", tid
        held = _turns(existing.meta)
        if existing.body != body and _continues(existing.body, body) and (
                turns < held or (elsewhere and turns == held)):
            return ("shorter" if turns < held else "unchanged"), tid
        if existing.body != body and not _continues(existing.body, body) and not _kept_turns(existing.body, body):
            return "differs", tid   # a record lost or changed in the log: the trace's turns and their anchors stay
        if existing.body != body:
            meta["extracted"] = []      # new turns: extraction runs again (a new layout alone does not)
    note = notes.Note(notes.stamp(meta, body), body)
    vault.write_text(rel, notes.render(note))
    report.written.append(rel)
    return ("updated" if existing is not None else "written"), tid


# the keys memkit writes into a trace (and wrote before); any other is a person's own property
_TRACE_KEYS = frozenset({"type", "id", traces.SESSION_KEY, "agent", "project", "cwd", "started", "ended", "turns",
                         *traces.LOG_KEYS, "redactions", "skipped_lines", "parent", "agent_id", "branch", "user",
                         "extracted", "tags", "memkit-sha", "session", "source", "updated"})


def _properties_only(note: notes.Note) -> bool:
    """The person's edit only added properties of their own (Obsidian's `rating: 5`), its text and
    memkit's keys as memkit wrote them: the session's later turns still join it, the properties kept."""
    own = {k: v for k, v in note.meta.items() if k in _TRACE_KEYS}
    return len(own) < len(note.meta) and notes.content_hash(own, note.body) == note.meta.get("memkit-sha")


_TURN = "\n## Turn "
BY_FILE = ("console", "gemini_console", "aider")   # readers whose session ids come from the file, not the log


def _continues(old: str, new: str) -> bool:
    """The two renderings are one session, longer or shorter: the same opening and the same turns as
    far as the shorter one goes (its last turn may have been growing when it was copied)."""
    a, b = old.split(_TURN), new.split(_TURN)
    same = max(1, min(len(a), len(b)) - 1)
    return a[:same] == b[:same]


def _kept_turns(old: str, new: str) -> bool:
    """Every turn of the old rendering (but a last one still growing) is in the new one, in order,
    said the same or redacted more: the session grown, laid out anew, or read better (a reader that
    now finds a turn it missed). A log that lost an earlier record loses a turn of the trace."""
    from memkit.redact import redact

    was, now = (traces.parse_turns(b) for b in (old, new))
    rest = iter(now)
    return all(any(b.role == a.role and (b.text == a.text or b.text == redact(a.text)[0]) for b in rest)
               for a in was[:-1])


def _turns(meta: dict) -> int:
    try:
        return int(meta.get("turns") or 0)
    except (TypeError, ValueError):
        return 0


def _claim_id(vault: Vault, session: Session) -> tuple[str, notes.Note | None]:
    """A trace id for the session, longer when a different session already holds the short one; a
    session memkit named the earlier way (`trace_id(legacy=True)`) keeps its trace."""
    free = None
    for length in (8, 16, 64):
        tid = traces.trace_id(session, length)
        found = _held(vault, tid, session)
        if found is _FREE:
            free = tid
            break
        if found is not None:
            return tid, found
    if free is None:
        raise InvalidInput(f"cannot find a free trace id for session {session.session_id!r}")
    for length in (8, 16, 64):
        tid = traces.trace_id(session, length, legacy=True)
        if tid == traces.trace_id(session, length):
            break   # named the same way both times: looked at already
        found = _held(vault, tid, session)
        if found is _FREE:
            break
        if found is not None:
            return tid, found
    return free, None


_FREE = object()


def _held(vault: Vault, tid: str, session: Session):
    """_FREE when no trace is called tid, its note when it is this session's, None when another's."""
    path = vault.root / traces.folder(tid) / f"{tid}.md"
    if not path.exists():
        return _FREE
    note = notes.read(path)
    if traces.session_of(note.meta) == session.session_id and \
            str(note.meta.get("agent_id") or "") == str(session.agent_id or ""):
        return note
    return None


def _meta(vault: Vault, s: Session, turns: int, tid: str, source: dict, redactions: int,
          existing: notes.Note | None) -> dict:
    from memkit.redact import redact

    meta = dict(existing.meta) if existing else {}
    if existing is not None and traces.SESSION_KEY not in meta:   # a trace in the earlier layout
        meta = {(traces.SESSION_KEY if k == "session" else k): v for k, v in meta.items() if k != "source"}
    fresh = {"type": "trace", "id": tid, traces.SESSION_KEY: s.session_id, "agent": s.agent,
             "project": s.project, "cwd": redact(s.cwd)[0], "started": s.started, "ended": s.ended,
             "turns": turns, **{f"log_{k}": v for k, v in source.items()}, "redactions": redactions,
             "skipped_lines": s.skipped_lines}
    if s.parent_session:
        fresh["parent"] = s.parent_session
        fresh["agent_id"] = s.agent_id
    if s.extra.get("gitBranch"):
        fresh["branch"] = s.extra["gitBranch"]
    if existing is None:   # the person who ran the session; a trace keeps its first owner
        from memkit.storage import people

        if who := people.me(vault):
            fresh["user"] = who
    meta.update(fresh)
    meta.setdefault("extracted", [])
    return meta


def _same(old: dict, new: dict) -> bool:
    keys = set(old) | set(new)
    return all(old.get(k) == new.get(k) for k in keys
               if k not in notes.VOLATILE_KEYS | {"source", "tags", *traces.LOG_KEYS})


def _display(path: Path) -> str:
    full = str(path.resolve())
    home = os.path.expanduser("~")
    return "~" + full[len(home):] if home != "/" and full.startswith(home + os.sep) else full
