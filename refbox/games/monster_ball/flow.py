"""The play's bookkeeping: who is fielded, plays starting and ending, downs, scores, penalties, rounds."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal, Sequence

from refbox.games.monster_ball import lineups, places
from refbox.games.monster_ball.data import Creature, Data
from refbox.games.monster_ball.models import Contest, Kick, PlayKind, PlayStart, State

MAX_ON_FIELD = 11
Stat = Literal["hustle", "block", "tackle", "pass_", "catch", "kick", "cheat"]


# ---- players and dice ----


def creature(s: State, data: Data, pid: str) -> Creature:
    got = data.squads.of(s, 0 if pid[0] == "L" else 1).creatures.get(pid)
    if got is None:
        s.player(pid)  # raises the RuleError for an unknown id
    return got  # type: ignore[return-value]


def die(s: State, data: Data, pid: str, stat: Stat) -> int:
    return getattr(creature(s, data, pid), stat)


def ref_number(s: State, data: Data) -> int:
    return data.referee(s.referee).catches_at_most


def stamp(s: State) -> str:
    play = s.play
    if play is None:
        return "setup" if s.step == "draft" else "between plays"
    return _stamp(play.kind, s.down, s.round)


@lru_cache(maxsize=1024)
def _stamp(kind: str, down: int, n: int) -> str:
    """A log stamp by play kind, down and round (kept: every note is stamped, even in headless play)."""
    return f"{down_words(down)} r{max(n, 1)}" if kind == "scrimmage" else f"{kind} r{max(n, 1)}"


def credit(s: State, kind: str, pid: str | None, team: int | None = None, amount: int = 1) -> None:
    """A fact for the report (MonsterBall.statistics): on player ``pid`` (his team, his name), or on ``team``."""
    if s.logged:
        s.record(kind, s.team_of(pid) if pid else team, s.player(pid).name if pid else None, amount)  # type: ignore[arg-type]


def carried(s: State, data: Data, pid: str, start: tuple[int, int]) -> None:
    """``pid`` moved from ``start`` on the field: if he still has the ball (no touchdown, not out of bounds), the
    squares he gained towards the end zone he attacks (back is negative) are his yards in the report."""
    if s.logged and s.carrier == pid and pid in s.pos:
        p, team = data.pitch, s.team_of(pid)
        gain = p.to_go_at(team, start[0]) - p.to_go_at(team, s.pos[pid][0])
        if gain:
            credit(s, "yards", pid, amount=gain)


def squares(n: int) -> str:
    return f"{n} square" if abs(n) == 1 else f"{n} squares"


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


ORDINALS = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


def down_words(down: int) -> str:
    return ORDINALS.get(down) or f"{down}th"


def ball_team(s: State) -> int:
    if s.ball == "held" and s.carrier is not None:
        return s.team_of(s.carrier)
    if s.ball == "air" and s.air is not None:
        return s.air.team
    return s.holder_team


# ---- fielding ----


def field_unit(s: State, team: int, unit: str) -> None:
    squad = s.teams[team].players
    ids = [p.id for p in squad if not p.ejected and p.unit == unit] or [p.id for p in squad if not p.ejected]
    s.teams[team].field = ids[:MAX_ON_FIELD]


def ensure_fielded(s: State) -> None:
    """A team whose field was emptied by ejections sends on its squad again."""
    for team in (0, 1):
        if not s.teams[team].field:
            field_unit(s, team, "offense" if team == s.possession else "defense")


def refield(s: State, kickoff: bool = False) -> None:
    """The team with the ball fields its offense; at a kick-off the kicking team is the defense."""
    attacking = 1 - s.possession if kickoff else s.possession
    field_unit(s, attacking, "offense")
    field_unit(s, 1 - attacking, "defense")


# ---- plays ----


def begin_play(s: State, kind: PlayKind) -> None:
    s.play = PlayStart(kind=kind, possession=s.possession, to_go=s.to_go, down=s.down)
    s.knocked, s.stunned, s.held, s.cheated, s.penalties, s.round, s.halves_done = [], [], [], [], [0, 0], 0, 0
    s.ball, s.carrier, s.air, s.action, s.contest, s.fumbler = "none", None, None, None, None, None
    s.holder_team, s.hike_catcher, s.used, s.selected, s.crowded = s.possession, None, {}, None, []


def start_kickoff(s: State, data: Data, kicking: int) -> None:
    s.possession, s.to_go, s.down = kicking, data.field.kickoff_to_go, 1
    refield(s, kickoff=True)
    s.play = None
    s.kick = Kick(kind="kickoff")
    s.step = "kick_kicker"


def new_series(s: State, data: Data, team: int, to_go: int, why: str) -> None:
    """``team`` takes over with a first down ``to_go`` squares from the end zone it attacks."""
    changed = team != s.possession
    s.possession, s.to_go, s.down = team, to_go, 1
    if changed:
        refield(s)
    if s.logged:
        s.note(stamp(s), f"{s.teams[team].name} ball, 1st down at the {data.field.yards(to_go)} ({squares(to_go)} to the end zone): {why}.", team)
    play_over(s, data)


def play_over(s: State, data: Data) -> None:
    """After every play: the clock may end the game; otherwise the next play is chosen."""
    s.ball, s.carrier, s.air, s.action, s.contest, s.play = "none", None, None, None, None, None
    s.knocked, s.stunned, s.held, s.cheated, s.round, s.halves_done = [], [], [], [], 0, 0
    s.selected, s.ball_at = None, None
    ensure_fielded(s)
    if s.step == "over":
        return
    if s.victory == "clock" and s.seconds >= data.clock.quarters * data.clock.quarter_seconds:
        a, b = s.teams[0].score, s.teams[1].score
        winner = None if a == b else (0 if a > b else 1)
        finish(s, winner, "the fourth quarter has run out")
        return
    if not (s.kick is not None and s.kick.kind == "kickoff" and s.step == "kick_kicker"):
        s.kick = None
        s.step = "between"
    if s.board:
        lineups.place_lineups(s, data)


def finish(s: State, winner: int | None, why: str) -> None:
    s.ball, s.carrier, s.air, s.action, s.contest = "none", None, None, None, None
    s.winner = winner
    if winner is None:
        s.result = f"Draw {s.teams[0].score} : {s.teams[1].score}: {why}."
    else:
        s.result = f"{s.teams[winner].name} win {s.teams[winner].score} : {s.teams[1 - winner].score}: {why}."
    s.note("final", s.result, winner)
    s.step = "over"


def score(s: State, data: Data, team: int, points: int, how: str, scorer: str | None) -> None:
    """``team`` scores ``points`` (``scorer``: the player the report credits, or None for the team alone)."""
    credit(s, "scores", scorer, team)
    credit(s, "points", scorer, team, points)
    s.teams[team].score += points
    if s.logged:
        s.note(stamp(s), f"{how}: {s.teams[team].name} +{points} ({s.teams[0].score} : {s.teams[1].score}).", team)
    s.penalties = [0, 0]
    if s.victory == "points" and s.teams[team].score >= data.scoring.target_points:
        finish(s, team, f"first to {data.scoring.target_points} points")
        return
    start_kickoff(s, data, team)
    play_over(s, data)


def penalise(s: State, data: Data, team: int, why: str, distance: int | None = None) -> None:
    """Move the line (2 squares) towards ``team``'s own end zone, never into an end zone."""
    distance = data.field.penalty_squares if distance is None else distance
    if team == s.possession:
        s.to_go = min(data.field.squares, s.to_go + distance)
    else:
        s.to_go = max(1, s.to_go - distance)
    if s.logged:
        s.note(stamp(s), f"Penalty on {s.teams[team].name} ({why}): line moved {squares(distance)}, now {squares(s.to_go)} to the end zone.", team)


def eject(s: State, pid: str) -> None:
    team = s.team_of(pid)
    s.player(pid)  # an unknown id is refused
    s.set_out(pid, True)
    s.teams[team].field = [p for p in s.teams[team].field if p != pid]
    s.pos.pop(pid, None)
    for roles in ("center", "quarterback"):
        if getattr(s.teams[team], roles) == pid:
            setattr(s.teams[team], roles, None)


def caught_cheating(s: State, data: Data, cheaters: list[str]) -> None:
    """Ejections, then the play is void: its start is restored and each cheating team loses 2 squares."""
    for pid in cheaters:
        if s.logged:
            s.note(stamp(s), f"Cheat spotted! {s.label(pid)} is ejected.", s.team_of(pid))
        eject(s, pid)
        credit(s, "cheats caught", pid)
    teams = sorted({s.team_of(pid) for pid in cheaters})
    for team in teams:
        credit(s, "penalties", None, team)
    if s.play is not None:
        s.possession, s.to_go, s.down = s.play.possession, s.play.to_go, s.play.down
        if s.logged:
            s.note(stamp(s), "The play is void and will be replayed; its gains are lost.")
        kind = s.play.kind
    else:
        kind = None
    for team in teams:
        penalise(s, data, team, "caught cheating")
    if forfeit(s):
        return
    if kind == "kickoff":
        s.kick = Kick(kind="kickoff")
        s.step = "kick_kicker"
    play_over(s, data)


def forfeit(s: State) -> bool:
    for team in (0, 1):
        if not s.available(team):
            finish(s, 1 - team, f"{s.teams[team].name} have no players left")
            return True
    return False


def end_play(s: State, data: Data, why: str, at: tuple[int, int] | None = None) -> None:
    """The ball is dead: the referee spots it next (on the field refbox spots it where it died: ``at``, else
    the carrier's square, else where the ball lies)."""
    if s.logged:
        s.note(stamp(s), f"Play over: {why}.")
    if s.board:
        spot = at or (s.pos.get(s.carrier) if s.carrier else None) or s.ball_at
        s.ball, s.carrier, s.air, s.ball_at, s.step = "dead", None, None, spot, "spot"
        from refbox.games.monster_ball import downs

        downs.spot_on_field(s, data, spot)
        return
    s.ball, s.carrier, s.air = "dead", None, None
    s.step = "spot"


# ---- rounds ----


def begin_rounds(s: State, data: Data) -> None:
    s.round, s.halves_done, s.seconds, s.mover = 1, 0, s.seconds + data.clock.round_seconds, ball_team(s)
    s.half_id, s.used, s.selected, s.step = s.half_id + 1, {}, None, "move"


def next_half(s: State, data: Data) -> None:
    """The captain who just moved (``s.mover``) is done; the other moves, or a new round begins."""
    if s.halves_done >= 2:
        s.round, s.seconds, s.halves_done = s.round + 1, s.seconds + data.clock.round_seconds, 0
        s.stunned, s.held, s.cheated, s.used = [], [], [], {}
        s.mover = ball_team(s)
    else:
        s.mover = 1 - s.mover
    s.half_id, s.selected, s.step = s.half_id + 1, None, "move"


def end_half(s: State, data: Data) -> None:
    finished = s.mover
    s.halves_done += 1
    s.selected = None
    if s.air is not None and s.air.team != finished:
        if s.edition >= 3 and s.halves_done >= 2 and s.round == s.air.thrown_round:
            # never caught in the round it was thrown (air-time): it comes down as the next round begins
            next_half(s, data)
            s.air.at_round_start = True
        if s.board:
            from refbox.games.monster_ball import passing

            passing.comes_down(s, data)
            return
        s.note(stamp(s), f"The ball comes down by {s.label(s.air.target or '')}.", s.air.team)
        s.action, s.air = s.air, None
        s.step = "pass_contest"
        return
    if s.board and s.air is None and s.ball == "air" and s.kick is not None and s.kick.grid is not None and finished != s.possession:
        from refbox.games.monster_ball import kicks

        kicks.comes_down(s, data)
        return
    next_half(s, data)


def give_ball(s: State, pid: str, announce: bool = True) -> None:
    team = s.team_of(pid)
    if announce and team != s.holder_team:
        if s.logged:
            s.note(stamp(s), f"Turnover: {s.teams[team].name} have the ball.", team)
    s.ball, s.carrier, s.holder_team, s.ball_at = "held", pid, team, None


def scored_on_field(s: State, data: Data, scorer: str | None = "") -> bool:
    """On the field: the carrier stands in the end zone his team attacks (he ran in, or caught or recovered the
    ball there): a touchdown. True if it was one. ``scorer``: whom the report credits, if not the carrier."""
    if not s.board or s.ball != "held" or s.carrier is None or s.carrier not in s.pos:
        return False
    team = s.team_of(s.carrier)
    if not data.pitch.in_end_zone(team, s.pos[s.carrier][0]):
        return False
    if s.logged:
        s.note(stamp(s), f"{s.label(s.carrier)} is in the end zone with the ball.", team)
    score(s, data, team, data.scoring.touchdown, "Touchdown", s.carrier if scorer == "" else scorer)
    return True


def fumble(s: State, data: Data, pid: str, why: str, only: str | None = None, excluded: Sequence[str] = ()) -> None:
    """The ball is loose: the blocker alone (``only``), or anyone next to the fumbler, may recover it."""
    if s.logged:
        s.note(stamp(s), f"Fumble! {s.label(pid)} loses the ball ({why}).", s.team_of(pid))
    s.ball, s.carrier, s.fumbler = "loose", None, pid
    s.ball_at = s.pos.get(pid) if s.board else None
    resume = "rounds" if s.round == 0 else "move"
    s.contest = Contest(purpose="recovery", contenders=[], need=data.challenges.beat, excluded=[pid, *excluded],
                        resume=resume)
    if only is not None:
        if only in s.standing(s.team_of(only)):
            s.contest.contenders = [only]
            s.step = "contest_roll"
        else:
            end_play(s, data, "the ball hits the ground")
        return
    if s.board:  # everyone standing next to the fumbler tries (nobody would let a loose ball go)
        near = places.adjacent_standing(s, s.pos[pid], but=tuple(s.contest.excluded)) if pid in s.pos else []
        if not near:
            end_play(s, data, "nobody is next to the ball; it hits the ground")
            return
        s.contest.contenders = near
        if s.logged:
            s.note(stamp(s), f"Next to the ball: {', '.join(s.label(p) for p in near)}.")
        s.step = "contest_roll"
        return
    s.step = "recovery_pick"
