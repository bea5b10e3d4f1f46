"""One package per game: its data model, state and rules procedures (headless)."""
