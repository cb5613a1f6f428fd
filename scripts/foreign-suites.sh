#!/usr/bin/env bash
# Run mergefn over foreign suites of hand-written .ll files and compare with opt-22.
#
#   scripts/foreign-suites.sh [SUITE_DIR...]
#
# Default suites (fetched, never committed; put them there yourself):
#   target/foreign/alive2          Alive2's tests/alive-tv, e.g. from a clone of
#                                  github.com/AliveToolkit/alive2:
#                                  git -C alive2 archive HEAD tests/alive-tv | tar -x -C target/foreign/alive2
#   target/foreign/llvm-mergefunc  llvm-project's llvm/test/Transforms/MergeFunc/*.ll
#   target/foreign/llvm-assembler  llvm-project's llvm/test/Assembler/*.ll (optional; the
#                                  search index's copies, of mixed ages)
#   target/foreign/llvm-verifier   llvm-project's llvm/test/Verifier/**/*.ll (optional; most
#                                  files are rejects, many of them target intrinsic rules)
#   target/foreign/llvm19-assembler  the whole llvm/test/Assembler directory of LLVM 19, from
#                                  Debian's source package (bookworm has it; 22's is not there):
#                                  apt-get source --download-only llvm-toolchain-19 &&
#                                  tar -xJf llvm-toolchain-19_*.orig.tar.xz --wildcards '*/llvm/test/Assembler/*'
#                                  then copy that directory's contents here
#
# For every file:
#   - opt-22 accepts it (opt -S):   mergefn must read it (`mergefn print`), the print must
#     round-trip (opt -S of both identical), and `mergefn merge` must equal
#     `opt -passes=mergefunc` after opt -S, with -mergefunc-use-aliases /
#     -mergefunc-preserve-debug-info when the file's RUN lines use them. Merge differences
#     listed in docs/DIVERGENCES.md are counted apart when the file is one of its cases
#     (kcfi_type, GEP no-wrap flags, self address, shader entry points). The merge runs with
#     --opaque-pointers, so old copies in typed-pointer syntax are read as opt-22 reads them.
#   - opt-22 rejects it:            mergefn must exit 1 with an `error:` message, unless
#     docs/DIVERGENCES.md says we read it on purpose (counted apart): a triple naming an
#     architecture this LLVM was built without, the byte type `b<N>`, LLVM 14's `icmp`
#     constant expressions in typed-pointer IR.
# Prints one line per failing file and per-suite counts; exit 1 if any file fails. Files are
# checked FOREIGN_JOBS at a time (default: the number of cores); LLVM 19's whole
# test/Transforms (9,000 files) takes about 30 minutes on two cores.
# Needs target/release/mergefn (cargo build --release) and LLVM 22.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OPT="${OPT:-/usr/lib/llvm-22/bin/opt}"
MERGEFN="${MERGEFN:-$ROOT/target/release/mergefn}"
JOBS="${FOREIGN_JOBS:-$(nproc)}"

if [ "$#" -eq 0 ]; then
    set -- "$ROOT"/target/foreign/*/
fi
[ -x "$MERGEFN" ] || { echo "error: build mergefn first (cargo build --release)" >&2; exit 2; }
[ -x "$OPT" ] || { echo "error: $OPT missing (apt-get install llvm-22)" >&2; exit 2; }

# opt-22 itself loops forever on a few files (Verifier's DILocalScope-cycle.ll): every run of
# either tool has a time limit; a file opt-22 does not finish is skipped and said so.
LIMIT="${FOREIGN_TIMEOUT:-60}"
export OPT MERGEFN LIMIT

# check_file SUITE FILE: one line "KIND<TAB>name<TAB>detail", KIND one of skipped, rejected_ok,
# on_purpose, rejected_bad, read, roundtrip, merged, opt_fails, merge_error, invalid,
# divergent, differs (see the counts below).
check_file() {
    local suite="$1" f="$2" T name
    T="$(mktemp -d)"
    trap 'rm -rf "$T"' RETURN
    name="${f#"$suite"/}"
    opt_run() { timeout "$LIMIT" "$OPT" "$@"; }
    # Comdats are printed in hash-table order; compare them as a set.
    sort_comdats() { awk '/^\$/ { c[n++] = $0; next } { print } END { for (i = 0; i < n; i++) print c[i] | "sort" }'; }
    norm() { opt_run -S "$1" -o - 2>/dev/null | grep -v -e '^; ModuleID' -e '^source_filename' | sort_comdats; }
    # opt -S is not always idempotent: a second pass can unique metadata nodes that the first
    # printed apart (`!DIBasicType()` beside its spelled-out twin). same FILE1 FILE2 compares
    # the two after opt -S, and again after opt -S to a fixed point (twice) when once is not
    # enough.
    same() {
        [ "$(norm "$1")" == "$(norm "$2")" ] && return 0
        opt_run -S "$1" -o "$T/fix1.ll" 2>/dev/null && opt_run -S "$2" -o "$T/fix2.ll" 2>/dev/null &&
            [ "$(norm "$T/fix1.ll")" == "$(norm "$T/fix2.ll")" ]
    }
    say() { printf '%s\t%s\t%s\n' "$1" "$name" "${2:-}"; }
    opt_run -S "$f" -o "$T/orig.ll" 2>"$T/opt.err"
    local opt_rc=$?
    if [ "$opt_rc" = 124 ]; then
        say skipped "opt-22 did not finish in ${LIMIT} s"
        return
    fi
    if [ "$opt_rc" != 0 ]; then
        timeout "$LIMIT" "$MERGEFN" print "$f" -o "$T/ours.ll" >/dev/null 2>"$T/ours.err"
        local rc=$?
        if [ "$rc" = 1 ] && grep -q '^error:' "$T/ours.err"; then
            say rejected_ok
        elif [ "$rc" = 0 ] && { grep -q 'unrecognized architecture' "$T/opt.err" \
                || grep -qE '(^|[^%@a-z0-9_.])b(8|16|32|64|128|256)([^a-z0-9_]|$)' "$f" \
                || grep -qE 'icmp.*(i8|i16|i32|i64)\*' "$f"; }; then
            say on_purpose "read on purpose ($(head -1 "$T/opt.err" | cut -c1-100))"
        else
            say rejected_bad "opt-22 rejects it ($(head -1 "$T/opt.err" | cut -c1-100)), mergefn exits $rc"
        fi
        return
    fi
    if ! timeout "$LIMIT" "$MERGEFN" print --no-verify "$f" -o "$T/ours.ll" 2>"$T/ours.err"; then
        say read "READ: $(head -1 "$T/ours.err" | cut -c1-160)"
        return
    fi
    if ! same "$f" "$T/ours.ll"; then
        say roundtrip "ROUND TRIP differs"
        return
    fi
    local flags=() ours=()
    if grep -q 'mergefunc-use-aliases' "$f"; then flags+=(-mergefunc-use-aliases); ours+=(--use-aliases); fi
    if grep -q 'mergefunc-preserve-debug-info' "$f"; then flags+=(-mergefunc-preserve-debug-info); ours+=(--preserve-debug-info); fi
    if ! opt_run -passes=mergefunc "${flags[@]}" -S "$f" -o "$T/theirs.ll" 2>/dev/null; then
        say opt_fails # opt-22 fails on its own pass: nothing to compare
        return
    fi
    if ! timeout "$LIMIT" "$MERGEFN" --opaque-pointers merge --no-verify "${ours[@]}" "$f" -o "$T/merged.ll" 2>"$T/ours.err"; then
        say merge_error "MERGE: $(head -1 "$T/ours.err" | cut -c1-160)"
        return
    fi
    if ! opt_run -passes=verify -disable-output "$T/merged.ll" 2>"$T/v.err"; then
        say invalid "MERGE OUTPUT INVALID: $(head -1 "$T/v.err" | cut -c1-160)"
        return
    fi
    if same "$T/theirs.ll" "$T/merged.ll"; then
        say merged
    elif grep -qE 'kcfi_type|getelementptr (inbounds|nusw|nuw)|amdgpu_(cs|ps|vs|gs|hs|es|ls|gfx)|icmp (eq|ne) ptr' "$f"; then
        say divergent "merge differs (a documented divergence applies)"
    else
        say differs "MERGE differs from opt-22"
    fi
}
export -f check_file

status=0
for suite in "$@"; do
    suite="${suite%/}"
    [ -d "$suite" ] || { echo "skipping $suite: not a directory"; continue; }
    results="$(find "$suite" -name '*.ll' -print0 | sort -z |
        xargs -0 -P "$JOBS" -n 1 bash -c 'check_file "$0" "$1"' "$suite" | sort -t$'\t' -k2)"
    # The failing and noteworthy files, then the counts.
    printf '%s\n' "$results" | awk -F'\t' '$3 != "" { print $2 ": " $3 }'
    count() { printf '%s\n' "$results" | awk -F'\t' -v k="$1" '$1 == k' | grep -c . ; }
    skipped=$(count skipped) rejected_ok=$(count rejected_ok) on_purpose=$(count on_purpose)
    rejected_bad=$(count rejected_bad) read_fail=$(count read) rt_fail=$(count roundtrip)
    merged=$(( $(count merged) + $(count opt_fails) )) divergent=$(count divergent)
    merge_fail=$(( $(count merge_error) + $(count invalid) + $(count differs) ))
    files=$(( $(printf '%s\n' "$results" | grep -c .) - skipped ))
    rejected=$((rejected_ok + on_purpose + rejected_bad))
    accepted=$((files - rejected))
    read_ok=$((accepted - read_fail))
    roundtrip=$((read_ok - rt_fail))
    failed=$((read_fail + rt_fail + merge_fail + rejected_bad))
    [ "$failed" -gt 0 ] && status=1
    printf '%s: %d files; opt-22 accepts %d: %d read, %d round-trip, %d merge as opt-22, %d documented divergences; opt-22 rejects %d: %d rejected by mergefn, %d read on purpose\n' \
        "$(basename "$suite")" "$files" "$accepted" "$read_ok" "$roundtrip" "$merged" "$divergent" "$rejected" "$rejected_ok" "$on_purpose"
done
exit "$status"
