"""Secrets out of everything mtcheck stores or prints: command lines, URLs and messages.

A history URL, a LibreTranslate endpoint or a ``cmd:`` system may carry a password or a token; reports
(``run.command``), baselines and history rows (system names) and error messages keep them as ``***``:

* every secret mtcheck sends (:func:`remember`: the LibreTranslate API key, a URL's password, a secret option
  of a ``cmd:`` command line), wherever it appears, also JSON- or URL-encoded: a server's error body that
  echoes the request, a command's stderr that prints its arguments. One shorter than :data:`MASK_INSIDE_WORDS`
  characters is masked where it stands alone, not inside a longer word (an API key ``k`` leaves ``key`` as is);
* the password of a URL (``postgresql://ci:***@host/db``);
* the value of a secret-looking query parameter or ``NAME=VALUE`` pair (``?password=***``, ``&key=***``,
  ``API_TOKEN=***``, ``password=***`` in a libpq connection string);
* the value of a secret-looking option, ``--db-password ***`` or ``--token=***``.

A name looks secret when one of its words (split at ``_``, ``-`` and ``.``) is in :data:`SECRET_WORDS`
(``api_key`` and ``apikey`` too). What is masked is only ever the value: the rest stays as written.
"""
from __future__ import annotations

import json
import re
import urllib.parse
from collections.abc import Callable, Iterator, Sequence

MASK = "***"
#: Words that make a parameter, variable or option name a secret's (compared in lower case).
SECRET_WORDS = frozenset({"password", "passwd", "pwd", "pass", "secret", "token", "apikey", "auth", "credential",
                          "credentials", "passphrase"})
#: ``key`` alone is a secret's name only as a URL query parameter (``?key=``): elsewhere it is too common.
_QUERY_ONLY_WORDS = frozenset({"key"})

#: The userinfo of a URL: ``scheme://user:password@``; the password runs to the last ``@`` before the path.
_URL_PASSWORD = re.compile(r"(?P<head>\b[A-Za-z][A-Za-z0-9+.-]*://[^\s/@:?#]*):(?P<secret>[^\s/?#]*)@")
#: ``NAME=VALUE``: a query parameter (after ``?``, ``&`` or ``;``), an option (``--NAME=``) or a bare pair.
_PAIR = re.compile(r"(?P<lead>[?&;]|--?|(?<![\w.\-/:]))(?P<name>[A-Za-z_][\w.\-]*)=(?P<secret>[^\s&;#'\"]*)")
#: ``--NAME VALUE`` in free text: an option followed by its value.
_OPTION = re.compile(r"(?P<head>(?<!\S)--?(?P<name>[A-Za-z][\w\-]*)[ \t]+)(?P<secret>[^\s\-][^\s]*|-(?!-)\S*)")


def _words(name: str) -> set[str]:
    lowered = name.lower()
    words = set(re.split(r"[_\-.]+", lowered))
    if "api_key" in lowered or "api-key" in lowered or "apikey" in lowered:
        words.add("apikey")
    return words


def secret_name(name: str, *, query: bool = False) -> bool:
    """Whether ``name`` (a parameter, variable or option name) names a secret; ``query``: a URL's query parameter."""
    words = _words(name)
    return bool(words & SECRET_WORDS) or (query and bool(words & _QUERY_ONLY_WORDS))


def _unmasked(secret: str) -> bool:
    """Whether ``secret`` is a value still to mask: not empty, and not masked already (text redacted twice stays
    as it was)."""
    return bool(secret) and not secret.startswith(MASK)


def _url_secret(match: re.Match[str]) -> str | None:
    return match.group("secret") if _unmasked(match.group("secret")) else None


def _pair_secret(match: re.Match[str]) -> str | None:
    query = match.group("lead") in ("?", "&", ";")
    secret = match.group("secret")
    return secret if _unmasked(secret) and secret_name(match.group("name"), query=query) else None


def _option_secret(match: re.Match[str]) -> str | None:
    secret = match.group("secret")
    return secret if _unmasked(secret) and secret_name(match.group("name")) else None


#: What of a pattern's match is a secret (``None``: none), and the match with that secret masked.
SecretOf = Callable[[re.Match[str]], str | None]
Masked = Callable[[re.Match[str]], str]
#: Each pattern with its :data:`SecretOf` and :data:`Masked`.
_RULES: tuple[tuple[re.Pattern[str], SecretOf, Masked], ...] = (
    (_URL_PASSWORD, _url_secret, lambda m: f"{m.group('head')}:{MASK}@"),
    (_PAIR, _pair_secret, lambda m: f"{m.group('lead')}{m.group('name')}={MASK}"),
    (_OPTION, _option_secret, lambda m: m.group("head") + MASK),
)

#: A sent secret this long or longer is masked wherever it appears, inside a longer word too.
MASK_INSIDE_WORDS = 8


class SentSecrets:
    """The secrets mtcheck sent in this process, in each form a text may show them, and one pattern for them all."""

    def __init__(self) -> None:
        self._forms: set[str] = set()
        self._pattern: re.Pattern[str] | None = None  # None while nothing was sent

    def add(self, secret: str) -> None:
        """Mask ``secret`` as written, as a JSON string holds it (either escaping) and URL-encoded."""
        forms = {secret, json.dumps(secret)[1:-1], json.dumps(secret, ensure_ascii=False)[1:-1],
                 urllib.parse.quote(secret, safe=""), urllib.parse.quote_plus(secret, safe="")} - self._forms
        if forms:
            self._forms.update(forms)
            longest_first = sorted(self._forms, key=len, reverse=True)
            self._pattern = re.compile("|".join(_sent_regex(form) for form in longest_first))

    def mask(self, text: str) -> str:
        """``text`` with each form of each sent secret written ``***``."""
        return text if self._pattern is None else self._pattern.sub(MASK, text)


def _sent_regex(form: str) -> str:
    """The regex of one form of a sent secret: anywhere, or where no letter or digit joins it when it is short."""
    return re.escape(form) if len(form) >= MASK_INSIDE_WORDS else rf"(?<!\w){re.escape(form)}(?!\w)"


#: What this process sent (see :func:`remember`).
SENT = SentSecrets()


def remember(secret: str | None) -> None:
    """Mask ``secret``, a value mtcheck sends (an API key, a password), in every text redacted from now on,
    wherever it appears. A secret of stars alone is not remembered: masking it would change every mask."""
    if secret and secret.strip("*"):
        SENT.add(secret)


def mask_sent(text: str) -> str:
    """``text`` with each secret mtcheck sent masked, and nothing else changed: for a system's output, which
    patterns alone must not rewrite (a translation may well say ``password=``)."""
    return SENT.mask(text)


def secrets_in(text: str) -> Iterator[str]:
    """The secrets ``text`` (a URL, a spec, a command line) shows in the forms :func:`redact` masks."""
    for pattern, secret_of, _ in _RULES:
        for match in pattern.finditer(text):
            secret = secret_of(match)
            if secret is not None:
                yield secret


def remember_in(text: str) -> None:
    """:func:`remember` each secret ``text`` shows: the URL or command line mtcheck sends them with."""
    for secret in secrets_in(text):
        remember(secret)


def _masker(secret_of: SecretOf, masked: Masked) -> Masked:
    return lambda match: match.group(0) if secret_of(match) is None else masked(match)


def redact(text: str) -> str:
    """``text`` with every password, token or key it shows replaced by ``***`` (see the module's notes)."""
    text = mask_sent(text)
    for pattern, secret_of, masked in _RULES:
        text = pattern.sub(_masker(secret_of, masked), text)
    return text


def _secret_option(argument: str) -> bool:
    """Whether ``argument`` is an option whose value, the next argument, is a secret (``--db-password``)."""
    option = re.fullmatch(r"--?([A-Za-z][\w\-]*)", argument)
    return bool(option and secret_name(option.group(1)))


def redact_argv(argv: Sequence[str]) -> list[str]:
    """A command line's arguments with their secrets masked: each one as :func:`redact` does it, and the
    argument after a secret-looking option (``--db-password VALUE``) whole."""
    return [MASK if index and _secret_option(argv[index - 1]) else redact(argument)
            for index, argument in enumerate(argv)]


def remember_argv(argv: Sequence[str]) -> None:
    """:func:`remember` each secret of a command line mtcheck runs, as :func:`redact_argv` finds them."""
    for index, argument in enumerate(argv):
        if index and _secret_option(argv[index - 1]):
            remember(argument)
        else:
            remember_in(argument)
