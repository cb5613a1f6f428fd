"""Draw target/bench/vs-opt.csv (from scripts/bench-vs-opt.sh) as an SVG: for each module,
how many times faster than opt-22 mergefn runs end to end, and its peak memory as a share of
opt-22's, with the targets of issue 15 (10x; 0.35) marked.

    python3 scripts/bench-plot.py [CSV] [OUT.svg]     (default: docs/perf-vs-opt.svg)
"""

import csv
import sys

src = sys.argv[1] if len(sys.argv) > 1 else "target/bench/vs-opt.csv"
dst = sys.argv[2] if len(sys.argv) > 2 else "docs/perf-vs-opt.svg"
rows = list(csv.DictReader(open(src)))
speed = [float(r["opt_s"]) / float(r["mergefn_s"]) for r in rows]
rss = [float(r["mergefn_rss_mib"]) / float(r["opt_rss_mib"]) for r in rows]

bar_h, gap, left, width = 12, 6, 270, 300
panel = 40 + len(rows) * (bar_h + gap)
out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + 2 * width + 120}" '
       f'height="{panel + 30}" font-family="sans-serif" font-size="11">']


def draw(x_left, title, values, top, target, fmt, color):
    scale = width / top
    out.append(f'<text x="{x_left}" y="18" font-size="13">{title}</text>')
    for i, v in enumerate(values):
        y = 34 + i * (bar_h + gap)
        out.append(f'<rect x="{x_left}" y="{y}" width="{v * scale:.1f}" height="{bar_h}" '
                   f'fill="{color}"/>')
        out.append(f'<text x="{x_left + v * scale + 4:.1f}" y="{y + bar_h - 2}">'
                   f'{fmt(v)}</text>')
    tx = x_left + target * scale
    out.append(f'<line x1="{tx:.1f}" y1="28" x2="{tx:.1f}" y2="{panel}" stroke="#d62728" '
               'stroke-dasharray="4,3"/>')
    out.append(f'<text x="{tx + 3:.1f}" y="{panel + 14}" fill="#d62728">target {fmt(target)}</text>')


for i, r in enumerate(rows):
    y = 34 + i * (bar_h + gap)
    out.append(f'<text x="{left - 8}" y="{y + bar_h - 2}" text-anchor="end">'
               f'{r["module"]} ({float(r["mbytes"]):.0f} MiB)</text>')
draw(left, "End to end: times faster than opt-22", speed, max(speed + [20]) * 1.1, 10,
     lambda v: f"{v:.1f}x", "#4c78a8")
draw(left + width + 60, "Peak RSS / opt-22's", rss, 1.0, 0.35,
     lambda v: f"{v:.2f}", "#f58518")
out.append("</svg>")
open(dst, "w").write("\n".join(out) + "\n")
print(f"wrote {dst}")
