"""What the HTTP adapters (``libretranslate:``, ``apy:``) share: a time limit, capped reads, errors, redaction.

:class:`HttpCalls` holds the requests one :meth:`~mtcheck.systems.base.System.translate`
call makes. Its time limit is wall-clock for all of them together, however slowly
a server trickles its bytes: at the deadline a watchdog shuts every connection
down, which ends any read in progress. An answer larger than
:data:`MAX_RESPONSE_BYTES` is refused without being read whole, and redirects are
not followed: requests go to the URL given, nowhere else. Every error message
starts with the system's name and masks what the server echoes of a secret.
"""
from __future__ import annotations

import http.client
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from email.message import Message
from typing import Any, TypeVar

from mtcheck.errors import SystemFailure
from mtcheck.safety.redact import redact, remember_in
from mtcheck.safety.safetext import visible
from mtcheck.systems.base import System, fail

#: How much of an unexpected response body an error message quotes.
BODY_EXCERPT = 300
#: How much of an error body is read for its excerpt: far past :data:`BODY_EXCERPT`, so that a secret the body
#: echoes across the excerpt's end is read whole, masked, then cut (a prefix of it would show).
BODY_READ = 64 * 1024
#: Largest answer read from the server, in bytes; a larger one is an error.
MAX_RESPONSE_BYTES = 64 * 1024 * 1024

T = TypeVar("T")


def shown_url(url: str) -> str:
    """``url`` as messages and reports show it (without a password or key it carries); the secrets it and the
    proxies urllib will use carry are remembered, so any echo of them is masked too."""
    remember_in(url)
    for proxy in urllib.request.getproxies().values():  # urllib sends a proxy's credentials too
        remember_in(proxy)
    return redact(url)


class HttpCalls:
    """The requests of one ``translate`` call, under one wall-clock limit of ``timeout`` seconds.

    Used as a context manager; leaving it stops the watchdog. ``too_big_fix`` is the fix an error about an
    oversized answer suggests.
    """

    def __init__(self, system: System, timeout: float, *, too_big_fix: str):
        self.system = system
        self.timeout = timeout
        self.too_big_fix = too_big_fix
        self._watchdog = _Watchdog(timeout)
        self._deadline = time.monotonic() + timeout
        self._opener = _opener(self._watchdog)

    def __enter__(self) -> HttpCalls:
        self._watchdog.__enter__()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._watchdog.__exit__(*exc_info)

    def step(self, work: Callable[[], T], shown: str) -> T:
        """What ``work`` returns; a :class:`SystemFailure` it raises after the deadline is the time-limit error
        for ``shown`` (it is what a connection shut down by the watchdog looked like)."""
        try:
            result = work()
        except SystemFailure:
            if self._watchdog.expired:
                raise self.timed_out(shown) from None
            raise
        if self._watchdog.expired:
            raise self.timed_out(shown)
        return result

    def fetch(self, request: urllib.request.Request, shown: str) -> tuple[bytes, Message]:
        """The body and headers of the answer to ``request`` (to the URL ``shown``); an HTTP error status, a
        connection that fails or the deadline is a :class:`SystemFailure` saying so."""
        remaining = self._deadline - time.monotonic()
        if remaining <= 0:
            raise self.timed_out(shown)
        try:
            with self._opener.open(request, timeout=remaining) as response:
                return self._read(response, shown), response.headers
        except urllib.error.HTTPError as exc:
            with exc:
                start = exc.read(BODY_READ + 1)
                quoted = excerpt(start, exc.headers, whole=len(start) <= BODY_READ)
            location = exc.headers.get("Location") if exc.headers is not None else None
            moved = f" (fix: use the URL it redirects to, {redact(location)})" if 300 <= exc.code < 400 and location else ""
            raise fail(self.system, f"{shown} answered HTTP {exc.code} {exc.reason}: {quoted}{moved}") from None
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, TimeoutError):
                raise self.timed_out(shown) from None
            raise fail(self.system, f"cannot reach {shown}: {exc.reason}") from exc
        except TimeoutError:
            raise self.timed_out(shown) from None
        except (OSError, http.client.HTTPException) as exc:
            raise fail(self.system, f"connection to {shown} failed: {type(exc).__name__}: {exc}") from exc

    def timed_out(self, shown: str) -> SystemFailure:
        return fail(self.system, f"{shown} did not answer within {self.timeout:g}s (fix: raise the timeout)")

    def _read(self, response: http.client.HTTPResponse, shown: str) -> bytes:
        """The body of ``response``; more than :data:`MAX_RESPONSE_BYTES` is an error, found before reading it all."""
        declared = response.headers.get("Content-Length", "")
        too_big = declared.isdigit() and int(declared) > MAX_RESPONSE_BYTES  # refused before reading a byte of it
        body = b"" if too_big else response.read(MAX_RESPONSE_BYTES + 1)
        if too_big or len(body) > MAX_RESPONSE_BYTES:
            raise fail(self.system, f"{shown} sent more than {MAX_RESPONSE_BYTES / 1024 / 1024:g} MiB"
                                    f" (fix: {self.too_big_fix})")
        return body


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


def excerpt(body: bytes, headers: Message | None = None, *, whole: bool = True) -> str:
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
