"""SAM beyond English: sv, nb, da, de, es and ar targets score offline with their bundled lexicons."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mtcheck.errors import MetricError
from mtcheck.languages import CODES, find_language, get_language
from mtcheck.metrics import get_metric
from mtcheck.sentiment import load_lexicon
from mtcheck.sentiment.analysis import lemmatised
from mtcheck.sentiment.polarity import negators, word_polarity

ROOT = Path(__file__).resolve().parents[1]
#: (reference, the same with one sentiment word swapped for its opposite, the same with the negation dropped)
GOLDEN = {
    "sv": ("Filmen var inte dålig, den var fantastisk.", "Filmen var inte dålig, den var fruktansvärd.",
           "Filmen var dålig, den var fantastisk."),
    "nb": ("Maten var ikke dårlig, den var fantastisk.", "Maten var ikke dårlig, den var forferdelig.",
           "Maten var dårlig, den var fantastisk."),
    "da": ("Maden var ikke dårlig, den var fantastisk.", "Maden var ikke dårlig, den var forfærdelig.",
           "Maden var dårlig, den var fantastisk."),
    "de": ("Das Essen war nicht schlecht, es war wunderbar.", "Das Essen war nicht schlecht, es war schrecklich.",
           "Das Essen war schlecht, es war wunderbar."),
    "es": ("La comida no era mala, era maravillosa.", "La comida no era mala, era terrible.",
           "La comida era mala, era maravillosa."),
    "ar": ("الطعام لم يكن سيئا، كان رائعا وجميلة", "الطعام لم يكن سيئا، كان رائعا وقبيحة",
           "الطعام يكن سيئا، كان رائعا وجميلة"),
}
LANGS = sorted(GOLDEN)

_BLOCK_SOCKETS = """
import socket
def _refuse(*args, **kwargs):
    raise OSError("network use in an offline test")
socket.socket.connect = _refuse
socket.create_connection = _refuse
socket.getaddrinfo = _refuse
"""


def _offline_command(argv: list[str], tmp_path: Path) -> tuple[list[str], dict[str, str]]:
    """``argv`` run with no network: in a new network namespace when ``unshare -rn`` works, else
    with sockets refused by a ``sitecustomize`` and the Hugging Face hub switched off."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    unshare = shutil.which("unshare")
    if unshare and subprocess.run([unshare, "-rn", "true"], capture_output=True).returncode == 0:
        return [unshare, "-rn", *argv], env
    (tmp_path / "sitecustomize.py").write_text(_BLOCK_SOCKETS, encoding="utf-8")
    env["PYTHONPATH"] = f"{tmp_path}{os.pathsep}{ROOT}"
    return argv, env


def _score(lang: str, pairs: list[tuple[str, str]], tmp_path: Path) -> list[dict[str, object]]:
    """``mtcheck score --metric sam:chrf --lang LANG`` over ``(hyp, ref)`` pairs, in one offline process."""
    data = tmp_path / "pairs.jsonl"
    data.write_text("".join(json.dumps({"hyp": h, "ref": r}) + "\n" for h, r in pairs), encoding="utf-8")
    argv = [sys.executable, "-m", "mtcheck.commands.main", "score", "--metric", "sam:chrf", "--lang", lang,
            "--input", str(data), "--json"]
    command, env = _offline_command(argv, tmp_path)
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


@pytest.mark.parametrize("lang", LANGS)
def test_cli_penalises_an_antonym_swap_and_keeps_identical_output_at_100_offline(lang: str, tmp_path: Path) -> None:
    ref, swapped, _ = GOLDEN[lang]
    same, flipped = _score(lang, [(ref, ref), (swapped, ref)], tmp_path)
    assert same["score"] == pytest.approx(100.0)
    for result in (same, flipped):
        assert f"|lex:mtcheck-{lang}-1.0-sha256:" in str(result["signature"])
        assert "|tagger:simplemma-" in str(result["signature"])
    details = flipped["details"]
    assert isinstance(details, dict)
    assert details["p"] > 0.5  # opposite polarities: |S_r - S_h| / 2 with S_r > 0 > S_h
    assert flipped["score"] < 0.5 * details["base"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_dropped_negation_scores_as_the_paper_rule_says(lang: str) -> None:
    ref, _, dropped = GOLDEN[lang]
    score = get_metric("sam:chrf", {"penalty": "paper"}, target_lang=lang).score(dropped, [ref])
    assert score.details["S_r"] == -1.0 and score.details["S_h"] == 0.0 and score.details["p"] == 0.5


@pytest.mark.parametrize("code", sorted(set(CODES.values())))
def test_every_curated_opposite_has_the_opposite_polarity_in_the_lexicon(code: str) -> None:
    """The perturbation engine's antonyms and SAM's lexicon agree: a swap always moves SAM."""
    language = get_language(code)
    lexicon = load_lexicon(str(language.lexicon_path))
    for word, opposite in language.opposites.items():
        (token,), (other,) = lemmatised(word, code), lemmatised(opposite, code)
        own, their = word_polarity(token, lexicon), word_polarity(other, lexicon)
        assert own * their < 0, (code, word, own, opposite, their)


@pytest.mark.parametrize("code", sorted(set(CODES.values())))
def test_negators_and_intensifiers_are_disjoint_and_unscored(code: str) -> None:
    language = get_language(code)
    lexicon = load_lexicon(str(language.lexicon_path))
    assert language.negation_adverbs <= language.negators == negators(code)
    assert language.negator in language.negation_adverbs
    assert not language.intensifiers & language.negators
    assert all(lexicon.lookup_untagged(w) is None for w in language.intensifiers | language.downtoners)


@pytest.mark.parametrize(("lang", "code"), [("sv-SE", "sv"), ("no", "nb"), ("nb-NO", "nb"), ("es_MX", "es"),
                                            ("nn", None), ("fi", None), ("en", None)])
def test_language_codes(lang: str, code: str | None) -> None:
    found = find_language(lang)
    assert (found.code if found else None) == code


def test_nynorsk_and_other_languages_keep_the_clear_error() -> None:
    for lang in ("nn", "fi", "fr-CA"):
        with pytest.raises(MetricError, match=f"no sentiment lexicon for target language '{lang}'"):
            get_metric("sam:chrf", {}, target_lang=lang)


def test_a_users_lexicon_replaces_the_bundled_one_and_keeps_the_language_analysis(tmp_path: Path) -> None:
    path = tmp_path / "my-de.txt"
    path.write_text("# name: kunden-de 2.1\nlecker\t0.7\nfad\t-0.6\n", encoding="utf-8")
    metric = get_metric("sam:chrf", {"lexicon": str(path), "penalty": "paper"}, target_lang="de")
    score = metric.score("Die Suppe ist nicht lecker.", ["Die Suppe ist fad."])
    assert "|lex:kunden-de-2.1-sha256:" in score.signature and "|tagger:simplemma-" in score.signature
    # German negators from mtcheck.languages.de, polarity from the user's file
    assert [w["s"] for w in score.details["mismatched_hyp"]] == [-1.0, 0.7]
    assert [w["s"] for w in score.details["mismatched_ref"]] == [-0.6]


def test_the_environment_lexicon_is_taken_as_english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "english.txt"
    path.write_text("gut\t0.9\n", encoding="utf-8")
    monkeypatch.setenv("MTCHECK_SAM_LEXICON", str(path))
    assert "|lex:mtcheck-de-1.0-" in get_metric("sam:chrf", {}, target_lang="de").signature()


def test_a_word_score_lexicon_rejects_a_bad_score(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("bueno\t0.6\nmalo\tmuy malo\n", encoding="utf-8")
    with pytest.raises(MetricError, match=r"bad.txt:2: the score is not a number"):
        load_lexicon(str(path))
