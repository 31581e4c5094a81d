"""The independent evaluation set's builder (bench/independent_eval_set.py): catalogues, labels, split, determinism."""
from __future__ import annotations

import hashlib
import json
import random
import struct
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

from gettext_catalogues import Catalogue, CatalogueError, load_catalogue, without_accelerator  # noqa: E402
from independent_eval_set import (  # noqa: E402
    FRESH_SPLIT, SOURCES_HEADER, build, cap, read_sources, split_of, used_pairs, write_items)
from minimal_pairs import is_text, label, load_word_labels, minimal_pairs  # noqa: E402

LABELS = load_word_labels()


def write_mo(path: Path, entries: dict[bytes, bytes]) -> Path:
    """A little-endian gettext ``.mo`` file holding ``entries`` (msgid -> translation, raw bytes)."""
    keys = sorted(entries)
    ids, texts, spans = b"", b"", []
    for key in keys:
        spans.append((len(ids), len(key), len(texts), len(entries[key])))
        ids += key + b"\0"
        texts += entries[key] + b"\0"
    count, header_size = len(keys), 28
    ids_at = header_size + 16 * count
    texts_at = ids_at + len(ids)
    header = struct.pack("<7I", 0x950412DE, 0, count, header_size, header_size + 8 * count, 0, 0)
    originals = b"".join(struct.pack("<2I", length, ids_at + at) for at, length, _, _ in spans)
    translations = b"".join(struct.pack("<2I", length, texts_at + at) for _, _, at, length in spans)
    path.write_bytes(header + originals + translations + ids + texts)
    return path


def catalogue(package: str, lang: str, messages: dict[str, str]) -> Catalogue:
    return Catalogue(package, lang, Path(f"{package}.mo"), package, messages)


# Two German packages: "files" translates both members of each pair, "other" gives independent references.
GERMAN = [
    catalogue("files", "de", {
        "Show hidden files": "Verborgene Dateien anzeigen", "Hide hidden files": "Verborgene Dateien ausblenden",
        "File exists": "Datei existiert", "File does not exist": "Datei existiert nicht",
        "Switch to workspace 1": "Zur Arbeitsfläche 1 wechseln",
        "Switch to workspace 2": "Zur Arbeitsfläche 2 wechseln",
    }),
    catalogue("other", "de", {
        "Show hidden files": "Versteckte Dateien zeigen", "File exists": "Die Datei ist vorhanden",
        "Switch to workspace 1": "Auf Arbeitsfläche 1 umschalten",
        "Enable sound": "Klang aktivieren", "Turn sound on": "Klang aktivieren",
    }),
    catalogue("sound", "de", {"Enable sound": "Ton einschalten", "Disable sound": "Ton ausschalten"}),
]


def test_a_mo_file_gives_its_plain_messages_in_its_charset(tmp_path):
    mo = write_mo(tmp_path / "demo.mo", {
        b"": b"Content-Type: text/plain; charset=ISO-8859-1\n",
        b"_Open file": "Datei _öffnen".encode("latin-1"),
        b"menu\x04Quit": b"Beenden",  # a message with context
        b"One file\x00%d files": b"Eine Datei\x00%d Dateien",  # plural forms
        b"Untranslated": b"",
    })
    found = load_catalogue(mo, "de")
    assert found.messages == {"Open file": "Datei öffnen"}
    assert (found.package, found.lang, found.sha256) == ("demo", "de", hashlib.sha256(mo.read_bytes()).hexdigest())


def test_a_file_that_is_no_catalogue_is_an_error_naming_it(tmp_path):
    bad = tmp_path / "bad.mo"
    bad.write_bytes(b"not a catalogue at all")
    with pytest.raises(CatalogueError, match="bad.mo: not a gettext .mo file"):
        load_catalogue(bad, "de")


@pytest.mark.parametrize(("text", "plain"), [
    ("_Save", "Save"), ("Ö_ffnen", "Öffnen"), ("&Quit", "Quit"), ("Drag & Drop", "Drag & Drop"),
    ("a_b_c", "a_b_c"),  # two markers: an identifier, left alone
])
def test_one_accelerator_marker_is_removed(text, plain):
    assert without_accelerator(text) == plain


@pytest.mark.parametrize(("a", "b", "kind", "subkind", "key"), [
    ("File exists", "File does not exist", "negation", "negation", "negator added"),
    ("Don't show again", "Show again", "negation", "negation", "negator dropped"),
    ("Cannot open file", "Can open file", "negation", "negation", "negator dropped"),
    ("Enable sound", "Disable sound", "antonym", "antonym", "enable → disable"),
    ("Maximum size", "Minimum size", "antonym", "antonym", "maximum → minimum"),
    ("Level 1", "Level 2", "number", "number", "1 → 2"),
    ("Save As...", "Save as", "control", "form", "form"),
    ("Invalid argument", "Illegal argument", "control", "synonym", "invalid → illegal"),
    ("Open file", "Open directory", "control", "neutral", "file → directory"),
])
def test_minimal_pairs_are_labelled_by_the_written_rules(a, b, kind, subkind, key):
    found = label(a, b, LABELS)
    assert (found.kind, found.subkind, found.key) == (kind, subkind, key)


@pytest.mark.parametrize(("a", "b"), [
    ("Open file", "Open window"),  # a substitution nobody labelled
    ("Enable sound now", "Disable audio now"),  # two changes
    ("Level 1", "Level 01"),  # the same number
    ("Save", "Save"),
])
def test_other_differences_are_no_minimal_pair(a, b):
    assert label(a, b, LABELS) is None


def test_messages_that_are_format_strings_or_markup_are_not_text():
    assert is_text("Show hidden files")
    for message in ("Cannot open %s", "<b>Bold</b>", "Path: {path}", "single", "line one\nline two", "key_name value"):
        assert not is_text(message)


def test_the_hand_labels_load_and_a_bad_line_names_its_place(tmp_path):
    assert LABELS[frozenset(("enable", "disable"))] == "antonym"
    assert set(LABELS.values()) == {"antonym", "synonym", "neutral"}
    bad = tmp_path / "labels.tsv"
    bad.write_text("word_a\tword_b\tlabel\nbig\tsmall\topposite\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"labels.tsv:2: expected"):
        load_word_labels(bad)


def test_the_builder_imports_nothing_of_mtcheck():
    """Labels come from written rules and hand labels, never from mtcheck's word lists or perturbation engine."""
    code = "import sys, independent_eval_set; print(sorted(m for m in sys.modules if m.split('.')[0] == 'mtcheck'))"
    done = subprocess.run([sys.executable, "-c", code], cwd=BENCH, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_minimal_pairs_come_in_both_orders():
    pairs = minimal_pairs(["Enable sound", "Disable sound", "Play sound"], LABELS)
    assert [(a, b, found.kind) for a, b, found in pairs] == [
        ("Disable sound", "Enable sound", "antonym"), ("Enable sound", "Disable sound", "antonym")]


def test_english_to_german_items_take_clean_and_faulty_from_one_package_and_the_reference_from_another():
    items = {(i["msgid_clean"], i["msgid_faulty"]): i for i in build(GERMAN, LABELS, targets=("de",), source_langs=())}
    hidden = items[("Show hidden files", "Hide hidden files")]
    assert hidden | {"id": "", "split": ""} == {
        "id": "", "split": "", "src_lang": "en", "tgt_lang": "de", "kind": "antonym", "subkind": "antonym",
        "change": "show → hide", "src": "Show hidden files", "ref": "Versteckte Dateien zeigen",
        "clean": "Verborgene Dateien anzeigen", "faulty": "Verborgene Dateien ausblenden", "clean_from": "files",
        "ref_from": "other", "ref_msgid": "Show hidden files",
        "msgid_clean": "Show hidden files", "msgid_faulty": "Hide hidden files"}
    assert items[("File exists", "File does not exist")]["kind"] == "negation"
    assert items[("Switch to workspace 1", "Switch to workspace 2")]["kind"] == "number"
    # no other package translates the other member of each pair, so there is no reference for that order
    assert ("Hide hidden files", "Show hidden files") not in items
    for item in items.values():
        assert item["ref"] not in (item["clean"], item["faulty"]) and item["clean_from"] != item["ref_from"]


def test_a_reference_may_translate_a_synonym_of_the_message():
    labels = {**LABELS, frozenset(("enable", "activate")): "synonym"}
    packages = [catalogue("sound", "de", {"Enable sound": "Ton einschalten", "Disable sound": "Ton ausschalten"}),
                catalogue("mixer", "de", {"Activate sound": "Klang aktivieren"})]
    (item,) = [i for i in build(packages, labels, targets=("de",), source_langs=()) if i["kind"] == "antonym"]
    assert (item["ref"], item["ref_msgid"], item["clean"]) == ("Klang aktivieren", "Activate sound", "Ton einschalten")


def test_german_to_english_items_take_the_reference_from_another_english_message_with_the_same_translation():
    items = [i for i in build(GERMAN, LABELS, targets=(), source_langs=("de",))]
    assert [(i["src"], i["ref"], i["clean"], i["faulty"], i["kind"]) for i in items] == [
        ("Klang aktivieren", "Turn sound on", "Enable sound", "Disable sound", "antonym")]


def test_a_translation_left_in_english_or_equal_for_both_messages_makes_no_item():
    packages = [catalogue("a", "de", {"Enable sound": "Enable sound", "Disable sound": "Ton aus"}),
                catalogue("b", "de", {"Enable sound": "Ton an", "Disable sound": "Ton an"}),
                catalogue("c", "de", {"Enable sound": "Klang an"})]
    assert [(i["clean_from"], i["ref_from"]) for i in build(packages, LABELS, targets=("de",), source_langs=())] == []


def test_the_split_is_per_pair_stable_and_about_a_third_held_out():
    assert split_of("File exists", "File does not exist") == split_of("File does not exist", "File exists")
    digest = hashlib.sha256(b"File does not exist\nFile exists").hexdigest()
    assert split_of("File exists", "File does not exist") == ("held-out" if int(digest, 16) % 3 == 0 else "dev")
    shares = [split_of(f"Message {n}", f"Other {n}") == "held-out" for n in range(3000)]
    assert 0.3 < sum(shares) / len(shares) < 0.37
    for item in build(GERMAN, LABELS):
        assert item["split"] == split_of(item["msgid_clean"], item["msgid_faulty"])


def test_building_is_deterministic_whatever_the_order_of_the_catalogues(tmp_path):
    first = build(GERMAN, LABELS)
    shuffled = GERMAN[::-1]
    random.Random(4).shuffle(shuffled)
    assert build(shuffled, LABELS) == first
    assert write_items(tmp_path / "a.jsonl", first) == write_items(tmp_path / "b.jsonl", build(GERMAN, LABELS))
    assert [json.loads(line) for line in (tmp_path / "a.jsonl").read_text(encoding="utf-8").splitlines()] == first


def test_substitutions_are_capped_per_direction_and_word_pair_but_negations_are_not():
    def item(n: int, subkind: str, change: str) -> dict[str, str]:
        return {"id": f"{n:04d}", "src_lang": "en", "tgt_lang": "de", "subkind": subkind, "change": change}

    items = [item(n, "antonym", "left → right" if n % 2 else "right → left") for n in range(10)]
    items += [item(100 + n, "negation", "negator added") for n in range(10)]
    kept = cap(items, 3)
    assert sorted(i["id"] for i in kept if i["subkind"] == "antonym") == ["0000", "0001", "0002"]
    assert len([i for i in kept if i["subkind"] == "negation"]) == 10


def test_a_catalogue_that_differs_from_the_sources_list_is_an_error_with_the_fix(tmp_path):
    folder = tmp_path / "root/usr/share/locale/de/LC_MESSAGES"
    folder.mkdir(parents=True)
    mo = write_mo(folder / "demo.mo", {b"Open file": b"Datei offnen"})
    sources = tmp_path / "sources.tsv"
    rel = "usr/share/locale/de/LC_MESSAGES/"
    sources.write_text(f"{SOURCES_HEADER}\nde\tdemo\t{rel}demo.mo\t{'0' * 64}\tdemo-l10n\t1.0-1\n"
                       f"de\tgone\t{rel}gone.mo\t{'0' * 64}\tgone-l10n\t2.0-1\n", encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        read_sources(sources, tmp_path / "root")
    message = str(stop.value)
    assert f"sources.tsv:2: {mo} has SHA-256" in message and "(Debian package demo-l10n=1.0-1)" in message
    assert "sources.tsv:3:" in message and "gone.mo is missing (Debian package gone-l10n=2.0-1)" in message
    assert "fix: download those package versions (apt-get download PKG=VERSION)" in message


DATA = BENCH / "data"


def test_the_fresh_part_leaves_out_every_pair_the_first_set_uses_either_way_round(tmp_path):
    first = [i for i in build(GERMAN, LABELS) if i["kind"] == "negation"]
    seen = tmp_path / "first.jsonl"
    write_items(seen, first)
    assert used_pairs(seen) == {frozenset(("File exists", "File does not exist"))}
    fresh = build(GERMAN, LABELS, seen=used_pairs(seen))
    assert fresh == [i for i in build(GERMAN, LABELS) if i["kind"] != "negation"] and fresh


def test_the_fresh_part_without_the_first_set_is_an_error_naming_it(tmp_path):
    with pytest.raises(SystemExit) as stop:
        used_pairs(tmp_path / "independent_eval.jsonl")
    assert str(stop.value).startswith(f"{tmp_path / 'independent_eval.jsonl'} is missing: the fresh held-out part")
    assert "python bench/independent_eval_set.py --root ROOT" in str(stop.value)


def test_a_fresh_build_puts_every_item_in_the_fresh_split_and_uses_no_seen_pair(tmp_path):
    root = tmp_path / "root"
    folder = root / "usr/share/locale/de/LC_MESSAGES"
    folder.mkdir(parents=True)
    rows = [SOURCES_HEADER]
    for package in GERMAN:
        mo = write_mo(folder / f"{package.package}.mo", {k.encode(): v.encode() for k, v in package.messages.items()})
        sha = hashlib.sha256(mo.read_bytes()).hexdigest()
        rows.append(f"de\t{package.package}\t{mo.relative_to(root)}\t{sha}\t{package.package}-l10n\t1.0-1")
    sources = tmp_path / "sources.tsv"
    sources.write_text("\n".join(rows) + "\n", encoding="utf-8")
    seen = tmp_path / "first.jsonl"
    write_items(seen, [{"msgid_clean": "File does not exist", "msgid_faulty": "File exists"}])
    out = tmp_path / "fresh.jsonl"
    done = subprocess.run([sys.executable, str(BENCH / "independent_eval_set.py"), "--fresh-held-out",
                           "--root", str(root), "--sources", str(sources), "--seen", str(seen), "--out", str(out)],
                          capture_output=True, text=True, check=True)
    items = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert {i["split"] for i in items} == {FRESH_SPLIT} and {i["kind"] for i in items} == {"antonym", "number"}
    assert "de->en fresh-held-out antonym: 1" in done.stderr
    assert f"wrote {len(items)} items to {out} (sha256 {hashlib.sha256(out.read_bytes()).hexdigest()})" in done.stdout


def _packages(name: str) -> dict[str, list[str]]:
    """Package -> the fields after its name on each line of a package list of bench/data."""
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return {line.split("=", 1)[0]: line.split("=", 1)[1].split() for line in lines if not line.startswith("#")}


def test_the_fresh_packages_are_new_pinned_by_version_and_hash_and_all_their_catalogues_are_listed():
    first, fresh = _packages("independent_eval_packages.txt"), _packages("independent_eval_fresh_packages.txt")
    assert fresh and not set(first) & set(fresh)
    assert all(len(fields) == 2 and len(fields[1]) == 64 for fields in fresh.values())
    rows = [line.split("\t") for line in (DATA / "independent_eval_fresh_sources.tsv").read_text().splitlines()]
    assert "\t".join(rows[0]) == SOURCES_HEADER
    assert {(deb, version) for *_, deb, version in rows[1:]} == {(p, fields[0]) for p, fields in fresh.items()}
    first_rows = (DATA / "independent_eval_sources.tsv").read_text().splitlines()[1:]
    first_domains = {line.split("\t")[1] for line in first_rows}
    assert not first_domains & {domain for _, domain, *_ in rows[1:]}


FAKE_APT_GET = """#!/bin/sh
# apt-get download PKG=VERSION: writes PKG_VERSION_all.deb holding the text "changed"
[ "$1" = download ] || exit 2
shift
for spec in "$@"; do echo changed > "${spec%%=*}_${spec#*=}_all.deb"; done
"""


def test_fetching_a_package_whose_hash_differs_from_the_pinned_one_stops_naming_it(tmp_path):
    bench = tmp_path / "bench"
    (bench / "data").mkdir(parents=True)
    script = bench / "fetch_catalogues.sh"
    script.write_text((BENCH / "fetch_catalogues.sh").read_text(encoding="utf-8"), encoding="utf-8")
    pinned = hashlib.sha256(b"original\n").hexdigest()
    (bench / "data/independent_eval_fresh_packages.txt").write_text(f"# list\ndemo=1.0-1 {pinned}\n", encoding="utf-8")
    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "apt-get").write_text(FAKE_APT_GET, encoding="utf-8")
    (tools / "apt-get").chmod(0o755)
    env = {"PATH": f"{tools}:/usr/bin:/bin"}
    done = subprocess.run(["bash", str(script), "--fresh-held-out", str(tmp_path / "root")], capture_output=True,
                          text=True, env=env)
    assert done.returncode == 1
    assert done.stderr.strip() == (f"{bench / 'data/independent_eval_fresh_packages.txt'}: demo=1.0-1: "
                                   f"{tmp_path / 'root/debs/demo_1.0-1_all.deb'} does not have the SHA-256 {pinned} "
                                   "(fix: fetch that exact version, see bench/data/README.md)")
    assert not (tmp_path / "root/usr").exists()
