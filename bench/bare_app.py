"""The floor for start-up: a bare Textual app showing one line."""

from textual.app import App
from textual.widgets import Static


class Bare(App):
    def compose(self):
        yield Static("bare app ready")


if __name__ == "__main__":
    Bare().run()
