"""Terminal text below every front end and report: fitting a width (:mod:`.fit`), numbers as shown
(:mod:`.numbers`) and a case's failure text (:mod:`.case`). Imports nothing of ``regression`` or ``report``."""
