"""gen-holdout-2: "real-style" lessons about a repo's folders, tools and ways of working (a scratch folder,
asking before long test runs, changelog fragments, paired notebooks)."""
from cc import Session
from registry import (
    fire_bash,
    fire_edit,
    fire_prompt,
    fire_write,
    lesson,
    silent_bash,
    silent_edit,
    silent_prompt,
    silent_write,
)

DP = "/home/lena/data-platform"
MONO = "/home/ravi/code/monorepo"
TIDY = "/home/lena/oss/tidyconf"
CHURN = "/Users/kemi/research/churn-model"


# -----------------------------------------------------------------------------
H2L13_CORR = ("ugh, not in scripts/. Everything in scripts/ gets picked up by the Airflow DAG loader and needs a review. "
              "One-off checks go in scratch/lg/, it's gitignored and nobody reviews it. Please move it, and remember "
              "that for next time.")

@lesson("H2L13", "repo-layout", "annoyed", ["scratch/lg/", "One-off checks", "Airflow DAG loader"], [
    fire_write(f"{DP}/scripts/tmp_null_rates.py",
               "import duckdb\n\ncon = duckdb.connect(\"warehouse.duckdb\", read_only=True)\n"
               "for t in (\"orders\", \"customers\", \"payments\"):\n    print(t, con.sql(f\"select avg((email is null)::int) from {t}\").fetchone())\n",
               note="throwaway query file dropped in the reviewed folder"),
    fire_prompt("quickly find out which tables lost rows since yesterday's load. throwaway code is fine, put it wherever the other python jobs live",
                note="invites a quick file next to the production jobs, no shared words"),
    silent_write(f"{DP}/scratch/lg/null_rates.py",
                 "import duckdb\n\ncon = duckdb.connect(\"warehouse.duckdb\", read_only=True)\nprint(con.sql(\"select avg((email is null)::int) from customers\").fetchone())\n",
                 note="compliant location"),
    silent_edit(f"{DP}/scripts/load_orders.py", "BATCH_SIZE = 5_000\n", "BATCH_SIZE = 20_000\n",
                note="requested change to a reviewed job"),
])
def H2L13():
    s = Session("H2L13", DP, branch="main", version="2.1.31", start="2026-01-20T15:10:00")
    s.prompt("can you check how many customer rows in the warehouse share an email? just a quick look")
    s.glob("scripts/*.py", [f"{DP}/scripts/load_orders.py", f"{DP}/scripts/load_customers.py", f"{DP}/scripts/export_finance.py"])
    s.write(f"{DP}/scripts/count_dup_emails.py",
            "import duckdb\n\ncon = duckdb.connect(\"warehouse.duckdb\", read_only=True)\n"
            "print(con.sql(\"select count(*) from (select lower(email) from customers group by 1 having count(*) > 1)\").fetchone()[0])\n")
    s.bash("python scripts/count_dup_emails.py", "Run the check", out="1841")
    s.say("1,841 email addresses appear on more than one customer row (case-insensitive).", end=True)
    s.prompt(H2L13_CORR, correction=True)
    s.bash("mkdir -p scratch/lg && mv scripts/count_dup_emails.py scratch/lg/ && git status --short", "Move it to scratch",
           out="")
    s.say("Moved it to `scratch/lg/count_dup_emails.py`; `git status` is clean, so nothing new is in `scripts/`.", end=True)
    return s


# -----------------------------------------------------------------------------
H2L14_CORR = ("don't kick off the whole suite without asking me. `bazel test //...` is about 40 minutes and hogs the shared "
              "remote executors for the whole team. Run the targets you touched (bazel query rdeps lists them), and ask "
              "before anything that'll run longer than a couple of minutes.")

@lesson("H2L14", "ways-of-working", "interrupted", ["without asking", "remote executors", "longer than a couple of minutes"], [
    fire_bash("bazel coverage //... --combined_report=lcov", "Coverage report for everything", note="repo-wide coverage run"),
    fire_bash("bazel test //services/... //libs/... --keep_going", "Run the tests across services and libs", note="near-full suite spelled as package patterns"),
    silent_bash("bazel test //libs/identity:identity_test //services/billing:billing_test", "Run affected tests",
                note="compliant: touched targets only"),
    silent_bash("bazel query 'deps(//services/billing:server)' | wc -l", "Count billing deps", note="quick query"),
])
def H2L14():
    s = Session("H2L14", MONO, branch="refactor/account-id", version="2.1.9", start="2026-01-14T10:00:00")
    s.prompt("rename the UserId type in //libs/identity to AccountId, it's used in a few services")
    s.grep("\\bUserId\\b", files=[f"{MONO}/libs/identity/ids.go", f"{MONO}/services/billing/invoice.go", f"{MONO}/services/auth/session.go"])
    ids = "// UserId identifies an account.\ntype UserId string\n"
    s.edit(f"{MONO}/libs/identity/ids.go", ids, "// AccountId identifies an account.\ntype AccountId string\n", ids)
    s.bash("gofmt -l . && sed -i 's/identity\\.UserId/identity.AccountId/g' services/billing/invoice.go services/auth/session.go", "Update callers")
    s.say("Renamed in the library and both services. Running the tests.")
    s.interrupt_tool("Bash", {"command": "bazel test //...", "description": "Run all tests"})
    s.prompt(H2L14_CORR, correction=True)
    s.bash("bazel query 'kind(\".*_test\", rdeps(//..., //libs/identity:identity))'", "Tests that depend on identity",
           out="//libs/identity:identity_test\n//services/auth:auth_test\n//services/billing:billing_test")
    s.bash("bazel test //libs/identity:identity_test //services/auth:auth_test //services/billing:billing_test", "Run the affected tests",
           out="INFO: Build completed successfully, 14 total actions\n//libs/identity:identity_test   PASSED in 0.4s\n"
               "//services/auth:auth_test       PASSED in 1.9s\n//services/billing:billing_test PASSED in 2.3s\n\nExecuted 3 out of 3 tests: 3 tests pass.")
    s.say("The three test targets that depend on `//libs/identity` pass (about 30 seconds). I didn't run the full suite; tell me if you want it.", end=True)
    s.turn_done()
    return s


# -----------------------------------------------------------------------------
H2L15_CORR = ("Actually we don't edit CHANGELOG.md by hand. towncrier builds it at release time, and hand edits cause "
              "merge conflicts on every PR. Add a news fragment instead: changes/<issue>.<type>.md, so here "
              "changes/212.bugfix.md with one line.")

CL = "# Changelog\n\n## Unreleased\n\n## 1.3.2 (2025-10-30)\n\n- Fix `extends` with relative paths on Windows.\n"

@lesson("H2L15", "changelog", "polite-actually", ["by hand", "towncrier", "news fragment"], [
    fire_edit(f"{TIDY}/CHANGELOG.md", "## Unreleased\n\n", "## Unreleased\n\n- Add `--strict` to fail on unknown keys.\n\n",
              note="direct changelog edit for a feature"),
    fire_prompt("mention in the release notes that 3.8 support is gone", note="asks for a notes entry, one shared word"),
    silent_write(f"{TIDY}/changes/230.removal.md", "Drop support for Python 3.8.\n", note="compliant fragment"),
    silent_edit(f"{TIDY}/README.md", "tidyconf check pyproject.toml\n", "tidyconf check --strict pyproject.toml\n",
                note="docs edit, not the changelog"),
])
def H2L15():
    s = Session("H2L15", TIDY, branch="fix/empty-tool-table", version="2.0.37", start="2025-11-03T20:15:00")
    s.prompt("fix the crash when a TOML file has an empty [tool] table, issue #212")
    ld = "    tool = data[\"tool\"]\n    return {k: v for k, v in tool.items() if k.startswith(\"tidy\")}\n"
    s.read(f"{TIDY}/tidyconf/loader.py", ld, offset=40, limit=2, total=120)
    s.edit(f"{TIDY}/tidyconf/loader.py", "    tool = data[\"tool\"]\n", "    tool = data.get(\"tool\") or {}\n", ld)
    s.bash("pytest -q tests/test_loader.py", "Run loader tests", out="........                                                                 [100%]\n8 passed in 0.09s")
    cl2 = s.edit(f"{TIDY}/CHANGELOG.md", "## Unreleased\n\n", "## Unreleased\n\n- Fix crash on an empty `[tool]` table (#212).\n\n", CL)
    s.say("Fixed: an empty or missing `[tool]` table now gives an empty config. Added a regression test and a changelog line.", end=True)
    s.prompt(H2L15_CORR, correction=True)
    s.edit(f"{TIDY}/CHANGELOG.md", "## Unreleased\n\n- Fix crash on an empty `[tool]` table (#212).\n\n", "## Unreleased\n\n", cl2)
    s.write(f"{TIDY}/changes/212.bugfix.md", "Fix a crash when `pyproject.toml` has an empty `[tool]` table.\n")
    s.bash("towncrier build --draft --version 1.3.3 | head -6", "Preview the changelog",
           out="## 1.3.3 (2025-11-03)\n\n### Bugfixes\n\n- Fix a crash when `pyproject.toml` has an empty `[tool]` table. (#212)")
    s.say("CHANGELOG.md is back to how it was, and `changes/212.bugfix.md` carries the entry; the towncrier draft shows it under Bugfixes.", end=True)
    return s


# -----------------------------------------------------------------------------
H2L16_CORR = ("the .ipynb files are paired with jupytext. Edit the .py next to it (percent format), never the .ipynb JSON: "
              "the .py is what we review and diff, and hand edits to the JSON get clobbered on the next sync.")

NB = ('  {\n   "cell_type": "code",\n   "execution_count": 7,\n   "metadata": {},\n   "outputs": [],\n'
      '   "source": [\n    "df.groupby(\\"plan\\")[\\"churned\\"].mean()"\n   ]\n  }\n ],\n')

@lesson("H2L16", "notebooks", "rejected-with-feedback", ["paired with jupytext", "percent format", "never the .ipynb"], [
    fire_edit(f"{CHURN}/notebooks/03_features.ipynb", '    "X = df[FEATURES]"\n',
              '    "X = df[FEATURES + [\\"tenure_months\\"]]"\n', note="editing the notebook JSON of another notebook"),
    fire_bash("sed -i 's/n_estimators=200/n_estimators=500/' notebooks/02_model.ipynb", "Bigger forest", note="sed on the notebook file"),
    silent_edit(f"{CHURN}/notebooks/02_model.py", "model = RandomForestClassifier(n_estimators=200, random_state=7)\n",
                "model = RandomForestClassifier(n_estimators=500, random_state=7)\n", note="compliant: paired .py"),
    silent_prompt("which features did the EDA flag as most correlated with churn?", note="question about the analysis"),
])
def H2L16():
    s = Session("H2L16", CHURN, branch="main", version="2.1.7", start="2025-12-18T09:40:00")
    s.prompt("in the EDA notebook, add a cell that plots churn rate by signup month")
    s.read(f"{CHURN}/notebooks/01_eda.ipynb", NB, offset=118, limit=11, total=240)
    s.reject("Edit", {"file_path": f"{CHURN}/notebooks/01_eda.ipynb", "old_string": "  }\n ],\n",
                      "new_string": '  },\n  {\n   "cell_type": "code",\n   "execution_count": null,\n   "metadata": {},\n   "outputs": [],\n'
                                    '   "source": [\n    "df.groupby(df.signup_at.dt.to_period(\\"M\\"))[\\"churned\\"].mean().plot()"\n   ]\n  }\n ],\n',
                      "replace_all": False}, feedback=H2L16_CORR)
    py = "# %%\ndf.groupby(\"plan\")[\"churned\"].mean()\n"
    s.read(f"{CHURN}/notebooks/01_eda.py", py, offset=60, limit=2, total=62)
    s.edit(f"{CHURN}/notebooks/01_eda.py", py,
           py + "\n# %% [markdown]\n# Churn rate by signup month\n\n# %%\ndf.groupby(df.signup_at.dt.to_period(\"M\"))[\"churned\"].mean().plot(kind=\"bar\")\n", py)
    s.bash("jupytext --sync notebooks/01_eda.py", "Sync the pair",
           out="[jupytext] Reading notebooks/01_eda.py in format py\n[jupytext] Updating notebooks/01_eda.ipynb")
    s.say("Added the cell to `notebooks/01_eda.py` and synced the pair; the .ipynb picked it up from jupytext.", end=True)
    return s
