"""Build an evaluation set from real human translations: gettext catalogues (deterministic).

Errors come from the data, not from mtcheck: two English UI messages that form a minimal pair
(``Enable X`` / ``Disable X``, ``File exists`` / ``File does not exist``, ``Level 1`` / ``Level 2``,
labelled by ``bench/minimal_pairs.py``) were each translated by people. The translation of the
sibling message is a real, human-written translation with the meaning flipped. Each item is
``src``, ``ref``, a ``clean`` output and a ``faulty`` one:

* **en → T** (T in de, es, sv, da, nb, ar): ``src`` is message A, ``clean`` and ``faulty`` are one
  package's translations of A and of its sibling B (one translator, so they differ by the flip),
  ``ref`` is another package's translation of A (or of a message that differs from A only in case,
  punctuation or by a synonym) that words it differently;
* **X → en** (X in de, es, sv, da, nb, ar, fr): ``src`` is a package's translation of A into X,
  ``clean`` is A and ``faulty`` its sibling B (one author), ``ref`` is another English message A'
  that some catalogue of X translates exactly as it translates A (an independent English wording
  of the same source), with other words than A and no flip against A.

Every ordered pair is used both ways (A clean and B faulty, and B clean and A faulty). A pair
belongs to the ``held-out`` split when the SHA-256 of its two messages (sorted, joined by a newline)
is 0 mod 3, else to ``dev``; that held-out split was looked at eleven times, and bench/independent_eval.py
now scores both splits as dev.

**The fresh held-out part** (``--fresh-held-out``) is built the same way from the catalogues of other
packages (``bench/data/independent_eval_fresh_packages.txt``, none of them in the first list), leaving
out every pair of English messages that an item of the first set already uses (either way round, in any
direction), so no item of it has been looked at; all of its items are in the ``fresh-held-out`` split
and written to ``bench/data/independent_eval_fresh.jsonl``. Its catalogues go under their own ROOT. Substitutions are capped per direction and word pair
(``--cap``), so frequent pairs (left/right, table/view) do not fill a kind.

The catalogues read are those listed in ``bench/data/independent_eval_sources.tsv`` with their
SHA-256 and Debian package; ``bench/fetch_catalogues.sh ROOT`` downloads those packages (the exact
versions of ``bench/data/independent_eval_packages.txt``) and extracts them under ROOT.

    bench/fetch_catalogues.sh /tmp/catalogues
    python bench/independent_eval_set.py --root /tmp/catalogues [--out bench/data/independent_eval.jsonl]
    python bench/independent_eval_set.py --root /tmp/catalogues --write-sources   # after changing the package list

    bench/fetch_catalogues.sh --fresh-held-out /tmp/fresh-catalogues
    python bench/independent_eval_set.py --fresh-held-out --root /tmp/fresh-catalogues   # reads the first set
"""
from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Sequence, Set
from pathlib import Path

from gettext_catalogues import LOCALE_DIR, Catalogue, catalogue_paths, load_catalogue
from minimal_pairs import Label, is_text, label, load_word_labels, minimal_pairs, words

DATA = Path(__file__).parent / "data"
OUT = DATA / "independent_eval.jsonl"
SOURCES = DATA / "independent_eval_sources.tsv"
FRESH_OUT = DATA / "independent_eval_fresh.jsonl"
FRESH_SOURCES = DATA / "independent_eval_fresh_sources.tsv"
FRESH_SPLIT = "fresh-held-out"
TARGETS = ("de", "es", "sv", "da", "nb", "ar")  # en -> T
SOURCE_LANGS = ("de", "es", "sv", "da", "nb", "ar", "fr")  # X -> en
#: Catalogues of names (languages, countries, scripts, currencies), not of messages.
SKIPPED_DOMAINS = ("iso_",)
UNCAPPED = ("negation", "form")
SOURCES_HEADER = "lang\tdomain\tpath\tsha256\tdeb\tversion"


def _hash(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()


def split_of(a: str, b: str) -> str:
    """``held-out`` for a third of the pairs (SHA-256 of the two messages, sorted, is 0 mod 3), else ``dev``."""
    digest = hashlib.sha256("\n".join(sorted((a, b))).encode("utf-8")).hexdigest()
    return "held-out" if int(digest, 16) % 3 == 0 else "dev"


def _usable(translation: str | None, msgid: str) -> bool:
    """A translation that exists, is one line and is not the English message left untranslated."""
    return bool(translation) and translation.strip() == translation and "\n" not in translation \
        and "\t" not in translation and translation != msgid


def _plain(text: str) -> str:
    """``text`` in NFKC with its white space collapsed: two translations that print alike are the same."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


def _item(src_lang: str, tgt_lang: str, a: str, b: str, found: Label, **fields: str) -> dict[str, str]:
    return {"id": _hash(src_lang, tgt_lang, a, b)[:16], "split": split_of(a, b), "src_lang": src_lang,
            "tgt_lang": tgt_lang, "kind": found.kind, "subkind": found.subkind, "change": found.key,
            **fields, "msgid_clean": a, "msgid_faulty": b}


def _same_meaning(pairs: Sequence[tuple[str, str, Label]]) -> dict[str, list[str]]:
    """Each message -> the messages that differ from it only in form or by a synonym."""
    variants: dict[str, list[str]] = defaultdict(list)
    for a, b, found in pairs:
        if found.subkind in ("form", "synonym"):
            variants[a].append(b)
    return variants


def from_english(pairs: Sequence[tuple[str, str, Label]], catalogues: Sequence[Catalogue]) -> list[dict[str, str]]:
    """en -> T items: one package translates A and B (clean, faulty); the reference is another package's
    translation of A, or of a message that differs from A only in form or by a synonym, worded otherwise."""
    variants = _same_meaning(pairs)
    items = []
    for a, b, found in pairs:
        having = sorted((c for c in catalogues if _usable(c.messages.get(a), a)), key=lambda c: _hash(a, b, c.package))
        for system in having:
            clean, faulty = system.messages[a], system.messages.get(b)
            if not _usable(faulty, b) or _plain(faulty) == _plain(clean):
                continue
            references = [(c.messages[m], m, c.package) for m in (a, *variants[a]) for c in catalogues
                          if c.package != system.package and _usable(c.messages.get(m), m)
                          and _plain(c.messages[m]) not in (_plain(clean), _plain(faulty))]
            if references:
                ref, ref_msgid, ref_from = min(references, key=lambda r: _hash(a, b, r[1], r[2]))
                items.append(_item("en", system.lang, a, b, found, src=a, ref=ref, clean=clean, faulty=faulty,
                                   clean_from=system.package, ref_from=ref_from, ref_msgid=ref_msgid))
                break
    return items


def to_english(pairs: Sequence[tuple[str, str, Label]], catalogues: Sequence[Catalogue],
               word_labels: dict[frozenset[str], str]) -> list[dict[str, str]]:
    """X -> en items: a package's translation of A is the source; A is clean, B faulty, and the reference
    is another English message that a catalogue of X translates the same way."""
    english_of: dict[str, set[str]] = defaultdict(set)
    for catalogue in catalogues:
        for msgid, text in catalogue.messages.items():
            if is_text(msgid) and _usable(text, msgid):
                english_of[text].add(msgid)
    items = []
    for a, b, found in pairs:
        having = sorted((c for c in catalogues if _usable(c.messages.get(a), a)), key=lambda c: _hash(a, b, c.package))
        for system in having:
            source = system.messages[a]
            others = sorted((m for m in english_of[source] if words(m) not in (words(a), words(b))
                             and _no_flip(a, m, word_labels)), key=lambda m: _hash(a, b, m))
            if others:
                items.append(_item(system.lang, "en", a, b, found, src=source, ref=others[0], clean=a, faulty=b,
                                   clean_from="en", ref_from=system.package, ref_msgid=others[0]))
                break
    return items


def _no_flip(a: str, other: str, word_labels: dict[frozenset[str], str]) -> bool:
    """True unless ``other`` is a negation, antonym or number change of ``a``."""
    found = label(a, other, word_labels)
    return found is None or found.kind == "control"


def cap(items: Iterable[dict[str, str]], per_pair: int) -> list[dict[str, str]]:
    """At most ``per_pair`` items per direction and word pair of a substitution or number change (by id order);
    negations and form changes are kept whole."""
    groups: dict[tuple[str, ...], list[dict[str, str]]] = defaultdict(list)
    for item in items:
        if item["subkind"] in UNCAPPED:
            groups[("whole", item["id"])].append(item)
        else:
            change = " / ".join(sorted(item["change"].split(" → ")))
            groups[(item["src_lang"], item["tgt_lang"], item["subkind"], change)].append(item)
    return [item for group in groups.values() for item in sorted(group, key=lambda i: i["id"])[:per_pair]]


def used_pairs(path: Path) -> set[frozenset[str]]:
    """The pairs of English messages (either way round) that the items of the set at ``path`` use."""
    if not path.is_file():
        raise SystemExit(f"{path} is missing: the fresh held-out part leaves out the pairs it uses; build it first "
                         "(python bench/independent_eval_set.py --root ROOT, see bench/data/README.md)")
    items = (json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
    return {frozenset((item["msgid_clean"], item["msgid_faulty"])) for item in items}


def build(catalogues: Sequence[Catalogue], word_labels: dict[frozenset[str], str], per_pair: int = 6,
          targets: Sequence[str] = TARGETS, source_langs: Sequence[str] = SOURCE_LANGS,
          seen: Set[frozenset[str]] = frozenset()) -> list[dict[str, str]]:
    """The evaluation items of ``catalogues``, sorted by direction and id, using no pair of English messages
    in ``seen``."""
    english = sorted({m for c in catalogues for m in c.messages if is_text(m)})
    pairs = [pair for pair in minimal_pairs(english, word_labels) if frozenset(pair[:2]) not in seen]
    by_lang: dict[str, list[Catalogue]] = defaultdict(list)
    for catalogue in catalogues:
        by_lang[catalogue.lang].append(catalogue)
    items = [i for t in targets for i in from_english(pairs, by_lang[t])]
    items += [i for x in source_langs for i in to_english(pairs, by_lang[x], word_labels)]
    return sorted(cap(items, per_pair), key=lambda i: (i["src_lang"], i["tgt_lang"], i["id"]))


def read_sources(path: Path, root: Path) -> list[Catalogue]:
    """The catalogues the sources file lists, read under ``root``; any missing or changed file is an error."""
    catalogues, problems = [], []
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines or lines[0] != SOURCES_HEADER:
        raise SystemExit(f"{path}:1: expected the header {SOURCES_HEADER!r}")
    for number, line in enumerate(lines[1:], 2):
        lang, _domain, rel, sha, deb, version = line.split("\t")
        mo = root / rel
        if not mo.is_file():
            problems.append(f"{path}:{number}: {mo} is missing (Debian package {deb}={version})")
            continue
        catalogue = load_catalogue(mo, lang)
        if catalogue.sha256 != sha:
            problems.append(f"{path}:{number}: {mo} has SHA-256 {catalogue.sha256[:12]}, not {sha[:12]} "
                            f"(Debian package {deb}={version})")
        catalogues.append(catalogue)
    if problems:
        raise SystemExit("\n".join(problems) + "\nfix: download those package versions (apt-get download PKG=VERSION), "
                         "extract them (dpkg-deb -x PKG.deb ROOT) and pass --root ROOT; see bench/data/README.md")
    return catalogues


def deb_contents(debs: Path) -> dict[str, tuple[str, str]]:
    """Each catalogue path (``usr/share/locale/...``) in the ``.deb`` files of ``debs`` -> (package, version)."""
    owners: dict[str, tuple[str, str]] = {}
    for deb in sorted(debs.glob("*.deb")):
        fields = subprocess.run(["dpkg-deb", "-f", str(deb), "Package", "Version"], capture_output=True, text=True,
                                check=True).stdout.splitlines()
        package, version = (f.split(": ", 1)[1] for f in fields)
        listing = subprocess.run(["dpkg-deb", "-c", str(deb)], capture_output=True, text=True, check=True).stdout
        for line in listing.splitlines():
            path = line.split()[-1].removeprefix("./")
            if path.startswith(str(LOCALE_DIR)) and path.endswith(".mo"):
                owners[path] = (package, version)
    return owners


def write_sources(path: Path, root: Path, langs: Iterable[str]) -> None:
    """List every message catalogue of ``langs`` under ``root`` with its SHA-256 and the Debian package in
    ``root/debs`` that holds it (catalogues of no package there are left out: they cannot be fetched again)."""
    owners = deb_contents(root / "debs")
    rows = [SOURCES_HEADER]
    for lang in sorted(set(langs)):
        for mo in catalogue_paths(root, lang):
            rel = str(mo.relative_to(root))
            if not mo.stem.startswith(SKIPPED_DOMAINS) and rel in owners:
                sha = hashlib.sha256(mo.read_bytes()).hexdigest()
                rows.append("\t".join((lang, mo.stem, rel, sha, *owners[rel])))
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")


def write_items(path: Path, items: Sequence[dict[str, str]]) -> str:
    """Write the items as JSON Lines; returns the file's SHA-256."""
    text = "".join(json.dumps(item, ensure_ascii=False, sort_keys=True) + "\n" for item in items)
    path.write_text(text, encoding="utf-8")
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, required=True, help="the folder bench/fetch_catalogues.sh filled")
    parser.add_argument("--fresh-held-out", action="store_true",
                        help="build the fresh held-out part (its own sources and output; "
                             "leaves out the pairs of --seen)")
    parser.add_argument("--sources", type=Path, help=f"default {SOURCES} ({FRESH_SOURCES} with --fresh-held-out)")
    parser.add_argument("--out", type=Path, help=f"default {OUT} ({FRESH_OUT} with --fresh-held-out)")
    parser.add_argument("--seen", type=Path, default=OUT, help="the first set, whose pairs the fresh part leaves out")
    parser.add_argument("--cap", type=int, default=6, help="items per direction and substituted word pair")
    parser.add_argument("--write-sources", action="store_true",
                        help="list the catalogues under --root (and their packages in ROOT/debs) and stop")
    args = parser.parse_args()
    sources = args.sources or (FRESH_SOURCES if args.fresh_held_out else SOURCES)
    out = args.out or (FRESH_OUT if args.fresh_held_out else OUT)
    if args.write_sources:
        write_sources(sources, args.root, (*TARGETS, *SOURCE_LANGS))
        print(f"wrote {sources}")
        return
    seen = used_pairs(args.seen) if args.fresh_held_out else frozenset()
    items = build(read_sources(sources, args.root), load_word_labels(), args.cap, seen=seen)
    if args.fresh_held_out:
        items = [{**item, "split": FRESH_SPLIT} for item in items]
    digest = write_items(out, items)
    counts: dict[tuple[str, str], int] = defaultdict(int)
    for item in items:
        counts[(f"{item['src_lang']}->{item['tgt_lang']}", item["split"], item["subkind"])] += 1
    for (direction, split, kind), n in sorted(counts.items()):
        print(f"{direction} {split} {kind}: {n}", file=sys.stderr)
    print(f"wrote {len(items)} items to {out} (sha256 {digest})")


if __name__ == "__main__":
    main()
