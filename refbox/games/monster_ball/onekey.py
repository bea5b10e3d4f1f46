"""At the table, "which of these players?" in one key (the table audit, issue 14): who tackles, who stands in a
kick's landing grid, who else goes for a long pass, who tries to recover a fumble. Each is first a one-key
choice (nobody where nobody is an answer, each player alone, "several"); "several" asks the selection next, in
the same step (``State.picking``), for two or more. With one possible tackler and no "nobody" the choice is
forced, and the engine takes it."""

from __future__ import annotations

from refbox.engine.errors import RuleError
from refbox.engine.prompts import Choose, Event, Legal, Pick, Refusal
from refbox.games.monster_ball import ask
from refbox.games.monster_ball.data import Data
from refbox.games.monster_ball.models import State


def ids_of(cands, none_id: str | None) -> tuple[str, ...]:
    """Nobody (if an answer), each player alone, and "several" (a selection follows) when two or more could."""
    return (*([none_id] if none_id else []), *cands, *(("some",) if len(cands) >= 2 else ()))


def legal(s: State, actor, cands, none_id: str | None) -> Legal:
    if s.picking:
        return Legal("pick", actor, tuple(cands), min=2)
    return ask.choice(actor, ids_of(cands, none_id))


def prompt(s: State, data: Data, legal: Legal, text: str, stat: ask.flow.Stat, none_label: str = "",
           refused: tuple[Refusal, ...] = (), chances: dict[str, float] | None = None, odds: str = "",
           chance_of: str = "") -> Choose | Pick:
    """The one-key choice (``text`` the question; ``chances`` each lone player's, shown beside him and said by
    ``odds``), or after "several" the selection of two or more."""
    if s.picking:
        return Pick(actor=legal.actor, text=f"{text} (two or more)", options=ask.player_options(s, data, legal.ids, stat),
                    refused=refused, min=2)
    options = ask.subset_options(s, data, legal.ids, stat, none_label, chances, chance_of)
    return Choose(actor=legal.actor, text=text + (odds if chances else ""), options=options, refused=refused)


def picked(s: State, event: Event, none_id: str | None) -> list[str] | None:
    """The players an answer names (None after "several": the selection is asked next)."""
    if s.picking:
        value = list(event.value)  # type: ignore[arg-type]
        if len(value) < 2:  # the prompt's min says so; a direct apply too
            raise RuleError("Choose two or more: nobody or one player alone is a key of the question before.")
        s.picking = False
        return value
    value = str(event.value)
    if value == "some":
        s.picking = True
        return None
    return [] if value == none_id else [value]
