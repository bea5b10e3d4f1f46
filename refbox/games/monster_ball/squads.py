"""Starting a match: squads from the suggested line-ups, or a gym-class draft from the shared pool; and what the
ruleset makes of a squad's players (``Squad``: their creatures' numbers), found once per squad."""

from __future__ import annotations

from dataclasses import dataclass, field

from refbox.engine.errors import InvalidInput, RuleError
from refbox.engine.prompts import Choose, Event, Legal, Option
from refbox.games.monster_ball import ask, flow, lineups
from refbox.games.monster_ball.data import STANDALONE_CHEATS, Creature, Data
from refbox.games.monster_ball.models import Player, Setup, State, Team
from refbox.games.monster_ball.steps import STEPS

LETTERS = ("L", "C")


@dataclass(frozen=True, slots=True, eq=False)
class Squad:
    """A side's players as the ruleset makes them, by player id: each one's creature and Move, the players with a
    stand-alone cheat (and its kind), and the players with each kind of cheat, in squad order."""

    creatures: dict[str, Creature]
    moves: dict[str, int]
    own_cheats: dict[str, str]
    cheats: dict[str, tuple[str, ...]]
    hike_pairs: dict[tuple, tuple[str, str]] = field(default_factory=dict)
    """between.hike_pair's answers, by what decides them (asked several times a play)."""

    @classmethod
    def of(cls, players: list, data: Data) -> "Squad":
        creatures = {p.id: data.creature(p.creature) for p in players}
        cheats: dict[str, list[str]] = {}
        for pid, c in creatures.items():
            cheats.setdefault(c.cheat_kind, []).append(pid)
        return cls(creatures, {pid: c.move for pid, c in creatures.items()},
                   {pid: c.cheat_kind for pid, c in creatures.items() if c.cheat_kind in STANDALONE_CHEATS},
                   {kind: tuple(pids) for kind, pids in cheats.items()})


class Squads:
    """Each side's Squad (``Data.squads``, one per ruleset). A squad grows only in the draft (an ejection changes
    nothing here), so the list the side's last look-up was for is kept, with its length, and any other squad is
    found by its players' creatures: every hot path of headless play asks."""

    __slots__ = ("data", "last", "known", "out", "menus")

    def __init__(self, data: Data) -> None:
        from refbox.games.monster_ball.menu import Menus

        self.data = data
        self.menus = Menus()
        """What the sides' action menus draw from (menu.py)."""
        self.last: list[tuple] = [(None, 0, None), (None, 0, None)]
        self.known: dict[tuple, Squad] = {}
        self.out: list[tuple] = [(None, None, frozenset()), (None, None, frozenset())]
        """Each side's last ejected players, with the squad list they were found in and a copy of it (an
        ejection replaces a player's record: the copy tells)."""

    def ejected(self, s: State, team: int) -> frozenset[str]:
        """The ids of ``team``'s ejected players (asked for every line-up and every call between plays)."""
        players = s.teams[team].players
        last = self.out[team]
        if last[0] is players and last[1] == players:  # the same records: compared in one C loop
            return last[2]
        got = frozenset([p.id for p in players if p.ejected])
        self.out[team] = (players, list(players), got)
        return got

    def of(self, s: State, team: int) -> Squad:
        players = s.teams[team].players
        last = self.last[team]
        if last[0] is players and last[1] == len(players):
            return last[2]
        key = (team, tuple([p.creature for p in players]))
        got = self.known.get(key)
        if got is None:
            if len(self.known) > 1000:  # gym-class drafts make new squads: keep the memory bounded
                self.known.clear()
            got = self.known[key] = Squad.of(players, self.data)
        self.last[team] = (players, len(players), got)
        return got


def start(setup: Setup, data: Data) -> State:
    try:
        data.referee(setup.referee)
    except KeyError:
        known = ", ".join(r.id for r in data.referees)
        raise InvalidInput(f"Unknown referee {setup.referee!r}: choose one of {known}.") from None
    board = setup.board == "screen"
    if board and data.formations is None:
        raise InvalidInput("This ruleset has no line-ups for the on-screen field ([formations]): play it on the table.")
    teams = [Team(name=setup.law_name), Team(name=setup.chaos_name)]
    s = State(
        teams=teams,
        referee=setup.referee,
        victory=setup.victory,
        captain_minute=setup.captain_minute,
        step="draft",
        to_go=data.field.kickoff_to_go,
        board=board,
        edition=setup.edition,
    )
    if setup.lineups == "presets":
        for side in (0, 1):
            lineup = data.presets.side(side)
            for unit, counts in (("offense", lineup.offense), ("defense", lineup.defense)):
                for creature_id, n in counts.items():
                    for _ in range(n):
                        add_player(s, data, side, creature_id, unit)
        flow.start_kickoff(s, data, setup.kicking_team)
        if s.board:
            lineups.place_lineups(s, data)
        s.note("setup", f"Suggested line-ups; {data.referee(s.referee).name} referees.")
    else:
        s.draft_pool = {k: v for k, v in data.gym_class_pool.items() if v > 0}
        s.drafter = 1 - setup.coin_winner
        s.possession = setup.kicking_team
        s.note("setup", f"Gym-class picks: {teams[s.drafter].name} pick first.")
    return s


def add_player(s: State, data: Data, side: int, creature_id: str, unit: str) -> Player:
    team = s.teams[side]
    name = data.creature(creature_id).name(side)
    same = sum(1 for p in team.players if p.creature == creature_id)
    player = Player(id=f"{LETTERS[side]}{len(team.players) + 1}", creature=creature_id, name=f"{name} {same + 1}", unit=unit)
    team.players.append(player)
    return player


@STEPS.legal_for("draft", phase="draft")
def draft_legal(s: State, data: Data) -> Legal:
    return ask.choice(s.drafter, (f"{cid}:{unit}" for cid, left in s.draft_pool.items() if left > 0 for unit in ("offense", "defense")))


@STEPS.prompt_for("draft")
def draft_prompt(s: State, data: Data, legal: Legal) -> Choose:
    side = s.drafter
    options = []
    for option_id in legal.ids:
        creature_id, unit = option_id.split(":")
        left = s.draft_pool[creature_id]
        c = data.creature(creature_id)
        options.append(
            Option(
                id=option_id,
                label=f"{c.name(side)} to the {unit} ({left} left)",
                hint=f"Move {c.move}, Hustle d{c.hustle}, Block d{c.block}, Tackle d{c.tackle}, Pass d{c.pass_}, Catch d{c.catch}, Kick d{c.kick}",
                actor=side,
            )
        )
    return Choose(actor=side, text=f"{s.teams[side].name}: pick a player from the pool.", options=tuple(options))


@STEPS.apply_for("draft")
def draft_apply(s: State, data: Data, event: Event) -> None:
    creature_id, unit = str(event.value).split(":")
    if s.draft_pool.get(creature_id, 0) <= 0:
        raise RuleError(f"No {creature_id} is left in the pool.")
    player = add_player(s, data, s.drafter, creature_id, unit)
    s.draft_pool[creature_id] -= 1
    s.note("draft", f"{s.teams[s.drafter].name} pick {player.name} for the {unit}.", s.drafter)
    s.drafter = 1 - s.drafter
    if sum(s.draft_pool.values()) == 0:
        flow.start_kickoff(s, data, s.possession)
        if s.board:
            lineups.place_lineups(s, data)
