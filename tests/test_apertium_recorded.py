"""Apertium's outputs recorded in the bundled suites (issue 42) are what the installed Apertium gives
(bench/record_apertium.py); tests/test_bundled_suites.py checks their labels and outcomes."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from mtcheck import api

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from record_apertium import PAIRS, differences, main, recorded_system, system_name  # noqa: E402

SUITES = {name: ROOT / "suites" / f"{name}.mt.yaml" for name in PAIRS}


def _installed(name: str) -> str:
    """The Apertium system name on this machine for suite ``name``; skip where Apertium or its pair is missing."""
    pair = PAIRS[name]
    if shutil.which("apertium") is None or system_name(pair) is None:
        pytest.skip(f"Apertium's {pair.mode} is not installed: apt-get install -y apertium {pair.package}")
    return system_name(pair)


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_recorded_outputs_are_what_the_installed_apertium_gives(name):
    (suite,) = api.load_suites([SUITES[name]])
    installed, recorded = _installed(name), recorded_system(suite)
    if installed != recorded:
        pytest.skip(f"{name} records {recorded}; this machine has {installed}: apt-get install -y apertium "
                    f"{PAIRS[name].package} at the recorded versions (python bench/record_apertium.py "
                    f"{SUITES[name].relative_to(ROOT)} prints this machine's outputs)")
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


def test_a_missing_pair_is_one_error_naming_the_packages(monkeypatch):
    import record_apertium

    monkeypatch.setattr(record_apertium, "installed_version", lambda package: None)
    with pytest.raises(SystemExit, match=r"^sentiment-es needs Apertium's eng-spa: apt-get install -y apertium "
                                         r"apertium-eng-spa$"):
        main([str(SUITES["sentiment-es"])])
