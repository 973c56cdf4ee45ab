"""real-3 everyday BookMinder actions no lesson covers (expect silent)."""
from registry import unrelated

BM = "/Users/palimondo/Developer/BookMinder"

unrelated(BM, "pre_tool", "Bash", {"command": "git status", "description": "Show working tree status"}, "git status")
unrelated(BM, "pre_tool", "Read", {"file_path": f"{BM}/README.md"}, "read README")
unrelated(BM, "pre_tool", "Bash", {"command": "git log --oneline -5", "description": "Recent commits"}, "git log")
unrelated(BM, "pre_tool", "Grep", {"pattern": "def _row_to_book", "path": f"{BM}/bookminder",
                                   "output_mode": "content"}, "grep for a function")
unrelated(BM, "pre_tool", "Bash", {"command": "ls stories/discover", "description": "List discover stories"}, "ls")
unrelated(BM, "prompt", None, "what does ZSTATE 3 mean again?", "question about the database")
unrelated(BM, "pre_tool", "Bash", {"command": "uv run bookminder list recent", "description": "Try the CLI"},
          "run the CLI")
unrelated(BM, "pre_tool", "Read", {"file_path": f"{BM}/pyproject.toml"}, "read pyproject")
unrelated(BM, "prompt", None, "ok, that's it for today, thanks", "closing remark")
