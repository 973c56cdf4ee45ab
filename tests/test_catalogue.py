"""The action catalogue: every file loads, every regex compiles, ids are unique, and every kind's
examples classify as that kind while its counter-examples do not."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from memkit.activation import acts, catalogue, catalogue_files
from memkit.errors import InvalidInput

FILES = sorted(catalogue.PACKAGED.glob("*.toml"))
CAT = catalogue.build(FILES)
FORM = re.compile(r"^(?:\$ (?P<cmd>.*)|say: (?P<say>.*)|(?P<verb>edit|write) (?P<path>[^:]+): ?(?P<code>.*)"
                  r"|read (?P<read>.+)|call (?P<tool>\w+) (?P<json>\{.*\}))$", re.DOTALL)


def act_of(example: str) -> acts.Act:
    m = FORM.match(example)
    assert m, f"example in an unknown form: {example!r}"
    if m["cmd"] is not None:
        return acts.from_command(m["cmd"])
    if m["say"] is not None:
        return acts.from_prose(m["say"])
    if m["verb"] == "edit":
        return acts.from_call("Edit", {"file_path": m["path"], "old_string": "", "new_string": m["code"]})
    if m["verb"] == "write":
        return acts.from_call("Write", {"file_path": m["path"], "content": m["code"]})
    if m["read"] is not None:
        return acts.from_call("Read", {"file_path": m["read"]})
    return acts.from_call(m["tool"], json.loads(m["json"]))


def _entries():
    for path in FILES:
        _area, kinds = catalogue_files.read_file(path)
        for entry in kinds:
            yield path.name, entry


ENTRIES = list(_entries())


def test_ids_are_unique_across_the_packaged_files():
    seen: dict[str, str] = {}
    for name, entry in ENTRIES:
        assert entry["id"] not in seen, f"{entry['id']} in both {seen.get(entry['id'])} and {name}"
        seen[entry["id"]] = name


def test_every_wider_kind_a_kind_is_within_exists_and_none_is_within_itself():
    """`within` names kinds of the catalogue, and no chain of them comes back to where it started
    (a lesson against the wider kind fires on the special case, not the other way round)."""
    for kid, kind in CAT.kinds.items():
        assert set(kind.within) <= CAT.kinds.keys(), (kid, set(kind.within) - CAT.kinds.keys())
        seen, todo = set(), list(kind.within)
        while todo:
            wider = todo.pop()
            assert wider != kid, f"{kid} is within itself"
            if wider not in seen:
                seen.add(wider)
                todo.extend(CAT.kinds[wider].within)


@pytest.mark.slow   # seconds of CPU; CI runs it with the slow tests
def test_every_regex_compiles():
    for kind in CAT.kinds.values():
        for key, value in kind.rx.items():
            for rx in (value if key == "requires" else (value,)):
                for n in range(len(rx.sources)):
                    rx.compile(n)


def check_examples(name: str, entry: dict) -> None:
    """The kind's examples classify as it, its counter-examples do not (the tests are in
    test_catalogue_examples_*.py, a third of the kinds each, so a parallel run spreads them)."""
    kid = entry["id"]
    for example in entry.get("examples", []):
        assert kid in CAT.classify(act_of(example)), f"{name}: {kid} misses its example {example!r}"
    for example in entry.get("counter", []):
        assert kid not in CAT.classify(act_of(example)), f"{name}: {kid} takes its counter-example {example!r}"


def examples_test(third: int):
    """The test of one third of the kinds (every third entry from `third`, 0-2) against their
    examples, for a file of its own: a parallel run spreads the thirds over its workers."""
    part = ENTRIES[third::3]

    @pytest.mark.parametrize("name,entry", part, ids=[e["id"] for _, e in part])
    def test_examples_classify_as_their_kind(name, entry):
        check_examples(name, entry)
    return test_examples_classify_as_their_kind


def test_every_kind_has_examples_and_counter_examples():
    bare = [e["id"] for _, e in ENTRIES if not e.get("examples") or not e.get("counter")]
    assert bare == []


def test_a_vault_overrides_extends_and_disables_kinds(tmp_path):
    (tmp_path / "actions").mkdir()
    (tmp_path / "actions" / "team.toml").write_text(
        '[[kind]]\nid = "team:deploy-script"\nabout = "running the deploy script"\ncommand = [\'\\bbin/ship\\b\']\n'
        '[[kind]]\nid = "git:stage-all"\ndisabled = true\n', encoding="utf-8")
    cat = catalogue.load(tmp_path)
    assert "git:stage-all" not in cat.kinds
    assert "team:deploy-script" in cat.classify(acts.from_command("./bin/ship prod"))


@pytest.mark.parametrize("text,message", [
    ('[[kind]]\nid = "x"\nabout = "a"\ncommand = ["a"]\n', "needs an id"),
    ('[[kind]]\nid = "a:b"\ncommand = ["a"]\n', "needs about"),
    ('[[kind]]\nid = "a:b"\nabout = "a"\n', "matches nothing"),
    ('[[kind]]\nid = "a:b"\nabout = "a"\ncommand = ["(unclosed"]\n', "invalid regex"),
    ('[[kind]]\nid = "a:b"\nabout = "a"\ntools = ["Bash"]\ncommand = ["x"]\n', "tool families"),
    ('[[kind]\n', "malformed TOML"),
])
def test_a_broken_vault_catalogue_is_one_clear_error_naming_the_file(tmp_path, text, message):
    (tmp_path / "actions").mkdir()
    (tmp_path / "actions" / "bad.toml").write_text(text, encoding="utf-8")
    with pytest.raises(InvalidInput, match=message) as err:
        catalogue.load(tmp_path)
    assert "bad.toml" in str(err.value)


def test_the_snapshot_gives_the_same_classification(tmp_path):
    (tmp_path / ".memkit").mkdir()
    catalogue._load.cache_clear()
    first = catalogue.load(tmp_path)
    assert (tmp_path / ".memkit" / "actions.snapshot").exists()
    catalogue._load.cache_clear()
    again = catalogue.load(tmp_path)
    probe = acts.from_call("Edit", {"file_path": "migrations/versions/1.py", "old_string": "",
                                    "new_string": "op.drop_column('t', 'c')"})
    assert again.classify(probe) == first.classify(probe) != {}
    assert set(again.kinds) == set(first.kinds)


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
def test_one_process_keeps_one_catalogue_of_the_same_files(tmp_path):
    """A vault whose snapshot is current and the packaged catalogue (what the extractor loads) are
    the same files: one catalogue, its regexes compiled once, however each was found."""
    for vault in (tmp_path / "a", tmp_path / "b"):
        (vault / ".memkit").mkdir(parents=True)
        catalogue.load(vault)   # each writes its snapshot
    catalogue._load.cache_clear()
    catalogue._BUILT.clear()
    packaged = catalogue.load(None)
    assert catalogue.load(tmp_path / "a") is packaged and catalogue.load(tmp_path / "b") is packaged
    catalogue._load.cache_clear()
    catalogue._BUILT.clear()
    first = catalogue.load(tmp_path / "a")   # thawed from the vault's own snapshot
    assert catalogue.load(None) is first and catalogue.load(tmp_path / "b") is first
    (tmp_path / "b" / "actions").mkdir()
    (tmp_path / "b" / "actions" / "mine.toml").write_text(
        '[[kind]]\nid = "mine:thing"\nabout = "doing my thing"\ncommand = ["mything"]\n', encoding="utf-8")
    own = catalogue.load(tmp_path / "b")   # other files: a catalogue of its own
    assert own is not first and "mine:thing" in own.kinds and "mine:thing" not in first.kinds


@pytest.mark.slow   # seconds of CPU; CI runs it with the slow tests
def test_a_snapshot_written_from_a_thawed_catalogue_holds_what_the_built_one_held(tmp_path):
    from memkit.activation import snapshot

    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    built = catalogue.build(sorted(catalogue.PACKAGED.glob("*.toml")))
    snapshot.write(first, ["key"], built)
    thawed = catalogue._thawed(snapshot.read(first, ["key"]))
    snapshot.write(second, ["key"], thawed)
    assert dict.__len__(thawed.kinds) == 0   # written from the stored bytes: no kind was built to write it
    (spans, derived, cold), (spans2, derived2, cold2) = snapshot.read(first, ["key"]), snapshot.read(second, ["key"])
    assert (spans2, derived2) == (spans, derived) and len(spans) == len(built.kinds)
    assert [cold2[s] for s in spans2.values()] == [cold[s] for s in spans.values()]
    assert [cold2[s] for s in derived2[4].values()] == [cold[s] for s in derived[4].values()]
    probe = acts.from_command("git push --force origin main")
    assert thawed.classify(probe) == built.classify(probe) != {}
    thawed._patterns.after = 0   # a lesson read through the pattern index, each kind thawed as a literal leads to it
    lesson = acts.from_prose("never `git push --force` to main: rebase and open a pull request instead")
    assert thawed.classify(lesson, lesson=True) == built.classify(lesson, lesson=True) != {}


def test_an_edit_is_remembered_with_the_text_around_it(tmp_path):
    """An extraction asks about each edit of a turn several times: the answer is remembered, keyed
    by the edit's context too (what `requires` reads), so the same lines in another file differ."""
    cat = catalogue.load(None)

    def edit(context: str):
        act = acts.from_call("Edit", {"file_path": "src/api/schema.py", "old_string": "pass",
                                      "new_string": "raise GraphQLError('no such invoice')"})
        act.context = context
        return act

    inside, outside = edit("class CreateInvoice(Mutation):\n    pass"), edit("def helper():\n    pass")
    first = cat.classify(inside)
    assert cat.classify(outside) != first
    assert cat.classify(edit("class CreateInvoice(Mutation):\n    pass")) == first
    first.clear()   # the caller's copy: what is remembered stays whole
    assert cat.classify(inside) == cat._classify(inside, False) != {}
    assert any(key[6] == inside.context for key in cat._memo)


def _every_literal(cat: catalogue.Catalogue) -> set[str]:
    heads = (v.split("\0") if isinstance(v, str) else v for v in cat._by_head.values())
    return set(cat._short).union(*heads)


@pytest.mark.parametrize("grouped, stride", [(False, 13), pytest.param(False, 1, marks=pytest.mark.slow),
                                             pytest.param(True, 1, marks=pytest.mark.slow)],
                         ids=["one text, every thirteenth example", "one text", "many texts"])
def test_the_literals_a_text_holds_are_those_a_substring_search_finds(grouped, stride):
    """The prefilter's lookup (short literals as sets of letters and pairs, long ones through their
    first and last three letters) finds exactly the catalogue's literals that occur in the text:
    over the kinds' examples and counter-examples (every seventh; every one in the slow runs), and
    texts of 0-3 letters, upper case, and letters whose lower case is longer."""
    cat = catalogue.build(FILES)
    every = _every_literal(cat)
    texts = [x for _, e in ENTRIES for x in e.get("examples", []) + e.get("counter", [])][::stride]
    texts += ["", "a", "-", "$(", "rm", "git", "GIT PUSH --FORCE", "İstanbul rm -rf /", "a\n\tb", "x" * 5000]
    cat._reader.reads = 100 if grouped else 0
    by_pair: dict[str, list[str]] = {}   # the oracle stays a substring search, over literals that
    for lit in every:                    # could occur: those whose first two letters the text holds
        by_pair.setdefault(lit[:2], []).append(lit)
    for text in texts:
        cat._reader.memo.clear()
        low = text.lower()
        pairs = {low[i:i + 2] for i in range(len(low))} | set(low)   # each pair and each letter
        found = {lit for pair in pairs & by_pair.keys() for lit in by_pair[pair] if lit in low}
        assert cat._read(text)[1] == found, text


class _EachKind(catalogue.Catalogue):
    """The catalogue as a hook reads a lesson or request: each kind its literals lead to is tried,
    however many texts it has read (no pattern index)."""

    def _tried(self, present, lesson):
        return None


class _EveryKind(_EachKind):
    """The catalogue with no literal index: every kind is tried on every act."""

    def _candidates(self, present, path_docs, prose):
        return sorted(self.kinds)


def _same_with_every_kind(examples: list[str]) -> None:
    cat, every = catalogue.build(FILES), _EveryKind(CAT.kinds)
    for example in examples:
        act = act_of(example)
        for lesson in (False, True) if act.family == "prose" else (False,):
            assert cat._classify(act, lesson) == every._classify(act, lesson), example


def test_a_lesson_or_request_is_tried_on_the_patterns_it_can_match_alone():
    """A process reading many lessons and requests (an ingest) tries each on the patterns whose
    every clause it holds, a hook on each kind its literals lead to: the same kinds, through the
    same parts, in the same order, for every twenty-third prose example and counter-example, as a
    lesson and as a request. A hook's first texts gather no pattern."""
    hook, ingest, each = catalogue.Catalogue(CAT.kinds), _Fresh(CAT.kinds), _EachKind(CAT.kinds)
    texts = [x[5:] for _, e in ENTRIES for x in e.get("examples", []) + e.get("counter", []) if x.startswith("say: ")]
    for text in texts[:hook._patterns.after]:
        assert hook._classify(acts.from_prose(text), False) == each._classify(acts.from_prose(text), False)
    assert not hook._patterns._by_lit and not hook._patterns._by_kind
    for text in texts[::23]:
        for lesson in (True, False):
            act = acts.from_prose(text)
            assert list(ingest._classify(act, lesson).items()) == list(each._classify(act, lesson).items()), text
    assert ingest._patterns._by_lit


class _Fresh(catalogue.Catalogue):
    """The catalogue as a process that has read many texts has it: the pattern index from the first."""

    def __init__(self, kinds):
        super().__init__(kinds)
        self._patterns.after = 0


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
def test_the_literal_index_leaves_out_only_kinds_that_cannot_match():
    """Every other kind's first example or first counter-example, in turn (an action; a text as a
    request and as a lesson), gets the same kinds whether the index picks the kinds to try or
    every kind is tried: an action is never tried on kinds only a words or intent pattern leads
    to. (The slow run below tries every example of every kind.)"""
    _same_with_every_kind([(e.get("examples", []) if (i // 2) % 2 else e.get("counter", []) or e.get("examples", []))[0]
                           for i, (_, e) in enumerate(ENTRIES) if (e.get("examples") or e.get("counter")) and i % 2])


@pytest.mark.slow   # long: every example of every kind against every kind
def test_the_literal_index_leaves_out_no_kind_any_example_needs():
    _same_with_every_kind([x for _, e in ENTRIES for x in e.get("examples", []) + e.get("counter", [])])


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
def test_a_text_read_for_some_kinds_gets_what_the_whole_reading_gives_of_them():
    """classify_text(text, among=ids) tries only those kinds (and the wider ones they are an
    alternative to): the same answer as the whole reading's, for each prose example and
    counter-example, read for its own kinds, for each kind with alternatives, and for none."""
    lacking = {k for k, kind in CAT.kinds.items() if kind.alternatives and kind.rx.get("unless")}
    for _, entry in ENTRIES:
        for text in [x[5:] for x in entry.get("examples", []) + entry.get("counter", []) if x.startswith("say: ")]:
            full = CAT.classify_text(text)
            for among in ({entry["id"]}, full, lacking | {entry["id"]}, set(), {"no:such-kind"}):
                assert CAT.classify_text(text, among=among) == full & among, (text, among)


def test_an_edit_is_read_with_the_lines_it_keeps_around_what_it_adds():
    cat = catalogue.load(None)
    kept = "    final rows = await repo.fetchOrders();\n"
    shown = "    ScaffoldMessenger.of(context).showSnackBar(SnackBar(content: Text(\"loaded\")));\n"
    edit = {"file_path": "/p/lib/orders_page.dart", "old_string": kept, "new_string": kept + shown}
    assert "flutter:context-after-await" in cat.classify_action("Edit", edit)
    guarded = dict(edit, new_string=kept + "    if (!mounted) return;\n" + shown)
    assert "flutter:context-after-await" not in cat.classify_action("Edit", guarded)
    # a pattern the kept lines match on their own is not what the edit did
    untouched = dict(edit, old_string=kept + shown, new_string=kept + shown + "    _count++;\n")
    assert "flutter:context-after-await" not in cat.classify_action("Edit", untouched)


@pytest.mark.parametrize("text,kind,named", [
    ("the analysis of their git commit history and how it evolved", "git:commit", False),   # what its records are of
    ("have a look at the git commit log of the release branch", "git:commit", False),
    ("never git commit without running the tests", "git:commit", True),
    ("read the git commit history, then git commit the fix", "git:commit", True),   # run later in the text
])
def test_a_command_named_as_what_its_records_are_of_is_not_run(text, kind, named):
    assert (kind in CAT.classify(acts.from_prose(text), lesson=True)) is named


def test_the_snapshot_keeps_what_requests_are_read_against(tmp_path):
    """The terms of every kind (what a request is read against, built from all the kinds'
    descriptions) and the compiler's tables come back from the snapshot as they were built,
    without building any kind."""
    from memkit.activation import compiler, intent, snapshot

    built = catalogue.build(sorted(catalogue.PACKAGED.glob("*.toml")))
    snapshot.write(tmp_path, ["key"], built)
    thawed = catalogue._thawed(snapshot.read(tmp_path, ["key"]))
    assert intent.table(thawed) == intent.table(built)
    assert dict.__len__(thawed.kinds) == 0
    kinds = ["backup:prune", "git:force-push"]
    assert intent.weights(thawed, kinds) == intent.weights(built, kinds) != {}
    tables = {k: v for k, v in compiler._derived(built).items() if k != "of"}
    assert {k: v for k, v in compiler._derived(thawed).items() if k != "of"} == tables
    assert tables["slips"] and tables["replaced_by"] and tables["depth"]
    assert dict.__len__(thawed.kinds) == 0
