"""refbox.ui.compat is the only place refbox touches Textual's private API: these fail loudly when an upgrade
moves what it relies on, and nothing else in refbox may reach for private Textual names."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import textual
from textual.widgets import Select
from textual.widgets._option_list import OptionList
from textual.widgets._select import SelectCurrent, SelectOverlay

from refbox.ui import compat

REFBOX = Path(compat.__file__).resolve().parents[1]


def test_textual_is_the_minor_version_the_compat_module_was_written_for():
    assert textual.__version__.startswith(compat.TESTED_WITH + "."), (
        f"Textual {textual.__version__}: check refbox/ui/compat.py against it, then update TESTED_WITH and the pin")


def test_the_private_names_the_guarded_select_relies_on_are_still_there():
    assert issubclass(SelectOverlay, OptionList)
    assert "direction" in inspect.signature(OptionList._move_page).parameters
    assert "_index_to_line" in dir(OptionList)
    assert "type_to_search" in inspect.signature(SelectOverlay).parameters
    assert "_type_to_search" in inspect.getsource(Select.__init__)
    source = inspect.getsource(Select.compose)
    assert "SelectCurrent" in source and "SelectOverlay" in source, "Select.compose changed: mirror it in compat"
    assert SelectCurrent is compat.SelectCurrent


def test_no_module_but_compat_uses_a_private_textual_name():
    private = re.compile(r"textual(\.\w+)*\._\w|\._get_breakpoint_classes|\._border_title|\._index_to_line")
    offenders = [str(p.relative_to(REFBOX)) for p in REFBOX.rglob("*.py")
                 if p.name != "compat.py" and private.search(p.read_text(encoding="utf-8"))]
    assert offenders == []
