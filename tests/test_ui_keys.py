"""The keyboard model: option keys never clash with the global keys; big dice take one or two digits."""

import pytest

from refbox.engine.errors import InvalidInput
from refbox.ui.keys import OPTION_KEYS, FaceEntry, option_keys


def test_option_keys_avoid_the_global_keys_and_cover_five_squads_of_a_team():
    assert not set(OPTION_KEYS) & set("dqruU?")
    assert len(set(OPTION_KEYS)) == len(OPTION_KEYS) >= 57
    assert option_keys(60)[-1] == "Z4" and option_keys(3) == ["1", "2", "3"]


def test_a_d6_face_is_one_key():
    entry = FaceEntry((6,)).type("4")
    assert entry.complete and entry.faces == (4,)


def test_a_d20_takes_two_digits_or_a_digit_and_enter():
    entry = FaceEntry((20, 20)).type("1")
    assert not entry.faces and entry.pending == "1"
    entry = entry.type("7").type("2").commit()
    assert entry.faces == (17, 2) and entry.complete


def test_an_entry_is_never_changed_in_place():
    entry = FaceEntry((12,))
    assert entry.type("1") != entry and entry.faces == () and entry.pending == ""
    assert entry.commit() is entry, "nothing pending: Enter takes nothing"


def test_backspace_takes_the_pending_digit_then_the_last_face():
    entry = FaceEntry((12, 12)).type("5").type("1")
    assert entry.back() == FaceEntry((12, 12), (5,)) and entry.back().back() == FaceEntry((12, 12))


def test_an_impossible_face_is_refused_and_forgotten():
    entry = FaceEntry((12,)).type("1")
    with pytest.raises(InvalidInput, match="13 is not a face of a d12"):
        entry.type("3")
    assert entry.without_pending() == FaceEntry((12,))
    with pytest.raises(InvalidInput, match="not a die face"):
        entry.type("x")


def test_no_option_key_is_a_key_the_game_screens_bind():
    """The screens' BINDINGS are the one list of global keys: an option never gets one of them."""
    from refbox.ui.games.monster_ball import MonsterBallScreen
    from refbox.ui.keys import RESERVED_CHARS
    from refbox.ui.screens.game import GameScreen

    bound = {key for screen in (GameScreen, MonsterBallScreen) for b in screen.BINDINGS for key in b.key.split(",")}
    assert {"question_mark" if c == "?" else c for c in RESERVED_CHARS} <= bound
    assert all(k.isalnum() for k in OPTION_KEYS) and not set(OPTION_KEYS) & bound
