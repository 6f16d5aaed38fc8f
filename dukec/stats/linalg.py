"""Small symmetric positive definite systems (information matrices): Cholesky, solve, inverse."""

from __future__ import annotations

import math
from collections.abc import Sequence


class SingularError(ValueError):
    """The matrix is not positive definite: the data cannot tell its parameters apart."""


def cholesky(matrix: Sequence[Sequence[float]]) -> list[list[float]]:
    """The lower factor L of ``matrix`` = L L^T; SingularError if it is not positive definite."""
    n = len(matrix)
    lower = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1):
            total = matrix[i][j] - sum(lower[i][k] * lower[j][k] for k in range(j))
            if i == j:
                if total <= 1e-12 * max(1.0, abs(matrix[i][i])):
                    raise SingularError("the matrix is not positive definite")
                lower[i][i] = math.sqrt(total)
            else:
                lower[i][j] = total / lower[j][j]
    return lower


def solve(lower: list[list[float]], vector: Sequence[float]) -> list[float]:
    """x with L L^T x = ``vector``, from the Cholesky factor L."""
    n = len(vector)
    y = [0.0] * n
    for i in range(n):
        y[i] = (vector[i] - sum(lower[i][k] * y[k] for k in range(i))) / lower[i][i]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (y[i] - sum(lower[k][i] * x[k] for k in range(i + 1, n))) / lower[i][i]
    return x


def inverse(matrix: Sequence[Sequence[float]]) -> list[list[float]]:
    """The inverse of a symmetric positive definite matrix."""
    lower = cholesky(matrix)
    n = len(matrix)
    columns = [solve(lower, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[columns[j][i] for j in range(n)] for i in range(n)]
