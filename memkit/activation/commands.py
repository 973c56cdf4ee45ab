"""The corrected command itself: its program and subcommands (`certbot certonly`, `vault kv put`)
as a signature a later command repeats, the commands that only look, and the other commands of
the same program a lesson names as the way to do it.

Compiled once per lesson (`signatures`, `others`); matched on the hot path (`repeats`), which
reads only the command at hand.
"""
from __future__ import annotations

import re

from memkit import rxcache
from memkit.activation import acts

TRANSPORT = frozenset({"remote:ssh", "system:sudo"})   # how a command reached the machine, not what it did
_RUNNERS = frozenset("sudo env npx pnpx bunx uvx time nice nohup exec command builtin xargs do then else if elif while until ! {".split())


_WRAPPERS = {"bundle": "exec", "poetry": "run", "uv": "run", "pipenv": "run", "pdm": "run", "hatch": "run",
             "rye": "run"}   # "bundle exec rake …" runs rake


def command_name(piece: str) -> str:
    """The program a shell command runs ("FOO=1 sudo npx protoc …" runs protoc)."""
    words = piece.split()[:10]
    for i, word in enumerate(words):
        w = word.strip("\"'()")
        if not w or "=" in w.split("/")[0] or w.startswith("-") or w in _RUNNERS:
            continue
        name = w.rsplit("/", 1)[-1].lower()
        if _WRAPPERS.get(name) and i + 2 < len(words) and words[i + 1] == _WRAPPERS[name] \
                and not words[i + 2].startswith("-"):
            return command_name(" ".join(words[i + 2:]))
        return name
    return ""


def commands_of(act) -> set[str]:
    found = set()
    for line in act.command.splitlines()[:50]:
        for piece in re.split(r"&&|\|\||;|\||\$\(", line):
            name = command_name(piece)
            if name:
                found.add(name)
    return found


# a command run somewhere else: `ssh host "…"`, `salt '*' cmd.run '…'`, `ansible all -a '…'`, `bash -c '…'`,
# `docker exec box sh -c …`, `kubectl exec pod -- …`; only where a simple command starts, not inside a message
_AT_START = r"""(?:^|[;&|(]|\bsudo(?:\s+-u\s+\S+)?|\bexec\b)\s*"""
_ELSEWHERE = acts.Lazy(_AT_START + r"""(?:\bssh\s+(?:-\S+\s+(?:[^\s"'-]\S*\s+)?)*[^\s"'-]\S*|"""
                       r"""\bsalt(?:-ssh)?\s+(?:-\S+\s+)*\S+\s+cmd\.(?:run|shell|script)|"""
                       r"""\bansible\s+\S+\s+(?:-\S+\s+\S+\s+)*?(?:-a|--args)|\b(?:ba|z|da)?sh\s+(?:-\w+\s+)*-c)"""
                       r"""\s+(["'])(.{2,2000}?)\1""")
_IN_CONTAINER = acts.Lazy(_AT_START + r"\b(?:kubectl|oc|docker|podman)\s+(?:compose\s+)?exec\b[^\n;&|]*?\s--?\s+"
                          r"([^\n;&|]{2,500})")


def remote(command: str) -> list[str]:
    """The commands a shell command has run on another host or in a container, as written."""
    if not any(w in command for w in ("ssh", "cmd.", "-c", "-a", "exec")):   # (most commands: no pattern compiled)
        return []
    found = [m.group(2) for m in _ELSEWHERE.finditer(command[:20000])]
    found += [m.group(1) for m in _IN_CONTAINER.finditer(command[:20000])]
    return found[:4]


def pieces(command: str) -> list[str]:
    """The simple commands of a shell command, then those it runs elsewhere (`ssh host "…"`)."""
    return acts.pieces(command) + [p for inner in remote(command) for p in acts.pieces(inner)]


def arg_words(piece: str) -> list[str]:
    """A command's words as its arguments read (lower-case, unquoted, `--key=value` split)."""
    return [w for w in (w.strip("`,;()").lower() for w in re.split(r"[\s=\"']+", piece.strip())) if len(w) > 1]


_HEAD_WORD = rxcache.compile(r"[a-z][a-z0-9_.:-]*")


def head(command: str) -> list[str]:
    """The program and its subcommands: the leading plain words, up to the first flag or argument."""
    words = command.split()
    for i, w in enumerate(words):
        if command_name(w) and w not in _RUNNERS:
            words = [command_name(" ".join(words[i:]))] + words[i + 1:]
            break
    head = words[:1]
    for w in words[1:4]:
        if not _HEAD_WORD.fullmatch(w):
            break
        head.append(w)
    return head


def subcommands(command: str) -> list[str]:
    """The plain words after the program a command runs (`bundle exec fastlane match nuke` ->
    match, nuke), up to the first flag or argument."""
    words, name = command.split(), command_name(command)
    at = next((i for i, w in enumerate(words) if w.rsplit("/", 1)[-1] == name), None)
    if not name or at is None:
        return []
    subs = []
    for w in words[at + 1:at + 4]:
        if not _HEAD_WORD.fullmatch(w):
            break
        subs.append(w)
    return subs


# programs that only look, and subcommands that only look: running them again repeats no mistake
READ_PROGRAMS = frozenset("ls cat head tail less more grep rg ag find fd echo printf pwd cd which type whereis file "
                          "source . export set unset alias pushd popd read "
                          "stat wc diff du df tree jq yq sort uniq cut tr awk column date whoami id env printenv "
                          "true false test sleep watch man help history clear free uptime uname nproc lsblk lsof pgrep "
                          "ps who ss netstat dig nslookup host ping traceroute mtr getent vmstat iostat lscpu lsusb "
                          "lspci".split())
# programs that only read unless given one of these options (reading the journal, not vacuuming it)
_READS_UNLESS = {p: rxcache.compile(rx) for p, rx in (
    ("journalctl", r"--(?:vacuum|rotate|flush|relinquish|setup-keys|sync)"),
    ("dmesg", r"(?<!\S)(?:-[a-zA-Z]*[cCDEn]|--(?:clear|read-clear|console))"),
    ("nvidia-smi", r"(?<!\S)(?:-[a-z]*[rR]|--gpu-reset|-pm|-pl|-ac|-lgc|-mig|--persistence-mode|--power-limit)"))}
READ_VERBS = frozenset("list ls get show describe status info logs log version help inspect view cat read print diff "
                       "grep blame search find whoami top history plan preview validate lint check explain ps events "
                       "certificates config-get query-status wait".split())
# programs that run whatever they are given: their name alone is no command to repeat
ANY_PROGRAM = frozenset("curl wget http https python python3 python2 py node ruby perl bash sh zsh fish java php deno "
                        "bun ssh scp osascript pwsh powershell cmd eval exec xargs parallel timeout watch".split())
# programs whose name is also a plain word: a lesson names them in backticks, or not at all
PLAIN_PROGRAMS = frozenset("make go run open kill watch time test file find sort join cut say yes more less top "
                           "install patch apply plan build deploy send mail date host dig nice split paste look "
                           "expand fold print".split())


def call_signature(piece: str) -> str:
    """A simple command's program and subcommands ("sudo certbot certonly -d x" -> "certbot
    certonly"), at most three words; "" for a command that only looks."""
    words = head(piece.strip())
    if not words or len(words[0]) < 2 or words[0] in READ_PROGRAMS or words[0] in _RUNNERS:   # `a <- f(x)`
        return ""
    if words[0] in _READS_UNLESS and not _READS_UNLESS[words[0]].search(piece):   # `journalctl -u x`, not --vacuum
        return ""
    if any(_verb_of(w) in READ_VERBS for w in words[1:3]):
        return ""
    words = words[:3] if len(words) < 2 or _verb_of(words[1]) not in VERBS else words[:2]   # after a verb
    # (`helm upgrade shop`), the next word is what it acts on, not a subcommand
    cut = next((i for i, w in enumerate(words[1:], 1) if not re.fullmatch(r"[a-z][a-z0-9-]*", w)), len(words))
    return " ".join(words[:cut])


VERBS = frozenset("create update put set post add new edit modify write upsert replace overwrite delete remove rm "
                   "destroy purge drop truncate terminate wipe erase run start launch submit exec execute deploy "
                   "publish push upload install uninstall upgrade downgrade rollback pull fetch apply sync "
                   "build compile restart stop kill scale reset restore import export copy cp move mv clone init "
                   "commit merge rebase tag sign send invoke trigger enable disable patch load dump migrate seed "
                   "login logout open close attach detach mount unmount lock unlock approve deny grant revoke".split()
                  ) | READ_VERBS


# asks the program about itself, or what it would do without doing it
_HELP = rxcache.compile(r"(?<!\S)(--help|-h|--version|-V|help|--dry-run|--dryrun|--dry|--summary|--list|--what-if|--whatif|"
                   r"--noop|--no-op|--simulate|--preview|--plan|--check-only|--explain)(?![^\s=])")


def _verb_of(word: str) -> str:
    """The verb of a subcommand word ("describe-instances" -> "describe", "get-queue-attributes" -> "get")."""
    return word.split("-", 1)[0] if "-" in word else word


def repeats(piece: str, signature: str, words: list[str] | None = None) -> bool:
    """A simple command runs the command a signature names: the same program and subcommands;
    a last subcommand that changes something in place of another that does ("incident update"
    after "incident create"); a subcommand spelled as part of another ("jobs" in "zos-jobs").
    `words`: the piece's head, when the caller has it already."""
    want = signature.split()
    words = head(piece.strip()) if words is None else words
    have = words[:len(want)]
    if not have or have[0] != want[0] or len(have) < len(want):
        return False
    if any(_verb_of(w) in READ_VERBS for w in words[1:3]) or _HELP.search(piece):
        return False
    for i, (a, b) in enumerate(zip(have[1:], want[1:]), 1):
        if a == b or (a in b.split("-") or b in a.split("-")):
            continue
        if i == len(want) - 1 and any(_verb_of(a) in same and _verb_of(b) in same for same in _ALIKE):
            continue
        return False
    return True


# subcommands that do the same to a thing ("incident update" after "incident create"); a patch
# of one field is none of them
_ALIKE = (frozenset("create update put set post add new edit modify write upsert replace overwrite".split()),
          frozenset("delete remove rm destroy purge drop truncate terminate wipe erase".split()),
          frozenset("run start launch submit exec execute issue".split()),
          frozenset("deploy publish push upload release".split()))



def signatures(acts_: list, lesson: str, forbidden: str, keyed: bool, known, refused: bool,
               asked: tuple[str, ...] = ()) -> list[str]:
    """The program and subcommands of the corrected call (`certbot certonly`, `vault kv put`) when
    the lesson is about that very call: it names its program or subcommand, or — when it names no
    kind and no entity of its own (`keyed`) — it only refuses the call (`refused`: "not against
    prod."; a call stopped with a remark about something else is no such refusal). A later run of the same command is the mistake again, whatever its
    arguments, unless it does what the lesson asks (complies). A command the catalogue knows
    (`known`: "kinds" for `git commit`, `pytest`, `helm upgrade`; "deep" for any command of a
    program it has DEEP kinds for, `git add`, unless the lesson names the command's own subcommand)
    is judged by its kinds — a lesson about one is about a detail of it far more
    often than about running it at all; the signature is for the commands no catalogue foresaw.
    `asked`: the lesson's prescriptions (a subcommand named there is the way, "stage it")."""
    commands = [a.command for a in acts_ if a.family == "shell" and a.command]
    if not commands:
        return []
    found, named = [], []
    for piece in [p for command in commands for p in pieces(command)][:12]:
        sig = call_signature(piece)
        read = known(piece)
        if not sig or sig in found or read == "kinds":
            continue
        found.append(sig)
        words = sig.split()
        program = words[0]
        if " " not in sig and program in ANY_PROGRAM:   # `curl …`, `python …`: the program alone
            continue                                      # says nothing of what it did
        # the lesson's words, less the other commands of that program it names ("then redrive with
        # `aws sqs start-message-move-task`" names no `aws sqs receive-message`)
        # — in its lead: a long review that mentions pytest halfway through is not about running it
        low = re.sub(rf"(?<![\w/.-]){re.escape(program)}(?:\s+[a-z][\w:-]*){{1,3}}",
                     lambda m, sig=sig: m.group(0) if repeats(m.group(0), sig) else " ", lesson[:_LEAD].lower())
        # a subcommand of its own ("nuke", "ec2", "kv put") names this very command, however many
        # kinds the catalogue has for the program's others
        mine = low
        for text in asked:
            mine = mine.replace(text.lower(), " ")
        own = _own_said(words, mine)
        # the program by name, or what it did said no to ("you must not move the tickets" after
        # `jira issue move`)
        said = (f"`{program}" in low or (_said(program, low) and program not in PLAIN_PROGRAMS)
                or (len(words) > 1 and words[-1] in VERBS and (_refused_verb(words[-1], forbidden.lower())
                                                                 or _gated_verb(words[-1], low)))
                or _part_said(program, low))
        if own or (said and not read):
            named.append(sig)
    if named:
        return named[:2]
    if keyed or not refused:   # "what are you doing in data/?" is about the folder, not the command
        return []
    last = [call_signature(p) for p in pieces(commands[-1]) if not known(p)]   # the call refused
    return [s for s in dict.fromkeys(last) if s and (" " in s or s not in ANY_PROGRAM)][:2]


def _own_said(words: list[str], low: str) -> bool:
    """The text names a command's own subcommands: all of them together ("kv put"), or one that is
    no verb and no plain word ("nuke", "ec2"; a verb alone is a word in passing: "a broken build")."""
    return (len(words) > 2 and _said(" ".join(words[1:]), low)) or any(
        len(w) >= 3 and w not in PLAIN_PROGRAMS and w not in _PLAIN_SUB and _verb_of(w) not in VERBS
        and _said(w, low) for w in words[1:])


def call_keys(acts_: list, lesson: str, parts: list[tuple[str, str]], keyed: bool, known, refused: bool,
              complied: bool) -> dict:
    """The cue's `calls` (signatures) and `args` (named_args) for a lesson read by clause;
    {} when it is about no command of its own. complied: the lesson names a way that complies."""
    said = {which: " ".join(t for p, t in parts if p in which) for which in (
        ("forbid", "instead"), ("neutral",), ("prescribe", "allow"))}
    found = signatures(acts_, lesson, said[("forbid", "instead")], keyed, known, refused,
                       tuple(t for p, t in parts if p in ("prescribe", "allow")))
    if not found:
        return {}
    args = named_args(acts_, found, *said.values())
    # "only 'Ready for QA'": a lesson that names the one way leaves every other argument wrong too
    only = complied and any(p == "prescribe" and re.search(r"(?i)\bonly\b", t) for p, t in parts)
    return {"calls": found, **({"args": args} if args and not only else {})}


def last_resort(act, parts: list[tuple[str, str]]) -> dict:
    """The cue's `calls` and `args` when the lesson compiled to nothing else (no kind, no entity, no
    command of its own), says no somewhere, and names the corrected shell call's own subcommand
    outside the way it asks for ("kv put replaces the whole secret"; not "use gh release edit")
    or, in a clause that says no, one of its arguments ("never ALL"): a later run of that command
    does what the correction was about, unless it complies. Praise that names the call ("the
    staging workspace is what I wanted") says no to nothing, and keeps none."""
    if act is None or act.family != "shell" or not act.command:
        return {}
    no = " ".join(t for p, t in parts if p in ("forbid", "instead")).lower()
    if not no:
        return {}
    runs = [(p, call_signature(p)) for p in pieces(act.command)[:12]]
    sigs = [s for s in dict.fromkeys(s for _, s in runs) if s and s.split()[0] not in ANY_PROGRAM]
    said = " ".join(t for p, t in parts if p not in ("prescribe", "allow") or not _WAY.search(t)).lower()
    own = [s for s in sigs if _own_said(s.split(), said)]
    if own:
        return {"calls": own[:2]}
    args = named_args([act], sigs, no)   # only the commands that ran with them
    held = [s for p, s in runs if s in sigs and not set(args).isdisjoint(arg_words(p))]
    return {"calls": list(dict.fromkeys(held))[:2], "args": args} if args and held else {}


def named_args(acts_: list, signatures_: list[str], forbidden: str, remarked: str = "", asked: str = "") -> list[str]:
    """The arguments of the corrected call that the lesson says no to ("imports never go into
    master" after `… import --environment-id master`) or remarks on where it does not ask for
    them ("you ran cancel -a"): the mistake was the command run with them, and a repeat without
    any of them is another matter. `asked`: the lesson's prescriptions."""
    no, remark, way = forbidden.lower(), remarked.lower(), asked.lower()
    out: list[str] = []
    for a in acts_:
        if a.family != "shell" or not a.command:
            continue
        for piece in pieces(a.command):
            sig = call_signature(piece)
            if sig not in signatures_:
                continue
            for word in arg_words(piece)[len(sig.split()):]:
                if not word.isdigit() and word not in sig.split() and word not in PROSE \
                        and word not in out and (_said(word, no) or (_said(word, remark) and not _said(word, way))):
                    out.append(word)
    return out[:6]


def with_args(piece: str, args) -> bool:
    """The command runs with one of the arguments a cue names (none named: any run counts)."""
    return not args or not set(args).isdisjoint(arg_words(piece))


def others(acts_: list, lesson: str, parts: list[tuple[str, str]]) -> list[str]:
    """Other commands of a corrected program that the lesson names where it does not say no ("to
    change one key it's vault kv patch" after `vault kv put`): the way that complies."""
    programs = {command_name(p) for a in acts_ if a.family == "shell" and a.command
                for p in acts.pieces(a.command)} - {""} - ANY_PROGRAM
    if not programs:
        return []
    said = " ".join(t for p, t in parts if p in ("prescribe", "allow", "neutral"))
    out = []
    for program in sorted(programs):
        # said as the way to do it: in backticks, or after "it's", "use", "with", "via", "run" …
        for m in re.finditer(rf"(?:`|\b(?:{WAY_WORDS})\s+`?){re.escape(program)}"
                             rf"((?:\s+[a-z][\w:-]*){{1,3}})", said):
            sig = call_signature(program + m.group(1))
            if sig and set(sig.split()[1:]) & PROSE:   # "the pinned protoc in docker": prose, no command
                continue
            if sig and " " in sig and not any(repeats(p, sig) for a in acts_ if a.command
                                              for p in pieces(a.command)):
                out.append(sig)
    return list(dict.fromkeys(out))[:4]


def depth(cat) -> dict[str, int]:
    """How many of the catalogue's kinds know each program's commands (from their patterns)."""
    out: dict[str, int] = {}
    for k in cat.kinds.values():
        rx = k.rx.get("command")
        for w in {lit.strip() for lits in (rx.literals if rx else ()) if lits for lit in lits[0]}:
            if re.fullmatch(r"[a-z][a-z0-9_.+-]{1,30}", w):
                out[w] = out.get(w, 0) + 1
    return out


def known(cat, piece: str, depths: dict[str, int]) -> str:
    """How the catalogue reads a command: "kinds" (it has kinds for it), "deep" (it has DEEP kinds
    for its program's commands), or "" (a command no catalogue foresaw)."""
    if cat.kinds_of(acts.from_command(piece)) and cat.kinds_of(acts.from_command(acts.bare(piece))):
        return "kinds"   # (kinds of how it was run alone, `nohup … &`, say nothing of the command)
    return "deep" if depths.get(command_name(piece), 0) >= DEEP else ""


DEEP = 6   # kinds for one program's commands at which the catalogue, not the signature, reads them
_LEAD = 300   # characters of a lesson that say what it is about

WAY_WORDS = r"it'?s|is|use|using|with|via|run|through|try|instead"   # what names the way to do it: "use `x`"
_WAY = rxcache.compile(rf"(?i)\b(?:{WAY_WORDS}|prefer|switch\s+to)\b")   # a clause that says the way
PROSE = frozenset("in on at to for with from by of is are was were be and or but the a an it its this that these "
                   "those there here directly locally first only again instead itself".split())
_PLAIN_SUB = frozenset("new add set get put the all run use for one two and not off out top end".split())


def _gated_verb(verb: str, low: str) -> bool:
    """The text makes the verb wait for something ("wait until I confirm before any export")."""
    return re.search(rf"\bbefore\s+(?:(?:any|you|we|each|every|the|an?)\s+)?{_forms(verb)}(?![\w-])", low) is not None


def _forms(verb: str) -> str:
    stem = verb[:-1] if verb.endswith("e") else verb
    return rf"(?:{re.escape(verb)}s?|{re.escape(stem)}(?:ed|ing|d))"


def _refused_verb(verb: str, low: str) -> bool:
    """The text says no to the verb, in any of its plain forms ("you must not move the tickets",
    "never purging", "imports never go into main"), not merely uses the word ("a broken build")."""
    forms = _forms(verb)
    return re.search(rf"\b(?:don'?t|do\s+not|never|must\s+not|mustn'?t|should\s+not|shouldn'?t|not|no)\s+"
                     rf"(?:\w+\s+)?{forms}(?![\w-])", low) is not None or re.search(   # "imports never go into main"
        rf"(?<![\w-]){forms}\s+(?:\w+\s+)?(?:never|must\s+not|mustn'?t|should\s+not|shouldn'?t|may\s+not|"
        rf"(?:are|is)\s+(?:not|never)|aren'?t|isn'?t|don'?t|do\s+not|can'?t|cannot)\b", low) is not None


_PLAIN_PART = frozenset("cli ctl tool tools server client util utils admin manager agent helper runner daemon service "
                        "core main base http json data file files proxy".split())


def _part_said(program: str, low: str) -> bool:
    """The lesson says what a compound program does by name ("seeding" for `mapproxy-seed`,
    "exporter" for `feed-export`)."""
    parts = re.split(r"[-_]", program)
    return len(parts) > 1 and any(
        len(p) >= 4 and p.isalpha() and p not in _PLAIN_PART
        and re.search(rf"\b{re.escape(p)}(?:s|es|ed|d|ing|er|ers)?\b", low) is not None for p in parts)


def _said(words: str, low: str) -> bool:
    return re.search(rf"(?<![\w/.-]){re.escape(words)}(?![\w/-])", low) is not None


def flagged(cat, act, said: list[str]) -> set:
    """"never -v on this stack" after `docker compose down -v`, "nuke revokes every certificate"
    after `fastlane match nuke`: the kinds the corrected call has only through a flag or a
    subcommand that a forbidding clause (`said`) names (the call without it lacks them). The
    program itself names no such part: without it the call is no call."""
    if act is None or act.family != "shell":
        return set()
    words = act.command.split()
    named = {f for text in said for f in re.findall(r"(?<![\w-])--?[A-Za-z][\w-]*", text)} & set(words)
    programs = commands_of(act)
    subs = {w for piece in acts.pieces(act.command) for w in subcommands(piece)
            if len(w) >= 3 and w.isalpha() and w not in programs}
    subs = {w for w in subs if any(re.search(rf"(?i)(?<![\w-]){re.escape(w)}(?![\w-])", t) for t in said)}
    if not named and not subs:
        return set()
    found = cat.kinds_of(act)
    lost = found - cat.kinds_of(acts.from_command(" ".join(w for w in words if w not in named)))
    # a subcommand is the verb of the matter ("never commit without signing"): only the grave
    # thing it alone does is the mistake
    lost |= {k for k in found - cat.kinds_of(acts.from_command(" ".join(w for w in words if w not in subs)))
             if cat.kinds[k].consequence == "high"}
    return {k for k in lost if not cat.kinds[k].broad and not cat.kinds[k].safe}


_LINKING = frozenset("to in on at of by for from into onto with when unless until if or as is the a an and this that it its "
                     "any all".split())   # no value a flag takes


def _given(flag: str, command: str) -> str:
    """The value the command gives a flag (`--base main`, `--mode=set`), or ""."""
    m = re.search(rf"(?<![\w-]){re.escape(flag)}[= ]['\"]?([\w.-]+)", command)
    return m.group(1) if m else ""


def revalued(act, parts: list[tuple[str, str]]) -> tuple[list[str], list[str]]:
    """"counts go only as deltas (--mode adjust)" after `… --mode set`: a flag the lesson asks for
    with another value than the corrected call gave it names the mistake with the call's value
    and the way with its own: ([`--mode set`], [`--mode adjust`])."""
    if act is None or act.family != "shell" or not act.command:
        return [], []
    wrong, right = [], []
    for text in (t for p, t in parts if p in ("prescribe", "allow")):
        for m in re.finditer(r"(?<![\w-])(--[a-z][\w-]{1,30})[= ]([a-z][\w.-]*)", text):
            flag, value = m.groups()
            given = _given(flag, act.command)
            if given and given != value and value not in _LINKING and f"{flag} {given}" not in wrong:
                wrong.append(f"{flag} {given}")
                right.append(f"{flag} {value}")
    return wrong, right


def valued_flags(names: list[str], said: str, act, refused: str = "") -> list[str]:
    """"except the --flag local, I don't want that" after `… --flag cloud`: a flag the corrected
    call gave another value is the mistake only with the value the lesson names; one whose value
    the clauses that say no name ("never to main" after `--base main`: `refused`), only with that value."""
    if act is None or act.family != "shell" or not act.command:
        return names
    out = []
    for n in names:
        if re.fullmatch(r"--[a-z][a-z0-9-]{2,}", n):
            named = re.search(rf"(?<![\w-]){re.escape(n)}[= ]([a-z][\w.-]*)", said)
            given = _given(n, act.command)
            if len(given) > 2 and re.search(rf"(?i)(?<![\w./-]){re.escape(given)}(?![\w/-])", refused):
                n = f"{n} {given}"   # "never to main" after `… --base main`: with that value
            elif named and given and named.group(1) != given and named.group(1) not in _LINKING:
                n = f"{n} {named.group(1)}"
        out.append(n)
    return out


def kinds_named(cat, named: list[str]) -> set[str]:
    """The kinds of the commands a lesson names as what it warns about ("`git add .` would not
    work here"): the same action spelled another way (`git add -A`) is the same mistake. Only
    kinds a command's own words show, none broad or safe."""
    found: set[str] = set()
    for command in named:
        kinds = cat.classify(acts.from_command(command))
        found |= {k for k, part in kinds.items() if part == "command" and not cat.kinds[k].broad and not cat.kinds[k].safe}
    return found
