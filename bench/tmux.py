"""tmux sessions a benchmark starts, and ends: exactly those, never another's.

Other people share the machine (and its tmux server). Every session gets a name unique to this
process (``refbox-bench-<pid>-<n>``) and is addressed with tmux's exact-match form ``=name``: a plain
``-t bench`` also matches any session whose name merely *starts* with "bench" when none is called
exactly that, so killing by a fixed name or prefix can end someone else's session.
"""

from __future__ import annotations

import os
import subprocess
from typing import Callable


class Sessions:
    def __init__(self, run: Callable[..., subprocess.CompletedProcess] = subprocess.run) -> None:
        self.run = run
        self.prefix = f"refbox-bench-{os.getpid()}"
        self.started: list[str] = []
        """Sessions started and not yet ended, oldest first."""
        self._count = 0

    def new(self, command: str, width: int = 120, height: int = 40, cwd: str | None = None) -> str:
        """Start ``command`` in a new detached session (in ``cwd``, else where tmux chooses: ``python -m refbox``
        imports the refbox of that directory first); returns the session's name."""
        self._count += 1
        name = f"{self.prefix}-{self._count}"
        where = ["-c", cwd] if cwd else []
        self.run(["tmux", "new-session", "-d", "-s", name, *where, "-x", str(width), "-y", str(height), command],
                 check=True)
        self.started.append(name)
        return name

    def capture(self, name: str) -> str:
        """The session's screen as text."""
        self._own(name)
        out = self.run(["tmux", "capture-pane", "-p", "-t", f"={name}:"], capture_output=True, text=True)
        return out.stdout

    def kill(self, name: str) -> None:
        """End one session this object started (it may have ended by itself already)."""
        self._own(name)
        self.run(["tmux", "kill-session", "-t", f"={name}"], capture_output=True)
        self.started.remove(name)

    def kill_all(self) -> None:
        for name in list(self.started):
            self.kill(name)

    def _own(self, name: str) -> None:
        if name not in self.started:
            raise ValueError(f"{name!r} is not a session this benchmark started")

    def __enter__(self) -> "Sessions":
        return self

    def __exit__(self, *exc) -> None:
        self.kill_all()
