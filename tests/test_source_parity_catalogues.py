"""The source-parity evaluation on gettext catalogues (bench/source_parity_catalogues.py): pairs, items, table."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

from source_parity_catalogues import Pair, evaluate, items, main, pairs, table  # noqa: E402
from test_independent_eval_set import write_mo  # noqa: E402


def _catalogue(root: Path, folder: str, entries: dict[str, str], domain: str = "demo") -> None:
    path = root / "usr/share/locale" / folder / "LC_MESSAGES"
    path.mkdir(parents=True, exist_ok=True)
    write_mo(path / f"{domain}.mo", {k.encode(): v.encode() for k, v in entries.items()})


def test_pairs_leave_out_placeholders_markup_untranslated_and_name_catalogues(tmp_path: Path) -> None:
    _catalogue(tmp_path, "de", {
        "Copy %d files": "%d Dateien kopieren", "Open {0}": "{0} öffnen", "<b>Bold</b>": "<b>Fett</b>",
        "Untranslated": "Untranslated", "Wait 5 seconds": "5 Sekunden warten", "Not found": "Nicht gefunden"})
    _catalogue(tmp_path, "de", {"Germany": "Deutschland"}, domain="iso_3166")
    _catalogue(tmp_path, "de", {"Wait 5 seconds": "5 Sekunden warten"}, domain="other")  # counted once
    found = list(pairs(tmp_path, ["de"]))
    assert [(p.src, p.output) for p in found] == [("Nicht gefunden", "Not found"), ("5 Sekunden warten", "Wait 5 seconds")]
    assert {p.split for p in found} <= {"dev", "held-out"}


def test_items_are_the_correct_pair_and_its_changed_output_per_component() -> None:
    number = list(items(Pair("zh_CN", "zh", "等待 5 秒", "Wait 5 seconds")))
    assert number == [("numbers", "correct", "Wait 5 seconds"), ("numbers", "changed", "Wait 6 seconds")]
    negation = list(items(Pair("de", "de", "Datei nicht gefunden", "File not found")))
    assert negation == [("negation", "correct", "File not found"), ("negation", "changed", "File found")]
    assert list(items(Pair("fr", "fr", "Fichier introuvable", "File not found"))) == []  # no French negation lists


def test_evaluate_counts_false_alarms_and_catches_per_language_and_split() -> None:
    pair = Pair("ja", "ja", "ファイルが３個あります", "There are 3 files")
    counts = evaluate([pair], None, None)
    assert counts == {("numbers", "ja", pair.split, "correct"): [0, 1], ("numbers", "ja", pair.split, "changed"): [1, 1]}
    assert evaluate([pair], "held-out" if pair.split == "dev" else "dev", None) == {}
    rendered = table(counts, [pair.split]).splitlines()
    assert rendered[2] == "| numbers | ja | 0.0% (0/1) | 100.0% (1/1) |"


def test_a_root_without_catalogues_is_one_error_naming_the_fix(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["source_parity_catalogues.py", "--root", str(tmp_path), "--lang", "ja"])
    with pytest.raises(SystemExit) as stopped:
        main()
    assert str(stopped.value) == (f"{tmp_path}: no catalogues for ja; fix: run bench/fetch_catalogues.sh {tmp_path} "
                                  "first (see bench/data/README.md)")
