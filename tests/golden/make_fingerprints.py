"""Write tests/golden/fingerprints.json: what seeded games of every ruleset play, as digests.

    python tests/golden/make_fingerprints.py

Run it only when a change is meant to change the games (a rule fixed, a question added or removed); a refactor
must leave every digest as it is (tests/test_fingerprints.py).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from golden.fingerprints import GOLDEN, fingerprints  # noqa: E402

if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(fingerprints(), indent=1, sort_keys=True) + "\n")
    for checkpoint in GOLDEN.parent.glob("*.checkpoint.json"):  # the journals are what old versions leave
        checkpoint.unlink()
    print(f"wrote {GOLDEN}")
