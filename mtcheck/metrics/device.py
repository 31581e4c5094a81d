"""Which torch device a model metric runs on, decided without importing torch.

A score's signature names the device (GPU kernels and CPU kernels differ in
the last digits), and a signature is built on every run, warm cache included,
where importing torch (seconds) would be wasted. So ``auto`` is resolved from
what torch would see: a CUDA build of torch (its ``version.py`` says so), an
NVIDIA device node, and ``CUDA_VISIBLE_DEVICES`` not hiding every GPU. The
metric then passes the resolved device to torch explicitly, so the scores are
computed where the signature says.
"""
from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path

from mtcheck.errors import MetricError

AUTO = "auto"
#: Variables by which a user sets the CPU threads of torch's kernels; mtcheck leaves the count alone when one is set.
THREAD_SETTINGS = ("OMP_NUM_THREADS", "MKL_NUM_THREADS")
_CUDA_BUILD = re.compile(r"^cuda\s*(?::[^=]*)?=\s*['\"]([^'\"]+)['\"]", re.M)


def torch_cuda_build() -> str | None:
    """The CUDA version torch was built with (``"12.4"``), or None for a CPU build or no torch; torch is not imported."""
    spec = importlib.util.find_spec("torch")
    if spec is None or not spec.submodule_search_locations:
        return None
    try:
        text = (Path(next(iter(spec.submodule_search_locations))) / "version.py").read_text(encoding="utf-8")
    except OSError:
        return None
    match = _CUDA_BUILD.search(text)
    return match.group(1) if match else None


def gpu_visible() -> bool:
    """An NVIDIA GPU is present and not hidden by ``CUDA_VISIBLE_DEVICES``."""
    hidden = os.environ.get("CUDA_VISIBLE_DEVICES")
    if hidden is not None and hidden.strip() in ("", "-1"):
        return False
    return Path("/dev/nvidiactl").exists() and any(Path("/dev").glob("nvidia[0-9]*"))


def resolve_device(device: str | None, metric: str) -> str:
    """``cuda`` or ``cpu`` for ``auto``/None; any other torch device string as given (``cuda:1``, ``mps``)."""
    if device is None or device == AUTO:
        return "cuda" if torch_cuda_build() and gpu_visible() else "cpu"
    if not isinstance(device, str) or not device.strip():
        raise MetricError(f"{metric}: device must be 'auto', 'cpu', 'cuda' or another torch device, not {device!r}")
    return device.strip()


def xdist_worker_threads(environ: dict[str, str] | os._Environ[str] = os.environ) -> int | None:
    """CPU threads for a model in this pytest-xdist worker: its share of the CPUs, at least one.

    Each worker would otherwise start one thread per CPU, so ``-n 2`` on two CPUs
    runs four busy threads on two cores and is slower than a serial run. None
    outside xdist, or when the user set ``OMP_NUM_THREADS``/``MKL_NUM_THREADS``.
    """
    workers = environ.get("PYTEST_XDIST_WORKER_COUNT")
    if not workers or not workers.isdigit() or any(environ.get(name) for name in THREAD_SETTINGS):
        return None
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, cpus // max(1, int(workers)))
