"""Get each target's output (its hypothesis): recorded text, or one batched call of a live system, memoised.

A live system's output that repeats a secret mtcheck sent it (an API key) has it masked as it comes in
(:func:`~mtcheck.safety.redact.mask_sent`), so no report, baseline, history or terminal that shows the output
shows the secret."""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from mtcheck.config.settings import DEFAULT_TIMEOUT
from mtcheck.engine.targets import Target
from mtcheck.errors import MtcheckError
from mtcheck.safety.redact import mask_sent
from mtcheck.systems import System, make_system


class OutputSource:
    """Runs live systems at most once per case per process, in batches; recorded outputs cost nothing."""

    def __init__(self, *, timeout: float = DEFAULT_TIMEOUT):
        self.timeout = timeout
        self._systems: dict[str, System] = {}
        self._memo: dict[tuple[str, str, str], str] = {}
        self._errors: dict[tuple[str, str, str], str] = {}

    def system(self, spec: str) -> System:
        if spec not in self._systems:
            self._systems[spec] = make_system(spec, timeout=self.timeout)
        return self._systems[spec]

    def _key(self, target: Target) -> tuple[str, str, str]:
        return (target.system, str(target.suite.path), target.case.id)

    def prefetch(self, targets: Sequence[Target]) -> None:
        """Translate, in one call per (system, suite), every live target not translated yet."""
        groups: dict[tuple[str, str], list[Target]] = defaultdict(list)
        for target in targets:
            if target.live and (key := self._key(target)) not in self._memo and key not in self._errors:
                groups[(target.system, str(target.suite.path))].append(target)
        for batch in groups.values():
            suite = batch[0].suite
            try:
                outputs = self.system(batch[0].system).translate(
                    [t.case for t in batch], source_lang=suite.source_lang, target_lang=suite.target_lang, suite=suite
                )
            except MtcheckError as exc:
                self._errors.update(dict.fromkeys(map(self._key, batch), str(exc)))
                continue
            self._memo.update(zip(map(self._key, batch), map(mask_sent, outputs)))

    def forget(self, targets: Sequence[Target]) -> None:
        """Let go of the outputs of ``targets``: a run that hands out each batch's results needs them no more."""
        for key in map(self._key, (target for target in targets if target.live)):  # only live outputs are kept
            self._memo.pop(key, None)
            self._errors.pop(key, None)

    def get(self, target: Target) -> str | None:
        """The hypothesis of ``target`` (``None`` when only a contrastive pair is checked).

        Raises :class:`MtcheckError` when the system failed on the batch that held this target.
        """
        if target.recorded is not None:
            return target.recorded.text
        if not target.live:
            return None
        key = self._key(target)
        if key not in self._memo and key not in self._errors:
            self.prefetch([target])
        if key in self._errors:
            raise MtcheckError(self._errors[key])
        return self._memo[key]
