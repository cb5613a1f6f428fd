#!/usr/bin/env python3
"""Plot the scaling CSV of scripts/bench-vs-opt.sh --scaling: time and peak memory of mergefn
and opt-22 against input size.

    python3 scripts/plot.py target/bench/scaling.csv docs/perf-scaling.png

Left: end-to-end wall time (solid) and merge phase alone (dashed). Right: peak RSS.
"""

import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend must be chosen first)


def main(csv_path: str, png_path: str) -> None:
    rows = list(csv.DictReader(open(csv_path)))
    size = [float(r["mbytes"]) for r in rows]
    col = lambda name: [float(r[name]) for r in rows]  # noqa: E731

    fig, (time_ax, mem_ax) = plt.subplots(1, 2, figsize=(10, 4))
    for tool, color in (("mergefn", "tab:blue"), ("opt", "tab:orange")):
        label = "opt-22" if tool == "opt" else tool
        time_ax.plot(size, col(f"{tool}_s"), "o-", color=color, label=f"{label} end-to-end")
        time_ax.plot(size, col(f"{tool}_merge_s"), "s--", color=color, label=f"{label} merge phase")
        mem_ax.plot(size, col(f"{tool}_rss_mib"), "o-", color=color, label=label)
    for x, r in zip(size, rows):
        label = f"{r['module']}\n{r['functions']} fns"
        time_ax.annotate(label, (x, 1), xycoords=("data", "axes fraction"), xytext=(0, -4),
                         textcoords="offset points", ha="center", va="top", fontsize=8)

    time_ax.set(title="Wall time (min of runs)", xlabel="input .ll (MiB)", ylabel="seconds")
    mem_ax.set(title="Peak RSS", xlabel="input .ll (MiB)", ylabel="MiB")
    time_ax.set_ylim(0, time_ax.get_ylim()[1] * 1.15)  # room for the step labels
    mem_ax.set_ylim(bottom=0)
    for ax in (time_ax, mem_ax):
        ax.set_xlim(left=0)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8, loc="center left")
    fig.tight_layout()
    fig.savefig(png_path, dpi=120)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
