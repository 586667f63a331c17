"""The documentation runs: every example in README.md, CONTRIBUTING.md, CHANGELOG.md and
docs/*.md, and the site builds.

Block format (CONTRIBUTING.md):

- ```` ```console ````: lines starting with ``$ `` are bash commands, run from the repository
  root (a trailing ``\\`` continues a command on the next line, a here-document's lines belong
  to its command); the lines after a command, up
  to the next ``$ `` line, are its expected stdout. A line that is exactly ``...`` matches any
  number of lines, ``...`` inside a line matches any text. Trailing whitespace and blank lines
  are not compared, nor is the exit status (show it with ``; echo $?`` where it matters).
- ```` ```pycon ````: doctest (``>>> ``/``... ``) with ELLIPSIS and NORMALIZE_WHITESPACE, run
  from the repository root; the pycon blocks of one page share one namespace.
- Any other fence is not run and must follow a line ``<!-- not-run: why -->``; so may a
  console or pycon block that cannot run here (needs a GPU, a cluster, minutes).

Each page runs in its own scratch directory that links every top-level entry of the
repository, so relative paths work as written and files a page writes (``--out data``) land in
the scratch directory, removed at the end. Blocks of a page run in order and share it; a block
selected alone first runs the page's earlier blocks.
"""

from __future__ import annotations

import dataclasses
import doctest
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [
    ROOT / "README.md",
    ROOT / "CONTRIBUTING.md",
    ROOT / "CHANGELOG.md",
    *sorted((ROOT / "docs").glob("*.md")),
]
RUNNABLE = ("console", "pycon")
_FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`\s]*)")
_NOT_RUN = re.compile(r"^\s*<!-- not-run: (?P<why>.*\S.*) -->\s*$")
_HEREDOC = re.compile(r"<<-?\s*(['\"]?)(?P<word>\w+)\1")
BLOCK_TIMEOUT = 300  # seconds for one block; the slowest documented command takes ~10 s


@dataclasses.dataclass(frozen=True)
class Block:
    page: str  # relative to the repository root
    line: int  # 1-based line of the opening fence
    lang: str
    body: str
    not_run: str | None  # the reason given by a <!-- not-run: … --> line, if any

    @property
    def id(self) -> str:
        return f"{self.page}:{self.line}"


def blocks_of(path: Path) -> list[Block]:
    """The fenced blocks of a markdown page, with their language and not-run marker."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out: list[Block] = []
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence = len(m["indent"]), m["fence"]
        previous = next((x for x in reversed(lines[:i]) if x.strip()), "")
        marker = _NOT_RUN.match(previous)
        body = []
        j = i + 1
        while j < len(lines) and not (
            lines[j].strip().startswith(fence[0] * len(fence))
            and lines[j].strip().strip(fence[0]) == ""
        ):
            body.append(lines[j][indent:] if not lines[j][:indent].strip() else lines[j].lstrip())
            j += 1
        out.append(
            Block(
                page=str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name,
                line=i + 1,
                lang=m["info"].lower(),
                body="\n".join(body) + "\n",
                not_run=marker["why"] if marker else None,
            )
        )
        i = j + 1
    return out


ALL_BLOCKS = [b for page in PAGES for b in blocks_of(page)]
RUN_BLOCKS = [b for b in ALL_BLOCKS if b.lang in RUNNABLE and b.not_run is None]


# -- matching -------------------------------------------------------------------------------


def output_pattern(expected: list[str]) -> re.Pattern[str]:
    """A regex for stdout: ``...`` alone matches any lines, inside a line any text."""
    parts = []
    for line in expected:
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(".*?".join(re.escape(p) for p in line.rstrip().split("...")) + r"\n")
    return re.compile("".join(parts))


def output_matches(expected: list[str], actual: str) -> bool:
    """Trailing whitespace and trailing blank lines are not compared."""
    text = "".join(line.rstrip() + "\n" for line in actual.rstrip().splitlines())
    while expected and not expected[-1].strip():
        expected = expected[:-1]
    return output_pattern(expected).fullmatch(text) is not None


def console_commands(body: str) -> list[tuple[str, list[str]]]:
    """(command, expected stdout lines) pairs of a console block."""
    pairs: list[tuple[str, list[str]]] = []
    lines = body.splitlines()
    i = 0
    while i < len(lines):
        if not lines[i].startswith("$ "):
            raise ValueError(f"console block line {i + 1} is output before any '$ ' command")
        command = lines[i][2:]
        while command.endswith("\\") and i + 1 < len(lines):
            i += 1
            command += "\n" + lines[i]  # bash reads the backslash-newline
        heredoc = _HEREDOC.search(command)
        if heredoc:  # the here-document's lines belong to the command
            while i + 1 < len(lines):
                i += 1
                command += "\n" + lines[i]
                if lines[i].strip() == heredoc["word"]:
                    break
        expected = []
        i += 1
        while i < len(lines) and not lines[i].startswith("$ "):
            expected.append(lines[i])
            i += 1
        pairs.append((command, expected))
    return pairs


# -- running ----------------------------------------------------------------------------------


class Page:
    """One page's scratch directory, doctest namespace and the blocks already run."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="planetarium-docs-"))
        for entry in ROOT.iterdir():
            if entry.name not in {".git", "site"}:
                (self.dir / entry.name).symlink_to(entry)
        self.namespace: dict = {"__name__": "__docs__"}
        self.done: set[int] = set()

    def close(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)


def _env() -> dict[str, str]:
    env = dict(os.environ)
    # The interpreter running the tests provides `python`, `planetarium` and `lm_eval`.
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env.update(COLUMNS="100", NO_COLOR="1", PYTHONDONTWRITEBYTECODE="1")
    return env


def run_console(block: Block, page: Page) -> list[str]:
    """Run a console block in one bash process; return the mismatches (empty when it passes)."""
    pairs = console_commands(block.body)
    sep = f"<<<planetarium-docs-{uuid.uuid4().hex}>>>"
    script = "".join(f"{command}\nprintf '\\n%s\\n' '{sep}:'$?\n" for command, _ in pairs)
    proc = subprocess.Popen(
        ["bash", "-c", script],
        cwd=page.dir,
        env=_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    try:
        stdout, stderr = proc.communicate(timeout=BLOCK_TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return [f"{block.id}: timed out after {BLOCK_TIMEOUT} s"]
    chunks = stdout.split(f"\n{sep}:")
    problems = []
    for k, (command, expected) in enumerate(pairs):
        if k >= len(chunks) - 1:
            problems.append(f"$ {command}\n  did not run (the block stopped)\n{stderr}")
            break
        out = chunks[k]
        status, _, rest = chunks[k + 1].partition("\n")
        chunks[k + 1] = rest
        if not output_matches(expected, out):
            problems.append(
                f"$ {command}   (exit status {status})\n--- expected\n"
                + "\n".join(expected)
                + f"\n--- got\n{out.rstrip()}\n--- stderr\n{stderr.strip()[-2000:]}"
            )
    return problems


def run_pycon(block: Block, page: Page) -> list[str]:
    """Run a pycon block as a doctest in the page's namespace; return its failure report."""
    test = doctest.DocTestParser().get_doctest(
        block.body, page.namespace, block.id, block.page, block.line
    )
    report: list[str] = []
    runner = doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False
    )
    cwd = os.getcwd()
    os.chdir(page.dir)
    try:
        result = runner.run(test, out=report.append, clear_globs=False)
    finally:
        os.chdir(cwd)
    page.namespace.update(test.globs)
    return ["".join(report)] if result.failed else []


def run_block(block: Block, page: Page) -> list[str]:
    return (run_console if block.lang == "console" else run_pycon)(block, page)


@pytest.fixture(scope="module")
def pages():
    opened: dict[str, Page] = {}
    yield opened
    for page in opened.values():
        page.close()


def page_for(pages: dict[str, Page], name: str) -> Page:
    """The page's scratch state, made once (a ``setdefault(name, Page())`` would make a scratch
    directory per block and leave all but the first behind)."""
    if name not in pages:
        pages[name] = Page()
    return pages[name]


def test_one_scratch_directory_per_page() -> None:
    pages: dict[str, Page] = {}
    before = set(Path(tempfile.gettempdir()).glob("planetarium-docs-*"))
    try:
        first = page_for(pages, "a.md")
        assert page_for(pages, "a.md") is first
        made = set(Path(tempfile.gettempdir()).glob("planetarium-docs-*")) - before
        assert made == {first.dir}
    finally:
        for page in pages.values():
            page.close()
    assert not first.dir.exists()


@pytest.mark.parametrize("block", RUN_BLOCKS, ids=lambda b: b.id)
def test_example(block: Block, pages: dict[str, Page]) -> None:
    page = page_for(pages, block.page)
    for index, earlier in enumerate(RUN_BLOCKS):
        if earlier == block:
            break
        if earlier.page == block.page and index not in page.done:
            run_block(earlier, page)  # its own test reports its failures
            page.done.add(index)
    page.done.add(RUN_BLOCKS.index(block))
    problems = run_block(block, page)
    assert not problems, f"{block.id} ({block.lang}):\n" + "\n\n".join(problems)


@pytest.mark.parametrize("path", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_block_runs_or_says_why_not(path: Path) -> None:
    unmarked = [
        f"{b.id}: a ```{b.lang or '(no language)'} block; make it console or pycon, or put "
        "'<!-- not-run: why -->' on the line before it"
        for b in blocks_of(path)
        if b.lang not in RUNNABLE and b.not_run is None
    ]
    assert not unmarked, "\n".join(unmarked)


def test_site_builds_strict(tmp_path: Path) -> None:
    """``mkdocs build --strict``: nav, links, anchors, the CLI and API references."""
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "site")],
        cwd=ROOT,
        env={**_env(), "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]


# -- the harness itself -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("expected", "actual", "ok"),
    [
        (["a", "b"], "a\nb\n", True),
        (["a", "b"], "a\nc\n", False),
        (["a", "..."], "a\nx\ny\n", True),
        (["...", "b"], "b\n", True),
        (["a ... c"], "a long b c\n", True),
        (["a ... c"], "a b\nc\n", False),
        (["a"], "a\nb\n", False),
        ([], "", True),
        ([], "x\n", False),
        (["a", ""], "a\n\n\n", True),
    ],
)
def test_output_matching(expected: list[str], actual: str, ok: bool) -> None:
    assert output_matches(expected, actual) is ok


def test_blocks_and_markers(tmp_path: Path) -> None:
    page = tmp_path / "p.md"
    page.write_text(
        "# t\n\n```console\n$ echo a \\\n  b\na b\n$ true\n```\n\n<!-- not-run: needs a GPU -->\n"
        "```bash\nnvidia-smi\n```\n\n- item\n\n  ```python\n  x = 1\n  ```\n"
        "```console\n$ cat <<'EOF'\n$ x\nEOF\n$ x\n```\n",
        encoding="utf-8",
    )
    got = [(b.line, b.lang, b.not_run) for b in blocks_of(page)]
    assert got[:3] == [(3, "console", None), (11, "bash", "needs a GPU"), (17, "python", None)]
    first, heredoc = (console_commands(b.body) for b in blocks_of(page) if b.lang == "console")
    assert first == [("echo a \\\n  b", ["a b"]), ("true", [])]
    assert heredoc == [("cat <<'EOF'\n$ x\nEOF", []), ("x", [])]


def _setup_commands(page: str) -> list[str]:
    block = next(b for b in blocks_of(ROOT / page) if b.lang == "bash")
    return [line for line in block.body.splitlines() if line and not line.startswith("#")]


def test_two_setup_commands_and_ci_runs_the_second() -> None:
    """README's set-up is two commands, the same in Getting started; .ci/run is the second."""
    readme = _setup_commands("README.md")
    assert len(readme) == 2
    assert readme[0].endswith("--tasks planetarium --limit 1 --gen_kwargs max_gen_toks=128")
    assert readme[1].endswith("python -m pytest -n 2 --dist loadfile")
    assert _setup_commands("docs/getting-started.md") == readme
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == readme[1]
