"""Secrets out of everything mtcheck stores or prints: command lines, URLs and messages.

A history URL, a LibreTranslate endpoint or a ``cmd:`` system may carry a password or a token; reports
(``run.command``), baselines and history rows (system names) and error messages keep them as ``***``:

* the password of a URL (``postgresql://ci:***@host/db``);
* the value of a secret-looking query parameter or ``NAME=VALUE`` pair (``?password=***``, ``&key=***``,
  ``API_TOKEN=***``, ``password=***`` in a libpq connection string);
* the value of a secret-looking option, ``--db-password ***`` or ``--token=***``.

A name looks secret when one of its words (split at ``_``, ``-`` and ``.``) is in :data:`SECRET_WORDS`
(``api_key`` and ``apikey`` too). What is masked is only ever the value: the rest stays as written.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

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


def _mask_pair(match: re.Match[str]) -> str:
    query = match.group("lead") in ("?", "&", ";")
    secret = match.group("secret")
    if not secret or secret.startswith(MASK) or not secret_name(match.group("name"), query=query):
        return match.group(0)  # no secret, or one masked already (text redacted twice stays as it was)
    return f"{match.group('lead')}{match.group('name')}={MASK}"


def _mask_option(match: re.Match[str]) -> str:
    masked = match.group("secret").startswith(MASK) or not secret_name(match.group("name"))
    return match.group(0) if masked else match.group("head") + MASK


def redact(text: str) -> str:
    """``text`` with every password, token or key it shows replaced by ``***`` (see the module's notes)."""
    text = _URL_PASSWORD.sub(lambda m: f"{m.group('head')}:{MASK}@", text)
    text = _PAIR.sub(_mask_pair, text)
    return _OPTION.sub(_mask_option, text)


def redact_argv(argv: Sequence[str]) -> list[str]:
    """A command line's arguments with their secrets masked: each one as :func:`redact` does it, and the
    argument after a secret-looking option (``--db-password VALUE``) whole."""
    shown: list[str] = []
    hide_next = False
    for argument in argv:
        if hide_next:
            shown.append(MASK)
            hide_next = False
            continue
        option = re.fullmatch(r"--?([A-Za-z][\w\-]*)", argument)
        hide_next = bool(option and secret_name(option.group(1)))
        shown.append(redact(argument))
    return shown
