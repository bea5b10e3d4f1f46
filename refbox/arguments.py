"""Command-line arguments read strictly: every refusal is one line on stderr and exit status 2.

argparse prints its usage before an error (two or more lines); refbox's commands print only the error, naming
what was wrong and how to get help. The value types here bound every number a command takes, so nothing that
hangs (``--think nan``), overflows (``--port 99999``) or fills the memory (``--games 10**12``) gets through.
"""

from __future__ import annotations

import argparse
import math

from refbox.engine.text import printable


class Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's own refusals, and the types' below
        one_line = printable(" ".join(message.split()))
        self.exit(2, f"{self.prog}: {one_line} (see {self.prog} -h)\n")


def whole(low: int, high: int):
    """A type for a whole number from ``low`` to ``high``."""

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:  # also a number too long to read (Python refuses over 4,300 digits)
            raise argparse.ArgumentTypeError(f"takes a whole number from {low:,} to {high:,}, "
                                             f"not {_shown(text)}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"takes a whole number from {low:,} to {high:,}, not {_shown(text)}")
        return value

    read.__name__ = "whole number"
    return read


def seconds(high: float):
    """A type for a time in seconds: finite, above 0, at most ``high``."""

    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not (math.isfinite(value) and 0 < value <= high):
            raise argparse.ArgumentTypeError(f"takes seconds above 0 and at most {high:g}, not {_shown(text)}")
        return value

    read.__name__ = "seconds"
    return read


port = whole(1, 65535)
"""A TCP port."""


def _shown(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")
