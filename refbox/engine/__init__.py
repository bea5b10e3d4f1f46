"""The headless engine: prompts, dice and odds, the journal, rulesets. Imports neither textual nor rich."""
