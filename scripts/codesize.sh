#!/usr/bin/env bash
# Final .text bytes of the corpus programs under each merging pipeline, and whether each
# built program still prints what the unmerged one prints.
#
#   scripts/codesize.sh [PROGRAM.ll...]     (default: target/corpus/programs/{re2,zstd,rust}_prog.ll)
#
# Pipeline per program: its IR through `opt-22 -O2` (as a release build's IR), then the merge
# step of the row, then `llc-22 -O2 -function-sections`, linked by `ld.lld-22` (through
# clang++-22 -fuse-ld=lld; the Rust program with rustc's own link line, scripts/link-rust.sh),
# with `--icf=all` in the rows that say so. Rows:
#   none | opt-22 mergefunc | lld --icf=all | opt-22 mergefunc + icf |
#   opt-22 global-merge-func + icf | mergefn | mergefn + icf |
#   mergefn --merge-cycles (+ icf) | mergefn --merge-similar (+ icf) | both (+ icf)
# Prints a markdown table (also target/codesize/codesize.csv); exit 1 if any program's output
# changed. Needs LLVM 22 with lld (apt-get install llvm-22 clang-22 lld-22), the corpus
# (scripts/corpus.sh) and target/release/mergefn (cargo build --release).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LLVM="${LLVM:-/usr/lib/llvm-22/bin}"
MERGEFN="${MERGEFN:-$ROOT/target/release/mergefn}"
OUT="$ROOT/target/codesize"
mkdir -p "$OUT"
[ "$#" -gt 0 ] || set -- "$ROOT"/target/corpus/programs/{re2,zstd,rust}_prog.ll
for t in opt llc clang++ ld.lld llvm-readelf; do
    [ -x "$LLVM/$t" ] || { echo "error: $LLVM/$t missing (apt-get install llvm-22 clang-22 lld-22)" >&2; exit 2; }
done
[ -x "$MERGEFN" ] || { echo "error: build mergefn first (cargo build --release)" >&2; exit 2; }

text_bytes() { printf "%d\n" "0x$("$LLVM/llvm-readelf" -S -W "$1" | awk '$2 == ".text" { print $6 }')"; }

ROWS=(none mergefunc icf mergefunc+icf gmf+icf mergefn mergefn+icf cycles cycles+icf
      similar similar+icf both both+icf)
status=0
csv="$OUT/codesize.csv"
echo "program,$(IFS=,; echo "${ROWS[*]}")" >"$csv"
header="| pipeline |"
sep="|---|"
declare -A cell
progs=()
for src in "$@"; do
    name="$(basename "$src" .ll)"
    progs+=("$name")
    header+=" $name .text | vs mergefunc+icf |"
    sep+="--:|--:|"
    d="$OUT/$name"
    mkdir -p "$d"
    "$LLVM/opt" -O2 "$src" -S -o "$d/O2.ll"
    "$LLVM/opt" -passes=mergefunc "$d/O2.ll" -S -o "$d/mergefunc.ll"
    "$LLVM/opt" -passes=global-merge-func "$d/O2.ll" -S -o "$d/gmf.ll"
    "$MERGEFN" merge "$d/O2.ll" -o "$d/mergefn.ll"
    "$MERGEFN" merge --merge-cycles "$d/O2.ll" -o "$d/cycles.ll"
    "$MERGEFN" merge --merge-similar "$d/O2.ll" -o "$d/similar.ll"
    "$MERGEFN" merge --merge-cycles --merge-similar "$d/O2.ll" -o "$d/both.ll"
    line="$name"
    expected=""
    for row in "${ROWS[@]}"; do
        ir="${row%+icf}"
        [ "$ir" = none ] || [ "$ir" = icf ] && ir=O2
        link=()
        case "$row" in *icf) link=(-Wl,--icf=all) ;; esac
        obj="$d/$ir.o"
        [ -s "$obj" ] || "$LLVM/llc" -O2 -function-sections -relocation-model=pic -filetype=obj "$d/$ir.ll" -o "$obj"
        exe="$d/$row.exe"
        if [ "$name" = rust_prog ]; then
            "$ROOT/scripts/link-rust.sh" "$(dirname "$src")/rust_prog.d/link.args" "$obj" "$exe" "${link[@]}"
        else
            "$LLVM/clang++" -fuse-ld=lld "${link[@]}" "$obj" -o "$exe" -lpthread
        fi
        bytes="$(text_bytes "$exe")"
        got="$("$exe" 2>&1 | md5sum | cut -c1-32)"
        if [ -z "$expected" ]; then
            expected="$got"
        elif [ "$got" != "$expected" ]; then
            echo "$name [$row]: OUTPUT CHANGED" >&2
            status=1
        fi
        cell["$name,$row"]="$bytes"
        line+=",$bytes"
    done
    echo "$line" >>"$csv"
done

echo "$header"
echo "$sep"
for row in "${ROWS[@]}"; do
    line="| $row |"
    for name in "${progs[@]}"; do
        b="${cell["$name,$row"]}"
        base="${cell["$name,mergefunc+icf"]}"
        line+=" $b | $(awk -v b="$b" -v a="$base" 'BEGIN { printf "%+.2f%%", (b - a) * 100 / a }') |"
    done
    echo "$line"
done
echo
echo "CSV: $csv"
python3 "$ROOT/scripts/codesize-plot.py" "$csv" "$OUT/codesize.svg" >/dev/null && echo "plot: $OUT/codesize.svg"
[ "$status" = 0 ] && echo "every program printed the same output under every pipeline"
exit "$status"
