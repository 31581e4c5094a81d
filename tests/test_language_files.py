"""Languages as data: every language is a file read by one loader, and a folder in $MTCHECK_LANGUAGES adds one
(docs/adding-a-language.md). A bad file is one error naming the file, the key and the fix."""
from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from mtcheck.languages import BUNDLED, CODES, ENV_VAR, get_language, language_code, plain_opposites, word_lists
from mtcheck.errors import MetricError
from mtcheck.languages.files import LanguageFileError, read_language
from mtcheck.languages.language import ANALYSES, RELATION_SOURCES
from mtcheck.metrics import get_metric
from mtcheck.sentiment.analysers import ANALYSERS, SURFACE, analyser_for
from mtcheck.sentiment.context import context_words
from mtcheck.sentiment.relations import SOURCES, relations_for

ITALIAN = """\
code: it
name: Italian
analysis: lemmatised
lexicon: it-lexicon.txt
negators: [non, mai, niente, nessuno, senza]
concord: [niente, nessuno, mai]
focus: [solo, soltanto]
intensifiers: [molto, davvero]
downtoners: [poco, abbastanza]
connectives: [ma, e, o, perché, quando, se]
opposite_pairs: [[buono, cattivo], [bello, brutto]]
relations: [curated]
"""
LEXICON = "buono\t0.6\ncattivo\t-0.6\nbello\t0.5\nbrutto\t-0.5\n"


@pytest.fixture
def italian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding a small Italian language file and its lexicon, named in $MTCHECK_LANGUAGES."""
    (tmp_path / "it.yaml").write_text(ITALIAN, encoding="utf-8")
    (tmp_path / "it-lexicon.txt").write_text(LEXICON, encoding="utf-8")
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    return tmp_path


def test_every_bundled_language_is_a_file_and_english_is_one_of_them() -> None:
    codes = sorted(path.stem for path in BUNDLED.glob("*.yaml"))
    assert codes == ["ar", "da", "de", "en", "es", "nb", "sv"]
    assert sorted(set(CODES.values())) == [code for code in codes if code != "en"]  # the lemmatised ones
    english = get_language("en")
    assert english.analysis == "tagged" and english.lexicon_path is None and "wordnet" in english.relations
    assert word_lists("en-GB") is english and word_lists("eng") is english and language_code("en") is None  # English is tagged, not lemmatised
    assert word_lists("no") is get_language("nb") and word_lists("fr") is None


def test_english_has_one_list_of_negators_and_one_of_intensifiers() -> None:
    """The paper rule, the aligned penalty and the perturbation engine read the same lists."""
    from mtcheck.perturb.english import INTENSIFIERS, is_intensifier
    from mtcheck.sentiment import NEGATORS

    english, words = get_language("en"), context_words("en")
    assert words is not None and NEGATORS == words.negators == english.negators and len(NEGATORS) == 12
    assert INTENSIFIERS == words.intensifiers == english.intensifiers and len(INTENSIFIERS) == 26
    assert is_intensifier("soooo") and is_intensifier("particularly") and not is_intensifier("good")


def test_a_language_from_a_data_file_alone_scores_sam_chrf(italian: Path) -> None:
    metric = get_metric("sam:chrf", {}, target_lang="it")
    chrf = get_metric("chrf", {})
    kept = metric.score("Il film era buono.", ["Il film era buono."])
    dropped = metric.score("Il film non era buono.", ["Il film era buono."])
    flipped = metric.score("Il film era cattivo.", ["Il film era buono."])
    assert kept.details["p"] == 0 and kept.value == 100
    base = chrf.score("Il film non era buono.", ["Il film era buono."]).value
    assert dropped.details["p"] > 0 and dropped.value < base
    assert flipped.details["p"] == pytest.approx(0.6)  # buono +0.6 and cattivo -0.6 are listed opposites
    signature = metric.signature()
    assert "|lang:it|lex:it-lexicon-unknown-sha256:" in signature and "|penalty:aligned|" in signature
    assert "|ant:mtcheck-it-sha256:" in signature


def test_a_language_from_a_data_file_alone_checks_source_parity_negation(italian: Path) -> None:
    metric = get_metric("source-parity", {"checks": ["negation"]}, target_lang="en", source_lang="it")
    assert metric.score("The film was good.", [], src="Il film non era buono.").value == 50
    assert metric.score("The film was not good.", [], src="Il film non era buono.").value == 100
    # negative concord: "non ... niente" is one negation; "non solo" (focus) is none
    assert metric.score("I saw nothing.", [], src="Non ho visto niente.").value == 100
    assert metric.score("Not only the film.", [], src="Non solo il film.").value == 100


#: Words a negation moves into, for the small Italian: "senza" (without), "fallito" (failed), "in-" and "-less"'s
#: Italian kin; "indirizzo" (address) begins with "in" and is no negation.
ITALIAN_MOVED = """\
moved_privatives: [senza]
moved_words: [fallito, fallita]
moved_prefixes: [in]
moved_not_prefixed: [indirizz]
"""


def test_a_language_from_a_data_file_alone_gets_source_parity_moved_negation(
        italian: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    metric = get_metric("source-parity", {"checks": ["negation"]}, target_lang="en", source_lang="it")
    # without the moved_* lists no Italian word stands for a negation: "invalido" for "not valid" is a dropped one
    assert get_language("it").moved_negation is None
    assert metric.score("The file is not valid.", [], src="Il file è invalido.").value == 50
    folder = tmp_path_factory.mktemp("moved")
    (folder / "it.yaml").write_text(ITALIAN + ITALIAN_MOVED, encoding="utf-8")
    (folder / "it-lexicon.txt").write_text(LEXICON, encoding="utf-8")
    monkeypatch.setenv(ENV_VAR, str(folder))
    metric = get_metric("source-parity", {"checks": ["negation"]}, target_lang="en", source_lang="it")
    moved = get_language("it").moved_negation
    assert moved is not None and moved.holds("invalido") and moved.holds("senza") and moved.holds("fallito")
    assert not moved.holds("indirizzo") and not moved.holds("inno")  # a listed stem; a stem too short
    assert metric.score("The file is not valid.", [], src="Il file è invalido.").value == 100
    assert metric.score("Could not save the file.", [], src="Salvataggio del file fallito.").value == 100
    assert metric.score("It works without problems.", [], src="Funziona senza problemi.").value == 100
    assert metric.score("The address did not change.", [], src="L'indirizzo non è cambiato.").value == 100
    assert metric.score("The address changed.", [], src="L'indirizzo non è cambiato.").value == 50


def test_moved_negation_is_data_of_every_bundled_language_file() -> None:
    import mtcheck.languages.moved_negation as engine

    assert not [name for name, value in vars(engine).items() if isinstance(value, dict) and not name.startswith("_")]
    for code in ("en", "sv", "nb", "da", "de", "es", "ar"):
        moved = get_language(code).moved_negation
        assert moved is not None and moved.privatives and moved.words, code
        assert "moved_privatives:" in (BUNDLED / f"{code}.yaml").read_text(encoding="utf-8"), code


def test_a_users_file_replaces_a_bundled_language_of_its_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = (BUNDLED / "sv.yaml").read_text(encoding="utf-8")
    text = text.replace("lexicon: lexicons/", f"lexicon: {BUNDLED}/lexicons/").replace(
        "opposites_file: opposites/", f"opposites_file: {BUNDLED}/opposites/")
    (tmp_path / "sv.yaml").write_text(text.replace("negators: [aldrig,", "negators: [aldrig, nix,"), encoding="utf-8")
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    assert "nix" in get_language("sv").negators and get_language("sv").source == (tmp_path / "sv.yaml").resolve()
    monkeypatch.delenv(ENV_VAR)
    assert "nix" not in get_language("sv").negators


def _cli(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, ENV_VAR: str(folder)}
    command = "import sys; from mtcheck.commands.main import entry; sys.exit(entry())"
    return subprocess.run([sys.executable, "-c", command, "score", *args], capture_output=True, text=True, env=env,
                          check=False)


@pytest.mark.parametrize(("change", "message"), [
    (("negators: [", "bogus: 1\nnegators: ["), "it.yaml: unknown key 'bogus' (fix: use one of adjective_forms, agreement_swaps, aliases,"),
    (("[non, mai,", "[no, mai,"), "it.yaml: negators must be a list of words, not [False, "),
    (("it-lexicon.txt", "missing.txt"), "it.yaml: lexicon 'missing.txt' is not a file (looked for "),
    (("code: it", "code: italian"), "it.yaml: code 'italian' is not the file's name (fix: name the file italian.yaml"),
    (("analysis: lemmatised", "analysis: parsed"), "it.yaml: analysis must be one of tagged, lemmatised, not 'parsed'"),
    (("lexicon: it-lexicon.txt\n", ""), "it.yaml: a lemmatised language needs its own lexicon (fix: lexicon: FILE"),
    (("name: Italian\n", ""), "it.yaml: missing name (fix: add them"),
    (("relations: [curated]", "relations: [curated, wordnet]"), "it.yaml: relation source wordnet needs analysis: tagged"),
    (("relations: [curated]", "relations: [curated, thesaurus]"),
     "it.yaml: relations: unknown relation source thesaurus (fix: use wordnet, curated, affixes, compounds, phrases)"),
    (("relations: [curated]", "relations: []"),
     "it.yaml: opposite_pairs is read through relations: curated (fix: add curated to relations, or leave "
     "opposite_pairs out)"),
    (("relations: [curated]", "relations: [curated, affixes]\ndrifted_prefixes: [dis]"),
     "it.yaml: drifted_prefixes is read through relations: affixes and wordnet (fix: add wordnet to relations, or "
     "leave drifted_prefixes out)"),
    (("[[buono, cattivo]", "[[buono]"), "it.yaml: opposite_pairs must be a list of pairs of words, [a, b], not "),
    (("negators: [", "negators: [[x], "), "it.yaml: negators must be a list of words, not [['x'], "),
    (("relations: [curated]", "relations: [curated]\nascii_spellings: {aa: å}"),
     "it.yaml: ascii_spellings must be a mapping of single letters to their spelling in ASCII, not {'aa': 'å'}"),
    (("relations: [curated]", "relations: [curated]\nmoved_words: fallito"),
     "it.yaml: moved_words must be a list of words, not 'fallito'"),
    (("relations: [curated]", "relations: [curated]\nmoved_not_prefixed: [indirizz]"),
     "it.yaml: moved_not_prefixed lists stems a negative prefix is not read on, and there is no moved_prefixes "
     "(fix: add moved_prefixes, or leave moved_not_prefixed out)"),
    (("relations: [curated]", "relations: [curated]\nadjective_forms: [[buono, buona]]"),
     "it.yaml: adjective_forms must be a list of lists of three forms, [base, neuter, weak], not [['buono', 'buona']]"),
    (("relations: [curated]", "relations: [curated]\nadjective_forms: [[buono, buono, buoni]]\nweak_words: [primo]"),
     "it.yaml: adjective_forms is read by the noun-phrase edits, which also need noun_forms, neuter_articles, "
     "common_articles, definite_articles (fix: add them, or leave out adjective_forms, weak_words; "
     "docs/adding-a-language.md)"),
    (("relations: [curated]", "relations: [curated]\nrelatives: [che]"),
     "it.yaml: relatives are read where a tagger says which words are verbs, and the analysis is not tagged "
     "(fix: leave relatives out, or use analysis: tagged)"),
])
def test_a_bad_language_file_is_one_error_naming_the_file_key_and_fix(italian: Path, change: tuple[str, str],
                                                                       message: str) -> None:
    path = italian / "it.yaml"
    bad = ITALIAN.replace(*change)
    path.write_text(bad, encoding="utf-8")
    result = _cli(italian, "--metric", "sam:chrf", "--lang", "it", "--hyp", "Buono.", "--ref", "Buono.")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and message in result.stderr and "Traceback" not in result.stderr
    assert path.read_text(encoding="utf-8") == bad  # nothing rewritten


def test_a_yaml_error_names_the_line(tmp_path: Path) -> None:
    (tmp_path / "it.yaml").write_text("code: it\nnegators: [non,\n", encoding="utf-8")
    with pytest.raises(LanguageFileError, match=r"it\.yaml:3: not valid YAML"):
        read_language(tmp_path / "it.yaml")


def test_a_missing_folder_in_the_search_path_is_named(tmp_path: Path) -> None:
    result = _cli(tmp_path / "nowhere", "--metric", "sam:chrf", "--lang", "it", "--hyp", "a", "--ref", "a")
    assert result.returncode == 2
    assert f"$MTCHECK_LANGUAGES: '{tmp_path / 'nowhere'}' is not a folder" in result.stderr


def test_two_files_of_one_code_in_a_folder_are_an_error(italian: Path) -> None:
    (italian / "nb.yaml").write_text(ITALIAN.replace("code: it", "code: nb\naliases: [it]"), encoding="utf-8")
    with pytest.raises(LanguageFileError, match=r"nb\.yaml: code 'it' is declared by .*it\.yaml too"):
        word_lists("it")


@pytest.mark.parametrize("code", sorted(path.stem for path in BUNDLED.glob("*.yaml")))
def test_a_bundled_language_declares_the_relation_sources_its_data_has(code: str) -> None:
    language = get_language(code)
    has_phrases = any("_" in form for pair in plain_opposites(code) for form in pair)
    assert ("phrases" in language.relations) == has_phrases
    assert ("curated" in language.relations) == bool(language.opposite_pairs or language.opposites_file)
    assert ("affixes" in language.relations) == bool(language.negating_prefixes or language.opposite_particles)


def test_an_error_for_a_language_without_a_file_lists_those_with_one(italian: Path) -> None:
    with pytest.raises(MetricError, match=r"cover the languages with a file: ar, da, de, en, es, it, nb, sv;"):
        get_metric("source-parity", {}, target_lang="en", source_lang="fr")


def test_each_analysis_and_relation_source_a_file_may_name_has_one_implementation() -> None:
    assert set(ANALYSERS) == set(ANALYSES)
    assert set(SOURCES) == set(RELATION_SOURCES)
    assert analyser_for("en") is ANALYSERS["tagged"] and analyser_for("sv-SE") is ANALYSERS["lemmatised"]
    assert analyser_for("fr") is SURFACE and analyser_for(None) is SURFACE  # no file: surface forms


@pytest.fixture
def tagged_with_wordnet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Scots (``sco``) as a file that declares ``analysis: tagged`` and ``relations: [wordnet]``, with English's
    negators and degree words and the default lexicon, and none of English's curated opposites or affixes."""
    data = yaml.safe_load((BUNDLED / "en.yaml").read_text(encoding="utf-8"))
    for key in ("aliases", "opposites_file", "opposite_pairs", "negating_prefixes", "drifted_prefixes",
                "opposite_particles"):
        del data[key]
    data.update(code="sco", name="Scots", relations=["wordnet"])
    (tmp_path / "sco.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    yield "sco"
    analyser_for.cache_clear()  # both are cached per code: no later test reads this file's choices
    relations_for.cache_clear()


# Pairs SAM reads alike with English's analyser and WordNet alone: a dropped negation, WordNet's antonyms (one of
# them indirect), a WordNet synonym, a polar word for a neutral one.
WORDNET_PAIRS = [
    ("The film was not good.", "The film was good."),
    ("The results were bad.", "The results were good."),
    ("The queue is long.", "The queue is short."),
    ("I am glad to help.", "I am happy to help."),
    ("The weather was awful.", "The weather was cold."),
]


def _without_sources(pairs: list[dict[str, object]]) -> list[dict[str, object]]:
    """Aligned pairs without the source that decided each (English asks its curated lists before WordNet)."""
    return [{key: value for key, value in pair.items() if key != "source"} for pair in pairs]


def test_a_tagged_language_with_wordnet_gets_what_english_gets(tagged_with_wordnet: str) -> None:
    code = tagged_with_wordnet
    assert analyser_for(code) is analyser_for("en")
    relations, english = relations_for(code), relations_for("en")
    assert relations is not None and english is not None
    assert relations.wordnet and relations.known is english.known and not relations.opposites
    metric, reference = get_metric("sam:chrf", {}, target_lang=code), get_metric("sam:chrf", {}, target_lang="en")
    ps = []
    for hyp, ref in WORDNET_PAIRS:
        mine, theirs = metric.score(hyp, [ref]), reference.score(hyp, [ref])
        assert mine.details["p"] == theirs.details["p"], (hyp, ref)
        assert _without_sources(mine.details["pairs"]) == _without_sources(theirs.details["pairs"]), (hyp, ref)
        ps.append(mine.details["p"])
    assert ps[0] == 0.5 and ps[1] > 0.5 and ps[2] > 0 and ps[3] == 0  # the pairs cost what English's do
    sources = {pair["source"] for hyp, ref in WORDNET_PAIRS for pair in metric.score(hyp, [ref]).details["pairs"]}
    assert sources == {None, "WordNet"}
    field = dict(part.split(":", 1) for part in metric.signature().split("|")[1:])
    theirs = dict(part.split(":", 1) for part in reference.signature().split("|")[1:])
    assert field["tagger"] == theirs["tagger"] and field["lex"] == theirs["lex"]
    assert field["ant"].startswith("wordnet-") and "+plain-" in field["ant"] and "+syn-" not in field["ant"]


def test_phrases_in_the_opposites_are_read_only_where_relations_name_them(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    text = (BUNDLED / "sv.yaml").read_text(encoding="utf-8")
    text = text.replace("lexicon: lexicons/", f"lexicon: {BUNDLED}/lexicons/").replace(
        "opposites_file: opposites/", f"opposites_file: {BUNDLED}/opposites/")
    assert "relations: [curated, affixes, compounds, phrases]" in text
    (tmp_path / "sv.yaml").write_text(text.replace(", phrases]", "]"), encoding="utf-8")
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    relations_for.cache_clear()
    try:
        with pytest.raises(LanguageFileError, match=r"sv\.yaml: relations: the opposites list phrases .*"
                                                    r"\(fix: add phrases to relations\)"):
            get_metric("sam:chrf", {}, target_lang="sv")
    finally:
        relations_for.cache_clear()
