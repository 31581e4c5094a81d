"""The injected evaluation (bench/injected_eval.py): a hand-labelled substitution put into real clean outputs."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

from injected_eval import cased, inject, injected_items, partners  # noqa: E402

LABELS = {frozenset(("enable", "disable")): "antonym", frozenset(("enable", "activate")): "synonym",
          frozenset(("file", "folder")): "neutral", frozenset(("file", "directory")): "neutral",
          frozenset(("show", "hide")): "antonym"}
TABLE = partners(LABELS)


def item(clean: str, ref: str, split: str = "dev", tgt_lang: str = "en") -> dict[str, str]:
    return {"id": clean, "split": split, "src_lang": "de", "tgt_lang": tgt_lang, "kind": "control", "subkind": "form",
            "change": "", "src": "", "ref": ref, "clean": clean, "faulty": clean + "."}


def test_each_word_gets_its_first_partner_per_label_both_ways() -> None:
    assert TABLE["enable"] == {"antonym": "disable", "synonym": "activate"}
    assert TABLE["disable"] == {"antonym": "enable"}
    assert TABLE["file"] == {"neutral": "directory"}  # the first in alphabetical order


def test_the_partner_takes_the_case_of_the_word_it_replaces() -> None:
    assert [cased("disable", like) for like in ("ENABLE", "Enable", "enable", "E")] == \
        ["DISABLE", "Disable", "disable", "Disable"]


def test_the_first_word_with_a_partner_of_the_label_is_replaced_and_nothing_else() -> None:
    assert inject("Show the file, then enable it", "antonym", TABLE) == "Hide the file, then enable it"
    assert inject("Show the file, then enable it", "neutral", TABLE) == "Show the directory, then enable it"
    assert inject("Showcase the file", "antonym", TABLE) is None  # whole words only
    assert inject("Open the file", "synonym", TABLE) is None


def test_items_are_english_once_per_pair_and_long_enough() -> None:
    items = [item("Enable the sound file", "Turn the sound on"),
             item("Enable the sound file", "Turn the sound on", split="dev"),  # the same pair again
             item("Enable sound", "Turn the sound on"),  # two words
             item("Aktivera ljudfilen nu", "Slå på ljudet nu", tgt_lang="sv")]
    found = injected_items(items, TABLE, min_words=3)
    assert [(i["subkind"], i["faulty"]) for i in found] == [
        ("antonym", "Disable the sound file"), ("synonym", "Activate the sound file"),
        ("neutral", "Enable the sound directory")]
    assert all(i["clean"] == "Enable the sound file" and i["ref"] == "Turn the sound on" for i in found)


def test_a_run_scores_the_dev_part_and_says_what_it_injected(tmp_path: Path) -> None:
    data = tmp_path / "set.jsonl"
    rows = [item("Enable the sound file", "Switch the sound on"), item("Show all hidden files", "Display hidden files",
                                                                       split="fresh-held-out")]
    data.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    done = subprocess.run([sys.executable, str(BENCH / "injected_eval.py"), "--data", str(data), "--metrics", "chrf",
                           "--penalties", "paper"], capture_output=True, text=True, check=True)
    assert done.stdout.startswith("3 injected items (1 antonym, 1 synonym, 1 neutral) from the English items of the "
                                  "dev part of set.jsonl, 3+ words; penalties paper")
    table = [line for line in done.stdout.splitlines() if line.startswith("| chrf |")]
    assert [line.split(" | ")[1] for line in table] == ["antonym", "control: synonym", "control: neutral"]
