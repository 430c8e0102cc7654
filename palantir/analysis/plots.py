"""The PNG of an analysis: one panel per measure, one group of bars per cell of the grid.

Win rates are bars per seat (with the no-winner rate beside them), categorical measures
stacked shares, numeric ones means with their standard error.
"""

from __future__ import annotations

import os
from typing import Sequence

import matplotlib

matplotlib.use("Agg")  # files only: no display is needed or wanted

import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)

from .profiles import profile_of, seat_label  # noqa: E402
from .sweep import Analysis, value_text  # noqa: E402

MAX_PANELS = 6


def plotted_measures(analysis: Analysis) -> list[str]:
    """The measures drawn: the profile's list, else categorical ones and varying numbers."""
    kinds = analysis.measures()
    wanted = profile_of(analysis.game).get("plot")
    if wanted:
        names = [n for n in wanted if n in kinds]
    else:
        names = [n for n, k in kinds.items() if k == "categorical"]
        names += [n for n, k in kinds.items() if k == "numeric" and _varies(analysis, n)]
    if _varies(analysis, "rounds"):
        names.append("rounds")
    return names[:MAX_PANELS - 1]


def _varies(analysis: Analysis, name: str) -> bool:
    spans = [analysis.cells[i].numeric(name) for i in range(len(analysis.cells))]
    values = {s[k] for s in spans if s for k in ("min", "max")}
    return len(values) > 1


def axis_labels(analysis: Analysis) -> tuple[list[str], str]:
    """Short tick labels (the swept values joined by /) and the axis title naming them."""
    if not analysis.sweeps:
        return ["default"] * len(analysis.cells), ""
    ticks = ["/".join(value_text(v) for v in cell.setting.values()) for cell in analysis.cells]
    return ticks, " / ".join(s.option for s in analysis.sweeps)


def plot_analysis(analysis: Analysis, path: str | os.PathLike, dpi: int = 80) -> None:
    """Draw the analysis into a PNG file at `path`."""
    names = plotted_measures(analysis)
    kinds = analysis.measures()
    kinds["rounds"] = "numeric"
    cells = analysis.cells
    width = max(6.0, 0.55 * len(cells) + 3.5)
    fig, axes = plt.subplots(len(names) + 1, 1, figsize=(width, 2.4 * (len(names) + 1) + 1),
                             sharex=True, squeeze=False)
    axes = [row[0] for row in axes]
    x = list(range(len(cells)))
    _win_rates(axes[0], analysis, x)
    for ax, name in zip(axes[1:], names):
        if kinds[name] == "categorical":
            _stacked(ax, analysis, name, x)
        else:
            _means(ax, analysis, name, x)
    ticks, title = axis_labels(analysis)
    bottom = axes[-1]
    bottom.set_xticks(x)
    # Slanted when the labels side by side would be wider than the axis.
    slanted = len(cells) * max(len(t) for t in ticks) > 8 * width
    bottom.set_xticklabels(ticks, rotation=35 if slanted else 0,
                           ha="right" if slanted else "center")
    bottom.set_xlabel(title)
    fig.suptitle(f"{analysis.game}: {analysis.games} games per setting, seed {analysis.seed}")
    fig.tight_layout()
    fig.savefig(path, format="png", dpi=dpi)
    plt.close(fig)


def _win_rates(ax, analysis: Analysis, x: Sequence[int]) -> None:
    seats = max(len(cell.agents) for cell in analysis.cells)
    groups = seats + 1
    width = 0.8 / groups
    for seat in range(seats):
        rates = [cell.win_rate()[seat] if seat < len(cell.agents) else 0.0
                 for cell in analysis.cells]
        spans = [cell.win_interval(seat) if seat < len(cell.agents) else (0.0, 0.0)
                 for cell in analysis.cells]
        errors = [[max(0.0, r - low) for r, (low, _) in zip(rates, spans)],
                  [max(0.0, high - r) for r, (_, high) in zip(rates, spans)]]
        ax.bar([i - 0.4 + width * (seat + 0.5) for i in x], rates, width, yerr=errors,
               capsize=2, label=seat_label(analysis.game, seat))
    ax.bar([i - 0.4 + width * (seats + 0.5) for i in x],
           [cell.no_winner_rate() for cell in analysis.cells], width, color="0.6",
           hatch="//", label="no winner")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate\n(95% interval)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize="small")


def _stacked(ax, analysis: Analysis, name: str, x: Sequence[int]) -> None:
    bottoms = [0.0] * len(analysis.cells)
    for category in analysis.category_order(name):
        shares = []
        for cell in analysis.cells:
            counts = cell.categories(name)
            total = sum(counts.values())
            shares.append(counts.get(category, 0) / total if total else 0.0)
        ax.bar(x, shares, 0.7, bottom=bottoms, label=category)
        bottoms = [b + s for b, s in zip(bottoms, shares)]
    ax.set_ylim(0, 1)
    ax.set_ylabel(f"{name}\n(share)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize="small")


def _means(ax, analysis: Analysis, name: str, x: Sequence[int]) -> None:
    stats = [cell.numeric(name) for cell in analysis.cells]
    means = [s["mean"] if s else 0.0 for s in stats]
    errors = [s["sem"] if s else 0.0 for s in stats]
    ax.bar(x, means, 0.6, yerr=errors, capsize=3, color="tab:blue", alpha=0.8)
    ax.set_ylabel(f"{name}\n(mean ± s.e.)")
