"""Random-program differential tester: the simulated TPU against the
reference evaluator.

    python3 tools/fuzz/difftest.py --build build --seeds 0:1000   # a long run
    python3 tools/fuzz/difftest.py --build build --check tools/fuzz/difftest-seeds.txt

For each seed, tools/fuzz/gen_hlo.py writes a random valid hlo program of
--ops ops (a range A:B draws the count from the seed). The program must
verify (tpu-opt); tpu-run --reference evaluates it once, and tpu-run
compiles and runs it on every --targets x --modes pair with the same
inputs (test/e2e/Inputs/gen_inputs.py: small multiples of 1/8, integers in
[-8, 8]), at --default-precision=highest so that the MXU's f32 emulation,
not bf16 rounding, is compared. Integer and i1 results must be equal; a
float result r matches the reference e when |r - e| <= 1e-3 * (|e| +
max|E|) + 1e-3, E being the reference tensor (summation order and the
MXU's f32 passes differ from the evaluator's double sums), and NaN matches
NaN; bf16 results get 1e-2 (one bf16 unit in the last place). Each run is
classified:

  invalid   the generator wrote a program the verifier rejects (a tester bug)
  compile   tpu-run exited with a diagnostic (the compiler refused the program)
  crash     tpu-run died on a signal or an assertion
  timeout   tpu-run took longer than --timeout seconds
  mismatch  a result differs from the evaluator's

A float element that differs is first checked for conditioning: the
evaluator runs again with every f32 input scaled by 1 + 2^-14 and by
1 - 2^-14 (relative changes near what f32 summation order moves an
intermediate by). If either moves the evaluator's own element past the
tolerance (sin of a sum in the hundreds, a comparison of computed floats
that flips), the simulated value cannot be judged at f32 precision: the
seed is counted as ill-conditioned, printed with an ILL line, and neither
passes nor fails. Any other differing element is a mismatch.

The run prints one line per failing seed, the classes' counts and the
most frequent messages, then `N passed, M failed`.

--check FILE runs the seeds FILE lists (`SEED OPS [xfail CLASS: reason]`):
a listed seed must pass, or fail exactly as its xfail line says (a known
bug, named); a seed that passes while marked xfail is an error too, so the
list is kept current. Exit status 1 on any failure not expected.
"""
import argparse
import math
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "test", "e2e", "Inputs"))
sys.path.insert(0, os.path.join(ROOT, "test", "tools", "Inputs"))
import gen_hlo  # noqa: E402
import gen_inputs  # noqa: E402
from compare_results import parse as parse_results  # noqa: E402

RTOL = 1e-3
ATOL = 1e-3
# bf16 keeps 8 significant bits: results rounded from different f32 sums
# may differ by one unit in the last place (2^-7 relative).
BF16_RTOL = 1e-2


# Relative change of the f32 inputs in the conditioning check.
PERTURBATION = 2.0 ** -14


def close(a, b, et, rv):
    """Whether a matches the evaluator's b, an element of result list rv."""
    if a == b or (math.isnan(a) and math.isnan(b)):
        return True
    if et not in ("f32", "bf16") or not (math.isfinite(a) and math.isfinite(b)):
        return False
    scale = max([abs(v) for v in rv if math.isfinite(v)] or [0.0])
    rtol = RTOL if et == "f32" else BF16_RTOL
    return abs(a - b) <= rtol * (abs(b) + scale) + ATOL


def mismatches(sim, ref):
    """(result, element, why) for each difference; element None when the
    results' shapes differ."""
    if len(sim) != len(ref):
        yield None, None, "%d results, the evaluator gave %d" % (len(sim), len(ref))
        return
    for i, ((st, et, sv), (rt, _, rv)) in enumerate(zip(sim, ref)):
        if st != rt or len(sv) != len(rv):
            yield i, None, "result %d is %s, the evaluator's %s" % (i, st, rt)
            continue
        for n, (a, b) in enumerate(zip(sv, rv)):
            if not close(a, b, et, rv):
                yield i, n, "result %d (%s) element %d is %r, the evaluator's %r" % (
                    i, st, n, a, b)


def write_inputs(path, types, scale):
    with open(path, "w") as f:
        for i, t in enumerate(types):
            vals = gen_inputs.values(t, i + 1)
            if t.endswith("f32"):
                vals = [repr(float(v) * scale) for v in vals]
            f.write("--input=%s=%s\n" % (t, ",".join(vals)))


def first_line(text):
    for line in text.splitlines():
        line = line.strip()
        if line and "error" in line.lower():
            return line
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    return lines[0] if lines else ""


def run(cmd, timeout):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    return p


def crashed(p):
    return p.returncode < 0 or "Stack dump" in p.stderr or \
        "PLEASE submit" in p.stderr or "Assertion" in p.stderr or \
        "Sanitizer" in p.stderr


def normalize(message):
    """A message with its numbers and SSA names blurred, to group failures."""
    message = re.sub(r"^(\w+ [\w-]+: )?[^ ]*\.mlir:\d+:\d+: ", "", message)
    message = re.sub(r"%[\w#]+", "%v", message)
    return re.sub(r"\d+", "N", message)[:150]


def check_seed(seed, n_ops, args, work):
    """(class, message) of the first failure, or (None, None)."""
    program = os.path.join(work, "seed%d.mlir" % seed)
    with open(program, "w") as f:
        f.write(gen_hlo.generate(seed, n_ops, args.extended))
    tools = os.path.join(args.build, "bin")
    p = run([os.path.join(tools, "tpu-opt"), program, "-o", os.devnull],
            args.timeout)
    if p is None or p.returncode:
        return "invalid", first_line(p.stderr) if p else "tpu-opt timed out"
    text = open(program).read()
    header = re.search(r"func\.func @main\(([^)]*)\)", text).group(1)
    types = re.findall(r"tensor<([^>]*)>", header)
    argfile = os.path.join(work, "seed%d.args" % seed)
    write_inputs(argfile, types, 1.0)
    run_args = [os.path.join(tools, "tpu-run"), program,
                "--default-precision=highest"]
    base = run_args + ["@" + argfile]
    ref = run(base + ["--reference"], args.timeout)
    if ref is None:
        return "timeout", "the evaluator timed out"
    if ref.returncode:
        return ("crash" if crashed(ref) else "compile",
                "evaluator: " + first_line(ref.stderr))
    expected = parse_results(ref.stdout)
    perturbed = []

    def sensitive(i, n):
        """Whether the evaluator's element n of result i moves past the
        tolerance when the f32 inputs change by PERTURBATION."""
        if not perturbed:
            for k, scale in enumerate((1 + PERTURBATION, 1 - PERTURBATION)):
                path = os.path.join(work, "seed%d.p%d.args" % (seed, k))
                write_inputs(path, types, scale)
                p = run(run_args + ["@" + path, "--reference"], args.timeout)
                perturbed.append(parse_results(p.stdout) if p and not p.returncode
                                 else None)
        _, et, rv = expected[i]
        for other in perturbed:
            if other is None or len(other) != len(expected) or \
                    len(other[i][2]) != len(rv) or \
                    not close(other[i][2][n], rv[n], et, rv):
                return True
        return False

    ill = None
    for target in args.targets.split(","):
        for mode in args.modes.split(","):
            where = "%s %s: " % (target, mode)
            p = run(base + ["--target=" + target, "--layout-mode=" + mode],
                    args.timeout)
            if p is None:
                return "timeout", where + "tpu-run took over %d s" % args.timeout
            if p.returncode:
                return ("crash" if crashed(p) else "compile",
                        where + first_line(p.stderr))
            for i, n, why in mismatches(parse_results(p.stdout), expected):
                if n is None or expected[i][1] not in ("f32", "bf16") or \
                        not sensitive(i, n):
                    return "mismatch", where + why
                ill = ill or where + why
    if ill:
        return "ill-conditioned", ill
    return None, None


def ops_for(seed, spec):
    lo, _, hi = spec.partition(":")
    if not hi:
        return int(lo)
    return gen_hlo.random.Random(seed * 7919).randint(int(lo), int(hi))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", required=True, help="the build tree")
    parser.add_argument("--seeds", default="0:100", help="A:B, seeds A..B-1")
    parser.add_argument("--ops", default="20:60", help="N, or A:B per seed")
    parser.add_argument("--targets", default="v3,v6e")
    parser.add_argument("--modes", default="xla-default,min-padding")
    parser.add_argument("--timeout", type=int, default=120)
    parser.add_argument("--check", help="a seed list with expected failures")
    parser.add_argument("--every", type=int, default=1,
                        help="with --check: every Nth listed case only (a "
                             "sample, for sanitized builds)")
    parser.add_argument("--keep", help="copy failing programs here")
    parser.add_argument("--extended", action="store_true",
                        help="programs with sort and dynamic slices too "
                             "(gen_hlo.py --extended)")
    args = parser.parse_args()
    args.build = os.path.abspath(args.build)

    if args.check:
        cases = []
        for line in open(args.check):
            line = line.split("#")[0].strip()
            if not line:
                continue
            m = re.match(r"(\d+)\s+(\d+)(?:\s+xfail\s+([\w-]+):\s*(.*))?$", line)
            if not m:
                sys.exit("%s: cannot read '%s'" % (args.check, line))
            cases.append((int(m.group(1)), int(m.group(2)), m.group(3), m.group(4)))
        cases = cases[::args.every]
    else:
        a, _, b = args.seeds.partition(":")
        cases = [(s, ops_for(s, args.ops), None, None)
                 for s in range(int(a), int(b))]

    classes, messages = Counter(), Counter()
    passed = failed = ill = 0
    with tempfile.TemporaryDirectory() as work:
        for seed, n_ops, xfail, reason in cases:
            cls, message = check_seed(seed, n_ops, args, work)
            if cls == "ill-conditioned" and xfail is None:
                ill += 1
                print("ILL seed %d (%d ops): %s" % (seed, n_ops, message),
                      flush=True)
                continue
            ok = cls == xfail
            if ok and cls is None:
                passed += 1
                continue
            if ok:
                print("XFAIL seed %d (%d ops): %s: %s" % (seed, n_ops, cls, reason))
                passed += 1
                continue
            failed += 1
            classes[cls or "unexpected pass"] += 1
            messages[normalize(message or "")] += 1
            print("FAIL seed %d (%d ops): %s: %s" % (
                seed, n_ops, cls or "passes, but is marked xfail " + xfail,
                message or reason), flush=True)
            if args.keep and cls:
                os.makedirs(args.keep, exist_ok=True)
                with open(os.path.join(args.keep, "seed%d.mlir" % seed), "w") as f:
                    f.write(gen_hlo.generate(seed, n_ops, args.extended))
    if failed:
        print("failure classes: " + ", ".join(
            "%s %d" % kv for kv in sorted(classes.items())))
        print("most frequent messages:")
        for message, n in messages.most_common(12):
            print("  %4d  %s" % (n, message))
    print("%d passed, %d failed, %d ill-conditioned" % (passed, failed, ill))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
