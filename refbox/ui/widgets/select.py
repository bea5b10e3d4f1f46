"""Textual's Select, safe against a page key typed the moment its list opens (the workaround, and every other
use of a private Textual API, is in refbox.ui.compat)."""

from refbox.ui.compat import GuardedSelect as Select

__all__ = ["Select"]
