"""Keys for a shot on Ballmonsters!' mat with digital dice, counted through the game screen's key interpreter
(refbox.ui.interpreter): a plain shot (a friendly hit with no bite, one boing) is target, edge, momentum,
vector and split, and the turn's portal die one more: 6 keys. A bite adds its commitment and its roll."""

from __future__ import annotations

from test_ballmonsters_mat_coach import lined_up

from refbox.engine.prompts import Choose, Number, Roll
from refbox.ui.interpreter import Context, RollDigitally, Submit, Typed, interpret

DIGITAL = Context(dice_mode="digital")


def keys_for(prompt, value) -> list[str]:
    """The keys a player presses for ``value``: an option's key, a number's digits, Enter to roll."""
    if isinstance(prompt, Roll):
        return ["enter"]
    if isinstance(prompt, Choose):
        return list(next(o.key for o in prompt.options if o.id == value))
    assert isinstance(prompt, Number)
    return list(str(value)) + ["enter"]


def press(match, value=None) -> int:
    """Answer the pending prompt from the keyboard; how many keys it took."""
    prompt, typed = match.prompt(), Typed()
    for n, key in enumerate(keys_for(prompt, value), start=1):
        typed, action = interpret(key, key if len(key) == 1 else "", prompt, typed, DIGITAL)
        if isinstance(action, RollDigitally):
            match.submit(match.roll_digital())
            return n
        if isinstance(action, Submit):
            match.submit(action.event)
            return n
    raise AssertionError(f"{keys_for(prompt, value)} answered nothing at {match.state.step}")


def test_a_plain_shot_with_digital_dice_takes_six_keys_with_the_turns_portal_die():
    match, mine, side = lined_up()
    state, data = match.state, match.rules.data
    shooter, turn = state.shooter, state.turn
    no_bite = next(kind for kind in ("bitey", "back")
                   if not data.bite.friendly.calls_for_bite(f"{kind}_{'bitey' if side < 3 else 'back'}"))
    keys = {"target": press(match, mine), "aim": press(match, f"{side}:{no_bite}"), "momentum": press(match, 6)}
    assert state.step == "vector"
    keys["vector"] = press(match, "B")
    assert state.step == "split"
    keys["split"] = press(match, 3)  # (a 1 where 10 or more may be given waits for Enter: 2 keys)
    assert state.step == "portal"  # the shot is over: the turn's portal die
    keys["portal die"] = press(match)
    while state.step not in ("target", "over"):  # a new portal's place, if refbox cannot choose it
        keys[state.step] = press(match, match.prompt().options[0].id)
    assert state.turn == turn + 1 and state.shooter != shooter
    assert keys == {"target": 1, "aim": 1, "momentum": 1, "vector": 1, "split": 1, "portal die": 1}


def test_a_shot_with_a_bite_adds_the_power_committed_and_the_roll():
    match, mine, side = lined_up()
    state, data = match.state, match.rules.data
    bite = next(kind for kind in ("bitey", "back")
                if data.bite.friendly.calls_for_bite(f"{kind}_{'bitey' if side < 3 else 'back'}"))
    keys = [press(match, mine), press(match, f"{side}:{bite}"), press(match, 6)]
    assert state.step == "commit"
    keys += [press(match, 2), press(match)]
    assert state.step in ("vector", "effect")
    assert keys == [1, 1, 1, 1, 1]
