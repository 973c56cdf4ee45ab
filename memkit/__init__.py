"""memkit: memory for LLM coding agents, kept in a plain-Markdown, git-backed vault.

The Markdown files in the vault are the only source of truth; `.memkit/` holds
disposable caches, locks and logs. This module only names the version.
"""
__version__ = "0.1.0"
