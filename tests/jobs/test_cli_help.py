"""The command line's help a user can rely on: every argument of every command has help
text, help prints what it means (no "%%"), one concept has one flag and one metavar in
every command, and decks are positional everywhere with ``--decks`` still accepted."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator

import pytest

from mtgsim.pipelines.cli import build_parser, main

# The same option string for another concept in one command, each with its reason: the
# test fails on any other flag spelt with two metavars.
OTHER_CONCEPT = {
    ("cards", "--decks"): "deck-list files (JSON Lines) whose coverage is measured",
    ("bench", "--policy"): "the one policy of both sides, not a deck's own (DECK=SPEC)",
    ("report", "--shares"): "a metagame to weigh the report by, DECK=SHARE",
}
NO_VALUE = (argparse._HelpAction, argparse._VersionAction, argparse._SubParsersAction)


def commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
             ) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every parser of the command line, by its command words (subcommands included)."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from commands(sub, (*path, name))


def arguments() -> Iterator[tuple[tuple[str, ...], argparse.Action]]:
    for path, parser in commands(build_parser()):
        for action in parser._actions:
            if not isinstance(action, NO_VALUE):
                yield path, action


def test_every_argument_of_every_command_has_help() -> None:
    missing = [f"{' '.join(path)} {'/'.join(a.option_strings) or a.dest}"
               for path, a in arguments() if not (a.help or "").strip()]
    assert missing == []
    assert len(list(commands(build_parser()))) == 17  # the walk saw the 16 commands


def test_help_prints_no_doubled_percent_signs() -> None:
    for path, parser in commands(build_parser()):
        assert "%%" not in parser.format_help(), path
    ladder = dict(commands(build_parser()))[("ladder",)].format_help()
    assert "95% intervals" in " ".join(ladder.split())


def test_one_concept_one_flag_and_metavar() -> None:
    spelt: dict[str, dict[str, list[str]]] = {}
    for path, a in arguments():
        if a.nargs == 0 or not a.option_strings or a.choices is not None:
            continue  # switches and choice lists show no metavar
        assert a.metavar is not None, f"{' '.join(path)} {a.option_strings}: no metavar"
        flag = a.option_strings[-1]
        if (path[0], flag) in OTHER_CONCEPT:
            continue
        spelt.setdefault(flag, {}).setdefault(str(a.metavar), []).append(" ".join(path))
    mixed = {flag: forms for flag, forms in spelt.items() if len(forms) > 1}
    assert mixed == {}
    assert set(spelt["--workers"]) == {"N"} and set(spelt["--seed"]) == {"N"}
    assert len(spelt["--workers"]["N"]) >= 7  # bench, fuzz and every Ray job


DECK_COMMANDS = ["gauntlet", "swiss", "ladder", "bench"]


@pytest.mark.parametrize("command", DECK_COMMANDS)
def test_decks_are_positional_and_decks_flag_is_an_alias(command: str) -> None:
    parser = dict(commands(build_parser()))[(command,)]
    positional = [a for a in parser._actions if a.dest == "decks"]
    alias = [a for a in parser._actions if a.option_strings == ["--decks"]]
    assert [a.metavar for a in positional] == ["DECK"] and not positional[0].option_strings
    assert [a.metavar for a in alias] == ["DECK"]


def test_both_spellings_of_the_decks_play_the_same(capsys: pytest.CaptureFixture[str]) -> None:
    outs = []
    for argv in (["bench", "gruul_stompy", "bogles"], ["bench", "--decks", "gruul_stompy",
                                                       "bogles"]):
        assert main([*argv, "--games", "2", "--json"]) == 0
        out = capsys.readouterr().out
        outs.append({k: v for k, v in json.loads(out).items()
                     if k in ("decks", "games", "turns_per_game", "decisions_per_game")})
    assert outs[0] == outs[1] and outs[0]["decks"] == ["gruul_stompy", "bogles"]


@pytest.mark.parametrize(("argv", "message"), [
    (["bench", "gruul_stompy"], "bench: give 2 decks (DECK ...), got 1"),
    (["gauntlet", "bogles", "--out", "never"], "gauntlet: give at least 2 decks"),
    (["swiss", "bogles", "--decks", "gruul_stompy", "--out", "never"],
     "give the decks as DECK arguments or after --decks, not both"),
    (["swiss", "--out", "never"], "swiss: give at least 1 deck (DECK ...), got 0"),
])
def test_wrong_decks_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str],
                                  message: str) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith(f"mtgsim: error: {message}")
