"""What mtcheck knows about one language's sentiment-critical words: the :class:`Language` a language file declares.

The fields are the keys of a language file (``<code>.yaml``, :mod:`mtcheck.languages.files`); docs/adding-a-language.md
says what each one does. Word forms are lower case.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from mtcheck.languages.moved_negation import MovedNegation

#: How a language's text is analysed: ``tagged`` (mtcheck's part-of-speech tagger and English lemmas, for the
#: language of the default lexicon) or ``lemmatised`` (``simplemma`` lemmas, no parts of speech). The analyser of each
#: is :data:`mtcheck.sentiment.analysers.ANALYSERS`.
ANALYSES = ("tagged", "lemmatised")
#: Where SAM's aligned penalty looks up whether two words are opposites or synonyms: ``wordnet`` (WordNet's antonyms
#: and synonyms; its dictionary also guards drifted prefixes and particle compounds), ``curated`` (the language's
#: opposites file, and its ``opposite_pairs`` where WordNet is no source), ``affixes`` (negating prefixes and opposite
#: particles), ``compounds`` (a compound written as one word is read by its parts) and ``phrases`` (opposites of
#: several words in the opposites file, joined by ``_``). What each gives is
#: :data:`mtcheck.sentiment.relations.SOURCES`.
RELATION_SOURCES = ("wordnet", "curated", "affixes", "compounds", "phrases")


@dataclass(frozen=True, eq=False)
class Language:
    """One language's word lists and the rules that read them (hashable by identity: one object per file)."""

    code: str
    name: str
    #: Words SAM scores -1.0 under the paper's negation rule (forms and lemmas), and that open a negation's scope.
    negators: frozenset[str]
    analysis: str = "lemmatised"
    #: Other primary subtags read as this language ("no" for Bokmål).
    aliases: tuple[str, ...] = ()
    grammar_source: str = ""
    #: The polarity lexicon (``word<TAB>score``); None: mtcheck's default lexicon (``$MTCHECK_SAM_LEXICON``, else
    #: VADER).
    lexicon_path: Path | None = None
    #: The opposites without sentiment and the synonym groups (:func:`mtcheck.languages.opposite_words`).
    opposites_file: Path | None = None
    relations: tuple[str, ...] = ()
    #: Negation words that can be deleted to drop a negation ("inte", "nicht", "no").
    negation_adverbs: frozenset[str] = frozenset()
    #: Negative pronouns and determiners -> the positive word that drops the negation (kein -> ein).
    negative_swaps: dict[str, str] = field(default_factory=dict)
    #: The word inserted to negate a clause, and whether it goes after the finite verb (V2) or before it.
    negator: str = ""
    negator_after_verb: bool = False
    #: Common finite verb forms a negation can attach to.
    finite_verbs: frozenset[str] = frozenset()
    #: Words placed before the finite verb together with it (Spanish clitics: "no *me* gusta").
    clitics: frozenset[str] = frozenset()
    #: Negators that agree with a negation before them in their clause and add none (negative concord:
    #: Spanish "no vino nadie").
    concord: frozenset[str] = frozenset()
    #: Negative quantifiers among the negators: one last in its clause negates the words before it ("Select none").
    quantifiers: frozenset[str] = frozenset()
    #: Negative implicative words and the word joining them to the verb they negate (("fail", "to"): "Failed to open").
    implicatives: tuple[tuple[str, str], ...] = ()
    #: Words after a negator that make it a focus construction, not a negation ("not only").
    focus: frozenset[str] = frozenset()
    #: Words before a negator that make it an alternative, not a negation ("whether or not").
    alternatives: frozenset[str] = frozenset()
    #: Negators that are the answer "No" when they make a clause alone.
    interjections: frozenset[str] = frozenset()
    #: Conjunctions written as one word with the next (Arabic و "and"): a negator after one is a negator.
    glued_conjunctions: tuple[str, ...] = ()
    intensifiers: frozenset[str] = frozenset()
    #: The intensifier inserted in an intensity-gain edit ("love" -> "really love").
    intensifier: str = ""
    downtoners: frozenset[str] = frozenset()
    #: The downtoner that replaces an intensifier in an intensity-loss edit ("mycket bra" -> "ganska bra").
    downtoner: str = ""
    #: Intensity scales, weakest first ("like", "love", "adore"): a step keeps the polarity and changes its strength.
    intensity_scales: tuple[tuple[str, ...], ...] = ()
    #: Whether degree words follow the word they modify (Arabic جيد جدا, "good very"), not precede it.
    modifiers_follow: bool = False
    #: Clause connectives ("but", "because"): a negation's scope ends at one (or at punctuation).
    connectives: frozenset[str] = frozenset()
    #: Relative pronouns ("who", "which"): a relative clause one opens inside a negation's scope describes what it
    #: follows and is not negated (read where the tagger says which words are verbs: a tagged language).
    relatives: frozenset[str] = frozenset()
    #: Politeness formulas as runs of forms ("por", "favor"): SAM's aligned penalty reads them as neutral.
    politeness: tuple[tuple[str, ...], ...] = ()
    #: Curated opposite-polarity forms, in pairs; :attr:`opposites` reads them both ways (the first pair a word is in
    #: decides its opposite).
    opposite_pairs: tuple[tuple[str, str], ...] = ()
    #: Prefixes that negate or reverse the word they form ("o" in "osynlig"), for SAM's opposites.
    negating_prefixes: tuple[str, ...] = ()
    #: Negating prefixes that also formed many words of drifted meaning ("dis" in "discover"): read only for a word
    #: the ``wordnet`` dictionary does not list.
    drifted_prefixes: tuple[str, ...] = ()
    #: Beginnings of words with a negating prefix whose meaning drifted from the stem ("avslut": "avsluta", end,
    #: says what "sluta" does): never read as prefixed opposites.
    drifted_words: tuple[str, ...] = ()
    #: Particles of opposite direction ("in"/"ut"): as words after the same verb, or as compound parts.
    opposite_particles: tuple[tuple[str, str], ...] = ()
    #: Grammar errors of the perturbation engine: determiners swapped for a wrong one ("a" -> "an", "ett" -> "en"),
    #: determiners whose removal leaves a gap, prepositions swapped, and subject pronouns (a word-order edit moves a
    #: verb across one); words of a noun phrase and their form of the other gender or number ("rojo" -> "roja"),
    #: which an agreement edit puts in their place after a determiner.
    determiner_swaps: dict[str, str] = field(default_factory=dict)
    agreement_swaps: dict[str, str] = field(default_factory=dict)
    droppable_determiners: frozenset[str] = frozenset()
    preposition_swaps: dict[str, str] = field(default_factory=dict)
    subject_pronouns: frozenset[str] = frozenset()
    #: Common finite verbs a word-order edit moves, and the endings of present-tense verbs it moves too.
    word_order_verbs: frozenset[str] = frozenset()
    present_endings: tuple[str, ...] = ()
    #: Heads of compounds a compound-split edit splits off ("kaffekopp" -> "kaffe kopp"), tried in order.
    compound_heads: tuple[str, ...] = ()
    #: Noun phrases of the agreement, definiteness and word-order edits of a language with adjective agreement and
    #: double definiteness (:mod:`mtcheck.perturb.nordic`): adjectives as (base, neuter, weak) forms ("stor",
    #: "stort", "stora"), nouns as (indefinite, definite) forms ("hus", "huset"), the indefinite articles that take
    #: the neuter and the base form, the definite articles, the other determiners that take the weak form
    #: (demonstratives, possessives), words that take it without being listed adjectives (ordinals), and the endings
    #: of definite plurals whose indefinite drops the last two letters ("bilarna" -> "bilar").
    adjective_forms: tuple[tuple[str, str, str], ...] = ()
    noun_forms: tuple[tuple[str, str], ...] = ()
    neuter_articles: frozenset[str] = frozenset()
    common_articles: frozenset[str] = frozenset()
    definite_articles: frozenset[str] = frozenset()
    weak_determiners: frozenset[str] = frozenset()
    weak_words: frozenset[str] = frozenset()
    definite_plural_endings: tuple[str, ...] = ()
    #: Definiteness marked once, by the article before an adjective (Danish "det store hus", not "det store huset"):
    #: a definiteness-drop edit drops that article ("store hus").
    single_definiteness: bool = False
    #: Letters and their spelling where a keyboard lacks them (Norwegian "å" -> "aa"): a diacritics-loss edit writes
    #: a word so too (a capital letter's spelling is capitalised: "Å" -> "Aa").
    ascii_spellings: dict[str, str] = field(default_factory=dict)
    #: Other primary subtags the perturbation engine edits with this file's lists, where no file declares them
    #: (Nynorsk with Bokmål's); SAM and source-parity do not read them.
    perturbation_aliases: tuple[str, ...] = ()
    #: Words a negation moves into, for ``source-parity``'s negation count (:mod:`mtcheck.languages.moved_negation`):
    #: privatives ("without"), words that hold a negation ("failed", "missing"), negative prefixes and suffixes, and
    #: the stems a negative prefix is not read on ("under").
    moved_privatives: frozenset[str] = frozenset()
    moved_words: frozenset[str] = frozenset()
    moved_prefixes: tuple[str, ...] = ()
    moved_suffixes: tuple[str, ...] = ()
    moved_not_prefixed: tuple[str, ...] = ()
    #: The language file this was read from.
    source: Path | None = None
    opposites: dict[str, str] = field(init=False, repr=False)
    #: The ``moved_*`` lists as one :class:`MovedNegation`, which ``source-parity`` reads; None where the file lists
    #: none (no word then stands for a moved negation).
    moved_negation: MovedNegation | None = field(init=False, repr=False)

    def __post_init__(self) -> None:
        opposites: dict[str, str] = {}
        for a, b in self.opposite_pairs:
            opposites.setdefault(a, b)
            opposites.setdefault(b, a)
        object.__setattr__(self, "opposites", opposites)
        moved = (self.moved_privatives, self.moved_words, self.moved_prefixes, self.moved_suffixes)
        object.__setattr__(self, "moved_negation", MovedNegation(*moved, not_prefixed=self.moved_not_prefixed)
                           if any(moved) else None)

    @property
    def compounds(self) -> bool:
        """Whether compounds are written as one word ("startdatum"): SAM reads their parts for opposites."""
        return "compounds" in self.relations

