"""``refbox sim``: headless matches between computer coaches, for balance testing and for measuring the engine.

    refbox sim RULESET --games N [--seed S] [--sides A,B] [--think SECONDS] [--jobs J] [--data-dir D]
                   [--board screen|table]

Sides swap teams every other game (side A coaches team 1 in even games, team 2 in odd ones), so a ruleset's
first-mover advantage does not count as a coach's skill. Questions for the table (no side) are answered at
random, shaped like a real table's. The last line printed is one JSON object.
"""

from __future__ import annotations

import gc
import itertools
import json
import os
import random
import sys
import time
from dataclasses import dataclass, field
from multiprocessing import get_context

from refbox.arguments import Parser, seconds, whole
from refbox.engine import registry, storage
from refbox.engine.coach import DEFAULT_THINK, LEVELS, deciders, make
from refbox.engine.errors import RefboxError
from refbox.engine.play import Game, Unfinished, play_out


@dataclass(frozen=True)
class Job:
    entry: registry.Entry
    seed: int
    sides: tuple[str, str]
    think: float
    game: int
    board: str | None = None
    """Where the games are played, for rulesets with a choice ("screen" or "table"; None: the headless setup)."""


@dataclass(frozen=True)
class Result:
    winner: int | None
    """The side (0 = first named, 1 = second) that won, or None for a draw."""
    points: tuple[float, float]
    """Each side's points."""
    inputs: int
    seconds: float
    finished: bool = True
    """False when the game hit MAX_INPUTS (counted apart, never as a draw)."""


MAX_INPUTS = 100_000
"""A game still going after this many inputs is stopped and reported as unfinished."""

MAX_GAMES = 10**9
"""The most games one run plays (they are made one by one as they are played, never listed)."""

MAX_THINK = 60.0
"""The most seconds a search coach may think per decision."""

BATCH = 32
"""Games handed to the processes at a time, per process: the jobs are made as they are played."""


def parse(argv: list[str]):
    p = Parser(prog="refbox sim", description="Play headless matches between computer coaches.")
    p.add_argument("ruleset", help="a ruleset's name or alias, or a house-rules variant's name")
    p.add_argument("--games", type=whole(1, MAX_GAMES), default=100,
                   help=f"how many matches, 1 to {MAX_GAMES:,} (default 100)")
    p.add_argument("--seed", type=whole(-(2**63), 2**63 - 1), default=1, help="seed of the first match (default 1)")
    p.add_argument("--sides", default="random,random",
                   help=f"the two coaches, A,B, each one of {', '.join(LEVELS)} (default random,random)")
    p.add_argument("--think", type=seconds(MAX_THINK), default=DEFAULT_THINK,
                   help=f"seconds a search coach thinks per decision, above 0 and at most {MAX_THINK:g} "
                        f"(default {DEFAULT_THINK})")
    p.add_argument("--jobs", type=whole(1, 4096), default=1,
                   help="matches played at once, in separate processes (at most the games and the cores)")
    p.add_argument("--data-dir", help="where house rules live (default: as for refbox)")
    p.add_argument("--board", choices=("screen", "table"),
                   help="on refbox's own board or field, or at the table, for a ruleset that offers both "
                        "(default: where a new match is played)")
    return p.parse_args(argv)


def cores() -> int:
    """The processors this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def sides_of(text: str) -> tuple[str, str]:
    parts = [s.strip() for s in text.split(",")]
    if len(parts) != 2 or any(p not in LEVELS for p in parts):
        raise ValueError(f"--sides takes two of {', '.join(LEVELS)} separated by a comma, not {text!r}")
    return parts[0], parts[1]


_LOADED: dict[tuple, object] = {}
"""Each ruleset's rules over its data, loaded once per process (reading and checking its file took longer than
playing a Ballmonsters game)."""


def loaded(entry):
    """The rules (refbox.engine.contract.Rules) of ``entry``, loaded once per process: games share them."""
    key = (entry.name, str(entry.data_path), str(entry.house_file))
    if key not in _LOADED:
        _LOADED[key] = entry.load()
    return _LOADED[key]


def sim_setup(entry, board: str | None = None):
    """The setup headless games of ``entry`` are played with (raises ValidationError or RefboxError); one per
    process, shared by its games (rules read a setup, never change it; a game can then reuse its first state).
    ``board``: the headless setup's board choice replaced (a ruleset without one refuses it)."""
    key = (entry.name, str(entry.data_path), str(entry.house_file), board)
    if key not in _SETUPS:
        rules = loaded(entry)
        setup = rules.headless_setup()
        if board is not None:
            if "board" not in rules.Setup.model_fields:
                raise ValueError(f"{entry.name} has no board to choose: leave out --board")
            setup = {**setup, "board": rules.board_values[board]}
        _SETUPS[key] = rules.Setup.model_validate(setup)
    return _SETUPS[key]


_SETUPS: dict[tuple, object] = {}


def play(job: Job) -> Result:
    FREEZER.before_game(cyclic=job.sides != ("random", "random"))
    rules = loaded(job.entry)
    setup = sim_setup(job.entry, job.board)
    first_team = job.game % 2  # side A's team this game
    team_of = (first_team, 1 - first_team)
    coaches = {team_of[s]: make(job.sides[s], team_of[s], seed=job.seed, think=job.think) for s in (0, 1)}
    rng = random.Random(f"sim:{job.seed}")
    start = time.perf_counter()
    game = Game.start(rules, setup)
    try:
        inputs, finished = play_out(game, deciders(coaches, rng, rules.drawer), rng, MAX_INPUTS), True
    except Unfinished:
        inputs, finished = MAX_INPUTS, False
    seconds = time.perf_counter() - start
    by_team = game.outcome()
    points = (by_team[team_of[0]], by_team[team_of[1]])
    winner = None if points[0] == points[1] or not finished else (0 if points[0] > points[1] else 1)
    FREEZER.after_game(inputs)
    return Result(winner, points, inputs, seconds, finished)


def freeze_survivors(collect: bool = True) -> None:
    """Collect what the last games left (unless ``collect`` is false), then take what survives out of the
    garbage collector's full passes: the rules' look-up caches, which hold tens of thousands of objects after a
    few long games and were walked again by every full collection (a twentieth of random Monster Ball play).
    A frozen object is still freed when nothing refers to it any more (a cache cleared, say)."""
    if collect:
        gc.collect()
    gc.freeze()


class Freezer:
    """Calls freeze_survivors before a process's first game and then once every ``every`` inputs played: soon
    enough that what a long game adds is out of the full collections after a game or two, seldom enough that
    short games do not pay for a collection each (one costs about 50 µs; a Ballmonsters game is 85 inputs).

    A game between random coaches makes no reference cycles (tests/test_coach.py plays every ruleset to check),
    and the collector exists only to find those: such games run with it off, and then nothing needs freezing
    (its passes, and the collections before the freezes, were a thirtieth of random Monster Ball play)."""

    def __init__(self, every: int = 20_000) -> None:
        self.every, self.since = every, -1  # inputs since the last freeze (-1: none yet)
        self.was_enabled: bool | None = None
        """Whether the automatic collector ran before the first game (thaw puts it back)."""

    def before_game(self, cyclic: bool = True) -> None:
        """``cyclic``: the game's coaches may make reference cycles (any but two random ones: a search tree)."""
        if self.was_enabled is None:
            self.was_enabled = gc.isenabled()
        if not cyclic:
            gc.disable()
            return
        if self.since < 0 or self.since >= self.every:
            # the first time, what is there was made by the imports and lives as long as the process: frozen
            # without a collection first (one over the whole heap costs milliseconds)
            freeze_survivors(collect=self.since >= 0)
            self.since = 0
        if self.was_enabled:
            gc.enable()

    def after_game(self, inputs: int) -> None:
        if self.since >= 0:  # counted from the first freeze
            self.since += inputs

    def thaw(self) -> None:
        """Give every frozen object back to the collector, and the collector back as it was; the next game
        freezes afresh.

        What the games left in the youngest generation is frozen first, so that all of it goes back as the
        oldest: with the collector off for random games it held millions of survivors, and the first
        allocation after turning the collector on walked them all (a fifth of a second after 60 Monster Ball
        games, inside sim's timing). The next full collection walks them, as it would have."""
        gc.freeze()
        gc.unfreeze()
        if self.was_enabled:
            gc.enable()
        self.since, self.was_enabled = -1, None


FREEZER = Freezer()


def main(argv: list[str]) -> int:
    args = parse(argv)
    try:
        sides = sides_of(args.sides)
        house = storage.house_dir(storage.data_dir(args.data_dir))
        entry = registry.lookup(args.ruleset, house)
        rules = loaded(entry)  # a broken house-rules file is reported before any process starts
        rules.begin(sim_setup(entry, args.board))  # and so is one its headless setup does not fit
    except (ValueError, RefboxError) as e:
        print(f"refbox sim: {e}", file=sys.stderr)
        return 2
    processes = min(args.jobs, args.games, cores())
    if processes < args.jobs:
        print(f"refbox sim: --jobs {args.jobs} is more than the {args.games:,} games or the {cores()} cores: "
              f"playing {processes} at a time", file=sys.stderr)
    jobs = (Job(entry, args.seed + i, sides, args.think, i, args.board) for i in range(args.games))  # as played
    results = Tally()
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import Progress

    console = Console(stderr=True)
    start = time.perf_counter()
    try:
        with Progress(console=console, transient=True, refresh_per_second=2) as progress:
            task = progress.add_task(escape(f"{entry.title}: {sides[0]} vs {sides[1]}"), total=args.games)
            if processes == 1:
                for job in jobs:
                    results.add(play(job))
                    progress.advance(task)
            else:
                with get_context("fork").Pool(processes) as pool:
                    while batch := list(itertools.islice(jobs, processes * BATCH)):
                        for result in pool.imap_unordered(play, batch):
                            results.add(result)
                            progress.advance(task)
    except KeyboardInterrupt:
        print(f"refbox sim: stopped after {results.games:,} of {args.games:,} games", file=sys.stderr)
        if not results.games:
            return 130
    finally:
        FREEZER.thaw()  # the games' survivors go back to the collector (main may run inside a longer process)
    elapsed = time.perf_counter() - start
    summary = summarise(entry.name, sides, results, elapsed)
    interrupted = results.games < args.games
    if interrupted:
        summary["interrupted"] = True
    print_table(summary, sides)
    print(json.dumps(summary))
    return 130 if interrupted else 0


@dataclass
class Sums:
    games: int = 0
    inputs: int = 0
    points: list[float] = field(default_factory=lambda: [0.0, 0.0])

    def add(self, r: Result) -> None:
        self.games += 1
        self.inputs += r.inputs
        self.points[0] += r.points[0]
        self.points[1] += r.points[1]


@dataclass
class Tally:
    """The results of a run as running sums (a billion games are never kept as a list)."""

    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    every: Sums = field(default_factory=Sums)
    finished: Sums = field(default_factory=Sums)

    @property
    def games(self) -> int:
        return self.every.games

    def add(self, r: Result) -> None:
        self.every.add(r)
        if r.finished:
            self.finished.add(r)
            if r.winner is None:
                self.draws += 1
            else:
                self.wins[r.winner] += 1


def summarise(name: str, sides: tuple[str, str], results: Tally, elapsed: float) -> dict:
    """Wins, draws and means over the finished games (an unfinished game's score is a mid-game score, and its
    100,000 inputs would swamp the means); unfinished games are counted apart."""
    done = results.finished if results.finished.games else results.every
    return {
        "ruleset": name,
        "games": results.games,
        "wins": list(results.wins),
        "draws": results.draws,
        "unfinished": results.games - results.finished.games,
        "games_per_s": round(results.games / elapsed, 2),
        "inputs_per_game": round(done.inputs / done.games, 1),
        "sides": list(sides),
        "mean_score": [round(done.points[s] / done.games, 2) for s in (0, 1)],
        "us_per_input": round(1e6 * elapsed / results.every.inputs, 2),  # every input played counts
    }


def print_table(summary: dict, sides: tuple[str, str]) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(title=Text(f"{summary['ruleset']}: {summary['games']} games"))  # a house ruleset's name is text
    for column in ("side", "coach", "wins", "mean score"):
        table.add_column(column, justify="right" if column != "coach" else "left")
    for s in (0, 1):
        table.add_row("AB"[s], sides[s], str(summary["wins"][s]), str(summary["mean_score"][s]))
    unfinished = f" · unfinished {summary['unfinished']} (no result after {MAX_INPUTS:,} inputs)" if summary["unfinished"] else ""
    table.caption = (f"draws {summary['draws']}{unfinished} · {summary['inputs_per_game']} inputs a game · "
                     f"{summary['games_per_s']} games/s · {summary['us_per_input']} µs per input")
    Console().print(table)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
