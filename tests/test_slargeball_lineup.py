"""Slargeball! line-ups on refbox's field (rulings start-positions, lineup-order, lineup-squares): at kick-off and
after each Break Play refbox places its default line-up, then each team in turn may move its lined-up figures,
one at a time, to any free square behind its own slargeline, and says "ready" (key 1). At the table nothing is
asked. A field match saved before the line-ups were asked (rules version 2) replays with "ready" answers."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from refbox.engine import registry
from refbox.engine.coach import make
from refbox.engine.errors import InvalidInput
from refbox.engine.match import Match
from refbox.engine.play import Drawer, Game
from refbox.engine.prompts import Event, Legal
from refbox.games.slargeball.demo import TEAMS
from refbox.games.slargeball.field import geometry, parse_cell
from refbox.games.slargeball.lineup_answers import READY_ODDS, LineupDrawer

FIELD = {"teams": TEAMS, "squads": 1, "board": "screen"}
READY = Event("choose", "ready")


def field(squads: int = 1, seed: int = 3) -> Match:
    return Match.new("slargeball", {**FIELD, "squads": squads}, seed=seed)


def cells(match: Match) -> dict[str, tuple[int, int] | None]:
    return {f.id: f.cell for f in match.state.figures}


def refused(match: Match, answer: str) -> str:
    """The message an answer is refused with; nothing changes."""
    before, events = cells(match), len(match.events)
    with pytest.raises(InvalidInput) as e:
        match.submit(Event("choose", answer))
    assert cells(match) == before and len(match.events) == events
    return str(e.value)


# ---- at kick-off ----


def test_the_default_line_up_is_offered_to_each_team_in_turn_and_ready_keeps_it():
    match = field()
    default = cells(match)
    s = match.state
    assert s.step == "lineup" and s.ask.team == 0 and s.phase == "lineup"  # the first team of the setup first
    prompt = match.prompt()
    assert prompt.options[0].id == "ready" and prompt.options[0].key == "1"
    mine = [f for f in s.figures if f.team == 0 and not f.coach]
    assert [o.id for o in prompt.options[1:]] == [f.id for f in mine]  # every lined-up figure (the goalie too)
    assert [o.key for o in prompt.options[1:]] == [f.key for f in mine]
    assert all(o.at is not None for o in prompt.options[1:])  # and on the field where it stands
    match.submit(READY)  # one key
    assert s.step == "lineup" and s.ask.team == 1
    match.submit(READY)
    assert s.step == "initiative_roll" and s.phase == "initiative" and cells(match) == default
    assert len(match.events) == 2


def test_a_figure_moves_to_any_free_square_behind_its_slargeline():
    match = field()
    s = match.state
    match.submit(Event("choose", "A.T1"))
    assert s.step == "lineup_to" and s.ask.figure == "A.T1"
    squares = [i for i in match.legal().ids if i[0].isdigit()]
    assert len(squares) == 16 * 32 - 6  # the whole area from the end line to the line, but the 6 figures there
    assert "0.0" in squares and "15.31" in squares and "16.15" not in squares
    match.submit(Event("choose", "0.0"))  # the far corner
    assert s.fig("A.T1").cell == (0, 0) and s.step == "lineup" and s.ask.team == 0  # it may move more
    assert "Red Ravagers T1 lines up at 0.0 instead of 15.14" in s.log[-1].text
    match.submit(Event("choose", "A.T2"))
    match.submit(Event("choose", "15.14"))  # onto the square T1 left
    assert s.fig("A.T2").cell == (15, 14)
    match.submit(READY)
    match.submit(Event("choose", "B.T1"))  # the other team's squares are behind its own line
    assert "60.3" in match.legal().ids and "3.3" not in match.legal().ids
    match.submit(Event("choose", "60.3"))
    assert s.fig("B.T1").cell == (60, 3) and len(match.events) == 7  # every input one event


def test_stay_goes_back_to_the_choice_of_figure():
    match = field()
    s = match.state
    match.submit(Event("choose", "A.T1"))
    prompt = match.prompt()
    assert prompt.options[0].id == "stay" and prompt.options[0].key == "0"
    assert all(o.id[0].isdigit() for o in prompt.options[1:])  # then only squares: their keys are the near ones
    match.submit(Event("choose", "stay"))
    assert s.step == "lineup" and cells(match) == cells(field())


def test_squares_beyond_the_line_taken_squares_fallen_figures_and_the_other_teams_figures_are_refused():
    match = field()
    s = match.state
    s.fig("A.T2").status = "out"  # lying where it stands (15.18): it stays there
    match.submit(Event("choose", "A.T1"))
    assert "not behind your slargeline" in refused(match, "16.14") and "columns 0 to 15" in refused(match, "40.2")
    assert refused(match, "3.40").startswith("3.40 is not behind your slargeline")  # off the field
    assert refused(match, "15.18") == "15.18 is taken: Red Ravagers T2 is there."
    assert refused(match, "15.16") == "15.16 is taken: Red Ravagers DG1 is there."
    assert "the other team's figure" in refused(match, "B.T1")
    match.submit(Event("choose", "stay"))
    assert refused(match, "A.T2") == "Not now: T2: down: it stays where it lies."
    assert refused(match, "B.T1") == "Blue Bashers T1 is the other team's figure: they line it up when they are asked."
    s.ball(1).cell = (5, 5)  # a groundball behind the line takes its square too
    match.submit(Event("choose", "A.T1"))
    assert refused(match, "5.5") == "5.5 is taken: ball 1 is there."
    assert "5.4" in match.legal().ids  # beside it is free


def test_a_goalie_lines_up_on_any_free_square_of_the_goal_zone_it_attacks():
    match = field()
    s = match.state
    F = geometry(match.rules.data)
    goalie = s.fig("A.G")
    assert F.has(F.zones[1], goalie.cell)  # refbox put it in the zone Red attacks (Blue's, at the right end)
    match.submit(Event("choose", "A.G"))
    squares = [parse_cell(i) for i in match.legal().ids[1:]]
    assert squares and all(F.has(F.zones[1], c) for c in squares)
    assert set(squares) == set(F.cells(F.zones[1])) - {goalie.cell}  # all of it, but where it stands
    assert "goal zone it attacks" in match.prompt().text
    assert refused(match, "40.16") == ("40.16 is not in the goal zone it attacks: a goalie lines up on a free "
                                       "square of columns 64 to 66, rows 10 to 21.")
    match.submit(Event("choose", "64.12"))
    assert goalie.cell == (64, 12) and s.step == "lineup"


def test_a_line_up_change_is_undone_one_input_at_a_time():
    match = field()
    s = match.state
    start = s.fig("A.T1").cell
    match.submit(Event("choose", "A.T1"))
    match.submit(Event("choose", "2.2"))
    match.submit(READY)
    assert s.ask.team == 1
    match.undo()
    assert match.state.step == "lineup" and match.state.ask.team == 0 and match.state.fig("A.T1").cell == (2, 2)
    match.undo()
    assert match.state.step == "lineup_to" and match.state.fig("A.T1").cell == start
    match.undo()
    assert match.state.step == "lineup" and not match.events


def test_at_the_table_nobody_is_asked_to_line_up():
    match = Match.new("slargeball", {"teams": TEAMS, "squads": 1}, seed=3)
    assert match.state.step == "initiative_roll"


# ---- after Break Play ----


def scored(match: Match, turn: int = 1) -> None:
    """Red's T1 flings ball 1 into Blue's bunker from 7 inches (Fling 4) in ``turn``, and play breaks."""
    s = match.state
    while s.step == "lineup":
        match.submit(READY)
    s.turn = turn
    carrier = s.fig("A.T1")
    carrier.cell = (60, 15)
    s.ball(1).put("carried", carrier.id)
    s.ball(1).cell = None
    for _ in range(200):
        if s.step == "fling_menu":
            break
        legal = match.legal()
        if legal.kind == "roll":
            match.submit(Event("roll", [6, 1] if s.step == "initiative_roll" else [6] * len(legal.sides), "digital"))
        else:
            match.submit(Event("choose", next(i for i in ("done", "rest", "no", "next", "hold") if i in legal.ids)))
    match.submit(Event("choose", "goal"))
    match.submit(Event("roll", [1], "digital"))
    assert s.teams[0].score == 1 and s.step == "break_confirm"
    assert "Then each team may change its line-up" in match.prompt().text or turn == s.turns
    match.submit(Event("confirm"))


def test_after_a_goal_both_teams_are_asked_and_the_team_that_went_second_goes_first():
    match = field()
    scored(match)
    s = match.state
    assert s.step == "lineup" and s.phase == "break" and s.ask.team == 1  # Red went first at kick-off
    assert all(f.cell[0] < 16 for f in s.figures if f.team == 0 and f.pos != "G" and not f.coach)  # the default
    match.submit(Event("choose", "B.T1"))
    match.submit(Event("choose", "63.0"))
    match.submit(READY)
    assert s.step == "lineup" and s.ask.team == 0
    match.submit(READY)
    assert s.step == "initiative_roll" and s.turn == 2 and s.fig("B.T1").cell == (63, 0)


def test_a_team_with_nobody_standing_is_not_asked():
    match = field()
    for f in match.state.figures:
        if f.team == 1 and not f.coach:
            f.status = "out"
    scored(match)
    assert match.state.step == "lineup" and match.state.ask.team == 0  # Blue's turn came first: nobody to place
    match.submit(READY)
    assert match.state.step == "initiative_roll"


def test_after_the_last_turns_break_play_the_match_ends_without_a_line_up():
    match = field()
    scored(match, turn=match.state.turns)
    assert match.state.phase == "over" and match.legal().kind == "over"


# ---- the computer coach and random play ----


def test_the_computer_coach_keeps_refboxs_line_up_without_weighing():
    rules = registry.lookup("slargeball").load()
    game = Game.start(rules, rules.Setup.model_validate(FIELD))
    for level in ("greedy", "search"):
        decision = make(level, 0, seed=1, iterations=2).decide(game)
        assert decision.event == READY and "without weighing" in decision.reason


def test_random_play_mostly_keeps_the_line_up_and_draws_every_other_answer_as_before():
    drawer, plain = LineupDrawer(), Drawer()
    lineup = Legal("choose", 0, ("ready", "A.DG1", "A.T1", "A.T2"))
    rng = random.Random(1)
    drawn = [drawer.draw(lineup, rng).value for _ in range(2000)]
    assert abs(drawn.count("ready") / 2000 - READY_ODDS) < 0.03 and set(drawn) == set(lineup.ids)
    other = Legal("choose", 0, ("done", "rest", "A.T1", "A.T2"))
    a, b = random.Random(5), random.Random(5)
    assert [drawer.draw(other, a).value for _ in range(50)] == [plain.draw(other, b).value for _ in range(50)]


# ---- a field match saved before line-ups were asked ----


def test_a_field_journal_of_rules_version_2_replays_with_the_ready_answers_it_implied(tmp_path):
    from saved_match import write_journal

    from refbox.engine.journal import FORMAT_VERSION
    from refbox.games.slargeball.demo import field_chooser

    match = Match.new("slargeball", FIELD, seed=8)  # a seed whose random play breaks once (everyone is down)
    rng, choose, implied = random.Random(8), field_chooser(match), 0
    while match.legal().kind != "over":
        if match.state.step == "lineup":  # version 2 took refbox's line-up without asking
            match.submit(READY)
            implied += 1
        else:
            match.submit(choose(match.prompt(), rng))
    assert implied == 4  # the kick-off's two and a Break Play's two
    old = [e for e, step in zip(match.events, steps_of(match)) if step != "lineup"]
    path = tmp_path / "old-field.jsonl"
    v2 = SimpleNamespace(header=match.header.model_copy(update={"rules_version": 2}), events=old)
    write_journal(v2, path, FORMAT_VERSION)
    loaded, message = Match.load(path)
    assert message.startswith("This match was saved by an older refbox")
    assert loaded.state == match.state and len(loaded.events) == len(old) + implied
    loaded.close()


def steps_of(match: Match) -> list[str]:
    """The question each input of ``match`` answered."""
    replay = Match(match.header, None)
    steps = []
    for event in match.events:
        steps.append(replay.state.step)
        replay.submit(event)
    return steps


def test_a_version_2_journal_that_stopped_at_a_break_play_resumes_at_the_next_initiative_roll():
    from refbox.games.slargeball.demo import field_chooser

    rules = registry.lookup("slargeball").load()
    setup = rules.Setup.model_validate(FIELD)
    match = Match.new("slargeball", FIELD, seed=8)  # as above: play breaks once
    rng, choose, old = random.Random(8), field_chooser(match), []
    while not old or old[-1].kind != "confirm":
        answer = READY if match.state.step == "lineup" else choose(match.prompt(), rng)
        match.submit(answer)
        if answer is not READY:
            old.append(answer)
    upgraded = rules.upgrade_events(2, setup, old)
    assert upgraded == [READY, READY, *old, READY, READY]  # the kick-off's, and the Break Play's after the last
    while match.state.step == "lineup":
        match.submit(READY)
    state = rules.begin(setup)
    for event in upgraded:
        rules.apply(state, event)
    assert state.step == "initiative_roll" and state.phase == "initiative"
    assert state.figures == match.state.figures and state.turn == match.state.turn


def test_a_table_journal_of_version_2_is_taken_as_it_is():
    rules = registry.lookup("slargeball").load()
    table = Match.new("slargeball", {"teams": TEAMS, "squads": 1}, seed=3)
    for _ in range(30):
        table.submit(rules.drawer.draw(table.legal(), random.Random(len(table.events))))
    assert rules.upgrade_events(2, table.rules.Setup.model_validate(table.header.setup), table.events) == table.events
