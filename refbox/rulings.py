"""Print docs/RULINGS.md from the rulesets' [[rulings]] tables: ``python -m refbox.rulings``."""

from __future__ import annotations

from refbox.engine import registry
from refbox.engine.errors import RefboxError
from refbox.engine.ruleset import read_toml


def render() -> str:
    out = [
        "# Rulings",
        "",
        "Where a rules text is silent or ambiguous, refbox decides. Each ruling is shown in the in-app help",
        "(`?`) of the phases it applies to. Generated from `rulesets/*.toml` by `python -m refbox.rulings`.",
    ]
    for entry in registry.BUILTIN:
        try:
            raw = read_toml(entry.data_path)
        except RefboxError:
            continue
        rulings = raw.get("rulings", [])
        missing = raw.get("not_implemented", [])
        if not rulings and not missing:
            continue
        out += ["", f"## {entry.title}"]
        for r in rulings:
            where = ", ".join(r.get("applies_to", []))
            out += ["", f"**{r['id']}** ({where}): {r['ruling']}", f"  *Why:* {r['reason']}"]
        if missing:
            out += ["", "Not refereed yet:"] + [f"- {item}" for item in missing]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    print(render(), end="")
