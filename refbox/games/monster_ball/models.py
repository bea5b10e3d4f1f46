"""Monster Ball's match state: squads, the ball, downs and line of scrimmage, clocks, the action in hand.

Team 0 is Law, team 1 is Chaos. Field positions are squares "to go": the distance from the line of
scrimmage to the goal line the team with the ball attacks.

On the on-screen field (``board``) the figures' squares are part of the state: ``pos`` maps each fielded,
standing-or-downed figure to its ``(x, y)`` square (see pitch.py), plain dicts and tuples so a state is
cheap to copy for the computer coach's look-ahead. The state and its parts are plain slotted dataclasses
(refbox.engine.state); pydantic checks them where they come in from a file (a checkpoint: refbox.engine.plain).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from dataclasses import field as dc_field
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from refbox.engine.errors import RuleError
from refbox.engine.state import GameState
from refbox.engine.text import Name

PlayKind = Literal["kickoff", "scrimmage", "punt", "field_goal"]
Ball = Literal["none", "held", "air", "loose", "dead"]
Defence = Literal["hustle", "block", "block_rough", "slam"]
Colour = Literal["red", "blue", "green", "yellow", "magenta", "cyan", "orange", "white"]
"""Colours a side can wear: names every terminal theme understands (a style string from a file is never parsed)."""


class Setup(BaseModel):
    """What the setup screen collects; its defaults are what a new match gets. Dice mode and seed belong to the
    Match."""

    model_config = ConfigDict(frozen=True)

    law_name: Name = Field(default="Law", min_length=1, max_length=24)
    chaos_name: Name = Field(default="Chaos", min_length=1, max_length=24)
    law_colour: Colour = "blue"
    chaos_colour: Colour = "red"
    lineups: Literal["presets", "gym_class"] = "presets"
    coin_winner: Literal[0, 1] = 0
    """Who won the coin toss (0 Law, 1 Chaos): they pick the side; the loser picks first in gym class."""
    winner_choice: Literal["kick", "receive"] = "receive"
    referee: str = "hydra-harry"
    victory: Literal["points", "clock"] = "points"
    captain_minute: bool = True
    """Offer the real-time one-minute limit per captain per half-round (timed by the screen)."""
    board: Literal["table", "screen"] = "screen"
    """Where the figures stand: on refbox's own field on screen (refbox derives them), or on the table (refbox
    asks for distances and who stands where)."""
    edition: int = Field(default=3, ge=2, le=3)
    """The rules the match follows. 3 (issue 39): a long pass is never caught in the round it was thrown, a
    fumbled hike uses its second of game time, only a Paladin on the field may try Divine Intervention. Journals
    of rules version 2 and older are read as edition 2, and replay as they were played."""

    @property
    def kicking_team(self) -> int:
        return self.coin_winner if self.winner_choice == "kick" else 1 - self.coin_winner


@dataclass(frozen=True, slots=True, kw_only=True)
class Player:
    """A squad member. Frozen, so a copy of the state shares it (an ejection replaces the record: see ``set_out``)."""

    id: str
    """"L3" or "C12": team letter and squad number."""
    creature: str
    name: str
    """Display name, e.g. "Treant 2"."""
    unit: Literal["offense", "defense"]
    ejected: bool = False


@dataclass(slots=True, kw_only=True)
class Team:
    name: str
    players: list[Player] = dc_field(default_factory=list)
    field: list[str] = dc_field(default_factory=list)
    """Ids of the players on the field (at most 11)."""
    center: str | None = None
    quarterback: str | None = None
    score: Annotated[int, Field(ge=0)] = 0


@dataclass(slots=True, kw_only=True)
class PlayStart:
    """Where a play began: what a spotted cheat restores."""

    kind: PlayKind
    possession: int
    to_go: int
    down: int


@dataclass(slots=True, kw_only=True)
class Kick:
    kind: Literal["kickoff", "punt", "field_goal"]
    kicker: str | None = None
    zones_to_end: int = 0
    """Field goal: zones from the kicker to the end zone, end zone included."""
    landing_zone: int = 0
    """Zone the ball lands in, numbered for the team it was kicked to."""
    grid: tuple[int, int] | None = None
    """On the field: the grid (column, division) the kick comes down in, once the grid roll is made."""


@dataclass(slots=True, kw_only=True)
class Contest:
    """Players rolling Catch for one ball; the highest over ``need`` takes it, ties roll again."""

    purpose: Literal["kick", "pass", "recovery"]
    contenders: list[str]
    need: int
    tied_value: int | None = None
    """Set on a re-roll: the value the tied players reached (checked already)."""
    excluded: list[str] = dc_field(default_factory=list)
    """Players who may not try (those in the tackle that caused a fumble)."""
    resume: Literal["move", "next_half", "rounds"] = "move"
    """What follows a catch: the same half goes on, the next half starts, or the rounds begin."""


@dataclass(slots=True, kw_only=True)
class Action:
    """The live-ball action being declared, filled in prompt by prompt."""

    kind: Literal["hustle", "tackle", "pass", "blink", "missile", "holding"]
    actor: str | None = None
    """Mover, passer or cheater."""
    target: str | None = None
    """Blocker, tackle target or intended receiver."""
    tacklers: list[str] = dc_field(default_factory=list)
    contesters: list[str] = dc_field(default_factory=list)
    cheaters: list[str] = dc_field(default_factory=list)
    """Players cheating on this roll (tacklers, wardrobe malfunctions)."""
    defence: Defence | None = None
    grids: int | None = None
    team: int = 0
    """Team that declared it."""
    origin: tuple[int, int] | None = None
    """On the field: the thrower's square when the ball left his hands (an incomplete pass is spotted there)."""
    thrown_round: int = 0
    """A long pass: the round it was thrown in (it is never caught in that round)."""
    at_round_start: bool = False
    """A long pass that came down as a new round began: once it is settled, that round's first half is played."""


@dataclass(slots=True, kw_only=True)
class State(GameState):
    teams: list[Team]
    referee: str
    victory: Literal["points", "clock"]
    captain_minute: bool
    step: str
    draft_pool: dict[str, int] = dc_field(default_factory=dict)
    drafter: int = 0
    possession: int = 0
    """The team with the ball, or about to kick it off."""
    to_go: int = 9
    down: int = 1
    play: PlayStart | None = None
    kick: Kick | None = None
    ball: Ball = "none"
    carrier: str | None = None
    holder_team: int = 0
    """Team that last held the ball."""
    air: Action | None = None
    """A pass in the air: caught once the other team has moved, never in the round it was thrown (air-time)."""
    mover: int = 0
    halves_done: int = 0
    half_id: int = 0
    """Counts captains' half-rounds: the screen restarts its one-minute countdown when it changes."""
    round: int = 0
    """Round of the current play (the hike is in round 1)."""
    hike_catcher: str | None = None
    seconds: int = 0
    knocked: list[str] = dc_field(default_factory=list)
    stunned: list[str] = dc_field(default_factory=list)
    held: list[str] = dc_field(default_factory=list)
    cheated: list[str] = dc_field(default_factory=list)
    """Players who cheated this round (or between these plays)."""
    penalties: list[int] = dc_field(default_factory=lambda: [0, 0])
    """Illegal-tackle penalty squares owed by each team this play."""
    action: Action | None = None
    contest: Contest | None = None
    fumbler: str | None = None
    divine_by: str | None = None
    chooser: int = 0
    """Team answering a between-plays sub-step (line-up, hike pair)."""
    result: str | None = None
    winner: int | None = None
    # ---- the on-screen field (empty in table matches) ----
    board: bool = False
    """Positions are tracked on refbox's field (Setup.board == "screen")."""
    edition: int = 3
    """Setup.edition: which rules the match follows."""
    picking: bool = False
    """At the table, "several" was answered to a one-key question (onekey.py): the selection is asked next, in
    the same step, as a Pick."""
    pos: dict[str, tuple[int, int]] = dc_field(default_factory=dict)
    """Square of each figure on the field."""
    used: dict[str, int] = dc_field(default_factory=dict)
    """Steps each figure has used this round."""
    selected: str | None = None
    """The figure being moved (or placed, in a line-up) now."""
    ball_at: tuple[int, int] | None = None
    """Where the ball is when nobody carries it: coming down (a long pass's target square), loose, dead."""
    crowded: list[str] = dc_field(default_factory=list)
    """Figures that won a Hustle into an occupied square this play: they may share it."""
    back_to: str = ""
    """The step a line-up change returns to ("between" or "kick_kicker")."""
    blink: int = 0
    """Rows a Blink may jump (the unspotted cheat roll), while its landing square is chosen."""
    hike_cheaters: list[str] = dc_field(default_factory=list)
    """On the field: opponents cheating on the hike (Wardrobe Malfunction), until it is rolled."""

    # ---- lookups ----

    def player(self, pid: str) -> Player:
        """Squad numbers are positions in the squad list: "L3" is Law's third player."""
        try:
            player = self.teams[0 if pid[0] == "L" else 1].players[int(pid[1:]) - 1]
        except (IndexError, ValueError):
            raise RuleError(f"There is no player {pid}.") from None
        if player.id != pid:
            raise RuleError(f"There is no player {pid}.")
        return player

    @staticmethod
    def team_of(pid: str) -> int:
        return 0 if pid[:1] == "L" else 1

    def label(self, pid: str) -> str:
        return f"{self.teams[self.team_of(pid)].name} {self.player(pid).name}"

    def on_field(self, team: int) -> list[str]:
        return list(self.teams[team].field)

    def standing(self, team: int) -> list[str]:
        """On the field and able to act: not knocked down, not stunned."""
        out = set(self.knocked) | set(self.stunned)
        return [pid for pid in self.teams[team].field if pid not in out]

    def available(self, team: int) -> list[str]:
        """Squad members not ejected."""
        return [p.id for p in self.teams[team].players if not p.ejected]

    def ejected(self, team: int) -> list[str]:
        return [p.id for p in self.teams[team].players if p.ejected]

    def set_out(self, pid: str, out: bool) -> None:
        """Eject ``pid`` (or bring him back): the frozen record is replaced."""
        players = self.teams[self.team_of(pid)].players
        i = int(pid[1:]) - 1
        players[i] = replace(players[i], ejected=out)

    def can_cheat(self, pid: str) -> bool:
        return pid not in self.cheated and not self.player(pid).ejected
