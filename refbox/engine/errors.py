"""Every error a user can cause has a precise type and a message meant for them."""


class RefboxError(Exception):
    """Base of every error refbox shows to a user instead of a traceback."""


class InvalidInput(RefboxError):
    """An answer that does not fit the pending prompt (a 7 on a d6, an unknown option)."""


class RuleError(RefboxError):
    """An answer that fits the prompt's shape but breaks a rule of the game."""


class RulesetError(RefboxError):
    """A ruleset file that is missing, unreadable or invalid; the message names file and field."""


class JournalError(RefboxError):
    """A journal that cannot be read or replayed; the file is left untouched.

    ``salvageable`` is set when the inputs before the damage can still be replayed
    (``Match.load(path, salvage=True)`` keeps those and a copy of the original)."""

    def __init__(self, message: str, salvageable: bool = False) -> None:
        super().__init__(message)
        self.salvageable = salvageable


class NothingToUndo(RefboxError):
    """Undo at the start of a match, or redo with nothing undone."""


class JournalWriteError(RefboxError):
    """The journal could not be written (disk full, read-only, I/O error): the input was not recorded and
    nothing changed. The message says what failed, on which file, and what to do."""
