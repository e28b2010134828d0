#!/usr/bin/env python3
"""Runs StableHLO's own verifier tests (../shared/conformance/stablehlo-verify)
through tpu-opt and checks each case the way the suite means it.

Usage: stablehlo_verify.py TPU_OPT SUITE_DIR [--xfail=FILE] [--write-xfail=FILE]
                          [-v]

Each file is split at `// -----`. A case with `expected-error` annotations is
a program the specification forbids: it must be refused, with an error at an
annotated line (the wording need not match upstream's). Any other case is a
valid program: it must parse and verify, print, and parse again. Cases that
use what the suite's README puts out of scope (dynamic or unranked shapes,
quantized, f64, complex, f8, i2/i4 and token types, sparse encodings)
are skipped, and counted.

With --xfail, the listed case ids (`FILE#N`, the first word of each line)
are expected to fail; a listed case that passes fails the run, so the list
only shrinks. --write-xfail writes today's failures with their reasons.
Prints `N passed, M failed, K skipped, X expected to fail` and exits 1 on any
unexpected result.
"""
import os
import re
import subprocess
import sys

OUT_OF_SCOPE = re.compile(
    r"tensor<[^>]*\?|tensor<\*|!quant\.|\bf64\b|complex<|!stablehlo\.token|"
    r"!stablehlo\.future|#sparse|\bf8E|\bu?i[24]\b")
EXPECTED = re.compile(r"expected-error(?:-re)?\s*(?:@(above|below|[+-]\d+))?\s*\{\{")
ERROR_LINE = re.compile(r"<stdin>:(\d+):\d+: error")
LACKING = re.compile(r"unregistered operation 'stablehlo\.|"
                     r"unknown attribute `\w+` in dialect `stablehlo`")


def expected_lines(case):
    lines = set()
    for n, line in enumerate(case.split("\n"), 1):
        m = EXPECTED.search(line)
        if not m:
            continue
        at = m.group(1)
        lines.add(n if not at else n - 1 if at == "above" else
                  n + 1 if at == "below" else n + int(at))
    return lines


def run(tool, text):
    # As upstream's RUN lines: ops of other dialects in a case (`llvm.add`
    # in a reducer body) parse, and the stablehlo verifier judges them.
    return subprocess.run([tool, "--allow-unregistered-dialect", "-o", "-"],
                          input=text, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=60)


def check(tool, case):
    """None when the case behaves as the suite says, else why not."""
    want = expected_lines(case)
    p = run(tool, case.encode())
    stderr = p.stderr.decode(errors="replace")
    first = stderr.strip().split("\n")[0][:120] if stderr.strip() else ""
    if want:
        if p.returncode == 0:
            return "invalid program accepted"
        if p.returncode < 0 or "Stack dump" in stderr:
            return "crash: " + first
        got = {int(m) for m in ERROR_LINE.findall(stderr)}
        if not got & want:
            return "refused at another line: " + first
        # An op or attribute the dialect lacks is refused wherever it is
        # written, for no reason of the spec's: that is not a verifier.
        if LACKING.search(first):
            return "refused only because the dialect lacks it: " + first
        return None
    if p.returncode != 0:
        return "valid program refused: " + first
    again = run(tool, p.stdout)
    if again.returncode != 0:
        return "printed form does not parse: " + \
            again.stderr.decode(errors="replace").split("\n")[0][:120]
    return None


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    tool, suite = argv[1], argv[2]
    xfail, write, verbose = {}, None, False
    for arg in argv[3:]:
        if arg.startswith("--xfail="):
            for line in open(arg.split("=", 1)[1]):
                if line.strip() and not line.startswith("#"):
                    xfail[line.split()[0]] = line
        elif arg.startswith("--write-xfail="):
            write = arg.split("=", 1)[1]
        elif arg == "-v":
            verbose = True
    passed = failed = skipped = expected = 0
    failures = []
    for name in sorted(os.listdir(suite)):
        if not name.endswith(".mlir"):
            continue
        cases = open(os.path.join(suite, name)).read().split("\n// -----\n")
        for i, case in enumerate(cases):
            ident = "%s#%d" % (name, i)
            if "func.func" not in case and "module" not in case:
                continue
            if OUT_OF_SCOPE.search(case):
                skipped += 1
                continue
            why = check(tool, case)
            if why:
                failures.append((ident, why))
            if why and ident in xfail:
                expected += 1
            elif why:
                failed += 1
                print("FAIL %s: %s" % (ident, why))
            elif ident in xfail:
                failed += 1
                print("FAIL %s: passes but is listed as expected to fail"
                      % ident)
            else:
                passed += 1
                if verbose:
                    print("PASS %s" % ident)
    if write:
        with open(write, "w") as f:
            f.write("# Cases of ../shared/conformance/stablehlo-verify that "
                    "fail today, with why\n# (tools/stablehlo_verify.py "
                    "--xfail reads the first word of each line). A case\n# "
                    "that starts to pass fails the suite until it leaves "
                    "the list. Regenerate:\n# tools/stablehlo_verify.py "
                    "build/bin/tpu-opt ../shared/conformance/stablehlo-verify"
                    "\n#   --write-xfail=test/conformance/stablehlo-verify.xfail"
                    "\n")
            for ident, why in failures:
                f.write("%s  # %s\n" % (ident, why))
    print("%d passed, %d failed, %d skipped, %d expected to fail"
          % (passed, failed, skipped, expected))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
