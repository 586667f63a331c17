"""MkDocs hooks: pages that are written once elsewhere and rendered into the site.

- ``<!-- include: FILE -->`` (alone on a line) is replaced by that file of the repository
  (README.md, CONTRIBUTING.md, CHANGELOG.md, benchmarks/RESULTS.md), with its links into
  ``docs/`` made relative to the site, so the front page and the README cannot drift apart;
  below a page's own title its headings go one level down.
- ``<!-- cli-reference -->`` is replaced by the reference of every ``planetarium`` subcommand,
  rendered from the argparse parser the command itself uses (``build_parser``).
"""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent
_INCLUDE = re.compile(r"^<!-- include: (?P<file>[\w./-]+) -->$", re.MULTILINE)
_CLI = "<!-- cli-reference -->"
# Links of an included file: into docs/ (made site-relative) and to the other included files.
_LINK_TARGETS = {"CONTRIBUTING.md": "contributing.md", "CHANGELOG.md": "changelog.md",
                 "README.md": "index.md"}  # fmt: skip
_LINK = re.compile(r"\]\((?P<target>[^)#\s]+)(?P<anchor>#[^)\s]*)?\)")


def _site_link(match: re.Match[str]) -> str:
    target, anchor = match["target"], match["anchor"] or ""
    if target.startswith("docs/"):
        target = target[len("docs/") :]
    target = _LINK_TARGETS.get(target, target)
    return f"]({target}{anchor})"


def include(name: str, *, demote: bool = False) -> str:
    """The text of a repository file with its links rewritten for the site."""
    lines = []
    fenced = False
    for line in (ROOT / name).read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        if demote and not fenced and line.startswith("#"):
            line = "#" + line
        lines.append(line)
    return _LINK.sub(_site_link, "\n".join(lines) + "\n")


def _escape(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _argument_rows(parser: argparse.ArgumentParser) -> list[str]:
    rows = ["| argument | default | meaning |", "|---|---|---|"]
    for action in parser._actions:  # argparse has no public accessor for its arguments
        if isinstance(action, argparse._HelpAction | argparse._SubParsersAction):
            continue
        if action.option_strings:
            name = ", ".join(action.option_strings)
            if action.nargs != 0:
                name += f" {action.metavar or action.dest.upper()}"
        else:
            name = action.metavar or action.dest
        default = action.default
        shown = "" if default in (None, False, argparse.SUPPRESS) else f"`{default}`"
        if action.required:
            shown = "required"
        text = action.help or ""
        if action.choices and not isinstance(action, argparse._SubParsersAction):
            text = f"{text} (one of {', '.join(map(str, action.choices))})".strip()
        rows.append(f"| `{_escape(name)}` | {shown} | {_escape(text)} |")
    return rows


def _epilog_rows(epilog: str | None) -> list[str]:
    """A subcommand's epilog: the exit statuses in italics, its example as a code block."""
    if not epilog:
        return []
    text, _, example = epilog.partition("example:")
    out = ["", f"*{_escape(' '.join(text.split()))}*"] if text.strip() else []
    if example.strip():
        out += ["", "Example:", "", "```text", example.strip(), "```"]
    return out


def cli_reference() -> str:
    """Markdown for every subcommand: usage, arguments and exit statuses, from the parser."""
    from planetarium_plugin.cli.parser import build_parser

    previous = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "96"  # argparse wraps usage lines to the terminal width
    try:
        parser = build_parser()
        out = ["```text", parser.format_usage().strip(), "```", "", parser.description or ""]
        out += ["", "```text", parser.epilog or "", "```", ""]
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        helps = {choice.dest: choice.help for choice in sub._choices_actions}
        for name, command in sub.choices.items():
            out += [f"## planetarium {name}", "", (helps.get(name) or "").capitalize() + ".", ""]
            out += ["```text", command.format_usage().strip(), "```", ""]
            if command.description:
                out += [command.description, ""]
            out += _argument_rows(command)
            if command._subparsers is not None:
                nested = next(
                    a for a in command._actions if isinstance(a, argparse._SubParsersAction)
                )
                for sub_name, sub_command in nested.choices.items():
                    out += ["", f"### planetarium {name} {sub_name}", ""]
                    out += ["```text", sub_command.format_usage().strip(), "```", ""]
                    out += _argument_rows(sub_command)
                    out += _epilog_rows(sub_command.epilog)
            out += _epilog_rows(command.epilog)
            out.append("")
        return "\n".join(out)
    finally:
        if previous is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = previous


def on_page_markdown(markdown: str, page, config, files) -> str:  # noqa: ARG001 (MkDocs API)
    markdown = _INCLUDE.sub(
        lambda m: include(m["file"], demote=markdown[: m.start()].lstrip().startswith("# ")),
        markdown,
    )
    if _CLI in markdown:
        markdown = markdown.replace(_CLI, cli_reference())
    return markdown
