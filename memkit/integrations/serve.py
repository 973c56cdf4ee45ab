"""`memkit serve`: the agent's hooks answered over HTTP by a process that is already running.

Claude Code's `type: "http"` hooks POST the same event JSON a command hook reads on stdin and read
the same JSON answer; a timeout or a non-2xx answer never blocks the agent. This server answers
POST /memkit/check and /memkit/context with exactly the bytes `check --hook` and `context --hook`
print for that payload, from what it keeps between answers (memkit.integrations.kept: the index
connection, the catalogue, the person; memkit.toml is read again when it changes). POST
/memkit/search answers as `memkit search` prints, for the executable's short path (memkit.entry),
which then starts no search of its own. A request that has arrived whole is answered on the
accepting thread; a slow one gets a thread of its own. It binds to 127.0.0.1 only, refuses any
request without the vault's token (`.memkit/serve.token`, sent as the X-Memkit-Token header),
bounds request sizes and time, and answers garbage as the command hooks do: with nothing.
"""
from __future__ import annotations

import gc
import hmac
import json
import os
import re
import secrets
import socket
import socketserver
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from memkit.errors import InvalidInput
from memkit.integrations.kept import Kept
from memkit.storage.vault import CONFIG_NAME

HOST = "127.0.0.1"
TOKEN_FILE = "serve.token"
STATE_FILE = "serve.json"
TOKEN_HEADER = "X-Memkit-Token"
TOKEN_ENV = "MEMKIT_HOOK_TOKEN"
MAX_BODY = 8 * 1024 * 1024   # bytes of one hook payload (a Write of a large file included)
TIMEOUT = 5.0                # seconds a client may take to send its request
PATHS = {"/memkit/check": "check", "/memkit/context": "context", "/memkit/search": "search"}
EVENTS = {"PreToolUse": "check", "SessionStart": "context", "UserPromptSubmit": "context"}


def token(vault, *, create: bool = False) -> str | None:
    """The vault's hook token (made on first use when create, readable by its owner only)."""
    path = vault.state / TOKEN_FILE
    try:
        found = path.read_text(encoding="utf-8").strip()
        if found:
            return found
    except OSError:
        pass
    if not create:
        return None
    vault.state.mkdir(parents=True, exist_ok=True)
    fresh = secrets.token_urlsafe(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(fresh + "\n")
    return fresh


def port_of(vault) -> int:
    try:
        return int(vault.config.get("serve.port") or 0)
    except (KeyError, TypeError, ValueError):
        return 0


def http_hooks(vault) -> dict[str, dict] | None:
    """The HTTP hook each event gets when `[serve] port` is set, else None (command hooks).
    The installer calls this; the token travels through the agent's environment."""
    port = port_of(vault)
    if not port:
        return None
    token(vault, create=True)
    return {event: {"type": "http", "url": f"http://{HOST}:{port}/memkit/{verb}", "timeout": 5,
                    "headers": {TOKEN_HEADER: f"${TOKEN_ENV}"}, "allowedEnvVars": [TOKEN_ENV]}
            for event, verb in EVENTS.items()}


def is_http_hook(hook) -> bool:
    """A hook entry this module wrote (the installer replaces and removes only its own)."""
    url = hook.get("url") if isinstance(hook, dict) else None
    return hook.get("type") == "http" and isinstance(url, str) and url.startswith(f"http://{HOST}:") \
        and url.rsplit("/", 2)[-2:-1] == ["memkit"]


MAX_CONNECTIONS = 64   # open connections at once; more are closed unanswered
ARRIVAL = 0.005        # seconds the accepting thread waits for a request to arrive whole
WHOLE = 64 * 1024      # bytes of a request the accepting thread answers itself; a larger one gets a thread
LENGTH = re.compile(rb"\r\ncontent-length:[ \t]*(\d+)[ \t]*\r\n", re.IGNORECASE)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = MAX_CONNECTIONS

    def __init__(self, vault, port: int):
        self.secret = token(vault, create=True).encode()
        self.vault, self.config_stamp = vault, _stamp(vault.root / CONFIG_NAME)
        self.kept = vault.kept = Kept(vault)
        self.answering = threading.Lock()   # one answer at a time: activation keeps per-process caches
        self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        super().__init__((HOST, port), Handler)
        self.kept.follow(lambda: self.vault)

    def server_bind(self) -> None:   # HTTPServer's own asks DNS for the loopback address's name
        socketserver.TCPServer.server_bind(self)
        self.server_name, self.server_port = HOST, self.server_address[1]

    def process_request(self, request, client_address) -> None:
        """A request that arrived whole is answered here, with no thread to start; anything else
        (slow, large, broken) gets a thread of its own, so it never holds up the next agent."""
        if not self.slots.acquire(blocking=False):
            self.shutdown_request(request)
            return
        if not arrived(request, ARRIVAL) or _searching(request):   # a search may take a while: its own
            super().process_request(request, client_address)           # thread, the hooks go on
            return
        try:
            OneAnswer(request, client_address, self)
        except Exception:   # noqa: BLE001 — said on stderr by handle_error; the server goes on
            self.handle_error(request, client_address)
        finally:
            self.shutdown_request(request)
            self.slots.release()

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def current(self):
        """The vault to answer from: a fresh one (its configuration read again) once memkit.toml
        changed, as the next command hook would read it."""
        stamp = _stamp(self.vault.root / CONFIG_NAME)
        if stamp != self.config_stamp:
            from memkit.storage.vault import Vault

            fresh = Vault(self.vault.root)
            self.kept.refresh(fresh)   # `[team] user` may name another person
            fresh.kept = self.kept
            self.vault, self.config_stamp = fresh, stamp
        return self.vault

    def server_close(self) -> None:
        super().server_close()
        self.kept.close()

    def handle_error(self, request, client_address) -> None:   # one bad request never stops the server
        import sys

        sys.stderr.write(f"memkit serve: a request failed ({sys.exc_info()[1]!r}); still serving\n")


def arrived(sock: socket.socket, wait: float) -> bool:
    """The request's headers and its Content-Length of body are in the socket's buffer, or get
    there within `wait` seconds (peeked at, not taken: the handler reads them next)."""
    deadline = time.monotonic() + wait
    try:
        sock.settimeout(wait)
        head = sock.recv(WHOLE, socket.MSG_PEEK)   # waits for the first bytes
        end = head.find(b"\r\n\r\n")
        length = LENGTH.search(head[:end + 2]) if end >= 0 else None
        need = end + 4 + int(length.group(1)) if length else WHOLE + 1
        if len(head) < need <= WHOLE:   # the body is on its way: wait until all of it is readable
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVLOWAT, need)
            sock.settimeout(max(deadline - time.monotonic(), 1e-4))
            head = sock.recv(need, socket.MSG_PEEK)
        return len(head) >= need
    except (OSError, ValueError):
        return False
    finally:
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVLOWAT, 1)
            sock.settimeout(None)
        except OSError:
            pass


def _searching(sock: socket.socket) -> bool:
    """The request waiting on this connection is a search (peeked at, not taken)."""
    try:
        return sock.recv(len(b"POST /memkit/search"), socket.MSG_PEEK) == b"POST /memkit/search"
    except OSError:
        return False


def _stamp(path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


class Handler(BaseHTTPRequestHandler):
    server: Server
    protocol_version = "HTTP/1.1"
    timeout = TIMEOUT
    disable_nagle_algorithm = True   # the answer leaves in one write, at once
    keep_open = True                 # HTTP/1.1: the client may send another request on the connection

    def do_POST(self) -> None:
        verb = PATHS.get(self.path)
        if verb is None:
            return self._send(404)
        if not hmac.compare_digest(self.headers.get(TOKEN_HEADER, "").encode(), self.server.secret):
            return self._send(401)
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            return self._send(411)
        if length < 0 or length > MAX_BODY:
            return self._send(413)
        raw = self.rfile.read(length)
        if verb == "search":
            return self._search(raw)
        self._send(200, respond(self.server, verb, raw).encode("utf-8"))

    def _search(self, raw: bytes) -> None:
        """What `memkit search QUERY` prints for the query in the body (options in headers, as
        SEARCH_HEADERS names them); its note for stderr, if any, in the X-Memkit-Note header.
        409 when the request names another vault folder than this server's (a copied vault)."""
        try:
            opts = search_options(self.headers, raw)
        except ValueError:
            return self._send(400)
        vault = self.server.current()
        if self.headers.get(VAULT_HEADER, "") != vault_key(vault.root):
            return self._send(409)
        from memkit import search

        kept = self.server.kept
        if kept.fresh():   # a small vault walked a moment ago: the kept index is read as it is, by one
            with self.server.answering:   # answer at a time (hooks read the same connection)
                out, note = search.answer(vault, **opts, con=kept.index())
        else:   # an index of its own, refreshed first: the hooks need not wait for it
            out, note = search.answer(vault, **opts)
        note = " ".join(note.split()).encode("ascii", "replace").decode()
        self._send(200, out.encode("utf-8"), {NOTE_HEADER: note} if note else None,
                   "application/json" if opts["as_json"] else "text/plain")

    def do_GET(self) -> None:
        self._send(405)

    do_PUT = do_DELETE = do_PATCH = do_GET

    def _send(self, status: int, body: bytes = b"", extra: dict[str, str] | None = None,
              content: str = "application/json") -> None:
        """Status line, headers and body in one write (no wait for the client's ACK between them)."""
        head = (f"HTTP/1.1 {status} {self.responses[status][0]}\r\nDate: {self.date_time_string()}\r\n"
                f"Content-Type: {content}; charset=utf-8\r\nContent-Length: {len(body)}\r\n")
        head += "".join(f"{k}: {' '.join(v.split())}\r\n" for k, v in (extra or {}).items())
        if status != 200 or not self.keep_open:
            head += "Connection: close\r\n"
            self.close_connection = True
        self.wfile.write(head.encode("latin-1") + b"\r\n" + body)

    def log_message(self, format, *args) -> None:   # a hook call is not worth a line on the terminal
        pass


class OneAnswer(Handler):
    """A request that arrived whole, answered on the accepting thread; the connection then
    closes, so a client that keeps it open holds no thread the others need."""

    keep_open = False

    def handle(self) -> None:
        self.handle_one_request()


NOTE_HEADER, VAULT_HEADER = "X-Memkit-Note", "X-Memkit-Vault"


def vault_key(root) -> str:
    """What a search request names its vault by: the folder's real path, UTF-8 in hex."""
    return os.path.realpath(root).encode("utf-8", "surrogateescape").hex()
SEARCH_HEADERS = {"limit": "X-Memkit-Limit", "by": "X-Memkit-By", "format": "X-Memkit-Format"}
FORMATS = {"text": (False, False), "colour": (False, True), "json": (True, False)}   # (as_json, colour)


def search_options(headers, raw: bytes) -> dict:
    """search.answer's options from a search request: the query (the body, UTF-8), limit (1-1000),
    by (turn or note), format (text, colour or json). ValueError for anything else."""
    query = raw.decode("utf-8")   # UnicodeDecodeError is a ValueError
    limit = int(headers.get(SEARCH_HEADERS["limit"], "10"))
    by = headers.get(SEARCH_HEADERS["by"], "turn")
    form = headers.get(SEARCH_HEADERS["format"], "text")
    if not 1 <= limit <= 1000 or by not in ("turn", "note") or form not in FORMATS:
        raise ValueError("not a search request")
    as_json, colour = FORMATS[form]
    return {"query": query, "limit": limit, "by": by, "as_json": as_json, "colour": colour}


def respond(server: Server, verb: str, raw: bytes) -> str:
    """What the command hook prints for this payload (bad bytes and bad JSON: nothing, as there)."""
    from memkit.activation import hook

    payload = hook.read_payload(raw.decode("utf-8", errors="replace"))
    if payload is None:
        return ""
    with server.answering:
        return hook.reply(verb, server.current(), payload)


def serve(vault, port: int | None = None, ready=None) -> None:
    """Answer hooks until interrupted; ready(server) is called once it listens."""
    port = port if port is not None else port_of(vault)
    if port is None or not 0 <= port <= 65535:
        raise InvalidInput(f"port {port} is not a TCP port (1-65535, or 0 for any free one)")
    try:
        server = Server(vault, port)
    except OSError as e:
        raise InvalidInput(f"cannot listen on {HOST}:{port} ({e.strerror or e}); is another memkit serve running?")
    state = vault.state / STATE_FILE
    try:
        warm(server.vault)
        state.write_text(json.dumps({"pid": os.getpid(), "port": server.server_address[1], "started": time.time(),
                                     "root": os.path.realpath(server.vault.root)}))
        _stop_on_sigterm()
        if ready:
            ready(server)
        server.serve_forever(poll_interval=0.5)
    finally:
        server.server_close()
        state.unlink(missing_ok=True)


def _stop_on_sigterm() -> None:
    """SIGTERM ends the server as Ctrl-C does, so its state file goes with it."""
    import signal

    def stop(_signum, _frame):
        raise KeyboardInterrupt
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, stop)


WARMUP = ({"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "true"}},
          {"hook_event_name": "UserPromptSubmit", "prompt": "warm up"},
          {"hook_event_name": "SessionStart", "source": "startup"})


def warm(vault) -> None:
    """Load what every answer needs once: the configuration, the catalogue, the index's pages
    and the rows every answer reads (the cues' projects, the standing lessons, the backlog)."""
    from memkit.activation import hook

    _ = vault.config   # parsed once, kept by the Vault
    for payload in WARMUP:
        hook.reply(EVENTS[payload["hook_event_name"]], vault, {**payload, "session_id": "memkit-serve-warmup"})
    gc.collect()
    gc.freeze()   # what is loaded now stays: the collector no longer walks it on every answer
