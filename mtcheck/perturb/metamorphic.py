"""System metamorphic tests: noise on the source keeps the output's polarity; an inserted negation flips it."""
from __future__ import annotations

from dataclasses import dataclass, replace

from mtcheck.perturb.edit import Variant
from mtcheck.perturb.sensitivity import dump_cases, provenance, variant_id
from mtcheck.suite.model import Case, Suite

#: Polarities closer to 0 than this count as neutral.
NEUTRAL = 0.05
KEEP, FLIP = "keep", "flip"


def polarity(text: str) -> float:
    """Lexicon polarity of an English output (SAM's sentence polarity, default lexicon)."""
    from mtcheck.perturb.english import lexicon
    from mtcheck.sentiment import sentence_polarity

    return sentence_polarity(text, lexicon())


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


def render_relation(suite: Suite, case: Case, relation: Relation) -> str:
    """Failure text: the edit, both outputs and polarities, and the edited source as a ready-to-paste case."""
    want = "stay" if relation.expect == KEEP else "flip"
    generated = {
        "id": variant_id(case.id, relation.variant),
        "src": relation.variant.text,
        "ref": list(case.raw_refs) if len(case.raw_refs) > 1 else case.raw_refs[0],
        "tags": list(dict.fromkeys([*relation.variant.kinds, *case.tags])),
        "notes": provenance(suite, case, relation.variant, "source edited") + f" Output polarity must {want}.",
    }
    lines = [
        f"metamorphic relation broken: output polarity should {want}",
        "edit:", *[f"  {e.describe()}" for e in relation.variant.edits],
        f"source:        {relation.variant.original}",
        f"edited source: {relation.variant.text}",
        f"output:        {relation.output}  (polarity {relation.before:+.3f})",
        f"new output:    {relation.new_output}  (polarity {relation.after:+.3f})",
        "ready-to-paste case (under cases:):",
        dump_cases([generated]).rstrip(),
    ]
    return "\n".join(lines)
