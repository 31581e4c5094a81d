"""The files of a learned metric's checkpoint (COMET, xCOMET, MetricX): checked before a weight is read, and the
tokenizer read only from a file the folder holds.

Weights are checked by their headers alone (:func:`check_weights`): a file that is
empty, cut short or of another kind is one :class:`MetricError` naming it when the
metric is built, never a torch or safetensors traceback at the first score. The
tokenizer comes from ``tokenizer.json`` or the model's SentencePiece file
(:func:`tokenizer_file`): transformers, given a folder with neither, makes up a
tokenizer of special tokens alone, and every text then scores the same.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING

from mtcheck.errors import MetricError

if TYPE_CHECKING:
    from tokenizers import Tokenizer

TOKENIZER_JSON = "tokenizer.json"
#: How torch's format before 1.6 starts: pickle protocol 2, then torch's magic number as a 10-byte long.
_TORCH_LEGACY_START = b"\x80\x02\x8a\x0a" + (0x1950A86A20F9469CFC6C).to_bytes(10, "little")
#: The largest safetensors header the safetensors library reads.
_SAFETENSORS_HEADER_LIMIT = 100_000_000
#: A local file header of a zip member without its name and extra field (bytes).
_ZIP_LOCAL_HEADER = 30
_DIGESTS: dict[tuple[str, int, int], str] = {}


def file_digest(path: Path) -> str:
    """sha256 of the file, computed once per process for each (path, size, modification time)."""
    status = path.stat()
    key = (str(path), status.st_size, status.st_mtime_ns)
    if key not in _DIGESTS:
        digest = hashlib.sha256()
        with path.open("rb") as stream:
            for block in iter(lambda: stream.read(1 << 20), b""):
                digest.update(block)
        _DIGESTS[key] = digest.hexdigest()
    return _DIGESTS[key]


def named(path: Path) -> str:
    """``NAME@SHA256`` (16 digits) of a file, as signatures name what was loaded."""
    return f"{path.name}@{file_digest(path)[:16]}"


def _safetensors_problem(path: Path, size: int) -> str | None:
    """What is wrong with the safetensors file (its header, and whether the file holds every tensor it lists)."""
    with path.open("rb") as stream:
        length = int.from_bytes(stream.read(8), "little")
        if size < 8 or length > min(size - 8, _SAFETENSORS_HEADER_LIMIT):
            return "has no safetensors header (cut short, or another kind of file)"
        try:
            header = json.loads(stream.read(length))
            ends = [int(entry["data_offsets"][1]) for key, entry in header.items() if key != "__metadata__"]
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            return "has no safetensors header (cut short, or another kind of file)"
    needed = 8 + length + max(ends, default=0)
    return None if needed <= size else f"is cut short: it holds {size:,} bytes of the {needed:,} its header lists"


def _torch_problem(path: Path, size: int) -> str | None:
    """What is wrong with the torch checkpoint: a zip archive (torch.save's format) whose members all lie inside
    the file and that holds a pickle, or torch's format before 1.6."""
    with path.open("rb") as stream:
        if stream.read(len(_TORCH_LEGACY_START)) == _TORCH_LEGACY_START:
            return None
    what = ("is no torch checkpoint: torch.save writes a zip archive, and this file is none (cut short, or another "
            "kind of file)")
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, ValueError, EOFError):
        return what
    if not any(member.filename.rsplit("/", 1)[-1] == "data.pkl" for member in members):
        return "is a zip archive but no torch checkpoint (it holds no data.pkl)"
    end = max(m.header_offset + _ZIP_LOCAL_HEADER + len(m.filename.encode()) + m.compress_size for m in members)
    return None if end <= size else f"is cut short: it holds {size:,} bytes of the {end:,} its members need"


def check_weights(metric: str, path: Path) -> None:
    """Raise :class:`MetricError` when the weights file ``path`` (``*.safetensors``, or a torch ``*.ckpt``/``*.bin``)
    is empty, cut short or of another kind; reads its headers, not its weights."""
    try:
        size = path.stat().st_size
        if size == 0:
            problem: str | None = "is empty (0 bytes)"
        elif path.suffix == ".safetensors":
            problem = _safetensors_problem(path, size)
        else:
            problem = _torch_problem(path, size)
    except OSError as exc:
        problem = f"cannot be read: {exc.strerror or exc}"
    if problem is not None:
        raise MetricError(f"{metric}: weights file {path} {problem}",
                          fix="download the checkpoint again, or name another model folder")


def tokenizer_file(metric: str, folder: Path, sentencepiece: str, source: str) -> Path:
    """The tokenizer file of ``folder``: ``tokenizer.json``, else the SentencePiece model ``sentencepiece``; a
    :class:`MetricError` when it holds neither. ``source`` names where a user gets one (the base model)."""
    for name in (TOKENIZER_JSON, sentencepiece):
        if (folder / name).is_file():
            return folder / name
    raise MetricError(f"{metric}: {folder} holds no tokenizer ({TOKENIZER_JSON} or {sentencepiece}); without the "
                      "model's own, every text would score the same",
                      fix=f"copy {TOKENIZER_JSON} or {sentencepiece} of {source} into that folder")


def check_vocabulary(metric: str, tokenizer: Tokenizer, path: Path, embeddings: int, model: Path) -> None:
    """Raise :class:`MetricError` when the tokenizer read from ``path`` has ids beyond the ``embeddings`` rows of
    ``model``'s vocabulary: it belongs to another model (torch would fail on the first such id, mid-run)."""
    size = tokenizer.get_vocab_size(with_added_tokens=True)
    if size > embeddings:
        raise MetricError(f"{metric}: tokenizer {path} has {size:,} entries, more than the {embeddings:,} of {model}: "
                          "it belongs to another model", fix="copy the tokenizer of the model itself into the folder")


def load_tokenizer(metric: str, path: Path) -> Tokenizer:
    """The tokenizer in ``path`` (from :func:`tokenizer_file`); a :class:`MetricError` naming the file when it cannot
    be read as one. A SentencePiece model is converted by transformers, which needs the sentencepiece package."""
    from tokenizers import Tokenizer

    if path.name == TOKENIZER_JSON:
        try:
            return Tokenizer.from_file(str(path))
        except Exception as exc:  # noqa: BLE001 (tokenizers raises a bare Exception for any file it cannot read)
            raise MetricError(f"{metric}: {path} is no tokenizer the tokenizers library reads: {exc}",
                              fix=f"copy the model's {TOKENIZER_JSON} into that folder again") from None
    if importlib.util.find_spec("sentencepiece") is None:
        raise MetricError(f"{metric}: reading the SentencePiece model {path} needs sentencepiece, which is not "
                          "installed",
                          fix=f"pip install 'mtcheck[spm]', or put the model's {TOKENIZER_JSON} beside it")
    from transformers import AutoTokenizer

    try:
        return AutoTokenizer.from_pretrained(str(path.parent), local_files_only=True).backend_tokenizer
    except Exception as exc:  # noqa: BLE001 (sentencepiece and protobuf raise their own errors for a damaged model)
        raise MetricError(f"{metric}: {path} is no SentencePiece model transformers reads: {exc}",
                          fix=f"copy the model's {path.name} into that folder again") from None
