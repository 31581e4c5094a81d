"""Resolving a model metric's torch device without importing torch."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtcheck.errors import MetricError
from mtcheck.metrics import device
from mtcheck.metrics.device import resolve_device


@pytest.fixture
def fake_torch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A torch package whose version.py says what the test writes; returns a function that writes it."""
    package = tmp_path / "site" / "torch"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("raise ImportError('resolving a device must not import torch')\n")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    monkeypatch.delitem(__import__("sys").modules, "torch", raising=False)

    def write(cuda: str | None) -> None:
        value = "None" if cuda is None else repr(cuda)
        (package / "version.py").write_text(f"__version__ = '2.13.0'\ncuda: Optional[str] = {value}\n")

    return write


@pytest.mark.parametrize(("build", "gpu", "expected"), [("12.4", True, "cuda"), ("12.4", False, "cpu"),
                                                         (None, True, "cpu"), (None, False, "cpu")])
def test_auto_is_cuda_only_with_a_cuda_build_and_a_visible_gpu(fake_torch, monkeypatch: pytest.MonkeyPatch,
                                                               build: str | None, gpu: bool, expected: str) -> None:
    fake_torch(build)
    monkeypatch.setattr(device, "gpu_visible", lambda: gpu)
    assert device.torch_cuda_build() == build
    assert resolve_device(None, "bertscore") == resolve_device("auto", "bertscore") == expected


@pytest.mark.parametrize("hidden", ["", "-1"])
def test_cuda_visible_devices_can_hide_every_gpu(monkeypatch: pytest.MonkeyPatch, hidden: str) -> None:
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", hidden)
    assert not device.gpu_visible()


def test_without_torch_auto_is_cpu(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(device.importlib.util, "find_spec", lambda name: None)
    assert device.torch_cuda_build() is None
    assert resolve_device(None, "bertscore") == "cpu"


@pytest.mark.parametrize("given", ["cpu", "cuda", "cuda:1", " mps "])
def test_a_given_device_is_kept(given: str) -> None:
    assert resolve_device(given, "bertscore") == given.strip()


@pytest.mark.parametrize("bad", ["", "  ", 3])
def test_a_bad_device_is_an_error(bad: object) -> None:
    with pytest.raises(MetricError, match="bertscore: device must be 'auto', 'cpu', 'cuda' or another torch device"):
        resolve_device(bad, "bertscore")  # type: ignore[arg-type]


@pytest.mark.parametrize(("environ", "expected"), [
    ({}, None),
    ({"PYTEST_XDIST_WORKER_COUNT": "2"}, "half"),
    ({"PYTEST_XDIST_WORKER_COUNT": "2", "OMP_NUM_THREADS": "3"}, None),
    ({"PYTEST_XDIST_WORKER_COUNT": "2", "MKL_NUM_THREADS": "1"}, None),
    ({"PYTEST_XDIST_WORKER_COUNT": "100000"}, 1),
    ({"PYTEST_XDIST_WORKER_COUNT": "x"}, None),
])
def test_xdist_workers_share_the_cpus_unless_the_user_set_threads(monkeypatch: pytest.MonkeyPatch,
                                                                   environ: dict, expected: object) -> None:
    monkeypatch.setattr(device.os, "sched_getaffinity", lambda pid: {0, 1, 2, 3}, raising=False)
    assert device.xdist_worker_threads(environ) == (2 if expected == "half" else expected)
