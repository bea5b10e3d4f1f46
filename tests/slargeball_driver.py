"""A test driver for Slargeball!: answer prompts by name, skip ahead with neutral answers."""

from __future__ import annotations

from refbox.engine.match import Match
from refbox.engine.prompts import Event, choose, confirm, pick, roll

TEAMS = [{"name": "Red", "colour": "red"}, {"name": "Blue", "colour": "blue"}]

NEUTRAL = {
    "move_menu": choose("done"),
    "coach_menu": choose("no"),
    "walk_by": pick(),
    "coach_arrived": choose("no"),
    "whap_menu": choose("next"),
    "fling_menu": choose("hold"),
    "air_landed": choose("ground"),
    "ground_contact": pick(),
    "bonk_contacts": pick(),
    "break_check": choose("no"),
    "move_figure": choose("back"),
}


class Driver:
    def __init__(self, squads: int = 1, seed: int = 1, initiative: int = 0) -> None:
        self.m = Match.new("slargeball", {"teams": TEAMS, "squads": squads}, seed=seed)
        if initiative is not None and self.step == "initiative_roll":
            self.roll(6, 1) if initiative == 0 else self.roll(1, 6)

    @property
    def s(self):
        return self.m.state

    @property
    def step(self) -> str:
        return self.s.step

    def prompt(self):
        return self.m.prompt()

    def send(self, event: Event) -> "Driver":
        self.m.submit(event)
        return self

    def roll(self, *faces: int) -> "Driver":
        return self.send(roll(*faces))

    def choose(self, option: str) -> "Driver":
        return self.send(choose(option))

    def pick(self, *ids: str) -> "Driver":
        return self.send(pick(*ids))

    def confirm(self) -> "Driver":
        return self.send(confirm())

    def neutral(self) -> Event:
        """The answer that changes least: nobody acts, wake-up rolls fail, Red wins roll-offs."""
        if self.step == "initiative_roll":
            return roll(6, 1)
        if self.step == "wake_roll":
            return roll(*[6] * len(self.s.ask.queue))
        if self.step == "break_confirm":
            return confirm()
        if self.step in NEUTRAL:
            return NEUTRAL[self.step]
        raise AssertionError(f"no neutral answer to {self.step!r} (phase {self.s.phase})")

    def skip_to(self, step: str, phase: str | None = None, limit: int = 500) -> "Driver":
        """Give neutral answers until the pending question is ``step`` (in ``phase`` if given)."""
        for _ in range(limit):
            if self.step == step and (phase is None or self.s.phase == phase):
                return self
            self.send(self.neutral())
        raise AssertionError(f"never reached {step!r}")

    def finish_turn(self) -> "Driver":
        """Neutral answers until the next turn has decided its initiative (or asks the roll-off)."""
        turn = self.s.turn
        while self.s.phase != "over" and (self.s.turn == turn or self.s.phase == "initiative") \
                and not (self.s.turn != turn and self.step == "initiative_roll"):
            self.send(self.neutral())
        return self

    def to_full_time(self) -> "Driver":
        while self.s.phase != "over":
            self.send(self.neutral())
        return self

    def to_move_step(self, move_step: int, team: int) -> "Driver":
        self.skip_to("move_menu", phase="move")
        while not (self.step == "move_menu" and self.s.move_step == move_step and self.s.ask.team == team):
            self.send(self.neutral())
        return self

    def fig(self, fig_id: str):
        return self.s.fig(fig_id)

    def give_ball(self, ball_id: int, fig_id: str) -> None:
        """Set up a position directly (a test fixture, not an input)."""
        self.s.ball(ball_id).put("carried", fig_id)

    def option_ids(self) -> list[str]:
        self.m.refresh()
        return [o.id for o in self.prompt().options]

    def knock_down(self, fig_id: str = "B.RG1") -> "Driver":
        """Someone lies on the field, so there is a pile to cross (a fixture, not an input)."""
        self.fig(fig_id).status = "out"
        self.m.refresh()
        return self

    def last_log(self, n: int = 1) -> str:
        return " | ".join(line.text for line in self.s.log[-n:])
