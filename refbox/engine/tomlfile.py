"""Reading a ruleset or house-rules TOML file: every way it can be broken is one RulesetError naming it.

Kept free of pydantic (the registry lists house rules with it at start-up). A file that is missing, a
dangling or looping link, a directory, too large, not UTF-8, not TOML, holding a value the parser cannot read
(a 5,000-digit number), or nested deeper than any ruleset needs is refused with what is wrong; nothing here
raises anything else.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Any

from refbox.engine.errors import RulesetError
from refbox.engine.text import printable

MAX_BYTES = 1_000_000
"""The shipped rulesets are under 40 kB; a house-rules file over 1 MB is a mistake, not rules."""

MAX_DEPTH = 16
"""Tables and arrays nested deeper than this are refused (the shipped rulesets nest 4 deep)."""


def where(path: Path) -> str:
    """A path for a message: control characters in a file name are shown as escapes."""
    return printable(str(path))


def read(path: Path) -> dict[str, Any]:
    name = where(path)
    try:
        info = path.stat()
    except FileNotFoundError:
        dangling = os.path.islink(path)
        raise RulesetError(f"{name}: is a link to a file that does not exist" if dangling
                           else f"{name}: ruleset file not found") from None
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise RulesetError(f"{name}: is a symbolic link loop") from None
        raise RulesetError(f"{name}: cannot read: {e.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        from refbox.engine.storage import kind_of

        raise RulesetError(f"{name}: is not a file ({kind_of(info.st_mode)}); rulesets are .toml files")
    if info.st_size > MAX_BYTES:
        raise RulesetError(f"{name}: is too large for a ruleset ({info.st_size:,} bytes; at most {MAX_BYTES:,})")
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise RulesetError(f"{name}: cannot read: {e.strerror}") from None
    if len(raw) > MAX_BYTES:
        raise RulesetError(f"{name}: is too large for a ruleset (over {MAX_BYTES:,} bytes)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RulesetError(f"{name}: is not valid UTF-8 (byte {e.start + 1}); save it as UTF-8") from None
    import tomllib  # here: the home screen needs TOML only when there are house rules to list

    try:
        parsed = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise RulesetError(f"{name}: not valid TOML: {printable(str(e))}") from None
    except RecursionError:
        raise RulesetError(f"{name}: is nested too deeply (at most {MAX_DEPTH} levels)") from None
    except ValueError as e:  # a number too long to read (over 4,300 digits), say
        raise RulesetError(f"{name}: holds a value that cannot be read ({printable(str(e).split(';')[0])})") from None
    except Exception as e:  # anything else the parser trips over is still this file's fault, never refbox's end
        raise RulesetError(f"{name}: cannot be read as TOML ({type(e).__name__}: {printable(str(e))})") from None
    if _depth(parsed) > MAX_DEPTH:
        raise RulesetError(f"{name}: is nested too deeply (at most {MAX_DEPTH} levels)")
    return parsed


def _depth(obj: Any) -> int:
    """How deeply tables and arrays nest in ``obj``, without recursion (stopping past MAX_DEPTH)."""
    deepest = 0
    todo = [(obj, 0)]
    while todo:
        node, level = todo.pop()
        if isinstance(node, dict):
            children = node.values()
        elif isinstance(node, list):
            children = node
        else:
            continue
        level += 1
        deepest = max(deepest, level)
        if deepest > MAX_DEPTH:
            return deepest
        todo.extend((child, level) for child in children)
    return deepest
