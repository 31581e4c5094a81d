"""Paths named in a suite file stay inside the suite's own folder.

A suite may name files (an outputs file, a lexicon, IDF sentences, a rescaling
baseline) and a model folder only in the folder that holds it or below it. A
path leading elsewhere (``../``, an absolute path, a link pointing out) and a
special file (a FIFO, a device) are errors when the suite loads; so is a COMET
model folder whose ``hparams.yaml`` names an encoder folder (``pretrained_model``)
that leads elsewhere, since the encoder's config and tokenizer are read from it. A model name
that is not a path is a Hugging Face hub name: it is kept, and a run uses it
only when the user passes it too (see :func:`refused_hub_model`). Values the
user gives on the command line, in the ini file or in the environment never pass
through here: they are trusted.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from mtcheck.errors import MetricError, Setting
from mtcheck.metrics import is_default_lexicon
from mtcheck.metrics.comet_files import HPARAMS, named_encoder
from mtcheck.safety.files import NUL_FIX, NUL_PROBLEM, file_kind, has_nul, looks_like_path

#: Check params that name a file, or (``model``) a folder; resolved against the suite's folder.
PATH_PARAMS = ("lexicon", "model", "baseline_path", "idf_sents")
MODEL = "model"
#: (message, fix) of one path a suite may not name.
Issue = tuple[str, str]


def _within(path: str, root: str) -> bool:
    return os.path.commonpath([path, root]) == root


def _kind(path: str) -> str | None:
    """What is at ``path`` (links followed): ``"a regular file"``, ``"a folder"``, ...; None when nothing is."""
    try:
        return file_kind(os.stat(path).st_mode)
    except OSError:
        return None  # missing or unreadable: the run that needs it says so


def _folder_problem(folder: str, root: str) -> str | None:
    """Why the model folder ``folder`` may not be read: an entry that is a link out of ``root``, or a special file."""
    seen: set[str] = set()
    for current, dirs, files in os.walk(folder, followlinks=True):
        if os.path.realpath(current) in seen:
            dirs.clear()
            continue
        seen.add(os.path.realpath(current))
        for name in dirs + files:
            entry = os.path.join(current, name)
            shown = os.path.relpath(entry, folder)
            if not _within(os.path.realpath(entry), root):
                return f"holds {shown!r}, a link that leads outside the suite's folder"
            kind = _kind(entry)
            if kind not in (None, "a regular file", "a folder"):
                return f"holds {shown!r}, which is {kind}"
    return None


def _problem(suite_file: Path, joined: Path, folder: bool) -> Issue | None:
    """Why the suite may not name ``joined`` (its folder joined to a value), with the start of a fix; None when it may."""
    if has_nul(joined):
        return NUL_PROBLEM, NUL_FIX
    root = os.path.abspath(suite_file.parent)
    outside = (f"is outside the suite's folder {root}", "move it into that folder (or below)")
    if not _within(os.path.abspath(joined), root):
        return outside
    real, real_root = os.path.realpath(joined), os.path.realpath(root)
    if not _within(real, real_root):
        return f"is a link that leads outside the suite's folder {root}", outside[1]
    kind, wanted = _kind(real), "a folder" if folder else "a regular file"
    if kind is not None and kind != wanted:
        return f"is {kind}, not {wanted}", f"name {wanted} inside the suite's folder"
    inside = _folder_problem(real, real_root) if folder and kind is not None else None
    return None if inside is None else (inside, "keep only files and folders of the suite's folder in the model folder")


def _encoder_problem(suite_file: Path, model: Path) -> Issue | None:
    """Why the suite may not name the COMET model folder ``model``: its encoder folder may not be read; None when it
    may (or none is named: a hub name is read from the local Hugging Face cache alone, never fetched for a suite)."""
    encoder = named_encoder(model) if os.path.isdir(model) else None
    problem = None if encoder is None else _problem(suite_file, encoder, folder=True)
    if problem is None:
        return None
    return (f"names in {HPARAMS} the encoder {str(encoder)!r} (pretrained_model), which {problem[0]}",
            f"{problem[1]}, and write its path in {HPARAMS} relative to the model folder")


def outputs_file(suite_file: Path, value: str) -> tuple[str | None, Issue | None]:
    """The suite's ``system: file:VALUE`` as a spec with the path resolved, or why the suite may not name it."""
    joined = suite_file.parent / value
    problem = _problem(suite_file, joined, folder=False)
    if problem is None:
        return f"file:{joined}", None
    return None, (f"the outputs file {problem[0]}",
                  f"{problem[1]}, or give it yourself: --mt-system file:PATH (mtcheck run: --system file:PATH)")


def _stored(path: Path, key: str) -> str:
    """``path`` as text no reader can take for a hub model name or a home folder: ``./`` before a
    relative model folder and before ``~`` (other paths stay as they were, so check keys keep)."""
    text = str(path)
    misread = text.startswith("~") or (key == MODEL and not looks_like_path(text))
    return f"./{text}" if misread and not path.is_absolute() else text


def _is_hub_name(suite_file: Path, value: str) -> bool:
    return not looks_like_path(value) and not os.path.lexists(suite_file.parent / value)


def _user_way(metric: str, key: str) -> str:
    """How the user gives ``key`` of ``metric`` on the command line instead."""
    if key == "lexicon":
        return "--mt-sam-lexicon PATH (mtcheck run: --sam-lexicon PATH)"
    if key == MODEL and metric in ("bertscore", "sam:bertscore"):
        return "--mt-bertscore-model NAME_OR_PATH (mtcheck run: --bertscore-model NAME_OR_PATH)"
    return f"--mt-param {metric}.{key}=PATH (mtcheck run: --param {metric}.{key}=PATH)"


def suite_params(suite_file: Path, metric: str, params: dict[str, Any]) -> tuple[dict[str, Any], list[Issue], list[Issue]]:
    """A check's params with each path resolved against the suite's folder, the errors, and the warnings.

    Lexicon names (``default``) and hub model names stay as written; a hub name is warned
    about, since a run refuses it unless the user passes it too.
    """
    resolved: dict[str, Any] = dict(params)
    errors: list[Issue] = []
    warnings: list[Issue] = []
    for key in PATH_PARAMS:
        value = params.get(key)
        if not isinstance(value, str) or (key == "lexicon" and is_default_lexicon(value)):
            continue
        if key == MODEL and _is_hub_name(suite_file, value):
            warnings.append((f"{MODEL} {value!r} is no file or folder in the suite's folder, so it is taken for a "
                             "Hugging Face hub name: a run refuses it unless you pass it yourself, since a suite file "
                             "never makes mtcheck reach the hub",
                             f"pass {_user_way(metric, key).replace('NAME_OR_PATH', value)}, "
                             "or name a model folder inside the suite's folder"))
            continue
        path = suite_file.parent / value
        problem = _problem(suite_file, path, folder=key == MODEL)
        if problem is None and key == MODEL:
            problem = _encoder_problem(suite_file, path)
        if problem is None:
            resolved[key] = _stored(path, key)
        else:
            errors.append((f"{key} {value!r} {problem[0]}", f"{problem[1]}, or give it yourself: {_user_way(metric, key)}"))
    return resolved, errors, warnings


def refused_hub_model(metric: str, from_suite: dict[str, Any], from_user: dict[str, Any]) -> MetricError | None:
    """The error for a hub model name in a check's params ``from_suite`` (the loader stores local models as
    paths), unless the user's own settings ``from_user`` name the model; None when the check may run."""
    model = from_suite.get(MODEL)
    if MODEL in from_user or not isinstance(model, str) or looks_like_path(model):
        return None
    return MetricError(
        f"{metric}: model {model!r} in the suite is no file or folder in the suite's folder, so it is taken for a "
        "Hugging Face hub name, and a suite file never makes mtcheck reach the hub",
        setting=Setting(metric, MODEL, model, in_suite=False))

