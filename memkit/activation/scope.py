"""Where a lesson holds: project, environment, folders, and whether a read is the mistake too."""

from __future__ import annotations

import re

from memkit import rxcache

_STAY_OUT = rxcache.compile(r"(?i)\b(?:stay|keep)\s+out\s+of\b|\bwhat\s+are\s+you\s+doing\s+in\b|\b(?:don'?t|do\s+not|never)\s+"
                       r"(?:read|look\s+(?:at|in|into)|open|go\s+(?:in|into)|browse|dig\s+into)\b|\bconcern\s+yourself\b|"
                       r"\boff-limits\b|\bhands\s+off\b|\bnone\s+of\s+your\s+business\b")
_SPOKEN_PROD = rxcache.compile(r"(?i)(?<![\w/.-])(?:prod|production)(?![\w/.-])")   # in prose, not a path
_ENV = {"prod": rxcache.compile(r"(?i)\b(prod|production)\b"), "staging": rxcache.compile(r"(?i)\bstaging\b")}


def scope_of(project: str, parts: list[tuple[str, str]], act=None) -> dict:
    """Where a lesson holds: its project, the environment it says no to (or the corrected call ran
    in and it speaks of), the folders it names, and whether reading there is the mistake too."""
    scope: dict = {}
    if project:
        scope["project"] = project
    text = " ".join(t for p, t in parts if p in ("forbid", "neutral"))
    said = " ".join(t for p, t in parts if p == "forbid")   # a reason naming prod scopes nothing
    called = act.command if act is not None and act.family == "shell" else ""
    everything = " ".join(t for _, t in parts)
    # the corrected call ran against production and the lesson speaks of production ("production
    # flags are her call; we turn them on in staging only"): the lesson is about that environment
    env = [name for name, rx in _ENV.items() if rx.search(said)
           or (name == "prod" and rx.search(called) and _SPOKEN_PROD.search(everything))]
    if _STAY_OUT.search(everything):   # "stay out of X": reading it is the mistake too
        scope["reads"] = True
    if env:
        scope["env"] = env
    paths = [m.group(1) for m in re.finditer(r"(?i)\b(?:in|under|inside|within)\s+`?((?:[\w.-]+/)+)`?", text)]
    if paths:
        scope["paths"] = list(dict.fromkeys(paths))[:4]
    host = machine(parts, act)
    if host:
        scope["hosts"] = [host_of(host)]
    return scope


# a machine a rule speaks of ("don't run anything on the instrument PC", "never on the build box")
ON_MACHINE = rxcache.compile(r"(?i)\b(?:on|onto|from|in)\s+(?:the|this|that|our|my|their|any)\s+(?:[\w-]+\s+){0,2}?"
                         r"(?:pc|box|machine|host|server|node|vm|instance|laptop|workstation|computer|rig|device|"
                         r"appliance|controller|gateway|router|nas|head\s+node|login\s+node)s?\b")
# `ssh [options] [user@]host [command]`, after any runner (`sudo -E`, `timeout 60`, `nohup`, `env A=1`, a
# path): flags alone or grouped with one that takes a value (`-vp 22`), values quoted or not
_VALUE = r"""(?:"[^"\n]*"|'[^'\n]*'|\S+)"""
_SSH = rxcache.compile(r"""(?:^|[;&|(]|\b(?:sudo|exec|nohup|time|nice|env|timeout)\b[^;&|\n]{0,60}?)\s*(?:/[\w./-]*/)?\bssh\s+"""
                       r"""(?:-[46AaCfGgKkMNnqsTtVvXxYy]*[BbcDEeFIiJLlmOoPpQRSWw]\s*""" + _VALUE + r"""\s+|"""
                       r"""-[46AaCfGgKkMNnqsTtVvXxYy]+\s+|--\s+)*"""
                       r"""(?:[\w.+-]+@)?([A-Za-z0-9][\w.-]*)(?:[ \t]+([^;&|\n]*))?""")


def machine(parts: list[tuple[str, str]], act=None) -> str:
    """The host the corrected call reached over ssh, when a rule of the lesson speaks of a machine
    ("dont run anything on the instrument PC" after `ssh lab@mspc-01 "…"`: mspc-01), else ""."""
    if act is None or act.family != "shell" or "ssh" not in (act.command or ""):
        return ""
    if not any(p in ("forbid", "instead") and ON_MACHINE.search(text) for p, text in parts):
        return ""
    return next(iter(remote(act.command)), ("", ""))[0]


def remote(command: str) -> list[tuple[str, str]]:
    """On the hot path (a lesson's machine against the action's): (host, what runs there) for each ssh of a shell command (`ssh lab@mspc-01 df -h`:
    ("mspc-01", "df -h"); a bare `ssh host`: ("host", ""))."""
    if "ssh" not in command:
        return []
    return [(m.group(1).lower(), (m.group(2) or "").strip().strip("\"'"))
            for m in _SSH.finditer(command[:20000])][:4]


def host_of(name: str) -> str:
    """A host as a cue keeps it: lower case, without a user (`Lab@MSPC-01`: mspc-01)."""
    return str(name).strip().rsplit("@", 1)[-1].lower()
