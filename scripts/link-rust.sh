#!/usr/bin/env bash
# Link an object compiled from target/corpus/programs/rust_prog.ll into an executable, with the
# link line rustc used for that program (saved by scripts/corpus.sh: the Rust standard library
# rlibs, the allocator shim, the exported-symbols object), through clang-22 and ld.lld-22.
#
#   scripts/link-rust.sh ARGS OBJ EXE [LINKER FLAGS...]
#
# ARGS is target/corpus/programs/rust_prog.d/link.args (one argument per line, the program's
# object as @OBJ@ and the output as @EXE@); extra flags (e.g. -Wl,--icf=all) come last.
set -euo pipefail
LLVM="${LLVM:-/usr/lib/llvm-22/bin}"
args_file="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
obj="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
exe="$(cd "$(dirname "$3")" && pwd)/$(basename "$3")"
shift 3
mapfile -t args <"$args_file"
for i in "${!args[@]}"; do
    case "${args[$i]}" in
        @OBJ@) args[$i]="$obj" ;;
        @EXE@) args[$i]="$exe" ;;
    esac
done
# The shim objects are named relative to the directory rustc ran in.
cd "$(dirname "$args_file")"
exec "$LLVM/clang" -fuse-ld=lld "${args[@]}" "$@"
