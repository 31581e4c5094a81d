"""The settings table (mtcheck/config/settings.py): every front end's options come from it, each with a help text,
the same default everywhere, and the parser of ``mtcheck`` is built without the heavy libraries."""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from _pytest.config.argparsing import Parser

from mtcheck.commands import score
from mtcheck.commands.main import build_parser
from mtcheck.config import settings
from mtcheck.config.advice import PYTEST_WORDING, SUITE_WORDING
from mtcheck.pytest_plugin import hooks as plugin
from mtcheck.config.settings import (BASELINE_GATE, BERTSCORE_MODEL, FAIL_ON, HISTORY, METRIC_SETTINGS, REPORTS, SCORE_CACHE,
                              SHARD, STATISTICS, SUITE_RUN, Option)

PACKAGE = Path(__file__).resolve().parents[1] / "mtcheck"

#: The sub-commands and the groups of shared options that apply to each.
APPLIES = {
    "run": (*SUITE_RUN, SHARD, FAIL_ON, *REPORTS, HISTORY),
    "baseline save": SUITE_RUN,
    "baseline check": (*SUITE_RUN, *BASELINE_GATE, *STATISTICS),
    "baseline update": SUITE_RUN,
    "compare": (*SUITE_RUN, *STATISTICS),
    "validate": METRIC_SETTINGS,
    "blind-spots": METRIC_SETTINGS,
    "meta-eval": (*METRIC_SETTINGS, *SCORE_CACHE),
    "report merge": (*METRIC_SETTINGS, *SCORE_CACHE, *BASELINE_GATE, *STATISTICS, FAIL_ON),
    "score": (BERTSCORE_MODEL, score.PARAM, score.SAM_LEXICON, score.LANG, score.SRC_LANG, score.SRC),
}


def _commands(parser: argparse.ArgumentParser, prefix: str = "") -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """Every sub-command parser of ``parser``, by its name (``baseline check``), leaves and groups alike."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield f"{prefix}{name}", sub
                yield from _commands(sub, f"{prefix}{name} ")


COMMANDS = dict(_commands(build_parser()))


def _pytest_options() -> dict[str, dict]:
    parser = Parser(_ispytest=True)
    plugin.pytest_addoption(parser)
    return {option.names()[0]: option.attrs() for option in parser.getgroup("mtcheck").options}


def _flag(parser: argparse.ArgumentParser, flag: str) -> argparse.Action:
    (action,) = [a for a in parser._actions if flag in a.option_strings]
    return action


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_option_of_every_sub_command_has_a_help_text(command: str) -> None:
    missing = [a.option_strings or a.dest for a in COMMANDS[command]._actions
               if not isinstance(a, argparse._SubParsersAction) and not (a.help or "").strip()]
    assert missing == []


def test_every_pytest_option_has_a_help_text() -> None:
    options = _pytest_options()
    assert len(options) == 29
    assert [flag for flag, attrs in options.items() if not (attrs.get("help") or "").strip()] == []


@pytest.mark.parametrize("command", sorted(APPLIES))
def test_shared_options_exist_on_every_command_they_apply_to_alike(command: str) -> None:
    for option in APPLIES[command]:
        action = _flag(COMMANDS[command], option.flag)
        assert (action.dest, action.default, action.help, action.type, action.choices) == (
            option.key, _default(option), option.help, option.type, option.choices), (command, option.flag)


@pytest.mark.parametrize("option", [*SUITE_RUN, *BASELINE_GATE, *STATISTICS, SHARD, FAIL_ON, *REPORTS, HISTORY],
                         ids=lambda o: o.flag)
def test_shared_options_are_the_same_under_pytest(option: Option) -> None:
    attrs = _pytest_options()[option.mt_flag]
    assert (attrs.get("default", False), attrs["help"], attrs.get("type")) == (_default(option), option.help, option.type)


def _default(option: Option) -> object:
    """The default argparse gives an option: ``False`` for a flag, a fresh list for a repeatable one."""
    if option.action == "store_true":
        return False
    return list(option.default) if option.action == "append" else option.default


def test_the_live_system_time_limit_default_is_written_once() -> None:
    written = re.compile(r"\b300\.0\b|timeout\w*\s*[:=][^\n]*\b300\b|default[:=]\s*300\b", re.IGNORECASE)
    places = [(str(path.relative_to(PACKAGE)), line.strip()) for path in sorted(PACKAGE.rglob("*.py"))
              for line in path.read_text(encoding="utf-8").splitlines() if written.search(line)]
    assert places == [("config/settings.py", "DEFAULT_TIMEOUT = 300.0")]
    assert settings.TIMEOUT.default == settings.DEFAULT_TIMEOUT


def test_the_pytest_wording_names_the_pytest_options() -> None:
    assert PYTEST_WORDING.param == "pass --mt-param {metric}.{key}={value}"
    assert PYTEST_WORDING.options["bertscore.model"] == "pass --mt-bertscore-model {value}"
    assert SUITE_WORDING.options["lexicon"] == "pass --sam-lexicon {value}"
    assert score.score_wording().options["src_lang"] == "pass --src-lang LANG, e.g. --src-lang de"


def test_building_the_parser_imports_no_heavy_library() -> None:
    code = ("import sys, mtcheck.commands.main; mtcheck.commands.main.build_parser(); "
            "print(sorted(m for m in ('sacrebleu', 'numpy', 'yaml', 'torch') if m in sys.modules))")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == "[]"


def test_the_names_written_out_for_the_parser_are_the_ones_the_code_uses() -> None:
    from mtcheck.commands.import_suite import FORMATS
    from mtcheck.importing.rows import READERS
    from mtcheck.suite.model import SEVERITIES

    assert settings.SEVERITIES == SEVERITIES
    assert FORMATS == tuple(sorted(READERS))


def test_score_passes_bertscore_model_to_the_metric(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from mtcheck.commands.main import main

    missing = tmp_path / "no-such-model"
    code = main(["score", "--metric", "bertscore", "--lang", "de", "--hyp", "a", "--ref", "b",
                 "--bertscore-model", str(missing)])
    assert code == 2
    assert f"model path '{missing}' does not exist" in capsys.readouterr().err
