"""The phone apps package: ``flet build apk`` and ``flet build ipa`` pass, with flet-cli's own
code, every step that needs no Flutter SDK (the entry point, the template data, what goes into
the app), and the phones' dependency set resolves with binary wheels only, from the package
index plus Flet's phone builds, containing nothing native that Flet does not build for phones.

No network but the package index: the Python build manifest flet fetches is stood in for by
the versions flet's pinned release bundles, and Flet's phone index by stub wheels of the
packages it builds (names, versions and native dependencies as its build recipes give them).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
PHONE_PYTHON = re.search(r"^PHONE_PYTHON\s*:?=\s*(\S+)", (ROOT / "Makefile").read_text(),
                         re.M).group(1)  # type: ignore[union-attr]

# The Pythons flet 1.0.5's pinned python-build release bundles for phones.
MANIFEST = {"default_python_version": "3.14", "pythons": {
    short: {"full_version": full, "pyodide_version": pyodide, "prerelease": False,
            "android_abis": ["arm64-v8a", "x86_64", "armeabi-v7a"]}
    for short, full, pyodide in (("3.12", "3.12.13", "0.27.7"), ("3.13", "3.13.14", "0.29.4"),
                                 ("3.14", "3.14.6", "314.0.3"))}}

# Flet's phone builds of the native packages Meja's dependencies reach (its mobile build
# recipes): version, and the native libraries each build requires.
PHONE_BUILDS = {
    "pillow": ("12.2.0", ["flet-libjpeg", "flet-libfreetype"]),
    "msgpack": ("1.1.2", []),
    "pyzbar": ("0.1.9", ["flet-libzbar"]),
    "flet-libzbar": ("0.23.93", ["flet-libiconv"]),
    "flet-libiconv": ("1.17", []),
    "flet-libjpeg": ("3.0.90", []),
    "flet-libfreetype": ("2.13.3", []),
}
PLATFORMS = {  # flet target: (uv's platform, a wheel tag of Flet's phone index)
    "apk": ("aarch64-linux-android", "android_24_arm64_v8a"),
    "ipa": ("arm64-apple-ios", "ios_13_0_arm64_iphoneos"),
}
DESKTOP_ONLY = {"zxing-cpp", "flet-desktop", "flet-web", "uvicorn", "fastapi", "uvloop",
                "httptools", "watchfiles", "pydantic-core", "websockets", "starlette"}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project as a fresh clone has it: the files git knows, nothing built."""
    copy = tmp_path_factory.mktemp("project")
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.split()
    for name in listed:
        source = ROOT / name
        if source.is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy / name)
    return copy


@pytest.fixture(scope="module")
def manifest(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("manifest") / "manifest.json"
    path.write_text(json.dumps(MANIFEST))
    return path


def build_steps(project: Path, target: str, manifest: Path,
                monkeypatch: pytest.MonkeyPatch) -> Any:
    """flet-cli's ``flet build <target>`` up to the first step that needs Flutter."""
    from flet_cli.commands import build
    from flet_cli.commands.flutter_base import BaseFlutterCommand
    from flet_cli.utils import python_versions

    monkeypatch.setenv("FLET_PYTHON_BUILD_MANIFEST", str(manifest))
    python_versions._load_data.cache_clear()

    def no_flutter(self: Any) -> None:  # where flet-cli finds or installs the Flutter SDK
        self.emojis = dict.fromkeys(("checkmark", "loading", "success", "directory"), "")

    monkeypatch.setattr(BaseFlutterCommand, "initialize_command", no_flutter)
    parser = argparse.ArgumentParser()
    command = build.Command(parser)
    command.options = parser.parse_args([target, str(project), "--python-version", PHONE_PYTHON])
    command.target_platform = target
    if target == "ipa":
        command.current_platform = "Darwin"  # iOS apps are built on a Mac

    def stop(code: int, message: str | None = None) -> None:
        raise AssertionError(f"flet build {target} stopped ({code}): {message}")

    command.cleanup = stop
    command.initialize_command()
    command.validate_target_platform()
    command.validate_entry_point()
    command.setup_template_data()
    return command


@pytest.mark.parametrize("target", sorted(PLATFORMS))
def test_flet_build_finds_the_entry_point_and_sets_the_template_data(
        target: str, project: Path, manifest: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    command = build_steps(project, target, manifest, monkeypatch)
    assert command.package_app_path == project
    assert (project / f"{command.python_module_name}.py").is_file()
    data = command.template_data
    options = data["options"]
    assert options["python_version"] == PHONE_PYTHON == command.python_release.short
    assert options["package_platform"] == {"apk": "Android", "ipa": "iOS"}[target]
    assert data["product_name"] == "Meja" and data["org_name"] == "org.meja"
    # the camera is declared and asked for, not required: phones without one install Meja
    assert options["android_permissions"]["android.permission.CAMERA"] is True
    assert options["android_permissions"]["android.permission.INTERNET"] is True
    assert all(options["android_features"][f] is False for f in (
        "android.hardware.camera", "android.hardware.camera.any",
        "android.hardware.camera.autofocus"))
    plist = options["info_plist"]
    assert "QR code" in plist["NSCameraUsageDescription"]
    assert "local network" in plist["NSLocalNetworkUsageDescription"]
    assert data["splash"]["color"] == PYPROJECT["tool"]["flet"]["splash"]["color"]


def test_the_app_package_holds_the_app_and_not_the_tests(
        project: Path, manifest: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from flet_cli.utils.app_excludes import find_default_excludes

    command = build_steps(project, "apk", manifest, monkeypatch)
    explicit = ["build", *command.get_platform_setting("app.exclude", [])]
    excluded = set(explicit + find_default_excludes(command.package_app_path, [], explicit))
    for kept in ("main.py", "app", "models", "views", "assets"):
        assert kept not in excluded and (project / kept).exists()
    assert {".venv", "tests", ".ci"} <= excluded


@pytest.mark.parametrize("target", sorted(PLATFORMS))
def test_the_phone_client_finds_icon_splash_and_card_font(
        target: str, project: Path, manifest: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """flet-cli takes the icon and splash from assets/ beside main.py, where the phone client
    also reads the card font; the window and the browser use the same folder."""
    from flet_cli.utils.hash_stamp import HashStamp

    from app.main import ASSETS
    from views.common import FONTS

    command = build_steps(project, target, manifest, monkeypatch)
    assets = command.package_app_path / "assets"
    stamp = HashStamp(command.build_dir / "stamp")
    assert command.find_platform_image(assets, "icon", stamp) == "icon.png"
    assert command.find_platform_image(assets, "splash", stamp) == "splash.png"
    assert all((assets / path).is_file() for path in FONTS.values())
    assert ASSETS == ROOT / "assets"


def stub_index(folder: Path, tag: str) -> Path:
    """Flet's phone index as stub wheels: just the metadata a resolver reads."""
    folder.mkdir(parents=True, exist_ok=True)
    cp = "cp" + PHONE_PYTHON.replace(".", "")
    for name, (version, requires) in PHONE_BUILDS.items():
        dist = f"{name.replace('-', '_')}-{version}"
        with zipfile.ZipFile(folder / f"{dist}-{cp}-{cp}-{tag}.whl", "w") as wheel:
            wheel.writestr(f"{dist}.dist-info/METADATA", "Metadata-Version: 2.1\n"
                           f"Name: {name}\nVersion: {version}\n"
                           + "".join(f"Requires-Dist: {r}\n" for r in requires))
            wheel.writestr(f"{dist}.dist-info/WHEEL", "Wheel-Version: 1.0\n"
                           f"Root-Is-Purelib: false\nTag: {cp}-{cp}-{tag}\n")
            wheel.writestr(f"{dist}.dist-info/RECORD", "")
    return folder


def phone_requirements(dependencies: list[str]) -> list[str]:
    """What flet-cli hands the phone packager: the project's dependencies, as it reads them."""
    from flet_cli.utils.project_dependencies import get_project_dependencies

    return get_project_dependencies(dependencies) or []


def resolve(requirements: list[str], target: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    platform, tag = PLATFORMS[target]
    (tmp / "requirements.txt").write_text("\n".join(requirements) + "\n")
    uv = shutil.which("uv", path=str(Path(sys.executable).parent)) or shutil.which("uv")
    assert uv, "uv is a dev dependency"
    return subprocess.run(
        [uv, "pip", "compile", str(tmp / "requirements.txt"), "--python-platform", platform,
         "--python-version", PHONE_PYTHON, "--only-binary", ":all:", "--find-links",
         str(stub_index(tmp / "phone-index", tag)), "--no-header", "--no-annotate"],
        capture_output=True, text=True, timeout=300,
        env={**os.environ, "UV_PYTHON_DOWNLOADS": "never"})


@pytest.mark.parametrize("target", sorted(PLATFORMS))
def test_the_phone_dependencies_resolve_to_wheels_phones_have(target: str,
                                                               tmp_path: Path) -> None:
    result = resolve(phone_requirements(PYPROJECT["project"]["dependencies"]), target, tmp_path)
    assert result.returncode == 0, result.stderr
    pinned = dict(line.split("==") for line in result.stdout.split() if "==" in line)
    assert {"flet", "flet-charts", "flet-camera", "tinydb", "qrcode", "pyzbar"} <= set(pinned)
    assert not DESKTOP_ONLY & set(pinned)
    for name, (version, _) in PHONE_BUILDS.items():  # Flet's builds, where it has them
        assert pinned.get(name, version) == version


def test_a_native_package_without_a_phone_build_is_caught(tmp_path: Path) -> None:
    """zxing-cpp without its marker would go to phones, which have no build of it."""
    deps = [re.sub(r";.*", "", d) if d.startswith("zxing-cpp") else d
            for d in PYPROJECT["project"]["dependencies"]]
    result = resolve(phone_requirements(deps), "apk", tmp_path)
    assert result.returncode != 0 and "zxing-cpp" in result.stderr


def test_the_phone_app_imports_nothing_desktop_only(project: Path) -> None:
    """Started as a phone starts it (FLET_PLATFORM set), the app's modules load with every
    desktop-only package missing."""
    blocked = ["zxingcpp", "flet_desktop", "flet_web", "uvicorn", "fastapi"]
    script = (
        "import sys, importlib.abc\n"
        "class Block(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        f"        if name.split('.')[0] in {blocked!r}: raise ImportError(name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import main, app.main, app.shell, app.share.screens\n"
        "print('loaded')\n"
    )
    result = subprocess.run([sys.executable, "-c", script], cwd=project, capture_output=True,
                            text=True, env={**os.environ, "FLET_PLATFORM": "android"},
                            timeout=120)
    assert result.stdout.strip() == "loaded", result.stderr


def test_the_phone_package_holds_the_compiled_catalogs(
        project: Path, manifest: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh clone has only the .po sources; ``make apk`` / ``make ipa`` compile them first
    (``make catalogs``), and flet build packages the .mo files with the app."""
    makefile = (project / "Makefile").read_text()
    assert re.search(r"^apk ipa:.*\bcatalogs\b", makefile, re.M)
    sources = sorted(project.glob("app/locale/*/LC_MESSAGES/*.po"))
    assert len(sources) == 15 and not list(project.glob("app/locale/**/*.mo"))
    subprocess.run(["make", "catalogs", f"PY={sys.executable}"], cwd=project, check=True,
                   capture_output=True, timeout=120)
    from flet_cli.utils.app_excludes import find_default_excludes

    command = build_steps(project, "apk", manifest, monkeypatch)
    explicit = ["build", *command.get_platform_setting("app.exclude", [])]
    excluded = set(explicit + find_default_excludes(command.package_app_path, [], explicit))
    for po in sources:
        mo = command.package_app_path / po.relative_to(project).with_suffix(".mo")
        assert mo.is_file(), mo
        parts = mo.relative_to(command.package_app_path).parts
        assert not any(os.path.join(*parts[:i]) in excluded for i in range(1, len(parts) + 1))


def test_building_the_package_compiles_the_catalogs(project: Path, tmp_path: Path) -> None:
    """``pip install .`` and the editable install run setup.py's build step, which compiles
    the catalogs and puts them in the package."""
    source = tmp_path / "source"
    shutil.copytree(project, source, ignore=shutil.ignore_patterns("*.mo", "build"))
    result = subprocess.run([sys.executable, "setup.py", "-q", "build_py", "-d",
                             str(tmp_path / "built")], cwd=source, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    built = sorted((tmp_path / "built").glob("app/locale/*/LC_MESSAGES/*.mo"))
    assert len(built) == 15
    assert {p.parent.parent.name for p in built} == {"en", "fr", "id"}
