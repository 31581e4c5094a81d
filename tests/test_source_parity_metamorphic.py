"""The metamorphic negation test: a negation inserted into or dropped from the source must change the output's
negations, for every source language with word lists, checked with the toy systems of fixtures/systems/negation_mt.py."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from mtcheck.parity.negation import Negations
from mtcheck.perturb.edit import Edit, compose
from mtcheck.perturb.metamorphic import NegationRelation

pytest_plugins = ["pytester"]
SYSTEMS = Path(__file__).resolve().parents[1] / "fixtures" / "systems"
NEGATION_ITEMS = "metamorphic and not flip"  # -k: the metamorphic[negation] items alone
#: One sentence a language with a finite verb of its list (so a negation can be inserted) and one with a negation.
SOURCES = {
    "en": ("I love this film.", "The service was not friendly."),
    "de": ("Der Film ist gut.", "Das Essen war nicht gut."),
    "es": ("La película es buena.", "No me gusta la comida."),  # not "no ... nada": in concord nada negates alone
    "sv": ("Filmen är bra.", "Maten var inte god."),
    "nb": ("Filmen er bra.", "Maten var ikke god."),
    "da": ("Filmen er god.", "Maden var ikke god."),
    "ar": ("أحب هذا الفيلم", "لا أحب هذا الطعام"),
}


def _suite(source_lang: str) -> str:
    plain, negated = SOURCES[source_lang]
    return f"""\
version: 1
source_lang: {source_lang}
target_lang: en
defaults:
  checks: [{{metric: source-parity, min: 100}}]
  perturb: {{kinds: [negation-insert, negation-drop], budget: 5}}
cases:
  - {{id: plain, src: "{plain}"}}
  - {{id: negated, src: "{negated}"}}
"""


@pytest.fixture
def toy_systems(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """A folder with the toy systems, for pytest runs in a process of their own: English edits load NLTK, and
    an in-process run would drop it from sys.modules, leaving later tests an NLTK without mtcheck's WordNet."""
    shutil.copy(SYSTEMS / "negation_mt.py", pytester.path / "negation_mt.py")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(pytester.path), os.environ.get("PYTHONPATH")])))
    monkeypatch.setenv("CI", "true")
    return pytester


@pytest.mark.parametrize("source_lang", sorted(SOURCES))
def test_a_system_that_keeps_negations_passes_for_every_language_with_lists(toy_systems: pytest.Pytester,
                                                                            source_lang: str) -> None:
    (toy_systems.path / "neg.mt.yaml").write_text(_suite(source_lang), encoding="utf-8")
    result = toy_systems.runpytest_subprocess("--mt-system", "py:negation_mt:translate", "-k", NEGATION_ITEMS)
    result.assert_outcomes(passed=2)


@pytest.mark.parametrize("source_lang", ["de", "es"])
def test_a_system_that_drops_negations_fails_with_both_outputs_and_a_case_to_paste(toy_systems: pytest.Pytester,
                                                                                   source_lang: str) -> None:
    (toy_systems.path / "neg.mt.yaml").write_text(_suite(source_lang), encoding="utf-8")
    result = toy_systems.runpytest_subprocess("--mt-system", "py:negation_mt:drop_negation", "-k", NEGATION_ITEMS)
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines([
        "*metamorphic relation broken: the source's negation changed, the output's did not*",
        "edit:", "*negation-*", "source:*", "edited source:*", "output:*(0 negations)*", "new output:*(0 negations)*",
        "ready-to-paste case (under cases:):", "*- id: *", "*metric: source-parity*",
    ])


@pytest.mark.parametrize("system", [None, "recorded", "file:out.txt"])
def test_the_item_is_generated_only_for_a_system_that_translates_new_sources(toy_systems: pytest.Pytester,
                                                                            system: str | None) -> None:
    pytester = toy_systems
    (pytester.path / "neg.mt.yaml").write_text(_suite("de"), encoding="utf-8")
    (pytester.path / "out.txt").write_text("The film is good.\nThe food was not good.\n", encoding="utf-8")
    collected = pytester.runpytest_subprocess("--collect-only", "-q", "--mt-system", "py:negation_mt:translate")
    assert "neg.mt.yaml::plain::metamorphic[negation]" in collected.outlines
    assert "neg.mt.yaml::plain::metamorphic[flip]" in collected.outlines  # German sources: the same edits
    options = ["--mt-system", system] if system else []
    without = pytester.runpytest("--collect-only", "-q", *options)
    assert [line for line in without.outlines if "metamorphic" in line] == []


def test_a_target_language_without_lists_generates_no_negation_item(toy_systems: pytest.Pytester) -> None:
    pytester = toy_systems
    suite = _suite("de").replace("target_lang: en", "target_lang: fr").replace("source-parity", "not-copy")
    (pytester.path / "neg.mt.yaml").write_text(suite, encoding="utf-8")
    collected = pytester.runpytest_subprocess("--collect-only", "-q", "--mt-system", "py:negation_mt:translate")
    assert [line for line in collected.outlines if "metamorphic" in line] == []


def _polarity_suite(lang: str) -> str:
    """A suite whose source and target are ``lang``: the toy systems give the source back, negators and all (or
    none), so the output's polarity is read in ``lang`` with its file's lexicon."""
    return _suite(lang).replace("target_lang: en", f"target_lang: {lang}").replace(
        "[negation-insert, negation-drop]", "[noise, negation-insert]")


@pytest.mark.parametrize(("lang", "relations"), [("sv", {"keep", "flip"}), ("de", {"flip"})])
def test_a_target_language_with_a_file_gets_the_polarity_tests_and_a_correct_system_passes_them(
        toy_systems: pytest.Pytester, lang: str, relations: set[str]) -> None:
    """Output polarity is read with the target language's own lexicon: a Swedish or German output gets [keep]
    (where noise edits the source) and [flip], which a system that keeps negations passes."""
    (toy_systems.path / "neg.mt.yaml").write_text(_polarity_suite(lang), encoding="utf-8")
    collected = toy_systems.runpytest_subprocess("--collect-only", "-q", "--mt-system", "py:negation_mt:translate")
    found = {line.rsplit("[", 1)[1].rstrip("]") for line in collected.outlines if line.startswith("neg.mt.yaml::plain::")
             and "metamorphic[" in line and "negation]" not in line}
    assert found == relations
    result = toy_systems.runpytest_subprocess("--mt-system", "py:negation_mt:translate", "-k", "plain and metamorphic")
    result.assert_outcomes(passed=len(relations) + 1)  # and [negation]


@pytest.mark.parametrize("lang", ["sv", "de"])
def test_a_system_that_drops_an_inserted_negation_fails_the_flip_test_in_the_target_language(
        toy_systems: pytest.Pytester, lang: str) -> None:
    (toy_systems.path / "neg.mt.yaml").write_text(_polarity_suite(lang), encoding="utf-8")
    result = toy_systems.runpytest_subprocess("--mt-system", "py:negation_mt:drop_negation", "-k", "plain and flip")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*metamorphic relation broken: output polarity should flip*",
                                 "output:*(polarity +0.*)", "new output:*(polarity +0.*)"])


def test_negation_relation_holds_when_the_count_changes() -> None:
    variant = compose("Der Film ist gut.", [Edit("negation-insert", 9, 12, "ist", "ist nicht")])
    assert variant is not None
    none, one = Negations(0, ()), Negations(1, ("not",))
    assert NegationRelation(variant, "The film is good.", "The film is not good.", none, one).holds
    assert not NegationRelation(variant, "The film is good.", "The film is good.", none, none).holds


def test_generate_and_blind_spots_leave_reference_free_cases_reference_free(tmp_path: Path) -> None:
    from mtcheck.commands.main import main
    from mtcheck.perturb.table import blind_spot_table, parse_check
    from mtcheck.suite.loader import load_suite

    path = tmp_path / "neg.mt.yaml"
    path.write_text(_suite("sv").replace("negation-insert, negation-drop", "noise"), encoding="utf-8")
    suite = load_suite(path)
    assert blind_spot_table([suite], checks=[parse_check("source-parity>=100")]) == []
    out = tmp_path / "new.mt.yaml"
    assert main(["generate", str(path), "--kinds", "negation-drop,punctuation", "--out", str(out)]) == 0
    generated = load_suite(out)
    assert generated.cases and all(c.refs == () and c.src not in SOURCES["sv"] for c in generated.cases)
