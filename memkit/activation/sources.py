"""The files a shell command only reads: what a copy copies from, what a reader prints or compares.

A lesson that keeps the agent from changing a folder ("nothing in library/ gets saved") is about a
command that writes there, not one that copies out of it to work on the copy
(`cp library/props/lamp.blend wip/`). Pure; no I/O.
"""
from __future__ import annotations

import shlex

from memkit import rxcache
from memkit.activation import commands

# programs that only read the files they are given
READERS = frozenset("cat less more head tail grep egrep fgrep rg ag ack diff cmp comm wc file stat ls du "
                    "tree md5sum sha1sum sha256sum sha512sum b2sum cksum realpath readlink xxd hexdump od "
                    "strings".split())
COPIERS = frozenset("cp scp rsync ln".split())   # every argument but the last (the target) is read
# options with which a find changes things
_CHANGES = frozenset("-delete -exec -execdir -ok -okdir -fprint -fprintf -fls".split())
_REDIRECT = rxcache.compile(r"^(?:\d*|&)(>>?|<)(.*)$")


def only_read(command: str) -> set[str]:
    """The arguments (as written) that the command only reads, in every piece that names them."""
    read: set[str] = set()
    written: set[str] = set()
    for piece in commands.pieces(command)[:12]:
        try:
            words = shlex.split(piece)
        except ValueError:
            words = piece.split()
        name = commands.command_name(piece)
        at = next((i for i, w in enumerate(words) if w.rsplit("/", 1)[-1].lower() == name), None)
        if not name or at is None:
            written.update(words)
            continue
        args: list[str] = []
        target = ""
        rest = iter(words[at + 1:])
        for w in rest:
            m = _REDIRECT.match(w)
            if m:
                (read if m.group(1) == "<" else written).add(m.group(2) or next(rest, ""))
            elif w in ("-t", "--target-directory"):
                target = next(rest, "")
            elif w.startswith("--target-directory="):
                target = w.split("=", 1)[1]
            elif not w.startswith("-"):
                args.append(w)
        if name in READERS or (name == "find" and not _CHANGES & set(words)):
            read.update(args)
        elif name in COPIERS and "--remove-source-files" not in words and (target or len(args) >= 2):
            read.update(args if target else args[:-1])
            written.add(target or args[-1])
        else:
            written.update(args)
    return read - written


def without_reads(command: str) -> str:
    """The command with what it only reads blanked out ("" when it reads nothing that way)."""
    only = only_read(command)
    if not only:
        return ""
    for arg in sorted(only, key=len, reverse=True):
        command = command.replace(arg, " ")
    return command
