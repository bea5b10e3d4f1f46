"""Slargeball!: the ruleset's class (refbox.engine.contract), over its step table (refbox.games.slargeball.steps).

The table reports where the figures are and refbox rolls, keeps score and walks the turn: initiative, seven
move sub-phases, whap, fling, nab, consciousness, and Break Play after a goal.
"""

from __future__ import annotations

from functools import cached_property
from types import MappingProxyType

from refbox.engine.contract import Picture, Rules
from refbox.engine.errors import JournalError, RefboxError, RuleError
from refbox.engine.play import Drawer
from refbox.engine.prompts import Event, Legal, check
from refbox.engine.state import UNLOGGED
from refbox.engine.upgrade import drop_forced_answers
from refbox.games.slargeball import (  # noqa: F401
    coaching,
    coaching_options,
    flow,
    steps_coach,
    steps_end,
    steps_field,
    steps_fling,
    steps_lineup,
    steps_move,
    steps_nab,
    steps_whap,
)
from refbox.games.slargeball.common import log
from refbox.games.slargeball.data import Data
from refbox.games.slargeball.field import place_start
from refbox.games.slargeball.lineup import roster
from refbox.games.slargeball.lineup_answers import LineupDrawer, lineups_taken
from refbox.games.slargeball.models import Ball, Setup, State, Team
from refbox.games.slargeball.steps import STEPS
from refbox.games.slargeball.view import view

STEPS.check()  # every step the phase modules registered has its legal answers, prompt and apply


class Slargeball(Rules):
    name = "slargeball"
    Data, Setup, State = Data, Setup, State
    steps = STEPS
    statistics = ("whaps", "knock-outs", "flings", "nabs", "goals")
    version = 3
    """2: forced answers are never asked (version 1 asked them unless the ruleset's ``table.skip_forced``).
    3: on the field each team is asked to change its line-up at kick-off and after each Break Play (version 2
    kept refbox's default line-up without asking)."""

    def new_setup(self) -> dict:
        """The setup screen's first values: three squads a side (or the nearest the ruleset allows), on refbox's
        field when the ruleset has one (the table stays one choice away)."""
        return {"teams": [{"name": "Red Ravagers", "colour": "red"}, {"name": "Blue Bashers", "colour": "blue"}],
                "squads": self.data.game.squads_near(3), "board": "screen" if self.data.field else "table"}

    def headless_setup(self) -> dict:
        """Two teams of two squads (or the nearest count the ruleset allows), on refbox's field when the ruleset
        has one, as a new match is: ``refbox sim`` measures the coaches where they play (``--board table``
        plays the table's flow, as the stored seeded games in tests/golden do)."""
        return {"teams": [{"name": "Red", "colour": "red"}, {"name": "Blue", "colour": "blue"}],
                "squads": self.data.game.squads_near(2), "board": "screen" if self.data.field else "table"}

    def team_names(self, setup: Setup) -> tuple[str, str]:
        return setup.teams[0].name, setup.teams[1].name

    def colours(self, setup: Setup) -> tuple[str, str]:
        return setup.teams[0].colour, setup.teams[1].colour

    def start(self, setup: Setup) -> State:
        data, g = self.data, self.data.game
        if not g.squads_min <= setup.squads <= g.squads_max:
            raise RuleError(f"Squads per team must be {g.squads_min} to {g.squads_max} (got {setup.squads}).")
        state = State(
            step="initiative_roll",
            turns=g.turns,
            teams=[Team(name=t.name.strip(), colour=t.colour) for t in setup.teams],
            figures=roster(setup.squads, data, 0) + roster(setup.squads, data, 1),
            balls=[Ball(id=n) for n in range(1, data.balls_for(setup.squads) + 1)],
        )
        if setup.board == "screen":
            if data.field is None:
                raise RuleError("This ruleset has no [field]: play it at the table.")
            state.board = True
            place_start(state, data)
        log(state, data, f"Kick-off: {setup.squads} squad(s) a side, {len(state.figures) // 2} figures each, "
            f"{len(state.balls)} ball(s) at the centre")
        if state.board:  # the teams may change refbox's line-up first
            steps_lineup.begin_lineups(state, data, steps_lineup.KICKOFF)
        else:
            flow.begin_turn(state, data)
        return state

    search_limits = MappingProxyType({"hurried_leaves": 24, "margin": 3, "phase_ms": 800})
    """The search's first pass stays exact (greedy's values: most moves have no dice), and a play-out overrules
    it only on strong evidence: with a dozen answers compared on a few play-outs, one standard error let noise
    pick an answer most decisions. A side's Move phase, a dozen squares chosen, is thought over in 0.8 s at
    most (``coach_phase``), not 0.5 s a square."""

    def coach_phase(self, state: State, side: int):
        """On the field, the Move and Whap phases are budgeted whole: in Move, each figure of the side still
        free to move may ask for a square."""
        if not state.board or state.phase not in ("move", "whap"):
            return None
        if state.phase == "whap":
            return (state.turn, "whap"), 2
        left = sum(1 for f in state.figures if f.team == side and f.up and f.on_field and not f.frozen
                   and not f.coach and f.id not in state.moved)
        return (state.turn, "move"), left

    coach_avoids = frozenset({"back", "ask_break"})
    """A computer coach never steps back from a fling's aim to the fling menu (an endless round trip), nor asks
    to break play (it answers when asked)."""

    @cached_property
    def drawer(self) -> Drawer:
        """Random answers: a line-up is mostly taken as it stands (``LineupDrawer``)."""
        return LineupDrawer()

    def coach_default(self, state: State, legal: Legal) -> Event | None:
        """A computer coach takes refbox's line-up as it stands: weighing hundreds of squares per figure would
        only spend the clock."""
        if state.step == "lineup":
            return Event("choose", "ready")
        return None

    def computer_can_play(self, setup: Setup) -> bool:
        """A computer coach must see the positions: only on refbox's field."""
        return setup.board == "screen"

    def evaluate(self, state: State, side: int) -> float:
        return coaching.evaluate(state, self.data, side)

    def coach_options(self, state: State, legal) -> tuple[str, ...] | None:
        return coaching_options.options(state, self.data, legal)

    def view(self, state: State):
        return view(state, self.data)

    def outcome(self, state: State) -> tuple[int, int]:
        return state.teams[0].score, state.teams[1].score

    # ---- journals of versions 1 and 2 ----

    @classmethod
    def upgrade_setup(cls, version: int, setup: dict, data: dict) -> tuple[dict, dict]:
        """Version 1 embedded ``[table] skip_forced`` in the ruleset (forced answers asked when off)."""
        data = {k: v for k, v in data.items() if k != "table"}
        return setup, data

    def upgrade_events(self, version: int, setup: Setup, events: list[Event]) -> list[Event]:
        """Version 1 (at the table only: the field came with version 2): a journal made with ``skip_forced`` on
        already holds today's inputs; one made with it off (older matches) holds the forced answers too, which
        are dropped. Which it was is not handed over (upgrade_setup drops it with the rest of ``[table]``), so
        the inputs tell: they must replay legally. Version 2 on the field: the line-up questions version 3 asks
        are answered "ready", as version 2 took refbox's line-up."""
        if version >= 2:
            return lineups_taken(self, setup, events) if setup.board == "screen" else events
        if self._replays(setup, events):
            return events
        try:
            kept = drop_forced_answers(self, setup, events)  # unchecked: the inputs may not fit at all
        except Exception:
            kept = None
        if kept is None or not self._replays(setup, kept):
            raise JournalError("its inputs do not replay on today's rules, with or without the answers they "
                               "no longer ask")
        return kept

    def _replays(self, setup: Setup, events: list[Event]) -> bool:
        """Whether every input answers the question pending, legally, from the start."""
        state = self.begin(setup)
        state.log = UNLOGGED
        try:
            for event in events:
                check(self.legal(state), event)
                self.apply(state, event)
        except RefboxError:
            return False
        return True

    @classmethod
    def pictures(cls) -> tuple[Picture, ...]:
        from refbox.games.slargeball.demo import field_demo, fling_demo, full_time_demo, lineup_demo

        return (Picture("field", field_demo), Picture("lineup", lineup_demo), Picture("fling", fling_demo),
                Picture("full-time", full_time_demo))
