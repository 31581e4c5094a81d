"""Golden signatures: caches and baselines key on these strings, so a refactoring must leave every one byte-identical.

Library versions and resource hashes are filled in from what is installed; the rest is literal.
"""
from __future__ import annotations

import importlib.util
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

from mtcheck import __version__
from mtcheck.languages import find_language, get_language
from mtcheck.metrics import get_metric
from mtcheck.metrics.signature import Signature, fields_of
from mtcheck.resources.wordnet import wordnet_id
from mtcheck.sentiment.lexicon import find_lexicon
from mtcheck.sentiment.tagger import lemmatiser_ident, tagger_ident

from helpers import NO_BERT_SCORE, NO_BERTSCORE_MODEL

TINY = str(Path(__file__).resolve().parents[1] / "fixtures" / "lexicons" / "tiny_hashpos.txt")
_PUZZLE_METRICS = ("bleu2:nltk-sentence_bleu,w:0.5+0.5,smooth:method3,tok:whitespace,refs:pooled"
                   "|chrf3:c3,w0,beta2,mean-of-order-F,spaces:no,refs:best"
                   "|characTER:1-cter,gains:whole-edits,refs:best|em:refs:any|agg:pooled")
GOLDEN: list[tuple[str, dict[str, Any], str]] = [
    ("bleu", {}, "bleu|nrefs:1|case:mixed|eff:yes|tok:13a|smooth:exp|version:{sacrebleu}|refs:best|unicode:nfc"),
    ("bleu", {"max_ngram_order": 2, "smooth_method": "floor", "smooth_value": 0.1, "tokenize": "char", "lowercase": True},
     "bleu-2|nrefs:1|case:lc|eff:yes|tok:char|smooth:floor[0.10]|version:{sacrebleu}|refs:best|unicode:nfc"),
    ("bleu", {"references": "joint", "effective_order": False},
     "bleu|nrefs:var|case:mixed|eff:no|tok:13a|smooth:exp|version:{sacrebleu}|refs:joint|unicode:nfc"),
    ("chrf", {}, "chrf|nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:{sacrebleu}|refs:best|unicode:nfc"),
    ("chrf++", {}, "chrf++|nrefs:1|case:mixed|eff:yes|nc:6|nw:2|space:no|version:{sacrebleu}|refs:best|unicode:nfc"),
    ("chrf", {"beta": 3, "char_order": 4, "lowercase": True, "whitespace": True, "eps_smoothing": True},
     "chrf-beta3|nrefs:1|case:lc|eff:no|nc:4|nw:0|space:yes|version:{sacrebleu}|refs:best|unicode:nfc"),
    ("ter", {}, "ter|nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:{sacrebleu}|refs:best|unicode:nfc"),
    ("ter", {"normalized": True, "no_punct": True, "asian_support": True, "case_sensitive": True},
     "ter|nrefs:1|case:mixed|tok:tercom|norm:yes|punct:no|asian:yes|version:{sacrebleu}|refs:best|unicode:nfc"),
    ("exact", {}, "exact|case:mixed|strip:none|nfc:yes|version:{sacrebleu}|unicode:nfc"),
    ("exact", {"lowercase": True, "strip_chars": ".!?,\t"}, "exact|case:lc|strip:.!?,\\t|nfc:yes|version:{sacrebleu}|unicode:nfc"),
    ("characTER", {}, "characTER|norm:hyp|cap:1.0|mtcheck:{mtcheck}|unicode:nfc"),
    ("characTER", {"normalize": "none"}, "characTER|norm:hyp|cap:1.0|mtcheck:{mtcheck}|unicode:none"),
    ("meteor", {}, "meteor|nltk:{nltk}|wordnet:{wordnet}|alpha:0.9|beta:3|gamma:0.5|tok:whitespace|case:lc|refs:best|unicode:nfc"),
    ("meteor", {"alpha": 0.8, "beta": 2.5, "gamma": 0.25, "tokenize": "regex"},
     "meteor|nltk:{nltk}|wordnet:{wordnet}|alpha:0.8|beta:2.5|gamma:0.25|tok:regex|case:lc|refs:best|unicode:nfc"),
    ("lang", {"lang": "nn"}, "lang|target:nn|candidates:all|detector:py3langid-{py3langid}|min_letters:5|unicode:nfc"),
    ("lang", {"lang": "nb", "candidates": ["no", "en"]},
     "lang|target:nb|candidates:en,nb,nn|detector:py3langid-{py3langid}|min_letters:5|unicode:nfc"),
    ("lang", {"lang": "zh", "min_letters": 1}, "lang|target:zh|candidates:all|detector:py3langid-{py3langid}|min_letters:1|unicode:nfc"),
    ("not-copy", {}, "not-copy|nfc:yes|case:fold|strip:punct+space|unicode:nfc"),
    ("length-ratio", {}, "length-ratio|unit:char|nfc:yes|space:no|refs:closest|unicode:nfc"),
    ("length-ratio", {"normalize": "none"}, "length-ratio|unit:char|nfc:yes|space:no|refs:closest|unicode:none"),
    ("gleu", {}, "gleu|n:4|tok:whitespace|version:2016|refs:mean|smooth:zero-as-1|mtcheck:{mtcheck}|unicode:nfc"),
    ("gleu", {"max_ngram_order": 2, "iterations": 50, "normalize": "none"},
     "gleu|n:2|tok:whitespace|version:2016|refs:mean|smooth:zero-as-1|mtcheck:{mtcheck}|unicode:none"),
    ("gec-f0.5", {}, "gec-f0.5|align:difflib|tok:whitespace|merge:adjacent|refs:best|mtcheck:{mtcheck}|unicode:nfc"),
    ("gec-f0.5", {"beta": 1}, "gec-f1|align:difflib|tok:whitespace|merge:adjacent|refs:best|mtcheck:{mtcheck}|unicode:nfc"),
    ("puzzle:bleu2", {}, "puzzle|prep:tags+punct(.!?,)+lc+ws|alts:nested,partial,answer:as-is|{puzzle}|mtcheck:{mtcheck}"
                         "|component:bleu2|unicode:nfc"),
    ("puzzle:exact_match", {"normalize": "none"}, "puzzle|prep:tags+punct(.!?,)+lc+ws|alts:nested,partial,answer:as-is"
                                                  "|{puzzle}|mtcheck:{mtcheck}|component:exact_match|unicode:none"),
    ("puzzle-official:chrf3", {}, "puzzle-official|prep:script(brackets,tags.SG+.PL2-+.PL2+.PL3+.PL,lc,punct)"
                                  "|alts:script,answer:expanded|{puzzle}|mtcheck:{mtcheck}|component:chrf3|unicode:nfc"),
    ("sam:bleu", {"lang": "en"},
     "sam:bleu|lang:en|lex:{vader}|tagger:{tagger}+ptb-2|neg:paper|penalty:aligned|ant:wordnet-3.0+plain-7370832dd62a+syn-eaef7cb32707+affix-36038c0f|rules:assign+negprefix+knownstem+negopposite+negapart+keptbyneg+negatedopposite+related+indirect+phrasal+parts+concord+polite+constructions+meaning+scales+relative|lists:559d485f|base:bleu|nrefs:1|case:mixed"
     "|eff:yes|tok:13a|smooth:exp|version:{sacrebleu}|refs:best|unicode:nfc"),
    ("sam:bleu", {"lang": "en", "penalty": "paper"},
     "sam:bleu|lang:en|lex:{vader}|tagger:{tagger}+ptb-2|neg:paper|base:bleu|nrefs:1|case:mixed|eff:yes"
     "|tok:13a|smooth:exp|version:{sacrebleu}|refs:best|unicode:nfc"),
    ("sam:chrf", {"lang": "en", "lexicon": TINY, "negation": "lexicon", "normalize": "none", "beta": 1, "penalty": "paper"},
     "sam:chrf|lang:en|lex:{tiny}|tagger:{tagger}+ptb-2|neg:lexicon|base:chrf-beta1|nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no"
     "|version:{sacrebleu}|refs:best|unicode:none"),
    ("source-parity", {"lang": "en", "src_lang": "de"},
     "source-parity|src:de|tgt:en|neg:yes|num:yes|pol:yes|tok:ptb-2|negrules:2|numwords:de+en|numread:3|lex:{de_lexicon}+{vader}|pol_min:0.3"
     "|mtcheck:{mtcheck}|unicode:nfc"),
    ("source-parity", {"lang": "en", "src_lang": "fr", "checks": ["numbers"], "normalize": "none"},
     "source-parity|src:fr|tgt:en|neg:no|num:yes|pol:no|numwords:fr+en|numread:3|mtcheck:{mtcheck}|unicode:none"),
    ("sam:chrf", {"lang": "sv"},
     "sam:chrf|lang:sv|lex:{sv_lexicon}|tagger:{lemmatiser}+ptb-2|neg:paper|penalty:aligned|ant:mtcheck-sv-sha256:888855b848b1+syn-5e641d0a4400+affix-dec50ce0+compounds|rules:assign+negprefix+negopposite+negapart+keptbyneg+negatedopposite+phrasal+parts+polite+constructions+meaning+scales|lists:03045207|base:chrf|nrefs:1"
     "|case:mixed|eff:yes|nc:6|nw:0|space:no|version:{sacrebleu}|refs:best|unicode:nfc"),
]


def _filled(template: str) -> str:
    return template.format(
        sacrebleu=version("sacrebleu"), mtcheck=__version__, nltk=version("nltk"), wordnet=wordnet_id(),
        py3langid=version("py3langid"), puzzle=_PUZZLE_METRICS, tagger=tagger_ident(),
        vader=find_lexicon(None).ident, tiny=find_lexicon(TINY).ident, lemmatiser=lemmatiser_ident(),
        de_lexicon=find_lexicon(find_language("de").lexicon_path).ident,
        sv_lexicon=find_lexicon(str(get_language("sv").lexicon_path)).ident,
    )


@pytest.mark.parametrize(("name", "params", "expected"), GOLDEN, ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(GOLDEN)])
def test_signature_is_unchanged(name: str, params: dict[str, Any], expected: str) -> None:
    assert get_metric(name, params).signature() == _filled(expected)


@pytest.mark.skipif(importlib.util.find_spec("bert_score") is None, reason=NO_BERT_SCORE)
def test_bertscore_signature_is_unchanged() -> None:
    from mtcheck.metrics.bertscore import BERTScoreMetric, default_model_dir

    model = default_model_dir()
    if model is None:
        pytest.skip(NO_BERTSCORE_MODEL)
    metric = BERTScoreMetric(model=str(model), num_layers=4, component="P", lang="de", device="cpu")
    head, fingerprint = metric.signature().split("@", 1)
    assert head == f"bertscore|model:{model.name}"
    assert fingerprint.split("|", 1)[1] == (
        f"layers:4|idf:no|rescale:no|lang:de|comp:P|bert_score:{version('bert-score')}"
        f"|transformers:{version('transformers')}|torch:{version('torch')}|device:cpu|padding:excluded|refs:best|unicode:nfc"
    )


def test_a_signature_is_its_name_then_its_fields_in_order() -> None:
    signature = Signature.of("m", ("a", 1), ("b", True)).plus(("base", "x|y:2"))
    assert str(signature) == "m|a:1|b:True|base:x|y:2"
    assert signature.fields[0] == ("a", "1") and signature.ends_with("y", "2") and not signature.ends_with("a", "1")
    assert fields_of("nrefs:1|case:mixed|version:2") == (("nrefs", "1"), ("case", "mixed"), ("version", "2"))


def test_the_base_class_writes_the_declared_settings_and_their_normalisation() -> None:
    metric = get_metric("length-ratio", {"normalize": "none"})
    assert metric.settings() == Signature.of("length-ratio", ("unit", "char"), ("nfc", "yes"), ("space", "no"),
                                             ("refs", "closest"))
    assert metric.signature() == f"{metric.settings()}|unicode:none"
