"""What ``source-parity`` compares between a source and its translation: negations, numbers and polarity.

* :mod:`~mtcheck.parity.negation` - how many negations a sentence holds, in its language;
* :mod:`~mtcheck.parity.numbers` - the numbers it holds, in digits of any locale or in words;
* :mod:`~mtcheck.parity.polarity` - the sign of its lexicon polarity, negation scopes applied;
* :mod:`~mtcheck.parity.compare` - the critical differences between a source and an output.
"""
