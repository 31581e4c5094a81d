"""English, the language whose grammar the perturbation engine's tagged edits need code for: word knowledge (lexicon
polarity, WordNet antonyms and synonyms, the word lists of ``mtcheck/languages/en.yaml``: curated opposites,
intensifiers, intensity scales) and the edits only English's grammar makes (subject-verb agreement, adverb placement,
adjective order, contractions, synonym swaps). Its critical edits are :mod:`mtcheck.perturb.critical`."""
from __future__ import annotations

import re
from functools import lru_cache

from mtcheck.languages import get_language
from mtcheck.perturb.edit import Edit
from mtcheck.perturb.text import Word, inflect, moved_after, replace_word, swap_word, words

#: Penn tag prefix -> SentiWords/WordNet part of speech.
_POS = (("NN", "n"), ("VB", "v"), ("JJ", "a"), ("RB", "r"))
_LANGUAGE = get_language("en")
#: The language files this module's edits serve (:mod:`mtcheck.perturb.kinds`).
LANGUAGES = frozenset({_LANGUAGE.code})
BE = frozenset({"am", "is", "are", "was", "were", "'m", "'re", "'s"})
MODALS = frozenset({"can", "could", "will", "would", "shall", "should", "may", "might", "must", "'ll"})
HAVE = frozenset({"have", "has", "had"})
DO = frozenset({"do", "does", "did"})
#: Opposites WordNet lacks (its "great" has no antonym), both ways: the language file's ``opposite_pairs``.
OPPOSITES = _LANGUAGE.opposites
#: Negative pronouns (and "cannot") -> the positive word a negation-drop edit puts in their place.
NEGATIVE_SWAPS = _LANGUAGE.negative_swaps
#: Intensity scales, weakest first; a step along one keeps the polarity and changes its strength.
SCALES = _LANGUAGE.intensity_scales
#: Adverbs that only strengthen what follows ("absolutely love"); a stretched one ("sooo") is read unstretched.
INTENSIFIERS = _LANGUAGE.intensifiers
#: The intensifier an intensity-gain edit inserts.
STRONG_DEFAULT = _LANGUAGE.intensifier
#: A letter written three or more times in a row: a word stretched for emphasis ("sooo", "loooove").
ELONGATED = re.compile(r"([a-z])\1{2,}", re.IGNORECASE)


def unstretched(form: str) -> str:
    """``form`` with each stretched letter written once ("soooo" -> "so")."""
    return ELONGATED.sub(r"\1", form)


def is_intensifier(form: str) -> bool:
    """Whether the lower-case ``form`` is an intensifier, stretched or not ("really", "sooo")."""
    return unstretched(form) in INTENSIFIERS


def wordnet_pos(tag: str) -> str | None:
    """n, v, a or r for a Penn tag; None for closed classes."""
    return next((pos for prefix, pos in _POS if tag.startswith(prefix) and not tag.startswith("NNP")), None)


@lru_cache(maxsize=1)
def lexicon():
    """The sentiment lexicon SAM uses by default ($MTCHECK_SAM_LEXICON, else VADER)."""
    from mtcheck.sentiment import load_lexicon

    return load_lexicon()


@lru_cache(maxsize=50_000)
def polarity(lemma: str, pos: str | None, form: str | None = None) -> float:
    """Prior polarity of a word (0 when unlisted), as SAM looks it up."""
    from mtcheck.sentiment import NEGATORS

    if lemma in NEGATORS:
        return -1.0
    score = lexicon().lookup(lemma, pos, form)
    return 0.0 if score is None else score


def word_polarity(word: Word) -> float:
    """Prior polarity of a tagged English word."""
    return polarity(word.lemma, wordnet_pos(word.tag), word.lower)


@lru_cache(maxsize=1)
def _wordnet():
    from mtcheck.resources.wordnet import load_wordnet

    return load_wordnet()[0]


def known(lemma: str, pos: str) -> bool:
    """True when WordNet knows ``lemma`` as part of speech ``pos`` (so "xoxo" is no verb)."""
    return bool(_wordnet().synsets(lemma, pos))


def _wordnet_antonyms(lemma: str, pos: str) -> list[str]:
    """Direct antonyms of ``lemma``'s first senses, then those of the head synsets of satellite adjectives."""
    found: list[str] = []
    wn = _wordnet()
    for synset in wn.synsets(lemma, pos)[:3]:
        for entry in synset.lemmas():
            if entry.name().lower() == lemma:
                found.extend(a.name() for a in entry.antonyms())
        for head in synset.similar_tos():
            found.extend(a.name() for entry in head.lemmas() for a in entry.antonyms())
    return found


def _neighbours(word: str, pos: str) -> list[str]:
    """Synonyms of ``word``'s first sense: lexicon neighbours of an antonym."""
    synsets = _wordnet().synsets(word, pos)
    return [entry.name() for entry in synsets[0].lemmas()] if synsets else []


@lru_cache(maxsize=20_000)
def antonyms(lemma: str, tag: str) -> tuple[str, ...]:
    """Opposite-polarity words for ``lemma`` in the inflection of ``tag``, best first (at most 3).

    Candidates: the curated opposite, WordNet antonyms, and their synonyms; each must have
    a lexicon polarity of the opposite sign.
    """
    pos = wordnet_pos(tag)
    own = polarity(lemma, pos)
    if pos is None or own == 0:
        return ()
    pool = [OPPOSITES[lemma]] if lemma in OPPOSITES else []
    direct = _wordnet_antonyms(lemma, pos)
    pool += direct + [n for a in direct for n in _neighbours(a, pos)]
    out: list[str] = []
    for candidate in dict.fromkeys(c.lower() for c in pool if "_" not in c and c.isalpha()):
        form = inflect(candidate, tag)
        if form and candidate != lemma and polarity(candidate, pos, form) * own < 0:
            out.append(form)
    return tuple(dict.fromkeys(out))[:3]


@lru_cache(maxsize=20_000)
def synonyms(lemma: str, tag: str) -> tuple[str, ...]:
    """Same-polarity synonyms of ``lemma`` from its first WordNet sense, inflected like ``tag`` (at most 3)."""
    pos = wordnet_pos(tag)
    if pos is None or len(lemma) < 3:
        return ()
    synsets = _wordnet().synsets(lemma, pos)
    if not synsets or lemma not in {e.name().lower() for e in synsets[0].lemmas()}:
        return ()
    own = polarity(lemma, pos)
    out: list[str] = []
    for entry in synsets[0].lemmas():
        name = entry.name().lower()
        form = inflect(name, tag) if name.isalpha() and name != lemma else None
        if form and polarity(name, pos, form) == own:
            out.append(form)
    return tuple(out)[:3]


def scale_step(lemma: str, up: bool) -> str | None:
    """The next stronger (``up``) or weaker word on ``lemma``'s intensity scale."""
    for scale in SCALES:
        if lemma in scale:
            index = scale.index(lemma) + (1 if up else -1)
            if 0 <= index < len(scale):
                return scale[index]
    return None


FREQUENCY = frozenset({"always", "never", "often", "usually", "sometimes", "just", "also", "only", "even", "still"})
_BE_SWAP = {"am": "is", "is": "are", "are": "is", "was": "were", "were": "was", "has": "have", "have": "has"}


def subject_verb_agreement(sentence: str, lang: str) -> list[Edit]:
    """Break subject-verb agreement: ``I have`` -> ``I has``, ``he likes`` -> ``he like``."""
    ws = words(sentence, lang)
    edits: list[Edit] = []
    for i, w in enumerate(ws):
        if i == 0 or not ws[i - 1].is_word or ws[i - 1].tag not in ("PRP", "NN", "NNS", "NNP"):
            continue
        low = w.lower
        if low in _BE_SWAP:
            edits.append(replace_word(w, "agreement", _BE_SWAP[low]))
        elif low in ("do", "does"):
            edits.append(replace_word(w, "agreement", "does" if low == "do" else "do"))
        elif w.tag in ("VBZ", "VBP") and low.isalpha() and known(w.lemma, "v"):
            form = w.lemma if w.tag == "VBZ" else inflect(w.lemma, "VBZ")
            if form and form != low:
                edits.append(replace_word(w, "agreement", form))
    return edits


def adverb_misplacement(sentence: str, lang: str) -> list[Edit]:
    """Move an adverb across its verb group: ``I don't always love`` -> ``I always don't love``."""
    ws = words(sentence, lang)
    edits: list[Edit] = []
    for i, w in enumerate(ws):
        if not (w.tag.startswith("RB") and w.lower.isalpha()) or w.lower in ("not", "n't") or i == 0:
            continue
        prev = ws[i - 1]
        if prev.lower in ("not", "n't") and i >= 2 and ws[i - 2].lower.rstrip("'") in DO | BE | MODALS | {"ca", "wo"}:
            group = ws[i - 2]
            moved = f"{w.text} {sentence[group.start:prev.end]}"
            edits.append(Edit("adverb-misplacement", group.start, w.end, sentence[group.start:w.end], moved))
        elif i + 1 < len(ws) and ws[i + 1].tag.startswith("VB") and (is_intensifier(w.lower) or w.lower in FREQUENCY):
            verb = ws[i + 1]
            edits.append(Edit("adverb-misplacement", w.start, verb.end, sentence[w.start:verb.end],
                              f"{verb.text} {w.text}"))
    return edits


def adjective_after_noun(sentence: str, lang: str) -> list[Edit]:
    """Break word order: an adjective after its noun (``a red car`` -> ``a car red``)."""
    ws = words(sentence, lang)
    return [moved_after(sentence, ws, i, i + 1, "word-order") for i in range(1, len(ws) - 1)
            if ws[i].tag.startswith("JJ") and ws[i + 1].tag in ("NN", "NNS")]


#: Spelled-out -> contracted; each direction is an edit.
CONTRACTIONS = {
    "do not": "don't", "does not": "doesn't", "did not": "didn't", "is not": "isn't", "are not": "aren't",
    "was not": "wasn't", "were not": "weren't", "cannot": "can't", "can not": "can't", "will not": "won't",
    "would not": "wouldn't", "should not": "shouldn't", "could not": "couldn't", "have not": "haven't",
    "has not": "hasn't", "I am": "I'm", "it is": "it's", "they are": "they're", "we are": "we're",
    "you are": "you're", "that is": "that's", "there is": "there's", "let us": "let's",
}
_EXPANDED = {v.lower(): k for k, v in reversed(CONTRACTIONS.items())}
_CONTRACTION_RE = re.compile(r"\b(" + "|".join(re.escape(k) for k in CONTRACTIONS) + r")\b", re.IGNORECASE)
_CONTRACTED_RE = re.compile(r"\b(" + "|".join(re.escape(k) for k in _EXPANDED) + r")(?!\w)", re.IGNORECASE)


def contraction(sentence: str, lang: str) -> list[Edit]:
    """``do not`` <-> ``don't``, ``I am`` <-> ``I'm``."""
    edits = []
    for m in _CONTRACTION_RE.finditer(sentence):
        text = m.group()
        target = next(v for k, v in CONTRACTIONS.items() if k.lower() == text.lower())
        after = target if text[0] == target[0] else text[0] + target[1:]
        edits.append(Edit("contraction", m.start(), m.end(), text, after))
    for m in _CONTRACTED_RE.finditer(sentence.replace("\u2019", "'")):
        text = sentence[m.start():m.end()]
        target = _EXPANDED[text.lower().replace("\u2019", "'")]
        after = target if text[0] == target[0] else text[0] + target[1:]
        edits.append(Edit("contraction", m.start(), m.end(), text, after))
    return edits


def synonym_swap(sentence: str, lang: str) -> list[Edit]:
    """Swap a content word for a WordNet synonym of its first sense with the same lexicon polarity."""
    ws = words(sentence, lang)
    return [swap_word(sentence, ws, i, "synonym-swap", s) for i, w in enumerate(ws)
            if w.lower.isalpha() and w.tag[:2] in ("NN", "VB", "JJ", "RB") for s in synonyms(w.lemma, w.tag)]
