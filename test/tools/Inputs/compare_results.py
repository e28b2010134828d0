"""Compares the results two tpu-run invocations printed.

Usage: compare_results.py SIMULATED REFERENCE [RTOL] [ATOL]

Float results may differ by bf16 rounding on the MXU (|a-b| <= atol +
rtol*|b|); integer and i1 results must be equal. Prints one line per result.
"""
import math
import re
import sys


def parse(text):
    """[(type, element type, values)] of the results tpu-run printed."""
    out = []
    for line in text.splitlines():
        m = re.match(r"result\[(\d+)\]: ([0-9x]*)(f32|bf16|f16|f8\w+|f6\w+|f4\w+|u?i64|u?i32|u?i16|u?i8|u?i4|u?i2|i1)=(.*)", line)
        if m:
            values = re.sub(r"[\[\]]", " ", m.group(4)).split()
            # Integers stay Python ints: i64 values past 2^53 are exact.
            number = float if m.group(3)[0] in "fb" else int
            out.append((m.group(2) + m.group(3), m.group(3),
                        [number(v) for v in values]))
    return out


def compare(sim, ref, rtol, atol):
    """One verdict line per result; failures start with FAIL."""
    if not sim or len(sim) != len(ref):
        return ["FAIL: %d simulated and %d reference results" % (len(sim), len(ref))]
    lines = []
    for i, ((st, et, sv), (rt, _, rv)) in enumerate(zip(sim, ref)):
        if st != rt or len(sv) != len(rv):
            lines.append("FAIL result %d: %s vs %s" % (i, st, rt))
            continue
        exact = not et.startswith("f") and et != "bf16"
        worst = 0.0
        for n, (a, b) in enumerate(zip(sv, rv)):
            # NaN matches NaN and an infinity itself (inf - inf is NaN).
            if a == b or math.isnan(a) and math.isnan(b):
                continue
            err = abs(a - b)
            # An infinity or NaN matches only itself (inf - -inf would pass
            # a tolerance scaled by |inf|).
            finite = math.isfinite(a) and math.isfinite(b)
            if not finite or exact and err != 0 or \
                    not exact and not err <= atol + rtol * abs(b):
                lines.append("FAIL result %d at element %d: %r vs %r" % (i, n, a, b))
                break
            worst = max(worst, err)
        else:
            lines.append("result %d: %s %s" % (
                i, st, "exact" if worst == 0 else "close"))
    return lines


def main():
    sim = parse(open(sys.argv[1]).read())
    ref = parse(open(sys.argv[2]).read())
    rtol = float(sys.argv[3]) if len(sys.argv) > 3 else 2e-2
    atol = float(sys.argv[4]) if len(sys.argv) > 4 else 1e-3
    lines = compare(sim, ref, rtol, atol)
    for line in lines:
        print(line)
    return 1 if any(line.startswith("FAIL") for line in lines) else 0


if __name__ == "__main__":
    sys.exit(main())
