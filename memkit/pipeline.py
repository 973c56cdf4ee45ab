"""The write pipelines as a person runs them: ingest → extract → index → commit.

Owns the order of steps and the lock around them, so the CLI, the watcher, the
git hook and the MCP server all run the same sequence, and resuming what a killed run
left undone: traces not yet extracted (their own `extracted` marks say so) and a
promotion scan that did not finish. Never commits a path outside what this run wrote
or a killed run journalled.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from memkit.storage import index
from memkit.storage.vault import Vault, orphans

INGEST_WAIT = 120.0   # seconds a second ingest (a hook, a watcher) waits its turn behind one under way


def _commit(vault: Vault, rels: list[str], subject: str, trailers: list[tuple[str, str]]) -> str | None:
    from memkit.storage import git

    return git.commit(vault.root, [vault.root / r for r in rels], subject, trailers)


def ingest(vault: Vault, paths: list[Path], *, fmt: str = "auto", extract: bool = True,
           commit: bool | None = None, progress=None) -> dict[str, Any]:
    """progress(total) -> (tick(path), done()) or (None, None): the caller draws any bar."""
    from memkit import rxcache
    from memkit.traces import ingest as ingest_mod

    rxcache.keep_at_exit()   # the next ingest (a session's end, a pre-commit hook) compiles none of it again

    if extract:   # the catalogue's first build (seconds on a fresh machine) is done before the lock,
        from memkit.activation.cues import catalogue_of   # not while a second ingest waits for it
        catalogue_of(vault)
    with vault.lock(wait=INGEST_WAIT):
        with vault.deferred_sync():   # every file is on disk before the commit names it
            pending, adopted = _known(vault)
            files = list(ingest_mod.find_logs(paths, vault))
            tick, done = progress(len(files)) if progress else (None, None)
            try:
                report = ingest_mod.ingest(vault, files, fmt, progress=tick)
            finally:
                if done:
                    done()
            written = list(report.written)
            traces = [r for r in written if not r.startswith("traces/raw/")]
            written += [r for r in adopted if r not in written]
            extracted: dict[str, Any] = {"written": [], "lines": []}
            if extract and vault.config.get("ingest.extract"):
                _scan_pending(vault)   # the new traces are extracted now, the index learns them after
                extracted = _extract_paths(vault, traces + [r for r in _resumable(vault) if r not in traces], None)
                written += extracted["written"]
            _index(vault, written, extracted)
            written += _after_extraction(vault, pending or bool(extracted["written"]))
        sha = None
        wanted = (commit if commit is not None else vault.config.get("ingest.commit")) and vault.config.get("git.commit")
        if wanted and (written or orphans(vault.state)):   # a killed run's work is committed now
            trailers = [("Memkit-Action", "ingest"), *_named(traces, written)]
            sha = _commit(vault, written, f"memkit: ingest {len(traces)} trace(s)", trailers)
    return _ingest_summary(report, traces, extracted, sha)


def _index(vault: Vault, written: list[str], extracted: dict[str, Any]) -> None:
    """Index what was written, less what the extraction workers indexed as they went."""
    done = extracted.pop("indexed", None) or set()
    index.update_paths(vault, [vault.root / r for r in written if r not in done])


MAX_NAMED = 500   # trailers per kind in one commit; a bulk ingest says how many it left out


def _named(traces: list[str], written: list[str]) -> list[tuple[str, str]]:
    """Trailers naming the traces a commit holds and the candidates it created, so
    `git log -F --grep "Memkit-Candidate: [[ID]]"` finds the commit that wrote a candidate."""
    made = [Path(r).stem for r in written if r.startswith("workshop/") and r.endswith(".md")]
    out: list[tuple[str, str]] = []
    for key, ids in (("Memkit-Trace", [Path(r).stem for r in traces]), ("Memkit-Candidate", made)):
        out += [(key, i) for i in ids[:MAX_NAMED]]
        if len(ids) > MAX_NAMED:
            out.append((key + "s-Omitted", str(len(ids) - MAX_NAMED)))
    return out


def _ingest_summary(report, traces: list[str], extracted: dict, sha: str | None) -> dict[str, Any]:
    by = {s: sum(1 for f in report.files if f.status == s) for s in
          ("written", "updated", "unchanged", "shorter", "differs", "edited", "empty", "error")}
    lines = [f"{len(report.files)} log(s): {by['written']} new, {by['updated']} updated, "
             f"{by['unchanged']} unchanged" + (f", {by['edited']} left alone (edited by hand)" if by["edited"] else "")
             + (f", {by['shorter']} shorter than their trace (kept)" if by["shorter"] else "")
             + (f", {by['differs']} whose turns differ from their trace's (kept)" if by["differs"] else "")
             + (f", {by['empty']} empty" if by["empty"] else "")
             + f"; {sum(f.skipped_lines for f in report.files)} unreadable line(s) skipped, "
             f"{sum(f.redactions for f in report.files)} secret(s) redacted"]
    lines += [f"  {f.path}: {f.message}" for f in report.files if f.status in ("edited", "shorter", "differs", "empty")]
    lines += extracted.get("lines", [])
    lines += [f"extraction: {e}" for e in extracted.get("errors", [])]
    if sha:
        lines.append(f"committed {sha[:10]}")
    return {"files": [f.__dict__ for f in report.files], "traces": traces, "bytes": report.bytes_read,
            "candidates": [r for r in extracted.get("written", []) if r.startswith("workshop/")], "commit": sha,
            "lines": lines,
            "errors": [f.message for f in report.errors]}


# ---- resuming what a killed run left ------------------------------------------------
# Which traces still need extraction is in the traces themselves (`extracted` lacks this
# extractor), found through the index; which scan is pending is a marker in .memkit set
# before candidates are written and cleared after the scan. .memkit is a cache: when it is
# gone, the index is built again and the scan runs once more (it writes only what changed).
PENDING_SCAN = "pending-scan"


def _known(vault: Vault) -> tuple[bool, list[str]]:
    """Make the index know every file a killed run wrote (journalled), or build it from the
    files. Returns whether a promotion scan is pending from before (or may be: no index), and,
    when the journal went with .memkit, the uncommitted notes memkit wrote and no one edited."""
    marker = vault.state / PENDING_SCAN
    if not vault.index_path.exists():
        index.refresh(vault)
        return True, _unjournalled(vault)
    if left := orphans(vault.state):
        index.update_paths(vault, [vault.root / r for r in left])
    return marker.exists(), []


def _unjournalled(vault: Vault) -> list[str]:
    """Uncommitted notes that carry memkit's hash of exactly their content: a killed run's work
    whose journal is gone. A file a person wrote or edited fails the hash and is left alone."""
    from memkit.errors import InvalidInput
    from memkit.storage import git, notes

    mine = []
    if not any(next((vault.root / top).rglob("*.md"), None) for top in ("traces", "workshop")):
        return mine   # a new vault: no note to ask git about (a git status is ~40 ms)
    for rel in git.uncommitted(vault.root):
        if not rel.endswith(".md") or rel.split("/", 1)[0] not in ("traces", "workshop"):
            continue
        try:
            note = notes.read(vault.root / rel)
        except InvalidInput:
            continue
        if note.meta.get("memkit-sha") and not note.edited_by_person():
            mine.append(rel)
    return mine


def _scan_pending(vault: Vault) -> None:
    """Set before candidates are written: a run killed before its scan leaves it for the next."""
    vault.state.mkdir(parents=True, exist_ok=True)
    (vault.state / PENDING_SCAN).touch()


def unextracted(vault: Vault, name: str | None = None) -> list[str]:
    """Traces this extractor never ran on (whatever its version): those a killed run left."""
    from memkit.storage import queries

    if not vault.index_path.exists():
        return []
    extractor = (name or str(vault.config.get("extract.extractor"))).split("@")[0]
    return queries.unextracted(vault, extractor)


def _resumable(vault: Vault, name: str | None = None) -> list[str]:
    """unextracted, less the traces a person staged: the pre-commit hook extracts those into
    the person's own commit."""
    pending = unextracted(vault, name)
    if pending:
        from memkit.storage import git

        staged = set(git.staged(vault.root))
        pending = [r for r in pending if r not in staged]
    return pending


def _after_extraction(vault: Vault, needed: bool) -> list[str]:
    """The promotion scan (and episodes, `[episodes] auto`) after new candidates or for a scan a
    killed run did not finish; their files join this run's commit."""
    written = []
    if needed:
        written = _scan(vault)
        written += _episodes(vault) if vault.config.get("episodes.auto") else []
    (vault.state / PENDING_SCAN).unlink(missing_ok=True)
    return written


def _scan(vault: Vault) -> list[str]:
    """The promotion scan after new candidates: proposals join the same commit. Reads the index as it is."""
    from memkit.library import promote

    return promote.scan(vault, refresh=False)["written"]


def _episodes(vault: Vault) -> list[str]:
    """Episodes and cross-session patterns after new candidates (`[episodes] auto`), in the same commit."""
    from memkit import episodes

    return episodes.write_all(vault, refresh=False)["written"]


def _extract_paths(vault: Vault, trace_rels: list[str], extractor: str | None) -> dict[str, Any]:
    from memkit import extract as extract_mod

    return extract_mod.run(vault, trace_rels, extractor)


def trace_paths(vault: Vault, session: str | None = None, staged: bool = False) -> list[str]:
    """Vault-relative trace paths: one session, those staged in git, or all."""
    from memkit.storage import lookup

    if session:
        return [lookup.resolve(vault, session, kinds=("trace",))]
    if staged:
        from memkit.storage import git

        return [r for r in git.staged(vault.root) if r.startswith("traces/") and r.endswith(".md")
                and not r.startswith("traces/raw/")]
    return [vault.rel(p) for p in vault.note_files("traces")]


def extract(vault: Vault, *, session: str | None = None, all_: bool = False, staged: bool = False,
            extractor: str | None = None, stage: bool = False, commit: bool = False) -> dict[str, Any]:
    from memkit import rxcache

    rxcache.keep_at_exit()
    with vault.lock():
        rels = trace_paths(vault, session, staged)
        with vault.deferred_sync():
            pending = False
            if not staged:   # the pre-commit hook stages only the person's own traces
                pending, _ = _known(vault)
                rels += [r for r in _resumable(vault, extractor) if r not in rels]
            _scan_pending(vault)
            result = _extract_paths(vault, rels, extractor)
            _index(vault, result["written"], result)
            result["written"] += _after_extraction(vault, pending or bool(result["written"]))
        if stage:
            _stage(vault, rels if staged else [], result["written"])
        if commit and result["written"]:
            trailers = [("Memkit-Action", "extract"), *_named(rels, result["written"])]
            result["commit"] = _commit(vault, result["written"], f"memkit: extract from {result['traces']} trace(s)",
                                       trailers)
    return result


def _stage(vault: Vault, staged_traces: list[str], written: list[str]) -> None:
    """git add for the pre-commit hook: workshop files only, plus the traces the person staged
    (their `extracted` mark). The candidates of a staged trace join its commit even when an
    earlier ingest wrote them."""
    from memkit.storage import git

    wanted = set(written) | set(_candidates_of(vault, staged_traces))
    ok = [r for r in sorted(wanted) if (r.startswith("workshop/") or r in staged_traces)
          and (vault.root / r).exists()]
    git.stage(vault.root, [vault.root / r for r in ok])


def _candidates_of(vault: Vault, trace_rels: list[str]) -> list[str]:
    from memkit.storage import queries

    if not trace_rels:
        return []
    index.index_unseen(vault, "workshop")   # candidates another run wrote; their session links never change
    links = [f"[[{Path(r).stem}]]" for r in trace_rels]
    return list(queries.paths(vault, layer="workshop", sessions=tuple(links)))
