"""Semantic breakpoints: where consecutive sentences drift apart in embedding space.

>>> import numpy as np
>>> v = np.array([[1, 0], [1, 0.1], [0, 1], [0.1, 1]], dtype=float)
>>> breakpoints(v, "percentile", 50)
[2]
"""

from __future__ import annotations

from typing import Literal

import numpy as np
from numpy.typing import NDArray


def breakpoints(
    vectors: NDArray[np.float64], method: Literal["percentile", "std", "iqr"], amount: float
) -> list[int]:
    """Indices ``i`` such that a chunk should start at sentence ``i``.

    Distances are ``1 - cosine`` between sentence ``i-1`` and ``i``; a distance above the
    threshold is a breakpoint. ``percentile``: the ``amount``-th percentile; ``std``: mean +
    ``amount`` standard deviations; ``iqr``: Q3 + ``amount`` x IQR.
    """
    if len(vectors) < 2:
        return []
    norm = vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
    distances = 1.0 - np.sum(norm[1:] * norm[:-1], axis=1)
    if method == "percentile":
        threshold = float(np.percentile(distances, min(amount, 100.0)))
    elif method == "std":
        threshold = float(distances.mean() + amount * distances.std())
    else:
        q1, q3 = np.percentile(distances, [25, 75])
        threshold = float(q3 + amount * (q3 - q1))
    return [i + 1 for i, d in enumerate(distances) if d > threshold]
