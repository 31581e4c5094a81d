"""``apertium:PAIR`` (docs/systems.md) on the real Apertium: outputs equal to ``apertium -u PAIR`` case by case
whatever the source holds, one pipeline per session, and one clear error for a wrong pair, a pair or engine that
is not installed, a pipeline that dies or hangs."""
from __future__ import annotations

import os
import random
import time
import shutil
import signal
import subprocess
import threading
from pathlib import Path

import pytest

from mtcheck.commands.main import main
from mtcheck.errors import SystemFailure
from mtcheck.suite.model import Case
from mtcheck.systems import SPEC_FORMS, check_system, make_system, runs_user_code
from mtcheck.systems.apertium import DATADIR, ApertiumSystem
from mtcheck.systems.apertium_txt import deformat, reformat
from mtcheck.systems.process_tree import descendants

PACKAGES = {"eng-spa": "apertium-eng-spa", "spa-eng": "apertium-eng-spa", "spa-eng_US": "apertium-eng-spa",
            "eu-en": "apertium-eu-en"}


def _needs(*pairs: str) -> pytest.MarkDecorator:
    """Skip where Apertium or one of ``pairs`` is missing, naming the command that installs them."""
    absent = [] if shutil.which("apertium-wblank-mode") else ["apertium"]
    absent += [PACKAGES[p] for p in pairs if not (DATADIR / "modes" / f"{p}.mode").exists()]
    return pytest.mark.skipif(bool(absent), reason=f"needs: apt-get install -y {' '.join(dict.fromkeys(absent))}")


def _cases(sources: list[str]) -> list[Case]:
    return [Case(id=f"c{i}", src=src, refs=(), raw_refs=()) for i, src in enumerate(sources)]


def _cli(pair: str, source: str) -> str:
    """What ``echo SOURCE | apertium -u PAIR`` prints, without the final line break."""
    done = subprocess.run(["apertium", "-u", pair], input=(source + "\n").encode(), capture_output=True, check=True)
    return done.stdout.decode("utf-8").removesuffix("\n")


def _stages(system: ApertiumSystem) -> dict[str, int]:
    """The running pipeline's programs by name (the last of a name wins)."""
    assert system._pipeline is not None
    return {Path(f"/proc/{pid}/exe").resolve().name: pid for pid in descendants(system._pipeline.proc.pid)}


HOSTILE = [
    "I love this terrible phone!",
    "The delivery was not fast, but the food was great.",
    "Press [Enter] to save [the file].",
    "C:\\Users\\me\\file.txt is a path \\n not a break.",
    "",
    "   ",
    "  Leading and trailing spaces.  ",
    "First sentence. Second one! Third?",
    "One line\nand the next line",
    "A paragraph.\n\nAnother paragraph.",
    "Tabs\tand ~ tildes ^ carets $ dollars @ at / slash <b> {braces}",
    "Emoji 👍🏽 and ñ é ü.",
]


@_needs("eng-spa")
def test_each_output_equals_apertium_u_on_that_source_alone():
    system = make_system("apertium:eng-spa")
    outputs = system.translate(_cases(HOSTILE), source_lang="en", target_lang="es")
    assert outputs == [_cli("eng-spa", source) for source in HOSTILE]
    assert outputs[0] == " Quiero este teléfono terrible!"  # Apertium drops "I" and keeps its blank


@_needs("eng-spa")
def test_200_cases_in_one_batch_stay_aligned_with_one_pipeline():
    sources = [f"{HOSTILE[i % 4]} Number {i}." for i in range(200)]
    system = make_system("apertium:eng-spa")
    outputs = system.translate(_cases(sources), source_lang="en", target_lang="es")
    assert len(outputs) == 200
    assert all(f"{i}." in output for i, output in enumerate(outputs))
    assert [outputs[i] for i in (0, 77, 199)] == [_cli("eng-spa", sources[i]) for i in (0, 77, 199)]
    pipeline = system._pipeline
    assert system.translate(_cases(sources[:3]), source_lang="en", target_lang="es") == outputs[:3]
    assert system._pipeline is pipeline  # the same process, not one per batch


@_needs("eng-spa")
def test_eng_spa_outputs_do_not_depend_on_the_cases_before_them():
    """docs/systems.md measures it on the bundled suites; here on the hostile sources, in both orders."""
    forward = make_system("apertium:eng-spa").translate(_cases(HOSTILE), source_lang="en", target_lang="es")
    backward = make_system("apertium:eng-spa").translate(_cases(HOSTILE[::-1]), source_lang="en", target_lang="es")
    assert backward[::-1] == forward


@_needs()
def test_deformat_and_reformat_equal_destxt_and_retxt_on_random_text():
    rng = random.Random(42)
    text_alphabet = list("ab.  \t\n\r~[]\\^$@/<>{}é!?") + ["\n\n", "\r\n", " ~ "]
    # what the pipeline writes: words, escapes, superblanks of blanks, inserted sentence ends
    stream_alphabet = ["a", "é", ".", " ", "\\[", "\\\\", "\\@", "\\.", ".[]", "[]", "[ \n]", "[\t~]", "\n"]
    for _ in range(30):
        text = "".join(rng.choice(text_alphabet) for _ in range(rng.randint(0, 14)))
        destxt = subprocess.run(["apertium-destxt"], input=text.encode(), capture_output=True, check=True)
        assert deformat(text) == destxt.stdout.decode(), repr(text)
        stream = "".join(rng.choice(stream_alphabet) for _ in range(rng.randint(0, 14)))
        retxt = subprocess.run(["apertium-retxt"], input=stream.encode(), capture_output=True, check=True)
        assert reformat(stream) == retxt.stdout.decode(), repr(stream)


@_needs("eu-en")
def test_a_pair_written_with_three_letter_codes_finds_the_installed_mode():
    system = make_system("apertium:eus-eng")
    assert system.mode() == "eu-en"
    source = "Ez dut ogia jan."
    assert system.translate(_cases([source]), source_lang="eu", target_lang="en") == [_cli("eu-en", source)]


@_needs("spa-eng", "spa-eng_US")
def test_languages_with_several_modes_must_name_one():
    with pytest.raises(SystemFailure, match=r"'es-en' could be any of the installed modes spa-eng, spa-eng_US"
                                            r" \(fix: name one, like apertium:spa-eng\)"):
        check_system("apertium:es-en")


@_needs("eng-spa")
def test_a_pair_that_does_not_cover_the_suite_is_refused():
    system = make_system("apertium:eng-spa")
    with pytest.raises(SystemFailure) as caught:
        system.translate(_cases(["Hej."]), source_lang="sv", target_lang="nb")
    assert str(caught.value).startswith('system "apertium:eng-spa": the mode eng-spa translates en->es,'
                                        " but the suite is sv->nb (fix: ")
    assert system._pipeline is None


def test_a_pair_not_installed_names_its_debian_package(tmp_path, monkeypatch):
    (tmp_path / "modes").mkdir()
    (tmp_path / "modes" / "nob-nno.mode").write_text("cat\n")
    monkeypatch.setenv("APERTIUM_DATADIR", str(tmp_path))
    if not shutil.which("apertium-wblank-mode"):
        pytest.skip("needs: apt-get install -y apertium")
    with pytest.raises(SystemFailure) as caught:
        check_system("apertium:eng-spa")
    assert str(caught.value) == (f"system \"apertium:eng-spa\": the Apertium pair 'eng-spa' is not installed"
                                 f" in {tmp_path} (installed: nob-nno) (fix: sudo apt-get install apertium-eng-spa)")
    with pytest.raises(SystemFailure, match=r"'eng-fra' is not installed .* \(fix: find its package with: "
                                            r"apt-cache search apertium\)"):
        check_system("apertium:eng-fra")
    with pytest.raises(SystemFailure, match=r"'english' is not an Apertium pair name \(like 'eng-spa'\); "
                                            r"installed pairs: nob-nno"):
        check_system("apertium:english")


def test_apertium_not_installed_says_how_to_install_it(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(SystemFailure, match=r"Apertium is not installed \(fix: sudo apt-get install apertium\)"):
        check_system("apertium:eng-spa")


@_needs("eng-spa")
def test_a_stage_killed_mid_batch_is_one_clear_error_and_the_next_batch_starts_afresh():
    system = make_system("apertium:eng-spa", timeout=60)
    assert system.translate(_cases(["Hello."]), source_lang="en", target_lang="es") == ["Hola."]
    transfer = _stages(system)["apertium-transfer"]
    os.kill(transfer, signal.SIGSTOP)  # held, so the batch below is surely in flight when it dies
    threading.Timer(0.5, os.kill, (transfer, signal.SIGKILL)).start()
    with pytest.raises(SystemFailure, match=r'^system "apertium:eng-spa": the pipeline (exited|fell out of step \(one'
                                            r" of its programs exited, or misbehaved\)) after 0 of 3 outputs; no"
                                            r" output of this batch is used, and the next batch starts a new"):
        system.translate(_cases(["One.", "Two.", "Three."]), source_lang="en", target_lang="es")
    assert system._pipeline is None
    assert system.translate(_cases(["Two."]), source_lang="en", target_lang="es") == [_cli("eng-spa", "Two.")]


@_needs("eng-spa")
def test_a_pipeline_that_died_between_batches_is_reported_then_restarted():
    system = make_system("apertium:eng-spa", timeout=60)
    system.translate(_cases(["Hello."]), source_lang="en", target_lang="es")
    pipeline = system._pipeline
    assert pipeline is not None
    stage = _stages(system)["lrx-proc"]
    os.kill(stage, signal.SIGKILL)
    while stage in descendants(pipeline.proc.pid):  # until its parent has reaped it
        time.sleep(0.05)
    with pytest.raises(SystemFailure, match=r"a program of the pipeline exited after the last batch; it is"
                                            r" restarted on the next one"):
        system.translate(_cases(["Hello."]), source_lang="en", target_lang="es")
    assert system.translate(_cases(["Hello."]), source_lang="en", target_lang="es") == ["Hola."]


@_needs("eng-spa")
def test_timeout_kills_every_program_of_the_pipeline():
    system = make_system("apertium:eng-spa", timeout=0.05)  # loading the pair takes longer
    with pytest.raises(SystemFailure, match=r'^system "apertium:eng-spa": timed out after 0.05s and was killed'):
        system.translate(_cases(["Hello."]), source_lang="en", target_lang="es")
    assert system._pipeline is None


@_needs("eng-spa")
def test_describe_names_the_engine_and_data_versions():
    described = make_system("apertium:eng-spa").describe()
    assert described.startswith("Apertium mode eng-spa: engine apertium 3.") or "not from Debian" in described
    assert "apertium-eng-spa" in described and "unknown words unmarked (apertium -u)" in described


def test_apertium_is_a_spec_that_runs_programs_so_a_suite_file_cannot_choose_it():
    assert "apertium:PAIR" in SPEC_FORMS
    assert runs_user_code("apertium:eng-spa")
    assert isinstance(make_system("apertium:eng-spa"), ApertiumSystem)  # nothing starts before a batch


@_needs("spa-eng", "spa-eng_US")
def test_regression_walk_through_catches_the_other_mode_and_lets_the_improvement_through(tmp_path, monkeypatch,
                                                                                          capsys):
    """docs/regression.md, "Regression on a real engine": the same steps on the real engine."""
    monkeypatch.setenv("COLUMNS", "400")
    monkeypatch.chdir(tmp_path)
    suite = Path(__file__).resolve().parent.parent / "fixtures" / "apertium" / "shop-es-en.mt.yaml"
    shutil.copy(suite, tmp_path)
    run = ["run", "shop-es-en.mt.yaml", "--baseline", "baseline.json", "--no-cache"]
    assert main([*run, "--system", "apertium:spa-eng", "--update-baseline"]) == 1  # British spelling: 2 fail
    capsys.readouterr()
    assert main([*run, "--system", "apertium:spa-eng_US", "--update-baseline"]) == 0
    improved = capsys.readouterr().out
    assert "baseline baseline.json: 2 improved, 1 same" in improved
    assert "shop::colour: baseline: chrf 85.43 → 100" in improved
    assert main([*run, "--system", "apertium:spa-eng"]) == 1
    regressed = capsys.readouterr().out
    assert "hypothesis: The colour of the car is red.  [system: apertium:spa-eng]" in regressed
    assert "shop::centre: baseline: chrf 100 → 64.03 (−35.97, tolerance 0): regressed, passed → failed" in regressed
    assert "FAILED: 2 case check(s) passed in the baseline and fail now" in regressed
    doc = (suite.parent.parent.parent / "docs" / "regression.md").read_text(encoding="utf-8")
    assert suite.read_text(encoding="utf-8") in doc  # the walk-through shows this very suite
