"""What a history error says when it gave up waiting for a lock: which lock, who holds it, since when.

A history writer waits for the database's writer lock (SQLite's write lock, mtcheck's PostgreSQL advisory
lock) and for the locks of its tables at most :func:`~mtcheck.safety.lock_timeout.lock_timeout` seconds.
Each function here reads a database error and returns what the message says after ``cannot DO:`` (the
lock, its holder and the fix), or ``None`` when the error is no lock time-out.
"""
from __future__ import annotations

import sqlite3
from contextlib import suppress
from typing import Any

from mtcheck.errors import quoted
from mtcheck.safety.lock_timeout import longer

#: The PostgreSQL advisory lock that serialises mtcheck history writers ("mtck").
PG_LOCK = 0x6D74636B
#: The lock modes that keep a writer (``ROW EXCLUSIVE``) or a reader (``ACCESS SHARE``) out of a table.
_BLOCKING_MODES = ("ShareLock", "ShareRowExclusiveLock", "ExclusiveLock", "AccessExclusiveLock")
#: SQLSTATEs of a statement stopped by ``lock_timeout`` (55P03) or ``statement_timeout`` (57014).
_TIMED_OUT = ("55P03", "57014")

#: The sessions that hold mtcheck's advisory lock or a lock that keeps others out of an mtcheck table.
_HOLDERS = f"""
SELECT l.pid, CASE WHEN l.locktype = 'advisory' THEN NULL ELSE c.relname END, l.mode, a.usename, a.application_name,
       a.xact_start IS NOT NULL,
       to_char(COALESCE(a.xact_start, a.backend_start) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')
FROM pg_locks l
LEFT JOIN pg_class c ON l.locktype = 'relation' AND c.oid = l.relation
LEFT JOIN pg_stat_activity a ON a.pid = l.pid
WHERE l.granted AND l.pid <> pg_backend_pid()
  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
  AND ((l.locktype = 'advisory' AND l.classid = 0 AND l.objid = {PG_LOCK} AND l.objsubid = 1)
       OR (l.locktype = 'relation' AND c.relname LIKE 'mtcheck\\_%'
           AND l.mode IN ({", ".join(f"'{mode}'" for mode in _BLOCKING_MODES)})))
ORDER BY l.pid, c.relname
"""


def statement_seconds(lock_seconds: float) -> float:
    """PostgreSQL's statement time-out: room for a wait as long as the lock time-out, and as long again for the work."""
    return 2 * lock_seconds


def sqlite_wait(connection: Any, exc: BaseException, waited: float) -> str | None:
    """An SQLite history's "database is locked", past the busy time-out: another connection writes it."""
    if not isinstance(exc, sqlite3.OperationalError) or "locked" not in str(exc):
        return None
    return (f"gave up after waiting {waited:g} s for its write lock, which another process holds ({str(exc).strip()}) "
            f"(fix: let the other writer finish, or end it, then try again; {longer(waited)})")


def postgres_wait(connection: Any, exc: BaseException, waited: float) -> str | None:
    """A PostgreSQL history's lock or statement time-out: the locks that kept it waiting and their sessions."""
    if getattr(exc, "sqlstate", None) not in _TIMED_OUT:
        return None
    import psycopg

    with suppress(psycopg.Error):
        connection.rollback()  # the failed transaction answers no query
    holders = _holders(connection, psycopg.Error)
    if not holders:
        return (f"gave up: {str(exc).strip().splitlines()[0]} (lock time-out {waited:g} s, statement time-out "
                f"{statement_seconds(waited):g} s), and no session holds a lock on its tables now (fix: try again; {longer(waited)})")
    pids = sorted({pid for pid, _ in holders})
    sessions = "that session" if len(pids) == 1 else "those sessions"
    ends = ", ".join(f"SELECT pg_terminate_backend({pid})" for pid in pids)
    return (f"gave up after waiting {waited:g} s for {'; '.join(text for _, text in holders)} (fix: let {sessions} "
            f"release the lock (commit, roll back or unlock), or end {sessions} ({ends}), then try again; "
            f"{longer(waited)})")


def _holders(connection: Any, errors: type[BaseException]) -> list[tuple[int, str]]:
    """Each session holding a lock that keeps mtcheck out, and how the message names the lock and the session."""
    try:
        cursor = connection.cursor()
        cursor.execute(_HOLDERS)
        rows = cursor.fetchall()
        connection.rollback()
    except errors:  # a database that cannot say who holds the lock still gets its error
        return []
    shown = []
    for pid, table, mode, user, application, in_transaction, since in rows:
        lock = (f"the mtcheck writer lock (advisory lock {PG_LOCK})" if table is None
                else f"the {mode} on table {table}")
        who = ", ".join(part for part in (f"user {quoted(user)}" if user else "",
                                          f"application {quoted(application)}" if application else "") if part)
        when = "" if since is None else f"{'in a transaction' if in_transaction else 'connected'} since {since} UTC"
        about = ", ".join(part for part in (who, when) if part)
        shown.append((pid, f"{lock}, held by PostgreSQL session {pid}" + (f" ({about})" if about else "")))
    return shown
