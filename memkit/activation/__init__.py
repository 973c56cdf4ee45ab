"""Activation: put the right memory in front of the agent before it acts (cues, the action catalogue,
matching, the hook protocol). Reads the index as it is; never walks the vault on the hot path."""
