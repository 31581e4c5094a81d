"""Baseline files: round trip, per-case statuses, tolerances, incomparable signatures, atomic saves."""
from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mtcheck.errors import MtcheckError
from mtcheck.regression.baseline import (FORMAT, Baseline, CaseEntry, CaseRule, CorpusEntry, Measured, Tolerance,
                                        load_baseline, save_baseline, update_baseline)
from mtcheck.safety.files import STALE_SECONDS

from helpers import SUITE_HEADER

SIG = "chrf|nc:6|version:2.6.0"
#: The strict gate's rule (``--gate scores``): a value worse than its tolerance is ``regressed``.
SCORES = CaseRule(scores=True)


def _entry(test_id: str = "c1", **checks: Measured) -> CaseEntry:
    return CaseEntry("demo", test_id, ("neg",), dict(checks))


def _baseline(**checks: Measured) -> Baseline:
    return Baseline.from_entries([_entry(**checks)], {"spec": "file:out.txt", "description": "out.txt sha256:00"})


def _status(baseline: Baseline, entry: CaseEntry, tolerance: str = "0", rule: CaseRule = SCORES) -> dict[str, str]:
    return {d.key: d.status for d in baseline.compare(entry, Tolerance.parse(tolerance), rule)}


def test_round_trip_keeps_values_signatures_system_and_versions(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "baseline.json"
    save_baseline(_baseline(chrf=Measured(61.5, SIG), ter=Measured(20.0, "ter|x", False)), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT
    assert data["system"]["spec"] == "file:out.txt"
    assert {"mtcheck", "python", "sacrebleu", "numpy"} <= data["versions"].keys()
    assert data["suites"]["demo"]["c1"]["ter"] == {"value": 20.0, "signature": "ter|x", "higher_is_better": False}
    loaded = load_baseline(path)
    assert loaded.suites["demo"]["c1"]["chrf"] == Measured(61.5, SIG)
    assert len(loaded) == 1


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")])
def test_a_non_finite_value_of_any_metric_is_never_written(value: float, tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    save_baseline(_baseline(chrf=Measured(61.5, SIG)), path)
    good = path.read_bytes()
    corpus = [CorpusEntry("demo", "xcomet", "hyp", Measured(value, "xcomet|level:corpus-mean"))]
    for entries, where in (([_entry(chrf=Measured(value, SIG))], "demo::c1 chrf"), ([], "demo corpus xcomet [hyp]")):
        with pytest.raises(MtcheckError) as refused:
            update_baseline(path, entries, {}, {}, corpus=[] if entries else corpus)
        assert str(refused.value).startswith(f"baseline {path} not written: {where} is {value}, not a finite number "
                                             "(fix: find why the metric gave it")
        assert path.read_bytes() == good  # the good value survives
        assert load_baseline(path).suites["demo"]["c1"]["chrf"] == Measured(61.5, SIG)


def test_statuses_in_both_directions() -> None:
    baseline = _baseline(chrf=Measured(60.0, SIG), ter=Measured(20.0, "ter|x", False), exact=Measured(1.0, "exact"))
    worse = _entry(chrf=Measured(55.0, SIG), ter=Measured(25.0, "ter|x", False), exact=Measured(1.0, "exact"))
    better = _entry(chrf=Measured(65.0, SIG), ter=Measured(15.0, "ter|x", False), exact=Measured(1.0, "exact"))
    assert _status(baseline, worse) == {"chrf": "regressed", "ter": "regressed", "exact": "same"}
    assert _status(baseline, better) == {"chrf": "improved", "ter": "improved", "exact": "same"}
    assert _status(baseline, worse, rule=CaseRule()) == {"chrf": "worse", "ter": "worse", "exact": "same"}
    ter = next(d for d in baseline.compare(worse) if d.key == "ter")
    assert (ter.change, ter.gain) == (5.0, -5.0)


def test_float_noise_is_not_a_change() -> None:
    baseline = _baseline(chrf=Measured(0.1 + 0.2, SIG))
    assert _status(baseline, _entry(chrf=Measured(0.3, SIG))) == {"chrf": "same"}


def test_session_tolerance_in_units_and_percent() -> None:
    baseline = _baseline(chrf=Measured(60.0, SIG))
    drop = _entry(chrf=Measured(58.0, SIG))
    assert _status(baseline, drop, "2") == {"chrf": "same"}
    assert _status(baseline, drop, "1.9") == {"chrf": "regressed"}
    assert _status(baseline, drop, "5%") == {"chrf": "same"}  # 3 points allowed
    assert _status(baseline, drop, "3%") == {"chrf": "regressed"}  # 1.8 allowed


def test_a_checks_own_tolerance_wins_over_the_session_default() -> None:
    baseline = _baseline(chrf=Measured(60.0, SIG))
    assert _status(baseline, _entry(chrf=Measured(50.0, SIG, tolerance=10.0)), "0") == {"chrf": "same"}
    assert _status(baseline, _entry(chrf=Measured(59.0, SIG, tolerance=0.0)), "50%") == {"chrf": "regressed"}


def test_changed_signature_is_incomparable_never_compared() -> None:
    baseline = _baseline(chrf=Measured(60.0, SIG))
    delta = baseline.compare(_entry(chrf=Measured(10.0, "chrf|nc:4|version:2.6.0")))[0]
    assert delta.status == "incomparable"
    assert delta.change is None and delta.gain is None
    assert "chrf|nc:4" in delta.describe() and SIG in delta.describe()


def test_new_and_missing_checks_and_cases() -> None:
    baseline = _baseline(chrf=Measured(60.0, SIG), bleu=Measured(30.0, "bleu"))
    assert _status(baseline, _entry(chrf=Measured(60.0, SIG), ter=Measured(1.0, "ter", False))) == {
        "chrf": "same", "ter": "new", "bleu": "missing"}
    assert _status(baseline, _entry("other", chrf=Measured(1.0, SIG))) == {"chrf": "new"}


def test_describe_reads_like_the_failure_text() -> None:
    delta = _baseline(bleu=Measured(42.1, "bleu")).compare(_entry(bleu=Measured(35.0, "bleu")), Tolerance.parse(2),
                                                           SCORES)[0]
    assert delta.describe() == "baseline: bleu 42.1 \u2192 35 (\u22127.1, tolerance 2): regressed"


def _checked(value: float, passed: bool | None, minimum: float = 40.0) -> Measured:
    """A chrF value as a run measures it: with its verdict and its check's threshold (``chrf >= minimum``)."""
    return Measured(value, SIG, passed=passed, threshold=(minimum, None))


def test_the_default_rule_fails_a_check_that_passed_and_fails_now_and_reports_a_drop_within_it() -> None:
    baseline = _baseline(chrf=_checked(100.0, True))
    rewording = baseline.compare(_entry(chrf=_checked(71.77, True)))[0]
    assert (rewording.status, rewording.verdict) == ("worse", (True, True))
    assert rewording.describe() == "baseline: chrf 100 \u2192 71.77 (\u221228.23, tolerance 0): worse"
    dropped = baseline.compare(_entry(chrf=_checked(35.0, False)))[0]
    assert dropped.status == "regressed" and dropped.flipped
    assert dropped.describe().endswith("(\u221265, tolerance 0): regressed, passed \u2192 failed")
    assert dropped.as_dict()["passed"] == [True, False]
    assert _status(baseline, _entry(chrf=_checked(35.0, False)), "80") == {"chrf": "regressed"}  # tolerance: scores only
    assert _status(baseline, _entry(chrf=_checked(71.77, True))) == {"chrf": "regressed"}  # the strict rule


def test_a_check_failing_in_the_baseline_and_still_failing_is_no_new_regression() -> None:
    baseline = _baseline(chrf=_checked(30.0, False))
    assert _status(baseline, _entry(chrf=_checked(20.0, False)), rule=CaseRule()) == {"chrf": "worse"}
    assert _status(baseline, _entry(chrf=_checked(50.0, True)), rule=CaseRule()) == {"chrf": "improved"}


def test_a_known_faulty_output_failing_one_more_check_is_caught_the_more_not_regressed() -> None:
    baseline = Baseline.from_entries([CaseEntry("demo", "c1", (), {"chrf": _checked(60.0, True)}, outcome="caught")])
    entry = CaseEntry("demo", "c1", (), {"chrf": _checked(30.0, False)}, outcome="caught")
    assert [d.status for d in baseline.compare(entry)] == ["worse"]


def test_a_file_without_verdicts_judges_its_values_by_the_thresholds_now(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    path.write_text(json.dumps({"format": "mtcheck-baseline/2", "suites": {"demo": {"c1": {
        "chrf": {"value": 61.0, "signature": SIG, "higher_is_better": True}}}}}), encoding="utf-8")
    old = load_baseline(path)
    assert not old.verdicts and old.outcomes == {}
    assert _status(old, _entry(chrf=_checked(35.0, False)), rule=CaseRule()) == {"chrf": "regressed"}  # 61 >= 40
    assert _status(old, _entry(chrf=_checked(35.0, False, 70.0)), rule=CaseRule()) == {"chrf": "worse"}  # 61 < 70
    assert old.outcome_of(_entry(chrf=_checked(35.0, False))) == "passed"
    caught = CaseEntry("demo", "c1", (), {"chrf": _checked(35.0, False, 70.0)}, outcome="caught")
    assert old.outcome_of(caught) == "caught"
    assert old.outcome_of(_entry("other", chrf=_checked(35.0, False))) is None


def test_verdicts_and_outcomes_round_trip_through_the_file_and_between_processes(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    entry = CaseEntry("demo", "c1", ("neg",), {"chrf": _checked(30.0, False)}, "Jag gillar det.", "demo.mt.yaml", "caught")
    save_baseline(Baseline.from_entries([entry]), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["suites"]["demo"]["c1"]["chrf"]["passed"] is False and data["outcomes"] == {"demo": {"c1": "caught"}}
    loaded = load_baseline(path)
    assert loaded.verdicts and loaded.suites["demo"]["c1"]["chrf"].passed is False
    assert loaded.outcome_of(entry) == "caught"
    assert CaseEntry.from_dict(json.loads(json.dumps(entry.as_dict()))) == entry  # as pytest-xdist workers ship it


@pytest.mark.parametrize(("key", "value", "problem"), [
    ("passed", "yes", 'suites["demo"]["c1"]["chrf"].passed must be true or false, not text'),
    ("outcome", "fine", 'outcomes["demo"]["c1"] is \'fine\', not one of'),
])
def test_a_bad_verdict_in_the_file_is_an_error_naming_its_key(tmp_path: Path, key: str, value: str, problem: str) -> None:
    path = tmp_path / "baseline.json"
    save_baseline(Baseline.from_entries([_entry(chrf=_checked(50.0, True))]), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    if key == "passed":
        data["suites"]["demo"]["c1"]["chrf"]["passed"] = value
    else:
        data["outcomes"]["demo"]["c1"] = value
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(MtcheckError) as refused:
        load_baseline(path)
    assert f"baseline {path}: {problem}" in str(refused.value) and "fix: save it again" in str(refused.value)


RATIO = "length-ratio|unit:char"
BAND = (0.8, 1.2)


def _ratio(value: float, **settings: Any) -> Measured:
    """A length-ratio value as a run measures it: two-sided, with its check's band (stored like any value)."""
    return Measured(value, RATIO, band=settings.pop("band", BAND), **settings)


def test_a_two_sided_check_is_judged_by_its_distance_outside_the_band() -> None:
    at_one, at_one_and_a_half = _baseline(ratio=_ratio(1.0)), _baseline(ratio=_ratio(1.5))
    longer = at_one.compare(_entry(ratio=_ratio(1.5)), Tolerance(), SCORES)[0]
    assert (longer.status, longer.change, longer.gain) == ("regressed", 0.5, pytest.approx(-0.3))  # 0.3 outside
    assert longer.describe() == ("baseline: ratio 1 \u2192 1.5 (+0.5; outside its band 0.8 to 1.2 by 0 \u2192 0.3, "
                                 "tolerance 0): regressed")
    assert longer.as_dict()["band"] == [0.8, 1.2]
    assert _status(at_one_and_a_half, _entry(ratio=_ratio(1.0))) == {"ratio": "improved"}  # back inside the band
    assert _status(at_one, _entry(ratio=_ratio(0.85))) == {"ratio": "same"}  # lower, and still inside it
    assert _status(at_one, _entry(ratio=_ratio(0.7))) == {"ratio": "regressed"}  # 0.1 below it
    assert _status(at_one, _entry(ratio=_ratio(0.7)), "0.1") == {"ratio": "same"}  # a tolerance in ratio units
    assert _status(at_one, _entry(ratio=_ratio(1.25, band=(0.8, None)))) == {"ratio": "same"}  # only a min: no max


def test_a_two_sided_value_is_stored_as_measured_and_ships_with_its_band(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    save_baseline(_baseline(ratio=_ratio(1.0)), path)
    stored = json.loads(path.read_text(encoding="utf-8"))["suites"]["demo"]["c1"]["ratio"]
    assert stored == {"value": 1.0, "signature": RATIO, "higher_is_better": True}  # as earlier versions wrote it
    assert _status(load_baseline(path), _entry(ratio=_ratio(1.5))) == {"ratio": "regressed"}
    entry = _entry(ratio=_ratio(1.5, tolerance=0.1))
    assert CaseEntry.from_dict(json.loads(json.dumps(entry.as_dict()))) == entry  # as pytest-xdist workers ship it


def test_merge_replaces_run_cases_and_keeps_the_others() -> None:
    baseline = Baseline.from_entries([_entry("c1", chrf=Measured(1.0, SIG)), _entry("c2", chrf=Measured(2.0, SIG))])
    baseline.merge([_entry("c1", chrf=Measured(9.0, SIG))])
    assert baseline.suites["demo"]["c1"]["chrf"].value == 9.0
    assert baseline.suites["demo"]["c2"]["chrf"].value == 2.0


@pytest.mark.parametrize("text", ["-1", "abc", "5%%", "nan", "-3%"])
def test_bad_tolerances_are_refused(text: str) -> None:
    with pytest.raises(MtcheckError, match="bad tolerance"):
        Tolerance.parse(text)


def test_tolerance_text() -> None:
    assert str(Tolerance.parse("5%")) == "5%" and str(Tolerance.parse(2)) == "2"


def test_load_errors_name_the_file(tmp_path: Path) -> None:
    with pytest.raises(MtcheckError, match="does not exist.*mtcheck baseline save"):
        load_baseline(tmp_path / "none.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(MtcheckError, match="cannot be read"):
        load_baseline(bad)
    bad.write_text('{"format": "other"}', encoding="utf-8")
    with pytest.raises(MtcheckError, match="format 'other'"):
        load_baseline(bad)
    bad.write_text(json.dumps({"format": FORMAT, "suites": {"s": {"c": {"chrf": {"value": 1}}}}}), encoding="utf-8")
    with pytest.raises(MtcheckError, match=re.escape('suites["s"]["c"]["chrf"].signature is missing')):
        load_baseline(bad)


def _saved(tmp_path: Path) -> dict[str, Any]:
    path = tmp_path / "good.json"
    save_baseline(_baseline(chrf=Measured(61.5, SIG)), path)
    return json.loads(path.read_text(encoding="utf-8"))


def _check(data: dict[str, Any]) -> dict[str, Any]:
    return data["suites"]["demo"]["c1"]["chrf"]


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: _check(d).update(value=float("nan")), 'suites["demo"]["c1"]["chrf"].value is nan, not a finite number'),
        (lambda d: _check(d).update(value=float("inf")), 'suites["demo"]["c1"]["chrf"].value is inf, not a finite number'),
        (lambda d: _check(d).update(value=float("-inf")), ".value is -inf, not a finite number"),
        (lambda d: _check(d).update(value="61.5"), 'suites["demo"]["c1"]["chrf"].value must be a number, not text'),
        (lambda d: _check(d).update(value=True), ".value must be a number, not true/false"),
        (lambda d: _check(d).update(value=None), ".value must be a number, not null"),
        (lambda d: _check(d).update(signature=5), '["chrf"].signature must be text, not a number'),
        (lambda d: _check(d).update(higher_is_better="yes"), ".higher_is_better must be true or false, not text"),
        (lambda d: _check(d).pop("higher_is_better"), ".higher_is_better is missing"),
        (lambda d: d["suites"]["demo"].update(c1=[1]), 'suites["demo"]["c1"] must be an object, not a list'),
        (lambda d: d["suites"].update(demo="x"), 'suites["demo"] must be an object, not text'),
        (lambda d: d.update(suites=[]), "suites must be an object, not a list"),
        (lambda d: d.pop("suites"), "suites is missing"),
        (lambda d: d.update(system="str"), "system must be an object, not text"),
        (lambda d: d["system"].update(spec=1), 'system["spec"] must be text, not a number'),
        (lambda d: d.update(versions=["1.0"]), "versions must be an object, not a list"),
        (lambda d: d.update(created=5), "created must be text, not a number"),
    ],
)
def test_a_bad_value_or_type_names_the_file_the_json_path_and_a_fix(
    tmp_path: Path, edit: Callable[[dict[str, Any]], Any], message: str
) -> None:
    data = _saved(tmp_path)
    edit(data)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(MtcheckError) as raised:
        load_baseline(path)
    text = str(raised.value)
    assert text.startswith(f"baseline {path}: ") and message in text and "(fix: save it again" in text
    assert "\n" not in text


def test_an_integer_value_is_a_number(tmp_path: Path) -> None:
    data = _saved(tmp_path)
    _check(data)["value"] = 61
    path = tmp_path / "int.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_baseline(path).suites["demo"]["c1"]["chrf"] == Measured(61.0, SIG)


@pytest.mark.parametrize("special", ["/dev/null", "/dev/zero", "folder", "fifo"])
def test_only_a_regular_file_is_read(tmp_path: Path, special: str) -> None:
    path = Path(special) if special.startswith("/") else tmp_path / special
    if special == "folder":
        path.mkdir()
    elif special == "fifo":
        os.mkfifo(path)  # opened without blocking: this test would hang otherwise
    kind = {"folder": "a folder", "fifo": "a FIFO"}.get(special, "a character device")
    with pytest.raises(MtcheckError, match=f"baseline {re.escape(str(path))} is {kind}, not a regular file"):
        load_baseline(path)


@pytest.mark.parametrize("special", ["folder", "fifo"])
def test_the_writer_refuses_what_is_not_a_regular_file(tmp_path: Path, special: str) -> None:
    path = tmp_path / special
    path.mkdir() if special == "folder" else os.mkfifo(path)
    kind = {"folder": "a folder", "fifo": "a FIFO"}[special]
    with pytest.raises(MtcheckError, match=f"baseline {re.escape(str(path))} is {kind}, not a regular file .*fix:"):
        save_baseline(_baseline(chrf=Measured(1.0, SIG)), path)
    assert path.is_dir() if special == "folder" else stat.S_ISFIFO(path.stat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == [special]


def test_saving_through_a_symlink_replaces_its_target_and_keeps_the_link(tmp_path: Path) -> None:
    target = tmp_path / "store" / "baseline.json"
    target.parent.mkdir()
    save_baseline(_baseline(chrf=Measured(60.0, SIG)), target)
    link = tmp_path / "repo" / "baseline.json"
    link.parent.mkdir()
    link.symlink_to(Path("..") / "store" / "baseline.json")
    save_baseline(_baseline(chrf=Measured(70.0, SIG)), link)
    assert link.is_symlink() and os.readlink(link) == str(Path("..") / "store" / "baseline.json")
    assert load_baseline(target).suites["demo"]["c1"]["chrf"].value == 70.0
    assert sorted(p.name for p in target.parent.iterdir()) == [".baseline.json.mtcheck-lock", "baseline.json"]
    assert [p.name for p in link.parent.iterdir()] == ["baseline.json"]  # the lock is the target's, beside it


def test_a_dangling_symlink_gets_its_target_written(tmp_path: Path) -> None:
    link = tmp_path / "baseline.json"
    link.symlink_to(tmp_path / "real.json")
    save_baseline(_baseline(chrf=Measured(60.0, SIG)), link)
    assert link.is_symlink() and load_baseline(tmp_path / "real.json").suites["demo"]["c1"]["chrf"].value == 60.0


def test_a_symlink_to_a_folder_is_refused_naming_both(tmp_path: Path) -> None:
    (tmp_path / "dir").mkdir()
    link = tmp_path / "baseline.json"
    link.symlink_to(tmp_path / "dir")
    with pytest.raises(MtcheckError, match=re.escape(f"baseline {link} (a link to {tmp_path / 'dir'}) is a folder")):
        save_baseline(_baseline(chrf=Measured(60.0, SIG)), link)


def test_stale_temporary_files_of_killed_saves_are_removed(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    names = (".baseline.json.mtcheck-abc.tmp", ".x.json.mtcheck-g.tmp", ".baseline.json.mtcheck-def.tmp",
             ".baseline.json.abc.tmp")  # stale, stale (another file's), fresh, and not mtcheck's
    stale, other, fresh, users = (tmp_path / name for name in names)
    for temporary in (stale, other, fresh, users):
        temporary.write_text("{", encoding="utf-8")
    old = time.time() - STALE_SECONDS - 60
    for temporary in (stale, other, users):
        os.utime(temporary, (old, old))
    save_baseline(_baseline(chrf=Measured(60.0, SIG)), path)
    assert not stale.exists() and not other.exists() and fresh.exists() and users.exists()


def test_a_failed_rename_leaves_the_old_file_and_no_temporary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "baseline.json"
    save_baseline(_baseline(chrf=Measured(60.0, SIG)), path)
    before = path.read_bytes()

    def crash(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(MtcheckError, match=f"cannot write baseline {re.escape(str(path))}: disk full"):
        save_baseline(_baseline(chrf=Measured(1.0, SIG)), path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [".baseline.json.mtcheck-lock", "baseline.json"]  # no temporary


def test_a_process_killed_mid_write_leaves_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    save_baseline(_baseline(chrf=Measured(60.0, SIG)), path)
    before = path.read_bytes()
    writer = tmp_path / "writer.py"
    writer.write_text(textwrap.dedent(f"""
        import os, sys, time
        from mtcheck.regression.baseline import Baseline, CaseEntry, Measured, save_baseline

        def stall(fd):  # the temporary file is written; the rename has not happened yet
            print("writing", flush=True)
            time.sleep(3600)

        os.fsync = stall
        entries = [CaseEntry("demo", f"c{{i}}", (), {{"chrf": Measured(1.0, "x")}}) for i in range(5000)]
        save_baseline(Baseline.from_entries(entries), {str(path)!r})
    """), encoding="utf-8")
    process = subprocess.Popen([sys.executable, str(writer)], stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None and process.stdout.readline().strip() == "writing"
    finally:
        process.kill()
        process.communicate()
    assert path.read_bytes() == before
    assert load_baseline(path).suites["demo"]["c1"]["chrf"].value == 60.0


def test_a_saved_file_keeps_the_previous_permissions(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    save_baseline(_baseline(chrf=Measured(60.0, SIG)), path)
    assert path.stat().st_mode & 0o777 == 0o644
    path.chmod(0o640)
    save_baseline(_baseline(chrf=Measured(61.0, SIG)), path)
    assert path.stat().st_mode & 0o777 == 0o640


pytest_plugins = ["pytester"]

SUITE = SUITE_HEADER + """\
cases:
  - {id: a, src: x, ref: the cat sat on the mat, hyp: the cat is on the mat, checks: [{metric: chrf, min: 10}]}
"""


def test_an_update_that_cannot_be_written_is_one_error_line_not_an_internal_error(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mtcheck.regression import gate, sink  # noqa: F401  # numpy loads here, not inside the inline run
    monkeypatch.setenv("COLUMNS", "400")  # each message on one line, as the assertions read it

    def refuse(path: str, *args: Any, **kwargs: Any) -> None:
        raise MtcheckError(f"cannot write baseline {path}: [Errno 28] No space left on device")

    monkeypatch.setattr(sink, "update_baseline", refuse)
    (pytester.path / "demo.mt.yaml").write_text(SUITE, encoding="utf-8")
    result = pytester.runpytest("--mt-baseline", "baseline.json", "--mt-update-baseline")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    why = "cannot write baseline baseline.json: [Errno 28] No space left on device"
    # the regression section says why, and the verdict line, the summary's last, says the run is an error and why
    result.stdout.fnmatch_lines([f"baseline baseline.json NOT updated: ERROR: {why}", "*mtcheck summary*", "*",
                                 f"ERROR: 1 passed; {why}"], consecutive=False)
    assert "PASSED" not in result.stdout.str() and not (pytester.path / "baseline.json").exists()
    assert "INTERNALERROR" not in result.stdout.str() + result.stderr.str()


def test_an_output_whose_checks_could_be_computed_giving_an_error_now_worsened() -> None:
    from mtcheck.regression.verdicts import outcome_change

    baseline = _baseline(chrf=_checked(90.0, True), bleu=Measured(50.0, "bleu", passed=True))
    now = CaseEntry("demo", "c1", ("neg",), {"chrf": _checked(90.0, True)}, outcome="error")  # bleu could not be computed
    change = outcome_change(baseline, now)
    assert change is not None and change.describe() == "baseline: outcome passed \u2192 error (an error now)"
    assert outcome_change(baseline, _entry(chrf=_checked(90.0, True))) is None
    assert outcome_change(baseline, _entry(chrf=_checked(10.0, False))) is None  # a check shows it: regressed


@pytest.mark.parametrize(("gate", "problem"), [("both", "'both' is now called 'scores' (default: 'verdicts')"),
                                               ("strict", "'strict' is not a gate: use verdicts, scores, significant "
                                                          "or any-case")])
def test_an_unknown_or_renamed_gate_is_one_usage_error_naming_the_gates(
        gate: str, problem: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from mtcheck.commands.main import main

    suite = tmp_path / "s.mt.yaml"
    suite.write_text(SUITE_HEADER + "cases:\n  - {id: c1, src: a, ref: b, hyp: b}\n", encoding="utf-8")
    with pytest.raises(SystemExit) as refused:
        main(["run", str(suite), "--baseline", str(tmp_path / "b.json"), "--gate", gate])
    assert refused.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == f"mtcheck run: error: argument --gate: {problem}"
