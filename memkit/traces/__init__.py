"""Traces (layer 1): agent logs read by format (readers/), rendered into one complete trace note per
session (render), and ingested into the vault (ingest)."""
