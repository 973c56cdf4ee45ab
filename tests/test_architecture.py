"""The architecture holds: the packages named in pyproject.toml are the tree's, lower layers never
import higher ones, each heavy library has one home, SQL lives in the index, no import cycles
between modules, and no module outgrows 500 lines. Read with `ast`, nothing is imported."""
from __future__ import annotations

import ast
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PKG = REPO / "memkit"

# the layers, lowest first: a module may import its own layer and the ones below it
LAYERS = [
    ("base", {"memkit", "memkit.errors", "memkit.layers", "memkit.config", "memkit.redact", "memkit.llm",
              "memkit.similar"}),
    ("storage", {"memkit.storage"}),
    ("traces", {"memkit.traces"}),
    ("activation", {"memkit.activation"}),
    ("features", {"memkit.extract", "memkit.library", "memkit.episodes", "memkit.facts", "memkit.search",
                  "memkit.pipeline", "memkit.health", "memkit.team"}),
    ("edges", {"memkit.integrations", "memkit.cli", "memkit.entry", "memkit.__main__"}),
]
# a lower layer may still reach up lazily (inside a function) through these named doors only
DOORS = {
    ("memkit.storage.index", "memkit.activation.cues"),        # a note's cue rows, computed as it is indexed
    ("memkit.storage.index", "memkit.activation.catalogue"),   # the compiler stamp of the cue rows
    ("memkit.storage.index", "memkit.activation.compiler"),
    ("memkit.storage.index", "memkit.traces.render"),          # a trace's turns, one row each
    ("memkit.storage.lookup", "memkit.traces.render"),
    ("memkit.storage.fulltext", "memkit.traces.render"),     # a trace's turns, one search row each
    ("memkit.storage.lookup", "memkit.activation.catalogue"),  # `show` says what a lesson fires on
    ("memkit.storage.lookup", "memkit.activation.render"),
    ("memkit.storage.lookup", "memkit.activation.cues"),
    ("memkit.activation.activate", "memkit.facts.check"),      # a fact the action contradicts
    ("memkit.activation.activate", "memkit.storage.index"),
}
HOMES = {"click": {"memkit.cli"}, "git": {"memkit.storage.git"}, "jinja2": {"memkit.storage.templates"},
         "anthropic": {"memkit.llm"}, "mcp": {"memkit.integrations.mcp"}, "watchdog": {"memkit.integrations.watch"},
         "rapidfuzz": {"memkit.similar"}}
SQL_HOMES = {"memkit.storage.index", "memkit.storage"}
# modules that still run their own SQL against the index: none (their reads are storage.queries' and
# storage.fulltext's named rows). The list may only shrink, and a new one is never added: it stays empty.
SQL_NOT_YET_MOVED: set[str] = set()
# import cycles still to break: none (the change journal finds what changed and the index, which asks
# it, stores the rows; the background walk that calls the index is storage.walker). Stays empty.
CYCLES_NOT_YET_BROKEN: list[list[str]] = []
MAX_LINES = 500


def modules() -> dict[str, Path]:
    out = {}
    for path in PKG.rglob("*.py"):
        rel = path.relative_to(REPO).with_suffix("")
        name = ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)
        out[name] = path
    return out


MODULES = modules()


def imports(path: Path) -> list[tuple[str, bool]]:
    """(module imported, at module level?) for every memkit import and heavy third-party import."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(n) for n in tree.body}
    found = []
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            subs = [f"{node.module}.{a.name}" for a in node.names]
            # `from package import module` imports the module; the package only for its own names
            names = subs + ([node.module] if any(sub not in MODULES for sub in subs) else [])
        for name in names:
            found.append((name, id(node) in top))
    return found


def layer_of(name: str) -> int:
    best, depth = -1, -1
    for n, (_, prefixes) in enumerate(LAYERS):
        for p in prefixes:
            if (name == p or name.startswith(p + ".")) and len(p) > depth:
                best, depth = n, len(p)
    return best


def owner(name: str, homes: set[str]) -> bool:
    return any(name == h or name.startswith(h + ".") for h in homes)


def test_pyproject_names_every_package_of_the_tree():
    listed = set(tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    tree = {".".join(p.parent.relative_to(REPO).parts) for p in PKG.rglob("__init__.py")}
    assert tree <= listed and listed - tree == {"memkit._templates", "memkit._hooks"}


def test_lower_layers_never_import_higher_ones():
    wrong = []
    for name, path in MODULES.items():
        mine = layer_of(name)
        for target, _top in imports(path):
            if not target.startswith("memkit.") or target not in MODULES:
                continue
            if layer_of(target) > mine and (name, target) not in DOORS:
                wrong.append(f"{name} -> {target}")
    assert wrong == []


def test_each_heavy_library_has_one_home():
    wrong = []
    for name, path in MODULES.items():
        for target, _top in imports(path):
            lib = target.split(".")[0]
            if lib in HOMES and not owner(name, HOMES[lib]):
                wrong.append(f"{name} imports {lib}")
    assert wrong == []


def test_sql_lives_in_the_index():
    wrong = []
    for name, path in MODULES.items():
        text = path.read_text(encoding="utf-8")
        if owner(name, SQL_HOMES):
            continue
        if ".execute(" in text or "sqlite3.connect" in text:
            wrong.append(name)
    assert sorted(set(wrong) - SQL_NOT_YET_MOVED) == []
    assert sorted(SQL_NOT_YET_MOVED - set(wrong)) == [], "no SQL left there: take it off SQL_NOT_YET_MOVED"


def test_no_import_cycles_between_modules():
    graph = {name: {t for t, _ in imports(path) if t in MODULES and t != name} for name, path in MODULES.items()}
    # a package's __init__ re-exporting its modules is not a cycle of its own
    for name in graph:
        graph[name] = {t for t in graph[name] if not name.startswith(t + ".")}
    cycles, state = [], {}

    def visit(node, stack):
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt):] + [nxt])
            elif not state.get(nxt):
                visit(nxt, stack + [nxt])
        state[node] = 2

    for node in sorted(graph):
        if not state.get(node):
            visit(node, [node])
    assert cycles == CYCLES_NOT_YET_BROKEN


def test_no_module_outgrows_its_limit():
    big = {name: n for name, path in MODULES.items() if (n := len(path.read_text().splitlines())) > MAX_LINES}
    assert big == {}


def test_at_most_a_dozen_modules_sit_directly_in_the_package():
    top = [p.name for p in PKG.glob("*.py")]
    assert len(top) <= 12, sorted(top)


def test_every_observation_kind_has_one_line_in_the_registry():
    """A new observation kind is a line in layers.OBSERVATIONS; the tables that used to be kept by
    hand (id prefixes, cue types, gathered kinds) are read from it."""
    from memkit.activation.cues import OBS_CUE
    from memkit.extract import PREFIX
    from memkit.extract.gather import KINDS
    from memkit.layers import OBSERVATIONS, Kind

    assert set(OBSERVATIONS) == set(Kind)
    assert PREFIX == {str(k): v[0] for k, v in OBSERVATIONS.items()}
    assert set(OBS_CUE) == {str(k) for k, v in OBSERVATIONS.items() if v[1]} and set(KINDS) <= set(PREFIX)
    assert len(set(PREFIX.values())) == len(PREFIX)   # two kinds never share an id prefix
