"""A suite's header: format version, name, description, languages, ``system:``, rating scales and the
opt-in to the reference syntax."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from mtcheck.errors import quoted
from mtcheck.languages.language_codes import LanguageCodeError, canonical_lang
from mtcheck.suite.fields import Reporter, check_keys, text_field
from mtcheck.suite.paths import outputs_file
from mtcheck.suite.ratings import validate_scales
from mtcheck.suite.yamlsource import LMap

SUITE_KEYS = {
    "version", "name", "description", "source_lang", "target_lang", "defaults", "system",
    "scales", "alternatives", "ref_alternatives", "cases", "corpus",
}
SUPPORTED_VERSION = 1
#: The systems a suite may name itself (``recorded``, ``recorded:NAME``, ``file:PATH``): none runs code.
RECORDED, FILE = "recorded", "file"


def suite_system(report: Reporter, doc: LMap, path: Path) -> str | None:
    """A suite may only name recorded outputs or an outputs file in its folder: a suite file never runs code."""
    spec = text_field(report, doc, "system", "suite", required=False)
    if spec is None:
        return None
    if spec == RECORDED or spec.startswith(f"{RECORDED}:"):
        return spec
    if spec.startswith(f"{FILE}:"):
        resolved, problem = outputs_file(path, spec[len(FILE) + 1:])
        if problem is not None:
            report.add(doc, "system", f"suite: system {quoted(spec)}: {problem[0]}", problem[1])
        return resolved
    report.add(doc, "system", f"suite: system {quoted(spec)} is not allowed in a suite file (a suite never runs code or calls a server)",
               f"name '{RECORDED}', '{RECORDED}:NAME' or '{FILE}:PATH' here, and pass live systems with --mt-system")
    return None


def parse_header(report: Reporter, doc: LMap, path: Path) -> dict[str, Any]:
    check_keys(report, doc, SUITE_KEYS, "suite")
    version = doc.get("version", SUPPORTED_VERSION)
    if version != SUPPORTED_VERSION:
        report.add(doc, "version", f"suite format version {quoted(version)} is not supported", f"use 'version: {SUPPORTED_VERSION}'")
    header: dict[str, Any] = {
        "name": text_field(report, doc, "name", "suite", required=False) or path.name.split(".")[0],
        "description": text_field(report, doc, "description", "suite", required=False) or "",
        "system": suite_system(report, doc, path),
    }
    for key in ("source_lang", "target_lang"):
        header[key] = _language(report, doc, key)
    header["scales"] = validate_scales(report, doc)
    return header


def _language(report: Reporter, doc: LMap, key: str) -> str:
    """The suite's ``key`` as a canonical code (``EN`` -> ``en``); a language's name is an error with the code to write."""
    lang = text_field(report, doc, key, "suite", required=True)
    if lang is None:
        return "und"
    try:
        return canonical_lang(lang)
    except LanguageCodeError as exc:
        report.add(doc, key, f"suite: {key} {exc.message}", exc.fix)
        return "und"


def parse_alternatives(report: Reporter, doc: LMap) -> bool:
    """The suite's opt-in to the reference syntax: ``alternatives: true`` (``ref_alternatives`` is its old name)."""
    if "alternatives" in doc and "ref_alternatives" in doc:
        report.add(doc, "ref_alternatives", "suite: both 'alternatives' and 'ref_alternatives' are set", "keep only 'alternatives'")
    key = "alternatives" if "alternatives" in doc or "ref_alternatives" not in doc else "ref_alternatives"
    value = doc.get(key, False)
    if not isinstance(value, bool):
        report.add(doc, key, f"suite: {key} must be true or false", "write 'alternatives: true' to expand (a/b) and [optional]")
        return False
    if key == "ref_alternatives":
        report.warn(doc, key, "suite: 'ref_alternatives' is the old name of 'alternatives' (default now false)", "rename it to 'alternatives'")
    return value
