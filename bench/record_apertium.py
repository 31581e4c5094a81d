"""Regenerate the Apertium outputs recorded in the bundled suites, and diff them against the suites (issue 42).

Each suite whose direction an installed Apertium pair covers records that engine's output of every source under one
system name, ``apertium-<apertium version>-<pair version>`` (upstream versions, the Debian revision left off, e.g.
``apertium-3.8.3-0.8.1`` for apertium 3.8.3 with apertium-eng-spa 0.8.1). Each source is translated alone, with
unknown-word marks off (``apertium -u MODE``), the convention of the Apertium system adapters.

    python bench/record_apertium.py suites/sentiment-es.mt.yaml      # versions, then one line per case: id, output
    python bench/record_apertium.py --diff suites/                   # exit 1 where a recorded output differs

The printed lines are YAML (``id: "output"``), ready to paste under each case's ``hyps:``.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from mtcheck import api
from mtcheck.suite.model import Suite


@dataclass(frozen=True)
class Pair:
    """An Apertium mode (``apertium -l``) and the Debian package that installs it."""

    mode: str
    package: str


#: The bundled suites Apertium's outputs are recorded in, and the pair that translates each.
PAIRS = {
    "sentiment-es": Pair("eng-spa", "apertium-eng-spa"),
    "puzzles-eu-en": Pair("eu-en", "apertium-eu-en"),
    "sentiment-sv-nb": Pair("swe-nob", "apertium-swe-nor"),
}
ENGINE = "apertium"
SYSTEM_PREFIX = "apertium-"


def installed_version(package: str) -> str | None:
    """The upstream version of an installed Debian package (``3.8.3`` for ``3.8.3-1+b2``), or None if not installed."""
    done = subprocess.run(["dpkg-query", "-W", "-f", "${db:Status-Status} ${Version}", package],
                          capture_output=True, text=True, check=False)
    status, _, version = done.stdout.partition(" ")
    if done.returncode != 0 or status != "installed" or not version:
        return None
    return version.split(":", 1)[-1].rsplit("-", 1)[0]


def system_name(pair: Pair) -> str | None:
    """The system name the outputs of ``pair`` get on this machine, or None where Apertium or the pair is missing."""
    engine, pair_version = installed_version(ENGINE), installed_version(pair.package)
    return None if engine is None or pair_version is None else f"{SYSTEM_PREFIX}{engine}-{pair_version}"


def recorded_system(suite: Suite) -> str:
    """The one Apertium system name ``suite`` records outputs under."""
    names = sorted({h.system for c in suite.cases for h in c.hyps if h.system.startswith(SYSTEM_PREFIX)})
    if len(names) != 1:
        raise SystemExit(f"{suite.path}: expected one recorded {SYSTEM_PREFIX}* system, found {names or 'none'}")
    return names[0]


def translate(mode: str, text: str) -> str:
    """Apertium's translation of one source, unknown-word marks off, the whitespace at its ends left off (Apertium
    leaves a space where a dropped pronoun was: ' Somos ...'); spaces inside are kept as Apertium gives them."""
    done = subprocess.run(["apertium", "-u", mode], input=text, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"apertium -u {mode} failed: {done.stderr.strip()}")
    return done.stdout.strip()


def outputs(suite: Suite, pair: Pair) -> Iterator[tuple[str, str]]:
    """(case id, Apertium's output) for every case of ``suite``."""
    for case in suite.cases:
        yield case.id, translate(pair.mode, case.src)


def differences(suite: Suite, pair: Pair) -> list[str]:
    """One line per case whose recorded Apertium output differs from what the installed Apertium gives now."""
    name = recorded_system(suite)
    recorded = {c.id: next((h.text for h in c.hyps if h.system == name), None) for c in suite.cases}
    return [f"{suite.name}::{case_id}: recorded {json.dumps(recorded[case_id], ensure_ascii=False)}, "
            f"now {json.dumps(output, ensure_ascii=False)}"
            for case_id, output in outputs(suite, pair) if recorded[case_id] != output]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", type=Path, help="suite files or folders")
    parser.add_argument("--diff", action="store_true", help="compare with the recorded outputs; exit 1 on a difference")
    args = parser.parse_args(argv)
    status = 0
    for suite in api.load_suites(args.paths):
        pair = PAIRS.get(suite.name)
        if pair is None:
            continue
        name = system_name(pair)
        if name is None:
            raise SystemExit(f"{suite.name} needs Apertium's {pair.mode}: apt-get install -y apertium {pair.package}")
        print(f"# {suite.name}: apertium -u {pair.mode}, system {name} ({ENGINE} {installed_version(ENGINE)}, "
              f"{pair.package} {installed_version(pair.package)})")
        if args.diff:
            changed = differences(suite, pair)
            print("\n".join(changed) if changed else f"{suite.name}: every recorded output is the same")
            status = max(status, 1 if changed or name != recorded_system(suite) else 0)
            continue
        for case_id, output in outputs(suite, pair):
            print(f"{case_id}: {json.dumps(output, ensure_ascii=False)}")
    return status


if __name__ == "__main__":
    sys.exit(main())
