"""The newcomer's walk of issue 40: a German→English suite imported with the recommended checks, a live ``file:``
system, ``mtcheck run`` and pytest, then a baseline. Correct rewordings and idioms pass, every error fails."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from mtcheck.commands.main import main
from mtcheck.suite.loader import load_suite
from mtcheck.suite.recommended import recommended_checks

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parents[1]
README, DOCS = ROOT / "README.md", ROOT / "docs"

#: id, source, reference, tags: the newcomer's cases.
CASES = [
    ("delivery", "Es gab keine Probleme mit der Lieferung.", "There were no problems with the delivery.",
     "negation-drop"),
    ("weekend", "Ich freue mich wirklich auf das Wochenende.", "I am really looking forward to the weekend.", "idiom"),
    ("service", "Der Service war schnell.", "The service was fast.", "idiom, antonym-swap"),
    ("train", "Der Zug fährt um 8 Uhr ab.", "The train departs at 8 o'clock.", "number-change"),
    ("happier", "Ich könnte nicht glücklicher sein.", "I could not be happier.", "idiom"),
    ("staff", "Das Personal war sehr freundlich.", "The staff were very friendly.", "antonym-swap"),
]
#: Correct outputs: the references' wording, then correct rewordings and idioms.
LITERAL = [ref for _, _, ref, _ in CASES]
REWORDED = ["There were no issues with the delivery.", "I can't wait for the weekend.",
            "The service was anything but slow.", "The train leaves at 8.", "I couldn't be happier.",
            "The staff were really friendly."]
#: The errors, by case: each must fail its case.
ERRORS = {"delivery": "There were problems with the delivery.",  # a dropped negation
          "service": "The service was slow.",  # an antonym
          "train": "The train departs at 9 o'clock.",  # a changed number
          "staff": "The staff were very unfriendly."}  # an antonym


def _with_errors(outputs: list[str], errors: dict[str, str]) -> list[str]:
    return [errors.get(case_id, output) for (case_id, *_), output in zip(CASES, outputs)]


@pytest.fixture
def walk(pytester: pytest.Pytester, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    """In pytester's folder (the working directory): the suite, imported from a TSV file as a newcomer would
    (``de-en.mt.yaml``), and ``file:`` systems: ``v1`` (the references' wording), ``v2`` (correct rewordings),
    ``faulty`` and ``v2-error`` (one new error)."""
    rows = ["id\tsrc\tref\ttags"] + ["\t".join(case) for case in CASES]
    Path("de-en.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    assert main(["import", "de-en.tsv", "--source-lang", "de", "--target-lang", "en", "--out", "de-en.mt.yaml"]) == 0
    assert capsys.readouterr().err == ""
    systems = {"v1": LITERAL, "v2": REWORDED, "faulty": _with_errors(REWORDED, ERRORS),
               "v2-error": _with_errors(REWORDED, {"delivery": ERRORS["delivery"]})}
    for name, lines in systems.items():
        Path(f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return {name: f"file:{pytester.path / name}.txt" for name in systems}


def _mtcheck(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def _run(front_end: str, system: str, capsys: pytest.CaptureFixture[str], pytester: pytest.Pytester,
         *baseline: str) -> tuple[int, dict[str, str], str]:
    """Exit status, each case's outcome (from the JSON report) and the output of the suite run with ``system``
    through ``mtcheck run`` or pytest."""
    report = Path("report.json")
    report.unlink(missing_ok=True)
    if front_end == "run":
        code, output = _mtcheck(capsys, "run", "de-en.mt.yaml", "--system", system, "--report-json", str(report),
                                *(("--baseline", *baseline) if baseline else ()))
    else:
        result = pytester.runpytest("-p", "no:cacheprovider", "de-en.mt.yaml", "--mt-system", system,
                                    "--mt-report-json", str(report), *(("--mt-baseline", *baseline) if baseline else ()))
        code, output = int(result.ret), result.stdout.str()
    cases = json.loads(report.read_text(encoding="utf-8"))["cases"]
    return code, {case["case"]: case["outcome"] for case in cases}, output


def _failed(outcomes: dict[str, str]) -> set[str]:
    return {case_id for case_id, outcome in outcomes.items() if outcome != "passed"}


def _first_suite(doc: Path) -> dict:
    """The first suite example of ``doc`` (a ``doctest: suite`` directive and a YAML block)."""
    found = re.search(r"<!-- doctest: suite [^\n]*-->\n```yaml\n(.*?)```", doc.read_text(encoding="utf-8"), re.DOTALL)
    assert found is not None
    return yaml.safe_load(found.group(1))


def test_the_readme_suite_and_an_import_propose_the_recommended_checks(walk: dict[str, str]) -> None:
    assert _first_suite(README)["defaults"]["checks"] == recommended_checks()
    assert _first_suite(DOCS / "recommended-checks.md")["defaults"]["checks"] == recommended_checks()
    imported = yaml.safe_load(Path("de-en.mt.yaml").read_text(encoding="utf-8"))
    assert imported["defaults"]["checks"] == recommended_checks()
    assert main(["validate", "--strict", "de-en.mt.yaml"]) == 0


@pytest.mark.parametrize("front_end", ["run", "pytest"])
def test_correct_outputs_pass_and_every_error_fails(front_end: str, walk: dict[str, str], pytester: pytest.Pytester,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    for system in ("v1", "v2"):
        code, outcomes, output = _run(front_end, walk[system], capsys, pytester)
        assert (code, _failed(outcomes)) == (0, set()), output
        assert f"{len(CASES)} passed" in output
    code, outcomes, output = _run(front_end, walk["faulty"], capsys, pytester)
    assert code == 1
    assert outcomes == {case_id: "failed" if case_id in ERRORS else "passed" for case_id, *_ in CASES}, output
    assert f"{len(CASES) - len(ERRORS)} passed, {len(ERRORS)} failed" in output


def test_each_error_is_failed_by_the_check_for_its_tag(walk: dict[str, str], pytester: pytest.Pytester,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    _run("run", walk["faulty"], capsys, pytester)
    cases = {case["case"]: case for case in json.loads(Path("report.json").read_text(encoding="utf-8"))["cases"]}
    values = {case_id: case["values"] for case_id, case in cases.items()}
    sam, parity = "sam:not-copy", "source-parity(checks=['numbers'])"
    assert values["delivery"][sam] == values["service"][sam] == 0.5  # SAM's p for a lost negation or an antonym
    assert values["staff"][sam] < 0.65
    assert values["train"][parity] == 50 and values["train"][sam] == 1  # SAM sees no sentiment in a number
    assert "numbers: missing from the output: 8; not in the source: 9" in cases["train"]["explanation"]
    assert all(values[case_id]["chrf"] >= 50 for case_id in ERRORS)  # the errors keep most of the wording
    assert min(values[case_id]["chrf"] for case_id, *_ in CASES if case_id not in ERRORS) < 40  # correct rewordings


def _save_baseline(system: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, output = _mtcheck(capsys, "baseline", "save", "de-en.mt.yaml", "--system", system, "--out", "baseline.json")
    assert code == 0, output


@pytest.mark.parametrize("front_end", ["run", "pytest"])
def test_a_correct_rewording_passes_the_default_baseline_gate(
    front_end: str, walk: dict[str, str], pytester: pytest.Pytester, capsys: pytest.CaptureFixture[str],
) -> None:
    _save_baseline(walk["v1"], capsys)
    code, outcomes, output = _run(front_end, walk["v2"], capsys, pytester, "baseline.json")
    assert (code, _failed(outcomes)) == (0, set()), output


@pytest.mark.parametrize("front_end", ["run", "pytest"])
def test_a_new_error_fails_the_default_baseline_gate(front_end: str, walk: dict[str, str], pytester: pytest.Pytester,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    _save_baseline(walk["v1"], capsys)
    code, outcomes, output = _run(front_end, walk["v2-error"], capsys, pytester, "baseline.json")
    assert code == 1
    assert outcomes["delivery"] == "failed", output


def test_the_suite_is_what_the_newcomer_wrote(walk: dict[str, str]) -> None:
    suite = load_suite("de-en.mt.yaml")
    assert [(c.id, c.src, c.refs, ", ".join(c.tags)) for c in suite.cases] == [
        (case_id, src, (ref,), tags) for case_id, src, ref, tags in CASES]
