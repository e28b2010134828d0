"""Checks the distribution of tpu-run's results (read from stdin).

Usage: tpu-run ... | rng_stats.py SPEC...
One SPEC per result, in order: `uniform:LO:HI` (floats in [LO, HI), mean and
standard deviation within 5% of the uniform law's), `int:LO:HI` (integers
in [LO, HI), every value drawn, mean within 5% of the range), or
`normal:MU:SIGMA` (mean within 0.1 SIGMA of MU, standard deviation within
10% of SIGMA). Prints `result N ok` or what is off.
"""
import math
import re
import sys


def main():
    results = re.findall(r"result\[(\d+)\]: \S+=(.*)", sys.stdin.read())
    for (index, text), spec in zip(results, sys.argv[1:]):
        xs = [float(v) for v in re.findall(r"-?[0-9][0-9.e+-]*|nan|inf", text)]
        kind, a, b = spec.split(":")
        a, b = float(a), float(b)
        n = len(xs)
        mean = sum(xs) / n
        std = math.sqrt(sum((x - mean) ** 2 for x in xs) / n)
        problems = []
        if kind in ("uniform", "int"):
            if min(xs) < a or max(xs) >= b:
                problems.append("outside [%g, %g): %g..%g" % (a, b, min(xs),
                                                            max(xs)))
            want_mean = (a + b - (1 if kind == "int" else 0)) / 2
            if abs(mean - want_mean) > 0.05 * (b - a):
                problems.append("mean %g, want %g" % (mean, want_mean))
            if kind == "int" and len(set(xs)) != int(b - a):
                problems.append("%d distinct values of %d" % (len(set(xs)),
                                                              int(b - a)))
            if kind == "uniform" and abs(std - (b - a) / math.sqrt(12)) > \
                    0.05 * (b - a) / math.sqrt(12):
                problems.append("std %g" % std)
        else:
            if abs(mean - a) > 0.1 * b:
                problems.append("mean %g, want %g" % (mean, a))
            if abs(std - b) > 0.1 * b:
                problems.append("std %g, want %g" % (std, b))
        print("result %s %s" % (index, "ok" if not problems else
                                "; ".join(problems)))


if __name__ == "__main__":
    main()
