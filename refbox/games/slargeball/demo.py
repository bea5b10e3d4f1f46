"""A reproducible mid-match Slargeball! position: for screenshots, snapshot tests and benchmarks."""

from __future__ import annotations

import random
from datetime import datetime
from pathlib import Path

from refbox.engine import random_play
from refbox.engine.match import Match
from refbox.engine.prompts import Choose, Event

TEAMS = [{"name": "Red Ravagers", "colour": "red"}, {"name": "Blue Bashers", "colour": "blue"}]


def table_chooser(prompt, rng: random.Random) -> Event:
    """Random legal answers, except that the table rarely agrees to break play."""
    if isinstance(prompt, Choose):
        options = [o for o in prompt.options if o.id != "break" or rng.random() < 0.02]
        return Event(kind="choose", value=rng.choice(options).id)
    return random_play.random_answer(prompt, rng)


def demo_match(path: Path | None = None, events: int = 400, seed: int = 4411, squads: int = 3,
               created: datetime | None = None) -> Match:
    match = Match.new("slargeball", {"teams": TEAMS, "squads": squads}, seed=seed, path=path, created=created)
    random_play.advance(match, events, random.Random(seed), table_chooser)
    return match


def field_chooser(match: Match):
    """Answers for a match on refbox's field, drawn at random but with a purpose most of the time, so that
    random matches meet, whap, nab and fling: a mover heads for a loose ball, a carrier towards the opposing
    bunker, the others towards the nearest carrier; a line-up mostly stands; the table rarely agrees to break
    play."""
    from refbox.games.slargeball.field import parse_cell
    from refbox.games.slargeball.lineup_answers import READY_ODDS

    def choose(prompt, rng: random.Random) -> Event:
        state = match.state
        if not isinstance(prompt, Choose):
            return random_play.random_answer(prompt, rng)
        ids = [o.id for o in prompt.options if o.id != "ask_break"  # (asking the other coach: never at random)
               and (o.id not in ("break", "stop-play") or rng.random() < 0.02)]
        if state.step == "lineup" and rng.random() < READY_ODDS:  # mostly refbox's line-up, as it stands
            return Event(kind="choose", value="ready")
        if state.step == "fling_aim" and rng.random() < 0.8:  # to the team-mate nearest the bunker, if ahead
            goal = _goal_of(state, state.fig(state.ask.figure))
            me = state.fig(state.ask.figure)
            mates = [f.cell for f in state.figures if f.team == me.team and f.up and f.on_field and f.cell
                     and f.id != me.id and _d(f.cell, goal) < _d(me.cell, goal)]
            aims = [i for i in ids if "." in i and parse_cell(i) in mates]
            if aims:
                return Event(kind="choose", value=min(aims, key=lambda i: _d(parse_cell(i), goal)))
        if state.step in ("field_dest", "fling_aim") and rng.random() < 0.8:
            cells = [i for i in ids if "." in i]
            goal = _goal_of(state, state.fig(state.ask.figure))
            if cells and goal is not None:
                best = min(cells, key=lambda i: _d(parse_cell(i), goal))
                return Event(kind="choose", value=best)
        if state.step == "fling_menu" and "goal" in ids and rng.random() < 0.8:
            return Event(kind="choose", value="goal")
        if state.step in ("whap_menu", "field_move") and len(ids) > 2 and rng.random() < 0.7:
            return Event(kind="choose", value=rng.choice([i for i in ids if i not in ("next", "nobody", "done")]
                                                       or ids))
        return Event(kind="choose", value=rng.choice(ids))

    return choose


def _d(a, b) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def _goal_of(state, fig):
    """Where a purposeful figure heads: the opposing bunker with a ball, else the nearest loose ball, else the
    nearest opposing carrier."""
    if fig.cell is None:
        return None
    ours = any(b.carrier and state.fig(b.carrier).team == fig.team for b in state.balls)
    if state.carried_by(fig.id) or (ours and fig.key in "abcefghijk" + "ABCDEFGHIJK"):  # some run ahead to receive
        return (68 if fig.team == 0 else -5, 15)
    spots = [b.cell for b in state.balls if b.where == "ground" and b.cell is not None]
    spots += [state.fig(b.carrier).cell for b in state.balls if b.carrier and state.fig(b.carrier).team != fig.team]
    spots = [s for s in spots if s is not None]
    return min(spots, key=lambda s: _d(s, fig.cell)) if spots else None


def field_demo(path: Path | None = None, seed: int = 4411) -> Match:
    """On refbox's field, digital dice: seeded play until, a few turns in, a figure's destination is to be chosen
    (the field's picture for screenshots)."""
    return _field_until(path, seed, lambda m: m.state.step == "field_dest" and m.state.turn >= 3
                        and len(m.legal().ids) >= 20)


def fling_demo(path: Path | None = None, seed: int = 4411) -> Match:
    """The same play until a ball carrier's fling menu, then a fling at a spot: the squares in range marked."""
    match = _field_until(path, seed, lambda m: m.state.step == "fling_menu" and "spot" in m.legal().ids)
    match.submit(Event(kind="choose", value="spot"))
    return match


def full_time_demo(path: Path | None = None, seed: int = 4414) -> Match:
    """The same play to the end of the 25th turn, the last input before full time left to enter: the field as a
    match ends (this seed's match has a goal)."""
    match = _field_until(path, seed, lambda m: m.legal().kind == "over", limit=200_000)
    match.undo()
    return match


def _field_until(path: Path | None, seed: int, moment, limit: int = 20_000) -> Match:
    """A two-squad match on refbox's field, digital dice, played with purpose (``field_chooser``) until
    ``moment(match)``."""
    match = Match.new("slargeball", {"teams": TEAMS, "squads": 2, "board": "screen"}, seed=seed, path=path,
                      dice_mode="digital")
    rng, choose = random.Random(seed), field_chooser(match)
    for _ in range(limit):
        if moment(match):
            return match
        if match.legal().kind == "over":
            break
        match.submit(choose(match.prompt(), rng))
    raise RuntimeError("the demo never reached its moment: change the seed")


def lineup_demo(path: Path | None = None, seed: int = 4411) -> Match:
    """On refbox's field at the kick-off: Red have sent a Tremple out to the wing and pick the square of a
    Rushing Grelker (the line-up's picture for screenshots)."""
    match = Match.new("slargeball", {"teams": TEAMS, "squads": 2, "board": "screen"}, seed=seed, path=path,
                      dice_mode="digital")
    for answer in ("A.T1", "15.1", "A.RG1"):
        match.submit(Event(kind="choose", value=answer))
    return match
