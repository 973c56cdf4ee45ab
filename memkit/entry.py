"""The `memkit` executable: hook calls and plain searches take a short path that never imports click.

Owns only the dispatch between the fast paths and the full command line. A fast path that
meets anything unusual (an option it does not know, an error) leaves the call to click.
"""
from __future__ import annotations

import sys


def _vault_option(argv: list[str]) -> tuple[str | None, list[str]]:
    """A leading `--vault V` or `--vault=V`, and the arguments after it."""
    if argv[:1] == ["--vault"] and len(argv) >= 2:
        return argv[1], argv[2:]
    if argv and argv[0].startswith("--vault="):
        return argv[0].split("=", 1)[1], argv[1:]
    return None, list(argv)


def _fast_hook(vault_path: str | None, rest: list[str]) -> int | None:
    """`[--vault V] check|context --hook` straight to memkit.hook, without click: it runs on every tool call."""
    if len(rest) != 2 or rest[0] not in ("check", "context") or rest[1] != "--hook":
        return None
    from memkit.activation import hook

    return hook.run(rest[0], vault_path, sys.stdin.read())


def _fast_pre_commit(vault_path: str | None, rest: list[str]) -> int | None:
    """`[--vault V] hooks run pre-commit` with no trace staged: done, before click is imported."""
    if rest != ["hooks", "run", "pre-commit"]:
        return None
    from memkit.integrations import githook

    return 0 if githook.nothing_staged(vault_path) else None


def _fast_search(vault_path: str | None, rest: list[str]) -> int | None:
    """`[--vault V] search QUERY [--json] [--limit N] [--by turn|note]`, printed as click would:
    answered by the vault's running `memkit serve` when there is one, else searched here."""
    if rest[:1] != ["search"]:
        return None
    opts = _search_options(rest[1:])
    if opts is None:
        return None
    import os

    root = _vault_root(vault_path)
    if root is None:   # click says so, the one way every command does
        return None
    colour = not opts["as_json"] and sys.stdout.isatty() and not os.environ.get("NO_COLOR") \
        and os.environ.get("TERM") != "dumb"
    served = _served_search(root, opts, colour)
    if served is not None:
        out, note = served
    else:
        from memkit import search
        from memkit.storage.layout import Layout   # the vault by name: no pathlib until a note is read

        try:
            out, note = search.answer(Layout(root), opts.pop("query"), **opts, colour=colour)
        except Exception:   # noqa: BLE001 — click says it, the one way every command does
            return None
    try:
        sys.stdout.write(out)
        sys.stdout.flush()
    except BrokenPipeError:
        return 0
    sys.stderr.write(note)
    return 0


SERVED_CONNECT = 1.0   # seconds to reach a running `memkit serve` (on loopback: at once, or never)
SERVED_WAIT = 10.0     # seconds it may take to answer before this process searches itself


def _served_search(root: str, opts: dict, colour: bool) -> tuple[str, str] | None:
    """(stdout, note) as the vault's running `memkit serve` answers the search (index and pages
    warm, nothing to import), or None when no server of this very vault answers it whole: its
    state file must name a live process serving this folder (a copied vault carries its
    original's state file), and the server checks the folder too."""
    import os

    state = os.path.join(root, ".memkit")
    try:
        with open(os.path.join(state, "serve.json"), encoding="utf-8") as f:
            text = f.read()
    except (OSError, ValueError):   # no server (or no readable state): nothing more to import
        return None
    import json

    import _socket   # the C module: `socket` would cost a few ms of imports more than the answer

    try:
        served = json.loads(text)
        port, pid, where = int(served["port"]), int(served["pid"]), str(served["root"])
        with open(os.path.join(state, "serve.token"), encoding="utf-8") as f:
            token = f.read().strip()
        os.kill(pid, 0)   # the server that wrote it still runs (a killed one leaves its file behind)
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if where != os.path.realpath(root) or not 0 < port < 65536 or not token.isascii() \
            or not token.isprintable() or " " in token:
        return None
    body = opts["query"].encode("utf-8", "surrogateescape")
    form = "json" if opts["as_json"] else "colour" if colour else "text"
    request = (f"POST /memkit/search HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Memkit-Token: {token}\r\n"
               f"X-Memkit-Vault: {where.encode('utf-8', 'surrogateescape').hex()}\r\n"
               f"X-Memkit-Limit: {opts['limit']}\r\nX-Memkit-By: {opts['by']}\r\nX-Memkit-Format: {form}\r\n"
               f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode("ascii") + body
    try:
        sock = _socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
    except OSError:
        return None
    try:
        sock.settimeout(SERVED_CONNECT)
        sock.connect(("127.0.0.1", port))
        sock.settimeout(SERVED_WAIT)
        sock.sendall(request)
        return _answer(sock)
    except OSError:
        return None
    finally:
        sock.close()


def _answer(sock) -> tuple[str, str] | None:
    """A 200 answer's body and its note, read up to its Content-Length; None for any other."""
    got = b""
    while b"\r\n\r\n" not in got:
        chunk = sock.recv(1 << 16)
        if not chunk:
            return None
        got += chunk
    head, _, body = got.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    fields = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    length = fields.get("content-length", "")
    if not lines[0].startswith("HTTP/1.1 200 ") or not length.isdigit():
        return None
    parts = [body]
    while (have := sum(map(len, parts))) < int(length):
        chunk = sock.recv(min(1 << 20, int(length) - have))
        if not chunk:
            return None
        parts.append(chunk)
    note = fields.get("x-memkit-note", "")
    try:
        return b"".join(parts)[:int(length)].decode("utf-8"), note + "\n" if note else ""
    except UnicodeDecodeError:
        return None


def _vault_root(explicit: str | None) -> str | None:
    """The folder vault.find would choose (--vault, $MEMKIT_VAULT, the nearest memkit.toml
    upward), found without importing the storage layer; None when there is none."""
    import os

    chosen = explicit or os.environ.get("MEMKIT_VAULT")
    if chosen:
        root = os.path.expanduser(chosen)
        return root if os.path.isfile(os.path.join(root, "memkit.toml")) else None
    try:
        here = os.path.realpath(os.getcwd())
    except OSError:   # a folder removed under the shell: the full path says so
        return None
    while True:
        if os.path.isfile(os.path.join(here, "memkit.toml")):
            return here
        parent = os.path.dirname(here)
        if parent == here:
            return None
        here = parent


def _leave(status: int) -> None:
    """End a fast path at once: its output flushed, its files and index connections closed by
    now, so tearing the interpreter down (a few ms of every hook call) has nothing left to do."""
    import os

    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (BrokenPipeError, ValueError):
            pass
    kept = sys.modules.get("memkit.rxcache")
    if kept is not None:   # the patterns this call compiled afresh, for the next one (exit handlers do not run)
        kept.save()
    os._exit(status)


def _search_options(args: list[str]) -> dict | None:
    opts: dict = {"query": None, "as_json": False, "limit": 10, "by": "turn"}
    it = iter(args)
    for arg in it:
        name, eq, value = arg.partition("=")
        if arg == "--json":
            opts["as_json"] = True
        elif name in ("--limit", "--by"):
            value = value if eq else next(it, None)
            if name == "--limit":
                if value is None or not value.isdigit() or not 1 <= int(value) <= 1000:
                    return None
                opts["limit"] = int(value)
            elif value in ("turn", "note"):
                opts["by"] = value
            else:
                return None
        elif arg.startswith("-") or opts["query"] is not None:
            return None
        else:
            opts["query"] = arg
    return opts if opts["query"] is not None else None


def _fast(argv: list[str]) -> int | None:
    vault_path, rest = _vault_option(argv)
    for path in (_fast_hook, _fast_pre_commit, _fast_search):
        fast = path(vault_path, rest)
        if fast is not None:
            return fast
    return None


def main() -> None:
    """The command line for a caller in this process: a fast path's status goes to sys.exit."""
    fast = _fast(sys.argv[1:])
    if fast is not None:
        sys.exit(fast)
    from memkit.cli import main as cli_main

    cli_main()


FAST_GC = 20_000   # new objects between two collections on a fast path (Python's default: 700)


def run() -> None:
    """The `memkit` executable: main, except that a fast path ends the process at once. A fast
    path's imports and search make a few thousand objects, few of them cyclic: at Python's
    threshold the collector runs ten times over them (1-1.5 ms of a search), at FAST_GC not at
    all, and anything larger (a search that indexes thousands of changed notes) is still collected."""
    import gc

    default = gc.get_threshold()
    gc.set_threshold(FAST_GC, *default[1:])
    fast = _fast(sys.argv[1:])
    if fast is not None:
        _leave(fast)
    gc.set_threshold(*default)
    from memkit.cli import main as cli_main

    cli_main()
