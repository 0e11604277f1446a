#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""mutation.py -- a mutation campaign over lib/: one-line mutants, run against
the tests that execute the mutated line, and the score per file and overall.

Each mutant changes one place of one line of a library source:
  rel    a relational operator   (< <= > >= == !=, each to its neighbours)
  log    a logical operator      (&& <-> ||)
  const  an integer constant     (n -> n+1, n -> n-1)
  del    a statement deleted     (an expression statement becomes ';')

How it stays feasible (thousands of mutants on a small machine):
  1. A test map, made once: the library is built with --coverage and every
     test unit runs alone -- each test function of each Check suite (the
     suites are compiled with a filter: AG_MUT_TESTS=name,...), each fuzz
     corpus replay, check_threads, and the shell tests of SHELL (the perft,
     golden, probe, svg, cli and solve-error scripts, whose programs are
     linked from the same objects into WORK's own top_builddir) -- and gcov
     records the lines it executed and its CPU time.  A unit that fails without a mutant is not used.  The
     map is cached (WORK/map.json) with the digest of lib/ + include/ and of
     each test program's sources: while lib/ is unchanged, only the units of
     new or changed test programs are mapped again.
  2. Per mutant, only the mutated object recompiles (-O1), and only the test
     programs about to run (a shell test's programs too) are relinked.  The units that execute the mutated
     line run, fastest first, the first three alone, then the rest together
     per program (with --quick S only those mapped at most S seconds: a
     quick test set); the first failure kills the mutant (a crash, a failed check
     or a time-out all count).  The time-out is in CPU time (RLIMIT_CPU,
     inherited by every forked test): 10 s + 3x the CPU time the units took
     in the map; a mutant that loops is killed by SIGXCPU and counted as
     killed by a time-out ("t/out"); a wall-clock backstop (600 s + 20x the
     CPU limit) catches one that sleeps or dead-locks.
  3. A mutant on a line that the map says no test executes is not run: it is
     counted as a survivor ("uncovered").  A mutant on a line without line
     data (a table, a declaration) runs the units that execute any line of
     its file.
  4. A mutant whose object file is byte-identical to the unmutated one is
     equivalent (the compiler proves it: trivial compiler equivalence); one
     listed in tests/mutation-equivalent.txt (judged by reading it) is
     equivalent too.  Equivalent and stillborn (not compiling) mutants are
     not in the score.
  5. With --sanitize, a survivor runs once more in a second tree built as
     CI's sanitizer `make check' builds (configure --enable-sanitizers:
     ASan and UBSan, no recovery), with the same units (but check-svg.sh and
     check-complexity.sh, which cannot run there) and a CPU limit SAN_SLOWER
     times larger.  A sanitizer's report there kills it ("(sanitizer)" after
     the killing unit), but only if the same units pass without the mutant;
     a time-out there does not.

    tests/mutation.py [--sample N] [--seed S] [--files F ...] [--jobs J]
                      [--ops rel,log,const,del] [--lines FILE:LINE,...]
                      [--min-per-file M] [--quick SEC] [--work DIR] [--results FILE]
                      [--report FILE] [--resume] [--reuse-map] [--report-only]
                      [--equivalent FILE] [--rerun RESULTS] [--sanitize] [--list]
                      [--srcdir DIR]

--sample N draws a stratified sample: each file of lib/ gets a share in
proportion to its mutants, at least --min-per-file (default 10).  --sample 0
runs every mutant (7400-odd: many hours on one core).  --jobs J runs J
mutants at once, each in its own copy of the tree.  --results FILE gets one
JSON line per mutant as it finishes (--resume skips those already there, so
a long campaign can be stopped and continued); --report FILE gets the
summary: per file the mutants, the sample, killed, survived, uncovered,
timeouts, equivalent, stillborn, the score with its 95% (Wilson) interval;
overall the pooled score and the stratified estimate for all of lib/ with
its interval; then every survivor.

`make mutation' runs `--sample $(MUTANTS) --seed $(MUTATION_SEED)'
(MUTANTS=300 by default; MUTANTS=0 for all) with MUTATION_FLAGS passed on.
"""
import argparse, hashlib, json, math, os, random, re, resource, shutil, signal, subprocess, sys, time

# -fPIC: the objects also make the shared library of the shell tests (Tree).
CFLAGS = ["-std=c11", "-g0", "-w", "-D_GNU_SOURCE", "-pthread", "-fPIC"]
LIBS = ["-lcheck", "-lsubunit", "-lpthread", "-lm", "-lrt"]
# Test programs that link the library's objects with extra flags.
EXTRA_LDFLAGS = {"check_alloc": ["-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free"]}
# Check suites whose tests never run without an outside file (they SKIP, or
# solve it in memory: a minute of CPU per run, too slow to run per mutant):
# each is a unit only when its variable names an existing file
# (AG_HARE_SOLUTION: `ag-solve "hare(hunters=10)" -o FILE', as .ci/run does).
NEEDS_FILE = {"check_perfect": "AG_HARE_SOLUTION"}
FUZZ = ["spec", "position", "move", "record", "solution", "api"]
# The shell tests that run lib/ through built programs: each is a unit
# ("sh:SCRIPT"), run with top_builddir pointing at the programs named here,
# linked against the (mutated) objects, and the extra files it reads (a
# change of them maps the unit again).  The valgrind-only and Python-only
# scripts are not units.
SHELL = {
    "check-hare-perft.sh": (["examples/ag-perft"], ["tests/hare_reference.py"]),
    "check-fox-and-hens-perft.sh": (["examples/ag-perft"], ["tests/fox_and_hens_reference.py"]),
    "check-golden.sh": (["tests/ag-probe"], ["tests/golden"]),
    "check-probe.sh": (["tests/ag-probe"], ["tests/probe.expected"]),
    "check-svg.sh": (["examples/ag-svg"], ["doc", "python/ancientgames"]),
    "check-cli.sh": (["examples/ag-perft", "examples/ag-bench", "examples/ag-play",
                      "examples/ag-svg", "examples/ag-solve"], []),
    "check-solve-errors.sh": (["examples/ag-solve"], []),
    # callgrind's instruction counts: a reader made quadratic dies here only
    "check-complexity.sh": (["tests/complexity_driver"], []),
}
# The shell tests' libtool (check-complexity.sh runs the driver through
# `libtool --mode=execute'): the programs of shb/ are linked statically.
LIBTOOL_SH = """#!/bin/sh
# SPDX-License-Identifier: MIT
test "x$1" = "x--mode=execute" && shift
exec "$@"
"""

# Compiled into each Check suite of the scratch tree (-include): with
# AG_MUT_TESTS=a,b only the tests named a and b are added to their TCase.
FILTER_H = r"""
#include <check.h>
#include <stdlib.h>
#include <string.h>
static int ag_mut_wanted(const char *name)
{
  const char *w = getenv("AG_MUT_TESTS"), *p;
  size_t n = strlen(name);
  if (!w) return 1;
  for (p = w; *p;) {
    const char *c = strchr(p, ',');
    size_t l = c ? (size_t)(c - p) : strlen(p);
    if (l == n && strncmp(p, name, n) == 0) return 1;
    if (!c) break;
    p = c + 1;
  }
  return 0;
}
static void ag_mut_add(TCase *tc, const TTest *t, int sig, int ex, int s, int e)
{
  if (ag_mut_wanted(t->name)) _tcase_add_test(tc, t, sig, ex, s, e);
}
#define _tcase_add_test ag_mut_add
/* The map's coverage build (AG_MUT_COVERAGE): a test that ends by SIGABRT
 * (a death test, an assertion in a forked child) writes no coverage at
 * exit, so the lines it ran would never be mapped to it; write them first. */
#ifdef AG_MUT_COVERAGE
#include <signal.h>
extern void __gcov_dump(void);
static void ag_mut_dump(int sig)
{
  __gcov_dump();
  signal(sig, SIG_DFL);
  raise(sig);
}
__attribute__((constructor)) static void ag_mut_on_abort(void)
{
  signal(SIGABRT, ag_mut_dump);
}
#endif
"""

REL = {"<": ["<=", ">"], "<=": ["<", ">="], ">": [">=", "<"], ">=": [">", "<="],
       "==": ["!="], "!=": ["=="]}
REL_RE = re.compile(r"(?<![<>=!\-+*/%&|^])(<=|>=|==|!=|<(?![<=])|>(?![>=]))(?!=)")
LOG_RE = re.compile(r"&&|\|\|")
CONST_RE = re.compile(r"(?<![\w.])(\d+)(?![\w.])")
STMT_RE = re.compile(r"^(\s*)([a-z_][\w]*(?:\s*(?:->|\.)\s*\w+|\[[^\]]*\])*\s*"
                     r"(?:\(.*\)|(?:[-+*/|&^]?=|\+\+|--).*))\s*;\s*$")
TYPE_START = re.compile(r"^\s*(const|static|struct|unsigned|signed|int|long|short|char|double|"
                        r"float|size_t|uint\w*|int\w*_t|ag_\w+\s+\*?\w|return|if|for|while|"
                        r"switch|case|default|goto|break|continue|else|do)\b")
TEST_RE = re.compile(r"tcase_add_(?:loop_)?(?:test|exit_test)\w*\s*\(\s*\w+\s*,\s*(\w+)")


def code_part(line):
    """The line without a trailing // or /* comment and without strings."""
    line = re.sub(r'"(\\.|[^"\\])*"', lambda m: " " * len(m.group(0)), line)
    line = re.sub(r"'(\\.|[^'\\])*'", lambda m: " " * len(m.group(0)), line)
    for mark in ("//", "/*"):
        i = line.find(mark)
        if i >= 0:
            line = line[:i] + " " * (len(line) - i)
    return line


def mutants_of(path, text, ops):
    out = []
    in_comment = False
    for no, line in enumerate(text.split("\n"), 1):
        s = line.strip()
        if in_comment:
            if "*/" in line:
                in_comment = False
            continue
        if s.startswith("/*") and "*/" not in s:
            in_comment = True
            continue
        if not s or s.startswith(("#", "*", "//", "/*")):
            continue
        code = code_part(line)
        if "rel" in ops:
            for m in REL_RE.finditer(code):
                for rep in REL[m.group(1)]:
                    out.append((path, no, "rel", line[:m.start()] + rep + line[m.end():]))
        if "log" in ops:
            for m in LOG_RE.finditer(code):
                rep = "||" if m.group(0) == "&&" else "&&"
                out.append((path, no, "log", line[:m.start()] + rep + line[m.end():]))
        if "const" in ops and "[" not in s[:1]:
            for m in CONST_RE.finditer(code):
                n = int(m.group(1))
                for v in (n + 1, n - 1):
                    if v >= 0:
                        out.append((path, no, "const", line[:m.start()] + str(v) + line[m.end():]))
        if "del" in ops and STMT_RE.match(code) and not TYPE_START.match(code):
            out.append((path, no, "del", re.match(r"^\s*", line).group(0) + ";"))
    return out


def key_of(m):
    return "%s:%d:%s:%s" % (m[0], m[1], m[2], m[3].strip())


def run(cmd, cwd, timeout, env=None, cpu=None):
    """(status, output): status is the exit code, "timeout" (the wall-clock
    backstop ran out) or "cpu" (a process used up its CPU limit: cpu seconds
    by setrlimit(RLIMIT_CPU), which every process forked below inherits, each
    with its own count -- Check's forked tests included).  The whole process
    group is killed on a time-out (Check forks each test)."""
    pre = None
    if cpu:
        s = max(1, int(math.ceil(cpu)))
        pre = lambda: resource.setrlimit(resource.RLIMIT_CPU, (s, s + 2))
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         start_new_session=True, preexec_fn=pre)
    try:
        out, _ = p.communicate(timeout=timeout)
        out = out.decode(errors="replace")
        # SIGXCPU at the soft limit, SIGKILL at the hard one; Check reports
        # a forked test's signal as "Received signal 24".
        if cpu and (p.returncode in (-signal.SIGXCPU, -signal.SIGKILL) or
                    "Received signal %d " % signal.SIGXCPU in out):
            return "cpu", out
        return p.returncode, out
    except subprocess.TimeoutExpired:
        # Check runs each test in a child with its own process group: kill
        # every descendant, then the group.
        for pid in descendants(p.pid) + [p.pid]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        p.communicate()
        return "timeout", ""


def descendants(pid):
    """The processes below pid (from /proc), deepest last."""
    children = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open("/proc/%s/stat" % d) as fh:
                    ppid = int(fh.read().rsplit(")", 1)[1].split()[1])
                children.setdefault(ppid, []).append(int(d))
            except (OSError, ValueError, IndexError):
                pass
    out, todo = [], [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            out.append(c)
            todo.append(c)
    return out


class Tree:
    """A scratch copy of the sources: objects in obj/ (flags `opt'), test
    programs in bin/."""

    def __init__(self, srcdir, work, opt):
        self.work, self.opt = work, opt
        if os.path.exists(work):
            shutil.rmtree(work)
        for d in ("include", "lib", "tests", "examples", "doc", "python"):
            if not os.path.isdir(os.path.join(srcdir, d)):
                continue
            shutil.copytree(os.path.join(srcdir, d), os.path.join(work, d),
                            ignore=shutil.ignore_patterns("*.o", "*.lo", ".libs", ".deps", "*.log",
                                                          "*.trs", "out", "*.gcda", "*.gcno",
                                                          "__pycache__", "*.so*"))
        with open(os.path.join(work, "mut_filter.h"), "w") as fh:
            fh.write(FILTER_H)
        self.lib = sorted(os.path.relpath(os.path.join(dp, f), work)
                          for dp, _, fs in os.walk(os.path.join(work, "lib"))
                          for f in fs if f.endswith(".c"))
        self.inc = ["-I" + os.path.join(work, "include"), "-I" + os.path.join(work, "lib")]
        for f in self.lib:
            rc, log = self.compile(f)
            if rc != 0:
                sys.exit("mutation.py: %s does not compile:\n%s" % (f, log))
        # The shell tests' build tree (top_builddir): their programs are
        # linked into shb/ per mutant; the shared library the Python parts
        # of a script load (check-svg.sh: the game list and node names) is
        # the unmutated one, an oracle.
        so = os.path.join(work, "shb", "lib", ".libs", "libancientgames.so")
        os.makedirs(os.path.dirname(so), exist_ok=True)
        with open(os.path.join(work, "shb", "libtool"), "w") as fh:
            fh.write(LIBTOOL_SH)
        os.chmod(os.path.join(work, "shb", "libtool"), 0o755)
        run(["gcc", "-shared"] + self.opt + [self.obj(f) for f in self.lib] +
            ["-lm", "-lpthread", "-o", so], work, 300)
        self.linked = set()          # programs linked against the current objects
        self.tobjs = {}              # program -> its own objects

    def obj(self, f):
        return os.path.join(self.work, "obj", f.replace("/", "_")[:-2] + ".o")

    def compile(self, f):
        os.makedirs(os.path.join(self.work, "obj"), exist_ok=True)
        self.linked = set()
        return run(["gcc"] + CFLAGS + self.opt + self.inc + ["-c", f, "-o", self.obj(f)],
                   self.work, 300)

    def test_objects(self, prog):
        """The objects of test program prog, compiled once; None when it
        has no source here."""
        if prog in self.tobjs:
            return self.tobjs[prog]
        if prog.startswith("replay_"):
            srcs = ["tests/fuzz/fuzz_%s.c" % prog[7:], "tests/fuzz/replay.c"]
            extra = ['-DFUZZ_NAME="%s"' % prog[7:], "-Itests/fuzz"]
        elif "/" in prog:                 # a program a shell test runs
            srcs = [prog + ".c"] + (["examples/cli.c"] if prog.startswith("examples/") else [])
            extra = ["-Iexamples"]
        else:
            srcs = ["tests/%s.c" % prog]
            extra = []
        objs = []
        if not os.path.exists(os.path.join(self.work, srcs[0])):
            self.tobjs[prog] = None
            return None
        with open(os.path.join(self.work, srcs[0])) as fh:
            if "check_main.h" in fh.read():        # a Check suite (plain TAP ones are whole)
                extra = ["-include", "mut_filter.h"]
        os.makedirs(os.path.join(self.work, "tobj"), exist_ok=True)
        for src in srcs:
            o = os.path.join(self.work, "tobj", "%s_%s.o" % (prog.replace("/", "_"),
                                                             os.path.basename(src)[:-2]))
            rc, log = run(["gcc"] + CFLAGS + self.opt + self.inc + ["-Itests"] + extra +
                          ["-c", src, "-o", o], self.work, 300)
            if rc != 0:
                o = None
                break
            objs.append(o)
        self.tobjs[prog] = objs if o else None
        return self.tobjs[prog]

    def program(self, prog):
        """Links test program `prog' against the current objects (once);
        its path, or None."""
        out = os.path.join(self.work, "shb" if "/" in prog else "bin", prog)
        if prog in self.linked:
            return out
        objs = self.test_objects(prog)
        if objs is None:
            return None
        os.makedirs(os.path.dirname(out), exist_ok=True)
        cmd = (["gcc"] + CFLAGS + self.opt + objs + [self.obj(f) for f in self.lib] +
               EXTRA_LDFLAGS.get(prog, []) + LIBS + ["-o", out])
        rc, log = run(cmd, self.work, 300)
        if rc != 0:
            return None
        self.linked.add(prog)
        return out

    def run_units(self, prog, names, timeout, cpu=None):
        """Runs tests `names' of program prog (all when names is None) with
        a wall-clock backstop of timeout seconds and, when cpu is given, a
        limit of cpu CPU-seconds per process: "pass", "fail", "timeout" or
        "cpu"; a shell test that skips (exit 77) is "skip"."""
        env = dict(os.environ, top_srcdir=self.work, TMPDIR=self.work,
                   CK_TIMEOUT_MULTIPLIER="100", CK_DEFAULT_TIMEOUT="1000")
        # Only the programs that need the file see it: the others (the solver's
        # own tests) must solve, not load, so that the solver's mutants run.
        for var in set(NEEDS_FILE.values()) - {NEEDS_FILE.get(prog)}:
            env.pop(var, None)
        if prog.startswith("sh:"):
            for p in SHELL[prog[3:]][0]:
                if self.program(p) is None:
                    return "fail"
            env.update(top_builddir=os.path.join(self.work, "shb"), PYTHON=sys.executable,
                       AG_PY_PRELOAD="", AG_SAN_FLAGS="")
            cmd = ["sh", os.path.join("tests", prog[3:])]
        else:
            exe = self.program(prog)
            if exe is None:
                return "fail"
            cmd = [exe]
        if names is not None:
            env["AG_MUT_TESTS"] = ",".join(names)
        rc, out = run(cmd, self.work, timeout, env, cpu)
        if rc in ("timeout", "cpu"):
            return rc
        if rc == 77 and prog.startswith("sh:"):
            return "skip"
        if rc != 0 or "not ok" in out:
            return "fail"
        return "pass"


def units_of(work):
    """Every test unit: (program, test name or None for the whole program)."""
    units = []
    for f in sorted(os.listdir(os.path.join(work, "tests"))):
        m = re.match(r"(check_\w+)\.c$", f)
        if not m:
            continue
        if not has_file(m.group(1)):
            continue
        with open(os.path.join(work, "tests", f)) as fh:
            names = TEST_RE.findall(fh.read())
        if names:
            units += [(m.group(1), n) for n in dict.fromkeys(names)]
        elif m.group(1) == "check_threads":
            units.append((m.group(1), None))
    for t in FUZZ:
        if os.path.exists(os.path.join(work, "tests", "fuzz", "fuzz_%s.c" % t)):
            units.append(("replay_" + t, None))
    for t in SHELL:
        if os.path.exists(os.path.join(work, "tests", t)):
            units.append(("sh:" + t, None))
    return units


def gcov_lines(tree):
    """{file: {line: count}} of the coverage data now in tree's obj/."""
    got = {}
    gcdas = [tree.obj(f)[:-2] + ".gcda" for f in tree.lib]
    gcdas = [g for g in gcdas if os.path.exists(g)]
    if not gcdas:
        return got
    rc, out = run(["gcov", "--json-format", "--stdout"] + gcdas, tree.work, 300)
    for doc in out.split("\n"):
        doc = doc.strip()
        if not doc.startswith("{"):
            continue
        for f in json.loads(doc).get("files", []):
            name = os.path.relpath(os.path.join(tree.work, f["file"]), tree.work) \
                if not os.path.isabs(f["file"]) else os.path.relpath(f["file"], tree.work)
            if not name.startswith("lib/"):
                continue
            d = got.setdefault(name, {})
            for ln in f["lines"]:
                d[ln["line_number"]] = d.get(ln["line_number"], 0) + ln["count"]
    return got


def files_hash(srcdir, paths):
    """The digest of the files (and of every file below the directories) in
    paths, relative to srcdir; a missing one counts as its name only."""
    h = hashlib.sha256()
    for rel in paths:
        p = os.path.join(srcdir, rel)
        # In include/ and lib/ only the sources count (a built tree has
        # objects, libtool files and dependency files there); elsewhere (a
        # corpus, the golden files) every file.
        todo = [p] if os.path.isfile(p) else sorted(
            os.path.join(dp, f) for dp, _, fs in os.walk(p) for f in fs
            if "__pycache__" not in dp and rel not in ("include", "lib") or f.endswith((".c", ".h")))
        h.update(rel.encode() + b"\0")
        for q in todo:
            h.update(os.path.relpath(q, srcdir).encode() + b"\0")
            with open(q, "rb") as fh:
                h.update(fh.read())
    return h.hexdigest()


def lib_hash(srcdir):
    """The digest of the library's sources (lib/ and include/, any layout)."""
    # (and of the filter compiled into the suites: a new one maps again)
    return hashlib.sha256((files_hash(srcdir, ["include", "lib"]) + FILTER_H).encode()).hexdigest()


def prog_hash(srcdir, prog):
    """The digest of what a test program is made of (and, for a fuzz
    replay, its corpus): a unit is mapped again only when this or the
    library changes."""
    if prog.startswith("replay_"):
        t = prog[7:]
        paths = ["tests/fuzz/fuzz_%s.c" % t, "tests/fuzz/replay.c", "tests/fuzz/corpus/" + t]
    elif prog.startswith("sh:"):
        progs, data = SHELL[prog[3:]]
        paths = (["tests/" + prog[3:], "examples/cli.c", "examples/cli.h"] +
                 [p + ".c" for p in progs] + data)
    else:
        paths = ["tests/%s.c" % prog, "tests/check_main.h"]
    return files_hash(srcdir, paths)


def make_map(srcdir, work, log, reuse=False):
    """The test map: per unit its time and the lib lines it executes.

    It is cached in WORK/map.json with the digest of the library and of each
    test program: while the library is unchanged, only the units of test
    programs that are new or changed are mapped again (a new test costs its
    own run, not a new map)."""
    cache = os.path.join(work, "map.json")
    lh = lib_hash(srcdir)
    old = None
    if os.path.exists(cache):
        with open(cache) as fh:
            old = json.load(fh)
        if old.get("lib") != lh and reuse:
            log("mutation.py: the library changed since the test map was made: reused anyway "
                "(--reuse-map): line numbers may have moved")
        elif old.get("lib") != lh:
            old = None
    tree_dir = os.path.join(work, "map-tree")
    units = units_of(srcdir)
    hashes = {prog: prog_hash(srcdir, prog) for prog in dict.fromkeys(u[0] for u in units)}
    kept, todo = {}, []
    for prog, name in units:
        ok = old and (reuse or old.get("progs", {}).get(prog) == hashes[prog])
        u = None
        if ok:
            u = next((x for x in old["units"] if x["prog"] == prog and x["name"] == name), None)
        if u is None:
            todo.append((prog, name))
        else:
            kept[(prog, name)] = u
    if old and not todo and len(kept) == len(old["units"]):
        log("mutation.py: test map from %s (%d units)" % (cache, len(old["units"])))
        return old
    t0 = time.time()
    log("mutation.py: mapping %d of %d test units (coverage build, each unit alone; %d "
        "from the cached map)" % (len(todo), len(units), len(kept)))
    mapped = {}
    lines_seen = {f: set(ls) for f, ls in (old or {}).get("instrumented", {}).items()} \
        if kept else {}
    if todo:
        tree = Tree(srcdir, tree_dir, ["-O1", "--coverage", "-fprofile-update=atomic",
                                       "-DAG_MUT_COVERAGE"])
        for i, (prog, name) in enumerate(todo, 1):
            for g in os.listdir(os.path.join(tree.work, "obj")):
                if g.endswith(".gcda"):
                    os.unlink(os.path.join(tree.work, "obj", g))
            t = time.time()
            c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            verdict = tree.run_units(prog, None if name is None else [name], 3600)
            c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            dt = time.time() - t
            cpu = (c1.ru_utime + c1.ru_stime) - (c0.ru_utime + c0.ru_stime)
            cov = gcov_lines(tree)
            hit = {f: sorted(l for l, c in d.items() if c > 0) for f, d in cov.items()}
            for f, d in cov.items():
                lines_seen.setdefault(f, set()).update(d)
            mapped[(prog, name)] = {
                "prog": prog, "name": name, "time": round(dt, 3), "cpu": round(cpu, 3),
                "ok": verdict == "pass", "lines": {f: l for f, l in hit.items() if l}}
            log("  [%d/%d] %s%s %.1fs (CPU %.1fs) %s" % (
                i, len(todo), prog, "@" + name if name else "", dt, cpu, verdict))
        shutil.rmtree(tree.work, ignore_errors=True)
    out = [kept.get(u) or mapped[u] for u in units]
    m = {"lib": lh, "progs": hashes, "units": out,
         "instrumented": {f: sorted(s) for f, s in lines_seen.items()}}
    with open(cache + ".new", "w") as fh:
        json.dump(m, fh)
    os.replace(cache + ".new", cache)
    log("mutation.py: test map done in %ds" % (time.time() - t0))
    return m


def has_file(prog):
    """Whether prog can run here: it needs no outside file, or its
    variable (NEEDS_FILE) names one."""
    var = NEEDS_FILE.get(prog)
    return var is None or os.path.isfile(os.environ.get(var, ""))


class Plan:
    """Which units to run for a mutant, from the map."""

    def __init__(self, m):
        # (a cached map may hold the units of a program whose file is not
        # named now: they would skip, so they are not run at all)
        self.units = [u for u in m["units"] if u["ok"] and has_file(u["prog"])]
        self.by_line, self.by_file = {}, {}
        for k, u in enumerate(self.units):
            for f, ls in u["lines"].items():
                self.by_file.setdefault(f, set()).add(k)
                for l in ls:
                    self.by_line.setdefault((f, l), set()).add(k)
        self.instrumented = {f: set(ls) for f, ls in m["instrumented"].items()}

    def for_mutant(self, f, line):
        """(units sorted fastest first, "line"/"file"/"uncovered")."""
        if (f, line) in self.by_line:
            ks, how = self.by_line[(f, line)], "line"
        elif line in self.instrumented.get(f, ()):
            return [], "uncovered"
        else:
            # A line without line data (a table, a declaration): the units
            # that run any line of the file -- or, for a file of tables only
            # (lib/games/X_board.c), of the game's file X.c, else all units.
            ks, how = self.by_file.get(f, set()), "file"
            if not ks:
                ks = self.by_file.get(f.replace("_board.c", ".c"), set())
            if not ks:
                ks = set(range(len(self.units)))
        return sorted((self.units[k] for k in ks), key=lambda u: (cost(u), u["prog"],
                                                                   u["name"] or "")), how


def cost(u):
    """A unit's CPU seconds in the map (its wall time in a map made before
    CPU time was recorded)."""
    return u.get("cpu", u["time"])


def batches(units):
    """The first three units alone, then the rest grouped per program."""
    out = [[u] for u in units[:3]]
    rest = {}
    for u in units[3:]:
        rest.setdefault(u["prog"], []).append(u)
    out += sorted(rest.values(), key=lambda us: sum(cost(u) for u in us))
    return out


# The flags of CI's sanitizer build (configure --enable-sanitizers), and the
# shell tests that cannot run there: check-svg.sh loads the library into
# Python (which would need ASan preloaded), check-complexity.sh runs callgrind.
SAN_FLAGS = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all",
             "-fno-omit-frame-pointer"]
SAN_SKIP = {"sh:check-svg.sh", "sh:check-complexity.sh"}
SAN_SLOWER = 6                  # the CPU limit's factor: sanitized code is slower


def run_mutant(tree, plan, mut, equivalent, quick=0, san=False):
    """Runs one mutant in tree; its JSON entry.  With san (a tree built with
    SAN_FLAGS: the second stage of --sanitize) a mutant killed there is
    checked once more without its mutation, and counts as killed only when
    that run passes."""
    f, no, op, new = mut
    entry = {"key": key_of(mut), "file": f, "line": no, "op": op, "new": new.strip()}
    path = os.path.join(tree.work, f)
    with open(path) as fh:
        orig = fh.read()
    lines = orig.split("\n")
    entry["old"] = lines[no - 1].strip()
    why = eq_reason(equivalent, f, entry["old"], new, line_above(lines, no))
    if why is not None:
        entry["verdict"], entry["by"] = "equivalent", why
        return entry
    units, how = plan.for_mutant(f, no)
    if san:
        units = [u for u in units if u["prog"] not in SAN_SKIP]
    entry["map"] = how
    if quick:
        slow = [u for u in units if cost(u) > quick]
        if slow:
            units = [u for u in units if cost(u) <= quick]
            entry["slow_not_run"] = len(slow)
    if how == "uncovered":
        entry["verdict"] = "uncovered"
        return entry
    with open(tree.obj(f), "rb") as fh:
        before = fh.read()
    lines[no - 1] = new
    t0 = time.time()
    try:
        with open(path, "w") as fh:
            fh.write("\n".join(lines))
        rc, _ = tree.compile(f)
        if rc != 0:
            entry["verdict"] = "stillborn"
            return entry
        with open(tree.obj(f), "rb") as fh:
            if fh.read() == before:
                entry["verdict"], entry["by"] = "equivalent", "identical object (TCE)"
                return entry
        entry["verdict"], entry["ran"] = "survived", 0
        for b in batches(units):
            # A mutant that loops is stopped by CPU time, not by the wall
            # clock (which a loaded machine stretches): each process may use
            # 10 s + 3x the CPU time the units took in the map (their wall
            # time for a map made before CPU was recorded); the wall-clock
            # limit is only a backstop for one that sleeps or dead-locks.
            cpu = 10 + 3 * sum(cost(u) for u in b)
            if san:
                cpu *= SAN_SLOWER
            names = None if b[0]["name"] is None else [u["name"] for u in b]
            r = tree.run_units(b[0]["prog"], names, 600 + 20 * cpu, cpu)
            entry["ran"] += len(b)
            if san and r in ("timeout", "cpu"):
                continue        # slower, not wrong: only a sanitizer's report counts here
            if r != "pass":
                entry["verdict"] = "timeout" if r in ("timeout", "cpu") else "killed"
                entry["by"] = b[0]["prog"] + ("@" + ",".join(names[:3]) if names else "")
                killer = (b[0]["prog"], names, cpu)
                break
    finally:
        with open(path, "w") as fh:
            fh.write(orig)
        with open(tree.obj(f), "wb") as fh:     # the unmutated object, unchanged
            fh.write(before)
        tree.linked = set()
        entry["seconds"] = round(time.time() - t0, 1)
    if san and entry["verdict"] == "killed":
        prog, names, cpu = killer
        if tree.run_units(prog, names, 600 + 20 * cpu, cpu) != "pass":
            entry["verdict"] = "survived"
            entry["san_note"] = "%s fails without the mutant too" % entry.pop("by")
    return entry


# ---------------------------------------------------------------- workers
_W = {}


def worker_init(srcdir, work, mapdata, equivalent, quick=0, sanitize=False):
    d = os.path.join(work, "w%d" % os.getpid())
    _W["quick"] = quick
    _W["tree"] = Tree(srcdir, d, ["-O1"])
    _W["plan"] = Plan(mapdata)
    _W["eq"] = equivalent
    _W["sanitize"] = (srcdir, d + "-san") if sanitize else None
    _W["san"] = None


def worker_run(mut):
    e = run_mutant(_W["tree"], _W["plan"], mut, _W["eq"], _W["quick"])
    if e["verdict"] == "survived" and _W["sanitize"]:
        # The second stage: the survivor again in a tree built as CI's
        # sanitizer `make check' is (made on the first survivor).
        if _W["san"] is None:
            _W["san"] = Tree(_W["sanitize"][0], _W["sanitize"][1], ["-O1"] + SAN_FLAGS)
        s = run_mutant(_W["san"], _W["plan"], mut, _W["eq"], _W["quick"], san=True)
        if s["verdict"] == "killed":
            e["verdict"], e["by"] = "killed", s["by"] + " (sanitizer)"
        elif "san_note" in s:
            e["san_note"] = s["san_note"]
        e["san_seconds"] = s.get("seconds", 0)
    return e


# ---------------------------------------------------------------- report
def wilson(k, n, z=1.96):
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def report(results, totals, out):
    rows, lines = {}, []
    for e in results:
        rows.setdefault(e["file"], []).append(e)
    hdr = "%-28s %6s %6s %6s %6s %6s %6s %6s %6s  %s" % (
        "file", "muts", "run", "killed", "t/out", "surv", "uncov", "equiv", "stillb", "score [95% CI]")
    lines += [hdr, "-" * len(hdr)]
    agg = {"killed": 0, "timeout": 0, "survived": 0, "uncovered": 0, "equivalent": 0, "stillborn": 0}
    est, var, wsum = 0.0, 0.0, 0
    for f in sorted(totals):
        es = rows.get(f, [])
        c = {v: sum(1 for e in es if e["verdict"] == v) for v in agg}
        for v in agg:
            agg[v] += c[v]
        k = c["killed"] + c["timeout"]
        n = k + c["survived"] + c["uncovered"]
        lo, hi = wilson(k, n)
        score = "%5.1f%% [%4.1f-%5.1f]" % (100.0 * k / n, 100 * lo, 100 * hi) if n else "-"
        lines.append("%-28s %6d %6d %6d %6d %6d %6d %6d %6d  %s" % (
            f, totals[f], len(es), c["killed"], c["timeout"], c["survived"], c["uncovered"],
            c["equivalent"], c["stillborn"], score))
        if n:
            p = k / n
            w = totals[f]
            est += w * p
            fpc = max(0.0, 1 - len(es) / totals[f]) if totals[f] else 0
            var += w * w * p * (1 - p) / max(n - 1, 1) * fpc
            wsum += w
    k = agg["killed"] + agg["timeout"]
    n = k + agg["survived"] + agg["uncovered"]
    lo, hi = wilson(k, n)
    lines.append("-" * len(hdr))
    lines.append("%-28s %6d %6d %6d %6d %6d %6d %6d %6d  %s" % (
        "all", sum(totals.values()), len(results), agg["killed"], agg["timeout"], agg["survived"],
        agg["uncovered"], agg["equivalent"], agg["stillborn"],
        "%5.1f%% [%4.1f-%5.1f]" % (100.0 * k / n, 100 * lo, 100 * hi) if n else "-"))
    lines.append("")
    lines.append("mutation score: %d killed of %d (%.1f%%, 95%% CI %.1f-%.1f%%): %d killed by a "
                 "failure, %d by a time-out; %d survived, %d uncovered (not run: no test "
                 "executes the line); not counted: %d equivalent, %d stillborn" % (
                     k, n, 100.0 * k / n if n else 100, 100 * lo, 100 * hi, agg["killed"],
                     agg["timeout"], agg["survived"], agg["uncovered"], agg["equivalent"],
                     agg["stillborn"]))
    if wsum:
        e, s = est / wsum, math.sqrt(var) / wsum
        lines.append("stratified estimate for all of lib/ (files weighted by their mutants): "
                     "%.1f%% +- %.1f (95%%)" % (100 * e, 196 * s))
    lines.append("")
    lines.append("survivors (each: a test to write, or an equivalent mutant to list in "
                 "tests/mutation-equivalent.txt):")
    surv = sorted((e for e in results if e["verdict"] in ("survived", "uncovered")),
                  key=lambda e: (e["file"], e["line"]))
    for e in surv:
        note = " (uncovered)" if e["verdict"] == "uncovered" else ""
        if e.get("slow_not_run"):
            note += " (quick set: %d slower tests not run)" % e["slow_not_run"]
        lines.append("  %s:%d [%s]%s\n    - %s\n    + %s" % (
            e["file"], e["line"], e["op"], note, e["old"], e["new"]))
    if not surv:
        lines.append("  none")
    text = "\n".join(lines) + "\n"
    if out:
        with open(out, "w") as fh:
            fh.write(text)
    return text


def eq_key(f, old, new):
    """The key of a mutant in tests/mutation-equivalent.txt: its file and
    mutated line, or for a deleted statement "del: " and the line deleted."""
    return (f, "del: " + old.strip()) if new.strip() == ";" else (f, new.strip())


def load_equivalent(path):
    """{(file, key): [(after, why), ...]}: after is None, or the text an entry's
    last field `after: TEXT' gives, the line above the mutated one (stripped;
    the nearest non-blank one), for a mutated line as common as `return 0;'."""
    eq = {}
    if path and os.path.exists(path):
        with open(path) as fh:
            for line in fh:
                if not line.strip() or line.startswith("#"):
                    continue
                parts = [p.strip() for p in line.rstrip("\n").split(" | ")]
                if len(parts) >= 2:
                    after = None
                    if len(parts) > 3 and parts[-1].startswith("after: "):
                        after = parts[-1][len("after: "):].strip()
                        parts = parts[:-1]
                    why = " | ".join(parts[2:]) if len(parts) > 2 else "judged equivalent"
                    eq.setdefault((parts[0], parts[1]), []).append((after, why))
    return eq


def line_above(lines, no):
    """The nearest non-blank line above line no (1-based) of lines, stripped."""
    for i in range(no - 2, -1, -1):
        if lines[i].strip():
            return lines[i].strip()
    return ""


def eq_reason(equivalent, f, old, new, above):
    """Why the mutant is listed as equivalent, or None.  An entry with an
    `after:' field matches only below that line (above None: unknown)."""
    for after, why in equivalent.get(eq_key(f, old, new), ()):
        if after is None or after == above:
            return why
    return None


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--srcdir", default=os.path.join(here, ".."))
    ap.add_argument("--sample", type=int, default=300, help="mutants to run (0: all)")
    ap.add_argument("--min-per-file", type=int, default=10)
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--files", nargs="*", help="only these files of lib/")
    ap.add_argument("--ops", default="rel,log,const,del")
    ap.add_argument("--lines", help="only mutants of these places: FILE:LINE[,FILE:LINE...]")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--quick", type=float, default=0,
                    help="a quick test set: skip tests whose mapped CPU time is over QUICK "
                         "seconds (a survivor of it is marked: the slow tests did not run)")
    ap.add_argument("--work", default=None, help="scratch directory (default: a new one in /tmp)")
    ap.add_argument("--results", help="JSON lines, one per mutant (default WORK/results.jsonl)")
    ap.add_argument("--resume", action="store_true", help="skip mutants already in --results")
    ap.add_argument("--equivalent", default=os.path.join(here, "mutation-equivalent.txt"))
    ap.add_argument("--report")
    ap.add_argument("--list", action="store_true", help="only count and list the mutants")
    ap.add_argument("--rerun", metavar="RESULTS",
                    help="run again the survivors listed in an earlier results file")
    ap.add_argument("--reuse-map", action="store_true",
                    help="use WORK/map.json even if the sources changed since")
    ap.add_argument("--sanitize", action="store_true",
                    help="run each survivor again built with ASan and UBSan, as CI's "
                         "sanitizer `make check' does (killed there: killed)")
    ap.add_argument("--report-only", action="store_true",
                    help="only summarise --results (no run)")
    a = ap.parse_args()
    src = os.path.abspath(a.srcdir)
    ops = set(a.ops.split(","))
    files = a.files or sorted(os.path.relpath(os.path.join(dp, f), src)
                              for dp, _, fs in os.walk(os.path.join(src, "lib"))
                              for f in fs if f.endswith(".c"))
    every, totals = [], {}
    for f in files:
        with open(os.path.join(src, f)) as fh:
            ms = mutants_of(f, fh.read(), ops)
        totals[f] = len(ms)
        every += ms
    if a.lines:
        places = set(a.lines.split(","))
        every = [m for m in every if "%s:%d" % (m[0], m[1]) in places]
    chosen = every
    if a.rerun:
        # The survivors of an earlier campaign, found again by their file,
        # kind, line before and after (line numbers may have moved).
        want = {}
        with open(a.rerun) as fh:
            for line in fh:
                e = json.loads(line) if line.strip() else None
                if e and e["verdict"] in ("survived", "uncovered"):
                    want[(e["file"], e["op"], e["old"], e["new"])] = e
        # Where the same text is mutated the same way at several places
        # (`return -1;'), the place nearest the recorded line is the one.
        text = {}
        best = {}
        for m in every:
            if m[0] not in text:
                with open(os.path.join(src, m[0])) as fh:
                    text[m[0]] = fh.read().split("\n")
            k = (m[0], m[2], text[m[0]][m[1] - 1].strip(), m[3].strip())
            if k in want:
                d = abs(m[1] - want[k]["line"])
                if k not in best or d < best[k][0]:
                    best[k] = (d, m)
        chosen = sorted((best[k][1] for k in best), key=lambda m: (m[0], m[1]))
        for k in best:
            del want[k]
        for k in sorted(want):
            if not a.lines or any(p.startswith(k[0] + ":") for p in a.lines.split(",")):
                print("mutation.py: %s [%s] %s: that line is gone" % (k[0], k[1], k[2]), flush=True)
    elif a.sample and a.sample < len(every):
        rnd = random.Random(a.seed)
        chosen = []
        for f in files:
            ms = [m for m in every if m[0] == f]
            share = max(a.min_per_file, int(round(a.sample * len(ms) / len(every))))
            chosen += rnd.sample(ms, min(share, len(ms)))
        chosen.sort(key=lambda m: (m[0], m[1]))
        # Interleave the files, so that a campaign stopped early is still
        # a stratified sample.
        byf = {}
        for m in chosen:
            byf.setdefault(m[0], []).append(m)
        for ms in byf.values():
            rnd.shuffle(ms)
        order = []
        while any(byf.values()):
            for f in files:
                if byf.get(f):
                    order.append(byf[f].pop())
        chosen = order
    print("mutation.py: %d mutants in %d files; running %d" % (len(every), len(files), len(chosen)),
          flush=True)
    if a.list:
        for f, no, op, new in chosen:
            print("%s:%d [%s] %s" % (f, no, op, new.strip()), flush=True)
        return 0
    work = os.path.abspath(a.work) if a.work else None
    if work is None:
        import tempfile
        work = tempfile.mkdtemp(prefix="ag-mutation-")
    os.makedirs(work, exist_ok=True)
    resfile = a.results or os.path.join(work, "results.jsonl")
    done = {}
    if (a.resume or a.report_only) and os.path.exists(resfile):
        with open(resfile) as fh:
            for line in fh:
                if line.strip():
                    e = json.loads(line)
                    done[e["key"]] = e
    equivalent = load_equivalent(a.equivalent)
    if a.report_only:
        rs = [e for e in done.values() if e["file"] in totals]
        for e in rs:              # survivors judged equivalent since they ran
            if e["verdict"] not in ("survived", "uncovered"):
                continue
            try:                  # the line above, if the source still has the line there
                with open(os.path.join(src, e["file"])) as fh:
                    lines = fh.read().split("\n")
                ok = 0 < e["line"] <= len(lines) and lines[e["line"] - 1].strip() == e["old"]
                above = line_above(lines, e["line"]) if ok else None
            except OSError:
                above = None
            why = eq_reason(equivalent, e["file"], e["old"], e["new"], above)
            if why is not None:
                e["verdict"], e["by"] = "equivalent", why
        print(report(rs, totals, a.report), end="")
        return 0
    log = lambda s: print(s, flush=True)
    for prog, var in sorted(NEEDS_FILE.items()):
        if not has_file(prog):
            # CI's make check runs it (.ci/run solves the file first): a
            # campaign without it scores less than CI's suite kills.
            log("mutation.py: warning: %s does not run (%s names no file): the lines "
                "only it tests keep their mutants" % (prog, var))
    mapdata = make_map(src, work, log, a.reuse_map)
    plan = Plan(mapdata)
    bad = [u for u in mapdata["units"] if not u["ok"]]
    for u in bad:
        log("mutation.py: %s%s fails without a mutant: not used" % (
            u["prog"], "@" + u["name"] if u["name"] else ""))
    todo = [m for m in chosen if key_of(m) not in done]
    results = [done[key_of(m)] for m in chosen if key_of(m) in done]
    t0 = time.time()
    with open(resfile, "a") as rf:
        def record(e, i):
            results.append(e)
            rf.write(json.dumps(e) + "\n")
            rf.flush()
            log("[%d/%d %ds] %s %s:%d [%s] %s%s" % (
                i, len(todo), time.time() - t0, e["verdict"].upper(), e["file"], e["line"], e["op"],
                e["new"], "  by " + e["by"] if e.get("by") else ""))
        if a.jobs <= 1:
            worker_init(src, work, mapdata, equivalent, a.quick, a.sanitize)
            for i, m in enumerate(todo, 1):
                record(worker_run(m), i)
        else:
            import multiprocessing
            with multiprocessing.Pool(a.jobs, worker_init,
                                      (src, work, mapdata, equivalent, a.quick,
                                       a.sanitize)) as pool:
                for i, e in enumerate(pool.imap_unordered(worker_run, todo), 1):
                    record(e, i)
    print(report(results, totals, a.report), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
