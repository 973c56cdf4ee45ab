"""The action catalogue: the kinds of things coding agents do, as data (`memkit/data/actions/
<area>.toml`, extended or overridden per vault by `<vault>/actions/*.toml`), and the
classifier that tells which kinds an act, a request or a lesson is of.

It runs in the PreToolUse hook on every tool call: standard library only, each regex
compiled at most once per process and tried only on a text that holds its literals
(`literals.py`); it never touches the network or the index, and writes nothing but its
snapshot in `.memkit/`. The file format is documented in `memkit/data/actions/README.md`.
"""
from __future__ import annotations

import functools
import os
import re
import sys
import time
from pathlib import Path

from memkit import DATA, rxcache
from memkit.activation import commands, literals
from memkit.activation.acts import SHELLISH, Act, from_call, from_prose, plain_verbs
from memkit.activation.parts import concrete_part, prose_part
from memkit.errors import InvalidInput

PACKAGED = DATA / "actions"
OVERRIDE_DIR, LEGACY_OVERRIDE = "actions", "action_types.toml"
MEMO_SIZE, BIG_MEMO_SIZE = 4096, 16   # the big memo: acts over 4 KB (a turn's calls, asked about again)
SNAPSHOT_VERSION = 10   # bump with the layout `_plain` writes (or `literals.derive` makes)


class Rx:
    """The regexes of one key of one kind. Each compiles on first use and is not tried on a
    text that lacks one of its required literals."""

    __slots__ = ("_compiled", "any_literal", "literals", "sources", "where")

    def __init__(self, sources: tuple, lits: tuple, where: str, any_literal=False):
        self.sources, self.literals, self.where = sources, lits, where
        # every match holds a literal of each clause: index each pattern by its most selective one
        # (a snapshot keeps it: working it out is most of the cost of thawing a kind)
        self.any_literal = any_literal if any_literal is not False else (
            None if None in lits else frozenset().union(*(max(c, key=literals.selective) for c in lits)))
        self._compiled: list = [None] * len(sources)

    def compile(self, n: int) -> re.Pattern:
        if self._compiled[n] is None:
            try:
                self._compiled[n] = rxcache.compile(self.sources[n])
            except re.error as e:
                raise InvalidInput(f"{self.where}: invalid regex {self.sources[n]!r}: {e}") from None
        return self._compiled[n]

    def search(self, doc: tuple, only: set | None = None) -> re.Match | None:
        text, present = doc
        if only is not None:
            return next((m for n in sorted(only) if (m := self.compile(n).search(text))), None)
        if self.any_literal is not None and self.any_literal.isdisjoint(present):
            return None
        lacks = present.isdisjoint   # a clause none of whose literals the text holds
        for n, clauses in enumerate(self.literals):
            if clauses is not None and any(map(lacks, clauses)):
                continue
            m = (self._compiled[n] or self.compile(n)).search(text)
            if m:
                return m
        return None

    def finditer(self, doc: tuple, only: set | None = None):
        """Every match of every pattern in order; only: just these (the text holds their literals)."""
        text, present = doc
        if only is not None:
            for n in sorted(only):
                yield from self.compile(n).finditer(text)
            return
        if self.any_literal is not None and self.any_literal.isdisjoint(present):
            return
        lacks = present.isdisjoint
        for n, clauses in enumerate(self.literals):
            if clauses is None or not any(map(lacks, clauses)):
                yield from (self._compiled[n] or self.compile(n)).finditer(text)


_SHOWN = frozenset({"command", "code", "action", "paths"})


class Kind:
    """One kind of action. A plain class: `dataclasses` costs a hook process ~8 ms of imports."""

    __slots__ = ("id", "about", "consequence", "broad", "safe", "tools", "calls", "path_tools", "langs",
                 "alternatives", "rx", "area", "within")

    def __init__(self, id: str, about: str, consequence: str = "normal", broad: bool = False, safe: bool = False,
                 tools: frozenset = frozenset(), calls: frozenset = frozenset(), path_tools: frozenset = frozenset(),
                 langs: frozenset = frozenset(), alternatives: tuple = (), rx: dict | None = None, area: str = "",
                 within: tuple = ()):
        self.id, self.about, self.consequence, self.broad, self.safe = id, about, consequence, broad, safe
        self.tools, self.calls, self.path_tools, self.langs = tools, calls, path_tools, langs
        self.alternatives, self.rx, self.area = alternatives, rx or {}, area
        self.within = within   # wider kinds this one is a special case of

    @property
    def benign(self) -> bool:   # the name the extraction code reads
        return self.safe

    @property
    def generic(self) -> bool:
        return self.broad

    @property
    def said_only(self) -> bool:   # no pattern an action can show: only lessons and requests name it
        return not _SHOWN & self.rx.keys()

    def __repr__(self) -> str:
        return f"Kind({self.id!r})"


class Kinds(dict):
    """The kinds by id, each built from its snapshot bytes the first time it is asked for: a hook
    call needs a few dozen of the catalogue's hundreds."""

    def __init__(self, spans: dict[str, tuple[int, int]], cold, build):
        super().__init__()
        self._spans, self._cold, self._build = spans, cold, build

    def raw(self, kid: str) -> bytes:
        return self._cold[self._spans[kid]]

    def __missing__(self, kid: str) -> Kind:
        if kid not in self._spans:
            raise KeyError(kid)
        kind = self[kid] = self._build(self.raw(kid))
        return kind

    def __contains__(self, kid) -> bool:
        return kid in self._spans

    def get(self, kid, default=None):
        return self[kid] if kid in self._spans else default

    def __iter__(self):
        return iter(self._spans)

    def __len__(self) -> int:
        return len(self._spans)

    def keys(self):
        return self._spans.keys()

    def values(self):
        return [self[k] for k in self._spans]

    def items(self):
        return [(k, self[k]) for k in self._spans]


class Catalogue:
    def __init__(self, kinds: dict[str, Kind], derived: tuple | None = None, cold=None):
        self.kinds = kinds
        self._memo, self._big = {}, {}
        self._docs: dict = {}
        if derived is None:
            derived = literals.derive(kinds, _all_rx)
        self._short, self._by_head, index, self._always = derived[:4]
        self._index = literals.Index(index) if cold is not None else index
        # what requests and lessons are read against, as the snapshot keeps it (intent.table, compiler._derived)
        self._tables, self._cold = (derived[4] if cold is not None else {}), cold
        self._reader = literals.Reader(self._short, self._by_head)
        self._patterns = literals.Patterns(self._index, kinds)

    def _stored(self, name: str) -> bytes:
        span = self._tables.get(name)
        return self._cold[span] if span else b""

    @property
    def compiler_packed(self) -> bytes:
        return self._stored("compiler")

    @property
    def intent_packed(self) -> str:
        return self._stored("intent").decode()

    @property
    def types(self) -> dict[str, Kind]:   # the name the extraction code reads
        return self.kinds

    # ---- classification ------------------------------------------------------
    def classify(self, act: Act, lesson: bool = False, relax: bool = False,
                 among: frozenset | None = None) -> dict[str, str]:
        """kind id -> the part of the act that matched (command, code, action, path, calls, words).
        lesson: the text is a lesson, which quotes both the wrong and the right way (no `unless`);
        relax: ignore `requires` (the caller then needs other evidence that the context holds);
        among: only these kinds are tried, for a caller that needs no other (not remembered)."""
        # a large act (a file's content, an edit read in its file) is remembered too, in a smaller memo
        small = len(act.raw) + len(act.prose) <= 4096 and len(act.context) <= 4096
        memo = self._memo if small else self._big
        key = (act.family, act.command, act.paths, act.added, act.lang, act.prose, act.context, lesson, relax, act.after)
        known = memo.get(key)
        if known is not None:
            return dict(known) if among is None else {k: part for k, part in known if k in among}
        found = self._classify(act, lesson, relax, among)
        for inner in commands.remote(act.command) if act.command else ():   # what `ssh host "…"` runs there
            found = {**self._classify(Act(act.tool, "shell", command=inner, raw=inner), lesson, relax, among), **found}
        if among is not None:
            return found
        if len(memo) >= (MEMO_SIZE if small else BIG_MEMO_SIZE):
            memo.clear()
        memo[key] = tuple(found.items())
        return found

    def _classify(self, act: Act, lesson: bool, relax: bool = False, among: frozenset | None = None) -> dict[str, str]:
        """among: only these kinds are tried, each text read for their literals alone (a kind's part
        is found independently of the others', and no literal of the act leads to a kind that
        cannot match)."""
        prose = act.family == "prose"
        concrete = act.command or act.added
        doc = self._doc if among is None else self._reading(among)
        added = doc(act.added) if act.added else None
        docs_cmd = doc(act.command) if act.command else None
        docs = {"command": docs_cmd,
                "shellish": added if act.lang in SHELLISH else None,
                "code": added,
                "action": self._action(act, docs_cmd, doc) if concrete else None,
                "prose": doc(plain_verbs(act.prose)) if prose else None,
                "after": doc(act.after) if act.after and act.added else None}
        present = frozenset().union(*(d[1] for d in docs.values() if d))
        path_docs = [doc(p) for p in act.paths] if act.paths and not prose else None   # once per act
        context, found = None, {}
        tried = self._tried(docs["prose"][1], lesson) if prose and among is None else None
        for kid in (sorted(tried) if tried is not None else self._candidates(present, path_docs, prose)
                    if among is None else sorted(among & self.kinds.keys())):
            k = self.kinds[kid]
            if k.tools and not prose and act.family not in k.tools and act.family not in k.calls:
                continue
            part = None
            if prose:
                part = prose_part(k, docs["prose"], not lesson, tried[kid] if tried else None)
            else:
                if act.family in k.calls:
                    part = "calls"
                elif k.rx.get("paths") and act.paths and (not k.path_tools or act.family in k.path_tools):
                    part = "path" if any(k.rx["paths"].search(d) for d in path_docs) else None
                if part is None and concrete:
                    part = concrete_part(k, docs, act)
                    if part and k.rx.get("requires") and not relax:
                        if context is None:
                            context = self._joined((*act.paths, act.context, act.command, act.added), doc)
                        if not all(r.search(context) for r in k.rx["requires"]):
                            part = None
            if part and not lesson and k.rx.get("unless") and concrete and \
                    k.rx["unless"].search(docs["after"] if part == "around" else docs["command"] or docs["code"]):
                part = None
            if part == "around":   # the code the edit leaves, read across the lines it kept
                part = "code"
            if part and not (not lesson and prose and k.rx.get("unless") and k.rx["unless"].search(docs["prose"])):
                found[kid] = part
        if prose and lesson:   # a lesson that names a commit names no commit without a sign-off
            found = {kid: part for kid, part in found.items() if part == "words" or not self.lacking(kid, found)}
        return found

    def kinds_of(self, act: Act, lesson: bool = False, include_safe: bool = False, relax: bool = False) -> set[str]:
        return {k for k in self.classify(act, lesson, relax) if include_safe or not self.kinds[k].safe}

    # the interface the extraction code uses
    def classify_action(self, tool_name: str, tool_input, include_benign: bool = False, context: str = "",
                        relax: bool = False, among=None) -> set[str]:
        """among: the caller needs only which of these kinds the call is of (classify_action(…) &
        among): only they are tried, unless the whole answer is remembered already."""
        act = from_call(tool_name, tool_input)
        if context:
            act.context = context
        if among is None:
            return self.kinds_of(act, include_safe=include_benign, relax=relax)
        wanted = frozenset(k for k in among if k in self.kinds and (include_benign or not self.kinds[k].safe))
        return wanted.intersection(self.classify(act, relax=relax, among=wanted)) if wanted else set()

    def classify_text(self, text: str, include_benign: bool = False, among=None) -> set[str]:
        """among: the caller needs only which of these kinds the text is of (classify_text(text) &
        among): only they, and the wider kinds they are an alternative to, are tried."""
        if among is None:
            return self.kinds_of(from_prose(text), lesson=True, include_safe=include_benign)
        wanted = {k for k in among if k in self.kinds and (include_benign or not self.kinds[k].safe)}
        tried = frozenset(wanted.union(*(self.kinds[k].alternatives for k in wanted)))   # read by `lacking`
        return wanted.intersection(self._classify(from_prose(text), True, among=tried)) if wanted else set()

    def specific(self, ids: set[str]) -> set[str]:
        """Drop broad kinds when something more specific is there."""
        narrow = {t for t in ids if t in self.kinds and not self.kinds[t].broad}
        return narrow if narrow else set(ids)

    def about(self, kid: str) -> str:
        found = self.kinds.get(kid)
        return found.about if found else kid.replace(":", " ").replace("-", " ")

    def lacking(self, kid: str, kinds) -> bool:
        """The kind is a broad action among `kinds` minus something it lacks (a commit without a
        sign-off): matching the action alone says nothing of what it lacks."""
        k = self.kinds[kid]
        return bool(k.rx.get("unless")) and any(a in kinds and self.kinds[a].broad for a in k.alternatives)

    def _candidates(self, present: frozenset, path_docs: list | None, prose: bool) -> list[str]:
        """The kinds a literal of the act's text or paths leads to, and those no literal narrows;
        for an action, only those with a pattern tried on an action's text (or paths, or calls)."""
        found = set(self._always["text" if prose else "concrete"])
        if path_docs:
            found |= self._always["paths"]
            by_path = self._always["by_path"]
            for lit in frozenset().union(*(d[1] for d in path_docs)):
                found.update(by_path.get(lit, ()))
        literals.lead_to(self._index, present, prose, found)
        return sorted(found)

    def _tried(self, present: frozenset, lesson: bool) -> dict | None:
        """kind id -> the patterns of each key a lesson or request can match (None: every pattern
        of a kind no literal narrows), from the pattern index once this process has read enough
        texts to make it pay; else None, and the literal index picks the kinds to try."""
        tried = self._patterns.possible(present, not lesson)
        if tried is not None:
            tried.update(dict.fromkeys(self._always["text"]))
        return tried

    def _action(self, act: Act, command_doc, doc) -> tuple[str, frozenset]:
        """The doc of act.text, from the docs of its parts where it joins them."""
        if act.command:
            return command_doc
        return doc(act.text) if act.prose and not act.paths else self._joined((*act.paths[:1], act.added), doc)

    def _joined(self, parts: tuple, doc) -> tuple[str, frozenset]:
        """The doc of parts joined by newlines, from each part's own doc (a part already read,
        such as a megabyte Write's content, is not read again)."""
        parts = [p for p in parts if p]
        read = self._read if doc == self._doc else doc
        seams = [read(a[-64:] + "\n" + b[:64]) for a, b in zip(parts, parts[1:])]   # literals across a join
        return "\n".join(parts), frozenset().union(*(d[1] for d in [*map(doc, parts), *seams]))

    def _reading(self, among: frozenset):
        """A doc for these kinds alone: the literals of their patterns a text holds (those of a
        whole doc, less what no pattern of theirs needs)."""
        lits = frozenset(lit for kid in among if kid in self.kinds for rx in _all_rx(self.kinds[kid])
                         for clauses in rx.literals if clauses is not None for c in clauses for lit in c)

        def doc(text: str) -> tuple[str, frozenset]:
            low = text.lower()
            return text, frozenset(lit for lit in lits if lit in low)
        return doc

    def _doc(self, text: str) -> tuple[str, frozenset]:
        """The text with the known literals it holds, found through their first three letters."""
        if (hit := self._docs.get(text)) is not None:
            return hit
        if len(self._docs) > 32:
            self._docs.clear()
        self._docs[text] = found = self._read(text)
        return found

    def _read(self, text: str) -> tuple[str, frozenset]:
        return self._reader.read(text)


def _all_rx(k: Kind) -> list[Rx]:
    return [r for key, v in k.rx.items() for r in (v if key == "requires" else (v,))]


# ---- loading -------------------------------------------------------------------
def load(vault_root: Path | None = None) -> Catalogue:
    """The packaged catalogue merged with the vault's `actions/*.toml` (and a legacy
    `action_types.toml`): a kind with a known id replaces it, a new id adds one,
    `disabled = true` removes one."""
    root = Path(vault_root) if vault_root is not None else None
    stamps = _packaged_stamps() + tuple((str(p), *_stamp(p)) for p in _files(root, packaged=False))
    state = root / ".memkit" if root is not None and (root / ".memkit").is_dir() else None
    return _load(stamps, state)


RECHECK = 2.0   # seconds the packaged files' stamps are trusted (an ingest loads hundreds of times a second)
_PACKAGED: list = [0.0, ()]


def _packaged_stamps() -> tuple:
    now = time.monotonic()
    if now - _PACKAGED[0] >= RECHECK:
        _PACKAGED[:] = [now, tuple((str(p), *_stamp(p)) for p in _files(None))]
    return _PACKAGED[1]


def _files(root: Path | None, packaged: bool = True) -> list[Path]:
    files = sorted(PACKAGED.glob("*.toml")) if packaged else []
    if root is not None:
        legacy = root / LEGACY_OVERRIDE
        if legacy.is_file():
            files.append(legacy)
        over = root / OVERRIDE_DIR
        if over.is_dir():
            files.extend(sorted(over.glob("*.toml")))
    return files


def _stamp(p: Path) -> tuple[int, int]:
    try:
        st = p.stat()
        return st.st_mtime_ns, st.st_size
    except OSError:
        return 0, 0


_BUILT: dict[tuple, Catalogue] = {}


@functools.lru_cache(maxsize=8)
def _load(stamps: tuple, state: Path | None) -> Catalogue:
    from memkit.activation import snapshot

    here = os.path.dirname(__file__)
    code = [os.stat(os.path.join(here, f)).st_mtime_ns for f in (   # the code that builds what it keeps
        "catalogue.py", "literals.py", "snapshot.py", "catalogue_files.py", "intent.py", "compiler.py", "clauses.py",
        "commands.py", "acts.py")]
    key = [SNAPSHOT_VERSION, list(sys.version_info[:2]), code, [list(s) for s in stamps]]
    stored = snapshot.read(state, key)
    if stored is not None:   # the same files another vault of this process loaded: one catalogue, compiled once
        return _remember(stamps, _BUILT.get(stamps) or _thawed(stored))
    shared = snapshot.user_cache() if all(Path(s[0]).parent == PACKAGED for s in stamps) else None
    cat = _BUILT.get(stamps)   # the same files in another vault this process opened (no override)
    if cat is None and shared is not None:
        cat = _thawed(snapshot.read(shared, key))   # the packaged catalogue as another vault on this machine built it
    if cat is None:
        cat = build([Path(s[0]) for s in stamps], state)
        if shared is not None:
            snapshot.write(shared, key, cat)
    if state is not None:
        snapshot.write(state, key, cat)
    return _remember(stamps, cat)


def _remember(stamps: tuple, cat: Catalogue) -> Catalogue:
    _BUILT[stamps] = cat
    while len(_BUILT) > 4:
        _BUILT.pop(next(iter(_BUILT)))
    return cat


def _thawed(stored) -> Catalogue | None:
    if stored is None:
        return None
    spans, derived, cold = stored
    return Catalogue(Kinds(spans, cold, _kind), derived, cold)


def _kind(raw: bytes) -> Kind:
    import marshal

    (kid, about, consequence, broad, safe, tools, calls, path_tools, langs, alternatives, rx, area,
     within) = marshal.loads(raw)
    made = {name: (tuple(Rx(*r) for r in v) if name == "requires" else Rx(*v)) for name, v in rx.items()}
    return Kind(kid, about, consequence, broad, safe, tools, calls, path_tools, langs, alternatives, made, area,
                within)


def build(files: list[Path], state: Path | None = None) -> Catalogue:
    from memkit.activation.catalogue_files import read_file, say_building

    say_building()
    cache = {"literals": {}, "dirty": False}
    entries: dict[str, tuple[dict, Path, str]] = {}
    for path in files:
        area, kinds = read_file(path)
        for entry in kinds:
            if entry.get("disabled"):
                entries.pop(entry["id"], None)
            else:
                entries[entry["id"]] = (entry, path, area)
    kinds = {kid: _compile(entry, path, area, cache, path.parent != PACKAGED)
             for kid, (entry, path, area) in entries.items()}
    return Catalogue(kinds)


def _compile(entry: dict, source: Path, area: str, cache: dict, eager: bool) -> Kind:
    """Packaged regexes compile lazily (a test compiles them all); a person's at once, so a
    mistake surfaces with the file named."""
    from memkit.activation.catalogue_files import PATTERN_KEYS

    kid = entry["id"]
    rx = {}
    for key in PATTERN_KEYS:
        sources = entry.get(key) or []
        if not sources:
            continue
        if key == "requires":
            continue
        made = Rx(tuple(sources), tuple(literals.literals(p, cache) for p in sources), f"{source}: kind {kid!r}: {key}")
        rx[key] = made
        for n in range(len(sources) if eager else 0):
            made.compile(n)
    if entry.get("requires"):
        reqs = [Rx((p,), (literals.literals(p, cache),), f"{source}: kind {kid!r}: requires") for p in entry["requires"]]
        for r in reqs if eager else ():
            r.compile(0)
        rx["requires"] = tuple(reqs)
    return Kind(kid, entry["about"], entry.get("consequence", "normal"), bool(entry.get("broad", False)),
                bool(entry.get("safe", False)), frozenset(entry.get("tools", [])), frozenset(entry.get("calls", [])),
                frozenset(entry.get("path_tools", [])), frozenset(entry.get("langs", [])),
                tuple(entry.get("alternatives", [])), rx, area, tuple(entry.get("within", [])))
