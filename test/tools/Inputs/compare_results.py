"""Compares the results two tpu-run invocations printed.

Usage: compare_results.py SIMULATED REFERENCE [RTOL] [ATOL]

Float results may differ by bf16 rounding on the MXU (|a-b| <= atol +
rtol*|b|); integer and i1 results must be equal. Prints one line per result.
"""
import math
import re
import sys


def results(path):
    out = []
    for line in open(path):
        m = re.match(r"result\[(\d+)\]: ([0-9x]*)(f32|bf16|i32|i8|i1)=(.*)", line)
        if m:
            values = re.sub(r"[\[\]]", " ", m.group(4)).split()
            out.append((m.group(2) + m.group(3), m.group(3),
                        [float(v) for v in values]))
    return out


def main():
    sim, ref = results(sys.argv[1]), results(sys.argv[2])
    rtol = float(sys.argv[3]) if len(sys.argv) > 3 else 2e-2
    atol = float(sys.argv[4]) if len(sys.argv) > 4 else 1e-3
    if not sim or len(sim) != len(ref):
        print("FAIL: %d simulated and %d reference results" % (len(sim), len(ref)))
        return 1
    ok = True
    for i, ((st, et, sv), (rt, _, rv)) in enumerate(zip(sim, ref)):
        if st != rt or len(sv) != len(rv):
            print("FAIL result %d: %s vs %s" % (i, st, rt))
            ok = False
            continue
        exact = et in ("i32", "i8", "i1")
        worst = 0.0
        for a, b in zip(sv, rv):
            if math.isnan(a) and math.isnan(b):
                continue
            err = abs(a - b)
            if exact and err != 0 or not exact and not err <= atol + rtol * abs(b):
                print("FAIL result %d: %r vs %r" % (i, a, b))
                ok = False
                break
            worst = max(worst, err)
        else:
            print("result %d: %s %s" % (i, st, "exact" if exact and worst == 0 else "close"))
    return 0 if ok else 1


sys.exit(main())
