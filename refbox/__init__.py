"""refbox: a terminal referee for tabletop miniature sports games."""

__version__ = "0.1.0"
