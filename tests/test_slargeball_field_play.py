"""Slargeball! on refbox's field: seeded matches played with a purpose finish, never ask the table about
contact, landings, piles, range, offside or the coach's path, keep the positions sound after every input,
and replay to the same state."""

import random
import re
from collections import Counter

import pytest

from refbox.engine import random_play
from refbox.engine.match import Match
from refbox.engine.prompts import Event
from refbox.games.slargeball.demo import TEAMS, field_chooser
from refbox.games.slargeball.field import geometry

TABLE_QUESTIONS = {"move_menu", "move_figure", "air_landed", "ground_contact", "bonk_contacts", "walk_by",
                   "coach_arrived", "fling_landing", "bonk_landing"}
"""What the table answers when it keeps the positions: on the field refbox works all of it out."""


def positions_are_sound(match: Match) -> None:
    s = match.state
    F = geometry(match.rules.data)
    cells = Counter()
    for f in s.figures:
        assert f.cell is not None, f"{f.id} has no cell"
        if f.coach and not f.on_field:
            assert s.teams[f.team].coach.mode == "bench", f"{f.id} is off the field but not on the bench"
            continue
        assert f.on_field, f"{f.id} left the field"
        cells[f.cell] += 1
        kind = F.kind(f.cell)[0]
        if f.coach:
            assert kind != "off", f"{f.id} ran beyond the band"
        elif f.up:
            allowed = ("field", "zone", "bunker") if f.pos == "G" else ("field",)
            assert kind in allowed or s.phase == "break", f"{f.id} stands on {kind} at {f.cell}"
        else:
            assert kind in ("field", "zone", "bunker"), f"{f.id} fell off the field at {f.cell}"
    assert all(n == 1 for n in cells.values()), f"two figures on one cell: {[c for c, n in cells.items() if n > 1]}"
    for b in s.balls:
        if b.where == "carried":
            carrier = s.fig(b.carrier)
            assert carrier.up and b.cell is None, f"ball {b.id} is held by a fallen {carrier.id}"
        elif b.where == "ground":
            assert b.cell is not None and F.kind(b.cell)[0] in ("field", "zone"), f"ball {b.id} lies nowhere"
            assert b.cell not in cells, f"groundball {b.id} under a figure at {b.cell}"
        elif b.where == "air":
            assert b.cell is not None, f"airball {b.id} has no landing cell"
        else:
            assert b.cell is None
    assert s.step not in TABLE_QUESTIONS, f"the table is asked {s.step}"


def play(seed: int, squads: int) -> tuple[Match, Counter]:
    match = Match.new("slargeball", {"teams": TEAMS, "squads": squads, "board": "screen"}, seed=seed)
    asked: Counter = Counter()

    def check(m: Match) -> None:
        asked[m.state.step] += 1
        positions_are_sound(m)

    positions_are_sound(match)
    random_play.play_random(match, seed, invariant=check, choose=field_chooser(match))
    return match, asked


@pytest.mark.parametrize("seed,squads", [(1, 1), (2, 2), (3, 3), (4, 5)])
def test_seeded_matches_on_the_field_finish_sound_and_replay(seed, squads):
    match, asked = play(seed, squads)
    assert match.state.phase == "over" and match.state.turn == 25
    assert asked["field_dest"] > 0 and asked["whap_roll"] > 0 and asked["nab_roll"] > 0
    assert random_play.replayed(match).state == match.state


def test_across_seeds_every_part_of_the_game_happens():
    """Whaps, flings, scatters, nabs, ballbonks, wake-ups, goals, coach runs and Break Play, all from the
    positions."""
    seen: Counter = Counter()
    for seed in range(5, 11):
        match, asked = play(seed, 3)
        seen.update(asked)
        seen.update(line.text.split(" ")[0] for line in match.state.log)
        seen["GOAL"] += sum("GOAL" in line.text for line in match.state.log)
        seen["mired"] += sum("mired" in line.text for line in match.state.log)
        seen["bonk"] += sum("ballbonked" in line.text for line in match.state.log)
    for step in ("whap_roll", "fling_roll", "fling_scatter", "nab_roll", "wake_roll", "walk_by_roll",
                 "move_roll", "coach_roll"):
        assert seen[step] > 0, f"no {step} in six matches"
    assert seen["mired"] > 0  # goals are rare in a scrum of random moves: the tests below score them


def test_a_checkpoint_of_a_state_on_the_field_loads_back_as_the_same_state():
    from refbox.engine import plain
    from refbox.games.slargeball.models import State

    match = Match.new("slargeball", {"teams": TEAMS, "squads": 2, "board": "screen"}, seed=7)
    random_play.advance(match, 300, random.Random(7), field_chooser(match))
    again = plain.load(State, plain.dump(match.state))
    assert again == match.state and again.board and all(f.cell is not None for f in again.figures)


def test_a_setup_without_a_board_is_at_the_table_and_a_field_match_starts_lined_up():
    """A setup that names no board is an old journal's (the table); a new match names the field (new_setup)."""
    table = Match.new("slargeball", {"teams": TEAMS, "squads": 1}, seed=1)
    assert not table.state.board and all(f.cell is None for f in table.state.figures)
    field = Match.new("slargeball", {"teams": TEAMS, "squads": 1, "board": "screen"}, seed=1)
    F = geometry(field.rules.data)
    goalies = [f for f in field.state.figures if f.pos == "G"]
    assert [F.kind(g.cell) for g in goalies] == [("zone", 1), ("zone", 0)]  # each in the opposing zone
    for f in field.state.figures:
        if f.pos != "G":
            assert (f.cell[0] < 16) == (f.team == 0) and (f.cell[0] >= 48) == (f.team == 1)
    assert [b.cell for b in field.state.balls] == [(32, 16)]


def _table(squads: int = 1) -> random_play.RulesTable:
    from refbox.engine import registry

    rules = registry.lookup("slargeball").load()
    return random_play.RulesTable(rules, {"teams": TEAMS, "squads": squads, "board": "screen"})


def _to(t: random_play.RulesTable, step: str, team: int | None = None) -> None:
    """Answer neutrally (stay, hold, no) until ``step`` is asked (of ``team``)."""
    from refbox.engine.prompts import Choose, Confirm, Roll

    for _ in range(500):
        if t.state.step == step and (team is None or t.state.ask.team == team):
            return
        p = t.prompt()
        if isinstance(p, Roll):
            faces = [6, 1] if t.state.step == "initiative_roll" else [1] * len(p.dice)
            t.send(Event("roll", faces, "digital"))
        elif isinstance(p, Confirm):
            t.send(Event("confirm"))
        elif isinstance(p, Choose):
            ids = [o.id for o in p.options]
            t.send(Event("choose", next((i for i in ("done", "hold", "no", "next", "stay") if i in ids), ids[0])))
        else:
            raise AssertionError(f"unexpected prompt at {t.state.step}")
    raise AssertionError(f"never reached {step}")

def _at_fling(t: random_play.RulesTable, fig_id: str = "A.T1", cell=(40, 15)):
    """``fig_id`` carries ball 1 on ``cell`` (out of range of the bunker), and its team is asked to fling."""
    s = t.state
    carrier = s.fig(fig_id)
    carrier.cell = cell
    s.ball(1).put("carried", carrier.id)
    s.ball(1).cell = None
    _to(t, "fling_menu", 0)
    return carrier



def test_a_fling_at_the_goal_from_range_scores_and_play_breaks_into_the_line_up():
    t = _table()
    s = t.state
    carrier = s.fig("A.T1")
    carrier.cell = (60, 15)  # 7 inches from the right-hand bunker, Fling 4: range 12
    s.ball(1).put("carried", carrier.id)
    s.ball(1).cell = None
    _to(t, "fling_menu", 0)
    assert t.rules.legal(s).ids == ("spot", "goal", "hold")
    t.send(Event("choose", "goal"), Event("roll", [1], "digital"))
    assert s.teams[0].score == 1 and s.step == "break_confirm"
    t.send(Event("confirm"))
    positions_are_sound(type("M", (), {"state": s, "rules": t.rules})())
    assert s.ball(1).where == "ground" and s.ball(1).cell == (32, 16)  # back at the centre
    assert all(f.cell[0] < 16 for f in s.figures if f.team == 0 and f.pos != "G" and not f.coach)


def test_a_goal_out_of_range_is_not_offered_and_a_fling_aims_at_a_square():
    t = _table()
    s = t.state
    carrier = _at_fling(t)
    assert t.rules.legal(s).ids == ("spot", "hold")
    t.send(Event("choose", "spot"))
    aims = t.rules.legal(s).ids
    assert "52.15" in aims and "53.15" not in aims  # 12 inches and 13
    t.send(Event("choose", "52.15"), Event("roll", [1], "digital"))
    assert s.ball(1).where == "ground" and s.ball(1).cell == (52, 15)  # on target, down on open ground


def test_a_fling_aimed_at_a_figure_in_range_is_that_figures_own_letter():
    """A figure answers to its own letter in every question: aiming at a team-mate is pressing its key, never a
    key that the list happened to give an empty square (a pass to 'w' once went to an empty square keyed w)."""
    from refbox.ui.keys import assign_keys

    t = _table()
    s = t.state
    carrier, mate = s.fig("A.T1"), s.fig("A.N1")
    carrier.cell, mate.cell = (40, 15), (45, 17)
    s.ball(1).put("carried", carrier.id)
    s.ball(1).cell = None
    _to(t, "fling_menu", 0)
    t.send(Event("choose", "spot"))
    prompt = t.prompt()
    keys = dict(zip((o.id for o in prompt.options), assign_keys([o.key for o in prompt.options])))
    assert keys["45.17"] == mate.key
    assert list(keys.values()).count(mate.key) == 1


def test_a_goalie_carries_its_ball_into_the_opposing_bunker():
    t = _table()
    s = t.state
    goalie = s.fig("A.G")
    goalie.cell = (62, 15)
    s.ball(1).put("carried", goalie.id)
    s.ball(1).cell = None
    _to(t, "field_move", 0)
    while s.fig(t.rules.legal(s).ids[0]).pos != "G":
        t.send(Event("choose", "done"))
        _to(t, "field_move", 0)
    t.send(Event("choose", "A.G"))
    assert "67.15" in t.rules.legal(s).ids  # the bunker: a goalie with a ball may end there
    t.send(Event("choose", "67.15"))
    assert s.teams[0].score == 1 and s.step == "break_confirm"


def test_whaps_are_offered_only_between_figures_in_contact():
    t = _table()
    s = t.state
    a, b = s.fig("A.T1"), s.fig("B.T1")
    a.cell, b.cell = (30, 10), (31, 11)
    _to(t, "whap_roll")  # nobody is asked who whaps: the two in contact do (ruling field-whaps)
    assert s.ask.figure == "A.T1" and s.ask.queue == ("B.T1",)
    t.send(Event("roll", [6], "digital"))
    assert s.step == "whap_roll" and s.ask.figure == "B.T1" and s.ask.queue == ("A.T1",)
    t.send(Event("roll", [6], "digital"))
    assert s.phase != "whap"


def test_sim_plays_the_field_unless_asked_for_the_table_and_a_ruleset_without_a_choice_refuses():
    from refbox.commands import sim as simulate
    from refbox.engine import registry

    assert simulate.sim_setup(registry.lookup("slargeball"), "screen").board == "screen"
    assert simulate.sim_setup(registry.lookup("slargeball")).board == "screen"  # where a new match is played
    assert simulate.sim_setup(registry.lookup("slargeball"), "table").board == "table"  # the fingerprints' setup
    with pytest.raises(ValueError, match="no board"):
        simulate.sim_setup(registry.lookup("rulerball"), "screen")


def test_the_computer_coach_weighs_a_few_purposeful_squares_and_plays_only_on_the_field():
    t = _table(2)
    s = t.state
    assert t.rules.computer_can_play(t.rules.Setup.model_validate({"teams": TEAMS, "squads": 2, "board": "screen"}))
    assert not t.rules.computer_can_play(t.rules.Setup.model_validate({"teams": TEAMS, "squads": 2}))
    _to(t, "field_move", 0)
    t.send(Event("choose", t.rules.legal(s).ids[0]))
    legal = t.rules.legal(s)
    kept = t.rules.coach_options(s, legal)
    assert kept[0] == "stay" and len(kept) <= 16 < len(legal.ids) and set(kept) <= set(legal.ids)
    from refbox.games.slargeball.field import parse_cell
    ball = min((b.cell for b in s.balls), key=lambda c: (c[0] - s.fig(s.ask.figure).cell[0]) ** 2)
    nearest = min((i for i in legal.ids if "." in i), key=lambda i: (
        (parse_cell(i)[0] - ball[0]) ** 2 + (parse_cell(i)[1] - ball[1]) ** 2) ** 0.5)
    assert nearest in kept  # towards the loose ball
    assert 0 < t.rules.evaluate(s, 0) < 1 and abs(t.rules.evaluate(s, 0) + t.rules.evaluate(s, 1) - 1) < 1e-9


def test_a_quiet_turn_on_the_field_takes_a_handful_of_inputs():
    """Nobody moves (key 0: "nobody else of ours moves"), coaches stay on the bench: the initiative roll, one
    key per side and one per coach, at most 12 in a turn; the first turn adds a key per side for refbox's
    line-up (key 1: "ready")."""
    match = Match.new("slargeball", {"teams": TEAMS, "squads": 3, "board": "screen"}, seed=2)
    rng = random.Random(2)
    turn_starts = {}
    while match.state.turn <= 2:
        turn_starts.setdefault(match.state.turn, len(match.events))
        p = match.prompt()
        ids = [o.id for o in getattr(p, "options", ())]
        answer = next((Event("choose", i) for i in ("ready", "rest", "no") if i in ids), None)
        match.submit(answer or random_play.random_answer(p, rng))
    assert turn_starts[2] <= 14  # the kick-off's line-ups and the first turn
    assert len(match.events) - turn_starts[2] <= 12  # a quiet turn
    assert all(f.cell == g.cell for f, g in zip(match.state.figures, Match.new(
        "slargeball", {"teams": TEAMS, "squads": 3, "board": "screen"}, seed=2).state.figures))


def test_a_square_that_is_no_answer_is_refused_with_the_reason_the_positions_give():
    """Choose.explain of a field move and of a fling's aim: the distance against the Move or the range, who
    stands there, a goal zone only goalies enter, a bunker aimed at by the fling at the goal."""
    from refbox.engine.errors import InvalidInput
    from refbox.engine.prompts import check

    t = _table()
    s = t.state
    _to(t, "field_move", 0)
    t.send(Event("choose", "A.DG1"))
    grelker, prompt = s.fig("A.DG1"), t.prompt()
    assert "(u: another figure)" in prompt.text  # a wrong figure picked: undo, not a square
    (c, r) = grelker.cell
    mate = next(f for f in s.figures if f.team == 0 and f.id != "A.DG1" and f.on_field and f.cell is not None)
    for value, reason in ((f"{c + 5}.{r}", "5.0 in away, Move 4"),
                          (f"{mate.cell[0]}.{mate.cell[1]}", f"Red Ravagers {mate.tag} stands there"),
                          ("-2.15", "a goal zone, where only a goalie goes")):
        with pytest.raises(InvalidInput, match=f"^{re.escape(value)} is not one of the answers: {reason}\\.$"):
            check(t.rules.legal(s), Event("choose", value), prompt)
    carrier = _at_fling(t)
    t.send(Event("choose", "spot"))
    with pytest.raises(InvalidInput, match=r"^60\.15 is not one of the answers: 20\.0 in away, the range is 12 in\.$"):
        check(t.rules.legal(s), Event("choose", "60.15"), t.prompt())


def test_the_walk_by_whaps_show_the_coach_and_everyone_in_his_corridor():
    """While the walk-by whaps are rolled the field marks the coach who stormed past and each figure he
    reached (the corridor's figures, whom the dice name); while his team decides and rolls whether he storms
    on, and picks his target, he is marked too."""
    from refbox.games.slargeball.field import view_square
    from refbox.games.slargeball.view import COACH_STEPS, field_view

    found, asked = [], set()

    def check(m: Match) -> None:
        s = m.state
        if s.step in COACH_STEPS and s.step != "walk_by_roll":
            view = field_view(s, m.rules.data)
            at = view_square(geometry(m.rules.data), s.coach_of(s.ask.team).cell)
            assert view.marks.get(at) == "mover" and view.focus == at, s.step
            asked.add(s.step)
        if s.step == "coach_target":  # his team's figures as the field names them: tag, position, square
            for option in m.prompt().options:
                f = s.fig(option.id)
                assert option.label.startswith(f"{f.tag} ") and f" at {f.cell[0]}.{f.cell[1]}" in option.label
                assert option.at == view_square(geometry(m.rules.data), f.cell)
        if s.step == "walk_by_roll" and not found:
            view = field_view(s, m.rules.data)
            F = geometry(m.rules.data)
            coach = s.coach_of(s.ask.team)
            found.append((view.marks.get(view_square(F, coach.cell)), view.focus == view_square(F, coach.cell),
                          {view.marks.get(view_square(F, s.fig(i).cell)) for i in s.ask.queue}))

    for seed in range(5, 11):
        match = Match.new("slargeball", {"teams": TEAMS, "squads": 3, "board": "screen"}, seed=seed)
        random_play.play_random(match, seed, invariant=check, choose=field_chooser(match))
        if found:
            break
    assert found == [("mover", True, {"target"})]
    assert asked == {"coach_menu", "coach_roll", "coach_target"}
