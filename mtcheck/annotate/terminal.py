"""The terminal side of ``mtcheck annotate``: show the scale, then each item, and read one answer per line."""
from __future__ import annotations

from collections.abc import Callable

from mtcheck.annotate.session import Item, Session, to_shown_order
from mtcheck.suite.ratings import PAIRWISE, Scale

Write = Callable[[str], None]
Read = Callable[[str], str]

HELP = "Type a value and Enter. s = skip (ask again next time), q = quit (every answer is already saved), ? = this help."


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
    return lines


def annotate(session: Session, read: Read = input, write: Write = print) -> int:
    """Ask for every pending item; return how many answers were saved."""
    scale = session.scale
    for line in scale_text(scale):
        write(line)
    if session.unpaired:
        write(f"({session.unpaired} case(s) have no 'pair:' and not exactly two outputs: not asked)")
    if not session.items:
        write(f"Nothing to rate: {session.annotator} has rated every item on {scale.name}.")
        return 0
    choices = ", ".join(map(str, scale.values))
    saved = 0
    for number, item in enumerate(session.items, 1):
        for line in item_text(session, item, number, len(session.items)):
            write(line)
        while True:
            try:
                answer = read(f"{scale.name} [{choices}; s skip, q quit, ? help]> ").strip()
            except (EOFError, KeyboardInterrupt):
                answer = "q"
            if answer == "q":
                write(f"Stopped. {saved} answer(s) saved; run the same command to go on.")
                return saved
            if answer == "s":
                break
            if answer == "?":
                write(HELP)
                for line in scale_text(scale):
                    write(line)
                continue
            value = session.parse(answer)
            if value is None:
                write(f"{answer!r} is not a value of {scale.name}: type one of {choices}, or s, q, ?")
                continue
            session.record(item, value)
            saved += 1
            break
    write(f"Done. {saved} answer(s) saved.")
    return saved
