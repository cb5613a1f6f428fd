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
#     (kcfi_type, GEP no-wrap flags, self address, shader entry points, and old copies in
#     typed-pointer syntax, which mergefn reads typed where opt-22 reads them opaque).
#   - opt-22 rejects it:            mergefn must exit 1 with an `error:` message, unless
#     docs/DIVERGENCES.md says we read it on purpose (counted apart): a triple naming an
#     architecture this LLVM was built without, the byte type `b<N>`, LLVM 14's `icmp`
#     constant expressions in typed-pointer IR.
# Prints one line per failing file and per-suite counts; exit 1 if any file fails.
# Needs target/release/mergefn (cargo build --release) and LLVM 22.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OPT="${OPT:-/usr/lib/llvm-22/bin/opt}"
MERGEFN="${MERGEFN:-$ROOT/target/release/mergefn}"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

if [ "$#" -eq 0 ]; then
    set -- "$ROOT"/target/foreign/*/
fi
[ -x "$MERGEFN" ] || { echo "error: build mergefn first (cargo build --release)" >&2; exit 2; }
[ -x "$OPT" ] || { echo "error: $OPT missing (apt-get install llvm-22)" >&2; exit 2; }

# opt-22 itself loops forever on a few files (Verifier's DILocalScope-cycle.ll): every run of
# either tool has a time limit; a file opt-22 does not finish is skipped and said so.
LIMIT="${FOREIGN_TIMEOUT:-60}"
opt_run() { timeout "$LIMIT" "$OPT" "$@"; }
norm() { opt_run -S "$1" -o - 2>/dev/null | grep -v -e '^; ModuleID' -e '^source_filename' | sort_comdats; }
# opt -S is not always idempotent: a second pass can unique metadata nodes that the first
# printed apart (`!DIBasicType()` beside its spelled-out twin). same FILE1 FILE2 compares the
# two after opt -S, and again after opt -S to a fixed point (twice) when once is not enough.
same() {
    [ "$(norm "$1")" == "$(norm "$2")" ] && return 0
    opt_run -S "$1" -o "$TMP/fix1.ll" 2>/dev/null && opt_run -S "$2" -o "$TMP/fix2.ll" 2>/dev/null &&
        [ "$(norm "$TMP/fix1.ll")" == "$(norm "$TMP/fix2.ll")" ]
}
# Comdats are printed in hash-table order; compare them as a set.
sort_comdats() { awk '/^\$/ { c[n++] = $0; next } { print } END { for (i = 0; i < n; i++) print c[i] | "sort" }'; }

status=0
for suite in "$@"; do
    suite="${suite%/}"
    [ -d "$suite" ] || { echo "skipping $suite: not a directory"; continue; }
    files=0 accepted=0 read_ok=0 roundtrip=0 merged=0 divergent=0 rejected=0 rejected_ok=0 on_purpose=0
    while IFS= read -r -d '' f; do
        files=$((files + 1))
        name="${f#"$suite"/}"
        opt_run -S "$f" -o "$TMP/orig.ll" 2>"$TMP/opt.err"
        opt_rc=$?
        if [ "$opt_rc" = 124 ]; then
            files=$((files - 1))
            echo "$name: skipped: opt-22 did not finish in ${LIMIT} s"
            continue
        fi
        if [ "$opt_rc" != 0 ]; then
            rejected=$((rejected + 1))
            timeout "$LIMIT" "$MERGEFN" print "$f" -o "$TMP/ours.ll" >/dev/null 2>"$TMP/ours.err"
            rc=$?
            if [ "$rc" = 1 ] && grep -q '^error:' "$TMP/ours.err"; then
                rejected_ok=$((rejected_ok + 1))
            elif [ "$rc" = 0 ] && { grep -q 'unrecognized architecture' "$TMP/opt.err" \
                    || grep -qE '(^|[^%@a-z0-9_.])b(8|16|32|64|128|256)([^a-z0-9_]|$)' "$f" \
                    || grep -qE 'icmp.*(i8|i16|i32|i64)\*' "$f"; }; then
                on_purpose=$((on_purpose + 1))
                echo "$name: read on purpose ($(head -1 "$TMP/opt.err" | cut -c1-100))"
            else
                echo "$name: opt-22 rejects it ($(head -1 "$TMP/opt.err" | cut -c1-100)), mergefn exits $rc"
            fi
            continue
        fi
        accepted=$((accepted + 1))
        if ! timeout "$LIMIT" "$MERGEFN" print --no-verify "$f" -o "$TMP/ours.ll" 2>"$TMP/ours.err"; then
            echo "$name: READ: $(head -1 "$TMP/ours.err" | cut -c1-160)"
            continue
        fi
        read_ok=$((read_ok + 1))
        if same "$f" "$TMP/ours.ll"; then
            roundtrip=$((roundtrip + 1))
        else
            echo "$name: ROUND TRIP differs"
        fi
        flags=() ours=()
        if grep -q 'mergefunc-use-aliases' "$f"; then flags+=(-mergefunc-use-aliases); ours+=(--use-aliases); fi
        if grep -q 'mergefunc-preserve-debug-info' "$f"; then flags+=(-mergefunc-preserve-debug-info); ours+=(--preserve-debug-info); fi
        if ! opt_run -passes=mergefunc "${flags[@]}" -S "$f" -o "$TMP/theirs.ll" 2>/dev/null; then
            merged=$((merged + 1)) # opt-22 fails on its own pass: nothing to compare
            continue
        fi
        if ! timeout "$LIMIT" "$MERGEFN" merge --no-verify "${ours[@]}" "$f" -o "$TMP/merged.ll" 2>"$TMP/ours.err"; then
            echo "$name: MERGE: $(head -1 "$TMP/ours.err" | cut -c1-160)"
            continue
        fi
        if ! opt_run -passes=verify -disable-output "$TMP/merged.ll" 2>"$TMP/v.err"; then
            echo "$name: MERGE OUTPUT INVALID: $(head -1 "$TMP/v.err" | cut -c1-160)"
            continue
        fi
        if same "$TMP/theirs.ll" "$TMP/merged.ll"; then
            merged=$((merged + 1))
        elif grep -qE 'kcfi_type|getelementptr (inbounds|nusw|nuw)|amdgpu_(cs|ps|vs|gs|hs|es|ls|gfx)|icmp (eq|ne) ptr' "$f" \
                || { ! grep -qw ptr "$f" && grep -qE '(i[0-9]+|%[A-Za-z0-9_.]+|\)|\]|>)\*' "$f"; }; then
            divergent=$((divergent + 1))
            echo "$name: merge differs (a documented divergence applies)"
        else
            echo "$name: MERGE differs from opt-22"
        fi
    done < <(find "$suite" -name '*.ll' -print0 | sort -z)
    failed=$((accepted - merged - divergent + rejected - rejected_ok - on_purpose))
    [ "$failed" -gt 0 ] && status=1
    printf '%s: %d files; opt-22 accepts %d: %d read, %d round-trip, %d merge as opt-22, %d documented divergences; opt-22 rejects %d: %d rejected by mergefn, %d read on purpose\n' \
        "$(basename "$suite")" "$files" "$accepted" "$read_ok" "$roundtrip" "$merged" "$divergent" "$rejected" "$rejected_ok" "$on_purpose"
done
exit "$status"
