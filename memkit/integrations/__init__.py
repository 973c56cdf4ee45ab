"""The integrations: hook installers (git, Claude Code, Codex), the watcher and the MCP server.
Peers of the CLI: they call the same library verbs."""
