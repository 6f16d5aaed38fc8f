"""Balance checking: many seeded games between two armies, with honest statistics.

One direction, one module per stage:

    experiments (tile-set JSON with the two armies) -> runner (games on processes or Dask,
    each by play, with the search policy in search) -> tally (counts in game order)
    -> stats (intervals, Elo, stopping rules) -> report (verdict, table, JSON) and html.

``run.run(experiment, settings)`` ties them together; ``game`` holds what travels between
processes: the job description and the game's compact summary.
"""
