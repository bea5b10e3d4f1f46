"""The ``refbox`` subcommands, one module each with ``main(argv) -> int``: ``sim`` (headless matches between
computer coaches), ``report`` (a match report written out) and ``serve`` (the app in a browser, locked)."""
