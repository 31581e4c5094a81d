"""Lexical metrics (BLEU, chrF, chrF++, TER, exact match) against golden tables and invariants.

The expected numbers were computed independently with sacrebleu's own
``sentence_bleu`` / ``sentence_chrf`` / ``sentence_ter`` functions, one reference
at a time, keeping the best value in each metric's direction (max for BLEU and
chrF, min for TER), and are hard-coded here like sacrebleu's own tests do.
Exact-match rows are worked out by hand.
"""
from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtcheck import api
from mtcheck.errors import MetricError
from mtcheck.metrics import get_metric, metric_direction, metric_names

Row = tuple[str, list[str], float, int]  # hyp, refs, expected value, index of the best reference

BLEU_GOLDEN = [
    ('the cat sat on the mat', ['the cat sat on the mat'], 100.00000000000004, 0),
    ('the cat sat on the mat', ['a cat was sitting on the mat'], 27.482545710800192, 0),
    ('the cat is on the mat', ['the cat sat on the mat', 'there is a cat on the mat'], 37.99178428257963, 0),
    ('I do not like green eggs', ['I do not like green eggs and ham', 'I like green eggs'], 71.65313105737896, 0),
    ('there is a cat on the mat', ['the cat sat on the mat', 'there is a cat on a mat'], 64.34588841607616, 1),
    ('', ['the cat sat on the mat'], 0.0, 0),
    ('Jag gillar det.', ['Jag gillar det inte.'], 49.76093899250716, 0),
    ('القط جلس على الحصيرة', ['جلس القط على الحصيرة'], 37.99178428257963, 0),
    ('החתול ישב על השטיח', ['החתול ישב על השטיח הירוק', 'חתול ישב על השטיח'], 77.88007830714052, 0),
    ('I love it 😍', ['I love it 😍!'], 77.88007830714052, 0),
    ('Tyvärr, det är inte möjligt.', ['Tyvärr är det inte möjligt.', 'Det är tyvärr inte möjligt.'], 29.071536848410968, 0),
]
CHRF_GOLDEN = [
    ('the cat sat on the mat', ['the cat sat on the mat'], 100.0, 0),
    ('the cat sat on the mat', ['a cat was sitting on the mat'], 37.2254256632152, 0),
    ('the cat is on the mat', ['the cat sat on the mat', 'there is a cat on the mat'], 61.9251512899325, 0),
    ('I do not like green eggs', ['I do not like green eggs and ham', 'I like green eggs'], 84.83823099949603, 1),
    ('there is a cat on the mat', ['the cat sat on the mat', 'there is a cat on a mat'], 76.0638915598722, 1),
    ('', ['the cat sat on the mat'], 0.0, 0),
    ('Jag gillar det.', ['Jag gillar det inte.'], 69.90183934808465, 0),
    ('القط جلس على الحصيرة', ['جلس القط على الحصيرة'], 67.63278388278388, 0),
    ('החתול ישב על השטיח', ['החתול ישב על השטיח הירוק', 'חתול ישב על השטיח'], 98.2553168750668, 1),
    ('I love it 😍', ['I love it 😍!'], 86.26917130700087, 0),
    ('Tyvärr, det är inte möjligt.', ['Tyvärr är det inte möjligt.', 'Det är tyvärr inte möjligt.'], 68.66187982496612, 1),
]
CHRFPP_GOLDEN = [
    ('the cat sat on the mat', ['the cat sat on the mat'], 100.0, 0),
    ('the cat sat on the mat', ['a cat was sitting on the mat'], 39.59933598244184, 0),
    ('the cat is on the mat', ['the cat sat on the mat', 'there is a cat on the mat'], 64.37034100933843, 0),
    ('I do not like green eggs', ['I do not like green eggs and ham', 'I like green eggs'], 82.37436496826287, 1),
    ('there is a cat on the mat', ['the cat sat on the mat', 'there is a cat on a mat'], 76.13573510844964, 1),
    ('', ['the cat sat on the mat'], 0.0, 0),
    ('Jag gillar det.', ['Jag gillar det inte.'], 69.43454455479117, 0),
    ('القط جلس على الحصيرة', ['جلس القط على الحصيرة'], 67.39125457875458, 0),
    ('החתול ישב על השטיח', ['החתול ישב על השטיח הירוק', 'חתול ישב על השטיח'], 91.41703421758855, 1),
    ('I love it 😍', ['I love it 😍!'], 85.00159535597025, 0),
    ('Tyvärr, det är inte möjligt.', ['Tyvärr är det inte möjligt.', 'Det är tyvärr inte möjligt.'], 68.29877373824493, 0),
]
TER_GOLDEN = [
    ('the cat sat on the mat', ['the cat sat on the mat'], 0.0, 0),
    ('the cat sat on the mat', ['a cat was sitting on the mat'], 42.857142857142854, 0),
    ('the cat is on the mat', ['the cat sat on the mat', 'there is a cat on the mat'], 16.666666666666664, 0),
    ('I do not like green eggs', ['I do not like green eggs and ham', 'I like green eggs'], 25.0, 0),
    ('there is a cat on the mat', ['the cat sat on the mat', 'there is a cat on a mat'], 14.285714285714285, 1),
    ('', ['the cat sat on the mat'], 100.0, 0),
    ('Jag gillar det.', ['Jag gillar det inte.'], 50.0, 0),
    ('القط جلس على الحصيرة', ['جلس القط على الحصيرة'], 25.0, 0),
    ('החתול ישב על השטיח', ['החתול ישב על השטיח הירוק', 'חתול ישב על השטיח'], 20.0, 0),
    ('I love it 😍', ['I love it 😍!'], 25.0, 0),
    ('Tyvärr, det är inte möjligt.', ['Tyvärr är det inte möjligt.', 'Det är tyvärr inte möjligt.'], 40.0, 0),
]

EXACT_GOLDEN: list[tuple[str, list[str], dict[str, object], float]] = [
    ("Jag gillar det inte.", ["Jag gillar det inte."], {}, 1.0),
    ("Jag gillar det.", ["Jag gillar det inte."], {}, 0.0),
    ("  Jag   gillar\tdet inte. ", ["Jag gillar det inte."], {}, 1.0),  # white space collapsed
    ("jag gillar det inte.", ["Jag gillar det inte."], {}, 0.0),  # case matters by default
    ("jag gillar det inte.", ["Jag gillar det inte."], {"lowercase": True}, 1.0),
    ("Jag gillar det inte", ["Jag gillar det inte."], {"strip_chars": ".!?"}, 1.0),
    ("Cafe\u0301", ["Caf\u00e9"], {}, 1.0),  # NFD equals NFC
    ("", ["Jag gillar det inte."], {}, 0.0),
    ("nej", ["ja", "kanske", "nej"], {}, 1.0),  # any reference may match
    ("القط جلس على الحصيرة", ["القط جلس على الحصيرة"], {}, 1.0),
    ("שלום 👋", ["שלום 👋"], {}, 1.0),
    ("שלום 👋", ["שלום 👍"], {}, 0.0),
]

GOLDEN = {"bleu": BLEU_GOLDEN, "chrf": CHRF_GOLDEN, "chrf++": CHRFPP_GOLDEN, "ter": TER_GOLDEN}


def _golden_params() -> list[object]:
    return [
        pytest.param(metric, hyp, refs, expected, best, id=f"{metric}-{index}")
        for metric, rows in GOLDEN.items()
        for index, (hyp, refs, expected, best) in enumerate(rows)
    ]


@pytest.mark.parametrize(("metric", "hyp", "refs", "expected", "best"), _golden_params())
def test_golden(metric: str, hyp: str, refs: list[str], expected: float, best: int) -> None:
    score = get_metric(metric).score(hyp, refs)
    assert score.value == pytest.approx(expected, abs=1e-9)
    assert score.best_ref == best
    assert score.signature


@pytest.mark.parametrize(("hyp", "refs", "params", "expected"), EXACT_GOLDEN)
def test_exact_golden(hyp: str, refs: list[str], params: dict[str, object], expected: float) -> None:
    assert get_metric("exact", params).score(hyp, refs).value == expected


def test_multi_reference_is_best_single_reference_not_sacrebleus_joint_score() -> None:
    # sacrebleu's multi-reference sentence BLEU pools n-gram matches over both
    # references and gives 100.0 here; a curated list of acceptable translations
    # means "any one is correct", so mtcheck keeps the best single reference.
    score = get_metric("bleu").score("I do not like green eggs", ["I do not like green eggs and ham", "I like green eggs"])
    assert score.value == pytest.approx(71.65313105737896, abs=1e-9)
    assert "refs:best" in score.signature


def test_ter_takes_the_lowest_edit_rate() -> None:
    metric = get_metric("ter")
    refs = ["the cat sat on the mat", "there is a cat on a mat"]
    single = [metric.score("there is a cat on the mat", [r]).value for r in refs]
    assert single == pytest.approx([66.66666666666666, 14.285714285714285])
    assert metric.score("there is a cat on the mat", refs).value == min(single)
    assert metric_direction("ter") is False
    assert metric.better(10.0, 20.0) and not metric.better(20.0, 10.0)


def test_chrfpp_alias_is_chrf_with_word_bigrams() -> None:
    plus = get_metric("chrf++")
    assert "nw:2" in plus.signature()
    assert "nw:0" in get_metric("chrf").signature()
    explicit = get_metric("chrf", {"word_order": 2})
    assert plus.signature() == explicit.signature()


def test_chrfpp_reports_its_own_name_in_scores_and_signature() -> None:
    plus, plain = get_metric("chrf++"), get_metric("chrf")
    assert plus.score("the cat", "the cat").metric == "chrf++" and plain.score("a", "a").metric == "chrf"
    assert plus.signature().startswith("chrf++|") and plain.signature().startswith("chrf|")
    assert get_metric("chrf++", {"beta": 1}).signature().startswith("chrf++-beta1|")
    # the score cache keys on the signature, so scores cached under the old name ("chrf|...|nw:2") are recomputed
    assert "|base:chrf++|" in get_metric("sam:chrf++", {"lang": "en"}).signature()


def test_bleu_params_change_the_value_and_the_signature() -> None:
    hyp, ref = "the cat is on the mat", "the cat sat on the mat"
    default, bigram = get_metric("bleu"), get_metric("bleu", {"max_ngram_order": 2})
    assert default.score(hyp, ref).value == pytest.approx(37.99178428257963)
    assert bigram.score(hyp, ref).value > default.score(hyp, ref).value
    assert bigram.signature().startswith("bleu-2|")
    assert get_metric("bleu", {"lowercase": True}).signature() != default.signature()


def test_bleu_details_explain_the_score() -> None:
    details = get_metric("bleu").score("the cat is on the mat", ["the cat sat on the mat"]).details
    assert details["hyp_len"] == 6 and details["ref_len"] == 6
    assert details["bp"] == 1.0
    assert details["precisions"][0] == pytest.approx(83.3333, abs=1e-3)


def test_ter_details_count_edits() -> None:
    details = get_metric("ter").score("Jag gillar det.", ["Jag gillar det inte."]).details
    assert details == {"edits": 2.0, "ref_len": 4.0}


def test_exact_signature_names_its_normalisation() -> None:
    assert get_metric("exact").signature().startswith("exact|case:mixed|strip:none|nfc:yes|")
    assert "case:lc" in get_metric("exact", {"lowercase": True}).signature()
    assert get_metric("exact_match").signature() == get_metric("exact").signature()


def test_score_batch_matches_score() -> None:
    metric = get_metric("chrf")
    rows = CHRF_GOLDEN[:4]
    batch = metric.score_batch([h for h, *_ in rows], [r for _, r, *_ in rows])
    assert [s.value for s in batch] == pytest.approx([e for *_, e, _ in rows])
    with pytest.raises(ValueError, match="2 hypotheses but 1 reference lists"):
        metric.score_batch(["a", "b"], [["a"]])


def test_no_reference_is_an_error() -> None:
    with pytest.raises(ValueError, match="at least one reference"):
        get_metric("bleu").score("a", [])


def test_api_score_accepts_one_reference_as_text() -> None:
    assert api.score("Hej", "Hej", metric="exact").value == 1.0
    assert api.score("Hej", ["Nej", "Hej"], metric="ter").best_ref == 1


@pytest.mark.parametrize(
    ("name", "params", "message"),
    [
        ("bleuu", {}, "did you mean 'bleu'"),
        ("bleu", {"no_such_param": 1}, "bad params"),
        ("bleu", {"max_ngram_order": 0}, "between 1 and 9"),
        ("bleu", {"tokenize": "no-such-tokenizer"}, "bad params"),
        ("bleu", {"smooth_method": "no-such-smoothing"}, "bad params"),
        ("chrf", {"char_order": "abc"}, "bad params"),
    ],
)
def test_bad_metric_configuration_is_a_clear_error(name: str, params: dict[str, object], message: str) -> None:
    with pytest.raises((MetricError, ValueError), match=message):
        get_metric(name, params)


def test_lexical_metrics_are_registered() -> None:
    for name in ("bleu", "chrf", "chrf++", "ter", "exact"):
        assert name in metric_names()


# --- property tests ------------------------------------------------------------------

LEXICAL = ["bleu", "chrf", "chrf++", "ter", "exact"]
BEST = {"bleu": 100.0, "chrf": 100.0, "chrf++": 100.0, "ter": 0.0, "exact": 1.0}
#: Text with at least one visible character, from every script (RTL, CJK, emoji included).
TEXT = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=40).filter(lambda s: s.strip())
WORDS = st.lists(st.sampled_from(["the", "cat", "sat", "on", "mat", "لا", "القط", "לא", "חתול", "😍", "ne", "."]), min_size=1, max_size=8).map(" ".join)
ANY_TEXT = st.one_of(TEXT, WORDS)
PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("name", LEXICAL)
@PROPERTY
@given(text=ANY_TEXT)
def test_identical_hypothesis_and_reference_get_the_best_score(name: str, text: str) -> None:
    assert get_metric(name).score(text, [text]).value == pytest.approx(BEST[name], abs=1e-9)


@pytest.mark.parametrize("name", LEXICAL)
@PROPERTY
@given(hyp=st.one_of(st.just(""), ANY_TEXT), ref=ANY_TEXT)
def test_scores_are_in_range(name: str, hyp: str, ref: str) -> None:
    value = get_metric(name).score(hyp, [ref]).value
    assert not math.isnan(value)
    if name == "ter":
        assert value >= 0.0
    elif name == "exact":
        assert value in (0.0, 1.0)
    else:
        assert 0.0 <= value <= 100.0 + 1e-9


@pytest.mark.parametrize("name", LEXICAL)
@PROPERTY
@given(hyp=ANY_TEXT, refs=st.lists(ANY_TEXT, min_size=1, max_size=4))
def test_multi_reference_score_is_the_best_single_reference_score(name: str, hyp: str, refs: list[str]) -> None:
    metric = get_metric(name)
    singles = [metric.score(hyp, [ref]).value for ref in refs]
    score = metric.score(hyp, refs)
    best = max(singles) if metric.higher_is_better else min(singles)
    assert score.value == best
    assert singles[score.best_ref] == best


@pytest.mark.parametrize("name", LEXICAL)
@PROPERTY
@given(hyp=ANY_TEXT, refs=st.lists(ANY_TEXT, min_size=1, max_size=3), extra=ANY_TEXT)
def test_adding_a_reference_never_makes_the_score_worse(name: str, hyp: str, refs: list[str], extra: str) -> None:
    metric = get_metric(name)
    before, after = metric.score(hyp, refs).value, metric.score(hyp, [*refs, extra]).value
    assert after == before or metric.better(after, before)


def test_chrf_beta_is_part_of_the_signature() -> None:
    # Regression: sacrebleu's chrF signature omits beta, and scores are memoised by
    # signature, so chrF1 and chrF3 checks in one suite got the same (first) value.
    hyp, ref = "the cat", "the cat sat on the mat"
    one, three = get_metric("chrf", {"beta": 1}), get_metric("chrf", {"beta": 3})
    assert one.signature() != three.signature() != get_metric("chrf").signature()
    assert one.score(hyp, [ref]).value == pytest.approx(37.47705985285476)
    assert three.score(hyp, [ref]).value == pytest.approx(24.98165012734396)


@pytest.mark.parametrize(
    ("name", "params", "message"),
    [
        ("chrf", {"char_ordr": 3}, "metric 'chrf' has no setting 'char_ordr' (did you mean 'char_order'?)"),
        ("chrf++", {"word_order": 2}, "metric 'chrf++' has no setting 'word_order'"),
        ("sam:bleu", {"lexcon": "x"}, "metric 'sam:bleu' has no setting 'lexcon' (did you mean 'lexicon'?)"),
    ],
)
def test_check_params_names_the_setting_and_the_closest_known_one(name, params, message):
    from mtcheck.errors import MetricError
    from mtcheck.metrics import check_params

    with pytest.raises(MetricError) as info:
        check_params(name, params)
    assert message in str(info.value)


def test_check_params_accepts_every_constructor_setting():
    from mtcheck.metrics import check_params, param_names

    check_params("sam:chrf", dict.fromkeys(param_names("sam:chrf"), 1))
    assert "tokenize" in param_names("bleu") and "lexicon" not in param_names("bleu")
