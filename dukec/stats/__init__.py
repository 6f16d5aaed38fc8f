"""The statistical methods: pure functions over counts of games, importing nothing of dukec.

``stats`` holds scores, intervals and Elo, and Wald's SPRT; ``pairs`` the pentanomial counts of
paired games, with ``gsprt``'s generalized SPRT; ``sequential`` the sequential test a run stops
by, ``brownian`` how such a test can end, and ``decision`` what a run decides and how surely.
``holm`` corrects many tests at once; ``bradley_terry`` fits one strength per player (solved with
``linalg``), ``transitivity`` tests that one strength each explains a tournament, and
``tournament`` draws tournaments of known strength.
"""
