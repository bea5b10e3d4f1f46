"""Every position a ruleset names as worth a picture (``Rules.pictures``, what the screenshots show) is reached
by its seeded play, on the game's own board, mid-match, and the same every time."""

import pytest

from refbox.engine import registry

PICTURES = [(entry, picture) for entry in registry.BUILTIN for picture in entry.load_rules().pictures()]


def test_the_games_with_their_own_board_name_pictures_of_it():
    named = {entry.name for entry, _ in PICTURES}
    assert {"battleball", "monster-ball", "ballmonsters", "slargeball"} <= named


@pytest.mark.parametrize("entry,picture", PICTURES, ids=lambda x: getattr(x, "name", None))
def test_a_picture_is_a_reproducible_position_on_the_board(entry, picture, tmp_path):
    match = picture.build(tmp_path / f"{entry.name}-{picture.name}.jsonl")
    try:
        assert match.prompt().kind != "over"
        assert match.view().board is not None
        assert len(match.events) > 0
        again = picture.build(None)
        assert [e.value for e in again.events] == [e.value for e in match.events]
        again.close()
    finally:
        match.close()
    cols, rows = picture.size
    assert 80 <= cols and 24 <= rows
