"""System metamorphic tests: noise on the source keeps the output's polarity; an inserted negation flips it;
a negation inserted into or dropped from the source changes the number of negations of the output.

Output polarity is read in the target language, with its file's lexicon, negators and degree words, as
``source-parity`` reads it (:func:`mtcheck.parity.polarity.sentence_polarity`); a target language without a file
has none, so no keep or flip test."""
from __future__ import annotations

from dataclasses import dataclass, replace

from mtcheck.parity.negation import Negations
from mtcheck.perturb.edit import Variant
from mtcheck.perturb.sensitivity import dump_cases, provenance, variant_id
from mtcheck.suite.model import Case, Suite

#: Polarities closer to 0 than this count as neutral.
NEUTRAL = 0.05
KEEP, FLIP, NEGATION = "keep", "flip", "negation"
#: The source edits of the negation relation.
NEGATION_KINDS = ("negation-insert", "negation-drop")


def sign(value: float) -> int:
    return 0 if abs(value) < NEUTRAL else (1 if value > 0 else -1)


@dataclass(frozen=True)
class Relation:
    """What happened to the output polarity when the source was edited."""

    expect: str
    variant: Variant
    output: str
    new_output: str
    before: float
    after: float

    @property
    def holds(self) -> bool:
        if self.expect == KEEP:
            return sign(self.after) == sign(self.before)
        return sign(self.after) == -sign(self.before) != 0


def variant_case(case: Case, variant: Variant) -> Case:
    """``case`` with its source edited (and an id of its own, so a system translates it separately)."""
    return replace(case, id=variant_id(case.id, variant), src=variant.text)


@dataclass(frozen=True)
class NegationRelation:
    """What happened to the output's negations (:mod:`mtcheck.parity.negation`) when the source's were changed."""

    variant: Variant
    output: str
    new_output: str
    before: Negations
    after: Negations

    @property
    def holds(self) -> bool:
        return self.after.count != self.before.count


def _edited_case(suite: Suite, case: Case, variant: Variant, must: str, *, keep_refs: bool) -> dict[str, object]:
    """The edited source as a suite case, with the original's references where ``keep_refs`` (and it has any)."""
    refs = list(case.raw_refs) if keep_refs else []
    return {
        "id": variant_id(case.id, variant),
        "src": variant.text,
        **({"ref": refs if len(refs) > 1 else refs[0]} if refs else {}),
        "tags": list(variant.kinds),  # what the generated case tests, not what the original does
        "notes": provenance(suite, case, variant, "source edited") + f" {must}",
    }


def _negations_text(negations: Negations) -> str:
    words = f": {', '.join(negations.negators)}" if negations.negators else ""
    return f"{negations.count} negation{'' if negations.count == 1 else 's'}{words}"


def render_negation_relation(suite: Suite, case: Case, relation: NegationRelation) -> str:
    """Failure text: the edit, both outputs with their negations, and the edited source as a ready-to-paste case
    checked by ``source-parity`` (which needs no reference)."""
    generated = _edited_case(suite, case, relation.variant, "The output's negations must change with the source's.",
                             keep_refs=False)  # the original's references do not say what the edited source says
    generated["checks"] = [{"metric": "source-parity", "min": 100}]
    return _broken_text("the source's negation changed, the output's did not", relation.variant, generated,
                        f"{relation.output}  ({_negations_text(relation.before)})",
                        f"{relation.new_output}  ({_negations_text(relation.after)})")


def render_relation(suite: Suite, case: Case, relation: Relation) -> str:
    """Failure text: the edit, both outputs and polarities, and the edited source as a ready-to-paste case."""
    want = "stay" if relation.expect == KEEP else "flip"
    generated = _edited_case(suite, case, relation.variant, f"Output polarity must {want}.", keep_refs=True)
    return _broken_text(f"output polarity should {want}", relation.variant, generated,
                        f"{relation.output}  (polarity {relation.before:+.3f})",
                        f"{relation.new_output}  (polarity {relation.after:+.3f})")


def _broken_text(broken: str, variant: Variant, generated: dict[str, object], output: str, new_output: str) -> str:
    """A broken relation's failure text: the edit, both sources and outputs, and the ready-to-paste case."""
    lines = [
        f"metamorphic relation broken: {broken}",
        "edit:", *[f"  {e.describe()}" for e in variant.edits],
        f"source:        {variant.original}",
        f"edited source: {variant.text}",
        f"output:        {output}",
        f"new output:    {new_output}",
        "ready-to-paste case (under cases:):",
        dump_cases([generated]).rstrip(),
    ]
    return "\n".join(lines)
