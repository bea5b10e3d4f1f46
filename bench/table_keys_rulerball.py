"""Keys a Rülerball referee presses for one turn with physical dice.

    python bench/table_keys_rulerball.py [--tmux]

Two scripted turns are played on a track where the twenty figures stand spread over the twelve sectors (both teams
mixed, as in mid-match). The older, longer flow these were first compared with (version 1 of the rules, before its
"fewer keys") can no longer be played: its journals are upgraded at load.

- a quiet turn: the loose ball travels two sectors and reaches nobody, initiative 7, 12 figures skate 1-3 sectors
  and 8 stay, no fight, no penalty;
- a turn with one fight: the same, then one figure engages another, wins, and the loser goes to the Shaken track
  for 2 minutes.

Each answer is counted as the keys a person presses (as the game screen takes them): an option's key (one or two
characters), a selection's toggles and Enter, a number's digits (and Enter unless no further digit could extend
it), each typed die face (one that could still grow, like 1 on a d12, takes a second key), Enter for a
confirmation.

With ``--tmux`` the quiet turn is also typed into refbox running in tmux (130x40), key by key, and the
journal is checked to hold exactly the inputs the count assumed. Prints the numbers; asserts nothing else.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from refbox.engine.match import Match  # noqa: E402
from refbox.engine.prompts import Choose, Event, Number, Pick, Roll, choose, confirm, number, roll  # noqa: E402
from refbox.games.rulerball.models import Setup, default_team  # noqa: E402
from refbox.games.rulerball.steps_move import walker  # noqa: E402
from refbox.ui.keys import assign_keys  # noqa: E402

DISTANCES = [0, 1, 2, 0, 1, 3, 0, 2, 1, 0, 1, 2, 0, 1, 0, 2, 1, 0, 3, 0]
"""Per figure in roster order: 8 stay, 12 skate 1-3 sectors."""


def spread_setup() -> dict:
    teams = []
    for i in (0, 1):
        team = default_team(i).model_dump(mode="json")
        for j, f in enumerate(team["figures"]):
            f["start_sector"] = (j + 6 * i) % 12 + 1
        teams.append(team)
    return Setup.model_validate({"teams": teams}).model_dump(mode="json")


def face_keys(face: int, sides: int) -> list[str]:
    return [str(face)] if face * 10 > sides or face >= 10 else [str(face), "space"]


def number_keys(value: int, low: int, high: int) -> list[str]:
    typed = str(value)
    complete = typed == "0" or not any(low <= int(typed + d) <= high for d in "0123456789")
    return list(typed) + ([] if complete else ["enter"])


def keys_for(prompt, event: Event) -> list[str]:
    """The key presses that answer ``prompt`` with ``event`` on the game screen."""
    if isinstance(prompt, (Choose, Pick)):
        keys = dict(zip((o.id for o in prompt.options), assign_keys([o.key for o in prompt.options])))
        if isinstance(prompt, Choose):
            return list(keys[event.value])
        return [c for v in event.value for c in keys[v]] + ["enter"]
    if isinstance(prompt, Number):
        return number_keys(event.value, prompt.min, prompt.max)
    if isinstance(prompt, Roll):
        return [k for face, die in zip(event.value, prompt.dice) for k in face_keys(face, die.sides)]
    return ["enter"]


class Table:
    """Answers the way the scripted turn says."""

    def __init__(self, m: Match, fight: bool, ball_stop: int = 5) -> None:
        self.m, self.fight, self.fought, self.ball_stop = m, fight, False, ball_stop

    def answer(self, prompt) -> Event:
        m, s = self.m, self.m.state
        step = s.step
        if step in ("clock", "reset"):
            return confirm()
        if step == "ball_stop":
            return number(self.ball_stop)
        if step == "ball_path":
            return choose("track")
        if step == "initiative":
            return roll(7)
        if step == "move_walk":
            f = walker(s, m.data)
            gone = DISTANCES[s.figures.index(f)]
            return choose("stay" if gone == 0 else str(gone))
        if step in ("handoff", "shot_declare"):
            return choose("keep" if step == "handoff" else "no")
        if step == "combat_walk":
            if self.fight and not self.fought:
                self.fought = True
                return choose(next(o.id for o in prompt.options if o.id not in ("done", "penalty")))
            return choose("done")
        if step == "combat_target":
            return choose(prompt.options[0].id)
        if step == "combat_roll":
            return choose("success")
        if step == "injury":
            return choose("shaken")
        if step == "injury_minutes":
            return number(2)
        if step == "penalty":
            return choose("none")
        raise AssertionError(f"unscripted step {step}")


def turn(m: Match, fight: bool) -> tuple[list[str], int]:
    """Play one turn from its first question to the next turn's; (keys pressed, questions asked)."""
    table, keys, questions = Table(m, fight), [], 0
    start = m.state.turn
    while True:
        prompt = m.prompt()
        if m.state.turn > start:
            return keys, questions
        event = table.answer(prompt)
        keys += keys_for(prompt, event)
        questions += 1
        m.submit(event)


def warm_up(m: Match) -> None:
    """Turn 1: the ball is fired and stays loose in sector 3; nobody moves. Stops at the first question of turn 2
    (the clock has moved on by itself)."""
    table = Table(m, False, ball_stop=3)
    global DISTANCES
    saved, DISTANCES = DISTANCES, [0] * 20
    try:
        m.submit(table.answer(m.prompt()))  # period 1 starts
        while not (m.state.turn == 2 and m.state.step == "ball_stop"):
            m.submit(table.answer(m.prompt()))
    finally:
        DISTANCES = saved


def measure(fight: bool, path: Path | None = None) -> tuple[list[str], int, Match]:
    m = Match.new("rulerball", spread_setup(), seed=1, path=path)
    warm_up(m)
    keys, questions = turn(m, fight)
    return keys, questions, m


def tmux_check() -> str:
    """Type the quiet turn into refbox in tmux and compare the journal with the scripted inputs."""
    if not shutil.which("tmux"):
        return "tmux not installed: skipped"
    data = Path(tempfile.mkdtemp(prefix="rb-keys-"))
    (data / "matches").mkdir(parents=True)
    keys, _, m = measure(False)
    expected = [e.to_json() for e in m.events]
    # the saved match stops where the measured turn starts: the warm-up only
    m2 = Match.new("rulerball", spread_setup(), seed=1, path=data / "matches" / "typed.jsonl")
    warm_up(m2)
    warm = len(m2.events)
    m2.save()
    m2.close()
    session = f"rbkeys{int(time.time())}"
    exe = str(ROOT / ".venv" / "bin" / "refbox")
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "130", "-y", "40", f"{exe} --data-dir {data}"],
                   check=True)
    try:
        _wait(session, "Rülerball · ")
        subprocess.run(["tmux", "send-keys", "-t", session, "Tab", "Enter"], check=True)  # resume the saved match
        _wait(session, "NOW:")
        for k in keys:
            subprocess.run(["tmux", "send-keys", "-t", session, {"enter": "Enter", "space": "Space"}.get(k, k)],
                           check=True)
            time.sleep(0.15)
        time.sleep(1)
        subprocess.run(["tmux", "send-keys", "-t", session, "q"], check=True)
        time.sleep(1)
        lines = (data / "matches" / "typed.jsonl").read_text().splitlines()[1:]
        typed = [json.loads(line)["event"] for line in lines if json.loads(line).get("op") == "input"]
        ok = typed == expected
        return (f"tmux: {len(keys)} keys typed; the journal holds the {len(typed) - warm} inputs the count assumed"
                if ok else f"tmux: MISMATCH, {len(typed)} inputs typed, {len(expected)} expected")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], check=False)


def _wait(session: str, text: str, timeout: float = 20) -> None:
    end = time.time() + timeout
    while time.time() < end:
        pane = subprocess.run(["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True).stdout
        if text in pane:
            return
        time.sleep(0.2)
    raise RuntimeError(f"tmux: {text!r} never appeared")


def main() -> None:
    print("Rülerball, keys per turn with physical dice (spread track, 20 figures on it)")
    for fight in (False, True):
        keys, questions, m = measure(fight)
        what = "turn with one fight" if fight else "quiet turn         "
        print(f"  {what}: {len(keys):3d} keys, {questions:3d} questions   {' '.join(keys)}")
    if "--tmux" in sys.argv:
        print("  " + tmux_check())


if __name__ == "__main__":
    main()
