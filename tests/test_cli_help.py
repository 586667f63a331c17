"""Issue 16: every subcommand's --help names every option, its default and one example."""

from __future__ import annotations

import argparse
import shlex

import pytest

from planetarium_plugin.cli.parser import build_parser


def _commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    for action in parser._actions:  # argparse has no public accessor
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield (*path, name), sub
                yield from _commands(sub, (*path, name))


COMMANDS = dict(_commands(build_parser()))


def test_every_command_is_walked():
    names = {" ".join(p) for p in COMMANDS}
    assert {"equiv", "score", "domain", "check", "cache", "align calibrate"} <= names


@pytest.mark.parametrize("path", list(COMMANDS), ids=" ".join)
def test_help_names_every_option_its_default_and_an_example(path):
    parser = COMMANDS[path]
    text = parser.format_help()
    undocumented = []
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction | argparse._SubParsersAction):
            continue
        name = action.option_strings[-1] if action.option_strings else action.dest
        if not action.option_strings:
            shown = "{" + ",".join(action.choices) + "}" if action.choices else action.dest
            assert (action.metavar or shown) in text
        else:
            assert name in text
        default = action.default
        has_default = not (default is None or default is False or default == "")
        if not action.help or (has_default and "default" not in action.help):
            undocumented.append(name)
    assert undocumented == [], f"planetarium {' '.join(path)}: {undocumented}"
    assert "example:" in text, text
    example = text.split("example:", 1)[1].strip().splitlines()[0]
    words = shlex.split(example)
    assert words[: 1 + len(path)] == ["planetarium", *path]
    build_parser().parse_args(words[1:])  # the example is a valid command line
