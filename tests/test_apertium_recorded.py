"""Apertium's outputs recorded in the bundled suites (issue 42): they are what the installed Apertium gives, every
faulty one is caught or a known miss, and suites/README.md's table counts them as the suites label them."""
from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest

from mtcheck import api
from mtcheck.engine.runner import RunOptions

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from record_apertium import PAIRS, SYSTEM_PREFIX, differences, main, recorded_system, system_name  # noqa: E402

SUITES = {name: ROOT / "suites" / f"{name}.mt.yaml" for name in PAIRS}


def _installed(name: str) -> str:
    """The Apertium system name on this machine for suite ``name``; skip where Apertium or its pair is missing."""
    pair = PAIRS[name]
    if shutil.which("apertium") is None or system_name(pair) is None:
        pytest.skip(f"Apertium's {pair.mode} is not installed: apt-get install -y apertium {pair.package}")
    return system_name(pair)


@pytest.fixture(scope="module")
def apertium_results():
    """The run's results for the outputs of the Apertium systems, by suite name."""
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("MTCHECK_SAM_LEXICON", raising=False)
        results = api.run_suites(api.load_suites(list(SUITES.values())), RunOptions())
    by_suite: dict[str, list] = {}
    for result in results:
        if result.target.system.startswith(SYSTEM_PREFIX):
            by_suite.setdefault(result.target.suite.name, []).append(result)
    return by_suite


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_recorded_outputs_are_what_the_installed_apertium_gives(name):
    (suite,) = api.load_suites([SUITES[name]])
    installed, recorded = _installed(name), recorded_system(suite)
    if installed != recorded:
        pytest.skip(f"{name} records {recorded}; this machine has {installed} (python bench/record_apertium.py "
                    f"{SUITES[name].relative_to(ROOT)} prints its outputs)")
    assert differences(suite, PAIRS[name]) == []


def test_diff_names_the_case_whose_output_changed(tmp_path, capsys):
    installed = _installed("sentiment-sv-nb")
    suite = tmp_path / "sentiment-sv-nb.mt.yaml"
    suite.write_text(f"""name: sentiment-sv-nb
source_lang: sv
target_lang: nb
defaults: {{checks: [{{metric: not-copy, min: 1}}]}}
cases:
  - id: phone
    src: "Tyvärr fungerar den nya mobiltelefonen inte ordentligt."
    hyps: {{{installed}: "Dessverre fungerer den nye mobiltelefonen ordentlig."}}
""", encoding="utf-8")
    assert main(["--diff", str(suite)]) == 1
    out = capsys.readouterr().out
    assert ('sentiment-sv-nb::phone: recorded "Dessverre fungerer den nye mobiltelefonen ordentlig.", '
            'now "Dessverre fungerer den nye mobiltelefonen ikke ordentlig."') in out


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_every_apertium_output_is_labelled_and_its_faulty_ones_caught_or_known_misses(name, apertium_results):
    results = apertium_results[name]
    (suite,) = api.load_suites([SUITES[name]])
    assert len(results) == len(suite.cases)  # one output per case
    for result in results:
        target, where = result.target, f"{name}::{result.target.test_id}"
        assert target.case.notes.count(f"{target.system} (Apertium)") == 1, f"{where}: no label in the notes"
        if target.expect_fail:
            assert result.outcome in ("caught", "known-miss"), where
            assert (result.outcome == "known-miss") == bool(target.blind_spot), where
        else:
            assert result.outcome == "passed", where


def _readme_rows() -> dict[str, list[int]]:
    """suites/README.md's Apertium table: suite -> outputs, correct, major, minor, caught, known misses."""
    text = (ROOT / "suites" / "README.md").read_text(encoding="utf-8")
    section = text.split("## Apertium: a real engine's outputs", 1)[1]
    rows = re.findall(r"^\| (\S+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$", section, re.M)
    return {row[0]: [int(n) for n in row[1:]] for row in rows}


def test_the_readme_table_counts_the_outputs_as_the_suites_label_them(apertium_results):
    counted = {}
    for name, results in apertium_results.items():
        faulty = [r for r in results if r.target.expect_fail]
        counted[name] = [len(results), len(results) - len(faulty),
                         sum(r.target.severity == "major" for r in faulty),
                         sum(r.target.severity == "minor" for r in faulty),
                         sum(r.outcome == "caught" for r in faulty),
                         sum(r.outcome == "known-miss" for r in faulty)]
    assert _readme_rows() == counted


def test_a_missing_pair_is_one_error_naming_the_packages(monkeypatch):
    import record_apertium

    monkeypatch.setattr(record_apertium, "installed_version", lambda package: None)
    with pytest.raises(SystemExit, match=r"^sentiment-es needs Apertium's eng-spa: apt-get install -y apertium "
                                         r"apertium-eng-spa$"):
        main([str(SUITES["sentiment-es"])])
