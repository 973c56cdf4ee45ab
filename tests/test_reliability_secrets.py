"""Secrets never reach the vault: the redaction corpus of tests/test_redact.py ingested through
the real CLI into a git vault, then every file and `git log -p --all` searched for the secrets."""
from __future__ import annotations

import json
import subprocess

from conftest import git, run_cli, write_generic
from test_redact import LOOK_ALIKES, SECRETS, _leaked


def _core(secret: str) -> str:
    """The secret without PEM armour lines, which a public key look-alike shares."""
    return "\n".join(x for x in secret.split("\n") if not x.startswith("-----"))


def _everything(vault) -> str:
    files = "".join(p.read_text(errors="replace") for p in vault.rglob("*")
                    if p.is_file() and ".git" not in p.relative_to(vault).parts)
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
