"""Executable documentation: every example in README.md, docs/*.md and suites/README.md runs.

The project's rule is that every example does what the text around it says. This
module finds the examples, runs them, and checks the claims their directives
state. The grammar is also described for doc writers in docs/contributing.md.

Which blocks are examples
-------------------------
Fenced blocks whose info string is ``yaml``/``yml`` (YAML examples) or
``bash``/``sh``/``shell``/``console`` (shell examples), and untagged blocks whose
first line starts with ``$ `` (a terminal transcript). Other blocks (``python``,
``text``, ``json``, untagged output) are not run.

Directives
----------
The line before an example (blank lines allowed in between) must be a one-line
HTML comment, invisible when rendered::

    <!-- doctest: ACTION key=value key="value with spaces" ... -->

An example without one fails with ``FILE:LINE: example has no doctest directive``.
Values are split like a shell would (``shlex``); a key may repeat where noted.
Unknown actions and keys are errors, so a typo cannot switch a check off.

``skip reason="..."``
    Do not run the example; the reason is required (keep skips few).

``suite [file=NAME] [wrap=suite|case] [base=NAME] [expect=valid|invalid] [error-contains=TEXT]... [setup=FIXTURE,...]``
    A YAML example that is a suite or part of one. It is written to NAME
    (default ``example-LINE.mt.yaml``) in the document's temporary directory
    and checked with ``mtcheck.api.validate``, which builds each check's metric
    as a run does (so a lexicon or model folder it names must be there: ``setup=``
    writes the files a reader would have, as for ``run``): it must load without errors
    (``expect=invalid``: it must fail, with each ``error-contains`` text in the
    errors). Without ``wrap`` the text is written exactly as shown. ``wrap=suite``
    takes the example's top-level keys over a minimal valid suite (so a
    ``defaults:``/``cases:`` or ``scales:`` fragment loads); ``wrap=case`` takes
    them over a minimal case of that suite (so a ``checks:`` or ``ratings:``
    fragment loads). ``base=NAME`` starts from a suite file written earlier in
    the same document instead of the minimal suite.

``yaml [file=NAME]``
    A YAML example that is not a suite (a CI workflow): it must parse, and is
    written to NAME when given.

``run [key=value]...``
    A shell example. ``bash``/``sh``/``shell`` blocks: every command (comments
    dropped, ``\\`` continuations joined) is one command. ``console`` blocks and
    transcripts: lines starting with ``$ `` are commands; other lines are
    illustrative output and are not compared (state the claims as keys). Each
    command runs with ``bash -c`` in the document's temporary directory, with
    ``mtcheck``, ``pytest`` and ``python`` of this checkout first on ``PATH``,
    ``PYTHONPATH`` set to the checkout, ``PYTEST_ADDOPTS=-p no:cacheprovider``,
    the test run's ``MTCHECK_CACHE_DIR``, the Hugging Face hub offline, and a
    timeout. Keys:

    - ``expect-exit=N`` (default 0), or ``N,N,...`` with one code per command;
    - ``stdout-contains=TEXT``, ``stderr-contains=TEXT``, ``stdout-lacks=TEXT``
      (repeatable; checked on the output of all the commands together; ``\\n``
      in TEXT is a line break);
    - ``creates=FILE,FILE``: files that must exist afterwards;
    - ``setup=FIXTURE,FIXTURE``: files a reader would already have, written
      first by a function in ``FIXTURES`` below (``bundled-suites`` copies
      suites/, ``translate-sh`` writes a toy ``cmd:`` system,
      ``libretranslate-server`` starts a local server for the example, ``apy-server``
      Apertium's, ...);
    - ``env=NAME=VALUE`` (repeatable; ``PYTHONPATH`` is put before the
      checkout's); ``stdin=TEXT`` (default empty; ``\\n`` is a line break); ``timeout=SECONDS``
      (default 120).

    ``needs=PATH,PATH`` (``suite`` and ``run``): files a Debian package installs that pip cannot (an Apertium
mode); where one is missing the example is not run and a warning names it (``.ci/run`` installs them all).

A ``run`` directive with ``cmd="COMMAND"`` stands alone, without a block: a
    hidden step that checks a claim the prose makes about the example above it
    (``Run it with `pytest negation.mt.yaml` ... reported as xfailed``).

Every document's examples run in order in one temporary directory, so a shell
example can use the files that YAML examples before it wrote.
"""
from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
import subprocess
import sys
import textwrap
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import pytest
import yaml

from mtcheck import api

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT / "fixtures"
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "suites" / "README.md"]
#: Documents whose examples took 40 s or more each on a busy 2-core machine (2026-11-29): they run the bundled
#: suites or many commands. Marked slow: the README's test command leaves them out, .ci/run runs them.
SLOW_DOCS = {"docs/ci-github-actions.md", "docs/suite-format.md", "docs/perturbations.md", "docs/regression.md",
             "docs/systems.md", "docs/reports.md", "docs/offline-metrics.md"}

YAML_LANGS = {"yaml", "yml"}
SHELL_LANGS = {"bash", "sh", "shell", "console"}
DIRECTIVE = re.compile(r"^\s*<!--\s*doctest:\s*(?P<body>.*?)\s*-->\s*$")
FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")

ACTION_KEYS: dict[str, set[str]] = {
    "skip": {"reason"},
    "suite": {"file", "wrap", "base", "expect", "error-contains", "setup", "needs"},
    "yaml": {"file"},
    "run": {
        "cmd", "expect-exit", "stdout-contains", "stderr-contains", "stdout-lacks",
        "creates", "setup", "env", "stdin", "timeout", "needs",
    },
}
REPEATABLE = {"error-contains", "stdout-contains", "stderr-contains", "stdout-lacks", "env"}
#: Keys whose ``\\n`` means a line break.
ESCAPED = {"error-contains", "stdout-contains", "stderr-contains", "stdout-lacks", "stdin"}
DEFAULT_TIMEOUT = 120

MINIMAL_SUITE: dict[str, Any] = {
    "name": "example",
    "source_lang": "en",
    "target_lang": "en",
    "defaults": {"checks": [{"metric": "chrf", "min": 0}]},
    "cases": [],
}
MINIMAL_CASE: dict[str, Any] = {
    "id": "example",
    "src": "The film was not good.",
    "ref": "The film was not good.",
    "hyp": "The film was not good.",
    "tags": [],
}


# --------------------------------------------------------------------------- parsing


@dataclass
class Directive:
    action: str
    options: dict[str, Any]
    line: int


@dataclass
class Example:
    """One step of a document: a fenced example with its directive, or a standalone ``run cmd=``."""

    doc: Path
    line: int  # of the opening fence (or of the standalone directive)
    lang: str  # "yaml", "shell", or "" for a standalone directive
    info: str
    text: str
    directive: Directive | None
    problems: list[str] = field(default_factory=list)

    @property
    def where(self) -> str:
        doc = self.doc.relative_to(ROOT) if self.doc.is_relative_to(ROOT) else self.doc.name
        return f"{doc}:{self.line}"


def parse_directive(body: str, line: int) -> tuple[Directive | None, list[str]]:
    try:
        words = shlex.split(body)
    except ValueError as exc:
        return None, [f"cannot parse the directive: {exc}"]
    if not words:
        return None, ["empty directive"]
    action, problems, options = words[0], [], {}
    if action not in ACTION_KEYS:
        return None, [f"unknown doctest action {action!r} (known: {', '.join(sorted(ACTION_KEYS))})"]
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if key in ESCAPED:
            value = value.replace("\\n", "\n")
        if not sep:
            problems.append(f"{word!r} is not key=value")
        elif key not in ACTION_KEYS[action]:
            problems.append(f"unknown key {key!r} for {action} (known: {', '.join(sorted(ACTION_KEYS[action]))})")
        elif key in REPEATABLE:
            options.setdefault(key, []).append(value)
        elif key in options:
            problems.append(f"key {key!r} given twice")
        else:
            options[key] = value
    if action == "skip" and not options.get("reason"):
        problems.append("skip needs reason=\"...\"")
    return Directive(action, options, line), problems


def block_kind(info: str, text: str) -> str | None:
    lang = info.strip().split()[0].lower() if info.strip() else ""
    if lang in YAML_LANGS:
        return "yaml"
    if lang in SHELL_LANGS:
        return "shell"
    if not lang and text.lstrip().startswith("$ "):
        return "shell"
    return None


def parse_doc(doc: Path) -> list[Example]:
    """The document's examples and standalone directives, in order."""
    lines = doc.read_text(encoding="utf-8").splitlines()
    examples: list[Example] = []
    pending: tuple[Directive | None, list[str], int] | None = None  # directive awaiting its block
    i = 0

    def flush_pending() -> None:
        nonlocal pending
        if pending is None:
            return
        directive, problems, line = pending
        pending = None
        if directive is not None and directive.action == "run" and "cmd" in directive.options:
            examples.append(Example(doc, line, "", "", directive.options["cmd"], directive, problems))
        else:
            examples.append(Example(doc, line, "", "", "", directive, problems + [
                "directive is not followed by an example block (only `run cmd=...` stands alone)"]))

    while i < len(lines):
        line = lines[i]
        match = DIRECTIVE.match(line)
        fence = FENCE.match(line)
        if match:
            flush_pending()
            directive, problems = parse_directive(match.group("body"), i + 1)
            pending = (directive, problems, i + 1)
            i += 1
            continue
        if fence:
            marker, indent = fence.group("fence"), len(fence.group("indent"))
            j = i + 1
            while j < len(lines) and not re.match(rf"^\s*{re.escape(marker[0])}{{{len(marker)},}}\s*$", lines[j]):
                j += 1
            body = textwrap.dedent("\n".join(ln[indent:] if ln[:indent].isspace() else ln for ln in lines[i + 1:j]))
            kind = block_kind(fence.group("info"), body)
            directive, problems = (pending[0], pending[1]) if pending else (None, [])
            if pending and directive is not None and "cmd" in directive.options:
                flush_pending()
                directive, problems = None, []
            else:
                pending = None
            if kind is not None:
                ex = Example(doc, i + 1, kind, fence.group("info").strip(), body + "\n", directive, list(problems))
                if directive is None and not problems:
                    ex.problems.append("example has no doctest directive")
                examples.append(ex)
            elif directive is not None:
                examples.append(Example(doc, i + 1, "", "", "", directive, problems + [
                    f"directive on a {fence.group('info').strip() or 'plain'} block, which is not run"]))
            i = j + 1
            continue
        if line.strip() and pending is not None:
            flush_pending()
        i += 1
    flush_pending()
    return examples


def shell_commands(ex: Example) -> list[str]:
    """The commands of a shell example: ``$`` lines of a transcript, or every line of a script."""
    raw = ex.text.splitlines()
    transcript = ex.info.split()[:1] == ["console"] or not ex.info
    commands: list[str] = []
    i = 0
    while i < len(raw):
        line = raw[i]
        if transcript and not line.startswith("$ "):
            i += 1
            continue
        command = line[2:] if transcript else line
        while command.rstrip().endswith("\\") and i + 1 < len(raw):
            i += 1
            command = command.rstrip()[:-1].rstrip() + " " + raw[i].strip()
        i += 1
        if command.strip() and not command.lstrip().startswith("#"):
            commands.append(command.strip())
    return commands


# --------------------------------------------------------------------------- fixtures
# Files a reader of the document would already have, copied from the repository's fixtures/
# (shared with the tests and benches). Keep them tiny and honest.


def fixture_bundled_suites(tmp: Path) -> None:
    """suites/: a copy of the bundled suites (what a checkout has)."""
    shutil.copytree(ROOT / "suites", tmp / "suites", dirs_exist_ok=True)


def fixture_demo_suite(tmp: Path) -> None:
    """suites/demo.mt.yaml (4 cases, en->de) and its outputs: v1 (good) and v2 (worse), as .txt and .jsonl,
    from fixtures/demo (v1.txt and v2.txt also in the folder itself)."""
    (tmp / "suites").mkdir(exist_ok=True)
    shutil.copy(SHARED / "demo" / "demo.mt.yaml", tmp / "suites")
    shutil.copytree(SHARED / "demo" / "outputs", tmp / "outputs", dirs_exist_ok=True)
    for name in ("v1.txt", "v2.txt"):
        shutil.copy(SHARED / "demo" / "outputs" / name, tmp)


def fixture_translate_py(tmp: Path) -> None:
    """translate.py: a toy command system that knows the demo suite's sources (fixtures/systems)."""
    for name in ("translate.py", "demo_table.py"):
        shutil.copy(SHARED / "systems" / name, tmp)


def fixture_my_mt(tmp: Path) -> None:
    """my_mt/adapter.py: a toy Python-function system that knows the demo suite's sources (fixtures/systems)."""
    shutil.copytree(SHARED / "systems" / "my_mt", tmp / "my_mt", dirs_exist_ok=True)
    shutil.copy(SHARED / "systems" / "demo_table.py", tmp)


#: The API key the libretranslate-server fixture's server wants (docs/systems.md shows it).
LT_API_KEY = "demo-key"
#: Longer than any example runs; the server is stopped when its example is done, this only bounds a
#: server whose test process was killed before it could stop it.
LT_SERVE_SECONDS = 300


def fixture_libretranslate_server(tmp: Path) -> Callable[[], None]:
    """lt-url: the URL of a LibreTranslate-compatible server that knows the demo suite's sources
    (fixtures/systems/libretranslate_server.py), listening on a free port with API key LT_API_KEY."""
    server = subprocess.Popen(
        [sys.executable, str(SHARED / "systems" / "libretranslate_server.py"), "--api-key", LT_API_KEY,
         "--url-file", str(tmp / "lt-url"), "--serve-seconds", str(LT_SERVE_SECONDS)],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, text=True,
    )
    assert server.stdout is not None
    with server.stdout:  # its one line says it is listening; empty if it exited first
        listening = server.stdout.readline()
    if not listening:
        raise RuntimeError(f"libretranslate_server.py exited with {server.wait()} before listening")

    def stop() -> None:
        server.terminate()
        server.wait()

    return stop


def fixture_apy_server(tmp: Path) -> Callable[[], None]:
    """apy-url: the URL of Apertium's HTTP server (apertium-apy, tests/helpers.py) serving eng-spa and spa-eng on a
    free port."""
    from helpers import ApyServer

    server = ApyServer(tmp / "_apy")
    (tmp / "apy-url").write_text(server.url + "\n", encoding="utf-8")
    return server.stop


def fixture_translate_sh(tmp: Path) -> None:
    """translate.sh: a toy command system that echoes each source (so most checks fail)."""
    shutil.copy(SHARED / "systems" / "translate.sh", tmp)


RUN_STEP_PY = '''\
"""Run one `run:` step of a GitHub Actions workflow, by name, as the runner would (bash, repo root)."""
import os, subprocess, sys
import yaml

workflow, name = sys.argv[1], sys.argv[2]
steps = [s for job in yaml.safe_load(open(workflow))["jobs"].values() for s in job["steps"]]
(step,) = [s for s in steps if s.get("name") == name]
env = dict(os.environ, GITHUB_STEP_SUMMARY=os.path.abspath("step-summary.md"))
sys.exit(subprocess.run(["bash", "-e", "-c", step["run"]], env=env).returncode)
'''


def fixture_workflow_steps(tmp: Path) -> None:
    """run_step.py: runs a named `run:` step of a workflow file (GITHUB_STEP_SUMMARY=step-summary.md)."""
    (tmp / "run_step.py").write_text(RUN_STEP_PY, encoding="utf-8")


def fixture_sentiwords_lexicon(tmp: Path) -> None:
    """lexicons/SentiWords_1.1.txt: a tiny lexicon in the SentiWords 1.1 layout (fixtures/lexicons), where a
    reader keeps the SentiWords file they downloaded."""
    (tmp / "lexicons").mkdir(exist_ok=True)
    shutil.copy(SHARED / "lexicons" / "sentiwords_header.txt", tmp / "lexicons" / "SentiWords_1.1.txt")


def fixture_model_folder(tmp: Path) -> None:
    """models/mbert: the files a saved Hugging Face model folder holds (config, weights, vocabulary), empty
    weights included: enough for ``validate``, which looks at their names and never loads a model."""
    folder = tmp / "models" / "mbert"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "config.json").write_text('{"model_type": "bert", "num_hidden_layers": 12}', encoding="utf-8")
    (folder / "model.safetensors").write_bytes(b"")
    (folder / "vocab.txt").write_text("[PAD]\n[UNK]\n", encoding="utf-8")


def fixture_xcomet_model(tmp: Path) -> None:
    """models/xcomet: a tiny random-weight xCOMET checkpoint in unbabel-comet's layout (tests/comet_checkpoint.py),
    where a reader keeps the xCOMET model they downloaded."""
    from comet_checkpoint import build_checkpoint

    build_checkpoint(tmp / "models" / "xcomet", "xcomet_metric", seed=26)


def fixture_metricx_model(tmp: Path) -> None:
    """models/metricx-23: a tiny random-weight MetricX-23 model folder (tests/metricx_checkpoint.py), where a reader
    keeps the MetricX model they downloaded."""
    from metricx_checkpoint import build_metricx

    build_metricx(tmp / "models" / "metricx-23", seed=26)


#: A fixture that leaves a process running returns a function that stops it; it is called when the
#: example that named the fixture is done.
FIXTURES: dict[str, Callable[[Path], Callable[[], None] | None]] = {
    "workflow-steps": fixture_workflow_steps,
    "bundled-suites": fixture_bundled_suites,
    "demo-suite": fixture_demo_suite,
    "translate-py": fixture_translate_py,
    "my-mt": fixture_my_mt,
    "libretranslate-server": fixture_libretranslate_server,
    "apy-server": fixture_apy_server,
    "translate-sh": fixture_translate_sh,
    "sentiwords-lexicon": fixture_sentiwords_lexicon,
    "model-folder": fixture_model_folder,
    "xcomet-model": fixture_xcomet_model,
    "metricx-model": fixture_metricx_model,
}


# --------------------------------------------------------------------------- running


def _bin_dir(tmp_root: Path) -> Path:
    """Console-script shims running this interpreter with this checkout (not another install)."""
    bin_dir = tmp_root / "bin"
    if bin_dir.exists():
        return bin_dir
    bin_dir.mkdir(parents=True)
    scripts = {
        "mtcheck": "import sys\nfrom mtcheck.commands.main import main\nsys.exit(main())\n",
        "pytest": "import sys\nfrom pytest import console_main\nsys.exit(console_main())\n",
    }
    for name, body in scripts.items():
        path = bin_dir / name
        path.write_text(f"#!{sys.executable}\n{body}", encoding="utf-8")
        path.chmod(0o755)
    python = bin_dir / "python"
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n', encoding="utf-8")
    python.chmod(0o755)
    shutil.copy(python, bin_dir / "python3")
    return bin_dir


def _env(bin_dir: Path, extra: list[str]) -> dict[str, str]:
    env = dict(os.environ)
    for name in ("MTCHECK_SAM_LEXICON", "PYTEST_XDIST_WORKER", "PYTEST_XDIST_WORKER_COUNT", "PYTEST_CURRENT_TEST"):
        env.pop(name, None)
    for name in ("http_proxy", "https_proxy", "all_proxy"):  # examples reach only loopback servers
        env.pop(name, None)
        env.pop(name.upper(), None)
    env.update(
        PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}",
        PYTHONPATH=str(ROOT),
        PYTEST_ADDOPTS="-p no:cacheprovider",
        HF_HUB_OFFLINE="1",
        TRANSFORMERS_OFFLINE="1",
        PYTHONIOENCODING="utf-8",
        COLUMNS="200",
    )
    for item in extra:
        name, _, value = item.partition("=")
        env[name] = f"{value}{os.pathsep}{ROOT}" if name == "PYTHONPATH" else value
    return env


def write_suite_example(ex: Example, data: Any, tmp: Path) -> tuple[Path, str] | list[str]:
    """Write the suite of a ``suite`` example (``data``: its YAML, parsed) into ``tmp`` as its directive says,
    wrapped into a whole suite where it is a fragment: the path and text written, or the problems."""
    d = ex.directive
    assert d is not None
    name = d.options.get("file", f"example-{ex.line}.mt.yaml")
    wrap = d.options.get("wrap")
    text = ex.text
    if wrap is not None or "base" in d.options:
        if wrap not in ("suite", "case"):
            return [f"wrap must be suite or case, not {wrap!r}"]
        if not isinstance(data, dict):
            return [f"wrap={wrap} needs a mapping, got {type(data).__name__}"]
        if "base" in d.options:
            base_path = tmp / d.options["base"]
            if not base_path.exists():
                return [f"base {d.options['base']} was not written by an earlier example"]
            suite = yaml.safe_load(base_path.read_text(encoding="utf-8"))
        else:
            suite = dict(MINIMAL_SUITE)
        if wrap == "suite":
            suite = {**suite, **data}
        else:
            suite = {**suite, "cases": [{**MINIMAL_CASE, **data}]}
        if not suite.get("cases"):
            suite["cases"] = [dict(MINIMAL_CASE)]
        text = yaml.safe_dump(suite, allow_unicode=True, sort_keys=False)
    path = tmp / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path, text


def run_yaml(ex: Example, tmp: Path) -> list[str]:
    d = ex.directive
    assert d is not None
    try:
        data = yaml.safe_load(ex.text)
    except yaml.YAMLError as exc:
        return [f"not valid YAML: {exc}"]
    if d.action == "yaml":
        if "file" in d.options:
            target = tmp / d.options["file"]
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(ex.text, encoding="utf-8")
        return []
    written = write_suite_example(ex, data, tmp)
    if isinstance(written, list):
        return written
    path, text = written
    with contextlib.ExitStack() as running:
        problems = set_up(d, tmp, running)
        if problems:
            return problems
        (result,) = api.validate([path])
    errors = [str(p) for p in result.errors]
    if d.options.get("expect", "valid") == "invalid":
        if not errors:
            return ["expected the suite to be invalid, but it loads"]
        joined = "\n".join(errors)
        return [f"errors lack {t!r}:\n{joined}" for t in d.options.get("error-contains", []) if t not in joined]
    if errors:
        return ["the suite does not load:\n  " + "\n  ".join(errors) + "\n--- written as:\n" + text]
    return []


def set_up(d: Directive, tmp: Path, running: contextlib.ExitStack) -> list[str]:
    """Run the ``setup=`` fixtures of ``d`` in ``tmp``; what they start stops when ``running`` closes."""
    for name in filter(None, d.options.get("setup", "").split(",")):
        if name not in FIXTURES:
            return [f"unknown setup fixture {name!r} (known: {', '.join(sorted(FIXTURES))})"]
        stop = FIXTURES[name](tmp)
        if stop is not None:
            running.callback(stop)
    return []


def run_shell(ex: Example, tmp: Path, bin_dir: Path) -> list[str]:
    d = ex.directive
    assert d is not None
    with contextlib.ExitStack() as running:  # what the setup fixtures started, stopped at the end
        return set_up(d, tmp, running) or run_commands(ex, tmp, bin_dir, d.options)


def run_commands(ex: Example, tmp: Path, bin_dir: Path, opts: dict[str, Any]) -> list[str]:
    commands = [opts["cmd"]] if ex.lang == "" else shell_commands(ex)
    if not commands:
        return ["no command found in the example"]
    codes = [int(c) for c in opts.get("expect-exit", "0").split(",")]
    if len(codes) == 1:
        codes *= len(commands)
    if len(codes) != len(commands):
        return [f"expect-exit lists {len(codes)} codes for {len(commands)} commands"]
    env = _env(bin_dir, opts.get("env", []))
    stdin = opts.get("stdin", "")
    timeout = float(opts.get("timeout", DEFAULT_TIMEOUT))
    problems, out, err = [], [], []
    for command, code in zip(commands, codes):
        try:
            proc = subprocess.run(
                ["bash", "-c", command], cwd=tmp, env=env, input=stdin, capture_output=True,
                text=True, encoding="utf-8", errors="replace", timeout=timeout,
            )
        except subprocess.TimeoutExpired:
            problems.append(f"`{command}` timed out after {timeout:g}s")
            continue
        out.append(proc.stdout)
        err.append(proc.stderr)
        if proc.returncode != code:
            problems.append(
                f"`{command}` exited with {proc.returncode}, expected {code}\n"
                f"--- stdout (end):\n{proc.stdout[-3000:]}\n--- stderr (end):\n{proc.stderr[-3000:]}"
            )
    stdout, stderr = "".join(out), "".join(err)
    for text in opts.get("stdout-contains", []):
        if text not in stdout:
            problems.append(f"stdout lacks {text!r}:\n{stdout[-3000:]}")
    for text in opts.get("stdout-lacks", []):
        if text in stdout:
            problems.append(f"stdout contains {text!r}:\n{stdout[-3000:]}")
    for text in opts.get("stderr-contains", []):
        if text not in stderr:
            problems.append(f"stderr lacks {text!r}:\n{stderr[-3000:]}")
    for name in filter(None, opts.get("creates", "").split(",")):
        if not (tmp / name).exists():
            problems.append(f"{name} was not created")
    return problems


def run_example(ex: Example, tmp: Path, bin_dir: Path) -> list[str]:
    d = ex.directive
    if ex.problems or d is None:
        return ex.problems or ["example has no doctest directive"]
    if d.action == "skip":
        return []
    absent = [path for path in filter(None, d.options.get("needs", "").split(",")) if not Path(path).exists()]
    if absent:
        warnings.warn(f"{ex.where}: not run: needs {', '.join(absent)}", stacklevel=1)
        return []
    if ex.lang == "yaml" and d.action in ("suite", "yaml"):
        return run_yaml(ex, tmp)
    if ex.lang in ("shell", "") and d.action == "run":
        return run_shell(ex, tmp, bin_dir)
    return [f"a {ex.lang or 'standalone'} example cannot take the {d.action!r} action"]


# --------------------------------------------------------------------------- tests


def _doc_param(doc: Path) -> Any:
    name = str(doc.relative_to(ROOT))
    return pytest.param(doc, id=name, marks=[pytest.mark.slow] if name in SLOW_DOCS else [])


def test_slow_docs_are_docs() -> None:
    """A document renamed or removed leaves no stale name behind, which would mark nothing."""
    assert SLOW_DOCS <= {str(doc.relative_to(ROOT)) for doc in DOCS}


@pytest.mark.parametrize("doc", [_doc_param(doc) for doc in DOCS])
def test_doc_examples(doc: Path, tmp_path: Path) -> None:
    """Every example of the document runs, in order, in one directory, and does what its directive says."""
    bin_dir = _bin_dir(tmp_path / "_bin")
    work = tmp_path / "doc"
    work.mkdir()
    failures = []
    for ex in parse_doc(doc):
        failures += [f"{ex.where}: {problem}" for problem in run_example(ex, work, bin_dir)]
    assert not failures, "\n\n".join(failures)


def test_directive_grammar_is_enforced(tmp_path: Path) -> None:
    doc = tmp_path / "doc.md"
    doc.write_text(textwrap.dedent("""\
        ```yaml
        a: 1
        ```

        <!-- doctest: skp reason=x -->
        ```bash
        true
        ```

        <!-- doctest: skip -->
        ```bash
        true
        ```

        <!-- doctest: run expect-exit=0 stdout-contains=x bogus=1 -->
        ```console
        $ true
        ```

        <!-- doctest: run cmd="true" -->

        ```text
        not an example
        ```
        """), encoding="utf-8")
    examples = parse_doc(doc)
    messages = [f"{ex.where}: {p}" for ex in examples for p in ex.problems]
    assert messages[0] == "doc.md:1: example has no doctest directive"
    assert "unknown doctest action 'skp'" in messages[1]
    assert "skip needs reason" in messages[2]
    assert "unknown key 'bogus' for run" in messages[3]
    assert len(messages) == 4
    assert [ex.lang for ex in examples] == ["yaml", "shell", "shell", "shell", ""]
    assert examples[-1].text == "true"


def test_an_example_whose_package_is_missing_is_not_run_and_says_so(tmp_path: Path) -> None:
    doc = tmp_path / "doc.md"
    doc.write_text(textwrap.dedent(f"""\
        <!-- doctest: run needs={tmp_path}/absent.mode -->
        ```console
        $ false
        ```

        <!-- doctest: run needs={doc} expect-exit=1 -->
        ```console
        $ false
        ```
        """), encoding="utf-8")
    missing, present = parse_doc(doc)
    with pytest.warns(UserWarning, match=f"doc.md:2: not run: needs {tmp_path}/absent.mode"):
        assert run_example(missing, tmp_path, tmp_path) == []
    assert run_example(present, tmp_path, _bin_dir(tmp_path / "_bin")) == []


def test_console_commands_and_continuations() -> None:
    ex = Example(ROOT, 1, "shell", "console", "$ a \\\n    b  # c\noutput\n$ d\n", None)
    assert shell_commands(ex) == ["a b  # c", "d"]
    ex = Example(ROOT, 1, "shell", "bash", "# comment\npytest x \\\n   --y z\n\nmtcheck run\n", None)
    assert shell_commands(ex) == ["pytest x --y z", "mtcheck run"]


def test_quickstart_is_two_commands_and_its_run_command_is_tested() -> None:
    """The README Quickstart installs, so it is skipped; it must stay two commands, the first ending in the run, the second the one .ci/run calls."""
    readme = parse_doc(ROOT / "README.md")
    quick = readme[0]
    assert quick.directive is not None and quick.directive.action == "skip"
    commands = shell_commands(quick)
    assert len(commands) == 2, commands
    assert commands[0].endswith("&& mtcheck run suites/")
    assert commands[1].endswith('&& python -m pytest -n auto -m "not slow"')
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1] in ci  # CI runs the newcomer's command
    assert "\npython -m pytest -n auto -m slow\n" in ci  # and the slow tests it leaves out
    assert "\n.ci/smoke-wheel\n" in ci  # and, before them, the wheel as published (tests/test_packaging.py)
    # `mtcheck run suites/` itself is run (and must exit 0) by tests/test_bundled_suites.py.
    bundled = (ROOT / "tests" / "test_bundled_suites.py").read_text(encoding="utf-8")
    assert 'main(["run", str(SUITES_DIR)]) == 0' in bundled


def test_suite_fragments_are_wrapped_and_invalid_suites_are_caught(tmp_path: Path) -> None:
    def example(text: str, body: str) -> Example:
        directive, problems = parse_directive(body, 1)
        assert directive is not None and not problems
        return Example(tmp_path / "doc.md", 2, "yaml", "yaml", textwrap.dedent(text), directive)

    bin_dir = tmp_path / "bin"
    header = "defaults:\n  checks:\n    - {metric: bleu, min: 10}\n"
    assert run_example(example(header, "suite wrap=suite file=a.mt.yaml"), tmp_path, bin_dir) == []
    assert "bleu" in (tmp_path / "a.mt.yaml").read_text()
    case = "checks:\n  - {metric: ter, max: 50}\nhyp: Hej.\n"
    assert run_example(example(case, "suite wrap=case base=a.mt.yaml file=b.mt.yaml"), tmp_path, bin_dir) == []
    (suite,) = api.load_suites([tmp_path / "b.mt.yaml"])
    assert suite.cases[0].hyps[0].text == "Hej."
    assert "bleu" in (tmp_path / "b.mt.yaml").read_text() and "ter" in (tmp_path / "b.mt.yaml").read_text()
    bad = "metrics:\n  characTER: {max: 0.35}\n"
    (problem,) = run_example(example(bad, "suite wrap=case"), tmp_path, bin_dir)
    assert problem.startswith("the suite does not load") and "metrics" in problem
    assert run_example(example(bad, "suite wrap=case expect=invalid error-contains=metrics"), tmp_path, bin_dir) == []
    (problem,) = run_example(example("a: [", "yaml"), tmp_path, bin_dir)
    assert problem.startswith("not valid YAML")
