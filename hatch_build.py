"""Installing refbox compiles its hot engine modules with Cython (refbox/native.py says which, and how a build is
used only with the source it was built from). Without a C compiler, or with REFBOX_NATIVE=0, refbox installs as
plain Python, which plays the same games a little slower."""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def _native_module(root: Path):
    """refbox/native.py, loaded on its own (importing the refbox package would install its finder)."""
    spec = importlib.util.spec_from_file_location("_refbox_native_build", root / "refbox" / "native.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class NativeBuildHook(BuildHookInterface):
    def initialize(self, version: str, build_data: dict) -> None:
        if os.environ.get("REFBOX_NATIVE") == "0":
            return
        root = Path(self.root)
        native = _native_module(root)
        out = root / "refbox" / "_native"
        try:
            names = compile_modules(native, root, out)
        except Exception as e:  # no compiler, no headers: refbox still works, as Python
            print(f"refbox: engine modules not compiled ({type(e).__name__}: {e}); installing them as Python",
                  file=sys.stderr)
            return
        if version != "editable":  # an editable install finds them in the source tree
            for name in names:
                build_data["force_include"][str(out / name)] = f"refbox/_native/{name}"
            build_data["pure_python"] = False
            build_data["infer_tag"] = True


def compile_modules(native, root: Path, out: Path) -> list[str]:
    """Compile every module of native.MODULES whose current source has no build yet in ``out``, drop the builds
    of sources that are gone, and return the current builds' file names."""
    wanted = {}
    for module in native.MODULES:
        source = root / (module.replace(".", "/") + ".py")
        wanted[module] = (source, native.build_name(module, source.read_bytes()))
    out.mkdir(exist_ok=True)
    current = {name for _, name in wanted.values()}
    for old in out.iterdir():  # this interpreter's builds of older sources (another's are left alone)
        if old.name.endswith(native.SUFFIX) and old.name not in current:
            old.unlink()
    missing = [(module, source, name) for module, (source, name) in wanted.items() if not (out / name).exists()]
    if missing:
        _cythonize(native, missing, out)
    return sorted(current)


def _cythonize(native, missing: list, out: Path) -> None:
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    with tempfile.TemporaryDirectory() as tmp:
        extensions = cythonize(
            [Extension(module, [str(source)], extra_compile_args=list(native.CFLAGS)) for module, source, _ in missing],
            build_dir=str(Path(tmp) / "c"), language_level=3, quiet=True, nthreads=os.cpu_count() or 1,
            compiler_directives=native.DIRECTIVES)
        build = Distribution({"ext_modules": extensions}).get_command_obj("build_ext")
        build.build_lib, build.build_temp, build.parallel = str(Path(tmp) / "lib"), str(Path(tmp) / "o"), True
        build.ensure_finalized()
        build.run()
        for module, _, name in missing:
            shutil.move(build.get_ext_fullpath(module), out / name)
