"""Prints tpu-run --input flags with deterministic, varied values.

Usage: gen_inputs.py TYPE... (e.g. 2x3xf32 4xi32 2xi1)

Floats are small multiples of 1/8 in [-1, 1], so bf16 holds them exactly and
sums stay well conditioned; integers cycle through [-8, 8] (unsigned ones
through [0, 16]), every third i64 and ui64 spanning all 64 bits; i1 alternates
with a period that is not a power of two. Values depend on the argument's
position, so two arguments of one type differ.
"""
import sys


def values(spec, seed):
    *dims, elem = spec.split("x")
    count = 1
    for d in dims:
        count *= int(d)
    out = []
    for i in range(count):
        h = (i * 2654435761 + seed * 40503 + 12345) % 4294967296
        if elem == "i1":
            out.append("1" if (h >> 7) % 3 == 0 else "0")
        elif elem in ("i64", "ui64") and i % 3 == 2:
            # Every third 64-bit value needs both words and more than a
            # double's 53 bits; ui64's pass 2^63.
            big = (h * 2862933555777941757 + 3037000493) % 2**64
            out.append(str(big if elem == "ui64" else big - 2**63))
        elif elem.startswith("i"):
            out.append(str((h >> 9) % 17 - 8))
        elif elem.startswith("ui"):
            out.append(str((h >> 9) % 17))
        else:
            out.append(repr(((h >> 9) % 17 - 8) / 8.0))
    return out


def main():
    for seed, spec in enumerate(sys.argv[1:]):
        print("--input=%s=%s" % (spec, ",".join(values(spec, seed + 1))))


if __name__ == "__main__":
    main()
