"""The grammar check's evaluation on gettext catalogues (bench/grammar_catalogues.py): which messages it reads."""
from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

from grammar_catalogues import part, sentences  # noqa: E402
from test_independent_eval_set import write_mo  # noqa: E402


def _catalogue(root: Path, lang: str, entries: dict[str, str], domain: str) -> None:
    path = root / "usr/share/locale" / lang / "LC_MESSAGES"
    path.mkdir(parents=True, exist_ok=True)
    write_mo(path / f"{domain}.mo", {k.encode(): v.encode() for k, v in entries.items()})


def test_only_sentence_like_messages_are_read_once_each_with_their_english_source(tmp_path: Path) -> None:
    _catalogue(tmp_path, "da", {
        "The file was not found.": "Filen blev ikke fundet.",
        "Copy %d files to the folder.": "Kopiér %d filer til mappen.",       # a placeholder
        "Use --force to overwrite it.": "Brug --force for at overskrive den.",  # an option
        "Open the file": "Åbn filen",                                          # no full stop
        "Done.": "Færdig.",                                                    # under four words
        "<b>The disk is full.</b>": "<b>Disken er fuld.</b>"}, "one")         # markup
    _catalogue(tmp_path, "da", {"File not found.": "Filen blev ikke fundet."}, "two")  # read once
    assert sentences("da", tmp_path) == [("Filen blev ikke fundet.", "The file was not found.")]


def test_the_two_halves_split_the_sentences_between_them() -> None:
    rows = [(f"Sætning nummer {n} er her.", f"Sentence {n} is here.") for n in range(40)]
    tune, held_out = part(rows, "tune"), part(rows, "held-out")
    assert sorted(tune + held_out) == sorted(rows) and not set(tune) & set(held_out)
    assert tune and held_out
