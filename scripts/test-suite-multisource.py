#!/usr/bin/env python3
"""Run the MultiSource programs of LLVM's test suite before and after merging, and compare what
they print.

  scripts/test-suite-multisource.py [TEST_SUITE_DIR] [--jobs N] [--flavours "O2 fe"]
                                    [--only REGEX] [--work DIR] [--keep] [-v]

TEST_SUITE_DIR is a checkout of github.com/llvm/llvm-test-suite (fetched, never committed;
default target/foreign-programs/llvm-test-suite, the same as scripts/test-suite-programs.sh),
e.g.
  git clone --depth 1 https://github.com/llvm/llvm-test-suite target/foreign-programs/llvm-test-suite

Every program of MultiSource/Benchmarks and MultiSource/Applications (about 200; UnitTests and
Examples are left out) is built from what its CMakeLists.txt says, read here without CMake: the
SMALL_PROBLEM_SIZE branches, its sources, CPPFLAGS/CFLAGS/CXXFLAGS/LDFLAGS, C and C++ standard,
RUN_OPTIONS, the file it reads on stdin, its llvm_test_data files and its reference output.
Each source is compiled to IR by clang-22 in each flavour of --flavours (default "O2 fe":
`-O2`, and the frontend's IR, `-O1 -Xclang -disable-llvm-passes`, where most copies are left),
with -DSMALL_PROBLEM_SIZE, and linked into one module by llvm-link-22. The module is then built
(clang-22 at -O0) three times: as is, after `mergefn merge`, and after `mergefn merge
--merge-similar --merge-cycles`. Each merged module must pass `opt-22 -passes=verify`, and each
program must print the same as the original: stdout and stderr together, and the exit status.
Each run happens in a fresh copy of the program's source directory (with its data files and
generated inputs) at the same path for all three builds, so the program sees the same argv[0],
working directory and files. Time limits: 60 s for the original (--timeout), twice that for
the merged builds; 7zip and mafft get 150 s. When a merged build prints something else, the
original is run again: if it too prints something else, its output changes from run to run
("varies", not a failure), otherwise the merged build differs (a failure).

Known exclusions and quirks:
- MallocBench/make and MallocBench/p2c do not compile against today's glibc (sys_nerr and
  sys_errlist are gone; p2c's `logf` clashes with math.h): counted as "failed to build".
- A program whose stdin or llvm_test_data file is missing is not run ("missing input");
  checkouts taken without large files lack MiBench/telecomm-adpcm's large.adpcm, for example.
- 7zip and OptimizerEval print timings and speeds: in their output every number is masked,
  runs of blanks are squeezed, OptimizerEval's per-test verdicts (yes / no / bad test) and its
  "timings were not very consistent" warnings are dropped before comparing.
- Applications/lua and Applications/sqlite3 generate their inputs, as their CMakeLists.txt do,
  in the copy (sh generate_inputs.sh; tclsh smalltest.tcl, so sqlite3 needs tclsh).
- Old C that its standard refuses is retried as gnu89, old C++ as gnu++14 and gnu++98.
- For information only, the original's output is also compared with the suite's reference
  output (fpcmp, built from the suite's tools/fpcmp.c, with the program's tolerances; an md5
  for HASH_PROGRAM_OUTPUT). Some differ for reasons unrelated to merging (TSVC prints
  `3.125E-05` where the reference has `3.125e-05`, lambda prints the cwd's name); this never
  changes the exit status.

Prints one line per failing program and flavour (mergefn error, merged module that does not
verify or build, output that differs; the work directory of a failing program is kept), then
the counts per flavour: programs built, identical, varying, differing, not built, and how many
functions the --report JSONs say were merged by default and with --merge-similar
--merge-cycles. Exit status: 1 if any merged build differs or fails (mergefn error, verify,
build), 2 on a setup error, 0 otherwise.

The whole suite takes about two hours with --jobs 1 and about one hour with two jobs on two
cores; a job is one program in one flavour, and mergefn runs single-threaded (-j 1).
Needs target/release/mergefn (cargo build --release), clang-22, clang++-22, opt-22 and
llvm-link-22 in /usr/lib/llvm-22/bin (apt-get install clang-22 llvm-22). The environment
overrides MERGEFN (the mergefn binary), LLVM (the directory of the LLVM tools), TS_JOBS (the
default of --jobs) and FLAVOURS (the default of --flavours), as for test-suite-programs.sh.
"""

import argparse
import concurrent.futures
import glob
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_SUITE = os.path.join(ROOT, "target", "foreign-programs", "llvm-test-suite")
GROUPS = ("MultiSource/Benchmarks", "MultiSource/Applications")

FLAVOURS = {"O2": ["-O2"], "fe": ["-O1", "-Xclang", "-disable-llvm-passes"]}
SIMILAR = ["--merge-similar", "--merge-cycles"]
VARIANTS = (("m", []), ("s", SIMILAR))  # m: default merge, s: with SIMILAR

# Programs whose output holds timings or speeds: compared after mask_timings.
MASKED = {"MultiSource/Benchmarks/7zip", "MultiSource/Benchmarks/OptimizerEval"}
# Programs that need longer than --timeout to run.
SLOW = {"MultiSource/Benchmarks/7zip": 150, "MultiSource/Benchmarks/mafft": 150}
# Inputs that CMake generates at build time (add_custom_command), made here in the copy.
GENERATED_INPUTS = {
    "MultiSource/Applications/lua": ["sh", "generate_inputs.sh"],
    "MultiSource/Applications/sqlite3": ["tclsh", "smalltest.tcl"],  # SMALL_PROBLEM_SIZE
}

FAILURES = ("merge_error", "invalid", "merged_no_build", "differs", "error")


# --- CMakeLists.txt, read without CMake ---------------------------------------------------

COMMAND = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*\(")


def cmake_commands(text):
    """The (lower-case name, argument text) of each command in a CMakeLists.txt."""
    text = re.sub(r"(?m)#.*$", "", text)
    cmds = []
    i, n = 0, len(text)
    while i < n:
        m = COMMAND.search(text, i)
        if not m:
            break
        name, j, depth, buf = m.group(1).lower(), m.end(), 1, ""
        while j < n:
            c = text[j]
            if c == '"':
                k = text.index('"', j + 1)
                buf += text[j:k + 1]
                j = k + 1
                continue
            if c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    break
            buf += c
            j += 1
        cmds.append((name, buf))
        i = j + 1
    return cmds


# The conditions these CMakeLists.txt test, as they are for SMALL_PROBLEM_SIZE on x86-64 Linux.
CONDITIONS = {
    "SMALL_PROBLEM_SIZE": True,
    "LARGE_PROBLEM_SIZE": False,
    "NOT TEST_SUITE_BENCHMARKING_ONLY": True,
    'ENDIAN STREQUAL "little"': True,
    'NOT "${ENDIAN}" STREQUAL "big"': True,
    'TARGET_OS STREQUAL "Linux"': True,
    "HAVE_SYS_QUEUE_INCLUDE": True,
    'NOT ARCH STREQUAL "XCore"': True,
}


def condition(args):
    s = " ".join(args)
    if s in CONDITIONS:
        return CONDITIONS[s]
    # "not this other architecture or system"
    if "NOT " in s and ("ARCH" in s or "TARGET_OS" in s or "CMAKE_SYSTEM" in s):
        return True
    return False


def read_program(suite, d):
    """The programs (llvm_multisource) of directory d, as dicts."""
    with open(os.path.join(d, "CMakeLists.txt"), errors="replace") as f:
        text = f.read()
    V = {"CMAKE_CURRENT_SOURCE_DIR": d, "CMAKE_CURRENT_BINARY_DIR": d}
    progs, active, taken = [], [], []

    def subst(a):
        def var(m):
            v = V.get(m.group(1), "")
            return " ".join(v) if isinstance(v, list) else str(v)
        return re.sub(r"\$\{(\w+)\}", var, a)

    def append(key, values):
        old = V.get(key, [])
        V[key] = (old if isinstance(old, list) else [old]) + values

    for name, body in cmake_commands(text):
        args = re.findall(r'(?:[^\s"]|"[^"]*")+', body)
        if name == "if":
            c = condition(args)
            active.append(c)
            taken.append(c)
            continue
        if name == "elseif":
            c = not taken[-1] and condition(args)
            active[-1] = c
            taken[-1] = taken[-1] or c
            continue
        if name == "else":
            active[-1] = not taken[-1]
            continue
        if name == "endif":
            active.pop()
            taken.pop()
            continue
        if not all(active):
            continue
        ex = []
        for a in (subst(a) for a in args):
            if a.startswith('"') and a.endswith('"'):
                ex.append(a[1:-1])
            else:
                ex.extend(a.split())
        if name == "set" and ex:
            V[ex[0]] = ex[1:]
        elif name == "list" and len(ex) >= 2 and ex[0].upper() == "APPEND":
            append(ex[1], ex[2:])
        elif name == "set_property" and "C_STANDARD" in ex:
            V["_CSTD"] = ex[-1]
        elif name == "set_property" and "CXX_STANDARD" in ex:
            V["CMAKE_CXX_STANDARD"] = [ex[-1]]
        elif name in ("include_directories", "target_include_directories"):
            last = progs[-1]["name"] if progs else None
            append("_INC", [e for e in ex if e not in ("PRIVATE", "PUBLIC")
                            and not (last and e.endswith(last))])
        elif name == "add_definitions":
            append("CPPFLAGS", ex)
        elif name == "llvm_test_data" and len(ex) > 1:
            files = ex[1:]
            if "SOURCE_DIR" in files:  # files from elsewhere, copied next to the program
                k = files.index("SOURCE_DIR")
                append("_DATA", [os.path.normpath(os.path.join(files[k + 1], f))
                                 for f in files[k + 2:]])
            else:  # files of the program's own directory, which must be there
                append("_NEEDS", [f for f in files if f not in ("MUST_COPY", "DEST_SUFFIX")])
        elif name == "llvm_multisource":
            progs.append({"name": ex[0], "srcs": ex[1:]})

    def get(k):
        v = V.get(k, [])
        return v if isinstance(v, list) else [v]

    out = []
    for p in progs:
        srcs = p["srcs"] or sorted(os.path.basename(f) for e in ("c", "cpp", "cc")
                                   for f in glob.glob(os.path.join(d, "*." + e)))
        run_options = " ".join(get("RUN_OPTIONS")).split()
        stdin = None
        if "<" in run_options:
            k = run_options.index("<")
            stdin = run_options[k + 1]
            run_options = run_options[:k] + run_options[k + 2:]
        if os.path.exists(os.path.join(d, p["name"] + ".reference_input")):
            stdin = p["name"] + ".reference_input"
        ref = None
        for suffix in (".reference_output.little-endian.small", ".reference_output.small",
                       ".reference_output.little-endian", ".reference_output.Linux",
                       ".reference_output"):
            if os.path.exists(os.path.join(d, p["name"] + suffix)):
                ref = p["name"] + suffix
                break
        out.append(dict(
            dir=os.path.relpath(d, suite), name=p["name"], srcs=srcs,
            cppflags=[f.replace("%S", d) for f in get("CPPFLAGS")],
            cflags=get("CFLAGS"), cxxflags=get("CXXFLAGS"), ldflags=get("LDFLAGS"),
            args=[a.replace("%S", d) for a in run_options], stdin=stdin, ref=ref,
            cstd=V.get("_CSTD"), cxxstd=(get("CMAKE_CXX_STANDARD") or [None])[0],
            hash=bool(V.get("HASH_PROGRAM_OUTPUT")), fptol=get("FP_TOLERANCE"),
            fpabs=get("FP_ABSTOLERANCE"), inc=get("_INC"), data=get("_DATA"),
            needs=get("_NEEDS")))
    return out


def find_programs(suite):
    progs = []
    for group in GROUPS:
        for f in sorted(glob.glob(os.path.join(suite, group, "**", "CMakeLists.txt"),
                                  recursive=True)):
            with open(f, errors="replace") as fh:
                if "llvm_multisource" not in fh.read():
                    continue
            progs += read_program(suite, os.path.dirname(f))
    return progs


# --- running commands ---------------------------------------------------------------------

LIVE = set()  # process groups still running, killed if we are interrupted
LIVE_LOCK = threading.Lock()
STOP = threading.Event()  # set when interrupted: no new command starts


class Interrupted(Exception):
    pass


def sh(cmd, cwd=None, timeout=600, stdin=None, out=None):
    """Run cmd in its own process group; (exit status, output). 124 on timeout, like timeout(1).
    With out (a file), stdout and stderr go there and the output returned is empty."""
    if STOP.is_set():
        raise Interrupted()
    p = subprocess.Popen(cmd, cwd=cwd, stdin=stdin if stdin is not None else subprocess.DEVNULL,
                         stdout=out or subprocess.PIPE, stderr=subprocess.STDOUT,
                         start_new_session=True)
    with LIVE_LOCK:
        LIVE.add(p.pid)
    try:
        data, _ = p.communicate(timeout=timeout)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        kill_group(p.pid)
        p.communicate()
        rc, data = 124, b"timeout"
    finally:
        with LIVE_LOCK:
            LIVE.discard(p.pid)
    return rc, (data or b"").decode(errors="replace")


def kill_group(pid):
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


# --- one program in one flavour -----------------------------------------------------------

def mask_timings(text):
    """Output with its timings masked: numbers, widths, and OptimizerEval's verdicts."""
    lines = []
    for line in text.decode(errors="replace").splitlines():
        if "timings were not very consistent" in line:
            continue
        line = re.sub(r" - (yes|no|bad test)\s*$", " - VERDICT", line)
        line = re.sub(r"-?[0-9]+(\.[0-9]*)?", "#", line)
        lines.append(" ".join(line.split()))
    return "\n".join(lines)


class Task:
    def __init__(self, cfg, prog, flavour):
        self.cfg, self.p, self.flavour = cfg, prog, flavour
        self.src = os.path.join(cfg.suite, prog["dir"])
        name = prog["dir"].replace("MultiSource/", "").replace("/", "_")
        self.t = os.path.join(cfg.work, name, flavour)
        self.timeout = SLOW.get(prog["dir"], cfg.timeout)
        self.row = dict(program=prog["dir"], flavour=flavour, kind="", detail="",
                        functions=0, merged_m=0, merged_s=0, param_s=0, ref="", secs=0)

    def log(self, msg):
        with open(os.path.join(self.t, "log.txt"), "a") as f:
            f.write(msg.rstrip("\n") + "\n")

    def compile(self):
        """The program's IR in one module, prog.ll, or None."""
        p, llvm, d = self.p, self.cfg.llvm, self.src
        inc = ["-I" + d] + ["-I" + x for x in p["inc"] if x and x != d]
        lls = []
        for i, s in enumerate(p["srcs"]):
            if s.endswith(".c"):
                std = {"90": "gnu89", "99": "gnu99", "11": "gnu11"}.get(p["cstd"] or "", "gnu17")
                base = [llvm + "/clang", "-fcommon", "-Wno-error=incompatible-pointer-types",
                        "-Wno-error=int-conversion", "-Wno-error=implicit-function-declaration",
                        "-Wno-error=implicit-int", "-Wno-error=return-mismatch"]
                tries = [base + ["-std=" + std] + p["cflags"],
                         base + ["-std=gnu89", "-Wno-error"] + p["cflags"]]
            else:
                std = {"14": "gnu++14", "98": "gnu++98", "11": "gnu++11"}.get(p["cxxstd"] or "",
                                                                           "gnu++17")
                cxx = llvm + "/clang++"
                tries = [[cxx, "-std=" + std] + p["cxxflags"],
                         [cxx, "-std=gnu++14", "-Wno-register", "-Wno-error"] + p["cxxflags"],
                         [cxx, "-std=gnu++98", "-Wno-register", "-Wno-error"] + p["cxxflags"],
                         [cxx, "-std=" + std, "-DNDEBUG"] + p["cxxflags"]]
            out = os.path.join(self.t, "%03d.ll" % i)
            for cmd in tries:
                rc, o = sh(cmd + FLAVOURS[self.flavour] + ["-w", "-DSMALL_PROBLEM_SIZE"] + inc
                           + p["cppflags"] + ["-S", "-emit-llvm", os.path.join(d, s), "-o", out],
                           cwd=d, timeout=300)
                if rc == 0:
                    break
            else:
                self.log("compile %s: %s" % (s, o[-2000:]))
                return None
            lls.append(out)
        ll = os.path.join(self.t, "prog.ll")
        rc, o = sh([llvm + "/llvm-link", "-S"] + lls + ["-o", ll], timeout=300)
        if rc:
            self.log("llvm-link: " + o[-2000:])
            return None
        for f in lls:
            os.remove(f)
        return ll

    def build(self, ll, exe):
        ldflags = [f for f in self.p["ldflags"] if f != "-pthread"]
        rc, o = sh([self.cfg.llvm + "/clang++", "-O0", "-w", ll, "-o", exe, "-lm", "-lpthread"]
                   + ldflags, timeout=600)
        if rc:
            self.log("build %s: %s" % (os.path.basename(exe), o[-3000:]))
        return rc == 0

    def prepare_inputs(self):
        """input/: the source directory with the data files and generated inputs, which each
        run copies to run/. None if all is there, else what is missing."""
        p = self.p
        inp = os.path.join(self.t, "input")
        shutil.copytree(self.src, inp, symlinks=True)
        for f in p["data"]:
            dst = os.path.join(inp, os.path.basename(f))
            if os.path.isdir(f):
                shutil.copytree(f, dst, symlinks=True, dirs_exist_ok=True)
            elif os.path.exists(f):
                shutil.copy(f, dst)
            else:
                return os.path.relpath(f, self.cfg.suite)
        if p["dir"] in GENERATED_INPUTS:
            cmd = GENERATED_INPUTS[p["dir"]]
            if not shutil.which(cmd[0]):
                return "%s, to generate the inputs" % cmd[0]
            rc, o = sh(cmd, cwd=inp, timeout=600)
            if rc:
                self.log("%s: %s" % (" ".join(cmd), o[-2000:]))
                return "the inputs `%s` generates" % " ".join(cmd)
        for f in p["needs"] + ([p["stdin"]] if p["stdin"] else []):
            if not os.path.exists(os.path.join(inp, f)):
                return os.path.join(p["dir"], f)
        os.makedirs(os.path.join(inp, "Output"), exist_ok=True)
        return None

    def run(self, exe, tag, timeout):
        """Run exe as ./prog.exe in a fresh copy of input/ at run/; the output file has
        stdout and stderr, then a line `exit N`."""
        rd = os.path.join(self.t, "run")
        shutil.rmtree(rd, ignore_errors=True)
        shutil.copytree(os.path.join(self.t, "input"), rd, symlinks=True)
        shutil.copy(exe, os.path.join(rd, "prog.exe"))
        args = [a.replace("%S", rd) for a in self.p["args"]]
        of = os.path.join(self.t, tag + ".out")
        with open(of, "wb") as f:
            if self.p["stdin"]:
                with open(os.path.join(rd, self.p["stdin"]), "rb") as stdin:
                    rc, _ = sh(["./prog.exe"] + args, cwd=rd, timeout=timeout, stdin=stdin, out=f)
            else:
                rc, _ = sh(["./prog.exe"] + args, cwd=rd, timeout=timeout, out=f)
        with open(of, "ab") as f:
            f.write(b"exit %d\n" % rc)
        shutil.rmtree(rd, ignore_errors=True)
        with open(of, "rb") as f:
            return rc, f.read()

    def same(self, x, y):
        if self.p["dir"] in MASKED:
            # the `exit N` line, appended last, stays unmasked
            i, j = x.rfind(b"exit "), y.rfind(b"exit ")
            return x[i:] == y[j:] and mask_timings(x[:i]) == mask_timings(y[:j])
        return x == y

    def reference(self, out):
        """Informational: the original's output against the suite's reference output."""
        p, fpcmp = self.p, self.cfg.fpcmp
        if not p["ref"]:
            return "noref"
        ref = os.path.join(self.src, p["ref"])
        body = out[:out.rfind(b"exit ")]
        if p["hash"]:
            with open(ref, errors="replace") as f:
                words = f.read().split()
            hashes = {hashlib.md5(out).hexdigest(), hashlib.md5(body).hexdigest()}
            return "ok" if words and words[0] in hashes else "differs"
        if not fpcmp:
            return "unchecked"
        cmd = [fpcmp]
        if p["fptol"]:
            cmd += ["-r", p["fptol"][0]]
        if p["fpabs"]:
            cmd += ["-a", p["fpabs"][0]]
        for i, data in enumerate((out, body)):
            f = os.path.join(self.t, "a.ref%d.out" % i)
            with open(f, "wb") as fh:
                fh.write(data)
            if sh(cmd + [f, ref], timeout=120)[0] == 0:
                return "ok"
        return "differs"

    def result(self, kind, detail=""):
        self.row["kind"], self.row["detail"] = kind, detail
        return self.row

    def go(self):
        shutil.rmtree(self.t, ignore_errors=True)
        os.makedirs(self.t)
        row, cfg = self.row, self.cfg
        ll = self.compile()
        if not ll:
            return self.result("no_build", "compile")
        a_exe = os.path.join(self.t, "a.exe")
        if not self.build(ll, a_exe):
            return self.result("no_build", "link")
        missing = self.prepare_inputs()
        if missing:
            return self.result("no_input", missing)
        rc, a_out = self.run(a_exe, "a", self.timeout)
        if rc == 124:
            return self.result("slow", "the original takes more than %d s" % self.timeout)
        row["ref"] = self.reference(a_out)
        kinds, details, a_rerun = [], [], None
        for v, extra in VARIANTS:
            flags = " ".join(extra) or "default"
            ll_v, json_v = os.path.join(self.t, v + ".ll"), os.path.join(self.t, v + ".json")
            rc, o = sh([cfg.mergefn, "-j", "1", "merge", ll, "-o", ll_v, "--report", json_v]
                       + extra, timeout=600)
            if rc:
                self.log("mergefn %s: %s" % (flags, o[-3000:]))
                kinds.append("merge_error")
                details.append("%s: mergefn exit %d: %s" % (flags, rc, (o.strip().splitlines()
                                                                       or [""])[-1][:200]))
                continue
            try:
                with open(json_v) as f:
                    counts = json.load(f)["counts"]
                row["functions"] = counts.get("functions", 0)
                row["merged_" + v] = counts.get("merged", 0)
                if v == "s":
                    row["param_s"] = counts.get("parameterized", 0)
            except (OSError, ValueError, KeyError) as e:
                self.log("report %s: %r" % (json_v, e))
            rc, o = sh([cfg.llvm + "/opt", "-passes=verify", "-disable-output", ll_v], timeout=600)
            if rc:
                self.log("verify %s: %s" % (flags, o[-3000:]))
                kinds.append("invalid")
                details.append("%s: %s" % (flags, (o.strip().splitlines() or [""])[0][:200]))
                continue
            exe = os.path.join(self.t, v + ".exe")
            if not self.build(ll_v, exe):
                kinds.append("merged_no_build")
                details.append(flags)
                continue
            _, out = self.run(exe, v, 2 * self.timeout)
            if self.same(a_out, out):
                continue
            if a_rerun is None:
                _, a_rerun = self.run(a_exe, "a2", self.timeout)
            if not self.same(a_out, a_rerun):
                kinds.append("varies")
                details.append("%s (the original prints differently from run to run)" % flags)
            else:
                kinds.append("differs")
                details.append("%s: diff %s %s" % (flags, os.path.join(self.t, "a.out"),
                                                   os.path.join(self.t, v + ".out")))
        fails = [k for k in kinds if k in FAILURES]
        if fails:
            return self.result(fails[0], "; ".join(details))
        if kinds:
            return self.result("varies", "; ".join(details))
        return self.result("same")


def check(cfg, prog, flavour):
    task = Task(cfg, prog, flavour)
    t0 = time.time()
    try:
        row = task.go()
    except Interrupted:
        raise
    except Exception as e:  # a bug here, or a full disk: reported as a failure
        row = task.result("error", "%s: %s" % (type(e).__name__, e))
    row["secs"] = int(time.time() - t0)
    if row["kind"] not in FAILURES and not cfg.keep:
        shutil.rmtree(task.t, ignore_errors=True)
        try:
            os.rmdir(os.path.dirname(task.t))
        except OSError:
            pass
    elif row["kind"] in FAILURES:
        shutil.rmtree(os.path.join(task.t, "input"), ignore_errors=True)
    return row


# --- main ---------------------------------------------------------------------------------

def setup_error(msg):
    print("error: " + msg, file=sys.stderr)
    sys.exit(2)


def main():
    ap = argparse.ArgumentParser(
        description="Run LLVM test-suite MultiSource programs before and after merging and "
                    "compare their output (details at the top of this file).")
    ap.add_argument("suite", nargs="?", default=DEFAULT_SUITE,
                    help="llvm-test-suite checkout (default: %(default)s)")
    ap.add_argument("--jobs", "-j", type=int,
                    default=int(os.environ.get("TS_JOBS") or os.cpu_count() or 1),
                    help="programs at a time (default: $TS_JOBS or the number of cores)")
    ap.add_argument("--flavours", default=os.environ.get("FLAVOURS", "O2 fe"),
                    help='flavours of IR, of O2 and fe (default: $FLAVOURS or "O2 fe")')
    ap.add_argument("--only", metavar="REGEX",
                    help="only programs whose directory (MultiSource/...) matches REGEX")
    ap.add_argument("--work", metavar="DIR",
                    help="work directory (default: a new temporary one under target/)")
    ap.add_argument("--keep", action="store_true",
                    help="keep the work directory of every program, not only failing ones")
    ap.add_argument("--timeout", type=int, default=60,
                    help="seconds the original may run (default: %(default)s; merged: twice)")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="print each program's result to stderr as it finishes")
    args = ap.parse_args()

    llvm = os.environ.get("LLVM", "/usr/lib/llvm-22/bin")
    mergefn = os.environ.get("MERGEFN", os.path.join(ROOT, "target", "release", "mergefn"))
    suite = os.path.abspath(args.suite)
    if not (os.path.isfile(mergefn) and os.access(mergefn, os.X_OK)):
        setup_error("build mergefn first (cargo build --release), or set MERGEFN")
    for tool in ("clang", "clang++", "opt", "llvm-link"):
        if not os.access(os.path.join(llvm, tool), os.X_OK):
            setup_error("%s/%s is needed (apt-get install clang-22 llvm-22)" % (llvm, tool))
    if not all(os.path.isdir(os.path.join(suite, g)) for g in GROUPS):
        setup_error("%s is not a checkout of llvm-test-suite (see the top of %s)"
                    % (suite, os.path.relpath(__file__, ROOT)))
    flavours = args.flavours.split()
    bad = [f for f in flavours if f not in FLAVOURS]
    if bad or not flavours:
        setup_error("unknown flavour %s (known: %s)" % (" ".join(bad), " ".join(FLAVOURS)))
    if args.jobs < 1:
        setup_error("--jobs must be at least 1")
    try:
        only = re.compile(args.only) if args.only else None
    except re.error as e:
        setup_error("--only: %s" % e)

    progs = find_programs(suite)
    total = len(progs)
    if only:
        progs = [p for p in progs if only.search(p["dir"])]
    if not progs:
        setup_error("no program matches --only %s" % args.only)

    if args.work:
        work = os.path.abspath(args.work)
        os.makedirs(work, exist_ok=True)
        made_work = False
    else:
        os.makedirs(os.path.join(ROOT, "target"), exist_ok=True)
        work = tempfile.mkdtemp(prefix="test-suite-multisource.", dir=os.path.join(ROOT, "target"))
        made_work = True

    class Cfg:
        pass
    cfg = Cfg()
    cfg.suite, cfg.llvm, cfg.mergefn, cfg.work = suite, llvm, os.path.abspath(mergefn), work
    cfg.keep, cfg.timeout = args.keep, args.timeout
    cfg.fpcmp = os.path.join(work, "fpcmp")
    if sh([llvm + "/clang", "-O2", "-w", os.path.join(suite, "tools", "fpcmp.c"),
           "-o", cfg.fpcmp], timeout=120)[0]:
        cfg.fpcmp = None

    # Big programs first, so that they do not end the run alone.
    def size(p):
        return sum(os.path.getsize(os.path.join(suite, p["dir"], s))
                   for s in p["srcs"] if os.path.exists(os.path.join(suite, p["dir"], s)))
    progs.sort(key=lambda p: (-size(p), p["dir"]))
    tasks = [(p, f) for p in progs for f in flavours]
    print("%d programs of %d, flavours %s: %d runs, %d at a time, in %s"
          % (len(progs), total, " ".join(flavours), len(tasks), args.jobs, work),
          file=sys.stderr, flush=True)

    rows = []
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs)
    try:
        futures = [pool.submit(check, cfg, p, f) for p, f in tasks]
        for fut in concurrent.futures.as_completed(futures):
            row = fut.result()
            rows.append(row)
            if args.verbose:
                print("[%d/%d] %s\t%s\t%s\t%ds\t%s" % (len(rows), len(tasks), row["kind"],
                      row["flavour"], row["program"], row["secs"], row["detail"]),
                      file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        STOP.set()
        with LIVE_LOCK:
            for pid in list(LIVE):
                kill_group(pid)
        pool.shutdown(wait=True, cancel_futures=True)
        print("interrupted; work directory %s" % work, file=sys.stderr)
        sys.exit(130)
    pool.shutdown()

    rows.sort(key=lambda r: (r["program"], flavours.index(r["flavour"])))
    cols = ["kind", "flavour", "program", "functions", "merged_m", "merged_s", "param_s",
            "ref", "secs", "detail"]
    with open(os.path.join(work, "results.tsv"), "w") as f:
        f.write("\t".join(cols) + "\n")
        for r in rows:
            f.write("\t".join(str(r[c]) for c in cols) + "\n")

    failed = [r for r in rows if r["kind"] in FAILURES]
    for r in failed:
        print("%s\t%s\t%s\t%s" % (r["kind"], r["flavour"], r["program"], r["detail"]))
    for r in rows:
        if r["kind"] == "varies":
            print("varies (not a failure)\t%s\t%s\t%s" % (r["flavour"], r["program"], r["detail"]))
    print("programs: %d of %d (MultiSource/Benchmarks and Applications), flavours: %s"
          % (len(progs), total, " ".join(flavours)))
    for fl in flavours:
        rs = [r for r in rows if r["flavour"] == fl]

        def n(*kinds):
            return sum(1 for r in rs if r["kind"] in kinds)
        built = [r for r in rs if r["kind"] != "no_build"]
        print("  %s: %d built, %d identical, %d vary from run to run, %d differ, %d other failures "
              "(mergefn error, verify, build); %d failed to build, %d missing input, "
              "%d too slow"
              % (fl, len(built), n("same"), n("varies"), n("differs"),
                 n("merge_error", "invalid", "merged_no_build", "error"), n("no_build"),
                 n("no_input"), n("slow")))
        print("      functions merged: %d by default; with %s %d merged + %d parameterized "
              "(of %d functions)"
              % (sum(r["merged_m"] for r in built), " ".join(SIMILAR),
                 sum(r["merged_s"] for r in built), sum(r["param_s"] for r in built),
                 sum(r["functions"] for r in built)))
        refs = [r["ref"] for r in rs if r["ref"]]
        print("      original vs reference output (information only): %d match, %d differ, "
              "%d have none%s"
              % (refs.count("ok"), refs.count("differs"), refs.count("noref"),
                 ", %d unchecked (no fpcmp)" % refs.count("unchecked")
                 if "unchecked" in refs else ""))
    if failed or args.keep or not made_work:
        print("work directory: %s" % work)
    else:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
