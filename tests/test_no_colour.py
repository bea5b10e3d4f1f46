"""Without colour (NO_COLOR, a monochrome terminal) the two teams stay told apart: each side's rows in the rosters,
the scoreboard, the prompt and the log carry its marker (■ for the first team, □ for the second)."""

import pytest

from every_ruleset import saved_match
from refbox.ui.app import RefboxApp
from refbox.ui.widgets.panels import MatchLog
from refbox.ui.widgets.prompt_panel import PromptPanel

SIZE = (130, 40)


def log_lines(log: MatchLog) -> list[str]:
    return [strip.text for strip in log._rows]


@pytest.mark.parametrize("colour", [False, True])
async def test_each_side_has_a_marker_only_when_colour_is_off(tmp_path, monkeypatch, colour):
    if colour:
        monkeypatch.delenv("NO_COLOR", raising=False)
    else:
        monkeypatch.setenv("NO_COLOR", "1")
    path = saved_match(tmp_path, "slargeball", events=60)
    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.resume(str(path))
        await pilot.pause()
        screen = app.screen
        rosters = [screen.query_one(f"#roster{i}").plain for i in (0, 1)]
        lines = log_lines(screen.query_one(MatchLog))
        head = screen.query_one(PromptPanel).shown_head.plain
        actor = screen.match.prompt().actor
        if colour:
            assert not any("■" in t or "□" in t for t in [*rosters, *lines, head])
        else:
            assert rosters[0].startswith("■ ") and rosters[1].startswith("□ ")
            assert any("■ " in line for line in lines) and any("□ " in line for line in lines)
            if actor is not None:
                assert f"NOW: {'■□'[actor]} " in head
