"""Slargeball! (Irvania miniatures rules, draft 2)."""
