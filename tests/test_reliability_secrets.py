"""Secrets never reach the vault: the redaction corpus of tests/test_redact.py ingested through
the real CLI into a git vault, then every file and `git log -p --all` searched for the secrets."""
from __future__ import annotations

import json
import subprocess

import pytest
from conftest import git, run_cli, write_generic
from test_redact import LOOK_ALIKES, SECRETS, _leaked


def _core(secret: str) -> str:
    """The secret without PEM armour lines, which a public key look-alike shares."""
    return "\n".join(x for x in secret.split("\n") if not x.startswith("-----"))


def _everything(vault) -> str:
    # the catalogue's snapshot is built from the catalogue's files alone, never from a session; it
    # names the prefixes secrets are recognised by (`github_pat`), which a secret's first letters match
    files = "".join(p.read_text(errors="replace") for p in vault.rglob("*")
                    if p.is_file() and ".git" not in p.relative_to(vault).parts and p.name != "actions.snapshot")
    return files + git(vault, "log", "-p", "--all") + git(vault, "log", "--all", "--format=%B")


def test_no_test_secret_reaches_the_vault_or_its_history(vault, tmp_path):
    messages = []
    for i, (_, _, text) in enumerate(SECRETS):
        messages.append({"role": "user" if i % 2 else "tool", "content": text, "timestamp": f"2026-06-01T10:{i % 60:02d}:00Z"})
    for i, text in enumerate(LOOK_ALIKES):
        messages.append({"role": "assistant", "content": text, "timestamp": f"2026-06-01T11:{i % 60:02d}:00Z"})
    log = write_generic(tmp_path / "secrets.jsonl", messages, {"session_id": "secrets-1", "agent": "claude-code"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    assert subprocess.run(["git", "status", "--porcelain"], cwd=vault, capture_output=True, text=True).stdout == ""
    everything = _everything(vault)
    leaked = [kind for kind, secret, _ in SECRETS if _leaked(_core(secret), everything)]
    trace = next((vault / "traces").rglob("*.md")).read_text()
    altered = [t for t in LOOK_ALIKES if t not in trace]
    recall, fp = 1 - len(leaked) / len(SECRETS), len(altered) / len(LOOK_ALIKES)
    print(f"\nsecrets through ingest: recall {recall:.3f} on {len(SECRETS)}, "
          f"false-positive rate {fp:.3f} on {len(LOOK_ALIKES)} look-alikes")
    assert leaked == []
    assert altered == []


def test_doctor_finds_a_secret_planted_by_hand_and_says_how_to_purge_it(vault):
    kind, secret, text = next(s for s in SECRETS if s[0] == "github-token")
    note = vault / "library" / "notes" / "deploy.md"
    note.write_text(f"---\ntype: note\nid: deploy\n---\nHow we deploy:\n\n{text}\n")
    git(vault, "add", "library/notes/deploy.md")
    git(vault, "commit", "-qm", "person writes a note")
    proc = run_cli("--vault", str(vault), "doctor")
    assert proc.returncode == 1
    assert f"library/notes/deploy.md: possible secret ({kind}) on line 7" in proc.stdout
    assert "git filter-repo --replace-text" in proc.stdout and "rotate" in proc.stdout
    assert secret not in proc.stdout + proc.stderr   # the report itself does not repeat it
    data = json.loads(run_cli("--vault", str(vault), "doctor", "--json").stdout)
    assert any("secret" in p["problem"] for p in data["problems"])


def test_a_clean_vault_is_healthy(vault, tmp_path):
    log = write_generic(tmp_path / "ok.jsonl", [{"role": "user", "content": t} for t in LOOK_ALIKES],
                        {"session_id": "ok-1"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    proc = run_cli("--vault", str(vault), "doctor")
    assert proc.returncode == 0 and "vault is healthy" in proc.stdout


def test_doctor_scans_history_and_commit_messages_and_names_no_secret(vault):
    kind, secret, text = next(s for s in SECRETS if s[0] == "github-token")
    note = vault / "library" / "notes" / "deploy.md"
    note.write_text(f"---\ntype: note\nid: deploy\n---\n{text}\n")
    git(vault, "add", "library/notes/deploy.md")
    git(vault, "commit", "-qm", "person writes a note")
    note.write_text("---\ntype: note\nid: deploy\n---\nthe token lives in the password manager\n")
    aws = next(s for s in SECRETS if s[0] == "aws-access-key")[1]
    git(vault, "commit", "-qam", f"remove the token (the old aws key was {aws})")
    proc = run_cli("--vault", str(vault), "doctor")
    assert proc.returncode == 1
    first, second = git(vault, "log", "--format=%h", "-2", "--abbrev=10").split()[::-1]
    assert f"git history: commit {first}: possible secret ({kind}) in library/notes/deploy.md" in proc.stdout
    assert f"git history: commit {second}: possible secret (aws-access-key) in its message" in proc.stdout
    assert "library/notes/deploy.md: possible secret" not in proc.stdout   # the file itself is clean now
    assert "git filter-repo --replace-text" in proc.stdout and "rotate" in proc.stdout
    assert secret not in proc.stdout + proc.stderr and aws not in proc.stdout


@pytest.mark.parametrize("verb", ["set", "import"])
def test_a_fact_value_holding_a_secret_is_stored_redacted(vault, tmp_path, verb):
    token = next(s for s in SECRETS if s[0] == "github-token")[1]
    password = next(s for s in SECRETS if s[0] == "generic-secret" and "psycopg" in s[2])[1]
    if verb == "set":
        first = run_cli("--vault", str(vault), "fact", "set", "ci_token", token, check=True)
        run_cli("--vault", str(vault), "fact", "set", "db_password", password, check=True)
        assert "stored as [REDACTED]" in first.stdout + first.stderr
    else:
        seed = tmp_path / "facts.json"
        seed.write_text(json.dumps({"ci_token": token, "db_password": password}))
        out = run_cli("--vault", str(vault), "fact", "import", str(seed), check=True)
        assert "2 value(s): the value held a secret" in out.stdout + out.stderr
    everything = _everything(vault)
    assert token not in everything and password not in everything
    assert "[REDACTED:github-token]" in (vault / "facts" / "ci-token.md").read_text()
    assert "[REDACTED:" in (vault / "facts" / "db-password.md").read_text()
    assert "ghp_" not in git(vault, "log", "--all", "--format=%s")
    assert run_cli("--vault", str(vault), "doctor").returncode == 0


def test_metadata_is_redacted(vault, tmp_path):
    token = next(s for s in SECRETS if s[0] == "github-token")[1]
    log = tmp_path / f"{token}.jsonl"
    env = {"sessionId": "meta-1", "cwd": f"/w/{token}", "gitBranch": f"fix/{token}", "version": "2.1.39",
           "type": "user", "uuid": "u1", "timestamp": "2026-06-01T10:00:00.000Z",
           "message": {"role": "user", "content": "hello"}}
    log.write_text(json.dumps(env) + "\n")
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    trace, = (vault / "traces").rglob("*.md")
    text = trace.read_text()
    assert token not in _everything(vault)
    assert "branch: fix/[REDACTED:github-token]" in text and "[REDACTED:github-token].jsonl" in text


def test_promote_titles_are_one_clean_line(vault, tmp_path):
    log = write_generic(tmp_path / "c.jsonl", [
        {"role": "assistant", "content": "ok", "tool_calls": [{"id": "1", "name": "Bash", "input": {"command": "git add -A"}}]},
        {"role": "tool", "tool_call_id": "1", "rejected": True, "content": "rejected"},
        {"role": "user", "content": "no, never stage everything with git add -A here; stage files by name"}],
        {"session_id": "title-1"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    cid = json.loads(run_cli("--vault", str(vault), "review", "--list", "--json").stdout)[-1]["id"]
    title = "Stage\x1b[31m by name\r\nMemkit-Source: forged#^t1\x00\u202e"
    run_cli("--vault", str(vault), "promote", cid, "--as", "convention", "--title", title, check=True)
    note, = (vault / "library" / "conventions").glob("*.md")
    body = note.read_text()
    assert "\x1b" not in body and "\r" not in body and "\x00" not in body and "\u202e" not in body
    assert "# Stage[31m by name Memkit-Source: forged#^t1" in body
    message = git(vault, "log", "-1", "--format=%B")
    assert "\x1b" not in message and "\nMemkit-Source: forged" not in message
