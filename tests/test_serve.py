"""`memkit serve`: hooks answered over HTTP with the very bytes the command hooks print, behind the
vault's token, on loopback only, with bounded requests, and unshaken by garbage."""
from __future__ import annotations

import http.client
import json
import re
import socket
import threading
import time
from pathlib import Path

import pytest
from conftest import REPO, run_cli, write_generic

from memkit.integrations import serve
from memkit.storage.vault import Vault

EXAMPLES = sorted((REPO / "examples" / "sessions").glob("*.jsonl"))
# no session id: these tests ask the same question many times, and a lesson already given in a
# session is not given again (`activation/told.py`)
PRE = {"cwd": "/home/dev/ledger", "hook_event_name": "PreToolUse", "tool_name": "Bash"}
PAYLOADS = [
    {**PRE, "tool_input": {"command": "git add -A && git commit -m 'wip'"}},            # a stored mistake
    {**PRE, "tool_input": {"command": "ls -la"}},                                         # nothing to say
    {**PRE, "tool_name": "Write", "tool_input": {"file_path": "big.txt", "content": "x" * 1_000_000}},
    {"session_id": "s1", "cwd": "/home/dev/ledger", "hook_event_name": "UserPromptSubmit",
     "prompt": "drop the legacy column from orders"},
    {"session_id": "s1", "cwd": "/home/dev/ledger", "hook_event_name": "SessionStart", "source": "startup"},
]


@pytest.fixture
def server(vault):
    run_cli("--vault", str(vault), "ingest", *map(str, EXAMPLES), check=True)
    s = serve.Server(Vault(vault), 0)
    thread = threading.Thread(target=s.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield s
    s.shutdown()
    s.server_close()


def post(s, path: str, body: bytes, token: str | None = "", headers: dict | None = None) -> tuple[int, bytes]:
    con = http.client.HTTPConnection("127.0.0.1", s.server_address[1], timeout=30)
    sent = {**({serve.TOKEN_HEADER: s.secret.decode() if token == "" else token} if token is not None else {}),
            **(headers or {})}
    con.request("POST", path, body=body, headers=sent)
    r = con.getresponse()
    data = r.read()
    con.close()
    return r.status, data


def test_answers_are_byte_for_byte_the_command_hooks(server, vault):
    answered = 0
    for n, payload in enumerate(PAYLOADS):   # each path in a session of its own: a lesson is given once a session
        verb = "check" if payload["hook_event_name"] == "PreToolUse" else "context"
        command = run_cli("--vault", str(vault), verb, "--hook", input=json.dumps({**payload, "session_id": f"c{n}"}))
        status, body = post(server, f"/memkit/{verb}", json.dumps({**payload, "session_id": f"h{n}"}).encode())
        assert status == 200 and body == command.stdout.encode("utf-8")
        answered += bool(body)
    assert answered >= 3   # the stored mistake, the prompt and the session start were answered
    first = json.loads(post(server, "/memkit/check", json.dumps({**PAYLOADS[0], "session_id": "again"}).encode())[1])
    assert first["hookSpecificOutput"]["hookEventName"] == "PreToolUse"


@pytest.mark.parametrize("body", [b"", b"not json", b"\xff\xfe\x00garbage", b"[1, 2]", b"{\"tool_name\": 3}",
                                  b"{" * 100_000, json.dumps({"hook_event_name": "Stop"}).encode()])
def test_garbage_is_answered_as_the_command_hook_answers_it(server, vault, body):
    status, answer = post(server, "/memkit/check", body)
    command = run_cli("--vault", str(vault), "check", "--hook", input=body.decode("utf-8", "replace"))
    assert status == 200 and answer == command.stdout.encode() == b""


def test_no_token_no_answer(server):
    raw = json.dumps(PAYLOADS[0]).encode()
    assert post(server, "/memkit/check", raw, token=None) == (401, b"")
    assert post(server, "/memkit/check", raw, token="wrong") == (401, b"")
    assert post(server, "/memkit/check", raw, token=server.secret.decode() + "x") == (401, b"")
    assert post(server, "/memkit/check", raw)[0] == 200
    token_file = Path(server.vault.state / serve.TOKEN_FILE)
    assert token_file.stat().st_mode & 0o077 == 0 and server.secret.decode() == token_file.read_text().strip()


def test_unknown_paths_methods_and_oversized_requests_are_refused(server):
    assert post(server, "/memkit/other", b"{}")[0] == 404
    assert post(server, "/", b"{}", token=None)[0] == 404
    con = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=10)
    con.request("GET", "/memkit/check", headers={serve.TOKEN_HEADER: server.secret.decode()})
    assert con.getresponse().status == 405
    con.close()
    with socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=10) as sock:
        sock.sendall(f"POST /memkit/check HTTP/1.1\r\nHost: x\r\n{serve.TOKEN_HEADER}: {server.secret.decode()}\r\n"
                     f"Content-Length: {serve.MAX_BODY + 1}\r\n\r\n".encode())   # the body is never read
        assert sock.recv(100).startswith(b"HTTP/1.1 413")
    with socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=10) as sock:
        sock.sendall(f"POST /memkit/check HTTP/1.1\r\nHost: x\r\n{serve.TOKEN_HEADER}: {server.secret.decode()}"
                     "\r\n\r\n".encode())
        assert sock.recv(100).startswith(b"HTTP/1.1 411")


def test_broken_requests_never_stop_the_server(server, monkeypatch):
    monkeypatch.setattr(serve.Handler, "timeout", 0.3)
    for junk in (b"GARBAGE\r\n\r\n", b"\x00\x01\x02" * 1000, b"POST /memkit/check HTTP/1.1\r\nContent-Len", b""):
        with socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=10) as sock:
            sock.sendall(junk)
            try:
                sock.shutdown(socket.SHUT_WR)
                sock.recv(1000)
            except OSError:
                pass
    assert post(server, "/memkit/check", json.dumps(PAYLOADS[1]).encode()) == (200, b"")
    monkeypatch.setattr(serve.Handler, "timeout", 4.0)
    silent = socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=10)   # says nothing
    halfway = socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=10)  # half a body
    halfway.sendall(f"POST /memkit/check HTTP/1.1\r\n{serve.TOKEN_HEADER}: {server.secret.decode()}\r\n"
                    "Content-Length: 100\r\n\r\n{\"tool_name\": ".encode())
    started = time.monotonic()
    assert post(server, "/memkit/check", json.dumps(PAYLOADS[1]).encode()) == (200, b"")
    assert time.monotonic() - started < 1.5   # neither holds up the next agent until it times out
    silent.close()
    halfway.close()


def test_a_request_sent_in_pieces_is_answered_as_one_sent_whole(server):
    raw = json.dumps(PAYLOADS[0]).encode()
    head = (f"POST /memkit/check HTTP/1.1\r\nHost: x\r\n{serve.TOKEN_HEADER}: {server.secret.decode()}\r\n"
            f"Content-Length: {len(raw)}\r\n\r\n").encode()
    answers = []
    for pieces in ([head + raw], [head, raw[:10], raw[10:]]):
        with socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=30) as sock:
            for piece in pieces:
                sock.sendall(piece)
                time.sleep(0.05)
            r = http.client.HTTPResponse(sock)
            r.begin()
            answers.append((r.status, r.read()))
    assert answers[0] == answers[1] and answers[0][0] == 200 and b"additionalContext" in answers[0][1]


def test_listens_on_loopback_only(server):
    assert server.server_address[0] == "127.0.0.1"
    outside = [a for a in _addresses() if not a.startswith("127.")]
    for address in outside:
        with pytest.raises(OSError):
            socket.create_connection((address, server.server_address[1]), timeout=2).close()


def _addresses() -> set[str]:
    try:
        return {info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)}
    except OSError:
        return set()


def test_hooks_install_writes_http_hooks_when_a_port_is_set(vault, tmp_path):
    project = tmp_path / "project"
    (project / ".claude").mkdir(parents=True)
    args = ("--vault", str(vault), "hooks", "install", "--claude", "--project-dir", str(project))
    run_cli(*args, check=True)
    plain = json.loads((project / ".claude" / "settings.local.json").read_text())["hooks"]
    assert plain["PreToolUse"][0]["hooks"][0]["type"] == "command"
    config = vault / "memkit.toml"
    config.write_text(config.read_text().replace("[serve]\nport = 0", "[serve]\nport = 7457"))
    run_cli(*args, check=True)
    hooks = json.loads((project / ".claude" / "settings.local.json").read_text())["hooks"]
    check = [h for g in hooks["PreToolUse"] for h in g["hooks"]]
    assert check == [{"type": "http", "url": "http://127.0.0.1:7457/memkit/check", "timeout": 5,
                      "headers": {"X-Memkit-Token": "$MEMKIT_HOOK_TOKEN"}, "allowedEnvVars": ["MEMKIT_HOOK_TOKEN"]}]
    assert [h["url"] for g in hooks["UserPromptSubmit"] for h in g["hooks"]] == ["http://127.0.0.1:7457/memkit/context"]
    assert hooks["SessionEnd"][0]["hooks"][0]["type"] == "command"   # ingesting is no hot path
    assert (vault / ".memkit" / "serve.token").is_file()
    run_cli("--vault", str(vault), "hooks", "uninstall", "--claude", "--project-dir", str(project), check=True)
    left = json.loads((project / ".claude" / "settings.local.json").read_text()) \
        if (project / ".claude" / "settings.local.json").exists() else {}
    assert not left.get("hooks")


def test_print_token_gives_the_export_line(vault):
    out = run_cli("--vault", str(vault), "serve", "--print-token", check=True).stdout
    assert out == f"export MEMKIT_HOOK_TOKEN={(vault / '.memkit' / 'serve.token').read_text().strip()}\n"


# ---- what the server keeps between answers follows the files ------------------------------------
SESSION_START = {"session_id": "s1", "cwd": "/home/dev/ledger", "hook_event_name": "SessionStart", "source": "startup"}


def agreed(server, vault, payload: dict) -> str:
    """The server's answer, once it equals what the command hook prints for the payload now."""
    raw = json.dumps(payload)
    verb = "check" if payload["hook_event_name"] == "PreToolUse" else "context"
    status, body = post(server, f"/memkit/{verb}", raw.encode())
    assert status == 200 and body == run_cli("--vault", str(vault), verb, "--hook", input=raw).stdout.encode()
    return body.decode()


def test_a_lesson_a_person_edits_reaches_the_answers(server, vault):
    assert "Stage only the specific files" in agreed(server, vault, PAYLOADS[0])
    note = next((vault / "workshop" / "observations" / "correction").glob("corr-never-use-git-add-*.md"))
    note.write_text(note.read_text().replace("Stage only the specific files you changed", "Name each file you stage"))
    run_cli("--vault", str(vault), "context", "anything", check=True)   # a command brings the index up to date
    after = agreed(server, vault, PAYLOADS[0])
    assert "Name each file you stage" in after and "Stage only the specific files" not in after


def test_an_index_built_anew_is_the_one_read(server, vault):
    assert "Stage only the specific files" in agreed(server, vault, PAYLOADS[0])
    note = next((vault / "workshop" / "observations" / "correction").glob("corr-never-use-git-add-*.md"))
    note.write_text(note.read_text().replace("Stage only the specific files you changed", "Name each file you stage"))
    _remove_index(vault)
    run_cli("--vault", str(vault), "reindex", check=True)
    assert "Name each file you stage" in agreed(server, vault, PAYLOADS[0])
    _remove_index(vault)
    assert post(server, "/memkit/check", json.dumps(PAYLOADS[0]).encode()) == (200, b"")   # no index: nothing


def _remove_index(vault) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(f"{vault}/.memkit/index.sqlite{suffix}").unlink(missing_ok=True)


def test_a_changed_configuration_is_read_at_the_next_answer(server, vault):
    assert "permissionDecision" not in agreed(server, vault, PAYLOADS[0])
    toml = vault / "memkit.toml"
    toml.write_text(toml.read_text().replace('delivery = "context"', 'delivery = "ask"'))
    assert json.loads(agreed(server, vault, PAYLOADS[0]))["hookSpecificOutput"]["permissionDecision"] == "ask"


def test_the_backlog_a_session_start_counts_follows_new_candidates(server, vault, tmp_path):
    toml = vault / "memkit.toml"
    toml.write_text(toml.read_text().replace("review_reminder_days = 14", "review_reminder_days = 0"))
    waiting = int(re.search(r"(\d+) memory candidate", agreed(server, vault, SESSION_START)).group(1))
    log = write_generic(tmp_path / "s.jsonl", [
        {"role": "user", "content": "tidy up the release", "timestamp": "2026-05-01T10:00:00Z"},
        {"role": "assistant", "content": "Pushing.", "timestamp": "2026-05-01T10:00:05Z",
         "tool_calls": [{"id": "c1", "name": "Bash", "input": {"command": "git push --force origin develop"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "The user doesn't want to proceed", "rejected": True},
        {"role": "user", "content": "no, never force-push to the shared branches, others pull from them",
         "timestamp": "2026-05-01T10:00:30Z"},
    ], {"session_id": "cue-1", "project": "shop", "cwd": "/srv/shop"})
    run_cli("--vault", str(vault), "ingest", str(log), check=True)
    assert int(re.search(r"(\d+) memory candidate", agreed(server, vault, SESSION_START)).group(1)) > waiting


@pytest.mark.slow   # long: runs in CI's `pytest -m slow` step
def test_an_action_catalogue_a_person_edits_reaches_the_answers_within_seconds(server, vault):
    def answer() -> bytes:
        return post(server, "/memkit/check", json.dumps(PAYLOADS[0]).encode())[1]
    before = agreed(server, vault, PAYLOADS[0])
    assert before
    team = vault / "actions" / "team.toml"
    team.parent.mkdir(exist_ok=True)
    team.write_text('[[kind]]\nid = "git:stage-all"\ndisabled = true\n')   # the lesson's kind is gone
    # (each edit rebuilds the catalogue with the vault's kinds: ~5 s on a quiet machine, three times
    # that on a loaded one; the wait ends as soon as the answer changes)
    assert _within(REBUILT, lambda: answer() == b"") and agreed(server, vault, PAYLOADS[0]) == ""
    team.unlink()
    assert _within(REBUILT, lambda: answer() == before.encode())
    team.write_text('[[kind]]\nid = "a:b"\nabout = "a"\ncommand = ["(unclosed"]\n')   # broken: nothing, as the
    assert _within(REBUILT, lambda: answer() == b"") and agreed(server, vault, PAYLOADS[0]) == ""   # command hook


REBUILT = 60.0   # seconds a catalogue edit may take to reach the answers


def _within(seconds: float, ok) -> bool:
    deadline = time.monotonic() + seconds
    while not ok():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


# ---- search: `memkit search` answered by the running server ------------------------------------------
def _search_headers(limit="10", by="turn", form="json", vault=None) -> dict:
    where = serve.vault_key(vault) if vault is not None else ""
    return {serve.SEARCH_HEADERS["limit"]: limit, serve.SEARCH_HEADERS["by"]: by, serve.SEARCH_HEADERS["format"]: form,
            serve.VAULT_HEADER: where}


def test_a_search_over_http_is_what_memkit_search_prints(server, vault):
    for query, args, headers in (("migration retries", ["--json"], _search_headers(vault=vault)),
                                 ("legacy release", ["--by", "note", "--limit", "3"],
                                  _search_headers("3", "note", "text", vault)),
                                 ("nothing-like-it-anywhere", [], _search_headers(form="text", vault=vault))):
        command = run_cli("--vault", str(vault), "search", query, *args, check=True)
        status, body = post(server, "/memkit/search", query.encode(), headers=headers)
        assert status == 200 and body.decode("utf-8") == command.stdout
    assert json.loads(post(server, "/memkit/search", b"commit", headers=_search_headers(vault=vault))[1])[0]["path"]
    assert post(server, "/memkit/search", b"commit", headers=_search_headers())[0] == 409   # no vault named
    assert post(server, "/memkit/search", b"commit", headers=_search_headers(vault=vault / "workshop"))[0] == 409


@pytest.mark.parametrize("body, headers", [(b"tax", _search_headers(limit="0")), (b"tax", _search_headers(limit="x")),
                                           (b"tax", _search_headers(by="file")), (b"tax", _search_headers(form="xml")),
                                           (b"\xff\xfe tax", _search_headers())])
def test_a_search_request_out_of_bounds_is_refused(server, vault, body, headers):
    headers = {**headers, serve.VAULT_HEADER: _search_headers(vault=vault)[serve.VAULT_HEADER]}
    assert post(server, "/memkit/search", body, headers=headers)[0] == 400
    assert post(server, "/memkit/search", body, token="wrong", headers=headers)[0] == 401


@pytest.fixture
def running(vault):
    """`memkit serve` as the command runs it (its state file written), on any free port."""
    run_cli("--vault", str(vault), "ingest", *map(str, EXAMPLES), check=True)
    started: list = []
    thread = threading.Thread(target=serve.serve, args=(Vault(vault), 0, started.append), daemon=True)
    thread.start()
    assert _within(20.0, lambda: bool(started))
    yield started[0]
    started[0].shutdown()
    thread.join(10)


def test_the_executable_takes_a_search_to_the_running_server(running, vault):
    from memkit import entry, search

    opts = {"query": "migration retries", "as_json": True, "limit": 5, "by": "turn"}
    served = entry._served_search(str(vault), dict(opts), False)
    here = search.answer(Vault(vault), opts.pop("query"), **opts)
    assert served == here and json.loads(served[0])
    assert entry._served_search(str(vault / "elsewhere"), {**opts, "query": "retries"}, False) is None  # no vault there
    assert run_cli("--vault", str(vault), "search", "migration retries", "--json", "--limit", "5").stdout == here[0]


def test_without_an_answering_server_the_executable_searches_itself(running, vault):
    from memkit import entry

    opts = {"query": "migration retries", "as_json": True, "limit": 10, "by": "turn"}
    token = vault / ".memkit" / serve.TOKEN_FILE
    real = token.read_text()
    token.write_text("not-the-token\n")                     # the server refuses: 401
    assert entry._served_search(str(vault), dict(opts), False) is None
    token.write_text(real)
    assert entry._served_search(str(vault), dict(opts), False) is not None
    running.shutdown()
    running.server_close()                                    # nothing listens on the port any more
    assert entry._served_search(str(vault), dict(opts), False) is None
    assert json.loads(run_cli("--vault", str(vault), "search", "migration retries", "--json", check=True).stdout)


def test_a_note_edited_in_place_reaches_a_served_search_within_seconds(running, vault):
    from memkit import entry

    note = next(p for p in sorted((vault / "workshop").rglob("*.md")))
    opts = {"query": "zanzibarquokka", "as_json": True, "limit": 10, "by": "turn"}
    assert json.loads(entry._served_search(str(vault), dict(opts), False)[0]) == []
    with open(note, "a", encoding="utf-8") as f:   # in place: the folder's mtime does not change
        f.write("\nAlso seen: zanzibarquokka.\n")
    assert _within(5.0, lambda: any(h["path"] == note.relative_to(vault).as_posix() for h in json.loads(
        entry._served_search(str(vault), dict(opts), False)[0])))


def test_the_servers_walk_never_rebuilds_an_index_another_memkit_made(running, vault):
    import sqlite3

    path = vault / ".memkit" / "index.sqlite"
    con = sqlite3.connect(path)
    con.execute("UPDATE meta SET value='999' WHERE key='schema'")   # as a newer memkit would leave it
    con.commit()
    con.close()
    inode = path.stat().st_ino
    time.sleep(2.5)                                                 # two walks of the server's thread
    con = sqlite3.connect(path)
    assert con.execute("SELECT value FROM meta WHERE key='schema'").fetchone() == ("999",)
    con.close()
    assert path.stat().st_ino == inode and not running.kept.fresh()
