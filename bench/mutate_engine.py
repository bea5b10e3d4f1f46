"""A small mutation run over the journal and the match driver: does the test suite notice each break?

    python bench/mutate_engine.py

Each mutation is applied to a copy of the source in place, the engine tests run, and the file is restored.
A mutation the tests do not notice is a gap in the tests (or a line that does nothing). Prints a table;
asserts nothing.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ["tests/test_engine_journal.py", "tests/test_engine_trust.py", "tests/test_engine_kill.py",
         "tests/test_ui_disk_faults.py"]

MUTATIONS = [
    ("journal.py", "            undone.clear()", "            pass"),
    ("journal.py", "            undone.append(done.pop())", "            done.pop()"),
    ("journal.py", "                os.fsync(fd)\n            except OSError as e:\n                self._cut_back",
     "                pass\n            except OSError as e:\n                self._cut_back"),
    ("journal.py", "            os.ftruncate(fd, size)", "            pass"),
    ("journal.py", "        self.count += 1\n        self.chain = h", "        self.chain = h"),
    ("journal.py", "        if h != link(self.chain, obj):", "        if False:"),
    ("journal.py", "        if n != expected:", "        if False:"),
    ("journal.py", "        target = path.resolve()", "        target = path"),
    ("journal.py", "                if not unique:\n                    raise", "                raise"),
    ("journal.py", "        if self.broken:\n", "        if False:\n"),
    ("match.py", "        self.redo_stack.clear()\n        self._after_write()",
     "        self._after_write()"),
    ("match.py", "        except BaseException:  # a rule refused it midway", "        except ZeroDivisionError:  #"),
    ("match.py", "        self._record(Entry(\"undo\"))  # written first", "        pass  #"),
    ("files.py", "            if not hmac.compare_digest(snap[\"digest\"]", "            if False and (snap[\"digest\"]"),
    ("files.py", "        except Exception:  # anything odd in a checkpoint", "        except KeyError:  #"),
    ("match.py", "        self._cut_digests(upto)", "        pass"),
    ("files.py", "        except OSError as e:\n            self._warn(f\"The input is saved, but the list",
     "        except ZeroDivisionError as e:\n            self._warn(f\"The input is saved, but the list"),
    ("match.py", "            self._record(Entry(\"redo\"))\n        except BaseException:",
     "            self._record(Entry(\"redo\"))\n        except ZeroDivisionError:"),
]


def run() -> None:
    killed = 0
    for i, (name, old, new) in enumerate(MUTATIONS, 1):
        path = ROOT / "refbox" / "engine" / name
        source = path.read_text()
        if source.count(old) != 1:
            print(f"{i:2} {name:10} SKIPPED: pattern not found once: {old.strip()[:50]!r}")
            continue
        path.write_text(source.replace(old, new))
        try:
            result = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *TESTS],
                                    cwd=ROOT, capture_output=True, text=True)
        finally:
            path.write_text(source)
        noticed = result.returncode != 0
        killed += noticed
        print(f"{i:2} {name:10} {'noticed ' if noticed else 'MISSED  '} {old.strip().splitlines()[0][:70]}")
    print(f"{killed} of {len(MUTATIONS)} mutations noticed by the engine tests")


if __name__ == "__main__":
    run()
