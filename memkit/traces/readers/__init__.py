"""Log readers, one module per format; each exposes NAME, detect(path, head) and read(path)."""

# The one registry of log formats: a new format is a module here with NAME, detect(path, head)
# and read(path), one entry in each of these two tables (the CLI's --format choice, detection
# and error messages read them), and its agent's short name in traces.render.AGENT_SHORT.
READERS = ("claude", "codex", "generic", "aider", "console", "gemini_console")   # detection order
FORMAT_NAMES = {"claude-code": "claude", "codex": "codex", "generic": "generic", "aider": "aider",
                "console": "console", "gemini-console": "gemini_console"}
