"""The floor for in-app resume: a bare Textual app whose Enter opens a new screen with one line."""

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static


class Next(Screen):
    def compose(self):
        yield Static("NOW: bare screen")


class BarePush(App):
    BINDINGS = [Binding("enter", "open", "Open")]

    def compose(self):
        yield Static("New match (bare app)")

    def action_open(self) -> None:
        self.push_screen(Next())


if __name__ == "__main__":
    BarePush().run()
