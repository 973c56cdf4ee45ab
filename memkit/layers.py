"""Closed vocabularies shared by every part of memkit, defined once.

Layers, observation kinds, statuses, lifecycle tags, fact sources and turn roles.
Pure data: no I/O, no imports beyond the standard library.
"""
from enum import StrEnum


class Layer(StrEnum):
    TRACE = "trace"
    OBSERVATION = "observation"
    EPISODE = "episode"
    FACT = "fact"
    LIBRARY = "library"
    PROPOSAL = "proposal"


class Kind(StrEnum):
    CORRECTION = "correction"
    PREFERENCE = "preference"
    DECISION = "decision"
    FACT = "fact"
    PROCEDURE = "procedure"
    DISCOVERY = "discovery"
    NEGATIVE_RESULT = "negative_result"
    QUESTION = "question"


# What memkit does with each observation kind, in one place: the id prefix of its notes, the cue
# type it fires as ("" for none), and whether repeats across sessions are gathered into one note.
# A new kind is a line here, a template in templates/ and its extraction in memkit/extract/.
OBSERVATIONS: dict[str, tuple[str, str, bool]] = {
    Kind.CORRECTION: ("corr", "correction", True),
    Kind.PREFERENCE: ("pref", "preference", True),
    Kind.DECISION: ("dec", "preference", True),
    Kind.FACT: ("fact", "fact", True),
    Kind.PROCEDURE: ("proc", "procedure", False),
    Kind.DISCOVERY: ("disc", "", True),
    Kind.NEGATIVE_RESULT: ("neg", "negative_result", True),
    Kind.QUESTION: ("q", "", False),
}


class Status(StrEnum):
    CANDIDATE = "candidate"
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    PROMOTED = "promoted"
    SUPERSEDED = "superseded"
    ACTIVE = "active"


class Lifecycle(StrEnum):
    KNOWLEDGE = "knowledge"
    SELF = "self"
    OPERATIONAL = "operational"


class FactSource(StrEnum):
    USER_STATED = "user_stated"
    AGENT_INFERRED = "agent_inferred"
    SYSTEM_VERIFIED = "system_verified"
    GUESSED = "guessed"


class LibraryType(StrEnum):
    CONVENTION = "convention"
    PROCEDURE = "procedure"
    DECISION = "decision"
    PREFERENCE = "preference"
    NOTE = "note"


class Role(StrEnum):
    USER = "user"
    ASSISTANT = "assistant"
    TOOL = "tool"
    SYSTEM = "system"


class Flag(StrEnum):
    """Marks on a turn. A USER turn without INTERRUPT is something a person typed."""

    INTERRUPT = "interrupt"          # the person stopped the agent
    REJECTED = "rejected"            # the person refused this tool call
    ERROR = "error"                  # the tool call failed
    META = "meta"                    # injected by the agent harness (reminders, hook context)
    COMPACT_SUMMARY = "compact-summary"
    SUMMARY = "summary"              # a session title record
    COMMAND = "command"              # slash or local command wrapper
    SIDECHAIN = "sidechain"          # sub-agent record
    QUEUED = "queued"                # typed while the agent was busy
    HOOK = "hook"                    # hook progress or hook summary


LIBRARY_DIRS = {
    LibraryType.CONVENTION: "conventions",
    LibraryType.PROCEDURE: "procedures",
    LibraryType.DECISION: "decisions",
    LibraryType.PREFERENCE: "preferences",
    LibraryType.NOTE: "notes",
}
