"""What `memkit serve` keeps between answers: the index connection, the catalogue, the person.

Owns the catalogue and the person at this clone as the server last loaded them, checked against
their files every second by a background thread, beside the index connection the server keeps open
(memkit.storage.keptindex). The same thread walks a vault small enough to be walked whole
(changes.SYNC_WALK), so that a search the server answers reads its index without a walk first.
Activation takes them from `vault.kept`; a catalogue that fails to load is not kept, so each answer
then loads it itself and fails as the command hook does.
"""
from __future__ import annotations

import threading
import time

from memkit.storage.keptindex import KeptIndex

RECHECK = 1.0          # seconds between two checks of the catalogue's and git's identity files


class Kept:
    """Set as `vault.kept`: activation then takes the index, the catalogue and the person from
    here instead of opening and stat-ing them on every answer."""

    def __init__(self, vault):
        self.index = KeptIndex(vault.index_path)
        self.catalogue = self.person = None
        self.walked: float | None = None   # time.monotonic() of the last walk of a small vault
        self.stop = threading.Event()
        self.refresh(vault)
        self.walk(vault)

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

    def walk(self, vault) -> None:
        """Bring the index up to date with a small vault's notes (every one stat-ed, as a search
        would before answering). A larger vault is left to each search's own refresh; an index
        that is missing, empty or of another memkit version to the hooks' rebuild (which never
        rebuilds one a newer memkit made)."""
        from contextlib import closing

        from memkit.storage import changes, index

        self.walked = None
        try:
            current = index.open_readonly(vault.index_path)   # None: missing, or another schema
            if current is None:
                return
            with closing(current):
                if not changes.walkable(current):
                    return
            with closing(index.connect(vault.index_path, create=False)) as con:
                index.refresh(vault, cues=False, con=con)
            self.walked = time.monotonic()
        except Exception:   # noqa: BLE001 — a busy or broken index: each search refreshes it itself
            self.walked = None

    def fresh(self) -> bool:
        """The index was walked whole a moment ago (and will be again within RECHECK seconds)."""
        return self.walked is not None and time.monotonic() - self.walked < 3 * RECHECK

    def follow(self, current) -> threading.Thread:
        """Refresh every RECHECK seconds from current() (the vault now served) until close()."""
        def loop() -> None:
            while not self.stop.wait(RECHECK):
                vault = current()
                self.refresh(vault)
                self.walk(vault)
        thread = threading.Thread(target=loop, name="memkit-serve-recheck", daemon=True)
        thread.start()
        return thread

    def close(self) -> None:
        self.stop.set()
        self.index.close()
