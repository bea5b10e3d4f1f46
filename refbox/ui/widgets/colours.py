"""Team colours as Rich styles (hotseat: every prompt is drawn in the colour of the team it is for)."""

RICH = {"orange": "dark_orange", "white": "bright_white"}


def style(colour: str | None) -> str:
    if not colour:
        return "bold"
    return f"bold {RICH.get(colour, colour)}"
