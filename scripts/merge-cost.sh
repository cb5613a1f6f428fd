#!/usr/bin/env bash
# What the opt-in merges cost: mergefn's merge phase with --merge-cycles, --merge-similar and
# both, against the default mode, on the same inputs.
#
#   scripts/merge-cost.sh [--runs N] [MODULE.ll...]
#
# Default inputs: the code-size programs after `opt-22 -O2` (target/codesize/*/O2.ll, made by
# scripts/codesize.sh; made here if missing) and the largest corpus modules as clang and
# rustc wrote them (c/re2, c/zstd, rust/all_linked, rust/syn). The merge phase is the report's
# timings_s.merge (hashing, lookup, comparisons, the opt-in steps, rewriting); the four modes
# alternate and each cell is the minimum over N runs (default 5). Prints a markdown table
# (also target/bench/merge-cost.csv) with each mode's time and its ratio to the default.
# Needs target/release/mergefn (cargo build --release) and python3.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LLVM="${LLVM:-/usr/lib/llvm-22/bin}"
MERGEFN="${MERGEFN:-$ROOT/target/release/mergefn}"
RUNS=5
if [ "${1:-}" = --runs ]; then RUNS="$2"; shift 2; fi
[ -x "$MERGEFN" ] || { echo "error: build mergefn first (cargo build --release)" >&2; exit 2; }
if [ "$#" -eq 0 ]; then
    for p in re2_prog zstd_prog rust_prog; do
        src="$ROOT/target/corpus/programs/$p.ll"
        o2="$ROOT/target/codesize/$p/O2.ll"
        [ -s "$src" ] || { echo "error: $src missing (scripts/corpus.sh)" >&2; exit 2; }
        if [ ! -s "$o2" ]; then
            mkdir -p "$(dirname "$o2")"
            "$LLVM/opt" -O2 "$src" -S -o "$o2"
        fi
        set -- "$@" "$o2"
    done
    for m in c/re2 c/zstd rust/all_linked rust/syn; do
        set -- "$@" "$ROOT/target/corpus/$m.ll"
    done
fi

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
MODES=(default cycles similar both)
flags() {
    case "$1" in
        default) ;;
        cycles) echo --merge-cycles ;;
        similar) echo --merge-similar ;;
        both) echo --merge-cycles --merge-similar ;;
    esac
}
mkdir -p "$ROOT/target/bench"
csv="$ROOT/target/bench/merge-cost.csv"
echo "module,default_s,cycles_s,similar_s,both_s" >"$csv"
echo "| module | default ms | --merge-cycles ms | ratio | --merge-similar ms | ratio | both ms | ratio |"
echo "|---|--:|--:|--:|--:|--:|--:|--:|"
for m in "$@"; do
    name="$(basename "$(dirname "$m")")/$(basename "$m" .ll)"
    declare -A best=()
    for _ in $(seq "$RUNS"); do
        for mode in "${MODES[@]}"; do
            # shellcheck disable=SC2046
            "$MERGEFN" merge -q $(flags "$mode") "$m" -o "$TMP/out.ll" --report "$TMP/r.json"
            t="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["timings_s"]["merge"])' "$TMP/r.json")"
            b="${best[$mode]:-}"
            if [ -z "$b" ] || python3 -c "import sys; sys.exit(not $t < $b)"; then best[$mode]="$t"; fi
        done
    done
    python3 - "$name" "${best[default]}" "${best[cycles]}" "${best[similar]}" "${best[both]}" "$csv" <<'PY'
import sys
name, d, c, s, b, csv = sys.argv[1], *map(float, sys.argv[2:6]), sys.argv[6]
ms = lambda x: f"{x * 1000:.1f}"
r = lambda x: f"{x / d:.2f}x"
print(f"| {name} | {ms(d)} | {ms(c)} | {r(c)} | {ms(s)} | {r(s)} | {ms(b)} | {r(b)} |")
open(csv, "a").write(f"{name},{d},{c},{s},{b}\n")
PY
    unset best
done
