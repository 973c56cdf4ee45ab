"""The lesson compiler: a lesson becomes a structured cue (what it forbids, what complies, the names
it is about, its scope, whether it holds in every session), stored in the note's frontmatter,
shown to a person, editable by one, and optionally refined by a model whose answer is checked."""
from __future__ import annotations

import json

import pytest

from conftest import run_cli, write_generic
from memkit.activation import catalogue, compiler, cues, match
from memkit.storage import notes

CAT = catalogue.load(None)


def compiled(lesson: str, trigger: str = "", **kw) -> dict:
    return compiler.compile_lesson(CAT, lesson, trigger, **kw)


def _row(cue: dict, project: str = "", reviewed: bool = False, names: str = "") -> tuple:
    """An index cue row holding this cue, as the hook reads it."""
    return match.row_of(cue, path="library/x.md" if reviewed else "workshop/x.md", project=project,
                        reviewed=reviewed, names=names)


def test_a_clause_after_a_comma_that_prescribes_is_its_own_clause():
    assert compiler.clauses("no print statements in the worker, use the module logger") == [
        ("forbid", "no print statements in the worker"), ("prescribe", "use the module logger")]
    assert compiler.clauses("use rg, not grep -r") == [("prescribe", "use rg"), ("instead", "grep -r")]
    assert [p for p, _ in compiler.clauses("It breaks the build. Keep it small.")] == ["neutral", "prescribe"]


def test_how_the_team_does_a_thing_not_another_way_prescribes_the_first():
    # "we do X with Y, not Z": Y is the way, Z what it replaces (not one forbidding sentence)
    assert compiler.clauses("we do PRs with the gh cli on this team, not via the browser.") == [
        ("prescribe", "we do PRs with the gh cli on this team"), ("instead", "via the browser.")]
    cue = compiler.compile_lesson(CAT, "we do PRs with the gh cli on this team, not via the browser.", "",
                                  kind="preference")
    assert "forge:cli" not in cue["forbids"] and "forge:cli" in cue["complies"]
    from memkit.activation.acts import from_call

    for command, fires in (("gh run list --limit 5", False), ("gh pr create --fill", False)):
        act = from_call("Bash", {"command": command})
        assert (match.judge(match.Cue(_row(cue)), match.Probe(act, CAT.classify(act), CAT), CAT) > 0) is fires


def test_a_subcommand_the_lesson_says_no_to_forbids_the_grave_thing_it_alone_does():
    # the lesson's words name no kind; the subcommand of the refused call it blames does
    cue = compiled("no. reset wipes the shared dev database, four people work on it. make a new migration instead",
                   "Bash: npx prisma migrate reset --force (rejected)")
    assert "db:reset" in cue["forbids"]
    cue = compiled("stop, destroy takes the whole stack down including the bucket with customer uploads",
                   "Bash: terraform destroy -auto-approve (rejected)")
    assert "infra:destroy" in cue["forbids"]
    # a subcommand that is only the verb of the matter forbids no everyday call
    cue = compiled("never commit without signing, the branch protection rejects it", "Bash: git commit -m 'fix typo'")
    assert "git:commit" not in cue["forbids"] and "git:commit-unsigned" in cue["forbids"]


def test_a_remark_naming_the_remedy_of_a_narrow_kind_forbids_it_when_nothing_else_does():
    cue = compiled("nope. after an await the widget may be gone already: after every await, if (!mounted) return; "
                   "then setState", "Edit: /app/lib/profile_page.dart — setState(() => _user = u);")
    assert cue["forbids"] == ["flutter:context-after-await"]
    # with a corrected call whose kinds the lesson is about, the remark adds nothing
    cue = compiled("that can't work here. `orders` is an alias: build the next versioned index, reindex into it, "
                   "then swap the alias in one call.",
                   "Bash: curl -s -XPUT \"$ES/orders/_mapping\" -d '{\"properties\":{}}' (rejected)")
    assert "es:concrete-index-name" not in cue["forbids"]


def test_the_corrected_call_decides_what_went_wrong():
    cue = compiled("no, never stage everything at once; add the files you changed by name",
                   "Bash: git add -A && git commit -m 'wip' (rejected)")
    assert "git:stage-all" in cue["forbids"]
    assert cue["example"] == "git add -A && git commit -m 'wip'"
    assert cue["compiled"] == compiler.NAME and cue["of"] == compiler.fingerprint(
        "no, never stage everything at once; add the files you changed by name",
        "Bash: git add -A && git commit -m 'wip' (rejected)")


def test_with_names_a_tool_only_where_the_name_ends_the_phrase():
    # "do it with jq" names the way; "with status badges" qualifies a noun, and a heading that
    # names badges complies with nothing
    assert "jq" in compiled("don't parse the JSON with grep and cut, do it with jq")["complies"]
    assert "sqlite3" in compiled("query it with sqlite3 from the command line, no script files")["complies"]
    assert "helm" in compiled("don't kubectl apply the chart by hand. always ship it with helm upgrade --install")["complies"]
    cue = compiled("no need to date the changelog entry, git keeps track of that. show these as releases with "
                   "status badges", "Edit: docs/CHANGES.md")
    assert "status" not in cue["complies"] and "badges" not in cue["complies"]


def test_names_split_into_what_is_forbidden_and_what_complies():
    cue = compiled("don't write under vendor/acme/ by hand, it is synced from upstream; "
                   "put local fixes in patches/ as a .patch file", "Edit: /p/vendor/acme/x.c — int y;")
    assert "vendor/acme/" in cue["entities"]
    assert "patches/" in cue["complies"] and "patches/" not in cue["entities"]


def test_an_allowance_with_a_condition_is_kept_with_it():
    cue = compiled("no unwrap in library code. unwrap is only ok in tests.", "Edit: /p/src/lib.rs — x.unwrap()")
    assert "unwrap [in tests]" in cue["complies"]


def test_a_rule_about_how_to_work_with_no_action_is_standing():
    cue = compiled("from now on always explain what you found before you propose a fix", kind="preference",
                   lifecycle="self")
    assert cue["standing"] is True
    assert compiled("no, don't drop that column", "Bash: psql -c 'ALTER TABLE a DROP COLUMN b'")["standing"] is False


def test_scope_keeps_the_environment_a_lesson_names():
    cue = compiled("never run deletes against production from a shell",
                   "Bash: psql $PROD_URL -c 'DELETE FROM sessions'")
    assert cue["scope"]["env"] == ["prod"]


def test_a_stored_cue_stands_until_the_lesson_changes_and_a_persons_cue_always():
    lesson, trigger = "never force-push", "Bash: git push -f"
    cue = compiled(lesson, trigger)
    assert compiler.is_current(cue, lesson, trigger)
    assert not compiler.is_current(cue, lesson + " to main", trigger)
    assert compiler.is_current({**cue, "compiled": "person"}, "anything else", "")
    assert cues.valid({"forbids": "git:force-push", "standing": "yes"})["forbids"] == ["git:force-push"]
    assert cues.valid(["not", "a", "mapping"]) is None


def _vault_with_lesson(vault, tmp_path, lesson: str, command: str):
    log = write_generic(tmp_path / "s.jsonl", [
        {"role": "user", "content": "tidy up the release", "timestamp": "2026-05-01T10:00:00Z"},
        {"role": "assistant", "content": "Pushing.", "timestamp": "2026-05-01T10:00:05Z",
         "tool_calls": [{"id": "c1", "name": "Bash", "input": {"command": command}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "The user doesn't want to proceed", "rejected": True},
        {"role": "user", "content": lesson, "timestamp": "2026-05-01T10:00:30Z"},
    ], {"session_id": "cue-1", "project": "shop", "cwd": "/srv/shop"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    return next((vault / "workshop" / "observations" / "correction").glob("*.md"))


def test_a_candidate_carries_its_cue_and_show_and_explain_say_it_in_words(vault, tmp_path):
    path = _vault_with_lesson(vault, tmp_path, "no, never force-push to the shared branches, others pull from them",
                              "git push --force origin develop")
    cue = notes.read(path).meta["cue"]
    assert "git:force-push" in cue["forbids"] and cue["compiled"] == compiler.NAME
    shown = run_cli("--vault", str(vault), "show", path.stem, check=True).stdout
    assert "fires before: force-pushing" in shown
    out = run_cli("--vault", str(vault), "check", "--explain", "git push -f origin main", check=True).stdout
    assert f"FIRES: {path.stem}" in out and "same kind of action: git:force-push (" in out
    quiet = run_cli("--vault", str(vault), "check", "--explain", "git status", check=True).stdout
    assert "nothing recalled" not in quiet and "FIRES" not in quiet


def test_context_explain_says_why_a_request_brings_a_lesson_along(vault, tmp_path):
    path = _vault_with_lesson(vault, tmp_path, "no, never force-push to the shared branches, others pull from them",
                              "git push --force origin develop")
    out = run_cli("--vault", str(vault), "context", "--explain", "force-push the rebased branch to origin",
                  check=True).stdout
    assert "request — force-push the rebased branch" in out and f"FIRES: {path.stem}" in out
    assert "git:force-push" in out
    quiet = run_cli("--vault", str(vault), "context", "--explain", "rename the variable tmp to total", check=True).stdout
    assert "FIRES" not in quiet
    bad = run_cli("--vault", str(vault), "context", "--explain")
    assert bad.returncode != 0 and "needs a TASK" in bad.stderr


def test_a_cue_a_person_edits_is_the_one_that_fires(vault, tmp_path):
    path = _vault_with_lesson(vault, tmp_path, "no, never force-push to the shared branches, others pull from them",
                              "git push --force origin develop")
    note = notes.read(path)
    note.meta["cue"] = {**note.meta["cue"], "forbids": ["git:tag"], "compiled": "person"}
    path.write_text(notes.render(note), encoding="utf-8")
    fired = run_cli("--vault", str(vault), "check", "--json", "git tag v1.2.0", check=True).stdout
    assert [c["id"] for c in json.loads(fired)["cues"]] == [path.stem]
    silent = run_cli("--vault", str(vault), "check", "--json", "git push -f origin main", check=True).stdout
    assert json.loads(silent)["cues"] == []


@pytest.fixture
def llm_vault(vault):
    toml = vault / "memkit.toml"
    toml.write_text(toml.read_text().replace("compile = false", "compile = true")
                    .replace("max_retries = 2", "max_retries = 0"))
    return vault


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
def test_the_model_refines_a_new_lesson_and_a_reply_that_does_not_fit_is_refused(llm_vault, tmp_path):
    from messages_api import MessagesServer

    answer = {"forbids": ["git:force-push"], "complies": ["--force-with-lease"], "entities": ["develop"],
              "standing": False}
    with MessagesServer(lambda req: answer) as server:
        env = {"ANTHROPIC_BASE_URL": server.url, "ANTHROPIC_API_KEY": "k"}
        log = write_generic(tmp_path / "s.jsonl", [
            {"role": "assistant", "content": "Pushing.", "tool_calls": [{"id": "c1", "name": "Bash",
                                                                         "input": {"command": "git push -f"}}]},
            {"role": "tool", "tool_call_id": "c1", "content": "no", "rejected": True},
            {"role": "user", "content": "no, never force-push develop, others build on it"},
        ], {"session_id": "llm-1", "project": "shop"})
        run_cli("--vault", str(llm_vault), "ingest", str(log), env=env, check=True)
        body = server.requests[-1]["body"]
        assert body["tool_choice"] == {"type": "tool", "name": "compile_lesson"}
        assert "never force-push develop" in body["messages"][0]["content"]
        enum = body["tools"][0]["input_schema"]["properties"]["forbids"]["items"]["enum"]
        assert "git:force-push" in enum and "fs:read" not in enum       # safe kinds are never forbidden
        path = next((llm_vault / "workshop/observations/correction").glob("*.md"))
        cue = notes.read(path).meta["cue"]
        assert cue["compiled"].startswith("llm:") and cue["entities"] == ["develop"]

        server.raw_input = {"forbids": ["no:such-kind"], "complies": [], "entities": [], "standing": False}
        log2 = write_generic(tmp_path / "s2.jsonl", [
            {"role": "assistant", "content": "Cleaning.", "tool_calls": [{"id": "c1", "name": "Bash",
                                                                          "input": {"command": "rm -rf data"}}]},
            {"role": "tool", "tool_call_id": "c1", "content": "no", "rejected": True},
            {"role": "user", "content": "stop, never rm -rf anything under data/, it is not in git"},
        ], {"session_id": "llm-2", "project": "shop"})
        proc = run_cli("--vault", str(llm_vault), "ingest", str(log2), env=env, check=True)
        assert "unknown kinds ['no:such-kind']; keeping the heuristic cue" in proc.stderr
        second = [p for p in (llm_vault / "workshop/observations/correction").glob("*.md") if p != path][0]
        assert notes.read(second).meta["cue"]["compiled"] == compiler.NAME


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
def test_a_model_that_fails_once_is_not_asked_again_for_the_runs_later_lessons(llm_vault, tmp_path):
    from messages_api import MessagesServer

    with MessagesServer() as server:
        server.status = 500
        env = {"ANTHROPIC_BASE_URL": server.url, "ANTHROPIC_API_KEY": "k"}
        logs = [write_generic(tmp_path / f"s{n}.jsonl", [
            {"role": "assistant", "content": "Running.", "tool_calls": [{"id": "c1", "name": "Bash",
                                                                         "input": {"command": command}}]},
            {"role": "tool", "tool_call_id": "c1", "content": "no", "rejected": True},
            {"role": "user", "content": lesson}], {"session_id": f"gave-up-{n}", "project": "shop"})
            for n, (command, lesson) in enumerate([("git push -f", "no, never force-push develop, others build on it"),
                                                   ("rm -rf data", "stop, never rm -rf anything under data/"),
                                                   ("npm publish", "no, never publish from a laptop, CI does")])]
        proc = run_cli("--vault", str(llm_vault), "ingest", *map(str, logs), env=env, check=True)
    assert len(server.requests) == 1 and proc.stderr.count("answered 500") == 1, proc.stderr
    cues = [notes.read(p).meta["cue"] for p in (llm_vault / "workshop/observations/correction").glob("*.md")]
    assert len(cues) == 3 and all(c["compiled"] == compiler.NAME for c in cues)


@pytest.mark.parametrize("lesson", [
    "no, you're not done until the whole test suite passes. Running one file proves nothing.",
    "no, this isn't finished until the full suite is green",
])
def test_not_done_until_asks_for_the_thing_even_after_a_no(lesson):
    """"Not done until X" asks for X: a leading "no" answers the agent, it does not forbid X."""
    cue = compiled(lesson, "Bash: pytest tests/test_orders.py -q")
    assert "tests:run-full-suite" not in cue["forbids"]
    assert "tests:run-full-suite" in cue["complies"]


def test_a_lesson_that_names_an_action_names_no_lack_of_a_flag_it_never_mentions():
    # "git commit" in a lesson is committing; a commit without a sign-off is that lesson's only if it
    # says so
    assert "git:commit-no-signoff" not in CAT.classify_text("I have not tried git commit there yet")
    assert "git:commit-no-signoff" in CAT.classify_text("every commit needs a Signed-off-by line")


def test_words_in_a_commit_message_are_not_what_the_call_acted_on():
    # the lesson names only "conftest.py", which the corrected commit's message mentions: the commit
    # itself is no mistake, so none of its kinds are forbidden
    cue = compiled("what is the purpose of conftest.py here?",
                   'Bash: cd /p && git commit -m "Tidy the README and the conftest.py setup"')
    assert cue["forbids"] == []
    # a name the call really acted on, after a risky call, still makes that call the mistake
    cue = compiled("don't touch staging by hand", "Bash: kubectl -n staging set env deploy/api DEBUG=1")
    assert "k8s:imperative-edit" in cue["forbids"]


def test_an_everyday_call_the_lesson_names_through_a_path_is_no_kind_to_forbid():
    cue = compiled("nah we don't do __tests__ folders here", "Bash: npx vitest run src/__tests__/time.test.ts")
    assert cue["forbids"] == [] and "__tests__" in " ".join(cue["entities"])


def test_one_change_per_commit_is_a_kind_of_its_own():
    cue = compiled("one logical change per commit please, I bisect",
                   "Bash: git commit -am 'Fix the parser and rename the loader'")
    assert "git:commit-mixed" in cue["forbids"]
    assert "git:commit-mixed" in CAT.kinds_of(__import__("memkit.activation.acts", fromlist=["x"]).from_command(
        "git commit -m 'Bump deps, fix flaky test, tidy logging'"))


def test_keep_it_brief_after_an_edit_is_about_the_edit_not_about_replies():
    after_edit = compiled("let's keep it brief, short names are fine", "Edit: /p/tests/test_cart.py — CART = [...]")
    assert "conduct:reply-length" not in after_edit["forbids"] and after_edit["standing"] is False
    said = compiled("keep your replies short, two sentences", "proposed: Here is a long explanation of the cache")
    assert said["standing"] is True


def test_an_emoji_in_a_lesson_is_no_lesson_about_emoji():
    assert not {"conduct:emoji", "docs:emoji"} & CAT.classify_text("when the scan runs (⚡ strict) don't block the push")
    assert "docs:emoji" in CAT.classify_text("no emoji in the README headings")


def test_where_a_thing_lives_is_the_compliant_place_for_it():
    cue = compiled("site-repo is in the Documents folder", "Bash: gh repo view acme/site-repo")
    assert "Documents/site-repo" in cue["complies"] and "site-repo/" in cue["entities"]


def test_what_the_agent_did_not_do_as_it_was_told_is_asked_for():
    assert compiler.clauses("you didn't put the helpers under shared_utils as I asked") == [
        ("prescribe", "you didn't put the helpers under shared_utils as I asked")]


def test_a_thing_that_must_never_be_done_is_forbidden_not_split_into_an_alternative():
    assert compiler.clauses(".env must never be committed, it holds the keys") == [
        ("forbid", ".env must never be committed, it holds the keys")]
    cue = compiled("no, .env must never be committed, it holds the live keys", "Bash: git add .env")
    assert "secrets:commit" in cue["forbids"]


def test_staging_everything_by_its_other_spelling_and_secret_files_by_any_suffix():
    from memkit.activation import acts

    assert "git:stage-all" in CAT.kinds_of(acts.from_command("git stage --all && git commit -m x"))
    assert "secrets:commit" in CAT.kinds_of(acts.from_command("git add -f config/secrets.local.json"))


def test_asking_for_what_a_kind_lacks_forbids_that_kind():
    # "pin every action to a SHA": the kind is an action *not* pinned, so the lesson forbids it
    cue = compiled("no, every action has to be pinned to a full commit SHA",
                   "Edit: /p/.github/workflows/ci.yml — - uses: someone/setup-tool@v2")
    assert "ci:unpinned-action" in cue["forbids"] and "ci:unpinned-action" not in cue["complies"]


def test_an_action_with_the_mistake_is_not_excused_by_an_unrelated_kind_the_lesson_asks_for():
    from memkit.activation import acts, match

    # a cue as a person might write it: the compliant kind is no remedy of the forbidden one
    cue = {"forbids": ["docker:latest-tag"], "complies": ["docker:no-user"], "entities": [], "example": "",
           "scope": {}, "standing": False, "compiled": "person"}
    row = _row(cue)
    probe_act = acts.from_call("Write", {"file_path": "/p/Dockerfile", "content": "FROM node:latest\nCMD node x.js\n"})
    assert {"docker:latest-tag", "docker:no-user"} <= set(CAT.classify(probe_act))
    probe = match.Probe(probe_act, CAT.classify(probe_act), CAT)
    assert match.judge(match.Cue(row), probe, CAT) > 0


def test_a_request_for_a_migration_that_removes_a_field_is_a_column_removal():
    from memkit.activation import acts

    for ask in ("the nickname field on users is dead now, can you write the migration that gets rid of it?",
                "write a migration that drops the legacy_flag column"):
        assert "schema-migration:column-removal" in CAT.kinds_of(acts.from_prose(ask))
    assert "schema-migration:column-removal" not in CAT.kinds_of(
        acts.from_prose("write a migration that drops the unused index on orders"))


def test_the_topic_a_lesson_shares_with_its_call_stays_for_requests():
    cue = compiled("we use uv here: `uv add httpx`. pip into .venv bypasses uv.lock",
                   "Bash: .venv/bin/pip install httpx (rejected)")
    assert "deps:pip" in cue["forbids"] and "deps:add" in cue["forbids"]


def test_mocking_a_repository_or_a_session_object_is_mocking_the_database():
    from memkit.activation import acts

    for code in ('@patch("shop.repositories.order_repo.OrderRepository.fetch")\ndef test_x(m):\n',
                 "    session = MagicMock()\n"):
        act = acts.from_call("Edit", {"file_path": "/p/tests/test_a.py", "old_string": "", "new_string": code})
        assert "tests:mock-db" in CAT.classify(act)
    act = acts.from_call("Edit", {"file_path": "/p/tests/test_a.py", "old_string": "",
                                  "new_string": '@patch("app.mailer.send")\ndef test_x(m):\n'})
    assert "tests:mock-db" not in CAT.classify(act)


def test_a_program_a_lesson_calls_deprecated_fires_when_it_runs_and_leave_alone_forbids():
    cue = compiled("gsutil is deprecated on our images. use `gcloud storage cp` for bucket stuff",
                   "Bash: gsutil cp out.json gs://bucket/out.json (rejected)")
    assert "gsutil" in cue["entities"] and cue["forbids"] == []
    assert compiler.clauses("leave the build number alone") == [("forbid", "leave the build number alone")]


def test_redundant_comments_and_git_mv_and_too_long_are_what_lessons_say_they_are():
    assert "code:narrating-comment" in CAT.classify_text("what's with the redundant comments?")
    assert "fs:move-without-git" in CAT.classify_text("no, `mv` it back and then `git mv` it")
    assert compiler.clauses("some of these lines are longer than 88 chars")[0][0] == "forbid"


def test_a_program_named_in_passing_is_no_program_the_lesson_forbids():
    cue = compiled("WTF, is this better than `rg`?", 'Bash: for d in 1 2; do rg -q x "day-$d.md"; done')
    assert "rg" not in cue["entities"]
    cue = compiled("use `ripgrep` instead of `grep` here", "Bash: grep -rn TODO src/")
    assert "grep" in cue["entities"]


def test_the_tool_a_prescription_replaces_is_an_entity_even_unconfirmed():
    cue = compiled("we're using `click`` not `argparse`. check the docs", "Write: /p/cli.py — import click")
    assert "argparse" in cue["entities"] and "click" in cue["complies"]
    assert compiled("the Books.plist is in a different directory", "Bash: ls")["entities"] == []


def test_an_environment_named_only_in_a_reason_scopes_nothing():
    cue = compiled("always pass --profile acme-staging on aws commands. my default profile is the prod account",
                   "Bash: aws s3 ls s3://acme-exports/")
    assert "env" not in cue["scope"]
    assert compiled("never run deletes against production from a shell",
                    "Bash: psql $PROD_URL -c 'DELETE FROM t'")["scope"]["env"] == ["prod"]


def test_switching_off_a_named_lint_rule_and_passing_errors_up_untouched_are_kinds():
    assert "lint:disable" in CAT.classify_text("we don't switch off react-hooks/exhaustive-deps here")
    assert "go:bare-return-err" in CAT.classify_text("don't hand errors back up untouched")


def test_the_asked_for_kind_done_the_wrong_way_is_the_topic_and_its_way_complies():
    cue = compiled("pls use `make proto` for codegen, not protoc directly",
                   "Bash: protoc -I api --go_out=gen api/device.proto")
    assert "codegen:regenerate" in cue["forbids"] and "make proto" in cue["complies"] and "protoc" in cue["entities"]


def test_a_rule_that_tasks_take_ids_forbids_passing_objects():
    cue = compiled("in this repo task arguments are always plain ids, never model instances",
                   "Edit: /p/billing/signals.py — sync_invoice.delay(invoice)")
    assert "task:non-serialisable-arg" in cue["forbids"]


def test_a_home_path_the_lesson_gives_complies_with_the_written_out_path():
    from memkit.activation import acts, match

    cue = {"forbids": ["docs:adr"], "complies": ["~/src/handbook/adr/"], "entities": [], "example": "",
           "scope": {}, "standing": False, "compiled": "person"}
    row = _row(cue)
    act = acts.from_call("Write", {"file_path": "/home/kim/src/handbook/adr/0007-queues.md", "content": "# 7\n"})
    assert match.judge(match.Cue(row), match.Probe(act, CAT.classify(act), CAT), CAT) == 0


def test_a_strong_no_outweighs_where_a_thing_comes_from_and_only_remedies_comply():
    cue = compiled("String.to_atom on anything that comes from a request is a no-go. use String.to_existing_atom",
                   "Edit: /p/lib/web/ctl.ex — status = String.to_atom(params[\"status\"])")
    assert "elixir:string-to-atom" in cue["forbids"] and "String.to_atom" not in cue["complies"]
    assert "security:weak-crypto" in CAT.classify_text("sha256 is far too fast for passwords")
    assert "errors:swallow" in CAT.classify_text("don't rescue StandardError in jobs and just log it")


def test_an_unreviewed_lesson_stays_in_its_project_a_reviewed_one_travels():
    from memkit.activation import acts, match

    cue = {"forbids": ["python:system-interpreter"], "complies": [], "entities": [], "example": "", "scope": {},
           "standing": False, "compiled": "person"}
    act = acts.from_command("python3 -m pytest -q")
    assert "python:system-interpreter" in CAT.classify(act)
    here = match.Probe(act, CAT.classify(act), CAT, project="shop")
    assert match.judge(match.Cue(_row(cue, "shop", False)), here, CAT) > 0
    assert match.judge(match.Cue(_row(cue, "billing", False)), here, CAT) == 0
    assert match.judge(match.Cue(_row(cue, "billing", True)), here, CAT) > 0


def test_tests_named_xunit_style_in_spec_files_and_private_helpers_under_test_are_kinds():
    from memkit.activation import acts

    spec = acts.from_call("Write", {"file_path": "/p/specs/cart_spec.py", "content": "def test_total():\n    pass\n"})
    assert "tests:xunit-name" in CAT.classify(spec)
    private = acts.from_call("Write", {"file_path": "/p/tests/test_cart.py",
                                       "content": "from shop.cart import _round\n\ndef test_r():\n    pass\n"})
    assert "tests:private-import" in CAT.classify(private)
    assert "deps:runtime-version-change" in CAT.classify_text("we don't need to support old python versions")


def test_a_subfolder_or_a_clone_of_a_known_project_is_that_project():
    from memkit.activation import activate

    known = {"shop", "billing"}
    assert activate._known_project("/home/kim/src/shop/services/api", known) == "shop"
    assert activate._known_project("/tmp/elsewhere/ledger/src", known) == ""


def test_a_stopped_call_the_lesson_names_is_the_mistake_and_its_path_part_stays_a_path():
    cue = compiled("we never change a live index in place. `products` is an alias",
                   "Bash: curl -s -XPUT \"$ES_URL/products/_mapping\" -d '{}' (rejected)")
    assert cue["forbids"] and "products/" in cue["entities"]
    everyday = compiled("nah we don't do __tests__ folders", "Bash: npx vitest run src/__tests__/t.test.ts")
    assert everyday["forbids"] == []


def test_the_program_a_loop_runs_is_a_command_of_it():
    from memkit.activation import acts, entities

    assert "rg" in entities.commands_of(acts.from_command('for d in 1 2; do if rg -q x "$d"; then echo y; fi; done'))


def test_a_name_far_from_what_the_clause_says_no_to_is_no_entity():
    near = compiled("don't write under vendor/acme/ by hand", "Edit: /p/src/x.c — int y;")
    assert "vendor/acme/" in near["entities"]
    far = compiled("I've checked the README.md and I don't see an instruction for running all the tests at once",
                   "proposed: run the tests")
    assert "README.md" not in far["entities"]


def test_a_folder_to_stay_out_of_fires_on_reading_it():
    from memkit.activation import acts, match

    cue = compiled("W8! what are you doing in `dev-log-diary`?! you shouldn't concern yourself with its contents",
                   "Bash: ls")
    assert "dev-log-diary" in cue["entities"] and cue["scope"].get("reads") is True
    row = _row(cue, names="dev-log-diary")
    read = acts.from_call("Read", {"file_path": "/p/dev-log-diary/day-3.md"})
    assert match.judge(match.Cue(row), match.Probe(read, CAT.classify(read), CAT), CAT) > 0
    plain = compiled("don't put the helpers under shared_utils", "Bash: ls")
    assert "reads" not in plain["scope"]


def test_the_other_tools_a_prescription_replaces_are_forbidden_with_the_one_that_was_used():
    cue = compiled("this is a pnpm workspace, use pnpm add --filter web", "Bash: npm install date-fns (rejected)")
    assert {"deps:npm", "deps:yarn"} <= set(cue["forbids"])
    assert "deps:pnpm" not in cue["forbids"]


def test_copy_then_delete_is_a_move_a_ci_version_matrix_is_a_runtime_change_and_a_new_package_asks_for_init():
    from memkit.activation import acts

    assert "fs:move-without-git" in CAT.classify(acts.from_command("cp docs/a.md docs/b.md && rm docs/a.md"))
    assert "fs:move-without-git" not in CAT.classify(acts.from_command("cp docs/a.md docs/b.md && rm docs/c.md"))
    matrix = acts.from_call("Edit", {"file_path": "/p/.github/workflows/ci.yml", "old_string": "x",
                                     "new_string": "        node-version: [18, 20]\n"})
    assert "deps:runtime-version-change" in CAT.classify(matrix)
    assert "python:init-file-create" in CAT.classify(acts.from_prose("create a new package for the exporters"))


def test_a_lesson_to_go_step_by_step_is_standing_and_meets_requests_for_several_steps():
    from memkit.activation import acts

    cue = compiled("please stop at each stable point and let me review your work", kind="correction")
    assert cue["standing"] is True and "conduct:big-steps" in CAT.classify_text("one step at a time please")
    assert "conduct:big-steps" in CAT.classify(acts.from_prose("carry on with the next three TODO items"))
    assert "conduct:big-steps" not in CAT.classify(acts.from_prose("what is the difference between these two?"))
    assert "git:commit-unsigned" in CAT.classify(acts.from_prose("commit and push, skip the key prompt this time"))


def test_explain_first_metric_labels_and_write_up_the_pr_are_kinds():
    from memkit.activation import acts

    assert "conduct:fix-instead-of-explaining" in CAT.classify_text(
        "when I ask why something happens I want the explanation first, not a patch")
    assert "conduct:fix-instead-of-explaining" in CAT.classify(acts.from_prose("how come the cache is empty?"))
    assert "metrics:high-cardinality-label" in CAT.classify_text("customer_id can't be a Prometheus label")
    edit = acts.from_call("Edit", {"file_path": "/p/app/metrics.py", "old_string": "x",
                                   "new_string": "LATENCY.labels(phone=msg.to_number).observe(t)\n"})
    assert "metrics:high-cardinality-label" in CAT.classify(edit)
    assert "pr:create" in CAT.classify(acts.from_prose("write up the PR for this branch and open it"))


def test_changing_fixture_rows_by_hand_is_a_kind_and_reading_them_is_not():
    from memkit.activation import acts

    write = acts.from_command('sqlite3 tests/fixtures/lib.sqlite "UPDATE books SET state = 6 WHERE id = 3"')
    read = acts.from_command('sqlite3 tests/fixtures/lib.sqlite "SELECT * FROM books"')
    assert "tests:fixture-hand-edit" in CAT.classify(write) and "tests:fixture-hand-edit" not in CAT.classify(read)
    assert "tests:fixture-hand-edit" in CAT.classify_text("you have manually manipulated the record in the DB")


def test_wrong_repo_names_the_place_and_any_system_gradle_task_is_no_wrapper():
    from memkit.activation import acts

    cue = compiled("wrong repo. this is the old read-only mirror, make changes in the platform repo",
                   "Edit: /home/sam/work/accounts-mirror/api/views.py — x = 1", project="accounts-mirror")
    assert "accounts-mirror/" in cue["entities"]
    assert "gradle:no-wrapper" in CAT.classify(acts.from_command("gradle spotlessApply"))
    assert "gradle" in compiled("use ./gradlew, not gradle.", "Bash: gradle test (rejected)")["entities"]


def test_a_new_source_file_without_the_licence_header_is_a_concrete_mistake():
    cue = compiled("every new .c/.h file starts with the SPDX line and the copyright header",
                   "Write: /p/src/drivers/bme.c — #include \"bme.h\"")
    assert "licence:missing-header" in cue["forbids"] and not CAT.kinds["licence:missing-header"].broad


def test_a_file_the_corrected_call_touched_does_not_excuse_the_next_change_to_it():
    from memkit.activation import acts

    cue = compiled("no, exact versions only in package.json, never ^ or ~.",
                   'Edit: /app/package.json — "left-pad": "^1.3.0"')
    assert "package.json" not in cue["complies"]
    assert "package.json" in compiled("no, exact versions only in package.json, never ^ or ~.")["complies"]
    assert "db:prod-write" in CAT.kinds_of(acts.from_command(
        "RAILS_ENV=production bin/rails runner 'User.where(admin: nil).update_all(admin: false)'"))


def test_not_done_until_forbids_calling_it_done_and_reaches_a_request_to_wrap_up():
    cue = compiled("no, it isn't finished until the e2e suite passes. Run npm run e2e.",
                   "Bash: npx playwright test tests/login.spec.ts")
    assert "conduct:unverified-done" in cue["forbids"]
    from memkit.activation import acts

    assert "conduct:unverified-done" in CAT.classify(acts.from_prose("great, wrap it up and push the branch"))
    assert "conduct:unverified-done" not in CAT.classify(acts.from_prose("wrap the loop in a function"))


def test_marking_a_thing_deprecated_is_asked_for_and_a_thing_that_is_deprecated_is_forbidden():
    assert compiler.clauses("keep the old key, mark it deprecated in the spec")[0][0] != "forbid"
    assert compiler.clauses("`datetime.utcnow` is deprecated")[0][0] == "forbid"


def test_and_no_after_a_comma_is_a_clause_that_forbids():
    assert compiler.clauses("we return the Page wrapper, and no limit/offset params") == [
        ("prescribe", "we return the Page wrapper"), ("forbid", "and no limit/offset params")]


def test_a_generated_folder_is_generated_output_and_where_the_corrected_call_was_excuses_nothing():
    cue = compiled("no, site/reference/ is generated. fix the docstring in pkg/ and regenerate",
                   "Edit: /home/u/pkg/site/reference/io.md — Reads a file.", project="pkg")
    assert "codegen:edit-generated" in cue["forbids"]
    assert "site/reference/" in cue["entities"] and "site" not in cue["entities"]
    assert "pkg/" not in cue["complies"]


def test_the_bare_program_a_wrapper_lesson_replaces_is_forbidden_and_the_wrapped_form_complies():
    cue = compiled("no, always go through `bundle exec rspec`, the global one has other gems",
                   "Bash: rspec spec/models/user_spec.rb")
    assert "rspec" in cue["entities"] and "bundle exec rspec" in cue["complies"]
    assert "rspec" not in cue["complies"]


def test_other_verbs_for_an_act_reach_the_same_kind():
    from memkit.activation import acts

    assert "security:disable-tls" in CAT.classify(acts.from_prose("never switch off certificate checks"))
    assert acts.plain_verbs("keep it as it is") == "keep it as it is"


def test_a_subcommand_the_lesson_spells_out_is_forbidden_in_both_spellings_and_its_sibling_complies():
    cue = compiled("no!! never wipe the cache on the build box. warm-cache only refills it, use that",
                   "Bash: ./tool wipe-cache --all (interrupted)")
    assert {"wipe-cache", "wipe_cache"} <= set(cue["entities"])
    assert "warm-cache" in cue["complies"] and "that." not in cue["complies"]


def test_what_a_tool_never_does_is_a_reason_and_asking_for_a_changeset_forbids_nothing():
    assert compiler.clauses("the registry never lets us reuse a version")[0][0] == "neutral"
    assert compiler.clauses("we never let the bot merge")[0][0] == "forbid"
    cue = compiled("no, never publish anything yourself. add a changeset to the PR, the bot releases",
                   "Bash: npm publish (rejected)")
    assert "release:publish" in cue["forbids"] and "docs:changelog-fragment" not in cue["forbids"]


def test_a_decision_about_what_to_do_first_is_no_standing_cue():
    from memkit.activation import cues

    order = {"type": "observation", "kind": "decision", "chosen": "begin with the database schema",
             "alternatives": ["start by writing the README.md"]}
    assert cues.lesson_of(order) is None
    choice = {"type": "observation", "kind": "decision", "chosen": "PostgreSQL", "alternatives": ["MySQL"]}
    assert cues.lesson_of(choice)[:2] == ("use PostgreSQL, not MySQL", "")


def test_a_file_type_the_lesson_names_is_touched_by_any_file_of_that_type_but_not_a_common_one():
    from memkit.activation import acts, entities

    edit = acts.from_call("Edit", {"file_path": "/p/notebooks/03_eda.ipynb", "old_string": "a", "new_string": "b"})
    assert entities.touches(entities.tokens(edit), "", ".ipynb")
    readme = acts.from_call("Edit", {"file_path": "/p/docs/intro.md", "old_string": "a", "new_string": "b"})
    assert not entities.touches(entities.tokens(readme), "", ".md")
    # a command that changes such a file names its type too, a command on a common file does not
    sed = acts.from_command("sed -i 's/epochs=10/epochs=20/' notebooks/03_eda.ipynb")
    assert entities.touches(entities.tokens(sed), sed.text, ".ipynb")
    vim = acts.from_command("sed -i 's/v1/v2/' docs/intro.md")
    assert not entities.touches(entities.tokens(vim), vim.text, ".md")
    # a path keeps its dots: `db/backup.tar` names no folder `db/backup`
    assert "db/backup" not in entities.tokens(acts.from_command("mv db/backup.tar archive/"))


def test_a_cue_compiled_from_a_lesson_with_line_breaks_stands_as_stored():
    lesson = "no, never force-push main.\n\nUse  a branch."
    cue = compiled(lesson, "Bash: git push -f origin main")
    assert compiler.is_current(cue, lesson, "Bash: git push -f origin main")
    assert not compiler.is_current(cue, lesson + " Always.", "Bash: git push -f origin main")


def _fires(cue: dict, tool: str, data: dict) -> bool:
    from memkit.activation import acts, match

    act = acts.from_command(data["command"]) if tool == "Bash" else acts.from_call(tool, data)
    return match.judge(match.Cue(_row(cue)), match.Probe(act, CAT.classify(act), CAT), CAT) > 0


def test_a_flag_the_lesson_forbids_gives_the_kind_the_corrected_call_had_through_it():
    cue = compiled("no!! never -f on the shared branches, people pull from them all day",
                   "Bash: git push -f origin release/2.4 (interrupted)")
    assert "git:force-push" in cue["forbids"]
    assert _fires(cue, "Bash", {"command": "git push --force origin release/2.5"})
    assert not _fires(cue, "Bash", {"command": "git push origin release/2.5"})


def test_code_the_lesson_forbids_is_named_in_the_shape_the_corrected_edit_wrote_it():
    cue = compiled("don't new up ObjectMapper in every request, building one is expensive. inject the shared bean",
                   "Edit: /p/src/main/java/shop/Orders.java — ObjectMapper mapper = new ObjectMapper();")
    assert "new ObjectMapper" in cue["entities"]
    assert _fires(cue, "Write", {"file_path": "/p/src/main/java/shop/Carts.java",
                                 "content": "class Carts {\n  Cart read(String s) { return new ObjectMapper().readValue(s, Cart.class); }\n}\n"})
    assert not _fires(cue, "Edit", {"file_path": "/p/src/main/java/shop/Carts.java", "old_string": "class Carts {\n",
                                    "new_string": "class Carts {\n  private final ObjectMapper mapper;\n"})
    cue = compiled("no async def in the celery tasks, the worker never awaits them",
                   "Edit: /p/app/tasks/mail.py — async def send_digest(user_id):")
    assert "async def" in cue["entities"]
    assert _fires(cue, "Edit", {"file_path": "/p/app/tasks/search.py", "old_string": "x = 1\n",
                                "new_string": "x = 1\n\nasync def rebuild_index():\n    pass\n"})
    assert not _fires(cue, "Edit", {"file_path": "/p/app/tasks/search.py", "old_string": "x = 1\n",
                                    "new_string": "x = 1\n\ndef rebuild_index():\n    pass\n"})



def test_a_call_the_corrected_edit_made_that_the_lesson_says_no_to_fires_wherever_it_is_written():
    cue = compiled("no transfers for a chargeback, ever. accept the dispute with Disputes.accept(dispute_id) so the "
                   "ledger links both", "Edit: /srv/shop/app/disputes.py — Transfers.create(account=acct, amount=amt)")
    assert "Transfers.create(" in cue["entities"]
    assert _fires(cue, "Write", {"file_path": "/srv/shop/app/refunds.py", "content":
                                 "def undo(c):\n    return Transfers.create(account=c.account, amount=c.total)\n"})
    assert not _fires(cue, "Edit", {"file_path": "/srv/shop/app/refunds.py", "old_string": "def undo(c):\n",
                                    "new_string": "def undo(c):\n    Disputes.accept(c.dispute_id)\n"})
    # by the member called: `os.chdir(` after "don't chdir"
    cue = compiled("please don't chdir in library code, pass the folder down as an argument",
                   "Edit: /p/lib/loader.py — os.chdir(root)")
    assert "os.chdir(" in cue["entities"]
    assert _fires(cue, "Edit", {"file_path": "/p/lib/export.py", "old_string": "def run(d):\n",
                                "new_string": "def run(d):\n    os.chdir(d)\n"})
    assert not _fires(cue, "Edit", {"file_path": "/p/lib/export.py", "old_string": "def run(d):\n",
                                    "new_string": "def run(d):\n    out = os.path.join(d, 'out')\n"})


def test_no_call_is_taken_that_the_lesson_asks_for_or_that_is_the_object_itself():
    cue = compiled("not a payout loop. payouts go in one batch: Payouts.batch(items)",
                   "Edit: /srv/pay/run.py — for i in items: Payouts.create(i)")
    assert not any(e.startswith("Payouts") for e in cue["entities"])   # "payouts" is what it asks for too
    cue = compiled("don't save on every keystroke, debounce it",
                   "Edit: /app/src/editor.ts — this.save(doc)")
    assert "this.save(" not in cue["entities"]


def test_an_annotation_the_lesson_forbids_fires_on_the_annotation_not_its_neighbours():
    cue = compiled("please no @lru_cache on methods, it keeps every instance alive",
                   "Edit: /p/shop/pricing.py — @lru_cache(maxsize=None) def price(self, sku):")
    assert "@lru_cache" in cue["entities"]
    assert _fires(cue, "Edit", {"file_path": "/p/shop/rates.py", "old_string": "    def rate(self):\n",
                                "new_string": "    @lru_cache\n    def rate(self):\n"})
    assert not _fires(cue, "Edit", {"file_path": "/p/shop/rates.py", "old_string": "    def rate(self):\n",
                                    "new_string": "    @property\n    def rate(self):\n"})


def test_what_does_nothing_is_forbidden_and_an_annotation_is_read_with_the_line_it_annotates():
    from memkit.activation import acts

    assert compiler.clauses("@Cacheable on a private method does nothing")[0][0] == "forbid"
    assert compiler.clauses("that flag is silently ignored by the old runner")[0][0] == "forbid"
    act = acts.from_call("Edit", {"file_path": "/p/a.py", "old_string": "    def price(self):\n",
                                  "new_string": "    @property\n    def price(self):\n"})
    assert act.added == "    @property\n    def price(self):"


def test_a_rule_that_every_call_needs_a_thing_forbids_calls_without_it():
    assert compiler.clauses("every refund call needs an idempotency_key")[0][0] == "prescribe"
    assert compiler.clauses("Everything in jobs/ gets deployed and needs a review")[0][0] != "prescribe"
    cue = compiled("wait — every refund call needs an idempotency_key, a retried job pays out twice otherwise",
                   "Edit: /p/billing/refunds.py — stripe.Refund.create(payment_intent=pi, amount=cents)")
    assert "api:no-idempotency-key" in cue["forbids"]
    assert _fires(cue, "Edit", {"file_path": "/p/billing/payouts.py", "old_string": "x = 1\n",
                                "new_string": "x = 1\nstripe.Transfer.create(amount=cents, destination=acct)\n"})
    assert not _fires(cue, "Edit", {"file_path": "/p/billing/payouts.py", "old_string": "x = 1\n",
                                    "new_string": "x = 1\nstripe.Transfer.create(amount=cents, destination=acct, "
                                                  "idempotency_key=key)\n"})


def test_a_before_rule_fires_before_any_such_action_even_of_a_broad_kind():
    cue = compiled("no, please ask me before adding any package here, the bundle has a hard size budget",
                   "Bash: npm install lodash")
    assert "deps:add" in cue.get("before", [])
    assert _fires(cue, "Bash", {"command": "pnpm add dayjs"})
    assert not _fires(cue, "Bash", {"command": "pnpm run build"})


def test_nothing_under_a_folder_is_a_rule_that_forbids():
    assert compiler.clauses("nothing under assets/ goes into the bundle, the CDN serves it")[0][0] == "forbid"
    assert compiler.clauses("nothing else changes in the handler")[0][0] != "forbid"


def test_a_bare_refusal_forbids_what_the_call_did_beyond_what_the_lesson_asks():
    cue = compiled("ugh no, not the whole repo. run black on the files you changed, nothing else",
                   "Bash: black .")
    assert "format:reformat-unrelated" in cue["forbids"] and "format:black" not in cue["forbids"]
    assert _fires(cue, "Bash", {"command": "black src/"}) or _fires(cue, "Bash", {"command": "ruff format ."})
    assert not _fires(cue, "Bash", {"command": "black src/billing/refunds.py"})
    later = compiled("Not yet. Let's finish the review first", "Bash: git commit -m 'wip'")
    assert "git:commit-no-signoff" not in later["forbids"]   # "not yet" says when, not what was wrong


def test_acting_without_asking_forbidden_outright_fires_on_every_such_action_but_not_yet_does_not():
    cue = compiled("Thanks, looks right. One thing though: I'd rather you didn't commit in this repo at all. "
                   "I commit from my own terminal with my signing key, the release tooling checks signatures",
                   "Bash: git add src/poly.py && git commit -m 'Fix concave polygons'")
    assert "conduct:commit-without-asking" in cue.get("before", [])
    assert not {"net:download-no-checksum", "webhook:unverified"} & set(cue["forbids"])   # what the person
    # does is no request for what a kind lacks
    assert _fires(cue, "Bash", {"command": "git commit -qam 'reject self-intersecting rings'"})
    assert not _fires(cue, "Bash", {"command": "git diff --stat"})
    later = compiled("You can prepare all this, but don't commit and push this yet, please.", "Edit: README.md")
    assert not later.get("before")


def test_a_command_run_through_bundle_exec_or_uv_run_is_the_program_it_runs():
    from memkit.activation import entities

    assert entities.command_name("bundle exec fastlane internal") == "fastlane"
    assert entities.command_name("uv run pytest -x") == "pytest"
    assert entities.command_name("bundle install") == "bundle"
    assert entities.command_name("poetry run --verbose") == "poetry"   # a flag: no program follows


def test_what_wrecks_or_drops_everything_is_what_the_lesson_forbids():
    assert compiler.clauses("a repo-wide reformat wrecks git blame for everybody")[0][0] == "forbid"
    assert compiler.clauses("that flag drops the whole database on every upgrade")[0][0] == "forbid"
    assert compiler.clauses("move them to /tmp/old-trash/ so they can be recovered")[0][0] != "forbid"


def test_the_command_asked_for_with_a_flag_the_corrected_call_lacked_recalls_the_lesson_without_it():
    cue = compiled("hold on, that writes the token in plaintext into Pulumi.dev.yaml which is committed. "
                   "use `pulumi config set --secret apiToken` and read it with config.requireSecret",
                   "Bash: pulumi config set apiToken abc123")
    assert "pulumi config set" in cue["entities"] and "--secret" in cue["complies"]
    assert _fires(cue, "Bash", {"command": "pulumi config set stripeKey sk_live_x --stack prod"})
    assert not _fires(cue, "Bash", {"command": "pulumi config set --secret stripeKey sk_live_x"})
    assert not _fires(cue, "Bash", {"command": "pulumi preview --stack prod"})
    upgrade = compiled("ctrl-c! never reuse values on upgrade, it keeps stale overrides. "
                       "run `helm upgrade web ./chart -f values/staging.yaml`", "Bash: helm upgrade web ./chart --reuse-values")
    assert "-f" in upgrade["complies"]
    assert _fires(upgrade, "Bash", {"command": "helm upgrade web ./chart --set image.tag=1.4"})
    assert not _fires(upgrade, "Bash", {"command": "helm upgrade web ./chart -f values/staging.yaml --set image.tag=1.4"})


def test_a_member_called_on_a_dotted_chain_is_a_name_the_action_touches():
    from memkit.activation import acts, entities

    act = acts.from_command("mongosh --eval 'db.notes.replaceOne({ _id: n._id }, n)'")
    assert "replaceone" in entities.tokens(act) and "db.notes.replaceone" in entities.tokens(act)
    assert "py" not in entities.tokens(acts.from_command("python manage.py migrate"))   # a file stays whole


def test_a_request_meets_a_lesson_at_its_topic_and_a_stored_cue_keeps_its_topics_and_before():
    from memkit.activation import acts, match

    cue = compiled("never run ALTER TABLE ... DELETE on the events table, those mutations rewrite every part",
                   "Bash: clickhouse-client -q \"ALTER TABLE events DELETE WHERE day = '2026-01-20'\"")
    assert "clickhouse:mutation" in cue["forbids"]
    assert cues.valid(cue)["topics"] == cue["topics"]
    assert cues.valid({**cue, "before": ["deps:add"]})["before"] == ["deps:add"]
    asked = acts.from_prose("purge the duplicate rows of the January import from the events table")
    probe = match.Probe(asked, CAT.classify(asked), CAT, kind="prompt")
    assert "db:bulk-delete" in cue["topics"] and "db:bulk-delete" in probe.kinds   # what the mutation is a case of
    assert match.judge(match.Cue(_row(cue)), probe, CAT) > 0
    other = acts.from_prose("add a column for the campaign id to the events table")
    assert match.judge(match.Cue(_row(cue)), match.Probe(other, CAT.classify(other), CAT, kind="prompt"), CAT) == 0


def test_holding_something_back_for_now_forbids_nothing_later_and_a_condition_keeps_the_rule():
    cue = compiled("Don't touch the migrations folder yet!! first show me the plan",
                   "Edit: /p/migrations/0042_orders.py — op.drop_column('orders', 'note') (rejected)")
    assert cue["forbids"] == [] and cue["entities"] == []
    assert compiler.clauses("don't merge that PR for now") == [("moment", "don't merge that PR for now")]
    for rule in ("never push a branch that isn't tested yet", "don't deploy again, not even for now"):
        assert compiler.clauses(rule)[0][0] == "forbid"
    standing = compiled("Don't touch the migrations folder",
                        "Edit: /p/migrations/0042_orders.py — op.drop_column('orders', 'note') (rejected)")
    assert standing["entities"]


def test_a_question_asked_once_is_no_standing_rule_but_asking_for_always_is():
    def standing(lesson):
        return compiler.compile_lesson(CAT, lesson, "", lifecycle="knowledge")["standing"]

    assert not standing("ok, and then can we verify that we don't have other similar cases?")
    assert standing("could you always show me the diff first?")
    assert standing("from now on say which files you changed")


def test_a_person_reads_the_topics_a_request_meets_the_lesson_at():
    from memkit.activation import render

    cue = compiled("no, a mutation rewrites every part of the table; drop a partition instead",
                   "Bash: clickhouse-client -q 'ALTER TABLE events DELETE WHERE day < today() - 90' (rejected)")
    assert cue.get("topics")
    line = render.describe_line(cue, CAT)
    assert "a request about" in line and CAT.kinds[cue["topics"][0]].about in line


def test_a_judgement_of_a_piece_of_the_work_is_no_rule_about_replies():
    cue = compiled("this docstring is far too wordy, nobody needs the history of the module in it",
                   "proposed: Here is the updated module.")
    assert "conduct:reply-length" not in cue["forbids"] and not cue["standing"]
    assert "conduct:reply-length" in compiled("your answers are too long, get to the point")["forbids"]


def test_a_before_that_orders_the_steps_at_hand_is_no_moment_to_fire_at():
    assert not compiled("ok, but before you do that, show me the failing test", "Bash: ls")["forbids"]
    assert not compiled("before doing it, show me the plan", "Bash: ls").get("before")
    for rule in ("run the linter before you push the branch", "we always rebase onto main before we push the branch",
                 "run the linter before we push the branch"):   # who pushes says nothing of how often
        assert "git:push" in compiled(rule, "Bash: ls").get("before", []), rule


def test_asking_to_undo_the_change_names_no_file_to_warn_about():
    trigger = "Edit: src/billing/invoice.py — total = round(total, 2) (rejected)"
    undo = compiled("no, put invoice.py back into its previous state, the rounding belongs in the view", trigger)
    assert "src/billing/invoice.py" not in undo["entities"] and "invoice.py" not in undo["entities"]
    assert compiled("restore that file to the version from this morning", trigger)["entities"] == []
    kept = compiled("don't edit src/billing/invoice.py by hand, revert it; it is generated", trigger)
    assert "src/billing/invoice.py" in kept["entities"]


def test_a_step_left_out_before_a_stopped_call_is_due_before_that_kind_of_call():
    stopped = 'Bash: git add src/parser.py && git commit -m "Handle empty input in the parser" (rejected)'
    cue = compiled("hm, I didn't see you running the linter... did you?", stopped)
    assert cue.get("before") == ["git:commit"] and "git:commit" in cue["forbids"]
    assert not compiled("hm, I didn't see you running the linter... did you?",
                        'Bash: git commit -m "Handle empty input"').get("before")   # a call that went through
    assert not compiled("what does this commit change for the parser?", stopped).get("before")


def test_a_rule_about_a_place_narrows_a_general_kind_to_that_place():
    cue = compiled("Please write the setup guide the way the old one reads, don't add emojis!",
                   "Bash: git add docs/setup.md (interrupted)")
    assert "docs:emoji" in cue["forbids"] and "style:emoji" not in cue["forbids"]
    assert "style:emoji" in compiled("no emojis in log messages, ever")["forbids"]


def test_saying_why_a_run_failed_is_no_rule_and_a_double_dash_ends_a_clause():
    assert compiler.clauses("no, the reason it failed is that the cache/ folder is empty -- check what the test expects") == [
        ("neutral", "no, the reason it failed is that the cache/ folder is empty"), ("prescribe", "check what the test expects")]
    cue = compiled("no, the reason it failed is that we emptied fixtures/ -- copy one back in",
                   "Edit: src/loader.py — paths = sorted(found) (rejected)")
    assert "fixtures/" not in cue["entities"]


def test_names_a_proposal_in_words_mentions_are_no_target():
    cue = compiled("I half agree. What would the --verbose switch print for each file, then?",
                   "proposed: Review: should --verbose print every file?")
    assert "--verbose" not in cue["entities"]


def test_a_word_typed_with_one_letter_dropped_or_swapped_is_read_as_the_catalogue_spells_it():
    from memkit.activation import clauses

    known = compiler._derived(CAT)["slips"]
    assert clauses.mended("please no more doctrings in the tests", known) == "please no more docstrings in the tests"
    assert "style:docstring" in compiled("Don't write doctrings in the test files")["forbids"]
    for fine in ("Should we keep the nesting flat?", "a contact is no contract", "summarise the reviews", "raising"):
        assert clauses.mended(fine, known) == fine


def test_a_question_about_a_concept_meets_no_lesson_at_its_topic():
    from memkit.activation import acts, match

    cue = compiled("never run ALTER TABLE ... DELETE on the events table, those mutations rewrite every part",
                   "Bash: clickhouse-client -q \"ALTER TABLE events DELETE WHERE day = '2026-01-20'\"")

    def tier(request):
        asked = acts.from_prose(request)
        return match.judge(match.Cue(_row(cue)), match.Probe(asked, CAT.classify(asked), CAT, kind="prompt"), CAT)

    assert tier("purge the duplicate rows of the January import from the events table") > 0
    assert tier("explain the difference between purging rows and dropping a partition") == 0
    assert tier("what's the difference between deleting rows and truncating the table?") == 0


def test_a_pasted_terminal_log_holds_no_rule():
    log = ("git push origin release Enumerating objects: 42, done. Counting objects: 100% (42/42), done. "
           "Writing objects: 100% (30/30), 4.1 KiB, done. Total 30 (delta 12) To github.com:acme/shop.git "
           "3f2a1bc..9d8e7f6 release -> release")
    cue = compiled(log, "proposed: Pushed.")
    assert cue["forbids"] == [] and cue["entities"] == [] and not cue["standing"]
    assert "git:force-push" in compiled("never force-push the release branch, done.")["forbids"]


def test_asking_for_another_value_blames_the_value_not_the_rest_of_the_call():
    stopped = "Bash: pandoc notes.md -t html4 -o /tmp/notes.html (rejected)"
    lesson = "no, we don't want the old html4 writer, we need html5!"
    assert [p for p, _ in compiler.clauses(lesson)] == ["forbid", "prescribe"]
    assert "shell:fixed-tmp-path" not in compiled(lesson, stopped)["forbids"]
    assert "shell:fixed-tmp-path" in compiled("no, we don't want the old html4 writer!", stopped)["forbids"]


def test_a_request_for_what_a_lesson_recommends_is_no_request_to_repeat_its_mistake():
    from memkit.activation import acts, match

    cue = compiled("don't use pip directly, use uv", "Bash: pip install httpx (rejected)")

    def tier(request):
        asked = acts.from_prose(request)
        return match.judge(match.Cue(_row(cue)), match.Probe(asked, CAT.classify(asked), CAT, kind="prompt"), CAT)

    assert tier("add httpx with uv") < match.INTENT
    assert tier("install requests with pip") >= match.INTENT

def test_a_name_is_never_mended_and_a_question_about_a_step_is_no_step_left_out():
    from memkit.activation import clauses

    known = compiler._derived(CAT)["slips"]
    for code in ("see `src/treading.py`", "load_rpartition_data is slow", "call str.rpartition", "TreadingPool",
                 "the diretory_cache folder"):
        assert clauses.mended(code, known) == code
    assert clauses.mended("a direcotry here", known) == "a directory here"
    assert not clauses.omitted("why did you run the tests again? they take ages")
    assert clauses.omitted("you forgot to run the linter") and clauses.omitted("I haven't seen you running coverage")
    assert not clauses.undoes("upgrade to the last version") and not clauses.undoes("bring the server back up")
    assert clauses.undoes("put it back as it was")


def test_a_request_to_explain_and_then_act_is_a_request_to_act():
    from memkit.activation import acts, match

    cue = compiled("never run ALTER TABLE ... DELETE on the events table, those mutations rewrite every part",
                   "Bash: clickhouse-client -q \"ALTER TABLE events DELETE WHERE day = '2026-01-20'\"")

    def probe(request):
        return match.Probe(acts.from_prose(request), CAT.classify(acts.from_prose(request)), CAT, kind="prompt")

    assert probe("explain the difference between purging rows and dropping a partition").explains
    assert not probe("explain why the purge of the events table failed and fix it").explains
    assert not probe("explain the plan, then delete the duplicate rows from the events table").explains
    assert probe("what's the difference between add and commit?").explains
    # a count or a date asks about the thing, it does none of it
    assert probe("how many rows did the purge of the events table remove?").explains
    assert not probe("how many rows are duplicated? delete them from the events table then").explains


def test_a_question_that_counts_meets_no_lesson_about_doing_the_thing():
    from memkit.activation import acts, match

    cue = compiled("never run ALTER TABLE ... DELETE on the events table, those mutations rewrite every part",
                   "Bash: clickhouse-client -q \"ALTER TABLE events DELETE WHERE day = '2026-01-20'\"")

    def tier(request):
        asked = acts.from_prose(request)
        return match.judge(match.Cue(_row(cue)), match.Probe(asked, CAT.classify(asked), CAT, kind="prompt"), CAT)

    assert tier("how many rows did the ALTER TABLE DELETE on the events table remove last week?") == 0
    assert tier("purge the duplicate rows of the January import from the events table") > 0


def test_a_command_in_brackets_given_as_the_way_complies():
    cue = compiled("never restore on top of the live database: restore into a scratch database (createdb scratch_1211, "
                   "pg_restore -d scratch_1211 -t appointments), check the rows there",
                   "Bash: pg_restore --clean -d clinic /backups/clinic.dump")
    assert "createdb" in cue["complies"]
    cue = compiled("no, not like that (same row counts, names masked)", "Bash: pg_restore --clean -d clinic x.dump")
    assert "same" not in cue["complies"]


def test_the_lines_of_an_accepted_edit_that_hold_what_the_lesson_says_no_to_are_the_mistake():
    trigger = ("Edit: src/report.py — rows = load()\ndf = pd.DataFrame(rows)\n"
               "df['total'] = df['net'].astype('float32')\nlog.info('done')")
    assert "numeric:downcast" in compiled("works, but can we not call `astype` there?", trigger)["forbids"]
    assert "numeric:downcast" in compiled("works, but can we not do the `astype` call there? the totals lose cents",
                                          trigger)["forbids"]
    # a name the lesson keeps is no mistake, and neither is what the other lines did
    assert compiled("ok, but keep `load` as it is", trigger)["forbids"] == []


def test_a_stopped_file_is_not_about_the_header_or_magic_comment_it_lacked():
    trigger = ("Write: /home/ana/src/inkwell/lib/inkwell/core_ext/array.rb — class Array\n  def second_to_last\n"
               "    self[-2]\n  end\nend (rejected)")
    cue = compiled("sorry, stopped that. we don't add methods to Array from the gem, our users' apps have their own "
                   "`second_to_last`; a module function in Inkwell::Lists is fine", trigger)
    assert not any(k in cue["forbids"] for k in ("licence:missing-header", "ruby:missing-frozen-string-literal"))


def test_the_program_the_corrected_call_ran_is_no_sign_of_compliance():
    cue = compiled("no, always run terraform with -target off and plan first", "Bash: terraform apply -auto-approve (rejected)")
    assert "terraform" not in cue["complies"]
    cue = compiled("we use pnpm here", "Bash: npm install left-pad")
    assert "pnpm" in cue["complies"]


def test_keywords_in_capitals_are_code_and_what_harms_is_forbidden():
    # "CREATE OR REPLACE …" is SQL, not a request to create; a clause saying what it destroys forbids it
    assert [p for p, _ in compiler.clauses("please don't. CREATE OR REPLACE on a shared view drops it and builds "
                                           "a new one")] == ["forbid", "forbid"]
    assert [p for p, _ in compiler.clauses("to change one field it's `cfg patch`")] == ["prescribe"]
    cue = compiled("hmm, it works on my laptop, but ALLOW FILTERING on the events table scans every partition "
                   "of the cluster", "Bash: cqlsh -e \"SELECT * FROM app.events WHERE kind = 'x' ALLOW FILTERING\"")
    assert "ALLOW FILTERING" in cue["entities"]


def test_a_message_cut_off_before_its_closing_quote_is_not_what_the_call_acted_on():
    cue = compiled("don't try to fix the lint failures by hand, run the formatter",
                   'Bash: git commit --no-verify -m "fix: apply lint formatting to the parser')
    assert "lint" not in [e.lower() for e in cue["entities"]]


def test_the_corrected_call_is_the_one_the_lesson_names(vault, tmp_path):
    log = write_generic(tmp_path / "gpu.jsonl", [
        {"role": "user", "content": "get a big box and start the training", "timestamp": "2026-05-01T10:00:00Z"},
        {"role": "assistant", "content": "Creating a server.", "timestamp": "2026-05-01T10:00:05Z",
         "tool_calls": [{"id": "c1", "name": "Bash", "input": {"command": "hcloud server create --type ccx63 "
                                                                          "--name train-1 --image ubuntu-24.04"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "Server 4711 created"},
        {"role": "assistant", "content": "Starting the run.", "timestamp": "2026-05-01T10:02:05Z",
         "tool_calls": [{"id": "c2", "name": "Bash", "input": {"command": "ssh root@train-1 'nohup python train.py &'"}}]},
        {"role": "tool", "tool_call_id": "c2", "content": "started"},
        {"role": "assistant", "content": "Training runs on train-1.", "timestamp": "2026-05-01T10:03:00Z"},
        {"role": "user", "content": "fyi for the future: please don't make hcloud servers by hand, `boxctl request` "
                                    "sets the shutdown timer", "timestamp": "2026-05-01T11:00:00Z"},
    ], {"session_id": "gpu-1", "project": "lab", "cwd": "/srv/lab"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    [path] = (vault / "workshop" / "observations" / "correction").glob("*.md")
    assert notes.read(path).meta["trigger"].startswith("Bash: hcloud server create")


def test_a_rule_then_a_colon_then_what_to_do_is_two_clauses():
    from memkit.activation.clauses import clauses
    assert clauses("imports never go into main: make a sandbox env from main, import there") == [
        ("forbid", "imports never go into main"), ("prescribe", "make a sandbox env from main, import there")]
    assert clauses("look it up first: check the queue before you clear it")[0][0] == "prescribe"


@pytest.mark.parametrize("text", ["you purged the whole bucket?? that was EVERY object, all of them are gone",
                                  "\U0001F644 it went out to all users at once",
                                  "so x && y ran anyway, and the mirror is empty"])
def test_symbols_in_a_lesson_are_no_code_and_an_emoji_no_emoji_lesson(text):
    found = catalogue.load(None).classify_text(text)
    assert not any(k.startswith("powershell:") or k == "style:emoji" for k in found), found


def test_a_lesson_about_emoji_still_names_them():
    assert "style:emoji" in catalogue.load(None).classify_text("no emoji in the log lines please")


def test_a_new_files_missing_header_is_no_mistake_nobody_named():
    cue = compiled("no built-in fonts in our PDFs: register the Noto Sans files with registerFont like invoice.py does",
                   "Write: /srv/invoicing/letters/dunning.py — c.setFont(\"Helvetica\", 10)")
    assert "licence:missing-header" not in cue["forbids"]
    cue = compiled("every new source file starts with the licence header, you left it out",
                   "Write: /srv/invoicing/letters/dunning.py — c.setFont(\"Helvetica\", 10)")
    assert "licence:missing-header" in cue["forbids"]


def test_what_a_command_revokes_for_every_user_is_what_the_lesson_forbids():
    from memkit.activation.clauses import clauses
    assert clauses("nuke revokes every distribution certificate on the team account: the builds the staff use stop")[0][0] \
        == "forbid"


def test_shouting_is_no_statement_and_a_statement_stays_one():
    from memkit.activation import entities
    assert entities.names_in("DO NOT EVER TOUCH THAT FOLDER AGAIN") == []
    assert entities.names_in("never add ALLOW FILTERING to a query") == ["ALLOW FILTERING"]


@pytest.mark.parametrize("lesson, trigger, forbidden, complying", [
    ("we use pnpm here", "", "deps:npm", "deps:pnpm"),
    ("you have GH CLI tools installed use that!", "Bash: git push", "forge:web-instead-of-cli", "forge:cli"),
    ("Use gh to check the CI status", "", "forge:web-instead-of-cli", "forge:cli"),
])
def test_a_lesson_that_only_asks_for_a_way_forbids_the_ways_it_replaces(lesson, trigger, forbidden, complying):
    cue = compiled(lesson, trigger)
    assert forbidden in cue["forbids"] and complying in cue["complies"] and complying not in cue["forbids"]


def test_a_lesson_that_forbids_something_itself_does_not_also_forbid_what_its_way_replaces():
    cue = compiled("never run migrations against prod by hand, use the deploy pipeline", "")
    assert not any(k.startswith("deps:") for k in cue["forbids"])


def test_the_page_a_web_fetch_reads_is_its_path():
    seen = CAT.classify_action("WebFetch", {"url": "https://github.com/acme/shop/actions", "prompt": "did it pass?"})
    assert "forge:web-instead-of-cli" in seen
    assert "forge:web-instead-of-cli" not in CAT.classify_action(
        "WebFetch", {"url": "https://github.com/acme/shop/blob/main/README.md", "prompt": "what does it say"})


def test_the_small_words_a_rule_turns_on_are_read_through_a_slip():
    cue = compiled("I wanted to remind you to always run specs locally beforu pushit to GH",
                   "Update: specs/library_spec.py (rejected)")
    assert "git:push" in cue.get("before", [])
    assert compiler.mended("nevr commit to main, alwasy a branch", {}) == "never commit to main, always a branch"
    assert compiler.mended("`befor` is a name in code", {}) == "`befor` is a name in code"


def test_a_flag_spelled_with_no_is_no_refusal():
    assert compiler.clauses("Ship it with --no-cache --pull so the base image is fresh.")[0][0] == "prescribe"
    assert compiler.clauses("no, not with --no-cache")[0][0] == "forbid"


def test_a_refusal_in_the_words_of_the_calls_trait_forbids_that_trait_whatever_runs_it():
    public = compiled("no public objects in that bucket. ever. use a presigned URL",
                      "Bash: aws s3api put-object-acl --bucket hr-drop --key q1.zip --acl public-read")
    assert "cloud:bucket-public" in public["forbids"]
    assert _fires(public, "Bash", {"command": "aws s3 cp report.pdf s3://hr-drop/ --acl public-read"})
    assert not _fires(public, "Bash", {"command": "aws s3 presign s3://hr-drop/report.pdf --expires-in 3600"})
    prod = compiled("don't touch production with kubectl. the GitOps controller reverts it anyway. "
                    "kubectl get and logs are fine.",
                    "Bash: kubectl --context prod-us -n shop rollout restart deployment/cart (rejected)")
    assert "k8s:prod-cluster" in prod["forbids"]
    assert _fires(prod, "Bash", {"command": "kubectl --context prod-us -n shop delete pod cart-7d9f"})
    assert not _fires(prod, "Bash", {"command": "kubectl --context prod-us -n shop get pods"})


def test_naming_the_act_itself_is_no_trait_of_it():
    cue = compiled("please don't commit here at all, I commit myself with my key",
                   "Bash: git add a.py && git commit -m 'fix'")
    assert "git:commit-no-signoff" not in cue["forbids"]


def test_a_kind_that_is_the_act_itself_is_named_by_the_act_said_bare():
    # "reset" is what the call ran and all the kind is: saying no to it says no to any reset
    cue = compiled("NO. --linked is the shared dev project the whole team uses: a reset wipes its users. "
                   "resets are local only. never a reset.", "Bash: supabase db reset --linked (rejected)")
    assert "db:reset" in cue["forbids"]
    assert _fires(cue, "Bash", {"command": "psql \"$DEV_DB_URL\" -c 'drop schema public cascade'"})
    assert not _fires(cue, "Bash", {"command": "supabase db push"})
    # with a qualifier the word names the act, not its kind ("don't revert the revert")
    from memkit.activation import acts, echo

    def echoed(lesson: str, command: str) -> set:
        act = acts.from_command(command)
        return echo.echoed(CAT, compiler.clauses(lesson), CAT.kinds_of(act), set(), act)

    assert "db:reset" in echoed("never a reset.", "supabase db reset --linked")
    assert "db:reset" not in echoed("never a reset outside your machine", "supabase db reset --linked")
    assert "git:revert" not in echoed("don't revert the revert", "git revert a1b2c3d")
    assert "git:revert" in echoed("don't revert, fix forward", "git revert a1b2c3d")


def test_asking_for_the_way_a_kind_is_measured_against_forbids_that_kind():
    # a kind about doing X "where the project uses Y": asking for Y says no to X
    british = compiled("we write British spelling in the docs: colour, organisation, licence")
    assert "spelling:american" in british["forbids"]
    assert _fires(british, "Edit", {"file_path": "docs/guide.md", "old_string": "", "new_string": "Pick a color."})
    assert not _fires(british, "Edit", {"file_path": "docs/guide.md", "old_string": "", "new_string": "Pick a colour."})
    axis = compiled("GeoJSON and PostGIS take longitude first, then latitude")
    assert "geo:lat-lon-order" in axis["forbids"]
    assert _fires(axis, "Edit", {"file_path": "app/map.py", "old_string": "", "new_string": "p = Point(lat, lon)"})
    assert not _fires(axis, "Edit", {"file_path": "app/map.py", "old_string": "", "new_string": "p = Point(lon, lat)"})


def test_the_value_a_lesson_says_no_to_is_the_flag_it_names_and_the_one_it_asks_for_complies():
    cue = compiled("no, merge requests here target next, never trunk. retarget it with --target-branch next.",
                   "Bash: glab mr create --target-branch trunk --fill")
    assert "--target-branch trunk" in cue["entities"]
    assert not _fires(cue, "Bash", {"command": "glab mr create --target-branch next --title 'Fix totals'"})


def test_a_lesson_about_production_is_silent_on_an_action_that_names_another_environment():
    dbt = compiled("no, never build against the prod target from a laptop. use --target dev and open a PR.",
                   "Bash: dbt run --select orders --target prod")
    assert dbt["scope"].get("env") == ["prod"]
    assert _fires(dbt, "Bash", {"command": "dbt run --select orders --target prod"})
    assert not _fires(dbt, "Bash", {"command": "dbt run --select customers --target dev"})
    flags = compiled("stop. the production toggles are the PM's call. we switch them on in dev and staging only.",
                     "Bash: curl -X POST https://flags.example.com/api/features/dark-mode/environments/production/on")
    assert flags["scope"].get("env") == ["prod"]   # the call ran there and the lesson speaks of it
    assert not _fires(flags, "Bash", {"command": "curl -X POST "
                                     "https://flags.example.com/api/features/dark-mode/environments/staging/on"})


def test_a_flag_value_the_lesson_asks_for_names_the_calls_own_value_as_the_mistake():
    cue = compiled("prices go to the shop only as a patch (--strategy merge), never a full replace.",
                   "Bash: bin/price-push --from exports/prices-0412.csv --strategy replace --region north")
    assert "--strategy replace" in cue["entities"] and "--strategy merge" in cue["complies"]
    assert _fires(cue, "Bash", {"command": "bin/price-push --from exports/promo.csv --strategy replace"})
    assert not _fires(cue, "Bash", {"command": "bin/price-push --from exports/promo.csv --strategy merge"})


def test_flags_a_lesson_asks_for_that_the_command_ran_without_recall_it_and_comply_with_it():
    assert compiler.clauses("--batch-size 50 and --dry-run first.")[0][0] == "prescribe"
    assert compiler.clauses("--force was the problem")[0][0] != "prescribe"
    cue = compiled("1,200 stores in one go. --batch-size 50 and --pause 30 between batches. every time",
                   "Bash: git push -q && storectl prices publish all-stores")
    assert "storectl prices publish" in cue["entities"]
    assert _fires(cue, "Bash", {"command": "storectl prices publish spring-sale"})
    assert not _fires(cue, "Bash", {"command": "storectl prices publish spring-sale --batch-size 50 --pause 30"})


def test_a_folder_said_no_to_is_no_way_in_where_a_later_clause_restricts_it():
    cue = compiled("not in lib/old/. new code goes in modules/<name>/, and lib/old only gets bug fixes.",
                   "Write: /w/shop/lib/old/receipts/sender.rb — class Sender; end")
    assert "lib/old" not in [c.rstrip("/") for c in cue["complies"]]
    assert _fires(cue, "Write", {"file_path": "/w/shop/lib/old/billing/late_fee.rb", "content": "class LateFee; end"})


def test_stop_that_cuts_a_call_off_forbids_what_the_call_did_whatever_else_the_reasons_name():
    cue = compiled("stop. that group has live consumers and the handler isn't idempotent, a rewind re-sends "
                   "every webhook since Monday.",
                   "Bash: kafka-consumer-groups --bootstrap-server k1:9092 --group hooks --topic events "
                   "--reset-offsets --to-earliest --execute (interrupted)")
    assert "queue:offset-reset" in cue["forbids"]
    assert _fires(cue, "Bash", {"command": "kafka-consumer-groups --bootstrap-server k1:9092 --group audit "
                                           "--topic events --reset-offsets --shift-by -100 --execute"})
    assert not _fires(cue, "Bash", {"command": "kafka-consumer-groups --bootstrap-server k1:9092 --describe --group audit"})
    later = compiled("no!! never -f on the shared branches", "Bash: git push -f origin release/2.4 (interrupted)")
    assert "git:main-direct" not in later["forbids"]   # a "no" that goes on to name the trait is no cut-off


def test_a_state_given_as_the_reason_is_no_rule():
    assert compiler.clauses("a replay re-sends every receipt because the mailer isn't idempotent.")[0][0] == "neutral"
    assert compiler.clauses("don't retry it because the API is not idempotent")[0][0] == "forbid"
    assert compiler.clauses("the endpoint isn't idempotent")[0][0] == "forbid"


def test_a_request_meets_a_lesson_about_the_wider_kind_its_own_kind_is_a_case_of():
    from memkit.activation import acts, match

    cue = compiled("a bare netlify deploy ships everything. deploy only what you changed, with --filter and "
                   "the site named.", "Bash: netlify deploy --prod")
    assert "deploy:run" in cue["forbids"]
    ask = acts.from_prose("get the new checkout page and the price fix live today")
    probe = match.Probe(ask, CAT.classify(ask), CAT, kind="prompt")
    assert "deploy:prod" in probe.kinds and "deploy:run" in probe.wider
    assert match.judge(match.Cue(_row(cue)), probe, CAT) > 0
    chat = acts.from_prose("make the live chat widget load lazily")
    assert match.judge(match.Cue(_row(cue)), match.Probe(chat, CAT.classify(chat), CAT, kind="prompt"), CAT) == 0


def test_a_way_the_corrected_call_already_held_is_no_sign_of_compliance():
    from memkit.activation import acts, asked
    wrote = acts.from_trigger('Write: /infra/dns/api.json — {"Name": "api.example.com", "TTL": 86400}')
    assert asked.held_already("ttl", wrote, [])                 # the mistake itself had it
    assert not asked.held_already("--ttl 60", wrote, [])
    opened = acts.from_trigger("Bash: open report.html")
    assert not asked.held_already("op", opened, [])            # a short word only as a whole word
    # the call holds none of what the lesson names as wrong: it was not the mistake, its way complies
    assert not asked.held_already("click", acts.from_trigger("Write: /p/cli.py — import click"), ["argparse"])
    assert asked.held_already("click", acts.from_trigger("Write: /p/cli.py — import click, argparse"), ["argparse"])


@pytest.mark.parametrize("lesson,trigger,cited", [
    # where the rules are, and what already says a thing, are no target of the mistake
    ("you keep not following the instructions from CLAUDE.md about our process", "Bash: rm -rf build", "CLAUDE.md"),
    ("please don't write docstrings in specs, these are redundant with describe_/it_ functions", "Edit: specs/a_spec.py",
     "describe_/it_"),
    # the work a message should have described, even when the call touched it
    ("The commit message doesn't correctly reflect the changes you made (to CLAUDE.md), fix it",
     'Bash: git add CLAUDE.md && git commit -m "Added XML tags"', "CLAUDE.md"),
    ("I have no doubts about the utility of CLAUDE.md, but the docs are of varying quality",
     "proposed: You're absolutely right!", "CLAUDE.md"),
])
def test_a_name_cited_as_a_source_or_as_earlier_work_is_no_entity_of_the_cue(lesson, trigger, cited):
    assert cited not in compiled(lesson, trigger)["entities"]


@pytest.mark.parametrize("lesson,trigger,named", [
    ("no changes to config/prod.yaml without a review", "Edit: config/prod.yaml", "config/prod.yaml"),
    ("never edit CLAUDE.md yourself", "Edit: CLAUDE.md", "CLAUDE.md"),
    ("don't write under vendor/, it is generated", "Write: vendor/x.js", "vendor/"),
])
def test_a_name_the_lesson_says_no_to_stays_an_entity(lesson, trigger, named):
    assert named in compiled(lesson, trigger)["entities"]


def test_a_contrast_right_after_what_the_lesson_asks_for_refuses_nothing_of_the_call():
    # "list the model -- not the tool!": the contrast of the prescription, not a refusal of the edit
    cue = compiled("In the signature name the model. Therefore it needs to list specific model -- not the tool!",
                   "replace: GEMINI.md — ## Git Workflow")
    assert "conduct:edit-agent-instructions" not in cue["forbids"]
    refused = compiled("not the whole repo!", "Bash: black .")   # a bare refusal still names what the call did
    assert refused["forbids"] or refused.get("calls")


@pytest.mark.parametrize("lesson, asks, other", [
    ("my shell is zsh... no wait, it's nushell now. whatever you give me to paste has to be nushell, not bash",
     "how do I reset the staging cache on my machine myself?", "why is the staging cache so slow today?"),
    ("careful: my LibreOffice is French, so formulas need semicolons between the arguments",
     "what formula gives the number of unpaid invoices per client?", "export the invoices sheet to CSV"),
])
def test_a_way_of_handing_things_over_meets_a_request_for_that_thing_not_every_question(lesson, asks, other):
    """A lesson about what the agent gives the person (commands to paste, formulas to enter) is met
    by a request for that thing; any other request, a question too, leaves it silent."""
    from memkit.activation import acts, match

    cue = compiled(lesson)
    assert {"conduct:commands-for-the-person", "conduct:formulas-for-the-person"} & {*cue["forbids"], *cue.get("topics", [])}
    for text, fires in ((asks, True), (other, False)):
        asked = acts.from_prose(text)
        probe = match.Probe(asked, CAT.classify(asked), CAT, kind="prompt")
        assert (match.judge(match.Cue(_row(cue)), probe, CAT) > 0) is fires, text
    # the ways every question meets (the language of replies) are no topic: they would fire on all
    assert not compiled("always answer in German, even when I write in English").get("topics")


def test_a_lessons_own_plain_words_quote_no_code():
    """A person who writes British English ("colours", "catalogue") or says "stop" has not quoted
    code: no kind whose code is a plain word (British spelling in docs, Fortran's STOP) is forbidden."""
    cue = compiled("thanks, but I'm colourblind: never tell two series apart by colour alone, use the "
                   "markers from plotting/palette.py", "Bash: python figs/plot.py")
    assert "spelling:british" not in cue["forbids"] and "a11y:colour-only-signal" in cue["forbids"]
    cue = compiled("stop, don't touch the catalogue exports under exports/marc/, they are a snapshot",
                   "Bash: python scripts/fix.py exports/marc/bib.mrc")
    assert not any(k.startswith(("fortran:", "spelling:")) for k in cue["forbids"])


def test_a_cd_into_the_folder_the_session_works_in_is_where_the_lesson_asks_to_be():
    from memkit.activation import acts, match

    cue = compiled("go back up to the project root, you keep getting lost in subfolders",
                   "Bash: cd web/src && find . -name '*.sqlite' (rejected)")
    assert "shell:cd-chain" in cue["forbids"]

    def fires(command: str) -> bool:
        act = acts.from_command(command)
        probe = match.Probe(act, CAT.classify(act), CAT, "shop", "tool", cwd="/home/ana/src/shop")
        return match.judge(match.Cue(_row(cue)), probe, CAT) > 0

    assert not fires("cd /home/ana/src/shop && uv run pytest -q")
    assert not fires("cd '/home/ana/src/shop/' && make test")
    assert fires("cd /home/ana/src/shop/web && npm test")
    assert fires("cd /home/ana/src/shop && cd web && npm test")


def test_asking_to_be_prompted_for_the_password_forbids_leaving_the_steps_to_the_person():
    from memkit.activation import acts, match

    cue = compiled("run the whole audit and write the report. please prompt me for the sudo password",
                   "proposed: I'll skip the steps that need root")
    assert "conduct:work-handed-back" in cue["forbids"]
    left = acts.from_call("Write", {"file_path": "/home/kim/audit/todo.md", "content": (
        "# Left for you\n\nThese need an admin password, so I skipped them:\n\n    sudo lynis audit system\n")})
    done = acts.from_call("Write", {"file_path": "/home/kim/audit/report.md", "content": "# Audit\n\nAll checks ran.\n"})
    for act, fires in ((left, True), (done, False)):
        probe = match.Probe(act, CAT.classify(act), CAT, kind="tool")
        assert (match.judge(match.Cue(_row(cue)), probe, CAT) > 0) is fires


def test_a_command_the_lesson_warns_about_forbids_its_kind_however_it_is_spelled():
    cue = compiled("as we found before, `git add .` does not work for me while the notes/ folder has edits lying around",
                   "proposed: I'll stage it all and commit")
    assert "git:stage-all" in cue["forbids"]
    assert _fires(cue, "Bash", {"command": "git add -A && git commit -m 'tidy'"})
    assert _fires(cue, "Bash", {"command": "git commit -am 'tidy'"})
    assert not _fires(cue, "Bash", {"command": "git add src/app.py && git commit -m 'tidy'"})
    # the command named as the way to do it is no kind to forbid
    way = compiled("stage files by name with `git add src/app.py`, it keeps my notes out", "proposed: I'll stage it all")
    assert way["forbids"] == [] and way["entities"] == [] and "git add src/app.py" in way["complies"]


def test_a_word_run_into_the_pronoun_is_no_name_to_watch_for():
    cue = compiled("in our previous discussion we learned that `git add .` would not work in my case whenI have "
                   "uncommitted changes to `day-log-diary`", "proposed: I'll stage everything")
    assert "whenI" not in cue["entities"]
    assert "day-log-diary" in cue["entities"]
    # a camelCase name stays one
    assert "isomericSmiles" in compiled("never set isomericSmiles to False, stereoisomers are different compounds",
                                        "Edit: prep/dedupe.py")["entities"]


def _asks(cue: dict, request: str) -> bool:
    from memkit.activation import acts, match

    asked = acts.from_prose(request)
    return match.judge(match.Cue(_row(cue)), match.Probe(asked, CAT.classify(asked), CAT, kind="prompt"), CAT) > 0


def test_a_lesson_against_stamped_file_names_fires_on_another_stamped_name_not_on_a_glob():
    cue = compiled("no, don't hardcode the file name with a timestamp in it, the nightly export gets a new one "
                   "every run", "Bash: gzip -d exports/orders-20250302.csv.gz")
    assert "files:hardcoded-stamped-name" in cue["forbids"]
    assert _fires(cue, "Bash", {"command": "duckdb -c \"select count(*) from 'exports/orders-20250417.csv'\""})
    assert not _fires(cue, "Bash", {"command": "duckdb -c \"select count(*) from 'exports/orders-*.csv'\""})


def test_a_lesson_to_explore_the_real_database_fires_on_a_query_of_the_fixture_copy():
    cue = compiled("stop, for looking into what users actually have, query the real database, not the fixtures",
                   "Bash: sqlite3 tests/fixtures/app.db \"select plan, count(*) from accounts group by plan\"")
    assert "db:explore-fixture-copy" in cue["forbids"]
    assert _fires(cue, "Bash", {"command": "sqlite3 tests/fixtures/app.db \"SELECT * FROM invoices LIMIT 5\""})
    assert not _fires(cue, "Bash", {"command": "sqlite3 ~/data/app.db \"SELECT * FROM invoices LIMIT 5\""})


def test_a_lesson_to_read_only_the_lines_named_meets_a_request_that_names_lines():
    cue = compiled("you loaded the whole file again although I gave you line numbers. read only the lines I name")
    assert "conduct:read-whole-file" in cue["forbids"]
    assert _asks(cue, "the stack trace you need is in worker.log from 4410 onward")
    assert _asks(cue, "why does the loop at lines 88 to 120 of sync.py never stop?")
    assert not _asks(cue, "why does the sync loop never stop?")


def test_a_bare_refusal_of_a_command_run_over_ssh_forbids_what_it_ran_not_the_ssh():
    cue = compiled("no. absolutely not.", "Bash: ssh web1 \"rm -rf /srv/app/releases/*\" (interrupted)")
    assert "fs:recursive-delete" in cue["forbids"] and "remote:ssh" not in cue["forbids"]
    assert _fires(cue, "Bash", {"command": "ssh web2 \"rm -rf /srv/app/cache/*\""})
    assert not _fires(cue, "Bash", {"command": "ssh web2 \"systemctl restart nginx\""})
    cue = compiled("no. absolutely not.", "Bash: ssh web1 (interrupted)")   # the ssh was all it did
    assert "remote:ssh" in cue["forbids"]
    cue = compiled("no. absolutely not.", "Bash: ssh db1 'tail -n 50 /var/log/postgresql/main.log' (interrupted)")
    assert "remote:ssh" in cue["forbids"]   # it only looked there: going there is what was refused


@pytest.mark.parametrize("lesson, call, kept, gone", [
    # the lesson is about where the repository lives; the call only hid its errors on the way
    ("the repo lives in ~/Documents, not in the home folder", "gh repo view acme/tools --json url 2>/dev/null",
     set(), {"shell:discard-stderr"}),
    ("absolutely not", "git push --force origin main 2>/dev/null", {"git:force-push"}, {"shell:discard-stderr"}),
    ("why did nothing stop these commands from running?", "du -sh logs docs .cache 2>/dev/null | sort -hr",
     set(), {"shell:discard-stderr"}),
    # a lesson that speaks of how it ran still forbids it
    ("don't hide the errors, I need to see them", "pytest -q 2>/dev/null", {"shell:suppress-errors"}, set()),
])
def test_how_a_stopped_call_ran_is_no_mistake_unless_the_lesson_says_so(lesson, call, kept, gone):
    """A refused or interrupted call is read for what it did: `2>/dev/null`, `&`, sudo or nohup say how it
    ran, and a lesson that does not speak of them forbids none of them (else every later `2>/dev/null`
    would recall a lesson about something else)."""
    from memkit.activation import acts

    assert gone <= acts.how_it_runs(CAT, call)
    forbids = set(compiled(lesson, f"Bash: {call} (interrupted)")["forbids"])
    assert kept <= forbids and not gone & forbids


def test_a_permission_the_person_gave_and_then_narrowed_forbids_what_it_did_not_cover():
    # "I did say you could run the migrations, but that didn't include seeds": migrations stay allowed
    lesson = ("I did say you could run the migrations on staging, but that didn't include seeds — QA is mid test "
              "pass. Please delete what the seed created and leave seeding to me.")
    assert compiler.clauses(lesson)[0][0] == "allow"
    assert compiler.clauses("I told you to check man plutil")[0][0] != "allow"   # an instruction, not a permission
    cue = compiled(lesson, "Bash: bin/rails db:migrate db:seed RAILS_ENV=staging")
    assert "db:seed" in cue["forbids"] and "db:migration-run" not in cue["forbids"]
    assert _fires(cue, "Bash", {"command": "bin/rails db:seed RAILS_ENV=staging"})
    assert not _fires(cue, "Bash", {"command": "bin/rails db:migrate RAILS_ENV=staging"})
