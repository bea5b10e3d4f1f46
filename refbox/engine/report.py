"""A match report, computed from the journal alone: the result, the scoring sequence, the game's own
statistics, the luck of the dice, and the house rules and rulings that applied.

Reading never writes: the journal is read without repairs and without the match's lock, so a report (or a
replay, or a spectator) can be made of a match that is still being played in another window.

The game's own statistics are counted from the facts its rules record for each input (``GameState.happened``:
kind, team, figure, amount); the luck of each side from the exact odds of each roll's chance node (the Roll
prompt's ``chance`` and ``wins``), the odds the players were shown before rolling.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from refbox.engine import registry
from refbox.engine.journal import effective, read
from refbox.engine.match import Match
from refbox.engine.upgrade import upgraded


@dataclass
class Tally:
    """Per-team and per-figure counts in the game's own terms ("tackles made", "passes caught")."""

    teams: dict[int, dict[str, int]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(int)))
    figures: dict[tuple[int, str], dict[str, int]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(int)))

    def add(self, team: int, figure: str | None, stat: str, n: int = 1) -> None:
        self.teams[team][stat] += n
        if figure:
            self.figures[(team, figure)][stat] += n


@dataclass
class Luck:
    rolls: int = 0
    expected: float = 0.0
    """Successes the odds shown before each roll promised, summed."""
    actual: int = 0
    chances: list[float] = field(default_factory=list)

    @property
    def at_least(self) -> float:
        """The chance of doing at least as well as this side did (1.0: no luck at all needed)."""
        return chance_of_at_least(self.chances, self.actual)


def chance_of_at_least(chances: list[float], successes: int) -> float:
    """P(at least ``successes`` of independent events with these chances happen): exact, by dynamic programming
    over the number of successes (the Poisson binomial distribution)."""
    dist = [1.0]
    for p in chances:
        nxt = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return min(1.0, sum(dist[successes:])) if successes < len(dist) else 0.0


@dataclass
class Report:
    match_id: str
    ruleset: str
    title: str
    created: str
    seed: int
    teams: tuple[str, str]
    finished: bool
    result: str
    """How it ended, in the game's words (the last prompt: game over, or where it stands)."""
    score: tuple[float, float]
    inputs: int
    scoring: list[dict] = field(default_factory=list)
    """Each score change: input number, stamp (turn/period), the line that says why, the score after."""
    timeline: list[tuple[int, float, float]] = field(default_factory=list)
    """(input number, score of team 1, score of team 2) at the start and at every change."""
    luck: tuple[Luck, Luck] = field(default_factory=lambda: (Luck(), Luck()))
    luck_timeline: list[tuple[int, int, float]] = field(default_factory=list)
    """(input number, side, that side's successes minus expected so far) at every roll with odds."""
    tally: Tally = field(default_factory=Tally)
    house_rules: list[str] = field(default_factory=list)
    """What the match's ruleset numbers changed from the shipped ruleset."""
    rulings: list[dict] = field(default_factory=list)
    """Rulings shown in the phases this match went through."""
    log: list[tuple[str, str]] = field(default_factory=list)


def build(path: Path) -> Report:
    """The report of the match whose journal is at ``path`` (read only)."""
    loaded = read(path, repair=False)
    done, _ = effective(loaded.entries)
    header, events = upgraded(registry.lookup(loaded.header.ruleset).load_rules(), loaded.header, done)
    match = Match(header, None)
    rules, data, header = match.rules, match.data, match.header
    names = rules.team_names(match.setup)
    report = Report(match_id=header.match_id, ruleset=header.ruleset, title=header.title, created=header.created,
                    seed=header.seed, teams=names, finished=False, result="", score=(0, 0), inputs=len(events))
    score = tuple(rules.outcome(match.state))
    report.timeline.append((0, *score))
    phases: set[str] = set()
    for n, event in enumerate(events, start=1):
        prompt = match.prompt()
        before_log = len(match.state.log)
        match.submit(event)
        if event.kind == "roll" and prompt.chance is not None and prompt.wins is not None and prompt.actor in (0, 1):
            luck = report.luck[prompt.actor]
            won = bool(prompt.wins(list(event.value)))
            luck.rolls += 1
            luck.expected += prompt.chance
            luck.actual += won
            luck.chances.append(prompt.chance)
            report.luck_timeline.append((n, prompt.actor, luck.actual - luck.expected))
        for fact in match.state.happened:
            report.tally.add(fact.team, fact.who, fact.kind, fact.amount)
        phases.add(rules.phase(match.state))
        new = tuple(rules.outcome(match.state))
        if new != score:
            lines = match.state.log[before_log:]
            why = next((line for line in reversed(lines) if line.actor is not None), lines[-1] if lines else None)
            report.scoring.append({"input": n, "stamp": why.stamp if why else "", "text": why.text if why else "",
                                   "score": list(new)})
            report.timeline.append((n, *new))
            score = new
    final = match.prompt()
    report.finished = final.kind == "over"
    report.result = final.text if report.finished else f"In progress: {rules.view(match.state).headline}"
    report.score = score
    report.log = [(line.stamp, line.audited()) for line in match.state.log]
    report.house_rules = house_rule_changes(header.ruleset, header.data)
    report.rulings = [{"id": r.id, "ruling": r.ruling, "reason": r.reason} for r in data.rulings
                      if "general" in r.applies_to or phases & set(r.applies_to)]
    return report


def house_rule_changes(ruleset: str, data: dict[str, Any]) -> list[str]:
    """Each number or table of the match's ruleset that differs from the shipped one, as "path: old -> new"."""
    entry = registry.lookup(ruleset)
    shipped = entry.load_data().model_dump(mode="json")
    changes: list[str] = []
    _diff(shipped, data, "", changes)
    return [c for c in changes if not c.startswith(("meta.", "rulings", "phases", "not_implemented"))]


def _diff(old: Any, new: Any, where: str, out: list[str]) -> None:
    if isinstance(old, dict) and isinstance(new, dict):
        for key in sorted(set(old) | set(new)):
            _diff(old.get(key), new.get(key), f"{where}.{key}" if where else str(key), out)
    elif old != new:
        out.append(f"{where}: {_short(old)} -> {_short(new)}")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
