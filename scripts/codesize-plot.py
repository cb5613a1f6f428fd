"""Draw target/codesize/codesize.csv (from scripts/codesize.sh) as an SVG bar chart: for each
program, each pipeline's final .text relative to opt-22 mergefunc + lld --icf=all.

    python3 scripts/codesize-plot.py [CSV] [OUT.svg]     (default: docs/codesize.svg)
"""

import csv
import sys

src = sys.argv[1] if len(sys.argv) > 1 else "target/codesize/codesize.csv"
dst = sys.argv[2] if len(sys.argv) > 2 else "docs/codesize.svg"
rows = list(csv.reader(open(src)))
pipes = rows[0][1:]
data = {r[0]: dict(zip(pipes, map(int, r[1:]))) for r in rows[1:]}
progs = list(data)
colors = ["#4c78a8", "#f58518", "#54a24b"]

bar_h, gap, left, width = 9, 8, 250, 420
height = 40 + len(pipes) * (len(progs) * bar_h + gap) + 40
vals = [(data[p][q] - data[p]["mergefunc+icf"]) * 100 / data[p]["mergefunc+icf"]
        for p in progs for q in pipes]
lo, hi = min(vals + [0]), max(vals + [0])
scale = width / (hi - lo)
x0 = left + (-lo) * scale
out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 60}" height="{height}" '
       'font-family="sans-serif" font-size="11">',
       f'<text x="10" y="18" font-size="13">Final .text vs opt-22 mergefunc + lld --icf=all '
       '(negative: smaller)</text>']
y = 36
for q in pipes:
    out.append(f'<text x="{left - 8}" y="{y + len(progs) * bar_h / 2 + 4}" text-anchor="end">{q}</text>')
    for i, p in enumerate(progs):
        v = (data[p][q] - data[p]["mergefunc+icf"]) * 100 / data[p]["mergefunc+icf"]
        x = min(x0, x0 + v * scale)
        w = max(abs(v) * scale, 0.5)
        out.append(f'<rect x="{x:.1f}" y="{y + i * bar_h}" width="{w:.1f}" height="{bar_h - 1}" fill="{colors[i % 3]}">'
                   f'<title>{p} {q}: {data[p][q]:,} bytes ({v:+.2f}%)</title></rect>')
    y += len(progs) * bar_h + gap
out.append(f'<line x1="{x0:.1f}" y1="30" x2="{x0:.1f}" y2="{y}" stroke="#333"/>')
for t in range(int(lo) - 1, int(hi) + 2):
    x = x0 + t * scale
    if left <= x <= left + width:
        out.append(f'<text x="{x:.1f}" y="{y + 14}" text-anchor="middle">{t:+d}%</text>')
for i, p in enumerate(progs):
    out.append(f'<rect x="{left + i * 130}" y="{y + 22}" width="10" height="10" fill="{colors[i % 3]}"/>'
               f'<text x="{left + i * 130 + 14}" y="{y + 31}">{p}</text>')
out.append("</svg>")
open(dst, "w").write("\n".join(out) + "\n")
print(f"wrote {dst}")
