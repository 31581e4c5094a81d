"""The bundled challenge suites in suites/: they validate, and `mtcheck run suites/` passes.

`mtcheck run suites/` is the README's first command, so it must exit 0: every
correct recorded output passes its checks and every output marked `expect: fail`
is caught or is a known blind spot (`blind_spot:`, outcome known-miss).
Every output the ratings call faulty is `expect: fail`: a faulty output no check
catches is never disguised as a correct one. The suites are also the template
curators copy, so each is checked for size, tags and (where it has scales) two
annotators' ratings.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from mtcheck import api
from mtcheck.commands.main import main
from mtcheck.engine.runner import RunOptions

SUITES_DIR = Path(__file__).resolve().parent.parent / "suites"
SUITE_FILES = sorted(SUITES_DIR.glob("*.mt.yaml"))
#: The suites that carry human ratings (the guidelines 000, 001 and 003).
RATED_SUITES = ("sarcasm-interpretation-en.mt.yaml", "gec-sv.mt.yaml", "fluency-nb.mt.yaml")
MIN_CASES = 40
#: The per-language sentiment suites of issue 14 share ten English sources (one case each); sentiment-sv-nb (issue 42)
#: translates their Swedish references.
SMALL_SUITES = {f"sentiment-{lang}.mt.yaml": 10 for lang in ("sv", "nb", "da", "de", "es", "ar", "sv-nb")}
ANNOTATORS = {"ann1", "ann2"}
#: Outputs recorded deliberately without ratings (paraphrases nobody rated; meta-eval leaves them out).
UNRATED_OUTPUTS = {"sarcasm-interpretation-en.mt.yaml": {"interp-para"}}
#: The systems of Apertium's recorded outputs (issue 42): apertium-<apertium version>-<pair version>.
APERTIUM = "apertium-"
#: Outputs no check catches are named blind-spot-* and carry a `blind_spot:` reason.
BLIND_SPOT_PREFIX = "blind-spot"


@pytest.fixture(autouse=True)
def _default_sam_lexicon(monkeypatch):
    # The suites' SAM thresholds are set for the bundled default lexicon.
    monkeypatch.delenv("MTCHECK_SAM_LEXICON", raising=False)


@pytest.fixture(scope="module")
def results():
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("MTCHECK_SAM_LEXICON", raising=False)
        return api.run_suites(api.load_suites([SUITES_DIR]), RunOptions())


def test_suites_exist():
    names = {p.name for p in SUITE_FILES}
    for expected in ("sentiment-en.mt.yaml", "sarcasm-interpretation-en.mt.yaml", "gec-sv.mt.yaml", "fluency-nb.mt.yaml",
                     *SMALL_SUITES):
        assert expected in names
    assert any(n.startswith("puzzles") for n in names)


def test_validate_exits_0(capsys):
    assert main(["validate", str(SUITES_DIR)]) == 0
    out = capsys.readouterr().out
    assert "error:" not in out
    assert out.count("ok: ") == len(SUITE_FILES)


def test_run_exits_0_and_its_output_fits_100_columns(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    assert main(["run", str(SUITES_DIR)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("PASSED: ") and " failed" not in lines[-1] and " missed" not in lines[-1]
    assert "known-miss" in lines[-1]  # the known blind spots are counted, not hidden
    assert [line for line in lines if len(line) > 100] == []


@pytest.mark.parametrize("path", SUITE_FILES, ids=lambda p: p.name)
def test_suite_size_and_tags(path):
    (suite,) = api.load_suites([path])
    assert len(suite.cases) >= SMALL_SUITES.get(path.name, MIN_CASES), f"{path.name}: {len(suite.cases)} cases"
    untagged = [c.id for c in suite.cases if not c.tags]
    assert not untagged, f"{path.name}: untagged cases {untagged}"
    assert suite.description.strip()
    for case in suite.cases:
        assert case.notes.strip(), f"{path.name}::{case.id} has no notes (cite its seed)"


@pytest.mark.parametrize("path", SUITE_FILES, ids=lambda p: p.name)
def test_faulty_outputs_recorded(path):
    """Every suite records known-faulty outputs; a blind-spot-* output is expect: fail with a reason, in a tagged case."""
    (suite,) = api.load_suites([path])
    faulty = [h for c in suite.cases for h in c.hyps if h.expect_fail]
    assert faulty, f"{path.name} has no known-faulty output"
    for case in suite.cases:
        for hyp in case.hyps:
            where = f"{path.name}::{case.id}::{hyp.system}"
            if hyp.system.startswith(BLIND_SPOT_PREFIX):
                assert hyp.expect_fail, f"{where}: a blind spot is a faulty output, so expect: fail"
                assert (hyp.blind_spot or "").strip(), f"{where}: no blind_spot reason"
            if hyp.blind_spot:
                assert "blind-spot" in case.tags, f"{where}: case with a blind spot lacks the blind-spot tag"


def test_every_outcome(results):
    """Correct outputs pass; every `expect: fail` output is caught, or is a known blind spot (known-miss)."""
    bad = [f"{r.target.suite.name}::{r.target.test_id}: {r.outcome} {r.error or ''}"
           for r in results
           if r.outcome not in ("passed", "caught") and not (r.outcome == "known-miss" and r.target.blind_spot)]
    assert not bad, "\n".join(bad)
    for r in results:
        if r.target.expect_fail:
            assert r.outcome in ("caught", "known-miss")
            assert (r.outcome == "caught") == any(not c.passed for c in r.checks)
        else:
            assert r.outcome == "passed"
    assert any(r.outcome == "known-miss" for r in results)


@pytest.mark.parametrize("name", RATED_SUITES)
def test_ratings_by_two_annotators(name):
    (suite,) = api.load_suites([SUITES_DIR / name])
    assert suite.scales, f"{name} declares no rating scales"
    for case in suite.cases:
        names = {h.system for h in case.hyps} - UNRATED_OUTPUTS.get(name, set())
        for scale_name, scale in suite.scales.items():
            assert scale_name in case.ratings, f"{case.id}: no {scale_name} ratings"
            rating = case.ratings[scale_name]
            kind = scale.kind if hasattr(scale, "kind") else scale["kind"]
            if kind == "pairwise":
                assert set(rating["pair"]) <= names
                assert ANNOTATORS <= set(rating) - {"pair", "shown"}
            else:
                # Outputs added without human judgement (the alternative corrections of
                # issue 10) stay unrated; every rated output has both annotators.
                assert set(rating) <= names, f"{case.id}: {scale_name} rates {set(rating)}, outputs are {names}"
                assert set(rating) & names, f"{case.id}: {scale_name} rates no output"
                for by_annotator in rating.values():
                    assert set(by_annotator) == ANNOTATORS


def _mean(by_annotator: dict) -> float:
    return sum(by_annotator.values()) / len(by_annotator)


def test_sarcasm_faulty_ratings_are_expect_fail():
    """Sarcasm suite rule: mean adequacy <= 3 or mean fluency < 3 is faulty, and faulty is exactly expect: fail."""
    (suite,) = api.load_suites([SUITES_DIR / "sarcasm-interpretation-en.mt.yaml"])
    for case in suite.cases:
        for hyp in case.hyps:
            if hyp.system in UNRATED_OUTPUTS["sarcasm-interpretation-en.mt.yaml"]:
                assert not hyp.expect_fail
                continue
            faulty = (_mean(case.ratings["adequacy"][hyp.system]) <= 3
                      or _mean(case.ratings["fluency"][hyp.system]) < 3)
            assert faulty == hyp.expect_fail, f"{case.id}::{hyp.system}: faulty={faulty}, expect_fail={hyp.expect_fail}"


def test_gec_faulty_ratings_are_expect_fail():
    """GEC suite rule: correct means mean grammaticality 4 and mean meaning 4; faulty is exactly expect: fail."""
    (suite,) = api.load_suites([SUITES_DIR / "gec-sv.mt.yaml"])
    for case in suite.cases:
        for hyp in case.hyps:
            ratings = [case.ratings[scale].get(hyp.system) for scale in ("grammaticality", "meaning")]
            if None in ratings:  # the unrated alternative corrections (sys-alt) are correct
                assert not hyp.expect_fail, f"{case.id}::{hyp.system}: unrated but expect: fail"
                continue
            faulty = any(_mean(r) < 4 for r in ratings)
            assert faulty == hyp.expect_fail, f"{case.id}::{hyp.system}: faulty={faulty}, expect_fail={hyp.expect_fail}"


def test_fluency_less_fluent_outputs_are_expect_fail():
    """Fluency suite rule: the output the annotators' majority judged less fluent is expect: fail;
    the unrated alternatives (model-c, model-d) are fluent, so never expect: fail."""
    (suite,) = api.load_suites([SUITES_DIR / "fluency-nb.mt.yaml"])
    for case in suite.cases:
        rating = case.ratings["fluency-ab"]
        a, b = rating["pair"]
        votes = [rating[annotator] for annotator in sorted(ANNOTATORS)]
        net = votes.count("A") - votes.count("B")
        expect_fail = {h.system: h.expect_fail for h in case.hyps}
        if net:
            less_fluent = b if net > 0 else a
            assert expect_fail[less_fluent], f"{case.id}::{less_fluent}: judged less fluent ({votes}) but not expect: fail"
        for system, flagged in expect_fail.items():
            if system not in (a, b):
                assert not flagged, f"{case.id}::{system}: unrated alternative marked expect: fail"


def _documented_penalties() -> dict[str, str]:
    """docs/sam.md's table "The bundled suites' penalty": suite name -> the penalty it says the suite uses."""
    text = (SUITES_DIR.parent / "docs" / "sam.md").read_text(encoding="utf-8")
    section = text.split("### The bundled suites' penalty", 1)[1].split("\n#", 1)[0]
    uses: dict[str, str] = {}
    for row in section.splitlines():
        cells = [c.strip() for c in row.strip("|").split("|")]
        if len(cells) == 5 and cells[0].startswith(("sentiment-", "sarcasm-")):
            first, *more = [n.strip() for n in cells[0].split(",")]
            names = [first, *(first.rsplit("-", 1)[0] + n for n in more)]  # "sentiment-sv, -nb"
            uses.update({name: "paper" if "paper" in cells[3] else "aligned" for name in names})
    return uses


def test_sam_checks_use_the_penalty_docs_sam_md_names():
    """Each suite-level SAM check of a bundled suite uses the penalty docs/sam.md's table gives its suite (the default
    unless the paper's catches more there), so the docs and the suites cannot drift apart; a case's own SAM checks keep
    the paper's penalty only where the case reproduces one of the paper's examples (its notes cite seed 002)."""
    uses = _documented_penalties()
    sam_suites = set()
    for suite in api.load_suites([SUITES_DIR]):
        penalties = {c.params.get("penalty", "aligned") for c in suite.defaults if c.metric.startswith("sam:")}
        if penalties:
            sam_suites.add(suite.name)
            assert penalties == {uses.get(suite.name)}, f"{suite.name}: SAM checks use {penalties}"
        for case in suite.cases:
            if any(c.params.get("penalty") == "paper" for c in case.checks if c.metric.startswith("sam:")):
                assert "SAM paper (002)" in case.notes, f"{suite.name}::{case.id}: the paper's penalty off its examples"
    assert sam_suites == set(uses)
    assert {name for name, penalty in uses.items() if penalty == "paper"} == set()


def _apertium(results) -> dict[str, list]:
    """The results of Apertium's recorded outputs, by suite name."""
    by_suite: dict[str, list] = {}
    for result in results:
        if result.target.system.startswith(APERTIUM):
            by_suite.setdefault(result.target.suite.name, []).append(result)
    return by_suite


def test_every_apertium_output_is_labelled_and_its_faulty_ones_caught_or_known_misses(results):
    """One Apertium output per case of each suite that records one, with its label in the case notes; a faulty one
    has a severity and is caught, or is a known miss with its reason."""
    by_suite = _apertium(results)
    assert set(by_suite) >= {"sentiment-es", "puzzles-eu-en", "sentiment-sv-nb"}
    for name, found in by_suite.items():
        assert len(found) == len(found[0].target.suite.cases), f"{name}: not one Apertium output per case"
        for result in found:
            target, where = result.target, f"{name}::{result.target.test_id}"
            assert target.case.notes.count(f"{target.system} (Apertium)") == 1, f"{where}: no label in the notes"
            if target.expect_fail:
                assert target.recorded.severity in ("minor", "major", "critical"), where
                assert result.outcome == ("known-miss" if target.blind_spot else "caught"), where
            else:
                assert result.outcome == "passed", where


def _readme_apertium_table() -> dict[str, list[int]]:
    """suites/README.md's Apertium table: suite -> outputs, correct, major, minor, caught, known misses."""
    section = (SUITES_DIR / "README.md").read_text(encoding="utf-8").split("## Apertium: a real engine's outputs", 1)[1]
    rows = re.findall(r"^\| (\S+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$", section, re.M)
    return {row[0]: [int(n) for n in row[1:]] for row in rows}


def test_the_readme_apertium_table_counts_the_outputs_as_the_suites_label_them(results):
    counted = {}
    for name, found in _apertium(results).items():
        faulty = [r for r in found if r.target.expect_fail]
        counted[name] = [len(found), len(found) - len(faulty),
                         sum(r.target.severity == "major" for r in faulty),
                         sum(r.target.severity == "minor" for r in faulty),
                         sum(r.outcome == "caught" for r in faulty),
                         sum(r.outcome == "known-miss" for r in faulty)]
    assert _readme_apertium_table() == counted
