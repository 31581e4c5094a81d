"""The aligner pairs the words two sentences differ in by one minimum-cost assignment over declared costs."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtcheck.sentiment import aligned, load_lexicon
from mtcheck.sentiment.aligned import NEAR_SYNONYM, PAIRING_COSTS, UNPAIRED, align, aligned_penalty, side
from mtcheck.sentiment.context import ENGLISH
from mtcheck.sentiment.relations import ANTONYM, RELATED, SYNONYM, relations_for

VADER = load_lexicon("default")


def _pairs(hyp: str, ref: str) -> set[tuple[str | None, str | None, str]]:
    """The pairs of words that are not *equal*, as (hypothesis word, reference word, how)."""
    side_h, side_r = side(hyp, VADER, ENGLISH, "paper", "en"), side(ref, VADER, ENGLISH, "paper", "en")
    return {(None if h is None else side_h.tokens[h].text, None if r is None else side_r.tokens[r].text, how)
            for h, r, how in align(side_h, side_r, relations_for("en")) if how != "equal"}


def test_the_table_declares_a_cost_for_each_kind_of_pair() -> None:
    kinds = [cost.kind for cost in PAIRING_COSTS]
    assert len(set(kinds)) == len(kinds)
    assert {SYNONYM, NEAR_SYNONYM, ANTONYM, RELATED, "negators", "polar", "unrelated"} <= set(kinds)
    for cost in PAIRING_COSTS:
        # any candidate is cheaper than its two words unpaired, and across blocks never cheaper than within one
        assert 0 <= cost.within < 2 * UNPAIRED
        assert cost.across is None or cost.within <= cost.across < 2 * UNPAIRED
    costs = {cost.kind: cost for cost in PAIRING_COSTS}
    assert costs["polar"].across is None and costs["unrelated"].across is None
    # every pair by meaning across blocks is cheaper than two unrelated words of one block
    assert all(cost.across < costs["unrelated"].within for cost in PAIRING_COSTS if cost.across is not None)


@pytest.mark.parametrize(("hyp", "ref", "pair", "source"), [
    # a pass taking the first free word paired "seconds" with "back" (WordNet: to second = to back) and left
    # "forward" by position; the optimum pairs the opposites and the synonyms
    ("Go forward 5 seconds", "Go back 1 minute", ("forward", "back"), "WordNet"),
    # ... and "Top" with "attachment" as near-synonyms, where "Top" and "Bottom" are listed opposites
    ("Top Attach", "Bottom attachment", ("Top", "Bottom"), "mtcheck-en opposites"),
])
def test_one_optimisation_pairs_what_a_first_free_pass_missed(hyp: str, ref: str, pair: tuple[str, str],
                                                              source: str) -> None:
    penalty = aligned_penalty(hyp, ref, VADER, ENGLISH, lang="en")
    worst = penalty.worst_pair
    assert penalty.p == pytest.approx(0.5)
    assert (worst.hyp.text, worst.ref.text, worst.how, worst.relation, worst.source) == (*pair, "replaced", ANTONYM,
                                                                                        source)


def test_words_that_pair_alike_pair_first_free_in_their_order() -> None:
    # "Not" has no negator to pair with; "found" pairs with the first word of its block, as by position
    assert _pairs("Not found", "Empty result set") == {
        ("Not", None, "added"), ("found", "Empty", "replaced"), (None, "result", "dropped"), (None, "set", "dropped")}
    assert aligned_penalty("Not found", "Empty result set", VADER, ENGLISH, lang="en").p == pytest.approx(0.1)
    # unrelated words of one block pair in order
    assert _pairs("A b c x y", "A b c p q r") == {("x", "p", "replaced"), ("y", "q", "replaced"), (None, "r", "dropped")}


def test_the_same_word_pairs_across_blocks_and_a_negator_only_with_a_negator() -> None:
    # "today" moved to the other end and into the scope of "never": the same word in another context
    assert _pairs("The door is never closed today", "Today the door is not open") == {
        ("today", "Today", "same-word"), ("never", "not", "replaced"), ("closed", "open", "replaced")}
    # "not" has no negator on the other side: no word in its place pairs with it
    assert _pairs("It is different from that", "It is not equal to that") == {
        ("that", "that", "same-word"), ("different", "equal", "replaced"), ("from", "to", "replaced"),
        (None, "not", "dropped")}


def test_a_relation_is_asked_once_per_pair(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[int, int]] = []
    ask = aligned.relation

    def counting(hyp, h, ref, r, relations, partners=None):  # type: ignore[no-untyped-def]
        asked.append((h, r))
        return ask(hyp, h, ref, r, relations, partners)

    monkeypatch.setattr(aligned, "relation", counting)
    side_h = side("The quick bright fox leaps over a sad dog", VADER, ENGLISH, "paper", "en")
    side_r = side("A fast dark wolf jumps across the happy cat", VADER, ENGLISH, "paper", "en")
    align(side_h, side_r, relations_for("en"))
    assert asked and len(asked) == len(set(asked))


def test_the_reference_shows_the_table_as_it_runs() -> None:
    text = (Path(__file__).parent.parent / "docs" / "sam.md").read_text(encoding="utf-8")
    start = text.index("   | candidate pair |")
    rows = [line.split("|")[3:5] for line in text[start:].split("\n\n")[0].splitlines()[2:]]
    shown = [(int(within), None if across.strip() == "none" else int(across)) for within, across in rows]
    declared = list(dict.fromkeys((cost.within, cost.across) for cost in PAIRING_COSTS))
    assert shown == [*declared, (UNPAIRED, UNPAIRED)]


@pytest.mark.parametrize("hyp, ref", [
    ("Sign in", "Log out"),  # the partners make "Sign" and "Log" one head: "in"/"out" are opposites only then
    ("Please sign in.", "Please log out."),
    ("Sign in to continue", "Log out to continue"),
    ("Log in now", "Log out now"),
    ("The door is closed", "The door is not open"),
    ("The film was bad and slow", "The film was good and fast"),
    ("Top-Left corner", "Bottom-Right corner"),
    ("I was pleased with the awful food", "I was happy with the terrible food"),
])
def test_the_relations_the_assignment_asked_are_those_asked_again_with_partners(hyp: str, ref: str) -> None:
    """``_related`` reuses the relation the assignment asked for a replaced pair (without partners) only where the
    alignment's partners leave ``_same_head`` as it was: the relations are those asked afresh with partners."""
    side_h, side_r = side(hyp, VADER, ENGLISH, "paper", "en"), side(ref, VADER, ENGLISH, "paper", "en")
    relations = relations_for("en")
    pairs, asked = aligned._alignment(side_h, side_r, relations)
    assert asked or pairs == [(h, r, "equal") for h, r in zip(side_h.words, side_r.words)]
    assert aligned._related(side_h, side_r, pairs, asked, relations) == \
        aligned._related(side_h, side_r, pairs, {}, relations)


def test_a_relation_the_partners_change_is_asked_again() -> None:
    """Asked without partners, "in" for "out" after "Sign"/"Log" is no relation; aligned, they are opposites."""
    side_h, side_r = side("Sign in", VADER, ENGLISH, "paper", "en"), side("Log out", VADER, ENGLISH, "paper", "en")
    relations = relations_for("en")
    pairs, asked = aligned._alignment(side_h, side_r, relations)
    assert asked[1, 1] is None
    related = {(h, r): found for h, r, _, found in aligned._related(side_h, side_r, pairs, asked, relations)}
    assert related[1, 1] is not None and related[1, 1].kind == ANTONYM
