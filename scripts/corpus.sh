#!/usr/bin/env bash
# Build a corpus of real-world LLVM IR for mergefn under target/corpus/.
#
#   target/corpus/rust/   rustc 1.9x IR of crates.io crates (+ all_linked.ll, the "big module")
#   target/corpus/c/      clang-22 IR of Debian C/C++ sources, one llvm-link'ed module per project
#   target/corpus/typed/  clang-14 IR with typed pointers (i8*), for the legacy-IR path
#   target/corpus/flavours/  the C/C++ sources (and two Rust crates) built as real projects
#                         build them: -O2 -g, -Os -g, line tables, CFI, kCFI, ASan, UBSan,
#                         coverage, OpenMP, ThinLTO and full LTO bitcode (through llvm-dis-22),
#                         clang-19's IR (LLVM 15-21 syntax: lifetime markers with a size), and
#                         header-only template-heavy C++ at -O2 (nlohmann/json's unit tests)
#   target/corpus/cross/  other targets: AArch64, RISC-V, wasm32, ARMv7, Windows, macOS,
#                         NVPTX, AMDGPU, SPIR-V, AVR, MSP430, i686, s390x, MIPS
#                         (tests/corpus-src/ and zstd), and target features and languages
#                         with IR of their own: RVV, SVE/SME, wasm reference types,
#                         AVX-512/AMX, C++20 coroutines, Objective-C (tests/corpus-src/features/)
#   target/corpus/langs/  other front ends: flang-22 (Fortran: the reference BLAS and
#                         LAPACK's double-precision routines, -O2 -g and -O0 -g)
#   target/corpus/programs/  whole programs: a c/ library module llvm-link'ed with a driver
#                         of ours from tests/programs/ (run before and after merging by
#                         tests/tests/behaviour.rs)
#
# Idempotent and cached: every output file that already exists is skipped, so
# a second run only prints the summary.  Delete a file (or target/corpus) to
# rebuild it.  Intermediate files live in target/corpus-build/.
#
# Installs what it needs through apt (needs root or sudo) the first time.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/target/corpus"
BUILD="$ROOT/target/corpus-build"
SRC="$BUILD/src"
LLVM22="/usr/lib/llvm-22/bin"
LLVM14="/usr/lib/llvm-14/bin"
LLVM19="/usr/lib/llvm-19/bin"
JOBS="${CORPUS_JOBS:-2}"
START=$SECONDS

export DEBIAN_FRONTEND=noninteractive
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"

log() { printf '[corpus %4ds] %s\n' "$((SECONDS - START))" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

mkdir -p "$OUT"/{rust,c,typed,programs,flavours,cross,langs} "$BUILD" "$SRC"

# ---------------------------------------------------------------- apt helpers
APT_UPDATED=0
apt_update() {
    if [ "$APT_UPDATED" = 0 ]; then
        log "apt-get update"
        $SUDO apt-get update -q >"$BUILD/apt-update.log" 2>&1 ||
            { cat "$BUILD/apt-update.log" >&2; die "apt-get update failed"; }
        APT_UPDATED=1
    fi
}

pkg_installed() {
    [ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null)" = "ii " ]
}

# ensure_pkgs PKG... : install the packages that are not installed yet.
ensure_pkgs() {
    local missing=() p
    for p in "$@"; do pkg_installed "$p" || missing+=("$p"); done
    [ "${#missing[@]}" = 0 ] && return 0
    apt_update
    log "apt-get install ${missing[*]}"
    $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}" >"$BUILD/apt-install.log" 2>&1 ||
        { tail -30 "$BUILD/apt-install.log" >&2; die "apt-get install ${missing[*]} failed"; }
}

# Make sure deb-src entries exist (copies of the existing deb entries).
ensure_deb_src() {
    if apt-cache showsrc tinyxml2 2>/dev/null | grep -q '^Package:'; then return 0; fi
    if ! grep -rqsE '^(deb-src|Types:.*deb-src)' /etc/apt/sources.list /etc/apt/sources.list.d/; then
        local f="/etc/apt/sources.list.d/mergefn-deb-src"
        if [ -f /etc/apt/sources.list.d/debian.sources ]; then
            log "adding deb-src entries to $f.sources"
            sed -E 's/^Types:.*$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources |
                $SUDO tee "$f.sources" >/dev/null
        elif grep -qsE '^deb ' /etc/apt/sources.list; then
            log "adding deb-src entries to $f.list"
            sed -nE 's/^deb (.*)$/deb-src \1/p' /etc/apt/sources.list | $SUDO tee "$f.list" >/dev/null
        else
            die "cannot find Debian apt sources to derive deb-src entries from"
        fi
    fi
    APT_UPDATED=0
    apt_update
}

# fetch_src SRCPKG : apt-get source into $SRC, echo the extracted directory.
fetch_src() {
    local pkg="$1" dir
    dir="$(find "$SRC" -maxdepth 1 -type d -name "${pkg}-[0-9]*" | sort | tail -1)"
    if [ -z "$dir" ]; then
        ensure_deb_src
        log "apt-get source $pkg"
        if ! (cd "$SRC" && apt-get source -q "$pkg" >"$SRC/$pkg.log" 2>&1); then
            # A mirror may list a version whose files it no longer serves (a security
            # update superseded on debian-security): try the other versions the index
            # lists, newest first, before giving up.
            local v ok=0
            for v in $(apt-cache showsrc "$pkg" 2>/dev/null | sed -n 's/^Version: //p' |
                sort -rVu); do
                log "apt-get source $pkg failed; trying $pkg=$v"
                if (cd "$SRC" && apt-get source -q "$pkg=$v" >>"$SRC/$pkg.log" 2>&1); then
                    ok=1
                    break
                fi
            done
            [ "$ok" = 1 ] || { tail -20 "$SRC/$pkg.log" >&2; die "apt-get source $pkg failed"; }
        fi
        dir="$(find "$SRC" -maxdepth 1 -type d -name "${pkg}-[0-9]*" | sort | tail -1)"
        [ -n "$dir" ] || die "apt-get source $pkg produced no directory"
    fi
    echo "$dir"
}

# ----------------------------------------------------- C/C++ compile helpers
# compile_one SRCFILE : compile one file to IR in $CORPUS_OBJDIR; log failures.
# Uses the exported CORPUS_* variables (set by build_module).
compile_one() {
    local src="$1" rel out
    rel="${src#"$CORPUS_SRCROOT"/}"
    out="$CORPUS_OBJDIR/${rel//\//__}.$CORPUS_EXT"
    [ -s "$out" ] && return 0
    local cc="$CORPUS_CC" std="$CORPUS_CSTD"
    case "$src" in
        *.cc|*.cpp|*.cxx) cc="$CORPUS_CXX"; std="$CORPUS_CXXSTD" ;;
        *.cl) std="" ;;  # OpenCL C picks its own standard (-cl-std)
    esac
    # shellcheck disable=SC2086
    if (cd "$CORPUS_SRCROOT" && "$cc" $std $CORPUS_EMIT $CORPUS_OPT \
            -DNDEBUG -w $CORPUS_FLAGS "$src" -o "$out.tmp") >"$out.err" 2>&1; then
        mv "$out.tmp" "$out"; rm -f "$out.err"
    else
        rm -f "$out.tmp"
        echo "FAILED: $rel (see $out.err)" >>"$CORPUS_OBJDIR/failed.log"
    fi
}
export -f compile_one

# build_module OUT.ll LLVMBIN SRCROOT "FLAGS" FILE... : compile FILEs (relative to
# SRCROOT) with LLVMBIN's clang and llvm-link them into OUT.ll.  The flavour of the build comes
# from the environment: CORPUS_OPT (default: -O1 without LLVM's passes, the "frontend" IR),
# CORPUS_BITCODE=1 (compile to bitcode, as LTO builds do, link, and llvm-dis the result; a
# single file is disassembled directly so that a ThinLTO module keeps its summary), and
# CORPUS_TARGET (a --target triple).
build_module() {
    local out="$1" bin="$2" root="$3" flags="$4"; shift 4
    if [ -s "$out" ]; then log "cached: ${out#"$ROOT"/}"; return 0; fi
    [ "$#" -gt 0 ] || die "no source files for ${out#"$ROOT"/}"
    local name objdir bitcode="${CORPUS_BITCODE:-0}"
    name="$(basename "$(dirname "$out")")-$(basename "$out" .ll)"
    objdir="$BUILD/obj/$name"
    mkdir -p "$objdir"
    rm -f "$objdir/failed.log"
    log "compiling $name: $# files with $bin/clang"
    local ext=ll emit="-S -emit-llvm"
    [ "$bitcode" = 1 ] && { ext=bc; emit="-c -emit-llvm"; }
    [ -n "${CORPUS_TARGET:-}" ] && flags="--target=$CORPUS_TARGET $flags"
    export CORPUS_SRCROOT="$root" CORPUS_OBJDIR="$objdir" CORPUS_FLAGS="$flags" \
        CORPUS_CC="$bin/clang" CORPUS_CXX="$bin/clang++" \
        CORPUS_CSTD="-std=gnu11" CORPUS_CXXSTD="-std=c++17" CORPUS_EXT="$ext" \
        CORPUS_EMIT="$emit" CORPUS_OPT="${CORPUS_OPT:--O1 -Xclang -disable-llvm-passes}"
    printf '%s\0' "$@" | xargs -0 -P "$JOBS" -I{} bash -c 'compile_one "$1"' _ "$root/{}"
    if [ -s "$objdir/failed.log" ]; then
        log "$name: $(wc -l <"$objdir/failed.log") file(s) failed to compile (skipped):"
        sed 's/^/    /' "$objdir/failed.log" >&2
    fi
    local objs=("$objdir"/*."$ext")
    [ -e "${objs[0]}" ] || die "$name: no file compiled"
    if [ "$bitcode" = 1 ] && [ "${#objs[@]}" = 1 ]; then
        log "llvm-dis $name"
        "$bin/llvm-dis" "${objs[0]}" -o "$out.tmp" || die "$name: llvm-dis failed"
    elif [ "$bitcode" = 1 ]; then
        log "llvm-link + llvm-dis $name: ${#objs[@]} modules"
        "$bin/llvm-link" "${objs[@]}" -o "$objdir/linked.bc" || die "$name: llvm-link failed"
        "$bin/llvm-dis" "$objdir/linked.bc" -o "$out.tmp" || die "$name: llvm-dis failed"
    else
        log "llvm-link $name: ${#objs[@]} modules"
        "$bin/llvm-link" -S "${objs[@]}" -o "$out.tmp" || die "$name: llvm-link failed"
    fi
    mv "$out.tmp" "$out"
}

# ------------------------------------------------------------------- tools
ensure_pkgs llvm-22 clang-22 clang-14 llvm-14 clang-19 llvm-19 dpkg-dev perl python3 python3-six unicode-data \
    lld-22 libclang-rt-22-dev libomp-22-dev libc6-dev-arm64-cross libc6-dev-riscv64-cross libc6-dev-armhf-cross \
    flang-22
for t in "$LLVM22/clang" "$LLVM22/clang++" "$LLVM22/llvm-link" "$LLVM14/clang" "$LLVM14/llvm-link" \
    "$LLVM19/clang" "$LLVM19/llvm-link"; do
    [ -x "$t" ] || die "missing $t"
done

# ===================================================================== rust
rust_crates=(serde_json regex regex_automata regex_syntax syn corpus_main)
rust_done=1
for c in "${rust_crates[@]}" all_linked; do [ -s "$OUT/rust/$c.ll" ] || rust_done=0; done
if [ "$rust_done" = 1 ]; then
    log "cached: target/corpus/rust/*"
else
    command -v cargo >/dev/null || die "cargo not found"
    RB="$BUILD/rust"
    mkdir -p "$RB/src"
    cat >"$RB/Cargo.toml" <<'EOF'
[package]
name = "corpus_main"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
serde_json = "1"
regex = "1"
syn = { version = "2", features = ["full", "visit", "extra-traits"] }

[profile.release]
codegen-units = 1

# Not part of the mergefn workspace.
[workspace]
EOF
    cat >"$RB/src/main.rs" <<'EOF'
use syn::visit::Visit;

struct FnCounter(usize);
impl<'ast> Visit<'ast> for FnCounter {
    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        self.0 += 1;
        syn::visit::visit_item_fn(self, f);
    }
}

fn main() {
    let src = std::env::args().nth(1).unwrap_or_else(|| "fn a() {} fn b(x: u32) -> u32 { x + 1 }".into());
    let file: syn::File = syn::parse_str(&src).expect("parse");
    let mut counter = FnCounter(0);
    counter.visit_file(&file);
    let re = regex::Regex::new(r"fn\s+([a-z_][a-z0-9_]*)").unwrap();
    let names: Vec<String> = re.captures_iter(&src).map(|c| c[1].to_string()).collect();
    let v = serde_json::json!({ "fns": counter.0, "names": names, "items": file.items.len() });
    let text = serde_json::to_string_pretty(&v).unwrap();
    let back: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v, back);
    println!("{text}");
    if std::env::var_os("CORPUS_DEBUG").is_some() {
        println!("{:?}", file.items.first());
    }
}
EOF
    log "cargo build (rust corpus; this takes a few minutes)"
    (cd "$RB" && RUSTC_BOOTSTRAP=1 RUSTFLAGS="--emit=llvm-ir,link -Z merge-functions=disabled" \
        cargo build --release --target-dir "$RB/target" >"$RB/build.log" 2>&1) ||
        { tail -30 "$RB/build.log" >&2; die "cargo build failed"; }
    deps="$RB/target/release/deps"
    for c in "${rust_crates[@]}"; do
        # Largest .ll if a crate was built more than once (e.g. different features).
        f="$(ls -S "$deps/$c"-*.ll 2>/dev/null | head -1 || true)"
        [ -n "$f" ] || die "no IR for crate $c in $deps"
        cp "$f" "$OUT/rust/$c.ll.tmp" && mv "$OUT/rust/$c.ll.tmp" "$OUT/rust/$c.ll"
    done
    log "llvm-link-22 rust/all_linked.ll"
    parts=(); for c in "${rust_crates[@]}"; do parts+=("$OUT/rust/$c.ll"); done
    "$LLVM22/llvm-link" -S "${parts[@]}" -o "$OUT/rust/all_linked.ll.tmp" 2>"$RB/link.log" ||
        { cat "$RB/link.log" >&2; die "llvm-link-22 rejected the rustc IR"; }
    mv "$OUT/rust/all_linked.ll.tmp" "$OUT/rust/all_linked.ll"
fi

# ======================================================================= C
# srcs DIR 'GLOB'... : library sources matching GLOBs, relative to DIR.
srcs() { (cd "$1" && shift && for g in "$@"; do compgen -G "$g" || true; done | sort -u); }

c_done=1
for p in fmtlib snappy tinyxml2 zstd re2; do [ -s "$OUT/c/$p.ll" ] || c_done=0; done
for p in tinyxml2 snappy zstd; do [ -s "$OUT/typed/$p.ll" ] || c_done=0; done
if [ "$c_done" = 1 ]; then
    log "cached: target/corpus/c/* target/corpus/typed/*"
else
    FMT="$(fetch_src fmtlib)"
    SNAPPY="$(fetch_src snappy)"
    TINYXML2="$(fetch_src tinyxml2)"
    ZSTD="$(fetch_src libzstd)"
    RE2="$(fetch_src re2)"

    # snappy: the headers cmake would generate.
    GEN="$BUILD/gen/snappy"
    mkdir -p "$GEN"
    sed -e 's/\${HAVE_SYS_UIO_H_01}/1/g' -e 's/\${PROJECT_VERSION_MAJOR}/1/' \
        -e 's/\${PROJECT_VERSION_MINOR}/1/' -e 's/\${PROJECT_VERSION_PATCH}/9/' \
        "$SNAPPY/snappy-stubs-public.h.in" >"$GEN/snappy-stubs-public.h"
    cat >"$GEN/config.h" <<'EOF'
#ifndef THIRD_PARTY_SNAPPY_OPENSOURCE_CMAKE_CONFIG_H_
#define THIRD_PARTY_SNAPPY_OPENSOURCE_CMAKE_CONFIG_H_
#define HAVE_ATTRIBUTE_ALWAYS_INLINE 1
#define HAVE_BUILTIN_CTZ 1
#define HAVE_BUILTIN_EXPECT 1
#define HAVE_FUNC_MMAP 1
#define HAVE_FUNC_SYSCONF 1
#define HAVE_SYS_MMAN_H 1
#define HAVE_SYS_RESOURCE_H 1
#define HAVE_SYS_TIME_H 1
#define HAVE_SYS_UIO_H 1
#define HAVE_UNISTD_H 1
#define SNAPPY_HAVE_SSSE3 0
#define SNAPPY_HAVE_BMI2 0
#endif
EOF

    # re2: the Debian source drops the generated tables; regenerate them
    # (as debian/rules does with REBUILD_TABLES=1).  Non-fatal.
    for t in perl_groups unicode_casefold unicode_groups; do
        [ -s "$RE2/re2/$t.cc" ] && continue
        log "re2: generating re2/$t.cc"
        if [ "$t" = perl_groups ]; then
            (cd "$RE2" && perl re2/make_perl_groups.pl >"re2/$t.cc.tmp") || true
        else
            (cd "$RE2" && /usr/bin/python3 "re2/make_$t.py" >"re2/$t.cc.tmp") || true
        fi
        if [ -s "$RE2/re2/$t.cc.tmp" ]; then mv "$RE2/re2/$t.cc.tmp" "$RE2/re2/$t.cc"
        else rm -f "$RE2/re2/$t.cc.tmp"; log "re2: could not generate re2/$t.cc (skipped)"; fi
    done

    SNAPPY_FLAGS="-DHAVE_CONFIG_H -I$GEN -I."
    ZSTD_FLAGS="-Ilib -Ilib/common -DZSTD_DISABLE_ASM -DXXH_NAMESPACE=ZSTD_"
    RE2_FLAGS="-I. -pthread"

    mapfile -t fmt_files < <(srcs "$FMT" src/format.cc src/os.cc)
    mapfile -t snappy_files < <(srcs "$SNAPPY" snappy.cc snappy-c.cc snappy-sinksource.cc snappy-stubs-internal.cc)
    mapfile -t zstd_files < <(srcs "$ZSTD" 'lib/common/*.c' 'lib/compress/*.c' 'lib/decompress/*.c' 'lib/dictBuilder/*.c')
    mapfile -t zstd_typed_files < <(srcs "$ZSTD" 'lib/common/*.c' 'lib/compress/*.c')
    mapfile -t re2_files < <(srcs "$RE2" 're2/*.cc' util/rune.cc util/strutil.cc)

    build_module "$OUT/c/fmtlib.ll"   "$LLVM22" "$FMT"      "-Iinclude"      "${fmt_files[@]}"
    build_module "$OUT/c/snappy.ll"   "$LLVM22" "$SNAPPY"   "$SNAPPY_FLAGS"  "${snappy_files[@]}"
    build_module "$OUT/c/tinyxml2.ll" "$LLVM22" "$TINYXML2" "-I."            tinyxml2.cpp
    build_module "$OUT/c/zstd.ll"     "$LLVM22" "$ZSTD"     "$ZSTD_FLAGS"    "${zstd_files[@]}"
    build_module "$OUT/c/re2.ll"      "$LLVM22" "$RE2"      "$RE2_FLAGS"     "${re2_files[@]}"

    # ================================================================ typed
    build_module "$OUT/typed/tinyxml2.ll" "$LLVM14" "$TINYXML2" "-I."           tinyxml2.cpp
    build_module "$OUT/typed/snappy.ll"   "$LLVM14" "$SNAPPY"   "$SNAPPY_FLAGS" "${snappy_files[@]}"
    build_module "$OUT/typed/zstd.ll"     "$LLVM14" "$ZSTD"     "$ZSTD_FLAGS"   "${zstd_typed_files[@]}"
fi

# ================================================================ flavours
# The same C/C++ sources built the way real projects build them: optimised with debug info,
# sanitizers, CFI, coverage, OpenMP, and LTO bitcode read back through llvm-dis-22.  One
# module per project and flavour, target/corpus/flavours/<project>.<flavour>.ll.
C_FLAVOURS=(
    "O2g|0|-O2 -g"
    "O1g|0|-O1 -g"
    "Osg|0|-Os -g"
    "gmlt|0|-O2 -gline-tables-only"
    "cfi|0|-O2 -flto -fvisibility=hidden -fsanitize=cfi"
    "kcfi|0|-O2 -fsanitize=kcfi"
    "asan|0|-O2 -fsanitize=address"
    "ubsan|0|-O2 -fsanitize=undefined"
    "cov|0|-O2 -fprofile-instr-generate -fcoverage-mapping"
    "openmp|0|-O2 -fopenmp"
    "thinlto|1|-O2 -flto=thin"
    "lto|1|-O2 -flto"
)
mkdir -p "$OUT/flavours" "$OUT/cross"
ZSTD_SRC="$(fetch_src libzstd)"
RE2_SRC="$(fetch_src re2)"
TINYXML2_SRC="$(fetch_src tinyxml2)"
mapfile -t zstd_all < <(srcs "$ZSTD_SRC" 'lib/common/*.c' 'lib/compress/*.c' 'lib/decompress/*.c' 'lib/dictBuilder/*.c')
mapfile -t re2_all < <(srcs "$RE2_SRC" 're2/*.cc' util/rune.cc util/strutil.cc)
for fl in "${C_FLAVOURS[@]}"; do
    IFS='|' read -r fname fbc fopt <<<"$fl"
    export CORPUS_OPT="$fopt" CORPUS_BITCODE="$fbc"
    zstd_flags="-Ilib -Ilib/common -DZSTD_DISABLE_ASM -DXXH_NAMESPACE=ZSTD_"
    if [ "$fname" = thinlto ]; then
        # A ThinLTO module keeps its summary (^N = ...) only as the compiler wrote it, one
        # translation unit, unlinked.  (tinyxml2's summary has a typeidCompatibleVTable entry
        # that llvm-dis-22 writes and opt-22 cannot read back, so it is not used here.)
        build_module "$OUT/flavours/zstd_decompress.$fname.ll" "$LLVM22" "$ZSTD_SRC" \
            "$zstd_flags" lib/decompress/zstd_decompress.c
        continue
    fi
    build_module "$OUT/flavours/tinyxml2.$fname.ll" "$LLVM22" "$TINYXML2_SRC" "-I." tinyxml2.cpp
    build_module "$OUT/flavours/zstd.$fname.ll" "$LLVM22" "$ZSTD_SRC" "$zstd_flags" "${zstd_all[@]}"
    # re2 is the largest C++ source: its debug-info builds, which the behaviour tests run.
    case "$fname" in O2g|Osg|cfi|asan)
        build_module "$OUT/flavours/re2.$fname.ll" "$LLVM22" "$RE2_SRC" "-I. -pthread" "${re2_all[@]}" ;;
    esac
done
# The IR most compilers in use write today, LLVM 15-21's (Debian's clang-19; rustc on LLVM 21
# writes the same): its lifetime markers take a size first, which LLVM 22 drops as it reads.
export CORPUS_OPT="-O2 -g" CORPUS_BITCODE=0
build_module "$OUT/flavours/re2.clang19-O2g.ll" "$LLVM19" "$RE2_SRC" "-I. -pthread" "${re2_all[@]}"
export CORPUS_OPT="-O2"
build_module "$OUT/flavours/zstd.clang19-O2.ll" "$LLVM19" "$ZSTD_SRC" \
    "-Ilib -Ilib/common -DZSTD_DISABLE_ASM -DXXH_NAMESPACE=ZSTD_" "${zstd_all[@]}"
# AddressSanitizer's markers are on offsets into its frame, not allocas: LLVM 22 erases them.
export CORPUS_OPT="-O2 -fsanitize=address"
build_module "$OUT/flavours/zstd.clang19-asan.ll" "$LLVM19" "$ZSTD_SRC" \
    "-Ilib -Ilib/common -DZSTD_DISABLE_ASM -DXXH_NAMESPACE=ZSTD_" "${zstd_all[@]}"
# Header-only, template-heavy C++ optimised: nlohmann/json's single header instantiated by
# three of its unit tests for many value types, where hundreds of functions still merge at -O2
# (re2's -O2 build merges 26).
JSON_SRC="$(fetch_src nlohmann-json3)"
export CORPUS_OPT="-O2"
build_module "$OUT/flavours/json.O2.ll" "$LLVM22" "$JSON_SRC" \
    "-Isingle_include -Itests/thirdparty/doctest -Itests/src" \
    tests/src/unit-algorithms.cpp tests/src/unit-conversions.cpp tests/src/unit-udt.cpp
unset CORPUS_OPT CORPUS_BITCODE

# Rust the way release builds with debug info, coverage and sanitizers emit it.
RUST_FLAVOURS=(
    "O3g|-C opt-level=3 -C debuginfo=2"
    "cov|-C instrument-coverage"
    "asan|-Z sanitizer=address"
)
for fl in "${RUST_FLAVOURS[@]}"; do
    IFS='|' read -r fname fflags <<<"$fl"
    done_all=1
    for c in serde_json regex_syntax; do [ -s "$OUT/flavours/rust-$c.$fname.ll" ] || done_all=0; done
    if [ "$done_all" = 1 ]; then log "cached: target/corpus/flavours/rust-*.$fname.ll"; continue; fi
    RB="$BUILD/rust"
    [ -s "$RB/Cargo.toml" ] || die "the rust corpus crate is missing ($RB); delete target/corpus/rust and rerun"
    log "cargo build (rust flavour $fname)"
    (cd "$RB" && RUSTC_BOOTSTRAP=1 RUSTFLAGS="--emit=llvm-ir -Z merge-functions=disabled $fflags" \
        cargo build --release --target-dir "$RB/target-$fname" >"$RB/build-$fname.log" 2>&1) ||
        { tail -30 "$RB/build-$fname.log" >&2; die "cargo build (flavour $fname) failed"; }
    for c in serde_json regex_syntax; do
        f="$(ls -S "$RB/target-$fname/release/deps/$c"-*.ll 2>/dev/null | head -1 || true)"
        [ -n "$f" ] || die "no IR for crate $c (flavour $fname)"
        cp "$f" "$OUT/flavours/rust-$c.$fname.ll.tmp" && mv "$OUT/flavours/rust-$c.$fname.ll.tmp" "$OUT/flavours/rust-$c.$fname.ll"
    done
done

# ==================================================================== cross
# Other targets: our freestanding template-heavy C++ (tests/corpus-src/freestanding.cpp) for
# every target, zstd for the Linux targets whose C library Debian ships as a cross package,
# and OpenCL kernels (kernel calling conventions) for the GPU targets. The data layouts span
# 16-bit pointers (MSP430; AVR, whose functions live in program address space 1), 32-bit
# ones (i686, wasm32, ARMv7), big-endian targets (s390x, 32-bit MIPS) and GPUs.
CROSS_TARGETS=(aarch64-linux-gnu riscv64-linux-gnu wasm32-unknown-unknown armv7-linux-gnueabihf
    x86_64-windows-msvc arm64-apple-macos nvptx64-nvidia-cuda amdgcn-amd-amdhsa
    avr-unknown-unknown msp430-unknown-elf i686-linux-gnu s390x-linux-gnu mips-linux-gnu)
CSRC="$ROOT/tests/corpus-src"
for t in "${CROSS_TARGETS[@]}"; do
    # Frontend IR for the templates (every instantiation kept), -O2 for zstd.
    export CORPUS_TARGET="$t"
    unset CORPUS_OPT
    build_module "$OUT/cross/freestanding.$t.ll" "$LLVM22" "$CSRC" \
        "-ffreestanding -fno-exceptions -fno-rtti -nostdinc++" freestanding.cpp
    # Debian's cross C libraries (libc6-dev-<arch>-cross) live in /usr/<gnu triple>/include.
    libc=""
    case "$t" in
        aarch64-linux-gnu|riscv64-linux-gnu) libc="/usr/$t/include" ;;
        armv7-linux-gnueabihf) libc="/usr/arm-linux-gnueabihf/include" ;;
    esac
    if [ -n "$libc" ]; then
        CORPUS_OPT="-O2" build_module "$OUT/cross/zstd.$t.ll" "$LLVM22" "$ZSTD_SRC" \
            "-nostdlibinc -isystem $libc -Ilib -Ilib/common -DZSTD_DISABLE_ASM -DXXH_NAMESPACE=ZSTD_" \
            "${zstd_all[@]}"
    fi
done
# Exception handling as these targets write it (tests/corpus-src/eh.cpp): funclet pads on
# Windows (and `inalloca` on 32-bit x86), WebAssembly's own.
for te in "x86_64-windows-msvc|" "i686-windows-msvc|" "wasm32-unknown-unknown|-fwasm-exceptions"; do
    IFS='|' read -r t eh <<<"$te"
    export CORPUS_TARGET="$t"
    unset CORPUS_OPT
    build_module "$OUT/cross/eh.$t.ll" "$LLVM22" "$CSRC" \
        "-ffreestanding -fexceptions -fcxx-exceptions -nostdinc++ $eh" eh.cpp
done
for t in nvptx64-nvidia-cuda amdgcn-amd-amdhsa spirv64; do
    export CORPUS_TARGET="$t" CORPUS_OPT="-O2"
    build_module "$OUT/cross/kernels.$t.ll" "$LLVM22" "$CSRC" "-x cl -cl-std=CL2.0 -nogpulib" kernels.cl
done
# Target features and languages whose IR has its own types and attributes, one small source
# each (tests/corpus-src/features/): RISC-V vector tuples, SVE/SME scalable vectors and
# streaming functions, WebAssembly reference types, AVX-512/AMX with bf16, fp16 and 128-bit
# scalars, C++20 coroutines before they are split (frontend IR) and Objective-C with ARC
# and blocks.  Each pairs identical functions, so each merges.
FEATURES=(
    "rvv.riscv64-linux-gnu|-O2 -g|-march=rv64gcv -ffreestanding|rvv.c"
    "sve.aarch64-linux-gnu|-O2 -g|-march=armv9-a+sve2+sme+sme2+bf16 -ffreestanding|sve.c"
    "wasm_ref.wasm32-unknown-unknown|-O2 -g|-mreference-types -mexception-handling -fwasm-exceptions|wasm_ref.cpp"
    "x86vec.x86_64-linux-gnu|-O2 -g|-mavx512f -mavx512bf16 -mavx512fp16 -mavx512vl -mamx-tile -mamx-int8 -mamx-bf16 -mf16c|x86vec.c"
    "coro.x86_64-linux-gnu||-std=c++20|coro.cpp"
    "objc.x86_64-linux-gnu|-O2 -g|-fobjc-arc -fblocks -fobjc-runtime=gnustep-2.0 -fobjc-exceptions|objc.m"
)
for fe in "${FEATURES[@]}"; do
    IFS='|' read -r name fopt flags src <<<"$fe"
    export CORPUS_TARGET="${name#*.}"
    if [ -n "$fopt" ]; then export CORPUS_OPT="$fopt"; else unset CORPUS_OPT; fi
    build_module "$OUT/cross/$name.ll" "$LLVM22" "$CSRC/features" "$flags" "$src"
done
unset CORPUS_TARGET CORPUS_OPT

# =================================================================== langs
# Another front end: flang-22's Fortran, the reference BLAS and LAPACK's double-precision
# routines (Debian's lapack source), one module per flavour, llvm-link'ed.  flang writes its
# own IR (descriptors, runtime calls, its own debug info), and BLAS/LAPACK are families of
# routines written four times over (s, d, c, z).
# build_fortran OUT.ll "FLAGS" FILE... : compile FILEs (paths) with flang-22 and link them.
build_fortran() {
    local out="$1" flags="$2"; shift 2
    if [ -s "$out" ]; then log "cached: ${out#"$ROOT"/}"; return 0; fi
    local name objdir
    name="langs-$(basename "$out" .ll)"
    objdir="$BUILD/obj/$name"
    mkdir -p "$objdir"
    log "compiling $name: $# files with $LLVM22/flang"
    # shellcheck disable=SC2016
    printf '%s\0' "$@" | FLAGS="$flags" FLANG="$LLVM22/flang" xargs -0 -P "$JOBS" -I{} bash -c '
        o="$2/$(basename "$1").ll"
        [ -s "$o" ] && exit 0
        # shellcheck disable=SC2086
        "$FLANG" $FLAGS -S -emit-llvm "$1" -o "$o.tmp" 2>"$o.err" && mv "$o.tmp" "$o" && rm -f "$o.err" ||
            { rm -f "$o.tmp"; echo "FAILED: $1" >>"$2/failed.log"; }' _ {} "$objdir"
    [ -s "$objdir/failed.log" ] && log "$name: $(wc -l <"$objdir/failed.log") file(s) failed to compile (skipped)"
    local objs=("$objdir"/*.ll)
    [ -e "${objs[0]}" ] || die "$name: no file compiled"
    log "llvm-link $name: ${#objs[@]} modules"
    "$LLVM22/llvm-link" -S "${objs[@]}" -o "$out.tmp" || die "$name: llvm-link failed"
    mv "$out.tmp" "$out"
}
[ -x "$LLVM22/flang" ] || die "missing $LLVM22/flang"
LAPACK_SRC="$(fetch_src lapack)"
mapfile -t blas_files < <(ls "$LAPACK_SRC"/BLAS/SRC/*.f "$LAPACK_SRC"/BLAS/SRC/*.f90 2>/dev/null | sort)
mapfile -t dlapack_files < <(ls "$LAPACK_SRC"/SRC/d*.f | sort | head -300)
build_fortran "$OUT/langs/blas_lapack.O2g.ll" "-O2 -g" "${blas_files[@]}" "${dlapack_files[@]}"
build_fortran "$OUT/langs/blas.O0g.ll" "-O0 -g" "${blas_files[@]}"

# ================================================================ programs
# build_program OUT.ll LIB.ll SRCROOT "FLAGS" DRIVER [OPT] : compile DRIVER (a file in
# tests/programs/) with the corpus flags (or OPT), include paths relative to SRCROOT, and
# llvm-link it with the library module LIB.ll.  Rebuilt when DRIVER or LIB.ll is
# newer than OUT.ll.
build_program() {
    local out="$1" lib="$2" root="$3" flags="$4" driver="$5"
    local opt="${6:--O1 -Xclang -disable-llvm-passes}"
    if [ -s "$out" ] && [ "$out" -nt "$driver" ] && [ "$out" -nt "$lib" ]; then
        log "cached: ${out#"$ROOT"/}"; return 0
    fi
    [ -s "$lib" ] || die "missing ${lib#"$ROOT"/} for ${out#"$ROOT"/}"
    local name objdir cc="$LLVM22/clang" std="-std=gnu11"
    name="$(basename "$out" .ll)"
    objdir="$BUILD/obj/programs-$name"
    mkdir -p "$objdir"
    case "$driver" in *.cc|*.cpp|*.cxx) cc="$LLVM22/clang++"; std="-std=c++17" ;; esac
    log "compiling program $name: ${driver#"$ROOT"/} + ${lib#"$ROOT"/}"
    # shellcheck disable=SC2086
    (cd "$root" && "$cc" $std -S -emit-llvm $opt \
        -DNDEBUG -w $flags "$driver" -o "$objdir/driver.ll.tmp") >"$objdir/driver.err" 2>&1 ||
        { cat "$objdir/driver.err" >&2; die "$name: cannot compile ${driver#"$ROOT"/}"; }
    mv "$objdir/driver.ll.tmp" "$objdir/driver.ll"
    "$LLVM22/llvm-link" -S "$lib" "$objdir/driver.ll" -o "$out.tmp" || die "$name: llvm-link failed"
    mv "$out.tmp" "$out"
}

build_program "$OUT/programs/re2_prog.ll"  "$OUT/c/re2.ll"  "$RE2_SRC"  "-I. -pthread" \
    "$ROOT/tests/programs/re2_workload.cc"
build_program "$OUT/programs/zstd_prog.ll" "$OUT/c/zstd.ll" "$ZSTD_SRC" "-Ilib" \
    "$ROOT/tests/programs/zstd_workload.c"
# The same programs as an optimised debug build compiles them.
build_program "$OUT/programs/re2_prog.O2g.ll"  "$OUT/flavours/re2.O2g.ll"  "$RE2_SRC"  "-I. -pthread" \
    "$ROOT/tests/programs/re2_workload.cc" "-O2 -g"
build_program "$OUT/programs/zstd_prog.O2g.ll" "$OUT/flavours/zstd.O2g.ll" "$ZSTD_SRC" "-Ilib" \
    "$ROOT/tests/programs/zstd_workload.c" "-O2 -g"

# A C++ program of ours on its own (no library): merges on exception paths. Rebuilt when its
# source is newer.
for fo in "eh_prog|" "eh_prog.O2g|-O2 -g"; do
    IFS='|' read -r n o <<<"$fo"
    if [ "$OUT/programs/$n.ll" -ot "$ROOT/tests/programs/eh_workload.cc" ]; then
        rm -rf "$OUT/programs/$n.ll" "$BUILD/obj/programs-$n"
    fi
    if [ -n "$o" ]; then export CORPUS_OPT="$o"; else unset CORPUS_OPT; fi
    build_module "$OUT/programs/$n.ll" "$LLVM22" "$ROOT/tests/programs" "" eh_workload.cc
done
unset CORPUS_OPT

# A Rust program: its one codegen unit's IR (generic instantiations included) and the link
# line rustc used, saved with the objects it names (the standard library's rlibs, the
# allocator shim, the exported-symbols object) so that scripts/link-rust.sh can link the
# object of a merged module in its place.
build_rust_program() {
    local out="$OUT/programs/rust_prog.ll" src="$ROOT/tests/programs/rust_generics.rs"
    local d="$OUT/programs/rust_prog.d"
    if [ -s "$out" ] && [ -s "$d/link.args" ] && [ "$out" -nt "$src" ]; then
        log "cached: ${out#"$ROOT"/}"; return 0
    fi
    log "compiling program rust_prog: ${src#"$ROOT"/}"
    rm -rf "$d"; mkdir -p "$d"
    (cd "$d" && rustc -C opt-level=2 -C codegen-units=1 -C save-temps -C debuginfo=0 \
        --emit=llvm-ir,link --print link-args "$src" -o prog >link.line 2>rustc.err) ||
        { cat "$d/rustc.err" >&2; die "rust_prog: rustc failed"; }
    python3 - "$d" <<'PY' || die "rust_prog: cannot read rustc's link line"
import glob, os, shlex, sys
d = sys.argv[1]
words = shlex.split(open(os.path.join(d, "link.line")).read().strip().splitlines()[-1])
# Drop the environment assignments and the linker name; keep the arguments.
while "=" in words[0] and not words[0].startswith("-"):
    words.pop(0)
words.pop(0)
main = [w for w in words if w.endswith("-cgu.0.rcgu.o")]
assert len(main) == 1, main
out = []
for i, w in enumerate(words):
    if w == main[0]:
        out.append("@OBJ@")
    elif i > 0 and words[i - 1] == "-o":
        out.append("@EXE@")
    else:
        out.append(w)
open(os.path.join(d, "link.args"), "w").write("\n".join(out) + "\n")
PY
    mv "$d/prog.ll" "$out"
}
build_rust_program

for f in "$OUT"/flavours/*.clang19-*.ll; do
    grep -q 'call void @llvm.lifetime.start.p0(i64 ' "$f" ||
        die "${f#"$ROOT"/} has no lifetime markers of LLVM 15-21's form"
done
for f in "$OUT"/typed/*.ll; do
    grep -q 'i8\*' "$f" || die "${f#"$ROOT"/} has no typed pointers (i8*)"
    if grep -qE '(^|[ (,])ptr( |,|\))' "$f"; then log "warning: ${f#"$ROOT"/} mentions opaque 'ptr'"; fi
done

# ================================================================= summary
echo
echo "mergefn IR corpus (${OUT#"$ROOT"/}):"
printf '  %-28s %9s %9s\n' file MB defines
total_defs=0
while IFS= read -r f; do
    mb="$(awk -v b="$(stat -c %s "$f")" 'BEGIN { printf "%.2f", b / 1048576 }')"
    defs="$(grep -c '^define' "$f" || true)"
    total_defs=$((total_defs + defs))
    printf '  %-28s %9s %9s\n' "${f#"$OUT"/}" "$mb" "$defs"
done < <(find "$OUT" -name '*.ll' -type f | sort)
echo "  total size $(du -sh "$OUT" | cut -f1), $total_defs defines; took $((SECONDS - START))s"
