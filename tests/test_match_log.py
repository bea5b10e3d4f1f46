"""The match log on the game screen: newest last and always in view, wrapped to the box (never a sideways scroll)."""

from every_ruleset import resume_from_home, saved_match
from refbox.ui.app import RefboxApp
from refbox.ui.widgets.panels import MatchLog


async def test_a_long_log_shows_its_newest_line_after_resume_and_after_each_input(tmp_path):
    path = saved_match(tmp_path, "battleball", events=60)
    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=(130, 40)) as pilot:
        await resume_from_home(app, pilot, path)
        log = app.screen.query_one(MatchLog)
        assert log.virtual_size.height > log.scrollable_content_region.height  # longer than its box
        assert log.scroll_offset.y == log.max_scroll_y > 0
        assert not log.show_horizontal_scrollbar
        before = len(log._rows)
        await pilot.press("r")  # a digital roll or a refused key: either way the log stays at its end
        await pilot.pause()
        await pilot.pause()
        assert log.scroll_offset.y == log.max_scroll_y and len(log._rows) >= before
