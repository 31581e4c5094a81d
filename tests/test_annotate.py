"""``mtcheck annotate`` end to end through a pseudo-terminal, plus the session and writer on their own."""
from __future__ import annotations

import signal
import sys
from pathlib import Path

import pytest

from mtcheck.annotate.rating_session import Item, Session, display_order, to_true_order
from mtcheck.annotate.terminal import annotate
from mtcheck.errors import MtcheckError
from mtcheck.suite.loader import load_suite

from helpers import EN_FLUENCY_SCALE, WriteSuite

pexpect = pytest.importorskip("pexpect", reason="pexpect is not installed (pip install pexpect)")
pytest.importorskip("ruamel.yaml", reason='ruamel.yaml is not installed (pip install -e ".[annotate]")')

SUITE = """\
# Sarcasm interpretations (guideline 000).
version: 1
""" + EN_FLUENCY_SCALE + """\
    definitions: {1: "Makes no sense.", 5: "Perfectly fluent and natural."}
    show_source: false   # fluency is rated without the tweet
    guideline: "000 (sarcasm interpretations)"
  adequacy:
    kind: ordinal
    values: [1, 2, 3, 4, 5]
    labels: {1: None, 5: All Meaning}
    show_source: true
    show_reference: true
  fluency-ab:
    kind: pairwise
    values: [A, B, equal]
    labels: {A: A is more fluent, B: B is more fluent, equal: Equally fluent}
defaults:
  checks:
    - {metric: chrf, min: 1}
cases:
  # the first case
  - id: love-fans
    src: "love my fans xoxo"
    ref: "hate my fans"
    hyps:
      model-a: "I hate my fans"   # best so far
      model-b: "hate my fans xoxo"
    ratings:
      fluency:
        model-a: {ann2: 5}
  # copy of the source
  - id: sleep
    src: loooove getting 3 hours of sleep because two jobs
    ref: I hate getting 3 hours of sleep because of my two jobs
    hyp: loooove getting 3 hours of sleep because two jobs
    notes: An interpretation identical to the source gets adequacy 1.
  - id: rain
    src: i just love walking in the rain
    ref: I just don't love walking in the rain
    hyps: {model-a: I just don't love walking in the rain, model-b: I just hate rain walking}
  # trailing comment of the file
"""


def _spawn(path: Path, *args: str) -> pexpect.spawn:
    # the timeout only stops a hung test; nothing here measures time
    return pexpect.spawn(sys.executable, ["-m", "mtcheck.commands.main", "annotate", str(path), *args],
                         encoding="utf-8", timeout=120, dimensions=(50, 200))


def _prompt(child: pexpect.spawn, scale: str) -> str:
    """Wait for the next prompt; return what was shown before it."""
    child.expect(rf"{scale} \[[^\]]*\]> ")
    return child.before


@pytest.fixture
def suite(write_suite: WriteSuite) -> Path:
    return write_suite(SUITE, "sarcasm.mt.yaml")


def test_fluency_session_killed_and_resumed(suite: Path) -> None:
    child = _spawn(suite, "--scale", "fluency", "--annotator", "ann1")
    shown = _prompt(child, "fluency")
    # the scale comes first: labels, definitions, guideline, what is hidden
    for text in ("Guideline: 000 (sarcasm interpretations)", "1 (Incomprehensible)", "Makes no sense.", "5 (Flawless English)",
                 "You will see not the source and not the reference."):
        assert text in shown
    assert "[1/5] case love-fans, output model-a" in shown and "Output:    I hate my fans" in shown
    assert "Source:" not in shown and "love my fans xoxo" not in shown  # fluency hides the source
    child.sendline("4")
    shown = _prompt(child, "fluency")
    assert "[2/5] case love-fans, output model-b" in shown
    child.sendline("seven")
    assert "'seven' is not a value of fluency" in _prompt(child, "fluency")
    child.sendline("2")
    shown = _prompt(child, "fluency")
    assert "[3/5] case sleep, output hyp" in shown
    child.kill(signal.SIGKILL)  # a crash mid-session
    child.wait()

    text = suite.read_text(encoding="utf-8")
    assert "        model-a: {ann2: 5, ann1: 4}\n        model-b: {ann1: 2}\n" in text
    assert not list(suite.parent.glob(".*.tmp"))  # no half-written file left behind
    assert load_suite(suite).case("love-fans").ratings == {"fluency": {"model-a": {"ann2": 5, "ann1": 4}, "model-b": {"ann1": 2}}}

    child = _spawn(suite, "--scale", "fluency", "--annotator", "ann1")
    shown = _prompt(child, "fluency")
    assert "[1/3] case sleep, output hyp" in shown  # resumes where the annotator stopped
    child.sendline("s")  # skipped: asked again next time
    assert "[2/3] case rain, output model-a" in _prompt(child, "fluency")
    child.sendline("5")
    assert "[3/3] case rain, output model-b" in _prompt(child, "fluency")
    child.sendline("3")
    child.expect("Done. 2 answer\\(s\\) saved.")
    child.expect(pexpect.EOF)

    expected = SUITE.replace(
        "        model-a: {ann2: 5}\n", "        model-a: {ann2: 5, ann1: 4}\n        model-b: {ann1: 2}\n",
    ).replace(
        "    hyps: {model-a: I just don't love walking in the rain, model-b: I just hate rain walking}\n",
        "    hyps: {model-a: I just don't love walking in the rain, model-b: I just hate rain walking}\n"
        "    ratings:\n      fluency:\n        model-a: {ann1: 5}\n        model-b: {ann1: 3}\n",
    )
    # every comment, quote and layout choice survives; only the ratings changed
    assert suite.read_text(encoding="utf-8") == expected


def test_adequacy_shows_source_and_reference_and_quit_saves(suite: Path) -> None:
    child = _spawn(suite, "--scale", "adequacy", "--annotator", "ann1")
    shown = _prompt(child, "adequacy")
    assert "You will see the source and the reference." in shown
    assert "Source:    love my fans xoxo" in shown and "Reference: hate my fans" in shown
    child.sendline("?")
    assert "q = quit (every answer is already saved)" in _prompt(child, "adequacy")
    child.sendline("4")
    _prompt(child, "adequacy")
    child.sendline("q")
    child.expect("Stopped. 1 answer\\(s\\) saved")
    child.expect(pexpect.EOF)
    ratings = load_suite(suite).case("love-fans").ratings
    assert ratings["adequacy"] == {"model-a": {"ann1": 4}}
    assert ratings["fluency"] == {"model-a": {"ann2": 5}}  # another scale, untouched


def test_pairwise_random_order_recorded_in_true_order(suite: Path) -> None:
    child = _spawn(suite, "--scale", "fluency-ab", "--annotator", "ann7")
    shown = _prompt(child, "fluency-ab")
    assert "A and B are shown in random order" in shown
    # 'sleep' has one output and no pair: not asked
    assert "1 case(s) have no 'pair:' and not exactly two outputs" in shown
    assert "[1/2] case love-fans, pair" in shown
    order = display_order("ann7", "fluency-ab", "love-fans", ("model-a", "model-b"))
    texts = {"model-a": "I hate my fans", "model-b": "hate my fans xoxo"}
    assert f"A:         {texts[order[0]]}" in shown and f"B:         {texts[order[1]]}" in shown
    child.sendline("a")  # the output shown first is more fluent
    shown = _prompt(child, "fluency-ab")
    rain_order = display_order("ann7", "fluency-ab", "rain", ("model-a", "model-b"))
    child.sendline("equal")
    child.expect("Done. 2 answer\\(s\\) saved.")
    child.expect(pexpect.EOF)
    suite_ = load_suite(suite)
    love = suite_.case("love-fans").ratings["fluency-ab"]
    assert love == {"pair": ["model-a", "model-b"], "ann7": "A" if order[0] == "model-a" else "B", "shown": {"ann7": list(order)}}
    assert suite_.case("rain").ratings["fluency-ab"] == {"pair": ["model-a", "model-b"], "ann7": "equal", "shown": {"ann7": list(rain_order)}}


def test_redo_shows_and_replaces_only_this_annotators_value(suite: Path) -> None:
    child = _spawn(suite, "--scale", "fluency", "--annotator", "ann2")
    assert "[1/4] case love-fans, output model-b" in _prompt(child, "fluency")  # ann2 already rated model-a
    child.sendline("q")
    child.expect(pexpect.EOF)
    child = _spawn(suite, "--scale", "fluency", "--annotator", "ann2", "--redo")
    shown = _prompt(child, "fluency")
    assert "[1/5] case love-fans, output model-a" in shown and "Your current value: 5 (Flawless English)" in shown
    child.sendline("3")
    _prompt(child, "fluency")
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert load_suite(suite).case("love-fans").ratings["fluency"] == {"model-a": {"ann2": 3}}


def test_errors_before_the_session_starts(suite: Path) -> None:
    child = _spawn(suite, "--scale", "fluensy", "--annotator", "ann1")
    child.expect("no scale 'fluensy' \\(did you mean 'fluency'\\?\\)")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    with pytest.raises(MtcheckError, match="annotator id 'pair'"):
        Session(suite, "fluency", "pair")
    with pytest.raises(MtcheckError, match="annotator id 'a b'"):
        Session(suite, "fluency", "a b")


def test_an_existing_value_is_never_overwritten_without_redo(suite: Path) -> None:
    first, second = Session(suite, "fluency", "ann1"), Session(suite, "fluency", "ann1")
    item = first.items[0]
    assert first.record(item, 4) == 4
    with pytest.raises(MtcheckError, match="ann1 already rated this \\(4\\); use --redo"):
        second.record(second.items[0], 2)  # a second window on the same file
    assert load_suite(suite).case("love-fans").ratings["fluency"]["model-a"] == {"ann2": 5, "ann1": 4}


def test_values_saved_by_another_annotator_meanwhile_are_kept(suite: Path) -> None:
    mine, theirs = Session(suite, "adequacy", "ann1"), Session(suite, "adequacy", "ann2")
    mine.record(mine.items[0], 4)
    theirs.record(theirs.items[0], 2)  # reads the file again before writing: mine survives
    mine.record(mine.items[1], 1)
    assert load_suite(suite).case("love-fans").ratings["adequacy"] == {"model-a": {"ann1": 4, "ann2": 2}, "model-b": {"ann1": 1}}


def test_display_order_is_reproducible_and_varies() -> None:
    pair = ("x", "y")
    orders = [display_order("ann1", "ab", f"case-{i}", pair) for i in range(40)]
    assert orders == [display_order("ann1", "ab", f"case-{i}", pair) for i in range(40)]
    assert set(orders) == {("x", "y"), ("y", "x")}


def test_values_are_mapped_to_the_true_order(suite: Path) -> None:
    case = load_suite(suite).case("rain")
    swapped, straight = Item(case, ("model-a", "model-b"), ("model-b", "model-a")), Item(case, ("model-a", "model-b"), ("model-a", "model-b"))
    assert [to_true_order(v, swapped) for v in ("A", "B", "equal")] == ["B", "A", "equal"]
    assert [to_true_order(v, straight) for v in ("A", "B", "equal")] == ["A", "B", "equal"]


def test_terminal_loop_with_scripted_input(suite: Path) -> None:
    answers = iter(["9", "5"])
    out: list[str] = []

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    assert annotate(Session(suite, "fluency", "ann3"), read, out.append) == 1
    assert "'9' is not a value of fluency: type one of 1, 2, 3, 4, 5, or s, u, q, ?" in out
    assert out[-1] == "Stopped. 1 answer(s) saved; run the same command to go on."
    done = Session(suite, "fluency", "ann2")
    for item in done.items:
        done.record(item, 3)
    out.clear()
    assert annotate(Session(suite, "fluency", "ann2"), read, out.append) == 0
    assert out[-1] == "Nothing to rate: ann2 has rated every item on fluency."


def test_undo_takes_back_the_last_answers_and_asks_again(suite: Path) -> None:
    child = _spawn(suite, "--scale", "fluency", "--annotator", "ann1")
    _prompt(child, "fluency")
    assert child.after == "fluency [1, 2, 3, 4, 5; s skip, u undo, q quit, ? help]> "
    child.sendline("u")
    assert "Nothing to undo: no answer saved in this session yet." in _prompt(child, "fluency")
    child.sendline("4")
    _prompt(child, "fluency")
    child.sendline("2")
    assert "[3/5] case sleep, output hyp" in _prompt(child, "fluency")
    child.sendline("u")
    shown = _prompt(child, "fluency")
    assert "Undone: your answer on case love-fans, output model-b (asked again)." in shown
    assert "[2/5] case love-fans, output model-b" in shown
    assert load_suite(suite).case("love-fans").ratings["fluency"] == {"model-a": {"ann2": 5, "ann1": 4}}
    child.sendline("u")
    assert "[1/5] case love-fans, output model-a" in _prompt(child, "fluency")
    assert suite.read_text(encoding="utf-8") == SUITE  # byte for byte what it was
    child.sendline("5")
    assert "[2/5] case love-fans, output model-b" in _prompt(child, "fluency")
    child.sendline("3")
    assert "[3/5] case sleep, output hyp" in _prompt(child, "fluency")  # then on where the annotator was
    child.sendline("q")
    child.expect("Stopped. 2 answer\\(s\\) saved")
    child.expect(pexpect.EOF)
    assert load_suite(suite).case("love-fans").ratings["fluency"] == {"model-a": {"ann2": 5, "ann1": 5}, "model-b": {"ann1": 3}}


# a layout with comments after the entries that answers add to or remove from
COMMENTED = SUITE.replace(
    "        model-a: {ann2: 5}\n",
    "        model-a: {ann2: 5}   # ann2 was sure\n        # nobody else yet\n"
    "      fluency-ab:\n        pair: [model-b, model-a]\n        ann2: B\n        shown: {ann2: [model-a, model-b]}\n",
).replace(
    "    hyps: {model-a: I just don't love walking in the rain, model-b: I just hate rain walking}\n",
    "    hyps: {model-a: I just don't love walking in the rain, model-b: I just hate rain walking}  # two\n"
    "    # more about rain\n",
)


@pytest.mark.parametrize("text", [SUITE, COMMENTED], ids=["plain", "commented"])
@pytest.mark.parametrize("scale", ["fluency", "adequacy", "fluency-ab"])
@pytest.mark.parametrize(("annotator", "redo"), [("ann1", False), ("ann2", True)], ids=["new", "redo"])
def test_undo_leaves_the_file_as_it_was(write_suite: WriteSuite, text: str, scale: str, annotator: str, redo: bool) -> None:
    path = write_suite(text, "undo.mt.yaml")
    session = Session(path, scale, annotator, redo=redo)
    assert session.items
    for item in session.items:
        session.record(item, next(value for value in session.scale.values if to_true_order(value, item) != item.current))
        assert path.read_text(encoding="utf-8") != text
        assert session.undo() is item
        # no entry, or the value a redo replaced, in the layout it had: pairs, shown orders and comments included
        assert path.read_text(encoding="utf-8") == text
    assert session.undo() is None


def test_undo_keeps_other_annotators_values_and_refuses_a_value_changed_elsewhere(suite: Path) -> None:
    mine, theirs = Session(suite, "fluency-ab", "ann1"), Session(suite, "fluency-ab", "ann2")
    mine.record(mine.items[0], "A")
    theirs.record(theirs.items[0], "equal")  # the same pair, rated meanwhile
    assert mine.undo() is mine.items[0]
    rating = load_suite(suite).case("love-fans").ratings["fluency-ab"]
    assert rating == {"pair": ["model-a", "model-b"], "ann2": "equal", "shown": {"ann2": list(theirs.items[0].shown)}}

    again = Session(suite, "fluency", "ann1", redo=True)
    mine = Session(suite, "fluency", "ann1")
    mine.record(mine.items[0], 4)
    again.record(again.items[0], 2)  # the same annotator in a second window
    with pytest.raises(MtcheckError, match="ann1's value is now 2, not the 4 this session saved .*not undone"):
        mine.undo()
    assert load_suite(suite).case("love-fans").ratings["fluency"]["model-a"] == {"ann2": 5, "ann1": 2}
