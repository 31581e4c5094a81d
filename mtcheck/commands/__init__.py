"""The ``mtcheck`` sub-commands that belong to no feature package (run, validate, score, agreement), and
``meta-eval``: here, not in :mod:`mtcheck.metaeval`, because importing that package loads numpy and every
command module is imported to build the parser (``mtcheck --help`` stays fast).

Each command module has ``add_parser(commands)``, which adds its sub-parser and its handler;
:mod:`mtcheck.commands.main` lists the modules. Feature packages keep their own ``commands.py``; the options that
several sub-commands share are in :mod:`mtcheck.commands.common`.
"""
