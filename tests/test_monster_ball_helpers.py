"""Shared helpers for the Monster Ball tests (no tests here).

With the default setup Law (team 0) won the toss and receives; Chaos kicks off. Suggested line-ups:
Law offense L1 Barbarian 1, L2-3 Brownies, L4-5 Dwarves, L6 Elf 1, L7 Paladin 1, L8 Valkyrie 1,
L9-12 Treants 1-4 (L12 on the bench); Law defense L13-15 Barbarians, L16-17 Gnomes, L18 Elf 2,
L19-22 Treants, L23 Valkyrie 2. Chaos offense C1 Anti-Paladin, C2 Drow 1, C3-4 Leprechauns,
C5-8 Ogres, C9-10 Orcs, C11 Succubus 1; Chaos defense C12 Drow 2, C13-14 Kobolds, C15-17 Hobgoblins,
C18-21 Ogres, C22 Succubus 2.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from refbox.engine import registry
from refbox.engine.match import Match
from refbox.engine.prompts import Event, choose, number, pick, roll

LAW, CHAOS = 0, 1


def new_match(house: Path | None = None, **setup) -> Match:
    """A match at the table unless ``board="screen"`` is given (a new match's default is refbox's own field)."""
    entry = registry.lookup("monster-ball")
    if house is not None:
        entry = replace(entry, house_file=house)
    return Match.new(entry, {"board": "table", **setup}, seed=7)


def house_rules(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "mb-house.toml"
    path.write_text('[meta]\nname = "mb-house"\ntitle = "Monster Ball (test)"\nextends = "monster-ball"\n' + text)
    return path


def send(match: Match, *events: Event) -> Match:
    for event in events:
        match.submit(event)
    return match


def option_ids(match: Match) -> list[str]:
    return [o.id for o in match.prompt().options]


def touchback(match: Match) -> Match:
    """Chaos's Drow kicks 12 zones: into the end zone, Law ball at the 30."""
    return send(match, choose("C12"), roll(12, 12))


def hike(match: Match, faces: tuple[int, int] = (4, 4)) -> Match:
    """Law run a play: Barbarian 1 (Pass d8) snaps to Paladin 1 (Catch d8)."""
    return send(match, choose("hike"), roll(*faces))


def law_ball(**setup) -> Match:
    """Law with the ball after a clean hike, moving first in round 1."""
    return hike(touchback(new_match(**setup)))


def end_half(match: Match) -> Match:
    return send(match, choose("done"))


def spot(match: Match, squares: int) -> Match:
    return send(match, number(squares))


def who(match: Match, *pids: str) -> Match:
    """Answer the table's one-key "which of these players?": nobody, one of them, or several (then who)."""
    if len(pids) > 1:
        return send(match, choose("some"), pick(*pids))
    return send(match, choose(pids[0] if pids else "none"))


def cheat(match: Match, *pids: str) -> Match:
    """Answer "does anyone cheat?": play fair, one cheater, all of them, or several (then who)."""
    ids = match.legal().ids
    if not pids:
        return send(match, choose("fair"))
    if len(pids) == 1:
        return send(match, choose(pids[0]))
    if list(pids) == [i for i in ids if i not in ("fair", "all", "some")]:
        return send(match, choose("all"))
    return send(match, choose("some"), pick(*pids))


def tackle(match: Match, target: str, tacklers: list[str], defence: str, faces: list[int], cheats: list[str] | None = None) -> Match:
    """A tackle at the table (a lone possible tackler is taken without asking)."""
    send(match, choose("tackle"), choose(target))
    if match.state.step == "tackle_tacklers":
        who(match, *tacklers)
    if match.state.step == "tackle_cheats":
        cheat(match, *(cheats or []))
    return send(match, choose(defence), roll(*faces))


__all__ = ["LAW", "CHAOS", "choose", "number", "pick", "roll"]
