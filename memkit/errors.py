"""The one error family memkit raises for anything a user can fix.

The CLI translates a MemkitError into one line on stderr and exit status 1;
anything else escaping a command is a bug. Never raise bare Exception for user input.
"""


class MemkitError(Exception):
    """A problem the user can understand and fix; the message names object and fix."""

    exit_code = 1


class VaultNotFound(MemkitError):
    pass


class VaultLocked(MemkitError):
    pass


class NotFound(MemkitError):
    """An id, key or path that does not exist (the message offers a 'did you mean')."""


class InvalidInput(MemkitError):
    """Input that cannot be read: malformed log, bad frontmatter, hostile path."""


class Conflict(MemkitError):
    """A fact or note conflict that was recorded instead of applied."""

    exit_code = 3
