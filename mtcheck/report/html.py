"""One self-contained, offline HTML report: inline CSS and inline SVG, no scripts, fonts or URLs.

A header says where the report comes from; every case can be browsed and filtered (:mod:`mtcheck.report.html_cases`).
"""
from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any

from mtcheck.report import baseline_digest, corpus_table, svg
from mtcheck.report.data import ReportData
from mtcheck.report.html_cases import render_cases
from mtcheck.report.markdown import pass_rate
from mtcheck.report.sensitivity import COLUMNS, edits_text, headline, missed
from mtcheck.report.summary import OUTCOMES, SEVERITY_OUTCOMES
from mtcheck.report.verdict import PASSED, Verdict, verdict
from mtcheck.safety.safetext import html_text
from mtcheck.systems import is_live

if TYPE_CHECKING:
    from mtcheck.metaeval import MetaEval

CSS = """
body{font-family:sans-serif;margin:24px;color:#222;max-width:1200px}
h1{font-size:22px}h2{font-size:18px;border-bottom:1px solid #ccc;padding-bottom:4px;margin-top:28px}
table{border-collapse:collapse;margin:8px 0;font-size:13px}th,td{border:1px solid #ddd;padding:3px 8px}
th{background:#f3f3f3;text-align:left}td.n{text-align:right}
.grid{display:flex;flex-wrap:wrap;gap:16px}.grid svg{border:1px solid #eee}
pre{background:#f8f8f8;border:1px solid #e3e3e3;padding:8px;white-space:pre-wrap;font-size:12px}
details{margin:6px 0}summary{cursor:pointer}.failed{color:#c62828}.missed{color:#ef6c00}.error{color:#6a1b9a}
.verdict{color:#fff;border-radius:6px;padding:10px 18px;margin:0 0 14px}.verdict h1{font-size:34px;margin:0 0 4px}
.verdict .why{margin:4px 0;font-size:16px}.verdict ul{padding-left:22px}.verdict p{margin:6px 0 2px;font-size:14px}
.v-passed{background:#2e7d32}.v-failed{background:#c62828}.v-error{background:#6a1b9a}p.title{font-size:16px;margin:0 0 6px}
.counts span{margin-right:14px;white-space:nowrap}.counts a{white-space:nowrap}table.run{font-size:13px}table.run td{border:none;padding:1px 12px 1px 0}
table.run td:first-child{color:#555}table.run code{font-size:12px;word-break:break-all}
"""


def _table(header: list[str], rows: list[list[Any]], numeric_from: int = 1) -> str:
    head = "".join(f"<th>{html_text(h)}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f'<td{" class=n" if i >= numeric_from else ""}>{html_text(str(v))}</td>' for i, v in enumerate(row)) + "</tr>"
        for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _pass_rates(data: ReportData) -> str:
    parts = ["<h2>Pass rates</h2>"]
    for title, groups in (("suite", data.summary["suites"]), ("tag", data.summary["tags"])):
        if not groups:
            continue
        rows = [(name, g["counts"]) for name, g in groups.items()]
        parts.append(svg.stacked_bars(rows, f"Outcomes per {title}"))
        parts.append(_table([title, "cases", "outputs", "pass rate", *OUTCOMES],
                            [[name, g["cases"], sum(g["counts"].values()), pass_rate(g["counts"]),
                              *(g["counts"][o] for o in OUTCOMES)] for name, g in groups.items()]))
    return "".join(parts)


def _severity(data: ReportData) -> str:
    rows = [[name, *(c[o] for o in SEVERITY_OUTCOMES)] for name, c in reversed(data.summary["severity"].items())
            if any(c.values())]
    if not rows:
        return ""
    return "<h2>Known-faulty outputs by severity</h2>" + _table(["severity", *SEVERITY_OUTCOMES], rows)


def _corpus(data: ReportData) -> str:
    if not data.corpus:
        return ""
    return "<h2>Corpus checks</h2>" + _table(list(corpus_table.COLUMNS), [list(row) for row in corpus_table.rows(data.corpus)],
                                              numeric_from=4)


def _distributions(data: ReportData) -> str:
    values: dict[str, list[float]] = defaultdict(list)
    bounds: dict[str, set[float | None]] = defaultdict(set)
    for record in data.cases:
        for check in record.checks:
            if check.value is not None:
                values[check.metric].append(check.value)
                bounds[check.metric].add(check.min if check.min is not None else check.max)
    if not values:
        return ""
    plots = []
    for metric, found in values.items():
        single = bounds[metric]
        threshold = next(iter(single)) if len(single) == 1 else None
        plots.append(svg.histogram(found, metric, threshold))
    return ("<h2>Score distributions</h2><p>Every checked value per metric; the dashed line is the threshold "
            "when all checks on the metric share one.</p><div class=grid>" + "".join(plots) + "</div>")


def _system_rows(systems: list[str]) -> list[tuple[str, str]]:
    """The live systems of the run, and apart from them the names of the outputs recorded in its suites."""
    live = [name for name in systems if is_live(name)]
    recorded = [name for name in systems if name not in live]
    rows = [("system" if len(live) == 1 else "systems", ", ".join(live))] if live else []
    if recorded:
        rows.append(("recorded outputs", f"{', '.join(recorded)} (names under the suite's hyps:)"))
    return rows or [("system", "-")]


def _header(data: ReportData) -> str:
    """System(s) or recorded outputs, date, mtcheck version, command line, git commit and suites of the run."""
    found = data.header()
    rows = [*_system_rows(found["systems"]),
            ("date (UTC)", found.get("date", "-")), ("mtcheck", found.get("mtcheck", "-")),
            ("command", found.get("command", "-")), ("git commit", found.get("commit") or "none (not a git work tree)"),
            ("suites" if len(found["suites"]) != 1 else "suite", ", ".join(found["suites"]) or "-")]
    body = "".join(f"<tr><td>{html_text(k)}</td><td>{f'<code>{html_text(v)}</code>' if k == 'command' else html_text(v)}</td></tr>"
                   for k, v in rows)
    return f"<table class=run>{body}</table>"


def _regression(data: ReportData) -> str:
    if not data.regression:
        return ""
    rows = baseline_digest.rows(data.regression)
    table = _table(list(baseline_digest.COLUMNS), [list(r.cells()) for r in rows], numeric_from=3) if rows else ""
    changed = baseline_digest.changed_rows(data.regression)
    if changed:
        table += "<h3>Changed outputs</h3>" + _table(list(baseline_digest.CHANGED_COLUMNS), [list(r) for r in changed],
                                                     numeric_from=4)
    return f"<h2>Compared with the baseline</h2><p>{html_text(baseline_digest.headline(data.regression))}.</p>{table}"


def heatmap_charts(meta: MetaEval) -> list[str]:
    """One SVG heatmap per scale and statistic of a meta-evaluation."""
    from mtcheck.metaeval import heatmaps  # numpy: only for runs with rated suites

    return [svg.heatmap(h.rows, h.cols, h.values, h.title) for h in heatmaps(meta)]


def heatmap_file(meta: MetaEval, svg_file: bool) -> str:
    """Every heatmap of ``meta`` as one standalone SVG file, or as a small self-contained HTML page
    (``mtcheck meta-eval --heatmap``)."""
    charts = heatmap_charts(meta)
    if svg_file:
        return svg.standalone(svg.stack(charts))
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>mtcheck meta-evaluation</title></head>'
            '<body style="font-family:sans-serif">' + "".join(f"<p>{c}</p>" for c in charts) + "</body></html>\n")


def _meta(data: ReportData) -> str:
    if not data.meta:
        return ""
    from mtcheck.metaeval import render

    return ("<h2>Meta-evaluation: metrics against human ratings</h2><div class=grid>" + "".join(heatmap_charts(data.meta))
            + f"</div><pre>{html_text(chr(10).join(render(data.meta)))}</pre>")


def _sensitivity(data: ReportData) -> str:
    found = data.summary["sensitivity"]
    if not found["edits"]:
        return ""
    parts = [f"<h2>Check sensitivity</h2><p><b>{html_text(headline(found))}</b>: a corrupted reference is caught when at "
             "least one of its case's checks fails on it, missed (a metric blind spot) when every check passes it.</p>"]
    for title, key in (("suite", "suites"), ("edit kind", "kinds")):
        parts.append(_table([title, "edits", *COLUMNS], [[name, c["edits"], *(c[k] for k in COLUMNS)]
                                                          for name, c in found[key].items()]))
    blind = missed(data.probes)
    if blind:
        parts.append(f"<h3>Missed edits ({len(blind)})</h3>" + _table(
            ["missed in", "edit", "corrupted reference"],
            [[f"{r.suite}::{r.case}", edits_text(r), r.sensitivity["text"]] for r in blind], numeric_from=3))
    return "".join(parts)


def _verdict(found: Verdict) -> str:
    """The banner the report opens with: PASSED, FAILED or ERROR, big and coloured, and what decided it."""
    if found.status == PASSED:
        decided = f"<p class=why>{html_text(', '.join(found.decided))}</p>"
    else:
        decided = "<ul class=why>" + "".join(f"<li>{html_text(line)}</li>" for line in found.decided) + "</ul>"
    notes = f"<p>{html_text('; '.join(found.notes))}</p>" if found.notes else ""
    return f'<div class="verdict v-{found.status.lower()}" id=verdict><h1>{found.status}</h1>{decided}{notes}</div>'


def render_html(data: ReportData) -> str:
    """The whole report as one HTML document: the verdict first, then where it comes from and the tallies."""
    found = verdict(data)
    counts = data.counts()
    summary = "".join(f"<span><b>{counts.get(o, 0)}</b> {html_text(o)}</span>" for o in OUTCOMES)
    case_css, cases = render_cases(data)
    return (
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{found.status}: {html_text(data.title)}</title>'
        f"<style>{CSS}{case_css}</style></head><body>{_verdict(found)}<p class=title><b>{html_text(data.title)}</b></p>"
        + _header(data)
        + f"<p class=counts><span><b>{data.case_count()}</b> cases, <b>{sum(counts.values())}</b> outputs</span><span>pass rate <b>{pass_rate(counts)}</b></span>"
        f"{summary}{'<a href=#cases>every output</a>' if cases else ''}</p>"
        + _corpus(data) + _severity(data) + _regression(data) + _pass_rates(data) + _distributions(data) + _meta(data) + _sensitivity(data) + cases
        + "</body></html>\n"
    )
