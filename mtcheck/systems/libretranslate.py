"""An HTTP endpoint speaking the LibreTranslate ``/translate`` JSON API (stdlib urllib only).

Each batch is one POST of ``{"q": [...], "source": ..., "target": ...,
"format": "text"}`` (plus ``api_key`` when one is set); the answer is
``{"translatedText": [...]}``, or a single string for a one-segment batch.

The time limit is wall-clock for a whole :meth:`~LibreTranslateSystem.translate`
call, however slowly the server trickles its bytes: at the deadline a watchdog
shuts the connection down, which ends any read in progress. An answer larger
than :data:`MAX_RESPONSE_BYTES` is refused without being read whole, and
redirects are not followed: requests go to the URL given, nowhere else.
"""
from __future__ import annotations

import http.client
import json
import os
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from email.message import Message
from typing import Any

from mtcheck.config.settings import DEFAULT_TIMEOUT
from mtcheck.errors import SystemFailure
from mtcheck.safety.json_input import JsonInputError, parse_json
from mtcheck.safety.redact import redact, remember, remember_in
from mtcheck.safety.safetext import visible
from mtcheck.suite.model import Case, Suite
from mtcheck.systems.base import System, check_count, fail

#: How much of an unexpected response body an error message quotes.
BODY_EXCERPT = 300
#: How much of an error body is read for its excerpt: far past :data:`BODY_EXCERPT`, so that a secret the body
#: echoes across the excerpt's end is read whole, masked, then cut (a prefix of it would show).
BODY_READ = 64 * 1024
#: Largest answer read from the server, in bytes; a larger one is an error.
MAX_RESPONSE_BYTES = 64 * 1024 * 1024
#: Read by ``libretranslate:`` systems, so the key never appears in a spec, a report or shell history.
API_KEY_ENV = "LIBRETRANSLATE_API_KEY"


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
        self.shown_endpoint = redact(self.endpoint)
        remember_in(self.endpoint)
        remember(api_key)
        for proxy in urllib.request.getproxies().values():  # urllib sends a proxy's credentials too
            remember_in(proxy)
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
        deadline = time.monotonic() + self.timeout
        with _Watchdog(self.timeout) as watchdog:
            opener = _opener(watchdog)
            for start in range(0, len(sources), self.batch_size):
                batch = sources[start : start + self.batch_size]
                try:
                    out.extend(self._post(opener, deadline, batch, source_lang, target_lang))
                except SystemFailure:
                    if watchdog.expired:  # the error is what the shut-down connection looked like
                        raise self._timed_out() from None
                    raise
                if watchdog.expired:
                    raise self._timed_out()
        return out

    def describe(self) -> str:
        # Never includes the API key: descriptions end up in reports and baselines.
        return f"LibreTranslate at {self.shown_endpoint} (batch size {self.batch_size})"

    def _post(
        self, opener: urllib.request.OpenerDirector, deadline: float, batch: list[str], source_lang: str, target_lang: str
    ) -> list[str]:
        payload: dict[str, Any] = {"q": batch, "source": source_lang, "target": target_lang, "format": "text"}
        if self.api_key:
            payload["api_key"] = self.api_key
        request = urllib.request.Request(
            self.endpoint,
            data=json.dumps(payload, ensure_ascii=False).encode("utf-8"),
            headers={"Content-Type": "application/json; charset=utf-8", "Accept": "application/json"},
            method="POST",
        )
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise self._timed_out()
        try:
            with opener.open(request, timeout=remaining) as response:
                body = self._read(response)
                response_headers = response.headers
        except urllib.error.HTTPError as exc:
            with exc:
                start = exc.read(BODY_READ + 1)
                excerpt = _excerpt(start, exc.headers, whole=len(start) <= BODY_READ)
            location = exc.headers.get("Location") if exc.headers is not None else None
            moved = f" (fix: use the URL it redirects to, {redact(location)})" if 300 <= exc.code < 400 and location else ""
            raise fail(self, f"{self.shown_endpoint} answered HTTP {exc.code} {exc.reason}: {excerpt}{moved}") from None
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, TimeoutError):
                raise self._timed_out() from None
            raise fail(self, f"cannot reach {self.shown_endpoint}: {exc.reason}") from exc
        except TimeoutError:
            raise self._timed_out() from None
        except (OSError, http.client.HTTPException) as exc:
            raise fail(self, f"connection to {self.shown_endpoint} failed: {type(exc).__name__}: {exc}") from exc
        try:
            translated = parse_json(body)["translatedText"]
        except (JsonInputError, KeyError, TypeError):
            raise fail(
                self,
                f'{self.shown_endpoint} did not answer {{"translatedText": [...]}} JSON: {_excerpt(body, response_headers)}',
            ) from None
        if isinstance(translated, str) and len(batch) == 1:
            translated = [translated]
        if not isinstance(translated, list) or not all(isinstance(t, str) for t in translated):
            raise fail(self, f"{self.shown_endpoint}: translatedText is not a list of strings: {_excerpt(body, response_headers)}")
        check_count(self, translated, len(batch), "translations")
        return translated

    def _read(self, response: http.client.HTTPResponse) -> bytes:
        """The body of ``response``; more than :data:`MAX_RESPONSE_BYTES` is an error, found before reading it all."""
        declared = response.headers.get("Content-Length", "")
        too_big = declared.isdigit() and int(declared) > MAX_RESPONSE_BYTES  # refused before reading a byte of it
        body = b"" if too_big else response.read(MAX_RESPONSE_BYTES + 1)
        if too_big or len(body) > MAX_RESPONSE_BYTES:
            raise fail(
                self,
                f"{self.shown_endpoint} sent more than {MAX_RESPONSE_BYTES / 1024 / 1024:g} MiB"
                f" (fix: lower the batch size, or check that the URL is a LibreTranslate /translate endpoint)",
            )
        return body

    def _timed_out(self) -> SystemFailure:
        return fail(self, f"{self.shown_endpoint} did not answer within {self.timeout:g}s (fix: raise the timeout)")


class _Watchdog:
    """Shuts down every connection it watches when ``seconds`` have passed, ending any read in progress.

    Used as a context manager; leaving it stops the timer thread and waits for it,
    so no thread outlives the batch.
    """

    def __init__(self, seconds: float):
        self.expired = False
        self._lock = threading.Lock()
        self._sockets: list[socket.socket] = []
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True

    def __enter__(self) -> _Watchdog:
        self._timer.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._timer.cancel()
        self._timer.join()

    def watch(self, sock: socket.socket) -> None:
        with self._lock:
            self._sockets.append(sock)
            if self.expired:
                _shut(sock)

    def _expire(self) -> None:
        with self._lock:
            self.expired = True
            for sock in self._sockets:
                _shut(sock)


def _shut(sock: socket.socket) -> None:
    """Shut a connection down at the socket level (for TLS too: the TLS layer is left to the reading thread)."""
    try:
        socket.socket.shutdown(sock, socket.SHUT_RDWR)
    except OSError:  # already closed
        pass


def _watched(connection_class: Callable[..., http.client.HTTPConnection], watchdog: _Watchdog):
    """A connection factory for urllib whose connections the watchdog can shut down."""

    def make(*args: Any, **kwargs: Any) -> http.client.HTTPConnection:
        connection = connection_class(*args, **kwargs)
        connect = connection.connect

        def watched_connect() -> None:
            connect()
            watchdog.watch(connection.sock)

        connection.connect = watched_connect  # type: ignore[method-assign]
        return connection

    return make


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None  # the 3xx answer becomes an HTTPError naming where it points


def _opener(watchdog: _Watchdog) -> urllib.request.OpenerDirector:
    """urllib's opener (proxy settings from the environment included), with watched connections, no redirects."""

    class Http(urllib.request.HTTPHandler):
        def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
            return self.do_open(_watched(http.client.HTTPConnection, watchdog), req)

    class Https(urllib.request.HTTPSHandler):
        def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
            return self.do_open(_watched(http.client.HTTPSConnection, watchdog), req, context=self._context)

    return urllib.request.build_opener(Http, Https, _NoRedirect)


#: Magic numbers of compressed or archive bodies, and what to call them.
_MAGIC = ((b"\x1f\x8b", "gzip"), (b"\x28\xb5\x2f\xfd", "zstd"), (b"PK\x03\x04", "zip"), (b"BZh", "bzip2"))
#: ``Content-Type`` prefixes of bodies that are no text.
_BINARY_TYPES = ("image/", "audio/", "video/", "application/octet-stream", "application/gzip", "application/zip")


def _binary_kind(body: bytes, headers: Message | None) -> str | None:
    """What kind of binary content ``body`` is (``gzip``, ``image/png``, ...), or ``None`` for text."""
    encoding = (headers.get("Content-Encoding", "") if headers is not None else "").strip().lower()
    if encoding and encoding != "identity":
        return encoding
    content_type = headers.get_content_type() if headers is not None and headers.get("Content-Type") else ""
    if content_type.startswith(_BINARY_TYPES):
        return content_type
    return next((name for magic, name in _MAGIC if body.startswith(magic)), "binary" if b"\x00" in body else None)


def _excerpt(body: bytes, headers: Message | None = None, *, whole: bool = True) -> str:
    """At most :data:`BODY_EXCERPT` characters of an answer's ``body``, decoded with its declared charset and
    control characters escaped and any secret it echoes masked before it is cut; a compressed or binary body is
    named, never dumped (``whole``: ``body`` is all of it, not its first bytes)."""
    kind = _binary_kind(body, headers)
    if kind is not None:
        declared = headers.get("Content-Length", "") if headers is not None else ""
        size = declared if declared.isdigit() else f"{len(body)}" if whole else f"more than {len(body) - 1}"
        return f"<{size} bytes of binary content ({kind})>"
    charset = (headers.get_content_charset() if headers is not None else None) or "utf-8"
    try:
        text = body.decode(charset, "replace")
    except LookupError:  # a charset Python does not know
        text = body.decode("utf-8", "replace")
    text = visible(redact(text.strip())) or "(empty body)"
    return text if len(text) <= BODY_EXCERPT else text[:BODY_EXCERPT] + "..."
