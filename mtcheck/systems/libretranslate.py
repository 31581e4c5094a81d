"""An HTTP endpoint speaking the LibreTranslate ``/translate`` JSON API (stdlib urllib only).

Each batch is one POST of ``{"q": [...], "source": ..., "target": ...,
"format": "text"}`` (plus ``api_key`` when one is set); the answer is
``{"translatedText": [...]}``, or a single string for a one-segment batch.
"""
from __future__ import annotations

import http.client
import json
import urllib.error
import urllib.request
from collections.abc import Sequence
from typing import Any

from mtcheck.errors import SystemError_
from mtcheck.suite.model import Case, Suite
from mtcheck.systems.base import System, check_count, fail

#: How much of an unexpected response body an error message quotes.
BODY_EXCERPT = 300


class LibreTranslateSystem(System):
    """POSTs sources to ``<url>/translate`` in batches of at most ``batch_size`` segments."""

    def __init__(
        self,
        url: str,
        *,
        api_key: str | None = None,
        batch_size: int = 32,
        timeout: float = 300.0,
        name: str | None = None,
    ):
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        base = url.rstrip("/")
        self.endpoint = base if base.endswith("/translate") else base + "/translate"
        self.api_key = api_key
        self.batch_size = batch_size
        self.timeout = timeout
        self.name = name or f"libretranslate:{url}"

    def translate(
        self,
        cases: Sequence[Case],
        *,
        source_lang: str,
        target_lang: str,
        suite: Suite | None = None,
    ) -> list[str]:
        sources = [case.src for case in cases]
        out: list[str] = []
        for start in range(0, len(sources), self.batch_size):
            out.extend(self._post(sources[start : start + self.batch_size], source_lang, target_lang))
        return out

    def describe(self) -> str:
        # Never includes the API key: descriptions end up in reports and baselines.
        return f"LibreTranslate at {self.endpoint} (batch size {self.batch_size})"

    def _post(self, batch: list[str], source_lang: str, target_lang: str) -> list[str]:
        payload: dict[str, Any] = {"q": batch, "source": source_lang, "target": target_lang, "format": "text"}
        if self.api_key:
            payload["api_key"] = self.api_key
        request = urllib.request.Request(
            self.endpoint,
            data=json.dumps(payload, ensure_ascii=False).encode("utf-8"),
            headers={"Content-Type": "application/json; charset=utf-8", "Accept": "application/json"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                body = response.read()
        except urllib.error.HTTPError as exc:
            raise fail(self, f"{self.endpoint} answered HTTP {exc.code} {exc.reason}: {_excerpt(exc.read())}") from None
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, TimeoutError):
                raise self._timed_out() from None
            raise fail(self, f"cannot reach {self.endpoint}: {exc.reason}") from exc
        except TimeoutError:
            raise self._timed_out() from None
        except (OSError, http.client.HTTPException) as exc:
            raise fail(self, f"connection to {self.endpoint} failed: {type(exc).__name__}: {exc}") from exc
        try:
            translated = json.loads(body.decode("utf-8"))["translatedText"]
        except (UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError):
            raise fail(
                self, f'{self.endpoint} did not answer {{"translatedText": [...]}} JSON: {_excerpt(body)}'
            ) from None
        if isinstance(translated, str) and len(batch) == 1:
            translated = [translated]
        if not isinstance(translated, list) or not all(isinstance(t, str) for t in translated):
            raise fail(self, f"{self.endpoint}: translatedText is not a list of strings: {_excerpt(body)}")
        check_count(self, translated, len(batch), "translations")
        return translated

    def _timed_out(self) -> SystemError_:
        return fail(self, f"{self.endpoint} did not answer within {self.timeout:g}s (fix: raise the timeout)")


def _excerpt(body: bytes) -> str:
    text = body.decode("utf-8", "replace").strip() or "(empty body)"
    return text if len(text) <= BODY_EXCERPT else text[:BODY_EXCERPT] + "..."
