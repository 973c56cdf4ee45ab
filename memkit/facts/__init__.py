"""Structured facts: one file per key with trust and history, conflicts, and the checks activation
uses to notice an action that contradicts a fact."""
