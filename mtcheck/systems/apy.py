"""Apertium's HTTP server (APY): ``apy:URL``.

The pair is the one of the server's ``/listPairs`` that translates the suite's
``source_lang`` into its ``target_lang`` (read as Apertium names them:
:mod:`mtcheck.systems.apertium_codes`); the server is asked once. Each case is one
``POST /translate`` with ``langpair=eng|spa``, ``markUnknown=no`` and ``format=txt``:
the text ``apertium -u eng-spa`` prints for that source alone. Cases are sent one at
a time, in order: APY reads a ``q`` with several lines as one text, in which a line
without final punctuation runs into the next and changes its translation, and
requests sent together only queue for the pair's one pipeline (docs/systems.md has
the measurements).

Time limit, answer size, redirects and errors: :mod:`mtcheck.systems.http_calls`.
"""
from __future__ import annotations

import urllib.parse
import urllib.request
from collections.abc import Sequence
from typing import Any

from mtcheck.config.settings import DEFAULT_TIMEOUT
from mtcheck.errors import SystemFailure
from mtcheck.safety.json_input import JsonInputError, parse_json
from mtcheck.safety.redact import redact
from mtcheck.safety.safetext import visible
from mtcheck.suite.model import Case, Suite
from mtcheck.systems.apertium_codes import pair_covers
from mtcheck.systems.base import System, fail
from mtcheck.systems.http_calls import HttpCalls, excerpt, shown_url

#: What an error about an oversized answer suggests.
TOO_BIG_FIX = "check that the URL is an Apertium APY server"


class ApySystem(System):
    """Translates each case with one request to the APY server at ``url``, with the pair the suite's languages
    name."""

    def __init__(self, url: str, *, timeout: float = DEFAULT_TIMEOUT, name: str | None = None):
        self.base = url.rstrip("/")
        #: The server's URL as messages and reports show it: without a password or key it may carry.
        self.shown_base = shown_url(self.base)
        self.timeout = timeout
        self.name = name or f"apy:{url}"
        self._pairs: list[str] | None = None  # what /listPairs answered, once asked
        self._server = ""  # the Server header of that answer
        self._used: list[str] = []  # the pairs translated with, for describe()

    @classmethod
    def from_spec(cls, value: str, *, spec: str, timeout: float) -> ApySystem:
        """The system of spec ``spec`` (``value``: the server's URL; mtcheck/systems/__init__.py)."""
        if not value.startswith(("http://", "https://")):
            raise SystemFailure(f"system spec {redact(spec)!r}: the URL must start with http:// or https://"
                                f" (like apy:http://localhost:2737)")
        return cls(value, timeout=timeout, name=redact(spec))

    def translate(self, cases: Sequence[Case], *, source_lang: str, target_lang: str, suite: Suite | None = None) -> list[str]:
        shown = f"{self.shown_base}/translate"
        with HttpCalls(self, self.timeout, too_big_fix=TOO_BIG_FIX) as calls:
            pair = self._pair(calls, source_lang, target_lang)
            return [calls.step(lambda: self._translate(calls, pair, case.src), shown) for case in cases]

    def describe(self) -> str:
        server = f"{self._server}; " if self._server else ""
        pairs = f"pair {', '.join(self._used)}" if self._used else "pair chosen by the suite's languages"
        return f"Apertium APY at {self.shown_base} ({server}{pairs}; markUnknown=no)"

    def _pair(self, calls: HttpCalls, source_lang: str, target_lang: str) -> str:
        """The server's pair for ``source_lang`` -> ``target_lang``: of several (``spa-eng``, ``spa-eng_US``), the
        one without a variant first, then by name."""
        if self._pairs is None:
            shown = f"{self.shown_base}/listPairs"
            self._pairs = calls.step(lambda: self._list_pairs(calls, shown), shown)
        covering = sorted((p for p in self._pairs if pair_covers(p, source_lang, target_lang)),
                          key=lambda p: ("_" in p, p))
        if not covering:
            raise fail(self, f"no pair on {self.shown_base} translates {source_lang} -> {target_lang} (the suite's"
                             f" languages); its pairs: {', '.join(sorted(self._pairs)) or 'none'} (fix: install the"
                             f" Apertium pair on the server and restart it, or test a suite in a direction it has)")
        if covering[0] not in self._used:
            self._used.append(covering[0])
        return covering[0]

    def _list_pairs(self, calls: HttpCalls, shown: str) -> list[str]:
        body, headers = calls.fetch(urllib.request.Request(f"{self.base}/listPairs"), shown)
        self._server = visible(redact(headers.get("Server", "")))[:60]  # "TornadoServer/6.2"
        pairs = _data(body)
        if not isinstance(pairs, list) or not all(_is_pair(p) for p in pairs):
            raise fail(self, f"{shown} did not answer APY's list of pairs ({{\"responseData\": [{{\"sourceLanguage\":"
                             f" ..., \"targetLanguage\": ...}}, ...]}}): {excerpt(body, headers)} (fix: check that"
                             f" the URL is an Apertium APY server)")
        return [f"{p['sourceLanguage']}-{p['targetLanguage']}" for p in pairs]

    def _translate(self, calls: HttpCalls, pair: str, source: str) -> str:
        form = {"langpair": pair.replace("-", "|", 1), "q": source, "markUnknown": "no", "format": "txt"}
        request = urllib.request.Request(
            f"{self.base}/translate", data=urllib.parse.urlencode(form).encode("ascii"), method="POST",
            headers={"Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"},
        )
        shown = f"{self.shown_base}/translate"
        body, headers = calls.fetch(request, shown)
        data = _data(body)
        text = data.get("translatedText") if isinstance(data, dict) else None
        if not isinstance(text, str):
            raise fail(self, f"{shown} did not answer APY's {{\"responseData\": {{\"translatedText\": \"...\"}}}}"
                             f" JSON for pair {pair}: {excerpt(body, headers)}")
        return text


def _data(body: bytes) -> Any:
    """The ``responseData`` of an APY answer that says ``"responseStatus": 200``; ``None`` for anything else."""
    try:
        answer = parse_json(body)
    except JsonInputError:
        return None
    if not isinstance(answer, dict) or answer.get("responseStatus") != 200:
        return None
    return answer.get("responseData")


def _is_pair(item: object) -> bool:
    return isinstance(item, dict) and all(
        isinstance(item.get(side), str) and item[side] and "-" not in item[side]
        for side in ("sourceLanguage", "targetLanguage"))
