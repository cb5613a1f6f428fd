#!/usr/bin/env python3
"""Differential generator: random modules of functions equal up to names, merged by mergefn
and by opt-22's mergefunc.

Each module holds several independent *cases*: a group of 2-4 copies of one body, each copy
with its own linkage, visibility, DLL storage, unnamed_addr, comdat, alignment and name (or no
name), referenced from callers, initializers (at depth), aliases, block addresses,
dso_local_equivalent/no_cfi, llvm.used, metadata nodes, inline !callees, debug records,
metadata arguments and the CG Profile flag. Bodies are hand-written shapes (with pointer/integer
congruent type variants for thunk casts, calling conventions, varargs, tiny bodies) or functions
written by llvm-stress-22. Every case uses its own constant, so cases never merge with each
other and each module tests them all at once. A module may set SemanticInterposition, target
Windows (DLL storage) and run with aliases on both sides.

For each module: opt-22 must accept the input (else it is counted and skipped); mergefn's
output must pass opt-22's verifier; both outputs, normalised by `opt-22 -S`, must be equal.
Failing modules are saved in --out for reduction.

    scripts/mergefuzz.py --modules 2000 --cases-per-module 50 --jobs 2 --out /tmp/mergefuzz
    scripts/mergefuzz.py --emit DIR --modules 10     # write modules only (the cargo test)

Prints the counts as it goes and a summary at the end.
"""

import argparse
import multiprocessing
import os
import random
import re
import subprocess
import sys
import tempfile

LLVM = "/usr/lib/llvm-22/bin"
OPT = os.path.join(LLVM, "opt")
STRESS = os.path.join(LLVM, "llvm-stress")

LINKAGES = ["", "internal", "private", "linkonce", "linkonce_odr", "weak", "weak_odr"]
UNNAMED = ["", "local_unnamed_addr", "unnamed_addr"]


def stress_body(seed, size):
    """A function body from llvm-stress: (params, body text without braces)."""
    out = subprocess.run(
        [STRESS, f"-seed={seed}", f"-size={size}"], capture_output=True, text=True, check=True
    ).stdout
    m = re.search(r"define void @\w+\((.*?)\) \{\n(.*)\n\}", out, re.S)
    return m.group(1), m.group(2)


class Shape:
    """A body shape: `ret` type, parameter list and body, by a variant's types."""

    def __init__(self, name, ret, params, body, blocks=False, varargs=False, cc=""):
        self.name, self.ret, self.params, self.body = name, ret, params, body
        self.blocks, self.varargs, self.cc = blocks, varargs, cc


def shapes(k):
    """Hand-written shapes, each using the case's constant k. Each returns a list of
    variants (ret, params, body) that the comparator takes as equal."""
    out = []
    out.append(Shape("arith", ["i32"], [["i32 %x"]],
                     [f"  %a = add i32 %x, {k}\n  %b = mul i32 %a, 3\n  ret i32 %b"]))
    out.append(Shape("tiny", ["i32"], [["i32 %x"]], [f"  ret i32 {k}"]))
    out.append(Shape("branches", ["i32"], [["i32 %x", "i1 %c"]], [
        f"  br i1 %c, label %a, label %b\na:\n  %y = add i32 %x, {k}\n  ret i32 %y\n"
        f"b:\n  %z = mul i32 %x, {k}\n  ret i32 %z"], blocks=True))
    ptr_int = []
    for t in ["ptr", "i64"]:
        ptr_int.append((t, [f"{t} %p", "i1 %c"],
                        f"  %a = select i1 %c, {t} %p, {t} zeroinitializer\n"
                        f"  %b = select i1 %c, {t} %a, {t} %p\n  call void @sink(i32 {k})\n"
                        f"  ret {t} %b"))
    out.append(Shape("ptr_int", [v[0] for v in ptr_int], [v[1] for v in ptr_int],
                     [v[2] for v in ptr_int]))
    vec = []
    for t in ["<2 x ptr>", "<2 x i64>"]:
        vec.append((t, [f"{t} %p", "i1 %c"],
                    f"  %a = select i1 %c, {t} %p, {t} zeroinitializer\n"
                    f"  %b = select i1 %c, {t} %a, {t} %p\n  call void @sink(i32 {k})\n"
                    f"  ret {t} %b"))
    out.append(Shape("vec_ptr", [v[0] for v in vec], [v[1] for v in vec], [v[2] for v in vec]))
    agg = []
    for t in ["[2 x { ptr, i32 }]", "[2 x { i64, i32 }]", "{ [1 x ptr], i8 }"]:
        agg.append((t, [f"{t} %p", "i1 %c"],
                    f"  %a = select i1 %c, {t} %p, {t} zeroinitializer\n"
                    f"  %b = select i1 %c, {t} %a, {t} %p\n  call void @sink(i32 {k})\n"
                    f"  ret {t} %b"))
    # The third type differs in shape: it forms its own group when chosen.
    out.append(Shape("aggregate", [v[0] for v in agg[:2]], [v[1] for v in agg[:2]],
                     [v[2] for v in agg[:2]]))
    out.append(Shape("varargs", ["i32"], [["i32 %x", "..."]],
                     [f"  %a = add i32 %x, {k}\n  %b = mul i32 %a, 3\n  ret i32 %b"], varargs=True))
    for cc in ["fastcc", "amdgpu_kernel", "spir_kernel", "ptx_kernel", "swifttailcc"]:
        ret = "void" if "kernel" in cc else "i32"
        body = (f"  %a = add i32 %x, {k}\n  store i32 %a, ptr %p\n  ret void" if ret == "void"
                else f"  %a = add i32 %x, {k}\n  store i32 %a, ptr %p\n  ret i32 %a")
        out.append(Shape("cc_" + cc, [ret], [["ptr %p", "i32 %x"]], [body], cc=cc))
    return out


class Module:
    def __init__(self, rng, windows, aliases, si, pdi=False):
        self.rng = rng
        self.pdi = pdi
        self.windows = windows
        self.aliases = aliases
        self.si = si
        self.comdats = []
        self.globals = []
        self.funcs = []
        self.named_md = []   # operands of !named
        self.cg_edges = []   # (caller, callee)
        self.used = []
        self.compiler_used = []
        self.md = []         # numbered nodes: text
        self.debug = False
        self.n_unnamed = 0
        self.n_sym = 0

    def node(self, text):
        self.md.append(text)
        return f"!{len(self.md) + 99}"

    def sym(self, prefix):
        self.n_sym += 1
        return f"{prefix}{self.n_sym}"

    def copy_decl(self, shape, variant, k, copy):
        """The header of one copy: (name token, header line, type of the function)."""
        rng = self.rng
        linkage = rng.choice(LINKAGES)
        if self.pdi:
            # opt-22 crashes on a double-weak merge under -mergefunc-preserve-debug-info.
            linkage = rng.choice(["", "internal", "private"])
        elif rng.random() < 0.03:
            linkage = "available_externally"
        local = linkage in ("internal", "private")
        unnamed = local and rng.random() < 0.25
        if unnamed:
            self.n_unnamed += 1
            name = f"@__UNNAMED{self.n_unnamed}__"
        else:
            name = "@" + self.sym(rng.choice(["f", "g", "h", "fn.", "z"]))
        vis = "" if local else rng.choice(["", "", "", "hidden", "protected"])
        dso = "dso_local" if (not local and vis == "" and rng.random() < 0.3) else ""
        dll = ""
        if self.windows and not local and vis == "" and linkage != "available_externally" \
                and rng.random() < 0.4:
            dll = "dllexport"
        ua = rng.choice(UNNAMED)
        comdat = ""
        if not local and not unnamed and linkage != "available_externally" \
                and rng.random() < 0.3:
            comdat = " comdat"
            self.comdats.append(name[1:])
        align = rng.choice(["", "", " align 4", " align 16"])
        ret = shape.ret[variant]
        params = shape.params[variant]
        parts = [p for p in [linkage, vis, dso, dll, shape.cc, ret] if p]
        head = f"define {' '.join(parts)} {name}({', '.join(params)}) {ua}{comdat}{align}"
        head = head.replace("  ", " ")
        ptys = ", ".join(p.rsplit(" ", 1)[0] if p != "..." else "..." for p in params)
        fnty = f"{ret} ({ptys})"
        return name, head, fnty, linkage

    def case(self, k, stress):
        """One group of equal copies and its references."""
        rng = self.rng
        if stress is not None:
            params, body = stress
            shape = Shape("stress", ["void"], [params.split(", ")], [body],
                          blocks="\nCF:" in body)
        else:
            shape = rng.choice(shapes(k))
        n = rng.choice([2, 2, 2, 3, 4])
        copies = []
        for c in range(n):
            variant = rng.randrange(len(shape.ret))
            name, head, fnty, linkage = self.copy_decl(shape, variant, k, c)
            self.funcs.append(f"{head} {{\n{shape.body[variant]}\n}}")
            copies.append((name, fnty, variant, linkage))
        self.references(k, shape, copies)

    def references(self, k, shape, copies):
        rng = self.rng
        caller = "@" + self.sym("caller")
        lines = []
        debug = rng.random() < 0.3
        sp = None
        if debug:
            self.debug = True
            sp = self.node(f'distinct !DISubprogram(name: "{caller[1:]}", scope: !90, file: !90, '
                           f'line: 1, unit: !91, spFlags: DISPFlagDefinition)')
            var = self.node(f'!DILocalVariable(name: "v", scope: {sp}, file: !90, line: 1, type: !92)')
            loc = self.node(f"!DILocation(line: 1, scope: {sp})")
        for name, fnty, variant, linkage in copies:
            if linkage == "available_externally" and rng.random() < 0.5:
                continue
            r = rng.random()
            if r < 0.6 and not shape.cc.endswith("kernel"):
                args = ", ".join(
                    f"{t} {'0' if re.fullmatch(r'i[0-9]+', t) else 'zeroinitializer'}"
                    for t in (p.rsplit(" ", 1)[0] for p in shape.params[variant] if p != "..."))
                cc = shape.cc + " " if shape.cc else ""
                ret = shape.ret[variant]
                lines.append(f"  call {cc}{fnty} {name}({args})"
                             if "..." in fnty else f"  call {cc}{ret} {name}({args})")
            if rng.random() < 0.25:
                kind = rng.choice(["plain", "gep", "nested", "dle", "nocfi"])
                init = {
                    "plain": f"ptr {name}",
                    "gep": f"ptr getelementptr (i8, ptr {name}, i64 {k % 7})",
                    "nested": f"{{ [1 x ptr], i32 }} {{ [1 x ptr] [ptr {name}], i32 {k} }}",
                    "dle": f"ptr dso_local_equivalent {name}",
                    "nocfi": f"ptr no_cfi {name}",
                }[kind]
                if kind == "dle" and linkage in ("linkonce", "weak"):
                    init = f"ptr {name}"
                self.globals.append(f"@{self.sym('v')} = global {init}")
            if shape.blocks and rng.random() < 0.2:
                self.globals.append(f"@{self.sym('ba')} = global ptr blockaddress({name}, %"
                                    f"{'CF' if shape.name == 'stress' else 'a'})")
            # With aliases, LLVM 22 itself breaks an alias of an alias it makes interposable
            # and a !callees or CG Profile edge naming an alias (its verifier aborts): not
            # generated then.
            if rng.random() < 0.1 and linkage != "available_externally" and not self.aliases:
                self.globals.append(f"@{self.sym('al')} = alias {fnty}, ptr {name}")
            if rng.random() < 0.08 and "UNNAMED" not in name:
                (self.used if rng.random() < 0.5 else self.compiler_used).append(name)
            if rng.random() < 0.2:
                self.named_md.append(self.node(f"!{{ptr {name}}}"))
            if rng.random() < 0.1 and not self.aliases:
                self.cg_edges.append((caller, name))
            if rng.random() < 0.15 and not self.aliases:
                lines.append(f"  call void %fp(), !callees !{{ptr {name}}}")
            if rng.random() < 0.1:
                lines.append(f"  call void @llvm.foo(metadata ptr {name})")
            if debug and rng.random() < 0.5:
                lines.append(f"    #dbg_value(ptr {name}, {var}, !DIExpression(), {loc})")
                lines.append(f"  call void @sink(i32 {k})")
        dbg = f" !dbg {sp}" if debug else ""
        self.funcs.append(f"define void {caller}(ptr %fp){dbg} {{\n" + "\n".join(lines)
                          + "\n  ret void\n}")

    def text(self):
        out = []
        if self.windows:
            out.append('target triple = "x86_64-pc-windows-msvc"')
        else:
            out.append('target triple = "x86_64-unknown-linux-gnu"')
        for c in self.comdats:
            out.append(f"${c} = comdat any")
        out.append("declare void @sink(i32)")
        out.append("declare void @llvm.foo(metadata)")
        out += self.globals
        for which, lst in (("llvm.used", self.used), ("llvm.compiler.used", self.compiler_used)):
            if lst:
                out.append(f'@{which} = appending global [{len(lst)} x ptr] ['
                           + ", ".join(f"ptr {n}" for n in lst) + '], section "llvm.metadata"')
        out += self.funcs
        flags = []
        md = []
        if self.si:
            flags.append("!80")
            md.append('!80 = !{i32 1, !"SemanticInterposition", i32 1}')
        if self.cg_edges:
            flags.append("!81")
            edges = [self.node(f"!{{ptr {a}, ptr {b}, i64 {i + 1}}}")
                     for i, (a, b) in enumerate(self.cg_edges)]
            md.append(f'!81 = !{{i32 5, !"CG Profile", !82}}')
            md.append("!82 = !{" + ", ".join(edges) + "}")
        if self.debug:
            flags.append("!83")
            md.append('!83 = !{i32 2, !"Debug Info Version", i32 3}')
            md.append('!90 = !DIFile(filename: "a.c", directory: "/")')
            md.append("!91 = distinct !DICompileUnit(language: DW_LANG_C99, file: !90, "
                      "emissionKind: FullDebug)")
            md.append('!92 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)')
            out.append("!llvm.dbg.cu = !{!91}")
        if flags:
            out.append("!llvm.module.flags = !{" + ", ".join(flags) + "}")
        if self.named_md:
            out.append("!named = !{" + ", ".join(self.named_md) + "}")
        out += md
        out += [f"!{i + 100} = {t}" for i, t in enumerate(self.md)]
        text = "\n".join(out) + "\n"
        # Unnamed functions are numbered in the order they are defined.
        order = []
        for m in re.finditer(r"^define [^@\n]*(@__UNNAMED\d+__)", text, re.M):
            order.append(m.group(1))
        for i, tok in enumerate(order):
            text = text.replace(tok, f"@{i}")
        return text


def generate(seed, cases, stress_share):
    rng = random.Random(seed)
    aliases = rng.random() < 0.2
    m = Module(rng, windows=rng.random() < 0.2, aliases=aliases,
               si=rng.random() < 0.15, pdi=not aliases and rng.random() < 0.1)
    for c in range(cases):
        k = 1000 + c
        stress = None
        if rng.random() < stress_share:
            stress = stress_body(seed * 1000 + c, rng.choice([5, 10, 20]))
        m.case(k, stress)
    return m.text(), m.aliases, m.pdi


def run(cmd, data):
    p = subprocess.run(cmd, input=data, capture_output=True)
    return p.returncode, p.stdout, p.stderr


def normalise(text):
    rc, out, err = run([OPT, "-S", "-o", "-"], text)
    if rc:
        return None, err
    lines = out.decode().splitlines()
    comdats = sorted(l for l in lines if l.startswith("$"))
    it = iter(comdats)
    keep = [next(it) if l.startswith("$") else l for l in lines
            if not l.startswith("; ModuleID") and not l.startswith("source_filename")]
    return "\n".join(keep), None


def check(job):
    seed, cases, stress_share, mergefn, outdir = job
    text, aliases, pdi = generate(seed, cases, stress_share)
    data = text.encode()
    args = [OPT, "-S", "-passes=mergefunc", "-o", "-"] + (["-mergefunc-use-aliases"] if aliases else [])
    args += ["-mergefunc-preserve-debug-info"] if pdi else []
    rc, theirs, err = run(args, data)
    if rc:
        kind = "input_rejected" if b"input module is broken" in err or b"error:" in err[:200] \
            else "opt_crash"
        if kind == "opt_crash":
            save(outdir, seed, "opt_crash", data, err)
        return seed, kind, cases
    ours_args = [mergefn, "merge", "-", "-o", "-"] + (["--use-aliases"] if aliases else [])
    rc, ours, err = run(ours_args + (["--preserve-debug-info"] if pdi else []), data)
    if rc:
        save(outdir, seed, "mergefn_rejects", data, err)
        return seed, "mergefn_rejects", cases
    a, err = normalise(ours)
    if a is None:
        save(outdir, seed, "invalid_output", data, err + b"\n" + ours)
        return seed, "invalid_output", cases
    b, _ = normalise(theirs)
    if a != b:
        save(outdir, seed, "differs", data, ours + (b"\n; aliases" if aliases else b"")
             + (b"\n; preserve-debug-info" if pdi else b""))
        return seed, "differs", cases
    return seed, "same", cases


def save(outdir, seed, kind, data, extra):
    if not outdir:
        return
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, f"{kind}-{seed}.ll"), "wb") as f:
        f.write(data)
    with open(os.path.join(outdir, f"{kind}-{seed}.txt"), "wb") as f:
        f.write(extra)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--modules", type=int, default=100)
    ap.add_argument("--cases-per-module", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    ap.add_argument("--stress-share", type=float, default=0.3,
                    help="share of cases whose body comes from llvm-stress-22")
    ap.add_argument("--mergefn", default=os.path.join(
        os.path.dirname(__file__), "..", "target", "release", "mergefn"))
    ap.add_argument("--out", default=os.path.join(tempfile.gettempdir(), "mergefuzz"))
    ap.add_argument("--emit", help="only write the modules (and whether to use aliases) here")
    a = ap.parse_args()
    seeds = range(a.seed, a.seed + a.modules)
    if a.emit:
        os.makedirs(a.emit, exist_ok=True)
        for s in seeds:
            text, aliases, pdi = generate(s, a.cases_per_module, a.stress_share)
            name = f"case-{s}{'-aliases' if aliases else ''}" \
                f"{'-preserve_debug_info' if pdi else ''}.ll"
            with open(os.path.join(a.emit, name), "w") as f:
                f.write(text)
        return 0
    counts = {}
    cases = {}
    jobs = [(s, a.cases_per_module, a.stress_share, a.mergefn, a.out) for s in seeds]
    with multiprocessing.Pool(a.jobs) as pool:
        for i, (seed, kind, n) in enumerate(pool.imap_unordered(check, jobs), 1):
            counts[kind] = counts.get(kind, 0) + 1
            cases[kind] = cases.get(kind, 0) + n
            if kind not in ("same", "input_rejected"):
                print(f"seed {seed}: {kind}", flush=True)
            if i % 100 == 0 or i == len(jobs):
                print(f"{i} modules: " + ", ".join(
                    f"{k} {v} ({cases[k]} cases)" for k, v in sorted(counts.items())), flush=True)
    bad = sum(v for k, v in counts.items() if k in ("differs", "invalid_output", "mergefn_rejects"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
