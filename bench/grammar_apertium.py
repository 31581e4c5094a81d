"""The grammar check on Apertium's real output: English -> Spanish (es) and Swedish -> Bokmål (nb) (issue 42).

es: every English source of a bundled suite (source_lang en) and every English reference of one whose target is
English, once each, less the sources of sentiment-es (whose Apertium outputs the suite records), translated with
``apertium -u eng-spa``. nb: the bundled suites' Swedish text (the sources of suites from Swedish into another
language, less sentiment-sv-nb's, whose Apertium outputs the suite records; the references and the outputs
expected to pass of suites into Swedish) and the Swedish sentences of Debian's gettext catalogues
(bench/grammar_catalogues.py), translated with ``apertium -u swe-nob``. Text the mtcheck developers or the
catalogues' translators wrote, not for this check. Each text is one block of one long-lived pipeline
(mtcheck's ``apertium:`` system: the same output as translating it alone) and the outputs are checked with the
bundled table, the source text as the source. ``--part tune`` is the half the rules were written on (even
SHA-1 of the source text), ``held-out`` the other half.

Every flag on the tune half was read by hand: bench/data/grammar_apertium_<lang>.tsv holds the verdict on each
(output, rule, flagged words): ``real`` (the output has that error) or ``false`` (a false alarm). An output of
catalogue text is kept as ``sha1:`` and the first 12 hex digits of its SHA-1 (the catalogues are not
committed; the bench regenerates the outputs at each run). The bench prints the flags per rule, their
precision over the judged ones, and every flag not judged yet (to read and add).

    python bench/grammar_apertium.py --part tune --show
    python bench/grammar_apertium.py --part held-out --show
    git show 108b44d:mtcheck/grammar/rules/es.yaml > /tmp/es-before.yaml     # the table before issue 42's rules
    python bench/grammar_apertium.py --part tune --rules /tmp/es-before.yaml
    python bench/grammar_apertium.py --lang nb --part tune --show
"""
from __future__ import annotations

import argparse
import csv
import hashlib
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from grammar_catalogues import sentences
from record_apertium import Pair, system_name

from mtcheck import api
from mtcheck.grammar.engine import Checker
from mtcheck.grammar.rules import bundled_table, read_table
from mtcheck.suite.model import Case, Suite
from mtcheck.systems.apertium import ApertiumSystem
from mtcheck.systems.apertium_codes import pair_languages

SUITES = Path(__file__).resolve().parent.parent / "suites"
DATA = Path(__file__).resolve().parent / "data"


def _suite_text(lang: str, recorded_in: str, *, passing_outputs: bool, root: Path = SUITES) -> list[str]:
    """The bundled suites' text in ``lang``, once each, less the sources of suite ``recorded_in`` (whose Apertium
    outputs are recorded): the sources of suites from ``lang`` (of suites within ``lang`` too, unless their
    outputs are taken: gec-sv's sources are Swedish with errors put in), and the references of suites into
    ``lang`` (with ``passing_outputs``, their outputs expected to pass as well)."""
    suites = api.load_suites([root])
    recorded = {c.src for s in suites if s.name == recorded_in for c in s.cases}
    found = dict.fromkeys(text for suite in suites for text in _texts_of(suite, lang, passing_outputs))
    return sorted(text for text in found if text.strip() and text not in recorded)


def _texts_of(suite: Suite, lang: str, passing_outputs: bool) -> Iterator[str]:
    """One suite's text in ``lang``, case by case, as :func:`_suite_text` takes it."""
    within = suite.target_lang == lang
    sources = suite.source_lang == lang and not (passing_outputs and within)
    for case in suite.cases:
        if sources:
            yield case.src
        if within:
            yield from case.refs
            if passing_outputs:
                yield from (h.text for h in case.hyps if not h.expect_fail)


def english_text() -> list[str]:
    """The bundled suites' English sources and references, less sentiment-es's sources."""
    return _suite_text("en", "sentiment-es", passing_outputs=False)


def swedish_suite_text() -> list[str]:
    """The bundled suites' Swedish sources, references and outputs expected to pass, less sentiment-sv-nb's
    sources."""
    return _suite_text("sv", "sentiment-sv-nb", passing_outputs=True)


def swedish_text() -> list[str]:
    """The suites' Swedish text and the Swedish sentences of the installed gettext catalogues."""
    suite_text = swedish_suite_text()
    seen = set(suite_text)
    return suite_text + [text for text, _ in sentences("sv") if text not in seen]


@dataclass(frozen=True)
class Bench:
    """One direction: the rule table it checks, the Apertium pair, where its text comes from."""

    lang: str
    pair: Pair
    text: Callable[[], list[str]]
    suite_text: Callable[[], list[str]]

    @property
    def verdict_file(self) -> Path:
        return DATA / f"grammar_apertium_{self.lang}.tsv"


BENCHES = {
    "es": Bench("es", Pair("eng-spa", "apertium-eng-spa"), english_text, english_text),
    "nb": Bench("nb", Pair("swe-nob", "apertium-swe-nor"), swedish_text, swedish_suite_text),
}


def part(texts: list[str], name: str) -> list[str]:
    """The tuned-on half (``tune``) or the other (``held-out``), split by each text's SHA-1."""
    even = name == "tune"
    return [t for t in texts if (hashlib.sha1(t.encode("utf-8")).digest()[-1] % 2 == 0) == even]


def verdicts(path: Path) -> dict[tuple[str, str, str], str]:
    """``(output, rule, flagged words) -> real | false`` from the hand-read list."""
    with path.open(encoding="utf-8", newline="") as handle:
        rows = csv.DictReader((line for line in handle if not line.startswith("#")), delimiter="\t")
        return {(row["output"], row["rule"], row["text"]): row["verdict"] for row in rows}


def output_key(output: str, committed: set[str]) -> str:
    """How the verdict file names an output: itself if it translates suite text, else its SHA-1's start."""
    return output if output in committed else "sha1:" + hashlib.sha1(output.encode("utf-8")).hexdigest()[:12]


def translate(pair: Pair, texts: list[str]) -> list[str]:
    """Each text translated alone (one block each) by the installed pair, unknown words unmarked, the
    whitespace at the output's ends trimmed (bench/record_apertium.py's convention)."""
    cases = [Case(f"t{i}", text, (), ()) for i, text in enumerate(texts)]
    source, target = pair_languages(pair.mode)
    return [out.strip() for out in ApertiumSystem(pair.mode).translate(cases, source_lang=source, target_lang=target)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=sorted(BENCHES), default="es", help="the target's rule table")
    parser.add_argument("--part", choices=("tune", "held-out"), default="tune")
    parser.add_argument("--show", action="store_true", help="print every flag with its verdict")
    parser.add_argument("--rules", type=Path, help="another rule table of the language (an earlier one)")
    args = parser.parse_args()
    bench = BENCHES[args.lang]
    system = system_name(bench.pair)
    if system is None:
        print(f"skipped: needs Apertium's {bench.pair.mode}: apt-get install -y apertium {bench.pair.package}")
        return 0
    texts = part(bench.text(), args.part)
    outputs = translate(bench.pair, texts)
    suite_text = set(bench.suite_text())
    committed = {out for text, out in zip(texts, outputs) if text in suite_text}
    results = Checker(read_table(args.rules) if args.rules else bundled_table(args.lang)).check(outputs, texts)
    judged = verdicts(bench.verdict_file)
    flags = [(output_key(out, committed), out, e) for out, r in zip(outputs, results) for e in r.errors]
    print(f"{system} on {len(texts)} texts ({args.part}): {sum(bool(r.errors) for r in results)} outputs"
          f" with a flag, {len(flags)} flags")
    per_rule: dict[str, Counter[str]] = {}
    for key, _, error in flags:
        per_rule.setdefault(error.rule, Counter())[judged.get((key, error.rule, error.text), "unjudged")] += 1
    per_rule["(all rules)"] = sum(per_rule.values(), Counter())
    for rule, counts in sorted(per_rule.items()):
        rated = counts["real"] + counts["false"]
        share = f"{counts['real'] / rated:6.1%}" if rated else "     -"
        print(f"  {rule:28} {sum(counts.values()):3} flags, precision {share} "
              f"({counts['real']} real, {counts['false']} false, {counts['unjudged']} unjudged)")
    for key, out, error in flags:
        verdict = judged.get((key, error.rule, error.text), "unjudged")
        if args.show or verdict == "unjudged":
            shown = out if key == out else f"{key} {out}"
            print(f"- [{verdict}] {shown}\n    {error.rule}: {error.text!r}: {error.message}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
