"""An HTTP endpoint speaking the LibreTranslate ``/translate`` JSON API (stdlib urllib only).

Each batch is one POST of ``{"q": [...], "source": ..., "target": ...,
"format": "text"}`` (plus ``api_key`` when one is set); the answer is
``{"translatedText": [...]}``, or a single string for a one-segment batch.

Time limit, answer size, redirects and errors: :mod:`mtcheck.systems.http_calls`.
"""
from __future__ import annotations

import json
import os
import urllib.request
from collections.abc import Sequence
from typing import Any

from mtcheck.config.settings import DEFAULT_TIMEOUT
from mtcheck.errors import SystemFailure
from mtcheck.safety.json_input import JsonInputError, parse_json
from mtcheck.safety.redact import redact, remember
from mtcheck.suite.model import Case, Suite
from mtcheck.systems.base import System, check_count, fail
from mtcheck.systems.http_calls import HttpCalls, excerpt, shown_url

#: Read by ``libretranslate:`` systems, so the key never appears in a spec, a report or shell history.
API_KEY_ENV = "LIBRETRANSLATE_API_KEY"
#: What an error about an oversized answer suggests.
TOO_BIG_FIX = "lower the batch size, or check that the URL is a LibreTranslate /translate endpoint"


class LibreTranslateSystem(System):
    """POSTs sources to ``<url>/translate`` in batches of at most ``batch_size`` segments."""

    def __init__(
        self,
        url: str,
        *,
        api_key: str | None = None,
        batch_size: int = 32,
        timeout: float = DEFAULT_TIMEOUT,
        name: str | None = None,
    ):
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        base = url.rstrip("/")
        self.endpoint = base if base.endswith("/translate") else base + "/translate"
        #: The endpoint as messages and reports show it: without a password or key it may carry.
        self.shown_endpoint = shown_url(self.endpoint)
        remember(api_key)
        self.api_key = api_key
        self.batch_size = batch_size
        self.timeout = timeout
        self.name = name or f"libretranslate:{url}"

    @classmethod
    def from_spec(cls, value: str, *, spec: str, timeout: float) -> LibreTranslateSystem:
        """The system of spec ``spec`` (``value``: its URL; mtcheck/systems/__init__.py); the API key is read from
        :data:`API_KEY_ENV`."""
        if not value.startswith(("http://", "https://")):
            raise SystemFailure(f"system spec {redact(spec)!r}: the URL must start with http:// or https://")
        return cls(value, api_key=os.environ.get(API_KEY_ENV), timeout=timeout, name=redact(spec))

    def translate(self, cases: Sequence[Case], *, source_lang: str, target_lang: str, suite: Suite | None = None) -> list[str]:
        sources = [case.src for case in cases]
        out: list[str] = []
        with HttpCalls(self, self.timeout, too_big_fix=TOO_BIG_FIX) as calls:
            for start in range(0, len(sources), self.batch_size):
                batch = sources[start : start + self.batch_size]
                out.extend(calls.step(lambda: self._post(calls, batch, source_lang, target_lang), self.shown_endpoint))
        return out

    def describe(self) -> str:
        # Never includes the API key: descriptions end up in reports and baselines.
        return f"LibreTranslate at {self.shown_endpoint} (batch size {self.batch_size})"

    def _post(self, calls: HttpCalls, batch: list[str], source_lang: str, target_lang: str) -> list[str]:
        payload: dict[str, Any] = {"q": batch, "source": source_lang, "target": target_lang, "format": "text"}
        if self.api_key:
            payload["api_key"] = self.api_key
        request = urllib.request.Request(
            self.endpoint,
            data=json.dumps(payload, ensure_ascii=False).encode("utf-8"),
            headers={"Content-Type": "application/json; charset=utf-8", "Accept": "application/json"},
            method="POST",
        )
        body, response_headers = calls.fetch(request, self.shown_endpoint)
        try:
            translated = parse_json(body)["translatedText"]
        except (JsonInputError, KeyError, TypeError):
            raise fail(
                self,
                f'{self.shown_endpoint} did not answer {{"translatedText": [...]}} JSON: {excerpt(body, response_headers)}',
            ) from None
        if isinstance(translated, str) and len(batch) == 1:
            translated = [translated]
        if not isinstance(translated, list) or not all(isinstance(t, str) for t in translated):
            raise fail(self, f"{self.shown_endpoint}: translatedText is not a list of strings: {excerpt(body, response_headers)}")
        check_count(self, translated, len(batch), "translations")
        return translated
