#!/usr/bin/env bash
# Time mergefn against LLVM 22's MergeFunctions (`opt -passes=mergefunc`) on real modules.
#
#   scripts/bench-vs-opt.sh [--runs N] [--all | MODULE.ll...]
#       One markdown table row per module (default: the largest corpus modules; --all: every
#       corpus module of 1 MiB or more, the modules issue 15's criterion is about):
#       end-to-end wall time (min of N runs, the two tools alternating), peak RSS, and the
#       merge phase alone, then the criterion's figures: the smallest speed-up among modules
#       of 1 MiB or more, the largest module's, and the highest peak-RSS ratio. Rows also go
#       to target/bench/vs-opt.csv. A module either tool refuses is left out (and named on
#       stderr), so that one unreadable file does not end a long run.
#   scripts/bench-vs-opt.sh --scaling [--runs N]
#       The same measurements on 1x, 2x, 4x and 8x inputs, each llvm-link'ed from more corpus
#       modules, written to target/bench/scaling.csv; with python3 and matplotlib, also plotted
#       to docs/perf-scaling.png by scripts/plot.py.
#
# What is timed:
#   mergefn   `mergefn merge IN -o OUT --report R` — parse and verify input, merge, print.
#             Its merge phase is the report's timings_s.merge (hashing, lookup, comparisons
#             and rewriting); its parse phase, timings_s.parse, includes its verifier.
#   opt       `opt -passes=mergefunc -S IN -o OUT` — parse, verify input, merge, verify
#             output, print. Its phases (MergeFunctionsPass, "Parse IR", VerifierPass) are
#             wall times from a separate `-time-passes -disable-output` run.
# Peak RSS is /usr/bin/time's %M (KiB) of the end-to-end runs, reported as MiB; the tools'
# outputs go to target/bench/tmp/ (on disk, as a user would write them).
#
# Takes the minimum over runs: on a shared machine noise only ever adds time. Build first:
# `cargo build --release`; needs the corpus (scripts/corpus.sh) for the default modules.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LLVM="${LLVM:-/usr/lib/llvm-22/bin}"
OPT="$LLVM/opt"
LINK="$LLVM/llvm-link"
MERGEFN="$ROOT/target/release/mergefn"
CORPUS="$ROOT/target/corpus"
OUT="$ROOT/target/bench"
TMP="$OUT/tmp"
RUNS=3
SCALING=0
ALL=0
DEFAULT_MODULES=(rust/all_linked rust/syn rust/regex_automata c/re2 rust/regex_syntax c/zstd)
# Scaling step k links the first SCALING_STEPS[k] of SCALING_PARTS: modules of similar size
# in an order that roughly doubles the linked module at each step (C and Rust link fine).
SCALING_PARTS=(rust/regex_syntax c/re2 c/zstd rust/regex_automata rust/syn c/fmtlib)
SCALING_STEPS=(1 2 4 6)
SCALING_NAMES=(1x 2x 4x 8x)

die() { echo "bench-vs-opt: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --runs) RUNS="${2:?--runs needs a number}"; shift 2 ;;
        --scaling) SCALING=1; shift ;;
        --all) ALL=1; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) die "unknown option $1 (see --help)" ;;
        *) break ;;
    esac
done

[ -x "$MERGEFN" ] || die "$MERGEFN is missing: run \`cargo build --release\` first"
[ -x "$OPT" ] || die "$OPT is missing: install llvm-22 (or set LLVM=/path/to/llvm/bin)"
[ -x /usr/bin/time ] || die "/usr/bin/time is missing: apt-get install time"
command -v python3 >/dev/null || die "python3 is missing"
mkdir -p "$OUT" "$TMP"
# Time a copy: a rebuild during the runs (others share target/) must not mix two binaries.
cp "$MERGEFN" "$TMP/mergefn"
BUILT="$(date -r "$MERGEFN" '+%Y-%m-%d %H:%M')"
MERGEFN="$TMP/mergefn"
REV="$(git -C "$ROOT" describe --always --dirty 2>/dev/null || echo unknown)"

# now: a wall-clock timestamp in seconds with microseconds.
now() { echo "$EPOCHREALTIME"; }

# run_timed RSS_FILE CMD... : run CMD with its output discarded, print its wall time in
# seconds; its peak RSS (KiB) goes to RSS_FILE. Fails, CMD's stderr in $TMP/stderr, if CMD
# fails.
run_timed() {
    local rss="$1" t0 t1
    shift
    t0="$(now)"
    /usr/bin/time -f %M -o "$rss" "$@" >/dev/null 2>"$TMP/stderr" || return 1
    t1="$(now)"
    python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.4f}')" "$t0" "$t1"
}

# opt_pass_wall FILE NAME : the wall time in seconds of pass (or timer) NAME in opt's
# -time-passes report FILE: the last "seconds (percent)" column of the line ending in NAME.
opt_pass_wall() {
    grep -E "  $2\$" "$1" | head -1 | grep -oE '[0-9.]+ +\( *[0-9.]+%\)' | tail -1 | awk '{print $1}'
}

# min VALUES... : the smallest.
min() { printf '%s\n' "$@" | sort -g | head -1; }

CSV_HEADER="module,mbytes,functions,merged,mergefn_s,opt_s,ratio,mergefn_rss_mib,opt_rss_mib,mergefn_merge_s,opt_merge_s,merge_ratio,mergefn_parse_s,opt_parse_s,opt_verify_s"

# refused TOOL IN.ll : report on stderr that TOOL failed on IN.ll, with the first line of
# what it said, and fail.
refused() {
    echo "bench-vs-opt: left out $2: $1 failed: $(grep -m1 . "$TMP/stderr")" >&2
    return 1
}

# measure LABEL IN.ll : one CSV row for module IN.ll (progress on stderr); fails, printing
# nothing, if either tool refuses the module.
measure() {
    local label="$1" in="$2" i t
    local mf_wall=() mf_rss=() mf_merge=() mf_parse=() op_wall=() op_rss=() op_merge=() op_parse=() op_verify=()
    for ((i = 1; i <= RUNS; i++)); do
        echo "  $label: run $i/$RUNS" >&2
        t="$(run_timed "$TMP/rss" "$MERGEFN" merge "$in" -o "$TMP/mergefn.ll" --report "$TMP/report.json")" ||
            { refused mergefn "$label"; return 1; }
        mf_wall+=("$t")
        mf_rss+=("$(cat "$TMP/rss")")
        mf_merge+=("$(jq .timings_s.merge "$TMP/report.json")")
        mf_parse+=("$(jq .timings_s.parse "$TMP/report.json")")
        t="$(run_timed "$TMP/rss" "$OPT" -passes=mergefunc -S "$in" -o "$TMP/opt.ll")" ||
            { refused opt "$label"; return 1; }
        op_wall+=("$t")
        op_rss+=("$(cat "$TMP/rss")")
        "$OPT" -passes=mergefunc -time-passes -disable-output "$in" 2>"$TMP/time-passes.txt"
        op_merge+=("$(opt_pass_wall "$TMP/time-passes.txt" MergeFunctionsPass)")
        op_parse+=("$(opt_pass_wall "$TMP/time-passes.txt" 'Parse IR')")
        op_verify+=("$(opt_pass_wall "$TMP/time-passes.txt" VerifierPass)")
    done
    local functions merged
    functions="$(jq .counts.functions "$TMP/report.json")"
    merged="$(jq .counts.merged "$TMP/report.json")"
    python3 - "$label" "$(stat -c %s "$in")" "$functions" "$merged" \
        "$(min "${mf_wall[@]}")" "$(min "${op_wall[@]}")" "$(min "${mf_rss[@]}")" "$(min "${op_rss[@]}")" \
        "$(min "${mf_merge[@]}")" "$(min "${op_merge[@]}")" "$(min "${mf_parse[@]}")" "$(min "${op_parse[@]}")" \
        "$(min "${op_verify[@]}")" <<'EOF'
import sys
label, size, functions, merged, mw, ow, mr, orss, mm, om, mp, op, ov = sys.argv[1:]
f = float
print(f"{label},{f(size) / 2**20:.1f},{functions},{merged},{f(mw):.3f},{f(ow):.3f},{f(mw) / f(ow):.2f},"
      f"{f(mr) / 1024:.0f},{f(orss) / 1024:.0f},{f(mm):.3f},{f(om):.3f},{f(mm) / f(om):.2f},"
      f"{f(mp):.3f},{f(op):.3f},{f(ov):.3f}")
EOF
}

# markdown_table CSV : the CSV as markdown tables, for docs/PERFORMANCE.md.
markdown_table() {
    echo "mergefn $REV (built $BUILT) vs $("$OPT" --version | grep -m1 -o 'LLVM version .*'), $RUNS runs each"
    echo
    python3 - "$1" "$RUNS" <<'EOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print("| module | MiB | functions | merged | mergefn s | opt s | ratio | mergefn RSS MiB | opt RSS MiB "
      "| merge phase mergefn s | merge phase opt s | merge ratio |")
print("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
for r in rows:
    print(f"| {r['module']} | {r['mbytes']} | {r['functions']} | {r['merged']} | {r['mergefn_s']} | {r['opt_s']} "
          f"| {r['ratio']} | {r['mergefn_rss_mib']} | {r['opt_rss_mib']} | {r['mergefn_merge_s']} "
          f"| {r['opt_merge_s']} | {r['merge_ratio']} |")
print()
print(f"Times are the minimum of {sys.argv[2]} runs; ratio = mergefn / opt (below 1: mergefn is faster).")
print()
# Issue 15's criterion, on the modules of 1 MiB or more (sizes here are MiB, rounded).
big = [r for r in rows if float(r['mbytes']) >= 1.0]
if big:
    speedup = lambda r: float(r['opt_s']) / float(r['mergefn_s'])
    rss_ratio = lambda r: float(r['mergefn_rss_mib']) / float(r['opt_rss_mib'])
    worst = min(big, key=speedup)
    largest = max(big, key=lambda r: float(r['mbytes']))
    rss = max(big, key=rss_ratio)
    print(f"Of {len(big)} modules of 1 MiB or more: the smallest speed-up is {speedup(worst):.1f}x "
          f"({worst['module']}), the largest module's {speedup(largest):.1f}x ({largest['module']}), "
          f"the highest peak-RSS ratio {rss_ratio(rss):.2f} ({rss['module']}).")
    print()
print("| module | parse mergefn s | parse opt s | opt verifier s |")
print("|---|--:|--:|--:|")
for r in rows:
    print(f"| {r['module']} | {r['mergefn_parse_s']} | {r['opt_parse_s']} | {r['opt_verify_s']} |")
EOF
}

# scaling_inputs : build the linked scaling modules (cached), print "NAME PATH" per step.
scaling_inputs() {
    local k n parts=() p out
    mkdir -p "$OUT/scaling"
    for k in "${!SCALING_STEPS[@]}"; do
        n="${SCALING_STEPS[$k]}"
        out="$OUT/scaling/${SCALING_NAMES[$k]}.ll"
        parts=()
        for p in "${SCALING_PARTS[@]:0:$n}"; do
            [ -f "$CORPUS/$p.ll" ] || die "$CORPUS/$p.ll is missing: run scripts/corpus.sh"
            parts+=("$CORPUS/$p.ll")
        done
        if [ ! -s "$out" ]; then
            echo "llvm-link ${SCALING_PARTS[*]:0:$n} -> $out" >&2
            "$LINK" -S "${parts[@]}" -o "$out.tmp" 2>"$TMP/link.log" ||
                { cat "$TMP/link.log" >&2; die "llvm-link failed"; }
            mv "$out.tmp" "$out"
        fi
        echo "${SCALING_NAMES[$k]} $out"
    done
}

if [ "$SCALING" = 1 ]; then
    csv="$OUT/scaling.csv"
    echo "$CSV_HEADER" >"$csv"
    while read -r name path; do
        measure "$name" "$path" >>"$csv"
    done < <(scaling_inputs)
    markdown_table "$csv"
    echo
    echo "CSV: $csv"
    if python3 -c 'import matplotlib' 2>/dev/null; then
        python3 "$ROOT/scripts/plot.py" "$csv" "$ROOT/docs/perf-scaling.png"
        echo "plot: docs/perf-scaling.png"
    else
        echo "no plot: python3 has no matplotlib (pip install matplotlib)"
    fi
else
    modules=("$@")
    if [ "$ALL" = 1 ]; then
        [ ${#modules[@]} = 0 ] || die "--all takes no modules"
        [ -d "$CORPUS" ] || die "$CORPUS is missing: run scripts/corpus.sh"
        mapfile -t modules < <(find "$CORPUS" -name '*.ll' -size +1048575c | sort)
    elif [ ${#modules[@]} = 0 ]; then
        for m in "${DEFAULT_MODULES[@]}"; do modules+=("$CORPUS/$m.ll"); done
    fi
    csv="$OUT/vs-opt.csv"
    echo "$CSV_HEADER" >"$csv"
    for in in "${modules[@]}"; do
        [ -f "$in" ] || die "$in is missing (default modules come from scripts/corpus.sh)"
        in="$(realpath "$in")"
        case "$in" in
            "$CORPUS"/*) label="${in#"$CORPUS"/}" ;;
            *) label="$(basename "$in")" ;;
        esac
        measure "${label%.ll}" "$in" >>"$csv" || true
    done
    markdown_table "$csv"
    echo
    echo "CSV: $csv"
fi
