"""The house rules that concern the repository as a whole (CONTRIBUTING.md, "Conventions").

- No room over ~400 lines without a reason: a module of the installed packages longer than
  ``MAX_LINES`` either is split by concept behind its façade or says why not in one line at its
  top (``# Over 400 lines: why``).
- The version follows the changelog: the newest released version of CHANGELOG.md (Keep a
  Changelog form) is the one in pyproject.toml and ``planetarium_plugin.__version__``.
- The map of the house (docs/architecture.md) names every module and package of the core.
"""

from __future__ import annotations

import datetime
import re
import tomllib
from pathlib import Path

import planetarium_plugin

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("planetarium_plugin", "domain_packs", "tasks")
MAX_LINES = 400
REASON = re.compile(r"^# Over 400 lines: \S.{9,}$")


def _modules() -> list[Path]:
    return sorted(p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py"))


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def long_without_reason(paths: list[Path], root: Path = ROOT) -> list[str]:
    """Modules over MAX_LINES whose first lines give no reason (paths relative to ``root``)."""
    out = []
    for path in paths:
        lines = _lines(path)
        if len(lines) > MAX_LINES and not any(REASON.match(x) for x in lines[:5]):
            out.append(f"{path.relative_to(root).as_posix()} ({len(lines)} lines)")
    return out


def test_no_module_over_400_lines_without_a_reason():
    found = long_without_reason(_modules())
    assert not found, (
        "split these by concept behind their façade, or put '# Over 400 lines: <why>' in their "
        f"first lines: {found}"
    )


def test_the_size_check_sees_a_long_module(tmp_path):
    long = tmp_path / "long.py"
    long.write_text("x = 1\n" * (MAX_LINES + 1), encoding="utf-8")
    explained = tmp_path / "explained.py"
    explained.write_text(
        '"""Doc."""\n# Over 400 lines: one table of the domain\'s constants\n' + "x = 1\n" * 400,
        encoding="utf-8",
    )
    short = tmp_path / "short.py"
    short.write_text("x = 1\n" * MAX_LINES, encoding="utf-8")
    found = long_without_reason([long, explained, short], root=tmp_path)
    assert found == ["long.py (401 lines)"]


# -- the changelog and the version ------------------------------------------------------------

_RELEASE = re.compile(r"^## \[(?P<version>\d+\.\d+\.\d+)\] - (?P<date>\d{4}-\d{2}-\d{2})$")
_SECTIONS = {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}


def changelog() -> list[tuple[str, str, list[str]]]:
    """(version, date, section names) of each release in CHANGELOG.md, newest first."""
    releases: list[tuple[str, str, list[str]]] = []
    for line in _lines(ROOT / "CHANGELOG.md"):
        if m := _RELEASE.match(line):
            releases.append((m["version"], m["date"], []))
        elif line.startswith("### ") and releases:
            releases[-1][2].append(line[4:].strip())
    return releases


def test_changelog_is_keep_a_changelog():
    lines = _lines(ROOT / "CHANGELOG.md")
    assert lines[0] == "# Changelog"
    assert "## [Unreleased]" in lines, "keep an Unreleased section at the top"
    headings = [x for x in lines if x.startswith("## ")]
    assert headings[0] == "## [Unreleased]"
    assert all(x == "## [Unreleased]" or _RELEASE.match(x) for x in headings), headings
    releases = changelog()
    assert releases, "no released version"
    versions = [tuple(map(int, v.split("."))) for v, _, _ in releases]
    assert versions == sorted(versions, reverse=True) and len(set(versions)) == len(versions)
    dates = [datetime.date.fromisoformat(d) for _, d, _ in releases]
    assert dates == sorted(dates, reverse=True)
    for version, _, sections in releases:
        assert sections and set(sections) <= _SECTIONS, (version, sections)


def test_version_follows_the_changelog():
    newest = changelog()[0][0]
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["project"]["version"] == newest
    assert planetarium_plugin.__version__ == newest


# -- the map of the house ---------------------------------------------------------------------


def test_architecture_page_names_every_room():
    """docs/architecture.md names every module and package of the core, so the map of the house
    cannot fall behind it."""
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    core = ROOT / "planetarium_plugin"
    rooms = sorted(
        p.stem if p.is_file() else p.name + "/"
        for p in core.iterdir()
        if (p.suffix == ".py" and p.name != "__init__.py")
        or (p.is_dir() and not p.name.startswith(("_", ".")))
    )
    missing = [r for r in rooms if f"`{r}`" not in page]
    assert not missing, f"docs/architecture.md does not name: {missing}"


def test_contributing_names_only_test_files_that_exist():
    """The 'where to look first' table of CONTRIBUTING.md names test files that exist."""
    import fnmatch

    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    names = [n.name for n in (ROOT / "tests").glob("test_*.py")]
    named = re.findall(r"`(test_[\w*]+\.py)`", text)
    assert named
    missing = [n for n in named if not fnmatch.filter(names, n)]
    assert not missing, f"CONTRIBUTING.md names test files that do not exist: {missing}"
