"""The library (layer 4) and the way to it: review decisions, promotion scans and drafts, provenance,
and compiling conventions into CLAUDE.md / AGENTS.md."""
