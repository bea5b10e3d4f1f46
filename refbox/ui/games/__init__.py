"""One module per ruleset: its setup screen and its game screen (subclassing the shared GameScreen)."""
