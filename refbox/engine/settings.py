"""How a match is played, as opposed to what happened in it: the dice mode, who the computer plays and at what
pace, a screen's own running times. Settings are not inputs: undo never changes them, replays never read them.
They are kept in the match's meta file beside its summary (refbox.engine.files)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

DiceMode = Literal["physical", "digital"]

PACE_MAX = 10.0
"""Seconds a computer's move may stay on screen before it is entered, at most."""


@dataclass
class PlaySettings:
    dice_mode: DiceMode = "physical"
    computer: dict[int, str] = field(default_factory=dict)
    """Sides played by the computer coach, and its level."""
    pace: float = 1.0
    """Seconds a computer's decision stays on screen before it is entered."""
    timers: dict[str, Any] = field(default_factory=dict)
    """A screen's own running times (Monster Ball's captain countdown), so a resumed match goes on with them."""

    @classmethod
    def from_meta(cls, meta: dict) -> "PlaySettings":
        """The settings in a meta file, ignoring anything that does not make sense."""
        from refbox.engine.coach import LEVELS

        raw = meta.get("computer")
        sides = ({int(k): v for k, v in raw.items() if k in ("0", "1") and v in LEVELS}
                 if isinstance(raw, dict) else {})
        pace = meta.get("pace")
        timers = meta.get("timers")
        return cls(dice_mode="digital" if meta.get("dice_mode") == "digital" else "physical", computer=sides,
                   pace=float(pace) if isinstance(pace, (int, float)) and 0 <= pace <= PACE_MAX else 1.0,
                   timers=dict(timers) if isinstance(timers, dict) else {})

    def to_meta(self) -> dict:
        return {"dice_mode": self.dice_mode, "computer": {str(side): level for side, level in self.computer.items()},
                "pace": self.pace, "timers": dict(self.timers)}
