#!/usr/bin/env python3
"""mutation.py -- a mutation campaign over lib/: one-line mutants, the tests
that concern the mutated file, and the score.

Each mutant changes one place of one line of a library source:
  rel    a relational operator   (< <= > >= == !=, each to its neighbours)
  log    a logical operator      (&& <-> ||)
  const  an integer constant     (n -> n+1, n -> n-1)
  del    a statement deleted     (an expression statement becomes ';')
It is built in a scratch copy of the tree (only the mutated file recompiles:
the other objects are built once), then the Check suites and fuzz-corpus
replays that concern that file run, each with a time limit.  The mutant is
killed when a test fails, crashes or times out; stillborn when it does not
compile (not counted); it survives when every test passes.

    tests/mutation.py [--srcdir DIR] [--sample N] [--seed S] [--files F ...]
                      [--ops rel,log,const,del] [--lines FILE:LINE,...]
                      [--timeout SEC] [--list]
                      [--report FILE]

`make mutation' runs a seeded sample (MUTANTS=60 by default); --sample 0
runs every mutant (thousands: hours on two cores).  The closing line is
"mutation score: K killed of N (P%), S survived, B stillborn", and every
survivor is listed with its file, line and change: each is a test to write,
or an equivalent mutant to note.
"""
import argparse, os, random, re, shutil, subprocess, sys, tempfile, time

CFLAGS = ["-std=c11", "-O1", "-g0", "-w", "-D_GNU_SOURCE"]

# Which tests concern which library files (prefix match on the path).
SUITES_BY_FILE = [
    ("lib/spec.c", ["check_mutants", "replay_spec", "check_core"]),
    ("lib/registry.c", ["check_mutants", "replay_spec", "check_core"]),
    ("lib/util.c", ["check_mutants", "replay_spec", "replay_move", "check_core", "check_fuzz"]),
    ("lib/api.c", ["check_core", "check_alloc", "check_fuzz", "replay_api", "replay_position"]),
    ("lib/record.c", ["check_record", "replay_record", "check_alloc"]),
    ("lib/names.c", ["check_abi_values", "check_core"]),
    ("lib/games/hare", ["check_hare", "check_hare_builds", "check_core", "replay_position",
                        "replay_move", "replay_api"]),
    ("lib/games/liubo_sticks", ["check_liubo_sticks", "check_core", "replay_position",
                                "replay_move", "replay_api"]),
    ("lib/games/liubo_fingers", ["check_liubo_fingers", "check_core", "replay_position",
                                 "replay_move", "replay_api"]),
    ("lib/ai/hare_solver", ["check_solver@api", "check_solver"]),
    ("lib/ai/hare_search", ["check_mutants", "check_ai"]),
    ("lib/ai/players", ["check_mutants", "check_ai"]),
    ("lib/tensor.c", ["check_tensor", "check_core"]),
]
# "suite@case" runs only that test case of a Check suite (CK_RUN_CASE) first:
# a quick kill before the whole suite.
# Tests that link the library's objects with extra flags, or need a corpus.
EXTRA_LDFLAGS = {"check_alloc": ["-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free"]}
FUZZ = {"replay_spec": "spec", "replay_position": "position", "replay_move": "move",
        "replay_api": "api", "replay_record": "record", "replay_solution": "solution"}

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


def sh(cmd, cwd, timeout=None):
    try:
        r = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=timeout)
        return r.returncode, r.stdout.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return "timeout", ""


class Tree:
    """A scratch copy of the sources with every library object built once."""

    def __init__(self, srcdir, work):
        self.src, self.work = srcdir, work
        for d in ("include", "lib", "tests"):
            shutil.copytree(os.path.join(srcdir, d), os.path.join(work, d),
                            ignore=shutil.ignore_patterns("*.o", "*.lo", ".libs", ".deps",
                                                          "*.log", "*.trs", "out"))
        self.lib = sorted(os.path.relpath(os.path.join(dp, f), work)
                          for dp, _, fs in os.walk(os.path.join(work, "lib"))
                          for f in fs if f.endswith(".c"))
        self.inc = ["-I" + os.path.join(work, "include"), "-I" + os.path.join(work, "lib")]
        for f in self.lib:
            rc, log = self.compile(f)
            if rc != 0:
                sys.exit("mutation.py: %s does not compile:\n%s" % (f, log))
        self.tests = {}

    def obj(self, f):
        return os.path.join(self.work, "obj", f.replace("/", "_")[:-2] + ".o")

    def compile(self, f):
        os.makedirs(os.path.join(self.work, "obj"), exist_ok=True)
        return sh(["gcc"] + CFLAGS + self.inc + ["-c", f, "-o", self.obj(f)], self.work, 120)

    def link(self, name):
        """Links test `name` against the current objects; its path, or None."""
        name = name.split("@")[0]
        if name in FUZZ:
            srcs = ["tests/fuzz/fuzz_%s.c" % FUZZ[name], "tests/fuzz/replay.c"]
            if not os.path.exists(os.path.join(self.work, srcs[0])):
                return None
            extra = ['-DFUZZ_NAME="%s"' % FUZZ[name]]
        else:
            srcs = ["tests/%s.c" % name]
            if not os.path.exists(os.path.join(self.work, srcs[0])):
                return None
            extra = []
        out = os.path.join(self.work, "bin", name)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        cmd = (["gcc"] + CFLAGS + self.inc + ["-Itests"] + extra + srcs +
               [self.obj(f) for f in self.lib] + EXTRA_LDFLAGS.get(name, []) +
               ["-lcheck", "-lsubunit", "-lpthread", "-lm", "-o", out])
        rc, log = sh(cmd, self.work, 300)
        return out if rc == 0 else None

    def run(self, name, path, timeout):
        env = dict(os.environ, top_srcdir=self.work, CK_DEFAULT_TIMEOUT=str(timeout),
                   CK_TIMEOUT_MULTIPLIER="3")
        if "@" in name:
            env["CK_RUN_CASE"] = name.split("@")[1]
        try:
            r = subprocess.run([path], cwd=self.work, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, timeout=timeout * 4)
        except subprocess.TimeoutExpired:
            return "timeout"
        if r.returncode != 0 or b"not ok" in r.stdout:
            return "fail"
        return "pass"


def suites_for(path):
    for prefix, suites in SUITES_BY_FILE:
        if path.startswith(prefix):
            return suites
    return ["check_core"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--srcdir", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    ap.add_argument("--sample", type=int, default=60)
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--files", nargs="*")
    ap.add_argument("--ops", default="rel,log,const,del")
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--lines", help="only mutants of these places: FILE:LINE[,FILE:LINE...]")
    ap.add_argument("--list", action="store_true", help="only count and list the mutants")
    ap.add_argument("--report")
    ap.add_argument("--keep", action="store_true", help="keep the scratch tree")
    a = ap.parse_args()
    src = os.path.abspath(a.srcdir)
    ops = set(a.ops.split(","))
    files = a.files or sorted(os.path.relpath(os.path.join(dp, f), src)
                              for dp, _, fs in os.walk(os.path.join(src, "lib"))
                              for f in fs if f.endswith(".c"))
    every = []
    for f in files:
        with open(os.path.join(src, f)) as fh:
            every += mutants_of(f, fh.read(), ops)
    if a.lines:
        places = set(a.lines.split(","))
        every = [m for m in every if "%s:%d" % (m[0], m[1]) in places]
    chosen = every
    if a.sample and a.sample < len(every):
        chosen = sorted(random.Random(a.seed).sample(every, a.sample), key=lambda m: (m[0], m[1]))
    print("mutation.py: %d mutants in %s; running %d" % (len(every), " ".join(files), len(chosen)))
    if a.list:
        for f, no, op, new in chosen:
            print("%s:%d [%s] %s" % (f, no, op, new.strip()), flush=True)
        return 0
    work = tempfile.mkdtemp(prefix="ag-mutation-")
    t0 = time.time()
    try:
        tree = Tree(src, work)
        # Baseline: every suite the sample needs must pass on the unmutated
        # tree, or a mutant would be "killed" by a test that fails anyway.
        needed = sorted({n for f, _, _, _ in chosen for n in suites_for(f)})
        broken = set()
        for name in needed:
            exe = tree.link(name)
            if exe is None:
                print("mutation.py: no test %s here (skipped)" % name, flush=True)
                broken.add(name)
            elif tree.run(name, exe, a.timeout) != "pass":
                print("mutation.py: %s fails without a mutant: not used" % name, flush=True)
                broken.add(name)
        print("mutation.py: baseline done in %ds" % (time.time() - t0), flush=True)
        killed, survived, stillborn = [], [], []
        for i, (f, no, op, new) in enumerate(chosen, 1):
            path = os.path.join(work, f)
            with open(path) as fh:
                orig = fh.read()
            lines = orig.split("\n")
            old = lines[no - 1]
            lines[no - 1] = new
            with open(path, "w") as fh:
                fh.write("\n".join(lines))
            verdict, by = None, ""
            rc, _ = tree.compile(f)
            if rc != 0:
                verdict = "stillborn"
            else:
                for name in suites_for(f):
                    if name in broken:
                        continue
                    exe = tree.link(name)
                    if exe is None:
                        continue
                    r = tree.run(name, exe, a.timeout)
                    if r != "pass":
                        verdict, by = "killed", "%s (%s)" % (name, r)
                        break
                verdict = verdict or "survived"
            with open(path, "w") as fh:
                fh.write(orig)
            tree.compile(f)
            entry = (f, no, op, old.strip(), new.strip(), by)
            {"killed": killed, "survived": survived, "stillborn": stillborn}[verdict].append(entry)
            print("[%d/%d %ds] %s %s:%d [%s] %s%s" % (i, len(chosen), time.time() - t0, verdict.upper(),
                                                     f, no, op, new.strip(), "  by " + by if by else ""),
                  flush=True)
        n = len(killed) + len(survived)
        lines = ["", "survivors (each: a test to write, or an equivalent mutant):"]
        lines += ["  %s:%d [%s]\n    - %s\n    + %s" % (f, no, op, old, new)
                  for f, no, op, old, new, _ in survived] or ["  none"]
        lines.append("mutation score: %d killed of %d (%.1f%%), %d survived, %d stillborn" %
                     (len(killed), n, 100.0 * len(killed) / n if n else 100.0, len(survived),
                      len(stillborn)))
        print("\n".join(lines))
        if a.report:
            with open(a.report, "w") as fh:
                fh.write("\n".join(lines) + "\n")
        return 0
    finally:
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
