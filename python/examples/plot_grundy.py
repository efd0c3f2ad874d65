"""Notebook-style example: plot the Grundy sequence of the octal game 0.1777.

Run ``python examples/plot_grundy.py``; it writes ``examples/grundy_0.1777.png``.
"""

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import stonegame  # noqa: E402

# 10^5 values come back as a numpy array, computed natively.
values = stonegame.grundy_sequence("0.1777", 100_000)

figure, axis = plt.subplots(figsize=(9, 4))
axis.plot(values, ",", color="tab:blue")
axis.set_xlabel("heap n")
axis.set_ylabel("G(n)")
axis.set_title("Grundy values of the octal game 0.1777 (first 100,001 heaps)")
figure.tight_layout()
figure.savefig(Path(__file__).with_name("grundy_0.1777.png"), dpi=100)
print("largest value", int(values.max()), "at heap", int(values.argmax()))
