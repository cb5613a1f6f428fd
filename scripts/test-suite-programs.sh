#!/usr/bin/env bash
# Run the programs of LLVM's test suite before and after merging, and compare what they print.
#
#   scripts/test-suite-programs.sh [TEST_SUITE_DIR]
#
# TEST_SUITE_DIR is a checkout of github.com/llvm/llvm-test-suite (fetched, never committed;
# default target/foreign-programs/llvm-test-suite), e.g.
#   git clone --depth 1 https://github.com/llvm/llvm-test-suite target/foreign-programs/llvm-test-suite
# Every SingleSource program with a `.reference_output` that clang-22 builds here is compiled
# to IR in each flavour of FLAVOURS (default "O2 fe": `-O2`, and the frontend's IR, `-O1
# -Xclang -disable-llvm-passes`, where most copies are left), then built from its IR (clang-22
# at -O0) three times: as is, after `mergefn merge`, and after `mergefn merge --merge-similar
# --merge-cycles`. Each merged module must pass `opt-22 -passes=verify`, and each program
# must print the same (stdout, stderr, exit status; 20 s limit, run in its source directory)
# as the original. Programs whose output changes from run to run (they print timings) are
# listed in VARIES and skipped. Old C that C17 refuses is compiled as gnu89, old C++ as gnu++14;
# programs for other architectures (NEON, AltiVec, LoongArch) do not build here and are
# counted as such. Prints one line per failing program and the counts; exit 1 if any fails.
# About 10 minutes on two cores (TS_JOBS at a time, default the number of cores).
# Needs target/release/mergefn (cargo build --release), clang-22 and opt-22.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SUITE="${1:-$ROOT/target/foreign-programs/llvm-test-suite}"
LLVM="${LLVM:-/usr/lib/llvm-22/bin}"
MERGEFN="${MERGEFN:-$ROOT/target/release/mergefn}"
JOBS="${TS_JOBS:-$(nproc)}"
FLAVOURS="${FLAVOURS:-O2 fe}"
# Programs that print timings or other run-dependent values.
VARIES="SingleSource/Benchmarks/Misc/flops.c"

[ -x "$MERGEFN" ] || { echo "error: build mergefn first (cargo build --release)" >&2; exit 2; }
[ -x "$LLVM/clang" ] && [ -x "$LLVM/opt" ] ||
    { echo "error: clang-22 and opt-22 are needed (apt-get install clang-22 llvm-22)" >&2; exit 2; }
[ -d "$SUITE/SingleSource" ] ||
    { echo "error: $SUITE is not a checkout of llvm-test-suite (see --help in this file)" >&2; exit 2; }
export SUITE LLVM MERGEFN VARIES

# check SRC FLAVOUR: one line "KIND<TAB>flavour<TAB>program<TAB>detail".
check() {
    local src="$1" flav="$2" dir fo cc cc2 T n
    dir="$SUITE/$(dirname "$src")"
    case " $VARIES " in *" $src "*) printf 'varies\t%s\t%s\n' "$flav" "$src"; return ;; esac
    case "$flav" in
        O2) fo="-O2" ;;
        fe) fo="-O1 -Xclang -disable-llvm-passes" ;;
        *) printf 'bad_flavour\t%s\t%s\n' "$flav" "$src"; return ;;
    esac
    case "$src" in
        */AVX512*) grep -q avx512f /proc/cpuinfo || { printf 'no_build\t%s\t%s\tno AVX-512 here\n' "$flav" "$src"; return; }
                   fo="$fo -march=native -fms-extensions -fdeclspec -I$SUITE/SingleSource/UnitTests/Vector" ;;
    esac
    case "$src" in
        *.c) cc="$LLVM/clang -std=gnu17"; cc2="$LLVM/clang -std=gnu89 -Wno-error" ;;
        *) cc="$LLVM/clang++ -std=c++17"; cc2="$LLVM/clang++ -std=gnu++14 -Wno-register -Wno-error" ;;
    esac
    T="$(mktemp -d)"
    # shellcheck disable=SC2086
    if ! timeout 60 $cc $fo -w -I"$dir" -DSMALL_PROBLEM_SIZE -S -emit-llvm "$SUITE/$src" -o "$T/a.ll" 2>/dev/null &&
       ! timeout 60 $cc2 $fo -w -I"$dir" -DSMALL_PROBLEM_SIZE -S -emit-llvm "$SUITE/$src" -o "$T/a.ll" 2>/dev/null; then
        printf 'no_build\t%s\t%s\n' "$flav" "$src"; rm -rf "$T"; return
    fi
    build() { timeout 120 "$LLVM/clang++" -O0 -w "$1" -o "$2" -lm -lpthread 2>/dev/null; }
    run() { (cd "$dir" && timeout 20 "$1" >"$2" 2>&1 </dev/null; echo "exit $?" >>"$2"); }
    if ! build "$T/a.ll" "$T/a"; then printf 'no_build\t%s\t%s\n' "$flav" "$src"; rm -rf "$T"; return; fi
    run "$T/a" "$T/a.out"
    if grep -q '^exit 124$' "$T/a.out"; then printf 'slow\t%s\t%s\n' "$flav" "$src"; rm -rf "$T"; return; fi
    for v in m s; do
        local extra=""
        [ "$v" = s ] && extra="--merge-similar --merge-cycles"
        # shellcheck disable=SC2086
        if ! "$MERGEFN" merge "$T/a.ll" $extra -o "$T/$v.ll" --report "$T/$v.json" 2>"$T/$v.err"; then
            printf 'merge_error\t%s\t%s\t%s %s\n' "$flav" "$src" "$extra" "$(head -1 "$T/$v.err")"; rm -rf "$T"; return
        fi
        if ! "$LLVM/opt" -passes=verify -disable-output "$T/$v.ll" 2>/dev/null; then
            printf 'invalid\t%s\t%s\t%s\n' "$flav" "$src" "$extra"; rm -rf "$T"; return
        fi
        if ! build "$T/$v.ll" "$T/$v"; then
            printf 'merged_no_build\t%s\t%s\t%s\n' "$flav" "$src" "$extra"; rm -rf "$T"; return
        fi
        run "$T/$v" "$T/$v.out"
        if ! cmp -s "$T/a.out" "$T/$v.out"; then
            printf 'differs\t%s\t%s\t%s\n' "$flav" "$src" "$extra"; rm -rf "$T"; return
        fi
    done
    n="$(python3 -c 'import json,sys; print(sum(json.load(open(p))["counts"][k] for p, k in ((sys.argv[1], "merged"), (sys.argv[2], "merged"), (sys.argv[2], "parameterized"))))' "$T/m.json" "$T/s.json")"
    printf 'same\t%s\t%s\t%s\n' "$flav" "$src" "$n"
    rm -rf "$T"
}
export -f check

cd "$SUITE" || exit 2
mapfile -t programs < <(find SingleSource -name '*.reference_output' | sed 's/\.reference_output$//' |
    while read -r b; do for e in c cpp cc; do [ -f "$b.$e" ] && echo "$b.$e"; done; done | sort -u)
results="$(for flav in $FLAVOURS; do printf '%s\0' "${programs[@]}" |
    xargs -0 -P "$JOBS" -I{} bash -c 'check "$1" "$2"' _ {} "$flav"; done)"

fails="$(grep -E '^(merge_error|invalid|merged_no_build|differs|bad_flavour)' <<<"$results")"
[ -n "$fails" ] && printf '%s\n' "$fails"
echo "programs: ${#programs[@]}, flavours: $FLAVOURS"
cut -f1 <<<"$results" | sort | uniq -c | sed 's/^/  /'
echo "  functions merged in the programs that print the same: $(awk -F'\t' '$1 == "same" { n += $4 } END { print n + 0 }' <<<"$results")"
[ -z "$fails" ]
