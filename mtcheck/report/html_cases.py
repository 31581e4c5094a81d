"""Every case of the HTML report, browsable without scripts: failing cases first and open, the others folded,
and filters by outcome, suite and tag made of form controls and CSS sibling rules.

The filter rules name controls and cases by index (``s3``, ``t5``), never by a
suite or tag name, so no text from a suite reaches the style sheet.
"""
from __future__ import annotations

from mtcheck.engine.outcome import FAILING
from mtcheck.engine.record import CaseRecord, CheckRecord
from mtcheck.report.data import ReportData, threshold_text
from mtcheck.report.summary import OUTCOMES
from mtcheck.safety.safetext import html_text
from mtcheck.text.numbers import score_text

CSS = """
.browse input{margin:0 2px 0 10px}.browse .k{font-weight:bold;margin-left:0}.cases{margin-top:8px}
.case{border:1px solid #e3e3e3;border-radius:4px;margin:4px 0;padding:2px 8px}
.case>summary{padding:2px 0}.case .tags{color:#666;font-size:12px}
.badge{display:inline-block;min-width:64px;font-weight:bold}
.o-passed .badge,.o-caught .badge{color:#2e7d32}.o-skipped .badge{color:#757575}.o-known-miss .badge{color:#ef6c00}
.o-failed .badge{color:#c62828}.o-missed .badge{color:#ef6c00}.o-error .badge{color:#6a1b9a}
table.kv td:first-child{color:#555;white-space:nowrap;vertical-align:top}
"""


def _rules(outcomes: list[str], suites: int, tags: int) -> str:
    """The filter rules: an unticked outcome hides its cases; a chosen suite or tag hides every case without it."""
    rules = [f"#fo-{o}:not(:checked)~.cases .o-{o}{{display:none}}" for o in outcomes]
    rules += [f"#fs-{i}:checked~.cases .case:not(.s{i}){{display:none}}" for i in range(suites)]
    rules += [f"#ft-{i}:checked~.cases .case:not(.t{i}){{display:none}}" for i in range(tags)]
    return "".join(rules)


def _radios(name: str, title: str, choices: list[str]) -> str:
    """``all`` and one radio button per choice (labelled with its escaped text)."""
    parts = [f'<span class=k>{title}:</span><input type=radio name={name} id=f{name}-all checked>'
             f'<label for=f{name}-all>all</label>']
    parts += [f'<input type=radio name={name} id=f{name}-{i}><label for=f{name}-{i}>{html_text(choice)}</label>'
              for i, choice in enumerate(choices)]
    return "".join(parts) + "<br>"


def _check_line(check: CheckRecord) -> str:
    mark = "\u2713" if check.passed else "\u2717"
    return f"{check.metric} {score_text(check.value, check.metric)} {mark}"


def _body(record: CaseRecord) -> str:
    """The failure text when there is one; else source, references, hypothesis and every check."""
    if record.explanation:
        return f"<pre>{html_text(record.explanation)}</pre>"
    rows = [("source", record.src), *(("reference", ref) for ref in record.refs),
            ("hypothesis", record.hyp), ("error", record.error)]
    rows += [(check.metric, f"{score_text(check.value, check.metric)} (threshold {threshold_text(check)}, "
              f"{'passed' if check.passed else 'failed'})" + (f": {check.error}" if check.error else ""))
             for check in record.checks]
    body = "".join(f"<tr><td>{html_text(k)}</td><td>{html_text(str(v))}</td></tr>" for k, v in rows if v is not None)
    return f"<table class=kv>{body}</table>" if body else ""


def _case(record: CaseRecord, suites: dict[str, int], tags: dict[str, int]) -> str:
    outcome = record.outcome.value
    classes = " ".join(["case", f"o-{outcome}", f"s{suites[record.suite]}", *(f"t{tags[t]}" for t in record.tags)])
    checks = ", ".join(_check_line(c) for c in record.checks if c.value is not None)
    tag_text = f' <span class=tags>{html_text(", ".join(record.tags))}</span>' if record.tags else ""
    summary = (f"<span class=badge>{html_text(outcome)}</span> "
               f"{html_text(record.suite)}::{html_text(record.case)} [{html_text(record.system)}]"
               + (f" \u2014 {html_text(checks)}" if checks else "") + tag_text)
    opened = " open" if record.failing else ""
    return f'<details class="{classes}"{opened}><summary>{summary}</summary>{_body(record)}</details>'


def render_cases(data: ReportData) -> tuple[str, str]:
    """``(style rules, section)``: every case, failing ones first (worst first) and open, with the filters."""
    if not data.cases:
        return "", ""
    failing = data.failing()
    ordered = failing + [r for r in data.cases if r.outcome not in FAILING]
    counts = data.counts()
    outcomes = [o for o in OUTCOMES if counts.get(o)]  # a record's outcome is one of these (the summary checks)
    suites = {name: i for i, name in enumerate(dict.fromkeys(r.suite for r in data.cases))}
    tags = {name: i for i, name in enumerate(sorted({t for r in data.cases for t in r.tags}))}
    controls = "<span class=k>outcome:</span>" + "".join(
        f"<input type=checkbox id=fo-{o} checked><label for=fo-{o}>{html_text(o)} ({counts[o]})</label>"
        for o in outcomes) + "<br>"
    if len(suites) > 1:
        controls += _radios("s", "suite", list(suites))
    if tags:
        controls += _radios("t", "tag", list(tags))
    section = (f"<h2 id=cases>Outputs ({len(data.cases)}, {len(failing)} failing)</h2><p>Failing outputs come first and "
               "open; click one to fold or unfold it, untick an outcome or pick a suite or tag to filter.</p>"
               f"<section class=browse>{controls}<div class=cases>"
               + "".join(_case(r, suites, tags) for r in ordered) + "</div></section>")
    return CSS + _rules(outcomes, len(suites) if len(suites) > 1 else 0, len(tags)), section
