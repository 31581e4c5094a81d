"""``mtcheck annotate`` keeps what is in the suite: its writer agrees with the loader, concurrent
sessions keep every answer, and a save that cannot be written leaves the suite as it was."""
from __future__ import annotations

import errno
import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from mtcheck.errors import MtcheckError, SuiteError
from mtcheck.suite.loader import load_suite

from helpers import WriteSuite, as_unprivileged

pytest.importorskip("ruamel.yaml", reason='ruamel.yaml is not installed (pip install -e ".[annotate]")')

from mtcheck.annotate.rating_session import Session  # noqa: E402  (needs ruamel.yaml)
from mtcheck.annotate.store import RatingsFile  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
#: Annotator names that YAML 1.1 reads as true, false, null or a number when unquoted.
TRICKY_ANNOTATORS = ("yes", "on", "no", "off", "null", "010")

SUITE = """\
version: 1
name: 1_000      # read as text: the suite's name
source_lang: en
target_lang: no
scales:
  fluency: {kind: ordinal, values: [1, 2, 3]}
  pref: {kind: pairwise, values: [A, B, off]}
defaults:
  checks: [{metric: exact, min: 1}]
cases:
  - id: 010
    src: yes
    ref: ja
    hyps: {no: ja, on: ja}
    notes: True
  - id: 8
    src: ~x
    ref: 0x1F
    hyps: {no: 0x1F, yes: 0x1F}
"""


def _mtcheck(*args: str, cwd: Path, stdin: str = "", prelude: str = "",
             bound_by_permissions: bool = False) -> subprocess.CompletedProcess[str]:
    """``mtcheck ARGS`` in a child, after running ``prelude`` there (to simulate a full disk); with
    ``bound_by_permissions``, as a user whom file permissions bind (root ignores them)."""
    code = f"import sys\n{prelude}\nfrom mtcheck.commands.main import main\nsys.exit(main())"
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONDONTWRITEBYTECODE": "1"}
    # the timeout only stops a hung test; nothing here measures time
    argv = [sys.executable, "-c", code, *args]
    return subprocess.run(as_unprivileged(argv) if bound_by_permissions else argv, cwd=cwd, env=env, input=stdin,
                          capture_output=True, text=True, timeout=120)


def _answer_all(path: Path, scale: str, annotator: str, value: object) -> int:
    session = Session(path, scale, annotator)
    for item in session.items:
        session.record(item, value)
    return len(session.items)


@pytest.fixture
def suite(write_suite: WriteSuite) -> Path:
    return write_suite(SUITE, "nb.mt.yaml")


def test_tricky_annotators_and_ids_read_back_as_written(suite: Path) -> None:
    """annotate wrote ``yes`` and ``on`` plain, which YAML 1.1 reads back as one duplicate key ``True``."""
    before = suite.read_text(encoding="utf-8")
    for annotator in TRICKY_ANNOTATORS:
        assert _answer_all(suite, "fluency", annotator, 2) == 4
        assert _answer_all(suite, "pref", annotator, "off") == 2
    loaded = load_suite(suite)
    assert [case.id for case in loaded.cases] == ["010", "8"]
    for case in loaded.cases:
        assert case.ratings["fluency"] == {hyp.system: dict.fromkeys(TRICKY_ANNOTATORS, 2) for hyp in case.hyps}
        assert {key: value for key, value in case.ratings["pref"].items() if key not in ("pair", "shown")} == \
            dict.fromkeys(TRICKY_ANNOTATORS, "off")
    after = suite.read_text(encoding="utf-8")
    kept = iter(after.splitlines())
    assert all(line in kept for line in before.splitlines()), after  # every line written before is still there, in order
    assert "'yes': 2" in after and "'010': 2" in after


def test_an_annotated_suite_validates_and_runs(suite: Path) -> None:
    for annotator in TRICKY_ANNOTATORS:
        _answer_all(suite, "fluency", annotator, 3)
    validated = _mtcheck("validate", suite.name, cwd=suite.parent)
    ran = _mtcheck("run", suite.name, "--system", "recorded:no", cwd=suite.parent)
    assert (validated.returncode, ran.returncode) == (0, 0), validated.stdout + validated.stderr + ran.stdout + ran.stderr
    assert "PASSED: 2 passed" in ran.stdout


def test_undo_finds_a_value_written_unquoted_by_hand(write_suite: WriteSuite) -> None:
    path = write_suite(SUITE.replace("notes: True", "notes: True\n    ratings: {fluency: {no: {010: 1}}}"), "nb.mt.yaml")
    session = Session(path, "fluency", "010", redo=True)
    item = session.items[0]
    assert item.current == 1
    session.record(item, 3)
    assert session.undo() == item
    assert load_suite(path).cases[0].ratings["fluency"] == {"no": {"010": 1}}
    assert "{no: {010: 1}}" in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("annotator", ["1:20", "a\n"])
def test_an_annotator_that_cannot_be_a_name_is_refused(suite: Path, annotator: str) -> None:
    with pytest.raises(MtcheckError, match="use letters, digits"):
        Session(suite, "fluency", annotator)


def test_a_sexagesimal_case_id_is_a_load_error_not_80(write_suite: WriteSuite) -> None:
    path = write_suite(SUITE.replace("id: 8", "id: 1:20"), "nb.mt.yaml")
    with pytest.raises(SuiteError, match=r"nb.mt.yaml:16: case '1:20': id '1:20' must be letters"):
        Session(path, "fluency", "ann1")


# --- concurrent sessions -------------------------------------------------------------------

TRIALS, ANSWERS = 20, 80


def _annotator(paths: list[Path], annotator: str, barrier: multiprocessing.synchronize.Barrier) -> None:
    """One annotator answering ANSWERS items of each file, starting on each together with the other annotator."""
    for path in paths:
        barrier.wait()
        ratings = RatingsFile(path)
        for number in range(ANSWERS):
            ratings.set_ordinal("c", "fluency", f"s{number:02d}", annotator, 1 + number % 5)


@pytest.mark.slow  # 3,200 locked, fsynced saves: minutes on a busy machine
def test_two_concurrent_annotators_keep_every_answer(tmp_path: Path) -> None:
    """Two real processes save 80 answers each into one suite, 20 times over: all 160 are kept every time."""
    paths = [tmp_path / f"trial{trial:02d}.mt.yaml" for trial in range(TRIALS)]
    for path in paths:
        path.write_text("version: 1\nsource_lang: en\ntarget_lang: sv\ncases:\n  - id: c  # rated below\n", encoding="utf-8")
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(2)
    workers = [context.Process(target=_annotator, args=(paths, name, barrier)) for name in ("ann1", "ann2")]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=1200)  # a safety net against a hang, not a bound on the time taken
    assert [worker.exitcode for worker in workers] == [0, 0]
    expected = {f"s{number:02d}": {"ann1": 1 + number % 5, "ann2": 1 + number % 5} for number in range(ANSWERS)}
    kept = [yaml.safe_load(path.read_text(encoding="utf-8"))["cases"][0]["ratings"]["fluency"] for path in paths]
    assert [sum(map(len, ratings.values())) for ratings in kept] == [2 * ANSWERS] * TRIALS
    assert all(ratings == expected for ratings in kept)
    assert all("- id: c  # rated below" in path.read_text(encoding="utf-8") for path in paths)


# --- a save that cannot be written ---------------------------------------------------------

def _only_files(folder: Path) -> set[str]:
    return {path.name for path in folder.iterdir() if not path.name.endswith(".mtcheck-lock")}


def test_a_full_disk_is_one_error_and_the_suite_is_untouched(suite: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = Session(suite, "fluency", "ann1")
    before, files = suite.read_bytes(), _only_files(suite.parent)

    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(MtcheckError) as info:
        session.record(session.items[0], 2)
    assert str(info.value) == (f"cannot save answers in {suite}: No space left on device "
                               "(fix: free some disk space; the file keeps every answer saved before)")
    assert suite.read_bytes() == before and _only_files(suite.parent) == files
    monkeypatch.undo()
    session.record(session.items[0], 2)  # with space again, the same session saves
    assert load_suite(suite).cases[0].ratings == {"fluency": {"no": {"ann1": 2}}}


def test_a_full_disk_under_the_command_is_one_line_and_exit_2(suite: Path) -> None:
    before = suite.read_bytes()
    prelude = ("import errno, os\n"
               "def full(descriptor):\n    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))\n"
               "os.fsync = full")
    result = _mtcheck("annotate", suite.name, "--scale", "fluency", "--annotator", "ann1", cwd=suite.parent,
                      stdin="2\n", prelude=prelude)
    assert result.returncode == 2
    assert result.stderr == (f"mtcheck: error: cannot save answers in {suite.name}: No space left on device "
                             "(fix: free some disk space; the file keeps every answer saved before)\n")
    assert suite.read_bytes() == before


def test_a_folder_where_no_file_can_be_created_is_one_error_at_the_start(suite: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read-only folder (simulated: root may write anywhere): refused before the first question."""
    before = suite.read_bytes()
    real_open = os.open

    def read_only(path: str | os.PathLike[str], flags: int, *args: int) -> int:
        if flags & os.O_CREAT:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", read_only)
    with pytest.raises(MtcheckError) as info:
        Session(suite, "fluency", "ann1")
    assert str(info.value) == (f"cannot save answers in {suite}: Read-only file system (fix: make the folder "
                               f"{suite.parent} writable, or annotate a copy elsewhere; the file keeps every answer saved before)")
    assert suite.read_bytes() == before


def test_a_read_only_folder_is_one_line_and_exit_2(suite: Path) -> None:
    before = suite.read_bytes()
    suite.chmod(0o666)  # only the folder forbids the write
    suite.parent.chmod(0o555)
    try:
        result = _mtcheck("annotate", suite.name, "--scale", "fluency", "--annotator", "ann1", cwd=suite.parent, stdin="2\n",
                          bound_by_permissions=True)
    finally:
        suite.parent.chmod(0o755)
    assert result.returncode == 2
    assert result.stderr.startswith(f"mtcheck: error: cannot save answers in {suite.name}: Permission denied")
    assert result.stderr.count("\n") == 1
    assert suite.read_bytes() == before


def test_a_read_only_suite_is_refused_not_replaced(suite: Path) -> None:
    """The folder is writable, so os.replace would swap a read-only file: its mode says not to."""
    before = suite.read_bytes()
    suite.parent.chmod(0o777)
    suite.chmod(0o444)
    result = _mtcheck("annotate", suite.name, "--scale", "fluency", "--annotator", "ann1", cwd=suite.parent, stdin="2\n",
                      bound_by_permissions=True)
    assert result.returncode == 2
    assert "the file is read-only" in result.stderr and result.stderr.count("\n") == 1
    assert suite.read_bytes() == before


def test_a_scale_named_like_a_yaml_word_reads_back(write_suite: WriteSuite) -> None:
    path = write_suite(SUITE.replace("  fluency: {kind", "  on: {kind"), "nb.mt.yaml")
    _answer_all(path, "on", "off", 1)
    assert load_suite(path).cases[1].ratings == {"on": {"no": {"off": 1}, "yes": {"off": 1}}}
    assert "'on':\n" in path.read_text(encoding="utf-8")
