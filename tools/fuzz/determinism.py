#!/usr/bin/env python3
"""Compiles every program twice and requires the same bytes both times.

Usage: determinism.py BUILD_DIR FILE_OR_DIR... [--jobs=N] [--target=T,...]

Each .mlir file (each `// -----` case of a split file) is compiled by
tpu-compile to an executable three times: once as usual, once under
--mlir-disable-threading, and once with a larger environment (which moves
the stack and the heap's first allocations, so an iteration over
pointer-keyed containers or a read of freed memory takes another order or
value). The executable's bytes, the exit code and everything printed must
be the same every time, whether the case compiles or is refused. Prints a
line per difference and `N cases compiled identically, M differed`; exits 1
on any difference.
"""
import concurrent.futures
import hashlib
import os
import subprocess
import sys
import tempfile


def cases(paths):
    """(name, text) of every case of every .mlir file under `paths`."""
    files = []
    for path in paths:
        if os.path.isdir(path):
            for root, _, names in os.walk(path):
                files += [os.path.join(root, n) for n in names
                          if n.endswith(".mlir")]
        else:
            files.append(path)
    out = []
    for f in sorted(files):
        text = open(f).read()
        parts = text.split("\n// -----\n")
        for i, part in enumerate(parts):
            out.append(("%s#%d" % (f, i) if len(parts) > 1 else f, part))
    return out


def compile_once(tool, text, target, workdir, extra, env):
    src = os.path.join(workdir, "in.mlir")
    if not os.path.exists(src):
        with open(src, "w") as f:
            f.write(text)
    out = os.path.join(workdir, "out.tpu")
    if os.path.exists(out):
        os.remove(out)
    # Diagnostics name the input file, which is the same path every time.
    p = subprocess.run([tool, src, "--target=" + target, "-o", out] + extra,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env=env, timeout=600)
    digest = hashlib.sha256()
    digest.update(str(p.returncode).encode())
    digest.update(p.stdout)
    digest.update(p.stderr)
    if os.path.exists(out):
        digest.update(open(out, "rb").read())
    return digest.hexdigest(), p.returncode


def check(tool, name, text, target):
    with tempfile.TemporaryDirectory() as workdir:
        env = dict(os.environ)
        first, rc = compile_once(tool, text, target, workdir, [], env)
        second, _ = compile_once(tool, text, target, workdir,
                                 ["--mlir-disable-threading"], env)
        env["TPU_DETERMINISM_PADDING"] = "x" * 4099
        third, _ = compile_once(tool, text, target, workdir, [], env)
    return name, target, rc, first == second == third


def main(argv):
    jobs = os.cpu_count() or 2
    targets = ["v5e"]
    paths = []
    for arg in argv[2:]:
        if arg.startswith("--jobs="):
            jobs = int(arg.split("=", 1)[1])
        elif arg.startswith("--target="):
            targets = arg.split("=", 1)[1].split(",")
        else:
            paths.append(arg)
    tool = os.path.join(argv[1], "bin", "tpu-compile")
    work = [(name, text, t) for name, text in cases(paths) for t in targets]
    same = differed = compiled = 0
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for name, target, rc, ok in pool.map(
                lambda w: check(tool, *w), work):
            compiled += rc == 0
            if ok:
                same += 1
            else:
                differed += 1
                print("DIFFERS: %s (--target=%s)" % (name, target))
    print("%d cases compiled identically (%d to an executable), %d differed"
          % (same, compiled, differed))
    return 1 if differed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
