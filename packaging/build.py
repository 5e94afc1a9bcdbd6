"""Build the installable app and prove it works: ``python packaging/build.py``.

1. a clean virtual environment (``build/venv``) holding only the app's runtime dependencies from
   ``pyproject.toml`` plus PyInstaller and Pillow — reused while its requirements are unchanged;
2. PyInstaller with ``build.spec`` → ``dist/qilu-cards/`` (timed);
3. checks on the bundle: size, every QML module ``ui/`` imports is inside, the font and sounds are inside;
4. the frozen program run with ``--smoke-test`` offscreen (start → first frame measured from Qt's own
   render-loop log, and the ``SMOKE OK`` marker required), then started normally for a few seconds to see
   the bundled QtMultimedia load (where libpulse is installed);
5. the artifact a release attaches (``artifact_name``): on Linux ``dist/qilu-cards-<version>-linux-<arch>.tar.gz``
   with the ``.desktop`` file, icon and installer; on Windows ``dist/qilu-cards-<version>-windows-<arch>.zip``
   of the ``qilu-cards`` folder; on macOS ``dist/qilu-cards-<version>-macos-<arch>.zip`` of ``Qilu Cards.app``;
6. the figures as JSON on stdout (also written to ``<dist>/build-figures.json``).

Exit status: 0 all good; 1 the build or a check failed (the reason is printed); 3 the build environment could
not be installed (no package index) — the packaging test skips on that one only.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import venv
import zipfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP = "qilu-cards"
MAC_APP = "Qilu Cards.app"  # build.spec's BUNDLE name on macOS
SMOKE_MARKER = "SMOKE OK"
EXIT_NO_ENV = 3
# The Qt render loop logs one line per frame; with %{time boot} (CLOCK_MONOTONIC on Linux, the clock
# time.monotonic() reads) the first line's stamp minus our spawn time is "start to first frame".
FRAME_LOG_RULES = "qt.scenegraph.time.renderloop.debug=true"
FRAME_LOG_PATTERN = "QILU-QTLOG %{time boot} %{category}: %{message}"
FRAME_LINE = re.compile(r"QILU-QTLOG\s+([\d.]+)\s+qt\.scenegraph\.time\.renderloop: Frame rendered")


def say(msg: str) -> None:
    print(f"[build] {msg}", file=sys.stderr, flush=True)


class BuildError(Exception):
    def __init__(self, msg: str, code: int = 1) -> None:
        super().__init__(msg)
        self.code = code


# ------------------------------------------------------------------------------------------ venv
def project() -> dict[str, object]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]  # type: ignore[no-any-return]


def requirements() -> list[str]:
    proj = project()
    deps = list(proj["dependencies"])  # type: ignore[call-overload]
    extra = proj.get("optional-dependencies", {}).get("build") or ["pyinstaller==6.22.*", "pillow>=10"]  # type: ignore[attr-defined]
    return deps + list(extra)


def venv_python(env_dir: Path) -> Path:
    return env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


@contextlib.contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """Serialise venv creation between concurrent builds (two test runs in one checkout)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as fh:
        try:
            import fcntl
        except ImportError:  # Windows: no lock, builds there are run by hand
            yield
            return
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def ensure_venv(env_dir: Path, fresh: bool) -> tuple[Path, bool, float]:
    """The clean build environment: (python, created now?, seconds spent)."""
    reqs = requirements()
    text = "\n".join(reqs) + "\n"
    digest = hashlib.sha256((text + sys.version).encode()).hexdigest()
    stamp = env_dir / ".qilu-requirements.sha256"
    py = venv_python(env_dir)
    t0 = time.monotonic()
    with file_lock(env_dir.parent / (env_dir.name + ".lock")):
        if not fresh and py.is_file() and stamp.is_file() and stamp.read_text().strip() == digest:
            say(f"reusing {env_dir} (requirements unchanged)")
            return py, False, time.monotonic() - t0
        if env_dir.exists():
            shutil.rmtree(env_dir)
        say(f"creating a clean venv in {env_dir}: {', '.join(reqs)}")
        try:
            venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
        except Exception as exc:  # no ensurepip / venv module in this Python
            raise BuildError(f"could not create a virtual environment with {sys.executable}: {exc}",
                             EXIT_NO_ENV) from exc
        (env_dir / "requirements.txt").write_text(text)
        r = subprocess.run([str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                            "-r", str(env_dir / "requirements.txt")], text=True, capture_output=True)
        if r.returncode != 0:
            shutil.rmtree(env_dir, ignore_errors=True)
            raise BuildError("could not install the build environment (is a package index reachable?):\n"
                             + (r.stderr or r.stdout)[-3000:], EXIT_NO_ENV)
        # Only one Qt binding, and none of the PySide6 meta-package's extras (WebEngine, Pdf...).
        r = subprocess.run([str(py), "-m", "pip", "list", "--format=json"], text=True, capture_output=True,
                           check=True)
        names = {p["name"].lower() for p in json.loads(r.stdout)}
        unwanted = names & {"pyside6", "pyside6-webengine", "pyqt5", "pyqt6", "pyside2"}
        if unwanted:
            raise BuildError(f"the build venv holds unwanted Qt packages: {sorted(unwanted)}")
        stamp.write_text(digest + "\n")
    return py, True, time.monotonic() - t0


# ----------------------------------------------------------------------------------------- build
def run_pyinstaller(py: Path, dist: Path, work: Path, clean_cache: bool) -> tuple[float, list[str]]:
    """PyInstaller with build.spec, from a fresh work folder; its binary cache lives under build/ (not the
    user's ~/.cache), so concurrent or later builds never see a half-cleaned cache."""
    if work.exists():
        shutil.rmtree(work)
    cmd = [str(py), "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
           "--distpath", str(dist), "--workpath", str(work), str(ROOT / "build.spec")]
    if clean_cache:
        cmd.insert(3, "--clean")
    env = dict(os.environ, PYINSTALLER_CONFIG_DIR=str(ROOT / "build" / "pyinstaller-cache"))
    env.pop("PYTHONPATH", None)
    say("running " + " ".join(cmd))
    t0 = time.monotonic()
    r = subprocess.run(cmd, cwd=ROOT, text=True, capture_output=True, env=env)
    took = time.monotonic() - t0
    for line in (r.stdout + r.stderr).splitlines():
        if "[build.spec]" in line or "ERROR" in line:
            say(line.strip())
    if r.returncode != 0:
        raise BuildError(f"PyInstaller failed (exit {r.returncode}):\n" + (r.stderr or r.stdout)[-4000:])
    # Libraries something links to that the build machine lacks: the target machine must provide them.
    unresolved = sorted(set(re.findall(r"could not resolve '([^']+)'", r.stdout + r.stderr)))
    return took, unresolved


def bundle_size(folder: Path) -> int:
    total = 0
    for dirpath, _dirs, files in os.walk(folder):
        for f in files:
            p = Path(dirpath) / f
            if not p.is_symlink():
                total += p.stat().st_size
    return total


def internal_dir(bundle: Path) -> Path:
    return bundle / "_internal" if (bundle / "_internal").is_dir() else bundle


def check_bundle(bundle: Path) -> dict[str, object]:
    """Static checks: the app's data and every QML module ``ui/`` imports are inside the bundle."""
    inner = internal_dir(bundle)
    problems = []
    for rel in ["ui/Main.qml", "assets/fonts/NotoSansHans-Regular.otf", "assets/icons/app.png"]:
        if not (inner / rel).is_file():
            problems.append(f"missing {rel}")
    for wav in sorted((ROOT / "assets" / "sounds").glob("*.wav")):
        if not (inner / "assets" / "sounds" / wav.name).is_file():
            problems.append(f"missing assets/sounds/{wav.name}")
    qml_root = next((p for p in [inner / "PySide6" / "Qt" / "qml", inner / "PySide6" / "qml"] if p.is_dir()), None)
    imports: set[str] = set()
    for qml in (ROOT / "ui").rglob("*.qml"):
        imports.update(re.findall(r"^\s*import\s+([A-Za-z_][\w.]*)", qml.read_text(encoding="utf-8"), re.M))
    for imp in sorted(imports):
        if qml_root is None or not (qml_root / imp.replace(".", "/") / "qmldir").is_file():
            problems.append(f"QML module {imp} (imported by ui/) is not in the bundle")
    if problems:
        raise BuildError("bundle check failed: " + "; ".join(problems))
    return {"qml_imports": sorted(imports)}


def frozen_exe(bundle: Path) -> Path:
    return bundle / (APP + ".exe" if os.name == "nt" else APP)


def smoke(exe: Path, runs: int) -> dict[str, object]:
    """Run ``<exe> --smoke-test`` offscreen ``runs`` times; every run must print the marker and exit 0."""
    first_frames: list[float] = []
    walls: list[float] = []
    line = ""
    for i in range(runs):
        with tempfile.TemporaryDirectory(prefix="qilu-frozen-smoke-") as data:
            env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_QUICK_BACKEND="software", QILU_DATA_DIR=data,
                       QT_LOGGING_RULES=FRAME_LOG_RULES, QT_MESSAGE_PATTERN=FRAME_LOG_PATTERN)
            env.pop("PYTHONPATH", None)  # the frozen app must not lean on the checkout
            t0 = time.monotonic()
            try:
                r = subprocess.run([str(exe.resolve()), "--smoke-test"], env=env, cwd=data, text=True, capture_output=True,
                                   timeout=120)
            except subprocess.TimeoutExpired as exc:
                raise BuildError("frozen smoke test did not finish in 120 s") from exc
            wall = time.monotonic() - t0
        out = r.stdout + r.stderr
        marker = [ln for ln in r.stdout.splitlines() if ln.startswith("SMOKE")]
        if r.returncode != 0 or not marker or not marker[-1].startswith(SMOKE_MARKER):
            clean = "\n".join(re.sub(r"^QILU-QTLOG\s+[\d.]+\s+", "", ln) for ln in out.splitlines()
                              if not FRAME_LINE.search(ln))
            raise BuildError(f"frozen smoke test failed (exit {r.returncode}):\n{clean[-3000:]}")
        line = marker[-1]
        walls.append(wall)
        stamps = [float(m.group(1)) for m in FRAME_LINE.finditer(out)]
        if stamps and sys.platform.startswith("linux"):
            first_frames.append(stamps[0] - t0)
        say(f"smoke run {i + 1}: {line} — first frame "
            f"{(f'{first_frames[-1]:.3f} s' if first_frames else 'n/a')}, whole run {wall:.2f} s")
    figures: dict[str, object] = {"smoke_marker": line, "smoke_exit_code": 0, "smoke_runs": runs,
                                  "smoke_wall_s": [round(w, 3) for w in walls]}
    if first_frames:
        figures["start_to_first_frame_s"] = round(statistics.median(first_frames), 3)
        figures["start_to_first_frame_runs_s"] = [round(f, 3) for f in first_frames]
    return figures


def sound_check(exe: Path, seconds: float = 6.0) -> str:
    """Start the frozen app normally (offscreen, sound on) and watch its QML load ``SoundPlayer.qml``, i.e. the
    bundled QtMultimedia. Needs libpulse on Linux (the Loader fails without it, by design), so it is skipped
    where libpulse is missing. No audio device is needed: with none, the effects just stay silent."""
    if sys.platform.startswith("linux"):
        import ctypes
        try:
            ctypes.CDLL("libpulse.so.0")
        except OSError:
            return "skipped: no libpulse.so.0 on this machine (the app then runs silently, as designed)"
    with tempfile.TemporaryDirectory(prefix="qilu-frozen-sound-") as data:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_QUICK_BACKEND="software", QILU_DATA_DIR=data)
        env.pop("PYTHONPATH", None)
        proc = subprocess.Popen([str(exe.resolve())], env=env, cwd=data, text=True, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT)
        try:
            out, _ = proc.communicate(timeout=seconds)
        except subprocess.TimeoutExpired:
            proc.terminate()
            try:
                out, _ = proc.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                out, _ = proc.communicate()
        else:
            raise BuildError(f"the frozen app exited by itself (exit {proc.returncode}):\n{out[-2000:]}")
    bad = [ln for ln in out.splitlines()
           if "SoundPlayer.qml" in ln or ("QtMultimedia" in ln and ("not installed" in ln or "Cannot load" in ln))]
    if bad:
        raise BuildError("the bundled QtMultimedia did not load: " + "; ".join(bad[:3]))
    return "ok: SoundPlayer.qml (QtMultimedia) loaded in the frozen app"


# ------------------------------------------------------------------------------------- artifacts
_ARCH = {"amd64": "x86_64", "x86_64": "x86_64", "x64": "x86_64", "arm64": "arm64", "aarch64": "arm64"}
_SYSTEM = {"linux": "linux", "win32": "windows", "darwin": "macos"}


def artifact_name(version: str, system: str | None = None, machine: str | None = None) -> str:
    """The file a release attaches for this system: ``qilu-cards-<version>-<os>-<arch>.<tar.gz|zip>``
    (Windows reports ``AMD64``, macOS ``arm64``/``x86_64``, Linux ``x86_64``/``aarch64``: one spelling each)."""
    system = system or sys.platform
    osname = next((v for k, v in _SYSTEM.items() if system.startswith(k)), system)
    raw = (machine if machine is not None else platform.machine()) or "x86_64"
    arch = _ARCH.get(raw.lower(), raw.lower())
    ext = "tar.gz" if osname == "linux" else "zip"
    return f"{APP}-{version}-{osname}-{arch}.{ext}"


def zip_tree(src: Path, out: Path) -> Path:
    """Zip a folder (kept as the archive's top folder) the way unzip and Finder restore it: symlinks stay
    symlinks (a macOS .app's frameworks are full of them) and the executable bits are kept."""
    out.unlink(missing_ok=True)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as z:
        for dirpath, dirs, names in os.walk(src):
            dirs.sort()
            here = Path(dirpath)
            for name in sorted(dirs) + sorted(names):
                p = here / name
                arc = p.relative_to(src.parent).as_posix()
                if p.is_symlink():
                    info = zipfile.ZipInfo(arc)
                    info.create_system = 3  # unix: external_attr holds the mode
                    info.external_attr = (0o120777 << 16)
                    z.writestr(info, os.readlink(p))
                    if p.is_dir():
                        dirs.remove(name)  # never follow a symlinked folder
                elif p.is_file():
                    z.write(p, arc)
    return out


def mac_zip(app: Path, out: Path) -> Path:
    """``ditto`` is what Apple uses (keeps extended attributes and the ad-hoc signature's files);
    elsewhere, or without it, the symlink-keeping zip above."""
    if shutil.which("ditto"):
        out.unlink(missing_ok=True)
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(app), str(out)], check=True)
        return out
    return zip_tree(app, out)


def pack(dist: Path, bundle: Path, version: str) -> Path:
    """This system's release artifact (``artifact_name``) in ``dist``."""
    out = dist / artifact_name(version)
    if sys.platform.startswith("linux"):
        check_desktop_file(ROOT / "packaging" / "linux" / f"{APP}.desktop")
        return linux_tarball(bundle, out, version)
    if sys.platform == "darwin":
        app = dist / MAC_APP
        if not app.is_dir():
            raise BuildError(f"no {MAC_APP} in {dist}")
        return mac_zip(app, out)
    return zip_tree(bundle, out)


# ----------------------------------------------------------------------------------------- Linux
def linux_tarball(bundle: Path, out: Path, version: str) -> Path:
    top = f"{APP}-{version}"
    lin = ROOT / "packaging" / "linux"

    def norm(ti: tarfile.TarInfo) -> tarfile.TarInfo:
        ti.uid = ti.gid = 0
        ti.uname = ti.gname = "root"
        return ti

    with tarfile.open(out, "w:gz", compresslevel=6) as tar:
        tar.add(bundle, arcname=f"{top}/{APP}", filter=norm)
        tar.add(lin / f"{APP}.desktop", arcname=f"{top}/{APP}.desktop", filter=norm)
        tar.add(ROOT / "assets" / "icons" / "app.png", arcname=f"{top}/{APP}.png", filter=norm)
        tar.add(lin / "install.sh", arcname=f"{top}/install.sh", filter=norm)
        tar.add(lin / "README.txt", arcname=f"{top}/README.txt", filter=norm)
    return out


def check_desktop_file(path: Path) -> None:
    """The few keys a launcher needs; ``desktop-file-validate`` is used too when it is installed."""
    text = path.read_text(encoding="utf-8")
    for key in ["[Desktop Entry]", "Type=Application", "Name=", "Exec=", "Icon=", "Categories="]:
        if key not in text:
            raise BuildError(f"{path.name} lacks {key}")
    if shutil.which("desktop-file-validate"):
        r = subprocess.run(["desktop-file-validate", str(path)], text=True, capture_output=True)
        if r.returncode != 0:
            raise BuildError(f"desktop-file-validate: {r.stdout}{r.stderr}")


# ------------------------------------------------------------------------------------------ main
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Build the frozen app, smoke-test it, pack it, print figures.")
    ap.add_argument("--venv", type=Path, default=ROOT / "build" / "venv", help="build venv (reused if unchanged)")
    ap.add_argument("--fresh-venv", action="store_true", help="recreate the venv even if it looks current")
    ap.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder")
    ap.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller", help="PyInstaller work folder")
    ap.add_argument("--clean", action="store_true", help="also empty PyInstaller's binary cache (build/pyinstaller-cache)")
    ap.add_argument("--smoke-runs", type=int, default=3, help="frozen smoke runs (the median start time is kept)")
    ap.add_argument("--no-tarball", "--no-artifact", dest="no_tarball", action="store_true",
                    help="skip packing the release artifact (tarball / zip)")
    args = ap.parse_args(argv)

    version = str(project()["version"])
    figures: dict[str, object] = {"app": APP, "version": version, "platform": sys.platform,
                                  "machine": platform.machine()}
    try:
        t_all = time.monotonic()
        py, created, venv_s = ensure_venv(args.venv.resolve(), args.fresh_venv)
        figures["venv"] = str(args.venv)
        figures["venv_created"] = created
        figures["venv_s"] = round(venv_s, 1)
        dist = args.dist.resolve()
        build_s, unresolved = run_pyinstaller(py, dist, args.work.resolve(), clean_cache=args.clean)
        figures["build_s"] = round(build_s, 1)
        figures["not_bundled_libs"] = unresolved  # absent on the build machine: the target must provide them
        figures["pyinstaller_cache_cleaned"] = args.clean
        bundle = dist / APP
        exe = frozen_exe(bundle)
        if not exe.is_file():
            raise BuildError(f"no frozen program at {exe}")
        size = bundle_size(bundle)
        font = internal_dir(bundle) / "assets" / "fonts" / "NotoSansHans-Regular.otf"
        figures["bundle"] = str(bundle)
        figures["bundle_bytes"] = size
        figures["bundle_mb"] = round(size / 1e6, 1)
        figures["font_mb"] = round(font.stat().st_size / 1e6, 1) if font.is_file() else None
        figures["bundle_target_mb"] = 180
        figures.update(check_bundle(bundle))
        figures.update(smoke(exe, max(1, args.smoke_runs)))
        figures["sound_check"] = sound_check(exe)
        say(f"sound check: {figures['sound_check']}")
        if not args.no_tarball:
            art = pack(dist, bundle, version)
            figures["artifact"] = str(art)
            figures["artifact_mb"] = round(art.stat().st_size / 1e6, 1)
            if art.name.endswith(".tar.gz"):  # the names the Linux packaging tests read
                figures["tarball"] = str(art)
                figures["tarball_mb"] = figures["artifact_mb"]
        figures["total_s"] = round(time.monotonic() - t_all, 1)
    except BuildError as exc:
        say(f"FAILED: {exc}")
        figures["error"] = str(exc).splitlines()[0]
        print(json.dumps(figures, ensure_ascii=False, indent=2))
        return exc.code
    (args.dist / "build-figures.json").write_text(json.dumps(figures, ensure_ascii=False, indent=2) + "\n")
    print(json.dumps(figures, ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
