"""The library's front: what ``import dukec`` gives a Python user, in plain Python over the
engine (compiled where it can be) and the balance tools.

- :mod:`dukec.library.game`: :class:`~dukec.library.game.Game`, and :mod:`dukec.library.views`
  what it hands out (a :class:`~dukec.library.views.Tile`, the
  :class:`~dukec.library.views.LegalMoves` view, the :class:`~dukec.library.views.Outcome`);
- :mod:`dukec.library.tilesets`: tile sets read by the command line's layering rule, and the
  engine's rules of one game set;
- :mod:`dukec.library.experiments`: balance, a tile's worth, from Python;
- :mod:`dukec.arguments`: every argument checked as the command line checks its options.

``dukec/__init__.py`` names what is public (``dukec.__all__``).
"""
