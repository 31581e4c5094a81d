"""The independent evaluation's harness (bench/independent_eval.py): one part at a time, its figures."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

import independent_eval  # noqa: E402
from independent_eval import Rows, Tally, false_alarm_table, load, metric_table, parity_table  # noqa: E402


def item(split: str, subkind: str, clean: str, faulty: str, ref: str) -> dict[str, str]:
    kind = subkind if subkind in ("negation", "antonym", "number") else "control"
    return {"id": clean, "split": split, "src_lang": "de", "tgt_lang": "en", "kind": kind, "subkind": subkind,
            "change": "", "src": "", "ref": ref, "clean": clean, "faulty": faulty}


ITEMS = [
    item("dev", "antonym", "Enable the sound", "Disable the sound", "Turn the sound on"),
    item("dev", "negation", "The file exists", "The file does not exist", "The file is there"),
    item("dev", "form", "Save as", "Save As...", "Save under a name"),
    item("held-out", "antonym", "Show hidden files", "Hide hidden files", "Display hidden files"),
    item("fresh-held-out", "negation", "Sound is on", "Sound is not on", "The sound plays"),
]


def write(path: Path) -> Path:
    path.write_text("".join(json.dumps(i) + "\n" for i in ITEMS), encoding="utf-8")
    return path


def test_the_old_held_out_split_is_dev_and_the_fresh_part_is_read_only_when_asked_for(tmp_path):
    data = write(tmp_path / "set.jsonl")
    assert [i["split"] for i in load(data, "dev")] == ["dev"] * 3 + ["held-out"]
    assert [i["clean"] for i in load(data, "fresh held-out")] == ["Sound is on"]


def test_a_missing_fresh_part_says_how_to_build_it(tmp_path):
    with pytest.raises(SystemExit) as stop:
        load(tmp_path / "fresh.jsonl", "fresh held-out")
    assert str(stop.value) == (f"{tmp_path / 'fresh.jsonl'} is missing: build it with bench/fetch_catalogues.sh "
                               "--fresh-held-out ROOT and python bench/independent_eval_set.py --fresh-held-out "
                               "--root ROOT (see bench/data/README.md)")


def test_false_alarms_are_the_share_of_clean_outputs_penalised_and_their_mean_p_over_every_kind():
    rows = Rows()
    for kind, p_clean in (("antonym", 0.0), ("antonym", 0.3), ("form", 0.0), ("synonym", 0.5)):
        columns = rows.tallies[("chrf", kind)]
        columns.setdefault("base", Tally()).add(50, 40, 0, 0)
        columns.setdefault("default", Tally()).add(50, 40, p_clean, 0.5)
    assert false_alarm_table(rows, ["default", "paper"]) == [
        "| metric | clean outputs | default clean penalised | default mean p | paper clean penalised | paper mean p |",
        "|---|---|---|---|---|---|",
        "| chrf | 4 | 0.500 | 0.200 | – | – |"]


def test_the_tables_give_detection_and_false_alarms_per_kind():
    rows = Rows()
    columns = rows.tallies[("chrf", "antonym")]
    columns.setdefault("base", Tally()).add(50, 60, 0, 0)
    columns.setdefault("paper", Tally()).add(50, 30, 0, 0.5)
    columns.setdefault("paper", Tally()).add(50, 55, 0.1, 0)
    columns["base"].add(50, 55, 0, 0)
    rows.parity[("de->en", "form")].setdefault("base", Tally()).add(100, 90, 0, 10)
    assert metric_table(rows, ["paper", "aligned"])[2] == \
        "| chrf | antonym | 2 | 0.000 | 0.500 | 0.500 | 0.500 | – | – | – |"
    assert parity_table(rows)[2] == "| de->en | control: form | 1 | 1.000 | 0.000 | 1.000 |"


def test_a_run_scores_the_dev_part_and_says_which_part_it_scored(tmp_path):
    data = write(tmp_path / "set.jsonl")
    done = subprocess.run([sys.executable, str(BENCH / "independent_eval.py"), "--data", str(data), "--metrics", "chrf",
                           "--penalties", "paper", "--no-source-parity"], capture_output=True, text=True, check=True)
    assert "4 items of the dev part of set.jsonl" in done.stdout
    assert "### target en (sources de), dev part, 4 items" in done.stdout
    rows = [line for line in done.stdout.splitlines() if line.startswith("| chrf |")]
    assert [row.split(" | ")[1:3] for row in rows] == [
        ["4", "0.000"], ["negation", "1"], ["antonym", "2"], ["control: form", "1"], ["4", "0.000"]]
    assert done.stdout.index("False alarms on correct output") < done.stdout.index("Detection and false alarms")
    assert "### all targets, dev part, 4 items" in done.stdout


def test_the_fresh_part_is_scored_only_with_its_flag(tmp_path):
    data = write(tmp_path / "set.jsonl")
    fresh = tmp_path / "fresh.jsonl"
    fresh.write_text(json.dumps(ITEMS[-1]) + "\n", encoding="utf-8")
    done = subprocess.run([sys.executable, str(BENCH / "independent_eval.py"), "--data", str(data), "--fresh-data",
                           str(fresh), "--fresh-held-out", "--metrics", "chrf", "--penalties", "paper",
                           "--no-source-parity"], capture_output=True, text=True, check=True)
    assert done.stdout.startswith("1 items of the fresh held-out part of fresh.jsonl; penalties paper")


FAKE_PARITY = """
import json, sys
args = sys.argv[1:]
assert args[:3] == ["score", "--metric", "source-parity"] and args[-1] == "--json", args
path = args[args.index("--input") + 1]
for line in open(path, encoding="utf-8"):
    pair = json.loads(line)
    print(json.dumps({"score": 50.0 if ("not" in pair["hyp"]) != ("nicht" in pair["src"]) else 100.0}))
"""


def test_source_parity_is_scored_through_the_batch_contract_per_direction(tmp_path, monkeypatch):
    fake = tmp_path / "fake_mtcheck.py"
    fake.write_text(FAKE_PARITY, encoding="utf-8")
    monkeypatch.setattr(independent_eval, "is_known", lambda name: name == "source-parity")
    monkeypatch.setattr(independent_eval, "_mtcheck", lambda: [sys.executable, str(fake)])
    negation = item("dev", "negation", "The file exists", "The file does not exist", "")
    form = item("dev", "form", "Save as", "Save As...", "")
    rows = Rows()
    independent_eval.score_source_parity(rows, [negation | {"src": "Die Datei existiert"}, form | {"src": "Speichern"}])
    assert parity_table(rows)[2:] == ["| de->en | negation | 1 | 1.000 | 0.000 | 1.000 |",
                                      "| de->en | control: form | 1 | 0.000 | 0.000 | 0.000 |"]


def test_without_source_parity_in_mtcheck_the_run_says_so(monkeypatch):
    monkeypatch.setattr(independent_eval, "is_known", lambda name: False)
    rows = Rows()
    independent_eval.score_source_parity(rows, ITEMS[:1])
    assert rows.notes == ["source-parity: not scored (this mtcheck has no metric of that name)"] and not rows.parity


FAKE_PARITY_NUMBERS_ONLY = """
import json, re, sys
args = sys.argv[1:]
if "--param" not in args:
    sys.exit("mtcheck: error: source-parity: no negation word lists for 'fr' (fix: pass --param checks=[numbers])")
assert args[args.index("--param") + 1] == "checks=[numbers]" and args[-1] == "--json", args
for line in open(args[args.index("--input") + 1], encoding="utf-8"):
    pair = json.loads(line)
    same = re.findall(r"[0-9]+", pair["src"]) == re.findall(r"[0-9]+", pair["hyp"])
    print(json.dumps({"score": 100.0 if same else 50.0}))
"""


def test_a_source_without_negation_lists_is_scored_on_numbers_only_and_labelled_so(tmp_path, monkeypatch):
    fake = tmp_path / "fake_mtcheck.py"
    fake.write_text(FAKE_PARITY_NUMBERS_ONLY, encoding="utf-8")
    monkeypatch.setattr(independent_eval, "is_known", lambda name: name == "source-parity")
    monkeypatch.setattr(independent_eval, "_mtcheck", lambda: [sys.executable, str(fake)])
    french = {"src_lang": "fr", "src": "Il reste 5 fichiers"}
    number = item("dev", "number", "5 files left", "6 files left", "") | french
    negation = item("dev", "negation", "The file exists", "The file does not exist", "") | french
    rows = Rows()
    independent_eval.score_source_parity(rows, [number, negation])
    assert parity_table(rows)[2:] == ["| fr->en (numbers only) | number | 1 | 1.000 | 0.000 | 1.000 |"]
    assert not rows.notes
