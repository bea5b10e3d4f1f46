"""The ruleset file's model: the numbers the text gives, and empty slots for the ones it does not.

The text (opening pages only) gives the clock, the track's twelve sectors, the d12 initiative, the team
make-up and the three-lap limit. Stats, rolls and injuries live in chapters we do not have: the user fills
them from their own rulebook; left empty, refbox asks the table for each outcome instead.
"""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Literal

from pydantic import Field

from refbox.engine.ruleset import RulesetData, Strict
from refbox.engine.text import Label

StatName = Literal["speed", "skill", "combat", "toughness"]
STATS: tuple[StatName, ...] = ("speed", "skill", "combat", "toughness")

Role = Literal["biker", "catcher", "skater"]
ROLES: tuple[Role, ...] = ("biker", "catcher", "skater")

Stat = Annotated[int, Field(ge=-99, le=999)]
"""A figure stat from the user's rulebook: what the roster editor's three-character box can hold."""

TimerTrack = Literal["penalty", "shaken", "rest"]
TIMER_TRACKS: tuple[TimerTrack, ...] = ("penalty", "shaken", "rest")


class Clock(Strict):
    periods: int = Field(ge=1, le=10)
    period_minutes: int = Field(ge=1, le=120)
    """One game turn is one minute of this clock."""


class Track(Strict):
    sectors: int = Field(ge=3, le=24)
    """Numbered clockwise; the initiative die has this many sides."""


class TeamMakeUp(Strict):
    biker: int = Field(ge=0, le=20)
    catcher: int = Field(ge=1, le=20)
    skater: int = Field(ge=1, le=20)

    def count(self, role: Role) -> int:
        return getattr(self, role)


class BallRules(Strict):
    laps_to_shoot: int = Field(ge=1, le=10)
    """Laps after activation within which the offense must shoot, or the ball is dead."""
    goal_value: int = Field(default=1, ge=1, le=100)
    """Points a goal scores (the scoring chapter is missing; 1 unless your rulebook says otherwise)."""


class Stats(Strict):
    """A figure's four stats; None means "not set" (the table enters outcomes instead)."""

    speed: Stat | None = None
    skill: Stat | None = None
    combat: Stat | None = None
    toughness: Stat | None = None


class RollRule(Strict):
    """One roll as the user's rulebook defines it.

    The target is the figure's ``stat`` plus ``modifier``, minus the opponent's ``against`` stat when
    given; the roll succeeds when the total of ``dice`` d``sides`` is ``at_most`` or ``at_least`` it.
    """

    dice: int = Field(default=1, ge=1, le=10)
    sides: int = Field(ge=2, le=100)
    stat: StatName
    against: StatName | None = None
    modifier: int = Field(default=0, ge=-999, le=999)
    succeed: Literal["at_most", "at_least"]


class Rolls(Strict):
    """Every roll the text names but does not define. Absent: the table enters the outcome."""

    field: RollRule | None = None
    """A catcher fielding the ball (success: he has it)."""
    avoid: RollRule | None = None
    """A skater or biker in the ball's path (success: not hit)."""
    handoff: RollRule | None = None
    """A catcher handing the ball to a skater (rolled for the catcher; success: the skater has it)."""
    combat: RollRule | None = None
    """The attacker's one roll (success: the target loses the fight)."""
    combat_failure: Literal["no_effect", "attacker_loses"] = "no_effect"
    """What a failed combat roll means."""
    injury: RollRule | None = None
    """Rolled for a figure that lost a fight or was hit by the ball (success: unhurt)."""
    shot: RollRule | None = None
    """A skater's scoring attempt (success: a goal)."""


class Injury(Strict):
    """One result of the user's injury table."""

    name: Label
    track: TimerTrack | Literal["none", "out"]
    """Where the figure goes: a timer track, nowhere (stays in play), or out of the game."""
    minutes: int | None = Field(default=None, ge=1, le=120)
    """Time on the timer track; None: the table enters it."""


class Data(RulesetData):
    clock: Clock
    track: Track
    team: TeamMakeUp
    ball: BallRules
    figures: dict[Role, Stats] = {}
    """Default stats per role, used where a roster leaves a stat blank."""
    rolls: Rolls = Rolls()
    injuries: list[Injury] = []
    penalty_minutes: int | None = Field(default=None, ge=1, le=120)
    """Minutes in the penalty box; None: the table enters them per penalty."""

    @property
    def game_minutes(self) -> int:
        return self.clock.periods * self.clock.period_minutes

    # ---- what the rules derive from the track, once per loaded ruleset (shared: read them, never change them) ----

    @cached_property
    def reach(self) -> dict[int, frozenset[int]]:
        """Sector -> itself and the two beside it: where a figure may reach another (the table says who is in
        contact)."""
        n = self.track.sectors
        return {s: frozenset({s, s % n + 1, (s - 2) % n + 1}) for s in range(1, n + 1)}

    @cached_property
    def sweep_orders(self) -> dict[int, dict[int, int]]:
        """First sector -> (sector -> its place in a sweep starting there)."""
        n = self.track.sectors
        return {first: {(first - 1 + k) % n + 1: k for k in range(n)} for first in range(1, n + 1)}

    @cached_property
    def ball_paths(self) -> dict[tuple[int, int], dict[int, int]]:
        """(start, end) -> the sectors a clockwise ball crosses from start to end, both included, each with its
        place along the way (in path order)."""
        n = self.track.sectors
        return {(a, b): {(a - 1 + k) % n + 1: k for k in range((b - a) % n + 1)}
                for a in range(1, n + 1) for b in range(1, n + 1)}

    @cached_property
    def move_answers(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """A move's answers: (the figure alone in its sector to move, with others there who may go first)."""
        n = self.track.sectors
        ids = ("stay", "all_stay", *(str(k) for k in range(1, min(9, n - 1) + 1)))
        if n - 1 >= FURTHER:
            ids += ("further",)
        return ids, ids + ("first",)


FURTHER = 10
"""The fewest sectors of a move's "further" answer (the move menu's own keys go up to 9)."""
