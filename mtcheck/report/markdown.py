"""A concise Markdown summary for a pull-request comment or a CI step summary."""
from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape
from typing import Any

from mtcheck.engine.outcome import Outcome
from mtcheck.engine.record import CaseRecord
from mtcheck.report import baseline_digest, corpus_table
from mtcheck.report.data import ReportData, shortfall, threshold_text
from mtcheck.report.sensitivity import COLUMNS, edits_text, headline, missed
from mtcheck.report.summary import OUTCOMES, SEVERITY_OUTCOMES, counts_text
from mtcheck.report.verdict import verdict
from mtcheck.safety.safetext import visible
from mtcheck.text.counts import size_text
from mtcheck.text.numbers import score_text

WORST_SHOWN = 10
#: More tags than this fold into a <details> block.
TAGS_OPEN = 15
REGRESSION_ROWS = 20
#: The footnote that says what the outcomes of known-faulty outputs and the pass rate mean.
FOOTNOTE = ("caught: a known-faulty output (expect: fail) failed a check, as it should; missed: one passed every check "
            "(a metric blind spot, which fails the run); known-miss: a blind spot the suite records, missed again. "
            "Pass rate: passed plus caught, over the outputs checked (skipped ones left out).")


#: Characters that could start Markdown syntax inline (links, images, emphasis, code, math, table cells).
_MARKDOWN = re.compile(r"([\\`*_\[\]|~!#$])")
#: What a code span cannot hold safely: backticks (its fence), backslashes and pipes (a GFM table cell), HTML.
_NOT_IN_CODE = re.compile(r"[`\\|<>&]")


def cell(text: Any) -> str:
    """Untrusted text as literal Markdown, safe in a table cell or a heading: one line, Markdown punctuation
    backslash-escaped, ``<``, ``>`` and ``&`` as HTML entities (so no renderer makes a tag, link or cell of it),
    control and bidi characters as visible escapes (:func:`mtcheck.safety.safetext.visible`)."""
    return escape(_MARKDOWN.sub(r"\\\1", " ".join(visible(str(text)).split())), quote=False)


def code(text: Any) -> str:
    """``text`` as a code span when nothing in it can end one; otherwise escaped like :func:`cell`."""
    line = " ".join(visible(str(text)).split())
    return f"`{line}`" if line and not _NOT_IN_CODE.search(line) else cell(line)


def pass_rate(counts: dict[str, int]) -> str:
    """Share of checked outputs that behaved as they should (passed, or known-faulty and caught); skipped ones do not count."""
    run = sum(n for outcome, n in counts.items() if outcome != Outcome.SKIPPED)
    good = counts.get(Outcome.PASSED, 0) + counts.get(Outcome.CAUGHT, 0)
    return f"{100 * good / run:.1f}%" if run else "-"


def _groups(title: str, groups: dict[str, Any]) -> list[str]:
    lines = [f"| {title} | cases | outputs | pass rate | " + " | ".join(OUTCOMES) + " |",
             "|---|---:|---:|---:|" + "---:|" * len(OUTCOMES)]
    for name, group in groups.items():
        counts = group["counts"]
        lines.append(f"| {cell(name)} | {group['cases']} | {sum(counts.values())} | {pass_rate(counts)} | "
                     + " | ".join(str(counts[o]) for o in OUTCOMES) + " |")
    return lines


def severity_table(severity: dict[str, dict[str, int]]) -> list[str]:
    """Known-faulty outputs caught, missed and known-miss per severity, most severe first (nothing without any)."""
    rows = [(name, c) for name, c in reversed(severity.items()) if any(c.values())]
    if not rows:
        return []
    return (["### Known-faulty outputs by severity", "", "| severity | " + " | ".join(SEVERITY_OUTCOMES) + " |",
             "|---|" + "---:|" * len(SEVERITY_OUTCOMES)]
            + [f"| {name} | " + " | ".join(str(c[o]) for o in SEVERITY_OUTCOMES) + " |" for name, c in rows] + [""])


def regression_tables(report: dict[str, Any], limit: int = REGRESSION_ROWS) -> list[str]:
    """The baseline comparison: one sentence, then a table of what moved (alarms first), at most ``limit`` rows."""
    lines = [cell(baseline_digest.headline(report)) + "."]
    rows = baseline_digest.rows(report)
    if rows:
        lines += ["", "| " + " | ".join(baseline_digest.COLUMNS) + " |", "|---|---|---|---:|---:|"]
        lines += ["| " + " | ".join(cell(text) for text in row.cells()) + " |" for row in rows[:limit]]
        if len(rows) > limit:
            lines.append(f"\n… and {len(rows) - limit} more rows (see the JSON report)")
    changed = baseline_digest.changed_rows(report)
    if changed:
        lines += ["", "Changed outputs:", "", "| " + " | ".join(baseline_digest.CHANGED_COLUMNS) + " |", "|---|---|---|---|"]
        lines += ["| " + " | ".join(cell(text) for text in row) + " |" for row in changed[:limit]]
        if len(changed) > limit:
            lines.append(f"\n… and {len(changed) - limit} more changed outputs (see the JSON report)")
    return lines


def corpus_tables(results: Sequence[dict[str, Any]]) -> list[str]:
    """The corpus checks: one row per check and system (nothing without any)."""
    if not results:
        return []
    return (["### Corpus checks", "", "| " + " | ".join(corpus_table.COLUMNS) + " |", "|---|---|---|---|---:|---:|---|"]
            + ["| " + " | ".join(cell(text) for text in row) + " |" for row in corpus_table.rows(results)] + [""])


def _worst_check(record: CaseRecord) -> str:
    if record.error:
        return f"error: {record.error}"
    broken = [c for c in (*record.checks, *record.contrastive) if c.error]
    if broken:
        return f"{broken[0].metric} cannot be computed: {broken[0].error}"
    failing = [c for c in record.checks if not c.passed]
    if record.why and not failing:  # its checks passed; the baseline gate failed it
        return record.why.split(": ", 1)[-1]
    if record.outcome == Outcome.MISSED or not failing:
        shown = ", ".join(f"{c.metric} = {score_text(c.value, c.metric)}" for c in record.checks if c.value is not None)
        return f"every check passed ({shown})" if record.outcome == Outcome.MISSED else "contrastive pair failed"
    check = max(failing, key=shortfall)
    value = "error" if check.value is None else score_text(check.value, check.metric)
    return f"{check.metric} = {value} (needs {threshold_text(check)})"


def _worst(failing: Sequence[CaseRecord]) -> list[str]:
    lines = ["| case | system | outcome | why |", "|---|---|---|---|"]
    for record in failing[:WORST_SHOWN]:
        where = f"{record.suite}::{record.case}"
        lines.append(f"| {code(where)} | {cell(record.system)} | {record.outcome.value} | "
                     f"{cell(_worst_check(record))} |")
    if len(failing) > WORST_SHOWN:
        lines.append(f"\n… and {len(failing) - WORST_SHOWN} more failing cases (see the HTML or JSON report)")
    return lines


def sensitivity_tables(data: ReportData) -> list[str]:
    """Check sensitivity: the headline, counts per suite and per edit kind, then the edits no check caught."""
    found = data.summary["sensitivity"]
    if not found["edits"]:
        return []
    lines = ["### Check sensitivity", "", f"**{headline(found)}**: a corrupted reference is caught when at least one "
             "of its case's checks fails on it, missed (a metric blind spot) when every check passes it.", ""]
    for title, key in (("suite", "suites"), ("edit kind", "kinds")):
        lines += [f"| {title} | edits | " + " | ".join(COLUMNS) + " |", "|---|---:|" + "---:|" * len(COLUMNS)]
        lines += [f"| {cell(name)} | {counts['edits']} | " + " | ".join(str(counts[c]) for c in COLUMNS) + " |"
                  for name, counts in found[key].items()]
        lines.append("")
    blind = missed(data.probes)
    if blind:
        lines += ["| missed in | edit | corrupted reference |", "|---|---|---|"]
        lines += [f"| {code(r.suite + '::' + r.case)} | {cell(edits_text(r))} | {cell(r.sensitivity['text'])} |"
                  for r in blind[:WORST_SHOWN]]
        if len(blind) > WORST_SHOWN:
            lines.append(f"\n… and {len(blind) - WORST_SHOWN} more missed edits (see the JSON report)")
        lines.append("")
    return lines


def render_markdown(data: ReportData) -> str:
    """The verdict, headline counts, pass rates per suite and per tag, regressions (when compared), the worst cases."""
    counts = data.counts()
    total = sum(counts.values())
    lines = [f"## {cell(verdict(data).text())}", "",
             f"{cell(data.title)}: " + (f"**{size_text(data.case_count(), total)}**, pass rate {pass_rate(counts)}: {counts_text(counts)}." if total
                                        else "No mtcheck cases ran."), ""]
    lines += corpus_tables(data.corpus)
    if data.summary["suites"]:
        lines += _groups("suite", data.summary["suites"]) + [""]
    if data.summary["tags"]:
        tags = _groups("tag", data.summary["tags"])
        if len(data.summary["tags"]) > TAGS_OPEN:  # a long table stays folded in a PR comment
            tags = [f"<details><summary>Pass rates by tag ({len(data.summary['tags'])} tags)</summary>", "", *tags, "",
                    "</details>"]
        lines += tags + [""]
    lines += severity_table(data.summary["severity"])
    if data.regression:
        lines += ["### Compared with the baseline", ""] + regression_tables(data.regression) + [""]
    failing = data.failing()
    if failing:
        lines += ["### Worst cases", ""] + _worst(failing) + [""]
    lines += sensitivity_tables(data)
    lines.append(FOOTNOTE)
    return "\n".join(lines) + "\n"
