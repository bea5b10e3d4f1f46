"""Screens shared by every ruleset: home, the game screen base, help."""
