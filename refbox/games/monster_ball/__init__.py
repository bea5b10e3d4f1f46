"""Monster Ball: fantasy American football refereed step by step (see rules.py)."""
