"""Garbage collection on a game screen: off the key path while it is up, back to normal once it goes."""

import gc

from every_ruleset import resume_from_home, saved_match
from refbox.ui.app import RefboxApp
from refbox.ui.heap import QuietCollector


def test_the_collector_takes_over_collection_and_hands_it_back():
    heap = QuietCollector()
    try:
        heap.start()
        assert not gc.isenabled() and gc.get_freeze_count() > 0
        garbage = []
        garbage.append(garbage)  # a cycle: only a collection frees it
        del garbage
        heap.tick()
        assert gc.get_count()[0] < 50  # the tick collected the young generation
    finally:
        heap.stop()
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_a_collector_stopped_before_it_started_never_starts():
    heap = QuietCollector()
    heap.stop()  # the screen went before its first paint
    heap.start()
    assert gc.isenabled() and gc.get_freeze_count() == 0


async def test_leaving_a_match_turns_automatic_collection_back_on(tmp_path):
    path = saved_match(tmp_path, "battleball", events=20)
    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=(130, 40)) as pilot:
        await resume_from_home(app, pilot, path)
        assert not gc.isenabled()  # collected between keys while the game screen is up
        await pilot.press("q")
        await pilot.pause()
        assert gc.isenabled() and gc.get_freeze_count() == 0
