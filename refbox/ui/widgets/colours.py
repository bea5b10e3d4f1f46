"""Team colours as Rich styles (hotseat: every prompt is drawn in the colour of the team it is for)."""

RICH = {"orange": "dark_orange", "white": "bright_white"}

MARKERS = ("■ ", "□ ")
"""Each side's marker where colour is off (NO_COLOR, a monochrome terminal): the teams stay told apart."""

markers_on = False
"""Set by the app when it runs without colour; the panels, the prompt and the log then mark each side."""


def mark(actor: int | None) -> str:
    """The side's marker when colour is off, else nothing."""
    return MARKERS[actor] if markers_on and actor in (0, 1) else ""


def style(colour: str | None) -> str:
    if not colour:
        return "bold"
    return f"bold {RICH.get(colour, colour)}"
