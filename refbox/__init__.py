"""refbox: a terminal referee for tabletop miniature sports games."""

from refbox import native as _native

__version__ = "0.1.0"

_native.install()  # the compiled engine modules, where built from the current source (refbox/native.py)
