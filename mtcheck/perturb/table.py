"""``mtcheck blind-spots``: for each check and edit kind, the share of corrupted references it catches."""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from mtcheck.engine.evaluate import Evaluator
from mtcheck.engine.results import CheckResult
from mtcheck.errors import MtcheckError, PerturbError
from mtcheck.perturb.edit import Variant, compose
from mtcheck.perturb.kinds import CRITICAL, GRAMMAR, INTENSITY, candidates, family, resolve_kinds
from mtcheck.perturb.sensitivity import judged_checks, probe
from mtcheck.perturb.text import normalise_lang
from mtcheck.suite.model import Case, Check, Suite

#: Every kind that corrupts meaning or grammar; noise edits keep both, so they are nothing to catch.
DEFAULT_KINDS = (CRITICAL, INTENSITY, GRAMMAR)
#: The row of the references before any edit: the share a check fails is its false alarms.
UNPERTURBED = "unperturbed"
#: The column of a probe's checks judged together, as a sensitivity test judges them: caught when one fails.
TOGETHER = "checks together"
_CHECK = re.compile(r"^\s*([\w:+.-]+)\s*(>=|<=)\s*(-?\d+(?:\.\d+)?)\s*$")


@dataclass
class Cell:
    """How often the check ``metric`` caught edits of ``kind``."""

    metric: str
    kind: str
    caught: int = 0
    total: int = 0

    @property
    def share(self) -> float | None:
        return self.caught / self.total if self.total else None

    def as_dict(self) -> dict[str, object]:
        return {"metric": self.metric, "kind": self.kind, "caught": self.caught, "total": self.total, "share": self.share}


def parse_check(text: str) -> Check:
    """``bleu>=40`` or ``ter<=60`` as a :class:`Check`."""
    match = _CHECK.match(text)
    if not match:
        raise MtcheckError(f"bad check {text!r}: write METRIC>=VALUE or METRIC<=VALUE, e.g. 'sam:bleu>=40'")
    metric, op, value = match.groups()
    return Check(metric, float(value) if op == ">=" else None, float(value) if op == "<=" else None)


def _label(check: Check) -> str:
    return f"{check.key} {check.threshold_text()}"


def blind_spot_table(suites: Sequence[Suite], *, kinds: Sequence[str] = DEFAULT_KINDS, checks: Sequence[Check] = (),
                     per_case: int = 5, evaluator: Evaluator | None = None,
                     problems: list[str] | None = None) -> list[Cell]:
    """Corrupt each case's first reference with up to ``per_case`` single edits of each kind and score it
    with ``checks`` (default: each case's own checks with a threshold, on the suite's target language).

    ``kinds`` names kinds or families (default: every critical, intensity and grammar kind); noise kinds are
    left out, and a kind that does not apply to a suite's target language has no edits there.
    The first cells, of kind :data:`UNPERTURBED`, count the references each check fails before any edit (false
    alarms); the others come in the order of the kinds and count the corrupted references it fails (catches).
    A corrupted reference whose unperturbed reference a check already fails is left out of that check's cells:
    the check cannot tell the edit from what was there. Where a probe has several checks, the :data:`TOGETHER`
    cell counts it caught when one of them fails, and leaves it out when one could not be computed or failed
    the unperturbed reference. A check that cannot be computed (e.g. ``sam:`` on a
    language without a lexicon) has no cell; its error is added once per suite to ``problems``
    when given. PerturbError for an unknown kind."""
    evaluator = evaluator or Evaluator()
    names = [k for k in resolve_kinds(kinds) if family(k) in DEFAULT_KINDS]
    cells: dict[tuple[str, str], Cell] = {}
    for suite in suites:
        try:
            lang = normalise_lang(suite.target_lang)
        except PerturbError:
            continue
        for case in suite.cases:
            chosen = tuple(checks) or judged_checks(case)
            if not case.refs or not chosen:  # a reference-free case: no reference to corrupt
                continue
            variants = [(kind, v) for kind in names for v in _variants(case.refs[0], kind, lang, per_case)]
            if not variants:
                continue
            unedited = Variant(case.refs[0], (), case.refs[0])
            clean = _tally(cells, evaluator, (suite, case, chosen), UNPERTURBED, unedited, problems, None)
            for kind, variant in variants:
                _tally(cells, evaluator, (suite, case, chosen), kind, variant, problems, clean)
    order = [UNPERTURBED, *names]
    return sorted(cells.values(), key=lambda cell: order.index(cell.kind))


def _variants(reference: str, kind: str, lang: str, per_case: int) -> list[Variant]:
    """Up to ``per_case`` single edits of ``kind`` made to ``reference``."""
    made = (compose(reference, [edit]) for edit in candidates(reference, kind, lang)[:per_case])
    return [variant for variant in made if variant is not None]


def _tally(cells: dict[tuple[str, str], Cell], evaluator: Evaluator, scored: tuple[Suite, Case, tuple[Check, ...]],
           kind: str, variant: Variant, problems: list[str] | None, clean: set[str] | None) -> set[str]:
    """Score ``variant`` with the ``scored`` case's checks and count it in row ``kind`` under each computed check
    whose label is in ``clean`` (the checks its unperturbed reference passes; None: every one); return the labels
    of the checks it passes."""
    suite, case, chosen = scored
    results = probe(evaluator, suite, case, variant, chosen).results
    computed = [result for result in results if not result.error]
    if problems is not None:
        _report(problems, suite, results)
    counted = [result for result in computed if clean is None or _label(result.check) in clean]
    for result in counted:
        _count(cells, _label(result.check), kind, not result.passed)
    if len(results) > 1 and len(counted) == len(results):
        _count(cells, TOGETHER, kind, not all(result.passed for result in results))
    return {_label(result.check) for result in computed if result.passed}


def _report(problems: list[str], suite: Suite, results: Sequence[CheckResult]) -> None:
    """Add each check's error to ``problems``, once."""
    for result in results:
        problem = f"{suite.name}: {result.error}"
        if result.error and problem not in problems:
            problems.append(problem)


def _count(cells: dict[tuple[str, str], Cell], label: str, kind: str, caught: bool) -> None:
    cell = cells.setdefault((label, kind), Cell(label, kind))
    cell.total += 1
    cell.caught += caught


#: Longest line :func:`render_table` prints; wider tables are split into blocks of check columns.
WIDTH = 100
#: Longest check label shown in a column head; longer ones are cut (``--json`` has them in full).
LABEL = 30


def _head(label: str, width: int) -> str:
    return label if len(label) <= width else label[: width - 1] + "\u2026"


def _blocks(widths: list[int], room: int) -> list[list[int]]:
    """Column indexes grouped so that each group's columns (two spaces before each) fit in ``room``."""
    blocks: list[list[int]] = [[]]
    used = 0
    for index, width in enumerate(widths):
        if blocks[-1] and used + 2 + width > room:
            blocks.append([])
            used = 0
        blocks[-1].append(index)
        used += 2 + width
    return blocks


def render_table(cells: Sequence[Cell], width: int = WIDTH) -> list[str]:
    """Rows per edit kind, columns per check (``caught/total (share)``), in blocks of columns that keep every line
    within ``width`` characters; check labels over :data:`LABEL` characters are cut with an ellipsis."""
    if not cells:
        return ["no corrupted references: no edit of these kinds applies, or no check has a threshold"]
    kinds = list(dict.fromkeys(c.kind for c in cells))
    metrics = list(dict.fromkeys(c.metric for c in cells))
    found = {(c.metric, c.kind): c for c in cells}
    texts = {key: f"{c.caught}/{c.total} ({c.share:.0%})" if c.total else "-" for key, c in found.items()}
    kind_width = max(len("edit kind"), *(len(k) for k in kinds))
    widths = [max(min(len(m), LABEL), *(len(texts.get((m, k), "-")) for k in kinds)) for m in metrics]
    lines: list[str] = []
    for block in _blocks(widths, width - kind_width):
        if lines:
            lines.append("")
        lines.append("edit kind".ljust(kind_width) + "".join(f"  {_head(metrics[i], widths[i]):>{widths[i]}}" for i in block))
        lines += [kind.ljust(kind_width) + "".join(f"  {texts.get((metrics[i], kind), '-'):>{widths[i]}}" for i in block)
                  for kind in kinds]
    if any(len(m) > LABEL for m in metrics):
        lines.append(f"(check labels over {LABEL} characters are cut; --json has them in full)")
    return lines
