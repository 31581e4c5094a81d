"""The terminal side of ``mtcheck annotate``: show the scale, then each item, and read one answer per line."""
from __future__ import annotations

from collections import deque
from collections.abc import Callable

from mtcheck.annotate.rating_session import Item, Session, to_shown_order
from mtcheck.errors import MtcheckError
from mtcheck.safety.safetext import visible
from mtcheck.suite.ratings import PAIRWISE, Scale

Write = Callable[[str], None]
Read = Callable[[str], str]

HELP = ("Type a value and Enter. s = skip (ask again next time), u = undo your last answer of this session "
        "(removed from the file, asked again), q = quit (every answer is already saved), ? = this help.")


def scale_text(scale: Scale) -> list[str]:
    """The scale as an annotator reads it before starting: values, labels, definitions, what is shown."""
    lines = [f"Scale {scale.name} ({scale.kind})"]
    if scale.guideline:
        lines.append(f"Guideline: {scale.guideline}")
    for value in scale.values:
        lines.append(f"  {scale.label(value)}")
        if value in scale.definitions:
            lines.append(f"      {scale.definitions[value]}")
    shown = ["the source" if scale.show_source else "not the source", "the reference" if scale.show_reference else "not the reference"]
    lines.append(f"You will see {' and '.join(shown)}.")
    if scale.kind == PAIRWISE:
        lines.append("A and B are shown in random order; answer about A and B as shown.")
    return lines


def item_text(session: Session, item: Item, number: int, total: int) -> list[str]:
    """What is shown for one item."""
    scale, case = session.scale, item.case
    what = "pair" if scale.kind == PAIRWISE else f"output {item.systems[0]}"
    lines = ["", f"[{number}/{total}] case {case.id}, {what}"]
    if scale.show_source:
        lines.append(f"Source:    {case.src}")
    if scale.show_reference:
        lines.extend(f"Reference: {ref}" for ref in case.raw_refs)
    if scale.kind == PAIRWISE:
        lines.extend(f"{side}:         {item.text(system)}" for side, system in zip("AB", item.shown))
    else:
        lines.append(f"Output:    {item.text(item.systems[0])}")
    if item.current is not None:
        lines.append(f"Your current value: {scale.label(to_shown_order(item.current, item))}")
    return [visible(line) for line in lines]


def annotate(session: Session, read: Read = input, write: Write = print) -> int:
    """Ask for every pending item; return how many answers were saved (and not undone)."""
    scale = session.scale
    for line in scale_text(scale):
        write(line)
    if session.unpaired:
        write(f"({session.unpaired} case(s) have no 'pair:' and not exactly two outputs: not asked)")
    if not session.items:
        write(f"Nothing to rate: {session.annotator} has rated every item on {scale.name}.")
        return 0
    choices = ", ".join(map(str, scale.values))
    numbers = {id(item): number for number, item in enumerate(session.items, 1)}
    pending = deque(session.items)
    while pending:
        item = pending.popleft()
        for line in item_text(session, item, numbers[id(item)], len(session.items)):
            write(line)
        while True:
            try:
                answer = read(f"{scale.name} [{choices}; s skip, u undo, q quit, ? help]> ").strip()
            except (EOFError, KeyboardInterrupt):
                answer = "q"
            if answer == "q":
                write(f"Stopped. {len(session.answers)} answer(s) saved; run the same command to go on.")
                return len(session.answers)
            if answer == "s":
                break
            if answer == "u":
                undone = _undo(session, write)
                if undone is None:
                    continue
                pending.extendleft([item, undone])  # ask the undone item again, then this one
                break
            if answer == "?":
                write(HELP)
                for line in scale_text(scale):
                    write(line)
                continue
            value = session.parse(answer)
            if value is None:
                write(f"{answer!r} is not a value of {scale.name}: type one of {choices}, or s, u, q, ?")
                continue
            session.record(item, value)
            break
    write(f"Done. {len(session.answers)} answer(s) saved.")
    return len(session.answers)


def _undo(session: Session, write: Write) -> Item | None:
    """Take back the session's last answer and say so; None (after saying why) when nothing was taken back."""
    try:
        item = session.undo()
    except MtcheckError as exc:
        write(str(exc))
        return None
    if item is None:
        write("Nothing to undo: no answer saved in this session yet.")
        return None
    what = "pair" if session.scale.kind == PAIRWISE else f"output {item.systems[0]}"
    write(f"Undone: your answer on case {item.case.id}, {what} (asked again).")
    return item
