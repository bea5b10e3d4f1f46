"""The Textual app: a thin App, a home screen, one screen per ruleset built from shared widgets."""
