"""memkit.toml: the vault's configuration, with defaults for every key.

Owns reading and validating the file. A key with the wrong type is an error that
names the key; unknown keys are kept (a newer memkit may use them). Never writes.
"""
from __future__ import annotations

import copy
import json
import os
import zlib
from pathlib import Path
TYPE_CHECKING = False   # `typing` costs the hook ~3 ms of imports; annotations are strings here
if TYPE_CHECKING:
    from typing import Any

from memkit.errors import InvalidInput

DEFAULTS: dict[str, Any] = {
    "vault": {"project": ""},
    "ingest": {"keep_raw": False, "commit": True, "extract": True},
    "extract": {"extractor": "heuristic"},
    "anthropic": {"model": "claude-sonnet-4-5", "max_tokens": 2048, "timeout": 60.0,
                  "max_retries": 2, "max_turn_chars": 4000},
    "activation": {"budget": 1200, "delivery": "context", "ask_high_consequence": False,
                   "min_score": 0.35, "judge": False, "judge_timeout": 5.0,
                   "review_reminder_days": 14},
    "budgets": {"correction": 600, "preference": 250, "fact": 200, "precedent": 250,
                "procedure": 200, "negative_result": 200},
    "promotion": {"correction_sessions": 2, "preference_decisions": 5, "preference_sessions": 3,
                  "preference_consistency": 0.8, "procedure_sessions": 3, "similarity": 62,
                  "related_similarity": 50, "decision_importance": 0.8, "scan_limit": 1000},
    "compile": {"target": "CLAUDE.md", "corrections": 10},
    "facts": {"min_trust": 0.5, "near_key": 88,
              "trust": {"system_verified": 1.0, "user_stated": 0.8, "agent_inferred": 0.5, "guessed": 0.2,
                        "confirmed": 1.0}},
    "watch": {"quiet_seconds": 30.0, "commit": True, "paths": []},
    "git": {"commit": True},
    "team": {"user": ""},
    "serve": {"port": 0},
    "episodes": {"auto": False, "window_hours": 72.0, "topic_similarity": 80.0, "max_procedures": 10,
                 "procedure_gap": 1, "cluster_instances": 3, "cluster_sessions": 2, "discovery_fade_sessions": 3},
}

_DEFAULTS_STAMP = zlib.crc32(json.dumps(DEFAULTS, sort_keys=True).encode())   # new defaults: merge again

TEMPLATE = """\
# memkit vault configuration. Every key is optional; the values shown are the defaults.

[ingest]
keep_raw = false        # also keep a verbatim copy of each source log under traces/raw/
commit = true           # commit what ingest writes when the vault is in a git repository
extract = true          # run extraction right after ingest

[extract]
extractor = "heuristic" # heuristic (offline) | anthropic (needs ANTHROPIC_API_KEY)

[anthropic]
model = "claude-sonnet-4-5"
max_tokens = 2048
timeout = 60.0
max_retries = 2

[llm]
compile = false               # compile each new lesson into its cue with the anthropic model too (needs a key)

[activation]
budget = 1200                 # tokens for a context block
delivery = "context"          # check --hook: context | deny-once | ask
ask_high_consequence = false  # ask the person before a high-consequence action that a cue matches
min_score = 0.35              # lower fires more often: a false alarm costs less than a miss
review_reminder_days = 14     # SessionStart reminds when the oldest candidate is older than this
judge = false                 # ask the anthropic model whether a high-consequence lesson applies (needs a key)
judge_timeout = 5.0

[budgets]               # tokens per cue type inside a context block
correction = 600
preference = 250
fact = 200
precedent = 250
procedure = 200
negative_result = 200

[promotion]
correction_sessions = 2       # a correction seen in this many sessions becomes a convention proposal
preference_decisions = 5
preference_sessions = 3
preference_consistency = 0.8
procedure_sessions = 3
similarity = 62               # rapidfuzz score (0-100) for "the same lesson in other words"
related_similarity = 50       # a lower score that still groups two observations sharing an action type
decision_importance = 0.8     # a decision this important becomes a decision record (ADR) proposal at once
scan_limit = 1000             # the scan groups at most this many recent observations per kind

[compile]
target = "CLAUDE.md"          # the instruction file `memkit compile` writes its managed block into
corrections = 10              # how many of the most frequent reviewed corrections go into the block

[facts]
min_trust = 0.5               # facts below this are left out of context; below 0.8 they are labelled unconfirmed
near_key = 88                 # rapidfuzz score (0-100) at which a new key counts as a near-duplicate of a stored one

[facts.trust]                 # the trust a value starts with, by its source (`fact set --confirm` uses confirmed)
system_verified = 1.0
user_stated = 0.8
agent_inferred = 0.5
guessed = 0.2
confirmed = 1.0

[episodes]
auto = false                  # build episodes (and run the pattern detectors) after every extraction
window_hours = 72.0           # sessions further apart than this join one episode only through a task reference
topic_similarity = 80.0       # rapidfuzz score (0-100) of two first prompts that counts as the same topic
max_procedures = 10           # at most this many procedure proposals from recurring tool-call sequences
procedure_gap = 1             # tool calls a recurring sequence may skip
cluster_instances = 3         # a causal shape seen this often (in at least cluster_sessions sessions)
cluster_sessions = 2          #   becomes a pattern-note proposal
discovery_fade_sessions = 3   # a discovery not referred to in this many later sessions loses confidence

[serve]
port = 0                      # memkit serve: answer the agent's hooks over HTTP on 127.0.0.1:port (0: off,
                              # hooks install writes command hooks)

[watch]
quiet_seconds = 30.0          # a session is ingested after this long without writes
commit = true

[git]
commit = true                 # false: memkit writes its files and commits none of them (ingest and watch too)

[team]
user = ""                     # who you are in a shared vault (default: git's user.email, else user.name)
"""


class Config:
    def __init__(self, data: dict[str, Any], path: Path | None = None):
        self.data = data
        self.path = path

    def get(self, dotted: str) -> Any:
        node: Any = self.data
        for part in dotted.split("."):
            node = node[part]
        return node

    def section(self, name: str) -> dict[str, Any]:
        return self.data[name]


def load(path: Path) -> Config:
    """The configuration; hooks read it on every call, so the merged result is cached as JSON
    in `.memkit/` beside the file, keyed by the file's mtime and size."""
    data = copy.deepcopy(DEFAULTS)
    try:
        st = path.stat()
    except OSError:
        return Config(data, None)
    stamp = [st.st_mtime_ns, st.st_size, _DEFAULTS_STAMP]
    cache = path.parent / ".memkit" / "config.cache.json"
    try:
        cached = json.loads(cache.read_text())
        if cached.get("stamp") == stamp:
            return Config(cached["data"], path)
    except (OSError, ValueError, AttributeError):
        pass
    import tomllib

    try:
        user = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise InvalidInput(f"{path}: not valid TOML ({e})")
    _merge(data, user, path, "")
    _save(cache, {"stamp": stamp, "data": data})
    return Config(data, path)


CHOICES = {"activation.delivery": ("context", "deny-once", "ask"), "extract.extractor": ("heuristic", "anthropic")}
RANGES = {"activation.min_score": (0, 1), "activation.budget": (50, 100_000), "activation.judge_timeout": (0.1, 300),
          "facts.min_trust": (0, 1), "facts.near_key": (0, 100), "promotion.similarity": (0, 100),
          "promotion.related_similarity": (0, 100), "promotion.preference_consistency": (0, 1),
          "promotion.decision_importance": (0, 1), "anthropic.timeout": (0.1, 3600), "watch.quiet_seconds": (0, 86_400),
          "budgets": (0, 100_000)}   # (a table's name: each of its values)
TABLES = frozenset(DEFAULTS) | {"llm"}
OPEN_TABLES = ("budgets",)   # its keys are cue types: one memkit has no default for is still read


def problems(path: Path) -> list[str]:
    """What `memkit doctor` says of the file: a key memkit does not know inside a table it does (a typo
    of one it does, most often: it is kept, and changes nothing), and a value a setting has no use for."""
    import difflib
    import tomllib

    try:
        user = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []   # a missing file is the defaults
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        return [f"not valid TOML ({e}); every command but doctor stops on it"]
    found = []
    for table, values in user.items():
        known = DEFAULTS.get(table)
        if table not in TABLES:
            close = difflib.get_close_matches(table, sorted(TABLES), n=1)
            found.append(f"[{table}] is no table memkit knows; its settings change nothing"
                         + (f" (did you mean [{close[0]}]?)" if close else ""))
            continue
        if isinstance(values, dict):
            found += _out_of_range(table, values)
        if not isinstance(known, dict) or not isinstance(values, dict) or table in OPEN_TABLES:
            continue
        for key, value in values.items():
            if key not in known:
                close = difflib.get_close_matches(key, list(known), n=1)
                found.append(f"[{table}] {key} is no setting memkit knows; it changes nothing"
                             + (f" (did you mean {close[0]}?)" if close else ""))
            elif f"{table}.{key}" in CHOICES and value not in CHOICES[f"{table}.{key}"]:
                found.append(f"{table}.{key} = {value!r} is none of {', '.join(CHOICES[f'{table}.{key}'])}")
    return found


def _out_of_range(table: str, values: dict) -> list[str]:
    found = []
    for key, value in values.items():
        bounds = RANGES.get(f"{table}.{key}") or RANGES.get(table)
        if bounds and isinstance(value, (int, float)) and not isinstance(value, bool) and \
                not bounds[0] <= value <= bounds[1]:
            found.append(f"{table}.{key} = {value!r} is outside {bounds[0]}-{bounds[1]}")
    return found


def _save(cache: Path, payload: dict) -> None:
    try:
        cache.parent.mkdir(exist_ok=True)
        tmp = cache.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(payload))
        os.replace(tmp, cache)
    except OSError:
        pass   # a read-only vault simply goes without the cache


def _merge(base: dict[str, Any], user: dict[str, Any], path: Path, prefix: str) -> None:
    for key, value in user.items():
        name = f"{prefix}{key}"
        if key not in base:
            base[key] = value
        elif isinstance(base[key], dict):
            if not isinstance(value, dict):
                raise InvalidInput(f"{path}: [{name}] must be a table")
            _merge(base[key], value, path, name + ".")
        elif not _same_type(base[key], value):
            raise InvalidInput(f"{path}: {name} must be {type(base[key]).__name__}, got {value!r}")
        else:
            base[key] = float(value) if isinstance(base[key], float) else value


def _same_type(default: Any, value: Any) -> bool:
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(default, bool) and isinstance(value, bool)
    if isinstance(default, float):
        return isinstance(value, (int, float))
    return isinstance(value, type(default))
