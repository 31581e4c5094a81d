"""How ``apy:`` should batch: one request per case (what it does) against the alternatives, on a real APY server.

For the distinct English sources of the bundled suites (every other one is the dev part, the rest held out),
each way of sending them to APY (eng-spa) is compared with ``apertium -u eng-spa`` run on each source alone:
how many outputs equal it, whether five runs give the same outputs, and the median wall time relative to one
request per case (rounds alternate, so the machine's load falls on all alike). Needs
``apt-get install apertium-apy apertium-eng-spa``.

    python bench/bench_apy.py --part dev|held-out
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from _common import alternate, print_aligned

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from helpers import ApyServer  # noqa: E402  (tests/helpers.py starts the server the tests start)

from mtcheck.suite.loader import load_suite  # noqa: E402
from mtcheck.suite.model import Case  # noqa: E402
from mtcheck.systems.apy import ApySystem  # noqa: E402


def english_sources(part: str) -> list[str]:
    sources = [case.src for path in sorted((ROOT / "suites").glob("*.mt.yaml"))
               if (suite := load_suite(path)).source_lang.startswith("en") for case in suite.cases]
    unique = list(dict.fromkeys(sources))
    return unique[0::2] if part == "dev" else unique[1::2]


def apertium_alone(source: str) -> str:
    done = subprocess.run(["apertium", "-u", "eng-spa"], input=source + "\n", capture_output=True, text=True,
                          check=True)
    return done.stdout.removesuffix("\n")


def ways(url: str, sources: list[str]) -> dict[str, Callable[[], list[str]]]:
    """Each way of sending ``sources``: a function that returns one output per source."""

    def ask(q: str) -> str:
        form = {"langpair": "eng|spa", "q": q, "markUnknown": "no", "format": "txt"}
        with urllib.request.urlopen(f"{url}/translate", urllib.parse.urlencode(form).encode("ascii")) as answer:
            return json.load(answer)["responseData"]["translatedText"]

    def concurrent() -> list[str]:
        with ThreadPoolExecutor(4) as pool:
            return list(pool.map(ask, sources))

    system = ApySystem(url, timeout=600)
    cases = [Case(id=str(n), src=source, refs=(), raw_refs=()) for n, source in enumerate(sources)]
    return {
        "one request per case, in order (apy:)": lambda: system.translate(cases, source_lang="en", target_lang="es"),
        "one request per case, 4 at a time": concurrent,
        "one request, sources joined by \\n": lambda: ask("\n".join(sources)).split("\n"),
        "one request, joined by a blank line": lambda: ask("\n\n".join(sources)).split("\n\n"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=("dev", "held-out"), required=True)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    sources = english_sources(args.part)
    alone = [apertium_alone(source) for source in sources]
    with tempfile.TemporaryDirectory() as tmp:
        server = ApyServer(Path(tmp))
        try:
            outputs: dict[str, list[list[str]]] = {}

            def timed(name: str, way: Callable[[], list[str]]) -> Callable[[], float]:
                def run() -> float:
                    start = time.perf_counter()
                    outputs.setdefault(name, []).append(way())
                    return time.perf_counter() - start
                return run

            times = alternate(args.repeat, {name: timed(name, way) for name, way in ways(server.url, sources).items()})
        finally:
            server.stop()
    first = next(iter(times))
    print(f"{args.part}: {len(sources)} sources, {sum(s.rstrip()[-1:] not in '.!?' for s in sources)} without"
          f" final punctuation; equal to apertium -u eng-spa alone, stable over {args.repeat} runs, time")
    rows = []
    for name, seconds in times.items():
        last = outputs[name][-1]
        equal = sum(a == b for a, b in zip(alone, last)) if len(last) == len(alone) else 0
        ratio = statistics.median(s / f for s, f in zip(seconds, times[first]))
        rows.append((name, f"{equal:3}/{len(alone)}  {all(o == last for o in outputs[name])!s:5}  x{ratio:.2f}"))
    print_aligned(rows, indent="  ")


if __name__ == "__main__":
    main()
