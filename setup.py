"""The gettext catalogs are compiled (``app/locale/**/*.po`` to ``.mo``) whenever the package
is built or installed, editable installs included; the rest of the build is pyproject.toml."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


def compile_catalogs() -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in sorted(Path(__file__).parent.glob("app/locale/*/LC_MESSAGES/*.po")):
        with po.open("rb") as source:
            catalog = read_po(source, locale=po.parts[-3], domain=po.stem)
        with po.with_suffix(".mo").open("wb") as target:
            write_mo(target, catalog)


class BuildPy(build_py):
    def run(self) -> None:
        compile_catalogs()
        super().run()


setup(cmdclass={"build_py": BuildPy})
