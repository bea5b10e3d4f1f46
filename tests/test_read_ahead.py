"""The match under the home screen's cursor is read in the background; Enter uses it only if nothing changed."""

from saved_match import play, save

from refbox.engine.match import Match
from refbox.ui.app import RefboxApp
from refbox.ui.readahead import ReadAhead
from refbox.ui.screens.game import GameScreen

SIZE = (130, 40)


def at_once(job) -> None:
    job()


def test_a_match_read_ahead_is_the_match_a_load_gives(tmp_path):
    path = save(play("slargeball", upto=40), tmp_path, "sb")
    ahead = ReadAhead(at_once)
    ahead.start(path)
    match, recovered = ahead.take(path)
    loaded, again = Match.load(path)
    assert match.events == loaded.events and match.state == loaded.state and recovered == again
    assert ahead.take(path) is None, "taken once"


def test_a_match_changed_since_it_was_read_ahead_is_not_used(tmp_path):
    whole = play("slargeball", upto=41)
    path = save(play("slargeball", upto=40), tmp_path, "sb")
    ahead = ReadAhead(at_once)
    ahead.start(path)
    save(whole, tmp_path, "sb")  # one more input written meanwhile (another window, an editor)
    assert ahead.take(path) is None


def test_another_match_or_a_broken_one_is_not_taken(tmp_path):
    one = save(play("slargeball", upto=10), tmp_path, "one")
    two = save(play("slargeball", upto=12), tmp_path, "two")
    ahead = ReadAhead(at_once)
    ahead.start(one)
    assert ahead.take(two) is None
    ahead.start(two)  # the read-ahead follows the cursor
    assert ahead.take(one) is None and len(ahead.take(two)[0].events) == 12
    two.write_text(two.read_text()[:-5])  # the last line cut short (a crash mid-write)
    torn = two.read_text()
    ahead.start(two)
    assert ahead.take(two) is None, "a torn match is left to the load that repairs it and says so"
    assert two.read_text() == torn and not two.with_name(two.name + ".torn").exists(), "the read-ahead wrote nothing"
    match, recovered = Match.load(two)
    assert len(match.events) == 11 and "cut off mid-write" in recovered


def test_a_read_ahead_not_yet_started_is_not_waited_for(tmp_path):
    """Enter before the worker has begun (its job only queued): the match is loaded on the spot, never a wait
    for a job the UI thread itself would have to start."""
    path = save(play("slargeball", upto=10), tmp_path, "sb")
    queued = []
    ahead = ReadAhead(queued.append)
    ahead.start(path)
    assert ahead.take(path) is None and len(queued) == 1


async def test_enter_resumes_the_match_read_ahead_and_a_changed_one_fresh(tmp_path):
    path = save(play("slargeball", upto=40), tmp_path, "sb")
    app = RefboxApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        while app._imports_done is None:  # the warm-up starts after the first refresh
            await pilot.pause()
        app.settle()
        app.read_ahead(path)  # as the home screen does once the warm-up is done
        await app.workers.wait_for_complete()
        job = app._read_ahead._job
        assert job is not None and job.result is not None and len(job.result[1].events) == 40
        save(play("slargeball", upto=41), tmp_path, "sb")
        await pilot.press("tab", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and len(app.screen.match.events) == 41
