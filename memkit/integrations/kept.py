"""What `memkit serve` keeps between answers: the index connection, the catalogue, the person.

Owns the catalogue and the person at this clone as the server last loaded them, checked against
their files every second by a background thread, beside the index connection the server keeps
open (memkit.storage.keptindex). Activation takes them from `vault.kept`; a catalogue that fails
to load is not kept, so each answer then loads it itself and fails as the command hook does.
"""
from __future__ import annotations

import threading

from memkit.storage.keptindex import KeptIndex

RECHECK = 1.0          # seconds between two checks of the catalogue's and git's identity files


class Kept:
    """Set as `vault.kept`: activation then takes the index, the catalogue and the person from
    here instead of opening and stat-ing them on every answer."""

    def __init__(self, vault):
        self.index = KeptIndex(vault.index_path)
        self.catalogue = self.person = None
        self.stop = threading.Event()
        self.refresh(vault)

    def refresh(self, vault) -> None:
        """Load the catalogue and the person again (each load re-reads only what changed). When
        one fails (a catalogue file being edited), None: each answer then loads it itself and
        fails as a command hook would."""
        from memkit.activation import catalogue
        from memkit.storage import people

        for name, load in (("catalogue", lambda: catalogue.load(vault.root)), ("person", lambda: people.me(vault))):
            try:
                setattr(self, name, load())
            except Exception:   # noqa: BLE001 — the answers load it themselves and fail as the command hook does
                setattr(self, name, None)

    def follow(self, current) -> threading.Thread:
        """Refresh every RECHECK seconds from current() (the vault now served) until close()."""
        def loop() -> None:
            while not self.stop.wait(RECHECK):
                self.refresh(current())
        thread = threading.Thread(target=loop, name="memkit-serve-recheck", daemon=True)
        thread.start()
        return thread

    def close(self) -> None:
        self.stop.set()
        self.index.close()
