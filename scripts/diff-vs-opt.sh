#!/usr/bin/env bash
# How far mergefn's printed output is from opt-22's, line for line, on the corpus.
#
#   scripts/diff-vs-opt.sh [MODULE.ll...]
#       (default: every target/corpus/{c,rust,flavours,cross,typed,programs}/*.ll)
#
# For each module: `mergefn merge IN -o a.ll` and `opt-22 -passes=mergefunc -S IN -o b.ll`
# (both given IN as the same path, which both print as `; ModuleID`), then the number of
# lines `diff a.ll b.ll` marks (`<` or `>`). Prints a markdown table: module, lines of
# opt's output, differing lines, their percentage of opt's lines. Typed-pointer modules
# (corpus/typed) only LLVM 14's opt reads, and its mergefunc is not LLVM 22's (it merges
# fewer functions): for them `mergefn print IN` is compared with `opt-14 -S IN`.
#
# opt's outputs are kept in target/diff-vs-opt/ and reused while newer than their input
# (delete the directory to redo them). Environment: MERGEFN (default target/release/mergefn),
# LLVM (default /usr/lib/llvm-22/bin), LLVM14 (default /usr/lib/llvm-14/bin), JOBS (modules
# compared at once, default 1), LIMIT (percent; exit 1 when a module is above it, default 0.5).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LLVM="${LLVM:-/usr/lib/llvm-22/bin}"
LLVM14="${LLVM14:-/usr/lib/llvm-14/bin}"
MERGEFN="${MERGEFN:-$ROOT/target/release/mergefn}"
OUT="$ROOT/target/diff-vs-opt"
JOBS="${JOBS:-1}"
LIMIT="${LIMIT:-0.5}"
[ -x "$LLVM/opt" ] || { echo "error: $LLVM/opt missing (apt-get install llvm-22)" >&2; exit 2; }
[ -x "$MERGEFN" ] || { echo "error: build mergefn first (cargo build --release -p mergefn)" >&2; exit 2; }
mkdir -p "$OUT"
if [ "$#" -eq 0 ]; then
    for sub in c rust flavours cross typed programs; do
        for f in "$ROOT"/target/corpus/$sub/*.ll; do
            [ -e "$f" ] && set -- "$@" "$f"
        done
    done
fi
[ "$#" -gt 0 ] || { echo "error: no modules (build the corpus: scripts/corpus.sh)" >&2; exit 2; }
# Absolute paths: both tools print the path as given, and opt's outputs are reused.
abs=()
for f in "$@"; do abs+=("$(cd "$(dirname "$f")" && pwd)/$(basename "$f")"); done
set -- "${abs[@]}"

one() {
    local f="$1" key opt="$LLVM/opt" pass=(-passes=mergefunc) cmd=merge
    key="$(basename "$(dirname "$f")").$(basename "$f" .ll)"
    case "$f" in */typed/*) opt="$LLVM14/opt" pass=() cmd=print ;; esac
    local a="$OUT/$key.mergefn.ll" b="$OUT/$key.opt.ll"
    if [ ! -s "$b" ] || [ "$f" -nt "$b" ]; then
        "$opt" "${pass[@]}" -S "$f" -o "$b" 2>"$OUT/$key.opt.err" || { echo "$key opt-failed"; return; }
    fi
    "$MERGEFN" "$cmd" "$f" -o "$a" 2>"$OUT/$key.mergefn.err" || { echo "$key mergefn-failed"; return; }
    local lines diffs
    lines=$(wc -l <"$b")
    diffs=$(diff "$a" "$b" | grep -c '^[<>]' || true)
    echo "$key $lines $diffs"
}
export -f one
export OUT LLVM LLVM14 MERGEFN

printf '%s\n' "$@" | xargs -P "$JOBS" -I{} bash -c 'one "$@"' _ {} >"$OUT/table.txt"
sort -o "$OUT/table.txt" "$OUT/table.txt"
echo "| module | lines | differing | % |"
echo "|---|---:|---:|---:|"
awk -v limit="$LIMIT" '
    NF < 3 { printf "| %s | | %s | |\n", $1, $2; bad++; next }
    { p = $2 ? 100 * $3 / $2 : 0; printf "| %s | %d | %d | %.3f |\n", $1, $2, $3, p;
      if (p > limit) bad++; tl += $2; td += $3 }
    END { printf "| **total** | %d | %d | %.3f |\n", tl, td, tl ? 100 * td / tl : 0;
          if (bad) { printf "\n%d module(s) above %s%%\n", bad, limit; exit 1 } }
' "$OUT/table.txt"
