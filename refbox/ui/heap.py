"""Garbage collection off the key path, while a game screen is up.

Python collects whenever enough objects were allocated, and drawing a frame allocates thousands: a key often
paid for a young collection (0.5 ms) and one key in ten for an older one (2-7 ms), and a full collection
rescanned every widget (50 ms). On a game screen refbox therefore collects on its own schedule instead:

- from the moment the screen is built, automatic collection is off (a full collection on the way to the
  first paint cost a resume 40 ms);
- shortly after the first paint, one full collection, then everything alive is frozen (moved out of the
  collector's sight: the widgets, the match, the caches live as long as the screen);
- a timer collects the young generations twice a second and the rest of
  the heap every minute: between keys, where nobody waits for it. Memory stays bounded by what two ticks
  allocate.

Leaving the screen unfreezes the heap and turns automatic collection back on.
"""

from __future__ import annotations

import gc

START_AFTER = 0.3
"""Seconds after the screen is mounted before the first full collection (the first frame is written by then)."""
TICK = 0.5
"""Seconds between collections of the young generations."""
FULL_EVERY = 120
"""Ticks between full collections (a minute)."""


class QuietCollector:
    def __init__(self) -> None:
        self.ticks = 0
        self.active = False
        self.stopped = False
        self.was_enabled = gc.isenabled()
        gc.disable()  # building and drawing the screen allocates a lot: no collection before the first paint

    def start(self) -> None:
        """After the first paint: collect, freeze what is alive, and take over collection (not if the screen
        has already gone)."""
        if self.active or self.stopped:
            return
        gc.collect()
        gc.freeze()
        gc.disable()
        self.active = True

    def tick(self) -> None:
        if not self.active:
            return
        self.ticks += 1
        gc.collect(2 if self.ticks % FULL_EVERY == 0 else 1)

    def stop(self) -> None:
        self.stopped = True
        if self.active:
            gc.unfreeze()
        self.active = False
        if self.was_enabled:
            gc.enable()
