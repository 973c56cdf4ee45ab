"""Episodes (layer 3): work units across sessions, the pattern detectors (procedures, preferences,
causal patterns) and `tried`."""
