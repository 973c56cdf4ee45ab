"""Structured facts through the real CLI, real files and real git: the backup scenario
(set → conflict → resolve → near key → confirm → context → check), hostile keys, files
edited by hand, imports with conflicts, the non-interactive policies and a terminal session.
"""
from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import git, run_cli

from memkit.facts import check as factcheck, conflicts as factconflicts, files as factfiles
from memkit.storage import notes
from memkit.errors import InvalidInput


def fact(vault: Path, *args: str, input: str | None = None, check: bool = False) -> subprocess.CompletedProcess:
    return run_cli("--vault", str(vault), "fact", *args, input=input, check=check)


def meta_of(vault: Path, rel: str) -> dict:
    return notes.read(vault / rel).meta


def conflict_files(vault: Path) -> list[Path]:
    return sorted((vault / "workshop" / "facts").glob("fc-*.md"))


def log_messages(vault: Path, *args: str) -> str:
    return git(vault, "log", "--format=%H%n%B%n----", *args)


def test_backup_scenario_end_to_end(vault):
    first = fact(vault, "set", "backup_frequency", "every 5 days", "--session", "2026-04-12-claude-aa11#^t3",
                 check=True)
    assert "created" in first.stdout
    assert meta_of(vault, "facts/backup-frequency.md")["value"] == "every 5 days"
    assert "Memkit-Source: [[2026-04-12-claude-aa11#^t3]]" in log_messages(vault, "-1")

    # a different value: recorded in the workshop, nothing changed, exit status 3, both values named
    clash = fact(vault, "set", "backup_frequency", "every 3 days", "--reason", "user changed it")
    assert clash.returncode == 3
    assert "every 5 days" in clash.stderr and "every 3 days" in clash.stderr
    assert len(clash.stderr.strip().splitlines()) == 1
    assert meta_of(vault, "facts/backup-frequency.md")["value"] == "every 5 days"
    [recorded] = conflict_files(vault)
    cmeta = meta_of(vault, f"workshop/facts/{recorded.name}")
    assert (cmeta["type"], cmeta["status"], cmeta["key"]) == ("fact-conflict", "open", "backup_frequency")
    assert cmeta["existing"]["value"] == "every 5 days" and cmeta["proposed"]["value"] == "every 3 days"
    assert git(vault, "status", "--porcelain") == ""

    # the person resolves it: the value changes, history keeps the old one, one commit with trailers
    fact(vault, "resolve", recorded.stem, "--update", check=True)
    m = meta_of(vault, "facts/backup-frequency.md")
    assert m["value"] == "every 3 days"
    [old] = m["history"]
    assert old["value"] == "every 5 days" and "user changed it" in old["reason"]
    assert old["from"] == m["created"] and old["to"] == m["updated"]
    assert old["session"] == "[[2026-04-12-claude-aa11#^t3]]" and "session" not in m
    assert "**every 3 days**" in (vault / "facts/backup-frequency.md").read_text()
    assert "previously every 5 days" in (vault / "facts/backup-frequency.md").read_text()
    found = log_messages(vault, "--grep", "Memkit-Fact: backup_frequency")
    assert "Memkit-Action: fact-resolve" in found and f"Memkit-Conflict: [[{recorded.stem}]]" in found
    assert meta_of(vault, f"workshop/facts/{recorded.name}")["status"] == "resolved"

    # a near key is a conflict too
    near = fact(vault, "set", "backup_freq", "weekly")
    assert near.returncode == 3 and "backup_freq" in near.stderr and "every 3 days" in near.stderr
    assert not (vault / "facts/backup-freq.md").exists()
    assert any(meta_of(vault, f"workshop/facts/{p.name}").get("kind") == "near-key" for p in conflict_files(vault))

    # the same value again only raises trust
    again = json.loads(fact(vault, "set", "backup_frequency", "Every 3 days", "--source", "system_verified",
                            "--json", check=True).stdout)
    assert again["outcome"] == "confirmed" and again["fact"]["trust"] == 1.0
    assert meta_of(vault, "facts/backup-frequency.md")["value"] == "every 3 days"
    assert len(conflict_files(vault)) == 2

    history = json.loads(fact(vault, "history", "backup_frequency", "--json", check=True).stdout)
    assert [v["value"] for v in history["values"]] == ["every 5 days", "every 3 days"]
    actions = [dict(c["trailers"]).get("Memkit-Action") for c in history["commits"]]
    assert actions[:3] == ["fact-set", "fact-resolve", "fact-set"]
    assert git(vault, "status", "--porcelain") == ""


def test_context_orders_by_trust_and_omits_below_threshold(vault):
    fact(vault, "set", "db_port", "5432", check=True)                                       # 0.8
    fact(vault, "set", "ci_runner", "github actions", "--source", "agent_inferred", check=True)  # 0.5
    fact(vault, "set", "staging_url", "https://staging.example", "--source", "guessed", check=True)  # 0.2
    fact(vault, "set", "python_version", "3.12", "--confirm", check=True)                       # 1.0
    out = json.loads(run_cli("--vault", str(vault), "context", "--json", check=True).stdout)
    ids = [c["id"] for c in out["cues"] if c["type"] == "fact"]
    assert ids == ["python-version", "db-port", "ci-runner"]
    text = run_cli("--vault", str(vault), "context", check=True).stdout
    lines = {line.split("=")[0].split()[-1]: line for line in text.splitlines() if "FACT:" in line}
    assert "unconfirmed" in lines["ci_runner"]
    assert "unconfirmed" not in lines["db_port"] and "unconfirmed" not in lines["python_version"]
    assert "staging_url" not in text
    task = run_cli("--vault", str(vault), "context", "pin the python version in CI", check=True).stdout
    assert "FACT: python_version = 3.12" in task and "db_port" not in task
    listed = json.loads(fact(vault, "list", "--min-trust", "0.5", "--json", check=True).stdout)
    assert [f["key"] for f in listed] == ["python_version", "db_port", "ci_runner"]


def test_check_flags_an_action_that_contradicts_a_fact(vault):
    fact(vault, "set", "backup_frequency", "every 3 days", check=True)
    wrong = run_cli("--vault", str(vault), "check", "schedule a backup every 5 days", check=True).stdout
    assert "CONTRADICTION" in wrong and "every 5 days" in wrong and "backup_frequency = every 3 days" in wrong
    right = run_cli("--vault", str(vault), "check", "schedule a backup every 3 days", check=True).stdout
    assert "CONTRADICTION" not in right
    hook = run_cli("--vault", str(vault), "check", "--hook", check=True, input=json.dumps(
        {"hook_event_name": "PreToolUse", "tool_name": "Bash",
         "tool_input": {"command": "echo '0 2 */5 * * backup.sh' | crontab -  # backup every 5 days"}}))
    assert "backup_frequency = every 3 days" in json.loads(hook.stdout)["hookSpecificOutput"]["additionalContext"]


@pytest.mark.parametrize("key", ["../etc/passwd", "/abs", "", "a/b", "..", "facts/../x", "x@y@z", ".hidden"])
def test_hostile_keys_are_rejected_and_change_nothing(vault, key):
    before = sorted(p.relative_to(vault) for p in vault.rglob("*") if ".git" not in p.parts)
    proc = fact(vault, "set", key, "pwned")
    assert proc.returncode == 1 and proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr
    assert fact(vault, "get", key).returncode == 1
    assert git(vault, "status", "--porcelain") == ""
    after = sorted(p.relative_to(vault) for p in vault.rglob("*") if ".git" not in p.parts and ".memkit" not in p.parts)
    assert after == [p for p in before if ".memkit" not in p.parts]
    assert not (vault.parent / "etc").exists() and not Path("/abs.md").exists()


def test_resolve_rejects_hostile_or_unknown_conflict_ids(vault):
    for cid in ("../../memkit", "/etc/passwd", "fc-nope"):
        proc = fact(vault, "resolve", cid, "--keep")
        assert proc.returncode == 1 and "not found" in proc.stderr
    assert fact(vault, "resolve", "fc-x").returncode == 2  # a usage error: no choice given


def test_a_fact_file_edited_by_hand_survives_a_later_set(vault):
    fact(vault, "set", "db_host", "db1.internal", check=True)
    path = vault / "facts/db-host.md"
    text = path.read_text()
    text = text.replace("key: db_host\n", "key: db_host\nowner: ana\n")
    text += "\nAna: the replica is db1-ro.internal; ask before failing over.\n"
    path.write_bytes(text.replace("\n", "\r\n").encode())
    git(vault, "commit", "-qam", "ana's notes")
    order = list(notes.read(path).meta)

    out = fact(vault, "set", "db_host", "db2.internal", "--on-conflict", "update", check=True)
    assert "edited by hand" in out.stdout
    raw = path.read_bytes().decode()
    assert "\r\n" in raw and "\n" not in raw.replace("\r\n", "")
    note = notes.read(path)
    assert note.meta["owner"] == "ana" and note.meta["value"] == "db2.internal"
    assert [k for k in note.meta if k in order] == order
    assert "Ana: the replica is db1-ro.internal" in note.body
    assert note.body.startswith("Db host is **db2.internal**")

    fact(vault, "set", "db_host", "db3.internal", "--on-conflict", "update", check=True)
    note = notes.read(path)
    assert "Ana: the replica" in note.body and "**db3.internal**" in note.body
    assert [h["value"] for h in note.meta["history"]] == ["db1.internal", "db2.internal"]

    # a person who rewrote memkit's own paragraph keeps their whole body
    path.write_text(notes.render(notes.Note(note.meta, "My own words about the host.\n")), encoding="utf-8")
    fact(vault, "set", "db_host", "db4.internal", "--on-conflict", "update", check=True)
    note = notes.read(path)
    assert note.body.replace("\r\n", "\n") == "My own words about the host.\n"
    assert note.meta["value"] == "db4.internal"
    assert git(vault, "status", "--porcelain") == ""


def test_import_seeds_twenty_facts_and_reports_two_conflicts(vault, tmp_path):
    fact(vault, "set", "backup_frequency", "every 3 days", check=True)
    fact(vault, "set", "db_port", "5432", check=True)
    seed = tmp_path / "seed.yaml"
    seed.write_text("".join(f"service_{i}_owner: team-{i}\n" for i in range(16)) + (
        "backup_frequency: every 5 days\n"                         # a value conflict
        "db_prt: 5432\n"                                           # a near-key conflict
        "db_port: 5432\n"                                          # the same value: confirmed
        "python_version: {value: 3.10, source: system_verified}\n"
        "deploy:\n  region: eu-west-1\n"), encoding="utf-8")       # nested: deploy.region
    proc = fact(vault, "import", str(seed), "--json")
    assert proc.returncode == 3 and len(proc.stderr.strip().splitlines()) == 1
    report = json.loads(proc.stdout)
    assert len(report["created"]) == 18 and report["confirmed"] == ["db_port"]
    assert sorted(c["proposed_key"] for c in report["conflicts"]) == ["backup_frequency", "db_prt"]
    assert meta_of(vault, "facts/backup-frequency.md")["value"] == "every 3 days"
    assert meta_of(vault, "facts/python-version.md")["trust"] == 1.0
    assert meta_of(vault, "facts/python-version.md")["value"] == "3.10"  # as typed, not the float 3.1
    assert meta_of(vault, "facts/deploy.region.md")["value"] == "eu-west-1"
    assert len(json.loads(fact(vault, "list", "--json", check=True).stdout)) == 20
    assert len(json.loads(fact(vault, "list", "--conflicts", "--json", check=True).stdout)) == 2
    head = log_messages(vault, "-1")
    assert "Memkit-Action: fact-import" in head and "Memkit-Fact: deploy.region" in head
    assert git(vault, "status", "--porcelain") == ""


def test_import_toml_and_bad_files(vault, tmp_path):
    seed = tmp_path / "seed.toml"
    seed.write_text('ci_runner = "github actions"\n[db]\nhost = "db1"\nport = {value = 5432, trust = 1.0}\n')
    fact(vault, "import", str(seed), check=True)
    assert meta_of(vault, "facts/db.port.md")["value"] == "5432"
    assert meta_of(vault, "facts/db.port.md")["trust"] == 1.0
    bad = tmp_path / "bad.yaml"
    for text in ("- just\n- a list\n", "x: [1, 2]\n", "'../up': 1\n", "k: {value: 1, colour: red}\n", "a: {b: [c\n"):
        bad.write_text(text)
        proc = fact(vault, "import", str(bad))
        assert proc.returncode == 1 and len(proc.stderr.strip().splitlines()) == 1, text
    assert git(vault, "status", "--porcelain") == ""


def test_on_conflict_keep_update_and_both(vault):
    fact(vault, "set", "backup_frequency", "every 5 days", check=True)
    kept = json.loads(fact(vault, "set", "backup_frequency", "every 3 days", "--on-conflict", "keep", "--json",
                           check=True).stdout)
    assert kept["outcome"] == "kept" and kept["fact"]["value"] == "every 5 days"
    assert conflict_files(vault) == []

    missing = fact(vault, "set", "backup_frequency", "every 3 days", "--on-conflict", "both")
    assert missing.returncode == 1 and "--context-new" in missing.stderr
    fact(vault, "set", "backup_frequency", "every 3 days", "--on-conflict", "both",
         "--context-existing", "Production", "--context-new", "staging", check=True)
    base = meta_of(vault, "facts/backup-frequency.md")
    assert base["value"] == "every 5 days" and base["context"] == "production"
    assert base["variants"] == ["[[backup-frequency@staging]]"]
    variant = json.loads(fact(vault, "get", "backup_frequency@staging", "--json", check=True).stdout)
    assert variant["value"] == "every 3 days" and variant["context"] == "staging"
    assert "in staging" in (vault / "facts/backup-frequency@staging.md").read_text()
    assert "Memkit-Fact: backup_frequency@staging" in log_messages(vault, "-1")

    updated = json.loads(fact(vault, "set", "backup_frequency", "every 4 days", "--on-conflict", "update",
                              "--json", check=True).stdout)
    assert updated["outcome"] == "updated" and updated["fact"]["history"][0]["value"] == "every 5 days"
    assert "Memkit-Action: fact-update" in log_messages(vault, "-1")

    clash = fact(vault, "set", "backup_frequency", "daily")
    cid = conflict_files(vault)[0].stem
    assert clash.returncode == 3
    fact(vault, "resolve", cid, "--keep", check=True)
    assert meta_of(vault, "facts/backup-frequency.md")["value"] == "every 4 days"
    assert fact(vault, "resolve", cid, "--update").returncode == 1  # already resolved


def test_unknown_key_suggests_a_near_one(vault):
    fact(vault, "set", "backup_frequency", "every 3 days", check=True)
    proc = fact(vault, "get", "backup_freqency")
    assert proc.returncode == 1 and "did you mean backup_frequency" in proc.stderr


def _run_on_terminal(vault: Path, args: list[str], answers: str) -> tuple[int, str]:
    """Run memkit with stdin and stdout on a pseudo-terminal; type answers; return status and screen."""
    master, slave = os.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "memkit", "--vault", str(vault), *args],
                            stdin=slave, stdout=slave, stderr=slave, close_fds=True)
    os.close(slave)
    os.write(master, answers.encode())
    screen = b""
    while select.select([master], [], [], 30)[0]:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        screen += chunk
    os.close(master)
    return proc.wait(30), screen.decode(errors="replace")


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_interactive_ask_on_a_terminal(vault):
    fact(vault, "set", "backup_frequency", "every 5 days", check=True)
    status, screen = _run_on_terminal(vault, ["fact", "set", "backup_frequency", "every 3 days"],
                                      "both\nproduction\nstaging\n")
    assert status == 0, screen
    assert "existing  backup_frequency = every 5 days" in screen and "trust 0.8" in screen
    assert "proposed  backup_frequency = every 3 days" in screen
    assert meta_of(vault, "facts/backup-frequency.md")["context"] == "production"
    assert meta_of(vault, "facts/backup-frequency@staging.md")["value"] == "every 3 days"
    assert conflict_files(vault) == []


# ---- the pure rules, directly --------------------------------------------------------------
def test_key_normalisation():
    assert factfiles.normalise_key("Backup Freq") == "backup_freq"
    assert factfiles.normalise_key(" backup-frequency ") == "backup_frequency"
    assert factfiles.normalise_key("Backup Frequency @ Staging") == "backup_frequency@staging"
    for bad in ("../x", "a/b", "a\\b", "..", "", "x" * 81, "a..b", "ä", "a.", "x@"):
        with pytest.raises(InvalidInput):
            factfiles.normalise_key(bad)


def test_near_keys():
    def near(a: str, b: str) -> bool:
        return factconflicts._near(a, b, 88) > 0

    assert near("backup_freq", "backup_frequency") and near("db_host", "database_host")
    assert near("cfg_path", "config_path") and near("deploy_region", "deploy_regoin")
    assert not near("db_host", "db_port") and not near("api_port", "app_port")
    assert not near("backup_frequency", "backup_retention") and not near("port", "port_admin")
    assert not near("service_1_owner", "service_2_owner") and not near("node1_ip", "node12_ip")


def test_contradiction_rule():
    assert factcheck.contradiction("backup frequency", "every 3 days", "schedule a backup every 5 days")
    assert not factcheck.contradiction("backup frequency", "every 3 days", "schedule a backup every 3 days")
    assert not factcheck.contradiction("log rotation", "every 7 days", "schedule a backup every 5 days")
    assert factcheck.contradiction("db port", "5432", "set the db port to 5433") == "5433"
    assert not factcheck.contradiction("db port", "5432", "connect to db port 5432 with timeout 30")
    assert not factcheck.contradiction("db port", "5432", "read the docs")


def test_a_conflict_the_value_moved_past_is_not_applied_over_the_newer_value(vault):
    fact(vault, "set", "db_port", "5432", check=True)
    assert fact(vault, "set", "db_port", "5433", input="").returncode != 0   # recorded, not applied
    fact(vault, "set", "db_port", "6000", "--on-conflict", "update", check=True)
    [c] = json.loads(fact(vault, "list", "--conflicts", "--json", check=True).stdout)
    assert "out of date: db_port is now '6000'" in fact(vault, "list", "--conflicts", check=True).stdout
    late = fact(vault, "resolve", c["id"], "--update")
    assert late.returncode != 0 and "out of date" in late.stderr and late.stderr.count("\n") == 1
    assert json.loads(fact(vault, "get", "db_port", "--json", check=True).stdout)["value"] in (6000, "6000")
    fact(vault, "resolve", c["id"], "--keep", check=True)   # closing it keeps what holds now
    assert json.loads(fact(vault, "get", "db_port", "--json", check=True).stdout)["value"] in (6000, "6000")
    assert json.loads(fact(vault, "list", "--conflicts", "--json", check=True).stdout) == []


def test_a_session_given_to_fact_set_is_a_trace_of_the_vault(vault, tmp_path):
    from conftest import write_generic

    log = write_generic(tmp_path / "s.jsonl", [{"role": "user", "content": "the staging DB listens on 5433"},
                                              {"role": "assistant", "content": "noted"}],
                        {"session_id": "3f2a9c1e-aaaa-bbbb-cccc-000000000001"})
    run_cli("--vault", str(vault), "ingest", str(log), "--no-extract", check=True)
    [trace] = [p.stem for p in (vault / "traces").rglob("*.md")]
    unknown = fact(vault, "set", "db_name", "orders", "--session", "nonexist#^t4", check=True)
    assert "no trace 'nonexist#^t4' in the vault yet" in unknown.stderr and len(unknown.stderr.splitlines()) == 1
    assert meta_of(vault, "facts/db-name.md")["session"] == "[[nonexist#^t4]]"
    known = fact(vault, "set", "db_port", "5433", "--session", f"{trace}#^t1", check=True)
    assert known.stderr == ""
    assert meta_of(vault, "facts/db-port.md")["session"] == f"[[{trace}#^t1]]"
    fact(vault, "set", "db_host", "db.staging", "--session", "3f2a9c1e-aaaa-bbbb-cccc-000000000001", check=True)
    assert meta_of(vault, "facts/db-host.md")["session"] == f"[[{trace}]]"   # the agent's session id: its trace
