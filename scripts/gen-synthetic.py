#!/usr/bin/env python3
"""Write a synthetic module of many small functions, for memory and scaling measurements.

    scripts/gen-synthetic.py SIZE_MB > big.ll

Each function has 20 named `add`s, a store, a compare and two returns; there are 50 distinct
bodies (they differ in one constant), so almost every function merges. At 1000 MB this is
the "1 GB input" of docs/PERFORMANCE.md (about 1.3 million functions).
"""
import sys

def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    target = int(float(sys.argv[1]) * 1_000_000)
    out = sys.stdout
    out.write("@g = global i32 0\n\n")
    written, i = 0, 0
    while written < target:
        k = i % 50
        lines = [f"define i32 @f{i}(i32 %a, i32 %b) {{", "entry:"]
        prev = "%a"
        for j in range(20):
            lines.append(f"  %v{j} = add i32 {prev}, %b")
            prev = f"%v{j}"
        lines.append(f"  store i32 {prev}, ptr @g")
        lines.append(f"  %c = icmp sgt i32 {prev}, {k}")
        lines.append("  br i1 %c, label %yes, label %no")
        lines.append("yes:")
        lines.append(f"  ret i32 {prev}")
        lines.append("no:")
        lines.append("  ret i32 0")
        lines.append("}\n\n")
        text = "\n".join(lines)
        out.write(text)
        written += len(text)
        i += 1

if __name__ == "__main__":
    main()
