"""What an agent is about to do, as activation reads it: an `Act`.

Owns the normalisation of tool calls from every agent (tool names, input shapes, Codex
patches, str_replace editors, MCP tools) into one shape — tool family, shell command,
touched paths, the lines an edit adds and removes, the file's language — and the caps
that keep hook work linear and bounded. Standard library only; never reads the index.
"""
from __future__ import annotations

import functools
import json
import os
import re
import stat

from memkit import rxcache

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

class Lazy:
    """A pattern compiled on first use: what only a lesson's compilation (or a rare command) reads
    costs a hook process nothing."""

    __slots__ = ("_args", "_rx")

    def __init__(self, *args):
        self._args, self._rx = args, None

    def __getattr__(self, name: str):
        if self._rx is None:
            self._rx = rxcache.compile(*self._args)
        return getattr(self._rx, name)


MAX_TEXT = 64 * 1024   # characters of one action that are analysed (a 1 MB lockfile is cut here)
MAX_CONTEXT = 64 * 1024   # characters of an edited file read as the edit's context

# tool name (lower-case) -> family. Agents name the same operations differently.
FAMILIES = {
    "bash": "shell", "shell": "shell", "local_shell": "shell", "exec_command": "shell", "container.exec": "shell",
    "run_shell_command": "shell", "execute_command": "shell", "run_terminal_cmd": "shell", "terminal": "shell",
    "powershell": "shell", "bashoutput": "read", "killshell": "shell", "killbash": "shell",
    "edit": "edit", "multiedit": "edit", "str_replace_editor": "edit", "str_replace_based_edit_tool": "edit",
    "replace": "edit", "edit_file": "edit", "search_replace": "edit", "apply_patch": "edit", "update": "edit",
    "write": "write", "write_file": "write", "create_file": "write", "create": "write", "notebookedit": "write",
    "read": "read", "read_file": "read", "view": "read", "notebookread": "read", "cat": "read",
    "read_many_files": "read",
    "grep": "search", "glob": "search", "ls": "search", "list_dir": "search", "list_directory": "search",
    "grep_search": "search", "file_search": "search", "codebase_search": "search", "search_file_content": "search",
    "find": "search", "toolsearch": "search",
    "webfetch": "web", "websearch": "web", "web_fetch": "web", "google_web_search": "web", "fetch": "web",
    "task": "task", "agent": "task", "todowrite": "task", "exitplanmode": "task", "askuserquestion": "task",
}
PATH_KEYS = ("file_path", "notebook_path", "absolute_path", "path", "filename", "target_file", "file")
READ_ONLY = frozenset({"read", "search", "web", "task"})
PATCH_FILE = rxcache.compile(r"^\*\*\* (Add|Update|Delete) File: (.+)$", re.MULTILINE)

# file name -> language, for judging an edit's added lines in the language of the file
EXTENSIONS = {
    "py": "py", "pyi": "py", "ipynb": "ipynb", "js": "js", "mjs": "js", "cjs": "js", "jsx": "js", "ts": "ts",
    "tsx": "ts", "mts": "ts", "cts": "ts", "vue": "vue", "svelte": "svelte", "go": "go", "rs": "rs",
    "java": "java", "kt": "kt", "kts": "kt", "scala": "scala", "groovy": "groovy", "gradle": "gradle",
    "rb": "rb", "erb": "erb", "rake": "rb", "php": "php", "cs": "cs", "fs": "fs", "swift": "swift",
    "m": "objc", "mm": "objc", "c": "c", "h": "c", "cc": "cpp", "cpp": "cpp", "cxx": "cpp", "hpp": "cpp",
    "hh": "cpp", "ex": "ex", "exs": "ex", "heex": "ex", "erl": "erl", "dart": "dart", "lua": "lua", "r": "r",
    "jl": "jl", "sh": "sh", "bash": "sh", "zsh": "sh", "fish": "sh", "ps1": "ps1", "psm1": "ps1", "psd1": "ps1", "sql": "sql",
    "yml": "yaml", "yaml": "yaml", "json": "json", "jsonc": "json", "toml": "toml", "ini": "ini",
    "cfg": "ini", "conf": "conf", "env": "env", "md": "md", "mdx": "md", "rst": "rst", "txt": "txt",
    "html": "html", "htm": "html", "css": "css", "scss": "css", "sass": "css", "less": "css", "tf": "tf",
    "tfvars": "tf", "hcl": "tf", "proto": "proto", "graphql": "graphql", "gql": "graphql", "xml": "xml",
    "plist": "xml", "csproj": "xml", "mk": "make", "cmake": "cmake", "nix": "nix", "zig": "zig",
    "j2": "jinja", "jinja": "jinja", "jinja2": "jinja", "hbs": "html", "ejs": "html", "twig": "html",
    "lock": "lock", "sum": "lock", "bzl": "bazel", "star": "bazel", "pbxproj": "xcode",
    "v": "v", "vh": "v", "sv": "v", "svh": "v", "vhd": "vhdl", "vhdl": "vhdl",
    "hs": "hs", "lhs": "hs", "pl": "pl", "pm": "pl", "f": "f90", "for": "f90", "f77": "f90", "f90": "f90",
    "f95": "f90", "f03": "f90", "f08": "f90", "ml": "ml", "mli": "ml", "fsx": "fs", "fsi": "fs", "clj": "clj",
    "cljs": "clj", "cljc": "clj", "edn": "clj", "hrl": "erl", "sol": "sol", "tex": "tex", "sty": "tex",
    "cls": "tex", "bib": "bib", "nim": "nim", "cr": "cr", "elm": "elm", "sc": "scala", "sbt": "scala",
}
NAMES = {
    "dockerfile": "dockerfile", "containerfile": "dockerfile", "makefile": "make", "gnumakefile": "make",
    "justfile": "make", "jenkinsfile": "groovy", "gemfile": "rb", "rakefile": "rb", "podfile": "rb",
    "vagrantfile": "rb", "brewfile": "rb", "procfile": "conf", "cmakelists.txt": "cmake", "build": "bazel",
    "build.bazel": "bazel", "workspace": "bazel", "module.bazel": "bazel", "package-lock.json": "lock",
    "pnpm-lock.yaml": "lock", "yarn.lock": "lock", "poetry.lock": "lock", "uv.lock": "lock",
    "cargo.lock": "lock", "gemfile.lock": "lock", "composer.lock": "lock", "go.sum": "lock", "go.mod": "gomod",
    ".env": "env", ".gitignore": "ignore", ".dockerignore": "ignore", ".npmrc": "ini", ".editorconfig": "ini",
}
SHELLISH = frozenset({"sh", "dockerfile", "make", "yaml", "ps1", "md"})   # files whose lines hold shell commands


def family(tool_name: str) -> str:
    name = (tool_name or "").strip()
    low = name.lower()
    if low.startswith("mcp__"):
        return "mcp"
    return FAMILIES.get(low, FAMILIES.get(low.rsplit(".", 1)[-1], "other"))


def language(path: str) -> str:
    base = path.replace("\\", "/").rsplit("/", 1)[-1].lower()
    if base in NAMES:
        return NAMES[base]
    if base.startswith(("dockerfile", "containerfile")) or base.endswith((".dockerfile", ".containerfile")):
        return "dockerfile"
    if base.startswith(".env"):
        return "env"
    if base.startswith("requirements") and base.endswith((".txt", ".in")):
        return "reqs"
    ext = base.rsplit(".", 1)[-1] if "." in base else ""
    return EXTENSIONS.get(ext, "")


class Act:
    """One action, normalised. Plain class (no dataclasses): it is built on every hook call."""

    __slots__ = ("tool", "family", "command", "paths", "added", "removed", "lang", "prose", "context", "raw", "after")

    def __init__(self, tool: str = "", family_: str = "other", command: str = "", paths: tuple = (),
                 added: str = "", removed: str = "", lang: str = "", prose: str = "", context: str = "",
                 raw: str = ""):
        self.tool, self.family, self.command, self.paths = tool, family_, command, paths
        self.added, self.removed, self.lang = added, removed, lang
        self.prose = prose        # natural language: a prompt, a task, a lesson
        self.context = context    # the edited file as it is on disk (read by `requires`)
        self.raw = raw            # every input value, for near-repeat and entity matching
        self.after = ""           # an edit's new text with the unchanged lines it keeps around the added ones

    @property
    def read_only(self) -> bool:
        return self.family in READ_ONLY

    @property
    def text(self) -> str:
        """What the act does, as one text: the command, or the path and the added lines."""
        if self.command:
            return self.command
        if self.prose and not self.paths:
            return self.prose
        return "\n".join(p for p in (*self.paths[:1], self.added) if p)

    def __repr__(self) -> str:
        return f"Act({self.family}, {self.text[:60]!r})"


def from_prose(text: str) -> Act:
    """A prompt, a task or a lesson."""
    text = str(text)[:MAX_TEXT]
    return Act("", "prose", prose=text, raw=text)


REQUEST_HEAD, REQUEST_TAIL = 4 * 1024, 1024   # characters of a long request read: where it says what it wants


def from_request(text: str) -> Act:
    """A person's request as the prompt hook reads it: all of it, or, when it is long, its opening
    and its end, where a request says what it wants (a file or a log pasted between them is not
    read on the hot path: 32 KB of pasted code took seconds to classify)."""
    text = str(text)
    if len(text) > REQUEST_HEAD + REQUEST_TAIL:
        text = text[:REQUEST_HEAD] + "\n…\n" + text[-REQUEST_TAIL:]
    return from_prose(text)


def from_command(command: str) -> Act:
    command = str(command)[:MAX_TEXT]
    return Act("Bash", "shell", command=command, raw=command)


def from_call(tool_name: str, tool_input: Any, read_context: bool = False) -> Act:
    """A tool call as an agent's hook payload (or a log) carries it."""
    fam = family(tool_name)
    inp = _input(fam, tool_input)
    raw = _raw(inp)
    if fam == "edit" and ("input" in inp or "patch" in inp) and not _path_of(inp):
        return _patch(tool_name, str(inp.get("input") or inp.get("patch") or ""), raw)
    if fam == "shell" or (fam == "other" and "command" in inp and not _path_of(inp)):
        command = _command(inp.get("command", inp.get("cmd", "")))
        return Act(tool_name, "shell", command=command[:MAX_TEXT], raw=raw)
    path = _path_of(inp)
    paths = (path,) if path else ()
    if fam == "edit":
        if str(inp.get("command") or "") == "create" and "file_text" in inp:
            fam = "write"
        else:
            pairs = _pairs(inp)
            added = "\n".join(_added(o, n) for o, n in pairs)[:MAX_TEXT]
            removed = "\n".join(_removed(o, n) for o, n in pairs if o)[:MAX_TEXT]
            context = _read_context(path) if read_context else ""
            if not context:
                context = "\n".join(f"{o}\n{n}" for o, n in pairs)[:MAX_CONTEXT]
            act = Act(tool_name, "edit", paths=paths, added=added, removed=removed, lang=language(path),
                      context=context, raw=raw)
            after = "\n".join(n for _, n in pairs)[:MAX_TEXT]
            act.after = after if after != added else ""
            return act
    if fam == "write":
        content = inp.get("content", inp.get("new_source", inp.get("file_text", inp.get("contents", ""))))
        content = str(content or "")[:MAX_TEXT]
        old = _read_context(path) if read_context else ""   # a file written whole over one on disk
        return Act(tool_name, "write", paths=paths, added=content, removed=_removed(old, content)[:MAX_TEXT],
                   lang=language(path), context=content, raw=raw)
    if fam in ("read", "search", "web"):
        words = [str(inp[k]) for k in ("url", "query", "prompt", "pattern", "glob") if inp.get(k)]
        # a file pattern names the files it reaches (`*-diary/*.md` under the project): the glob
        # tool's pattern, or the file filter of a content search
        spec = inp.get("pattern") if str(tool_name).lower() == "glob" else inp.get("glob")
        if fam == "search" and isinstance(spec, str) and spec.strip():
            spec = spec.strip()[:1024]
            paths = paths + ((path.rstrip("/") + "/" + spec) if path and not spec.startswith("/") else spec,)
        if fam == "web" and not paths and isinstance(inp.get("url"), str) and inp["url"]:
            paths = (inp["url"][:4096],)   # the page it fetches is what it reads
        return Act(tool_name, fam, paths=paths, prose="\n".join(words)[:MAX_TEXT], raw=raw)
    return Act(tool_name, fam, paths=paths, prose=raw[:MAX_TEXT], raw=raw)


def _input(fam: str, tool_input: Any) -> dict:
    if isinstance(tool_input, dict):
        return tool_input
    if isinstance(tool_input, str):
        text = tool_input[:MAX_TEXT * 4]
        if text.lstrip().startswith("{"):
            try:
                parsed = json.loads(text)
            except (ValueError, RecursionError):
                parsed = None
            if isinstance(parsed, dict):
                return parsed
        return {"command": text} if fam in ("shell", "other") else {"input": text}
    if isinstance(tool_input, list):
        return {"command": tool_input} if fam == "shell" else {"input": tool_input}
    return {}


def _raw(inp: dict) -> str:
    """Every string value of the input, bounded: what entity and near-repeat matching read."""
    out, size = [], 0
    stack = [inp]
    while stack and size < MAX_TEXT:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(reversed(list(value.values())))
        elif isinstance(value, list):
            stack.extend(reversed(value[:200]))
        elif isinstance(value, str):
            out.append(value[:MAX_TEXT - size])
            size += len(out[-1])
    return "\n".join(out)


def _path_of(inp: dict) -> str:
    for key in PATH_KEYS:
        value = inp.get(key)
        if isinstance(value, str) and value:
            return value[:4096]
    return ""


def _pairs(inp: dict) -> list[tuple[str, str]]:
    edits = inp.get("edits") if isinstance(inp.get("edits"), list) else [inp]
    pairs = []
    for e in edits[:200]:
        if not isinstance(e, dict):
            continue
        old = e.get("old_string", e.get("old_str", e.get("old_text", "")))
        new = e.get("new_string", e.get("new_str", e.get("new_text", e.get("content", ""))))
        pairs.append((str(old or "")[:MAX_TEXT], str(new or "")[:MAX_TEXT]))
    return pairs


_ANNOTATION = rxcache.compile(r"^\s*(?:@\w|#\[|\[\w)")


def _added(old: str, new: str) -> str:
    """The lines of `new` that `old` lacks (with the line an added annotation or decorator
    applies to); all of `new` when it only reorders old lines."""
    before = {line.strip() for line in old.splitlines()}
    lines = new.splitlines()
    fresh = [line for i, line in enumerate(lines) if line.strip() not in before
             or (i and _ANNOTATION.match(lines[i - 1]) and lines[i - 1].strip() not in before)]
    return "\n".join(fresh) if fresh else new


def _removed(old: str, new: str) -> str:
    """The lines of `old` that `new` no longer holds ("" when it keeps them all)."""
    kept = {line.strip() for line in new.splitlines()}
    return "\n".join(line for line in old.splitlines() if line.strip() and line.strip() not in kept)


def spans_added(text: str, added: str, matches) -> bool:
    """A match in an edit's new text runs across an added line and the unchanged lines kept
    around it (`await load()` kept, `setState(…)` added below it): the code the edit leaves."""
    fresh = {ln.strip() for ln in added.splitlines() if ln.strip()}
    for m in matches:
        start, end = text.rfind("\n", 0, m.start()) + 1, text.find("\n", m.end())
        lines = text[start:end if end >= 0 else len(text)].splitlines()   # the whole lines it spans
        if len(lines) > 1 and any(ln.strip() in fresh for ln in lines):
            return True
    return False


def _command(value: Any) -> str:
    """A command as a call gives it: a string, or an argv (`["bash", "-lc", "…"]`: the script)."""
    if isinstance(value, list):
        parts = [str(v) for v in value[:1000]]
        if len(parts) >= 3 and parts[0].rsplit("/", 1)[-1] in ("sh", "bash", "zsh") and parts[1] in (
                "-c", "-lc", "-lic", "-ic"):
            return parts[2]
        return " ".join(parts)
    return str(value or "")


def _patch(tool_name: str, body: str, raw: str) -> Act:
    """A Codex apply_patch envelope: a write when it only adds files, else an edit."""
    body = body[:MAX_TEXT * 4]
    files = PATCH_FILE.findall(body)
    paths = tuple(p.strip() for _, p in files)
    added = "\n".join(line[1:] for line in body.splitlines() if line[:1] == "+" and line[:3] != "+++")
    removed = "\n".join(line[1:] for line in body.splitlines() if line[:1] == "-" and line[:3] != "---")
    fam = "write" if files and all(kind == "Add" for kind, _ in files) else "edit"
    return Act(tool_name, fam, paths=paths, added=added[:MAX_TEXT], removed=removed[:MAX_TEXT],
               lang=language(paths[0]) if paths else "", context=body[:MAX_CONTEXT], raw=raw)


def _read_context(path: str) -> str:
    """The edited file as it is now: the context its new lines will live in. Only a regular
    file is opened (a FIFO or a device would block or never end), and only its head."""
    if not path:
        return ""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return ""
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read(MAX_CONTEXT)
    except (OSError, ValueError):
        return ""


_VERBS = (   # other verbs people use for the same act, said the way the catalogue's words say it
    (r"(?i)\b(?:switch|shut)(?:es|ed|s|ting|ching)?\s+off\b", "turn off"),
    (r"(?i)\bswitch(?:es|ed|ing)?\s+on\b", "turn on"),
    (r"(?i)\bget(?:ting)?\s+rid\s+of\b", "remove"),
    # a name in code said in words: "needs an idempotency_key" says "idempotency key"
    (r"(?<![\w.$@/-])([a-z]{2,})_([a-z]{2,})(?:_([a-z]{2,}))?(?![\w.(/-])", None),
)


@functools.cache
def _verbs() -> tuple:
    return tuple((rxcache.compile(rx), plain) for rx, plain in _VERBS)


def _spaced(m: re.Match) -> str:
    return " ".join(w for w in m.groups() if w)


def plain_verbs(text: str) -> str:
    """The text, and after it the same text with other verbs for an act in the catalogue's words
    ("switch off certificate checks": "turn off certificate checks")."""
    said = text
    for rx, plain in _verbs():
        said = rx.sub(plain if plain else _spaced, said)
    return text if said == text else text + "\n" + said


_JOINED = rxcache.compile(r"&&|\|\||;|\|")


def pieces(command: str) -> list[str]:
    """The simple commands of a shell command's first 20 lines, split at &&, ||, ; and |."""
    return [piece for line in command.splitlines()[:20] for piece in _JOINED.split(line)]


STOPPED = rxcache.compile(r"\s*\((rejected|interrupted)\)\s*$")   # a call the person refused or cut off
_CALL_START = rxcache.compile(r"; (?=[\w.:-]{1,60}: )")


LINE_BREAK = " \u23ce "   # between the lines of an edit in a trigger's one-line description (extract.signals)


def from_trigger(trigger: str) -> list[Act]:
    """The corrected actions, from an observation's `trigger` ("Bash: git add -A (rejected)",
    "Edit: path — added text; Bash: …", "proposed: …"), at most four."""
    text = STOPPED.sub("", str(trigger or "")).strip()
    return [a for a in (_one_trigger(part) for part in _CALL_START.split(text)[:4]) if a is not None] if text else []


def _one_trigger(text: str) -> Act | None:
    """One corrected action from its description ("Bash: git add -A", "Edit: path — text")."""
    text = text.strip()
    if not text:
        return None
    tool, sep, rest = text.partition(": ")
    if not sep or not re.fullmatch(r"[\w.:-]{1,60}", tool):
        return from_prose(text)
    if tool == "proposed":
        return from_prose(rest)
    fam = family(tool)
    if fam == "shell" or (fam == "other" and not rest.startswith("/")):
        return from_command(rest)
    path, dash, snippet = rest.partition(" — ")
    snippet = snippet.replace(LINE_BREAK, "\n")   # the lines of the edit
    if fam in ("edit", "write"):
        return from_call(tool, {"file_path": path.strip(), "old_string": "",
                                "new_string" if fam == "edit" else "content": snippet})
    return from_call(tool, {"file_path": path.strip(), **({"prompt": snippet} if dash else {})})


def bare(piece: str) -> str:
    """The command without what only says how it runs: nohup, sudo, redirections, a trailing `&`."""
    found = re.sub(r"\s+\d?>>?\s*&?\S+|\s*&\s*$", "", piece.strip())
    return re.sub(r"^(?:(?:nohup|setsid|nice(?:\s+-n\s*-?\d+)?|sudo(?:\s+-[A-Za-z]+)*|doas)\s+)+", "", found)


def how_it_runs(cat, command: str) -> set:
    """The kinds a command has only by how it runs (`2>/dev/null`, `&`, sudo, nohup), not what it runs."""
    return cat.kinds_of(from_command(command)) - cat.kinds_of(from_command("\n".join(map(bare, pieces(command)))))
