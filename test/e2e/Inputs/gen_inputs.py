"""Prints tpu-run --input flags with deterministic, varied values.

Usage: gen_inputs.py TYPE... (e.g. 2x3xf32 4xi32 2xi1)

Floats are small multiples of 1/8 in [-1, 1], so bf16 holds them exactly and
sums stay well conditioned; integers cycle through [-8, 8] (unsigned ones
through [0, 16]), every third i64 and ui64 spanning all 64 bits; i1 alternates
with a period that is not a power of two. Values depend on the argument's
position, so two arguments of one type differ.
"""
import sys


# The strings of the 17 float and the integer values, formatted once.
_FLOATS = [repr((k - 8) / 8.0) for k in range(17)]
_INTS = [str(k - 8) for k in range(17)]
_UINTS = [str(k) for k in range(17)]


def values(spec, seed):
    *dims, elem = spec.split("x")
    count = 1
    for d in dims:
        count *= int(d)
    offset = seed * 40503 + 12345
    hashes = ((i * 2654435761 + offset) % 4294967296 for i in range(count))
    if elem == "i1":
        return ["1" if (h >> 7) % 3 == 0 else "0" for h in hashes]
    if elem in ("i64", "ui64"):
        out = []
        for i, h in enumerate(hashes):
            if i % 3 == 2:
                # Every third 64-bit value needs both words and more than a
                # double's 53 bits; ui64's pass 2^63.
                big = (h * 2862933555777941757 + 3037000493) % 2**64
                out.append(str(big if elem == "ui64" else big - 2**63))
            else:
                out.append(_INTS[(h >> 9) % 17] if elem == "i64"
                           else _UINTS[(h >> 9) % 17])
        return out
    table = (_INTS if elem.startswith("i") else
             _UINTS if elem.startswith("ui") else _FLOATS)
    return [table[(h >> 9) % 17] for h in hashes]


def main():
    for seed, spec in enumerate(sys.argv[1:]):
        print("--input=%s=%s" % (spec, ",".join(values(spec, seed + 1))))


if __name__ == "__main__":
    main()
