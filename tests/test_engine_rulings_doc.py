"""docs/RULINGS.md is generated from the rulesets and must not fall behind them."""

from pathlib import Path

from refbox.rulings import render


def test_the_rulings_document_matches_the_rulesets():
    doc = Path(__file__).resolve().parents[1] / "docs" / "RULINGS.md"
    assert doc.read_text(encoding="utf-8") == render(), "run: python -m refbox.rulings > docs/RULINGS.md"
