"""Shared helpers for the Ballmonsters! tests (no tests here): a table that drives the rules directly.

``Table`` checks each event against the prompt and applies it like a Match does (rolling back on an
error), but lets a test arrange the balls first (STR, effects, conditions, portals).
Ball ids: A0 / B0 are the monsterballs, A1-A4 / B1-B4 the miniballs; team A (0) shoots first.
"""

from __future__ import annotations

import copy

from refbox.engine import registry
from refbox.engine.random_play import RulesTable
from refbox.engine.prompts import choose, confirm, number, roll
from refbox.games.ballmonsters import rules

A, B = 0, 1


def load_data() -> rules.Data:
    return registry.lookup("ballmonsters").load_data()


def data_with(table: str, **changes) -> rules.Data:
    """The shipped ruleset with some numbers of one of its tables changed (a house rule)."""
    data = load_data()
    return data.model_copy(update={table: getattr(data, table).model_copy(update=changes)})


def setup_dict(**changes) -> dict:
    return copy.deepcopy(rules.default_setup(**changes))


class Table(RulesTable):
    def __init__(self, setup: dict | None = None, data: rules.Data | None = None) -> None:
        super().__init__(rules.Ballmonsters(data or load_data()), setup or setup_dict())

    def ball(self, ball_id: str):
        return self.state.ball(ball_id)

    def arrange(self, ball_id: str, **fields) -> "Table":
        ball = self.ball(ball_id)
        for key, value in fields.items():
            setattr(ball, key, value)
        return self

    @property
    def step(self) -> str:
        return self.state.step

    def log_text(self) -> str:
        return "\n".join(line.text for line in self.state.log)

    # ---- short-cuts through a turn ----

    def placed(self) -> "Table":
        return self.send(confirm())

    def shoot(self, target: str, momentum: int = 0, inches: int = 0) -> "Table":
        """The monsterball shoots and hits ``target`` after ``inches`` (one answer: the inches past its STR):
        the table is then at the facing question."""
        self.send(choose(target), number(momentum))
        strength = self.state.monsterball(self.state.shooter).strength
        return self.send(choose(f"hit{max(0, inches - strength)}"))

    @property
    def at_boing(self) -> bool:
        """The bite is over and the boing has begun (the split, or a move; refbox never asks the vector)."""
        return self.step in ("split", "move")

    def bite(self, facing: str, faces: tuple[int, int] | None = None, commit: int = 0) -> "Table":
        self.send(choose(facing))
        if self.step == "commit":
            self.send(number(commit))
        if faces is not None:
            self.send(roll(*faces))
        return self

    def boing(self, give: int | None = None) -> "Table":
        if self.step == "split":
            self.send(number(give or 0))
        return self

    def rest_all(self) -> "Table":
        """Every ball still bouncing comes to rest."""
        while self.step == "move":
            self.send(choose("stop"))
        return self

    def end_turn(self, portal_face: int = 12, fire_faces: tuple[int, ...] | None = None) -> "Table":
        """From the upkeep: fire dice (if any), then a portal die that removes (12 on turn 1-12 removes)."""
        while self.step == "fire":
            n = self.ball(self.state.fire_queue[0]).fire
            self.send(roll(*(fire_faces or (1,) * n)))
        if self.step == "portal":
            self.send(roll(portal_face))
        if self.step == "portal_place":
            self.send(choose("centre"))
        return self

    def duff_turn(self) -> "Table":
        """The shooter names no target (a duff), then the turn ends with a portal removed."""
        return self.send(choose("none")).end_turn()


def table_with(effects: dict[str, str], **changes) -> Table:
    """A table whose balls (by id) carry these effects, bought with fiddle points."""
    setup = setup_dict(**changes)
    for ball_id, effect in effects.items():
        team = setup["teams"][0 if ball_id[0] == "A" else 1]
        index = int(ball_id[1:])
        ball = team["monsterball"] if index == 0 else team["miniballs"][index - 1]
        ball["effect"] = effect
    return Table(setup)
