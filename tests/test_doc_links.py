"""Links between the documents resolve: every relative link names a file that exists, and every
``#anchor`` names a heading of its target, as GitHub renders it.

A document that is rewritten or split (docs/sam.md and docs/sam-evaluation.md were) must not
leave a link into a heading that is gone; tests/test_docs.py runs the examples, this checks the
links around them.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [
    ROOT / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
    ROOT / "suites" / "README.md",
    ROOT / "bench" / "data" / "README.md",
]

#: ``[text](target)`` or ``[text](target#anchor)``, target relative (no scheme).
LINK = re.compile(r"\]\((?P<target>[^)\s#:]*)(?:#(?P<anchor>[^)\s]+))?\)")
HEADING = re.compile(r"^#{1,6}\s+(?P<title>.+?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")


def slug(title: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation but ``-`` and ``_`` dropped, spaces to ``-``."""
    return re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")


def anchors(doc: Path) -> set[str]:
    """The anchors of a document's headings (outside code blocks); a repeated heading gets ``-1``, ``-2``..."""
    seen: dict[str, int] = {}
    in_fence = False
    for line in doc.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        match = None if in_fence else HEADING.match(line)
        if match:
            base = slug(match.group("title"))
            seen[base] = seen.get(base, -1) + 1
    return {base if n == 0 else f"{base}-{n}" for base, count in seen.items() for n in range(count + 1)}


def links(doc: Path) -> list[tuple[int, str, str | None]]:
    """(line, target, anchor) of each relative link outside code blocks."""
    found = []
    in_fence = False
    for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        if not in_fence:
            found += [(number, m.group("target"), m.group("anchor")) for m in LINK.finditer(line)]
    return found


def test_slug_follows_github() -> None:
    assert slug("The bundled suites' penalty") == "the-bundled-suites-penalty"
    assert slug("The aligned penalty (the default)") == "the-aligned-penalty-the-default"
    assert slug("`source-parity`") == "source-parity"
    assert slug('Detection per kind: the "before" row of issue #39') == "detection-per-kind-the-before-row-of-issue-39"


def test_repeated_headings_are_numbered(tmp_path: Path) -> None:
    doc = tmp_path / "doc.md"
    doc.write_text("# Title\n## Part\n```\n## not a heading\n```\n## Part\n", encoding="utf-8")
    assert anchors(doc) == {"title", "part", "part-1"}


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_links_resolve(doc: Path) -> None:
    broken = []
    for number, target, anchor in links(doc):
        path = (doc.parent / target).resolve() if target else doc
        if not path.exists():
            broken.append(f"{doc.relative_to(ROOT)}:{number}: {target} does not exist")
        elif anchor and path.suffix == ".md" and anchor not in anchors(path):
            broken.append(f"{doc.relative_to(ROOT)}:{number}: {target or doc.name} has no heading #{anchor}")
    assert not broken, "\n".join(broken)
