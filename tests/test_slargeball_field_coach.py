"""The computer coach on Slargeball!'s field: a goal outweighs custody, a carrier is worth more nearer the
bunker and less with an opponent on it, the Move sub-phase sends on the figure that gains (else "done"), a
carrier in range flings at the goal, a pass is offered only when it beats holding, and a greedy coach beats
random play."""

import random

from refbox.engine import registry
from refbox.engine.coach import deciders, make
from refbox.engine.play import Game, play_out
from refbox.engine.prompts import Event
from refbox.games.slargeball import coaching, coaching_options
from test_slargeball_field_play import _table, _to


def carrying(t, fig_id: str, cell, ball: int = 1):
    s = t.state
    f = s.fig(fig_id)
    f.cell = cell
    s.ball(ball).put("carried", f.id)
    s.ball(ball).cell = None
    return f


def test_a_goal_outweighs_any_custody():
    t = _table()
    s = t.state
    carrying(t, "A.T1", (60, 15))  # in range of the bunker it attacks
    holding = t.rules.evaluate(s, 0)
    s.ball(1).put("ground")
    s.ball(1).cell = (32, 16)
    s.teams[0].score = 1
    assert t.rules.evaluate(s, 0) > holding > 0.5
    assert abs(t.rules.evaluate(s, 0) + t.rules.evaluate(s, 1) - 1) < 1e-9


def test_a_carrier_is_worth_more_nearer_the_bunker_and_less_with_an_opponent_on_it():
    t = _table()
    s = t.state
    data = t.rules.data
    f = carrying(t, "A.T1", (30, 15))
    far = coaching.field_worth(s, data, 0)
    f.cell = (50, 15)
    near = coaching.field_worth(s, data, 0)
    s.fig("B.DG1").cell = (51, 15)  # Whap 4, in base contact
    threatened = coaching.field_worth(s, data, 0)
    assert near > far and threatened < near


def test_the_move_sub_phase_sends_on_the_carrier_towards_the_bunker():
    t = _table()
    s = t.state
    carrying(t, "A.T1", (30, 15))
    _to(t, "field_move", 0)
    while not any(i == "A.T1" for i in t.rules.legal(s).ids):
        t.send(Event("choose", "done"))
        _to(t, "field_move", 0)
    legal = t.rules.legal(s)
    assert "rest" in legal.ids
    assert t.rules.coach_options(s, legal) == ("A.T1",)
    t.send(Event("choose", "A.T1"))
    kept = t.rules.coach_options(s, t.rules.legal(s))
    assert "36.15" in kept  # six inches straight on: the nearest to the bunker it can reach


def test_nobody_moves_when_no_square_gains():
    t = _table()
    s = t.state
    _to(t, "field_move", 0)
    legal = t.rules.legal(s)
    assert coaching_options.which_figure(s, t.rules.data, legal) != "rest"
    for b in s.balls:  # no ball on the field to run for: nothing a move could gain
        b.put("out")
        b.cell = None
    assert coaching_options.which_figure(s, t.rules.data, legal) == "done"


def test_a_carrier_in_range_weighs_the_goal_and_a_greedy_coach_flings_at_it():
    t = _table()
    s = t.state
    carrying(t, "A.T1", (60, 15))
    _to(t, "fling_menu", 0)
    legal = t.rules.legal(s)
    assert t.rules.coach_options(s, legal) == ("goal", "hold")
    game = Game(t.rules, s)
    assert make("greedy", 0, seed=1, iterations=1).decide(game, legal).event.value == "goal"


def test_a_pass_is_offered_only_when_it_beats_holding():
    t = _table()
    s = t.state
    data = t.rules.data
    carrying(t, "A.T1", (53, 15))  # 14 inches from the bunker: out of range
    goalie = s.fig("A.G")
    goalie.cell = (64, 15)  # at the front of the opposing zone, 11 inches away
    _to(t, "fling_menu", 0)
    legal = t.rules.legal(s)
    assert legal.ids == ("spot", "hold")
    assert coaching_options.fling_menu(s, data, legal) == ("hold",)  # free, it runs two inches and flings next turn
    s.fig("B.DG1").cell = (54, 15)  # held by a Defensive Grelker (Whap 4): the pass is worth more
    assert coaching_options.fling_menu(s, data, legal) == ("spot",)
    t.send(Event("choose", "spot"))
    aims = t.rules.coach_options(s, t.rules.legal(s))
    drop = coaching_options.zone_drops(s, data, s.fig("A.T1"))[0]
    assert aims[0] == f"{drop[0]}.{drop[1]}"  # down in the zone beside the goalie (nobody else may fetch it)
    assert f"{goalie.cell[0]}.{goalie.cell[1]}" in aims  # or to the goalie's hands
    goalie.status = "out"  # no goalie to pass to: it holds
    s.step, legal = "fling_menu", legal
    assert coaching_options.fling_menu(s, data, legal) == ("hold",)


def test_the_coach_storms_on_only_for_a_net_gain():
    t = _table(3)
    s = t.state
    data = t.rules.data
    assert coaching_options.storm_target(s, data, 0) is None  # at kick-off nobody stands between
    for n, f in enumerate(f for f in s.figures if f.team == 1 and not f.coach and f.pos != "G"):
        if n < 6:
            f.cell = (15 - n % 3, 31 - n // 3 * 2)  # a knot of opponents by Red's bench
    target = coaching_options.storm_target(s, data, 0)
    assert target is not None and target.startswith("A.")


def _match(sides: tuple[str, str], seed: int) -> tuple[int, int]:
    rules = registry.lookup("slargeball").load()
    setup = rules.Setup.model_validate({**rules.headless_setup(), "board": "screen"})
    coaches = {s: make(sides[s], s, seed=seed, iterations=4) for s in (0, 1)}  # no clock: the same game every run
    rng = random.Random(seed)
    game = Game.start(rules, setup)
    play_out(game, deciders(coaches, rng, rules.drawer), rng)
    return game.outcome()


def test_a_greedy_coach_scores_and_never_loses_to_random_play():
    scores = [_match(("greedy", "random"), seed) for seed in (1, 2, 3)]
    assert all(g >= r for g, r in scores) and sum(g for g, _ in scores) >= 2, scores


def test_the_whap_phase_reads_contact_from_the_cells_as_the_positions_say():
    """flow._touches_opponent (a map of standing cells, read once a question) answers what
    field.opponents_touching answers, figure by figure, all through seeded field games."""
    from refbox.engine.match import Match
    from refbox.engine import random_play
    from refbox.games.slargeball import flow
    from refbox.games.slargeball.demo import TEAMS, field_chooser
    from refbox.games.slargeball.field import opponents_touching

    compared = 0
    for seed, squads in ((5, 2), (6, 3)):
        match = Match.new("slargeball", {"teams": TEAMS, "squads": squads, "board": "screen"}, seed=seed)

        def check(m):
            nonlocal compared
            figures = m.state.figures
            team_at = flow._standing_teams(figures)
            for f in figures:
                if f.on_field and f.cell is not None:
                    assert flow._touches_opponent(f, team_at) == bool(opponents_touching(m.state, f)), f.id
                    compared += 1

        random_play.play_random(match, seed, invariant=check, choose=field_chooser(match))
    assert compared > 10_000


def test_a_ball_put_down_in_the_zone_beside_our_goalie_is_nearly_a_goal_and_is_offered_as_an_aim():
    t = _table()
    s = t.state
    data = t.rules.data
    carrying(t, "A.T1", (54, 15))  # 13 inches from the bunker: the goal is out of range
    goalie = s.fig("A.G")
    goalie.cell = (65, 15)  # deep in the zone Red attacks: no field figure can touch it there
    _to(t, "fling_menu", 0)
    s.fig("B.DG1").cell = (55, 15)  # and the carrier is held
    legal = t.rules.legal(s)
    drops = coaching_options.zone_drops(s, data, s.fig("A.T1"))
    assert drops and all(abs(c[0] - 65) <= 1 and abs(c[1] - 15) <= 1 and c != (65, 15) for c in drops)
    assert drops[0][0] == 66  # the deepest first
    assert coaching_options.fling_menu(s, data, legal) == ("spot",)
    t.send(Event("choose", "spot"))
    assert t.rules.coach_options(s, t.rules.legal(s))[0] == f"{drops[0][0]}.{drops[0][1]}"
    ball = s.ball(1)  # down beside the goalie, in the zone: worth far more than a ball on open field
    ball.put("ground")
    ball.cell = drops[0]
    s.fig("A.T1").cell = (40, 15)
    in_zone = coaching.field_worth(s, data, 0)
    ball.cell = (56, 15)
    assert in_zone > coaching.field_worth(s, data, 0) + 0.3


def test_a_figure_that_can_only_stay_or_run_off_is_not_sent_on(monkeypatch):
    """Boxed in at the edge, a figure's only squares are "stay" and "off" (offside): the planner weighs no
    square for it (a sim once stopped on reading "off" as a square) and says "done"."""
    from refbox.games.slargeball import steps_field

    t = _table()
    s = t.state
    _to(t, "field_move", 0)
    monkeypatch.setattr(steps_field, "_dest_ids", lambda state, data, fig: ("stay", "off"))
    assert coaching_options.which_figure(s, t.rules.data, t.rules.legal(s)) == "done"


def test_the_search_budgets_a_whole_move_phase_not_each_square():
    t = _table()
    s = t.state
    _to(t, "field_move", 0)
    phase, left = t.rules.coach_phase(s, 0)
    free = [f for f in s.figures if f.team == 0 and f.up and f.on_field and not f.frozen and not f.coach]
    assert phase == (s.turn, "move") and left == len(free)
    s.moved.append(free[0].id)
    assert t.rules.coach_phase(s, 0) == (phase, left - 1)
    assert t.rules.search_limits["phase_ms"] <= 1000  # a phase decided in under a second
    s.board = False
    assert t.rules.coach_phase(s, 0) is None  # at the table: per decision


def test_a_whap_at_an_opponent_in_our_carriers_way_is_worth_more_and_the_carrier_goes_round_a_line():
    """Knocking out an opponent between our carrier and the bunker opens a hole in the line (BLOCK); and a
    carrier's distance is open running round the opponents' bases (open_gap), not through them."""
    t = _table()
    s = t.state
    data = t.rules.data
    _to(t, "field_move", 0)
    carrier = carrying(t, "A.T1", (40, 15))
    F = coaching.geometry(data)
    standing = [f for f in s.figures if f.up and f.on_field and f.cell is not None and not f.coach]
    clear = coaching.open_gap(F, carrier, 12, standing)
    line = [f for f in s.figures if f.team == 1 and f.pos != "G" and not f.coach][:3]
    for row, f in zip((13, 15, 17), line):
        f.cell = (44, row)  # a line of opponents across the carrier's way
    standing = [f for f in s.figures if f.up and f.on_field and f.cell is not None and not f.coach]
    assert coaching.open_gap(F, carrier, 12, standing) > clear  # round their bases, not through them
    for f in line:
        f.cell = (20 + line.index(f) * 3, 30)
    s.fig("B.DG1").cell = (44, 15)
    escort = s.fig("A.DG1")
    escort.cell = (45, 15)  # in contact with the opponent in the way
    in_the_way = coaching.field_worth(s, data, 0)
    s.fig("B.DG1").cell, escort.cell = (20, 5), (21, 5)  # the same contact, far behind the carrier
    elsewhere = coaching.field_worth(s, data, 0)
    assert in_the_way - elsewhere > 0  # (the carrier's way is also open in the second case: compare the whaps)
    carrier.cell = None
    s.ball(1).put("ground")
    s.ball(1).cell = (60, 30)
    s.fig("B.DG1").cell, escort.cell = (44, 15), (45, 15)
    no_carrier_near = coaching.field_worth(s, data, 0)
    s.fig("B.DG1").cell, escort.cell = (20, 5), (21, 5)
    assert abs(coaching.field_worth(s, data, 0) - no_carrier_near) < 0.02


def test_a_slow_carrier_deep_in_its_own_half_still_runs_on():
    """Far from range a step gains little (the chance falls off but never to nothing), yet a carrier takes it:
    all the steps add up (a Defensive Grelker once held a ball by its own line for sixteen turns)."""
    t = _table()
    s = t.state
    carrying(t, "A.DG1", (12, 15))
    _to(t, "field_move", 0)
    legal = t.rules.legal(s)
    assert "A.DG1" in legal.ids
    assert coaching_options.which_figure(s, t.rules.data, legal) == "A.DG1"
    assert coaching._closing(60) < coaching._closing(50) < coaching._closing(40)
