"""The field's action menu as answer ids: what a captain may do next in a half-round on refbox's field.

Random play asks this menu for half of its inputs and takes one answer, so ``MenuIds`` does not work the whole
menu out to draw from it. It draws among every option that could be on it (the eight actions and the side's
fielded figures) by their weights, checks only the one drawn, and draws again without it if it is not on the
menu: the answer has the odds a draw from the listed menu has (each answer's weight over the weight of all the
answers on it), found with one or two checks instead of all of them. A screen or a coach that reads the ids
gets the menu listed in full, in the order below.

A menu is worked out from a copy of what it reads (squares, steps used, who is down, held, has cheated), taken
when it is asked: it stays the menu of that moment whatever happens to the state after. Headless play, which
draws its answer before anything changes, asks for a ``live`` menu instead: it reads the state itself (the
copies were 0.6% of a random Monster Ball input's instructions and 3% of its data-cache misses).
"""

from __future__ import annotations

from bisect import bisect
from itertools import accumulate
from typing import Any, Sequence

from refbox.engine.geometry.squares import steps_towards
from refbox.engine.prompts import LazyIds
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.models import State

ACTIONS = ("done", "tackle", "pass", "cheat", "hit", "advance", "pursue", "timeout")
"""The menu's actions in the order they are listed; the figures that can still move follow them."""


class MenuIds(LazyIds):
    __slots__ = ("team", "pos", "used", "down", "held", "cheated", "mine", "theirs", "carrier", "no_pass",
                 "target", "timeout", "move_of", "cheat_of", "data", "menus", "out")
    head, size = ACTIONS, -1  # (LazyIds' slots, fixed for every menu: class attributes, not set on each)

    def __init__(self, s: State, data: Data, live: bool = False) -> None:
        """``live``: read the state instead of copying it, for a menu answered before the state changes."""
        team = self.team = s.mover
        self._all = None
        if live:
            pos = self.pos = s.pos
            self.used, self.held, self.cheated = s.used, s.held, s.cheated
        else:
            pos = self.pos = dict(s.pos)
            self.used = dict(s.used)
            self.held, self.cheated = tuple(s.held), tuple(s.cheated)
        knocked, stunned = s.knocked, s.stunned
        self.down = (*knocked, *stunned) if knocked or stunned else ()  # a few at most: a tuple is searched fastest
        teams = s.teams
        self.mine, self.theirs = tuple(teams[team].field), tuple(teams[1 - team].field)
        # what the side closes in on, and how near it stops: an opposing carrier (next to him), or a ball in the
        # air (under it); side_moves.pursuit_target, inline
        carrier = s.carrier
        ball = s.ball
        if ball == "held" and carrier is not None:
            theirs = (carrier[0] == "L") != (team == 0)
            self.target = (pos[carrier], 1) if theirs and carrier in pos else None
        else:
            carrier = theirs = None
            self.target = (s.ball_at, 0) if ball == "air" and s.ball_at is not None else None
        self.carrier = carrier
        no_pass = self.no_pass = carrier is not None and carrier == s.hike_catcher and s.round == 1
        timeout = self.timeout = s.captain_minute
        squads = data.squads
        squad, self.menus = squads.of(s, team), squads.menus
        self.move_of, cheat_of = self.move_of, self.cheat_of = squad.moves, squad.own_cheats
        self.data = data
        # the actions a glance rules out (a bit each, in the order of ACTIONS): the draw leaves them out
        if carrier is None:
            out = _TACKLE | _PASS
        elif theirs:
            out = _PASS
        else:
            out = _TACKLE | _PASS if no_pass else _TACKLE  # the carrier is the mover's: nobody of theirs to tackle
        if not cheat_of:
            out |= _CHEAT
        if self.target is None:
            out |= _PURSUE
        if not timeout:
            out |= _TIMEOUT
        self.out = out

    # ---- the menu listed ----

    def _listed(self) -> tuple[str, ...]:
        return tuple([a for a in ACTIONS if _CHECKS[a](self)]) + tuple(self.walking())

    def __len__(self) -> int:
        return len(self.listed())

    def __getitem__(self, k: Any) -> Any:
        return self.listed()[k]

    def _pick(self, k: int) -> str:
        return self.listed()[k]

    # ---- one answer at random ----

    def draw(self, rng: Any, weights: dict[str, float] | None) -> str:
        """One answer with the odds ``random_event`` gives it on the listed menu, drawn from ``rng`` (by other
        calls than random_event's: see the module's note)."""
        menus = self.menus
        last = menus.last[self.team]
        if last[0] is weights and last[1] == self.out and last[2] == self.mine:  # as the side's last (equal tuples)
            options, tops, weight, first_figure = last[3]
        else:
            got = menus.options_of(self.mine, weights, self.out)
            last[:] = weights, self.out, self.mine, got
            options, tops, weight, first_figure = got
        last = len(tops) - 1
        total, gaps = tops[-1], []  # the options turned down: the draw skips their share of the totals
        while True:
            x = rng.random() * total
            for k in gaps:  # in ascending order: each gap pushes the rest of the line past it
                if x >= tops[k] - weight[k]:
                    x += weight[k]
            k = bisect(tops, x, 0, last)
            while k in gaps or not weight[k]:  # x rounded onto a gap's edge: the next option with a weight
                k = k + 1 if k < last else 0
            option = options[k]
            if k >= first_figure:  # a figure: it can still take a step (as ``walking``; half the checks)
                if option not in self.down and option not in self.held and self.move_of[option] > self.used.get(option, 0):
                    return option
            elif _CHECKS[option](self):
                return option
            total -= weight[k]
            if total <= 0.0:  # nothing left that weighs anything
                return self.listed()[0]
            gaps.append(k)
            gaps.sort()

    # ---- what the menu is made of ----

    def standing(self) -> tuple[Sequence[str], Sequence[str]]:
        """Both sides' figures on their feet (the mover's first)."""
        down = self.down
        if not down:
            return self.mine, self.theirs
        return [p for p in self.mine if p not in down], [p for p in self.theirs if p not in down]

    def walking(self) -> list[str]:
        """The mover's figures that can still take a step."""
        used, move_of, held = self.used, self.move_of, self.held
        return [p for p in self.standing()[0] if move_of[p] > used.get(p, 0) and p not in held]

    def can_tackle(self) -> bool:
        """The other side carries the ball, and a figure of the mover's stands next to him."""
        carrier, down, pos = self.carrier, self.down, self.pos
        if carrier is None or carrier in down or carrier not in self.theirs:
            return False
        around = self.data.pitch.around[pos[carrier]]
        for p in self.mine:
            if pos[p] in around and p not in down:
                return True
        return False

    def can_pass(self) -> bool:
        mine = self.standing()[0]
        return self.carrier in mine and len(mine) > 1 and not self.no_pass

    def can_cheat(self) -> bool:
        """One of the mover's figures has a cheat of its own (Blink, Magic Missile, Holding) it can use now."""
        cheat_of = self.cheat_of
        if not cheat_of:
            return False
        mine, theirs = self.standing()
        pos, around = self.pos, self.data.pitch.around
        for pid in cheat_of.keys() & mine:  # whether any of them can: the order does not matter
            kind = cheat_of[pid]
            if pid not in self.cheated and (
                    (kind == "blink" and pid not in self.held) or (kind == "missile" and theirs)
                    or (kind == "holding" and not around[pos[pid]].isdisjoint(map(pos.__getitem__, theirs)))):
                return True
        return False

    def can_hit(self) -> bool:
        """A figure of the mover's stands next to an opponent without the ball (an illegal tackle)."""
        mine, theirs = self.standing()
        pos, carrier = self.pos, self.carrier
        around = self.data.pitch.around
        near = frozenset().union(*[around[pos[p]] for p in theirs if p != carrier])
        return not near.isdisjoint(map(pos.__getitem__, mine))

    def can_advance(self) -> bool:
        """A figure that can still move has a free square straight ahead (then "everyone steps forward" moves at
        least that one: a figure blocked by a team-mate that steps forward follows it)."""
        d = 1 if self.team == 0 else -1
        field, pos, taken = self.data.pitch.field_squares, self.pos, None
        used, move_of, held, down = self.used, self.move_of, self.held, self.down
        for pid in self.mine:  # the figures that can still take a step (``walking``, without listing them)
            if move_of[pid] > used.get(pid, 0) and pid not in held and pid not in down:
                x, y = pos[pid]
                ahead = (x + d, y)
                if ahead in field:
                    if taken is None:
                        taken = set(pos.values())
                    if ahead not in taken:
                        return True
        return False

    def can_pursue(self) -> bool:
        """A figure that can still move is not yet where it closes in to, and has a free square nearer the
        target (the carrier, or the ball coming down): what side_moves.pursue_plan finds, only whether it finds one."""
        if self.target is None:
            return False
        (tx, ty), near = self.target
        field, pos, taken = self.data.pitch.field_squares, self.pos, None
        used, move_of, held, down = self.used, self.move_of, self.held, self.down
        for pid in self.mine:  # the figures that can still take a step (``walking``, without listing them)
            if move_of[pid] <= used.get(pid, 0) or pid in held or pid in down:
                continue
            x, y = pos[pid]
            rx, ry = x - tx, y - ty
            if -near <= rx <= near and -near <= ry <= near:
                continue
            for a, b in steps_towards(rx, ry):
                n = (x + a, y + b)
                if n in field:
                    if taken is None:
                        taken = set(pos.values())
                    if n not in taken:
                        return True
        return False

    def can_time_out(self) -> bool:
        return self.timeout


_CHECKS = dict(zip(ACTIONS, (lambda menu: True, MenuIds.can_tackle, MenuIds.can_pass, MenuIds.can_cheat, MenuIds.can_hit,
                             MenuIds.can_advance, MenuIds.can_pursue, MenuIds.can_time_out)))
"""Whether each of ACTIONS is on the menu ("done" always is)."""
_TACKLE, _PASS, _CHEAT, _PURSUE, _TIMEOUT = (1 << ACTIONS.index(a) for a in ("tackle", "pass", "cheat", "pursue", "timeout"))


class Menus:
    """What the menus of one ruleset's matches draw from (``Data.squads.menus``): every option a side's menu could offer,
    with the running totals of their weights, by the weights, the actions ruled out and the side's figures; and
    each side's last, which its next draws nearly always are (a side draws its menu again and again)."""

    __slots__ = ("last", "options")

    def __init__(self) -> None:
        self.last: tuple[list, list] = ([None, None, None, None], [None, None, None, None])
        self.options: dict[tuple, tuple] = {}

    def options_of(self, mine: tuple[str, ...], weights: Any, out: int) -> tuple:
        """The options but the actions ruled out (``out``), the running totals of their weights, the weights and
        where the figures start (kept by ``out`` and ``mine``: the same few all match)."""
        got = self.options.get((out, mine))
        if got is None or got[0] is not weights:
            if len(self.options) > 1000:
                self.options.clear()
            options = tuple(a for i, a in enumerate(ACTIONS) if not out >> i & 1) + mine
            weight = tuple((weights or {}).get(o, 1.0) for o in options)
            got = self.options[(out, mine)] = (weights, (options, list(accumulate(weight)), weight, len(options) - len(mine)))
        return got[1]
