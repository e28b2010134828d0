#!/usr/bin/env python3
"""Measures how far the simulated TPU's elementwise math is from the
correctly rounded result, in units in the last place (ULP).

The oracle is mpmath (Debian's python3-mpmath) at 200 bits, rounded once to
the element type: it shares no code with the compiler, its evaluator or the
host's libm. Inputs reach tpu-run as a .npy argument, never as constants.

  ulp_check.py TPU_RUN --op erf_inv --type f32 --count 4000 --max-ulp 1
      random inputs over the op's domain (log-uniform magnitudes, both signs)
  ulp_check.py TPU_RUN --testdata CASE.mlir --max-ulp 1
      the inputs of one of StableHLO's JAX testdata cases of a unary op; also
      prints how far JAX's own expected values are from the oracle

Prints the largest distance (and where) and exits 1 when the TPU's exceeds
--max-ulp.
"""

import argparse
import os
import random
import re
import struct
import subprocess
import sys
import tempfile

try:
    import mpmath
except ImportError:  # Debian's package, under a Python of another prefix
    sys.path.append("/usr/lib/python3/dist-packages")
    import mpmath

mpmath.mp.prec = 200
mp = mpmath.mpf

# name: (mlir op, reference, lowest and highest magnitude drawn, signs)
OPS = {
    "erf_inv": ("chlo.erf_inv", mpmath.erfinv, 1e-30, 1.0, True),
    "asinh": ("chlo.asinh", mpmath.asinh, 1e-30, 1e30, True),
    "acosh": ("chlo.acosh", mpmath.acosh, 1.0, 1e30, False),
    "atanh": ("chlo.atanh", mpmath.atanh, 1e-30, 1.0, True),
    "sinh": ("chlo.sinh", mpmath.sinh, 1e-30, 88.0, True),
    "cosh": ("chlo.cosh", mpmath.cosh, 1e-30, 88.0, True),
    "tan": ("chlo.tan", mpmath.tan, 1e-30, 1e4, True),
    "asin": ("chlo.asin", mpmath.asin, 1e-30, 1.0, True),
    "acos": ("chlo.acos", mpmath.acos, 1e-30, 1.0, True),
    "atan": ("chlo.atan", mpmath.atan, 1e-30, 1e30, True),
    "erf": ("chlo.erf", mpmath.erf, 1e-30, 10.0, True),
    "erfc": ("chlo.erfc", mpmath.erfc, 1e-30, 10.0, True),
    "tanh": ("stablehlo.tanh", mpmath.tanh, 1e-30, 20.0, True),
    "exp": ("stablehlo.exponential", mpmath.exp, 1e-30, 88.0, True),
    "expm1": ("stablehlo.exponential_minus_one", mpmath.expm1, 1e-30, 88.0,
              True),
    "log": ("stablehlo.log", mpmath.log, 1e-30, 1e30, False),
    "log1p": ("stablehlo.log_plus_one", mpmath.log1p, 1e-30, 1e30, False),
    "logistic": ("stablehlo.logistic", lambda x: 1 / (1 + mpmath.exp(-x)),
                 1e-30, 100.0, True),
    "sqrt": ("stablehlo.sqrt", mpmath.sqrt, 1e-30, 1e30, False),
    "rsqrt": ("stablehlo.rsqrt", lambda x: 1 / mpmath.sqrt(x), 1e-30, 1e30,
              False),
    "cbrt": ("stablehlo.cbrt", lambda x: mpmath.sign(x) * mpmath.cbrt(abs(x)),
             1e-30, 1e30, True),
    "sine": ("stablehlo.sine", mpmath.sin, 1e-30, 1e4, True),
    "cosine": ("stablehlo.cosine", mpmath.cos, 1e-30, 1e4, True),
}
# The testdata files name the op in their chlo or stablehlo call.
BY_MLIR = {v[0]: k for k, v in OPS.items()}


class Format:
    """An IEEE binary format: pack/unpack and rounding of an mpmath value."""

    def __init__(self, name, bits, mantissa):
        self.name, self.bits, self.mantissa = name, bits, mantissa
        self.exponent_bits = bits - 1 - mantissa

    def to_float(self, code):
        if self.name == "f32":
            return struct.unpack("<f", struct.pack("<I", code))[0]
        if self.name == "f16":
            return struct.unpack("<e", struct.pack("<H", code))[0]
        return struct.unpack("<f", struct.pack("<I", code << 16))[0]

    def nearest(self, value):
        """The code nearest an exact mpmath value (ties to even)."""
        if mpmath.isnan(value):
            return (1 << (self.bits - 1)) - (1 << (self.mantissa - 1))
        sign = 1 << (self.bits - 1) if value < 0 else 0
        magnitude = abs(value)
        inf = ((1 << self.exponent_bits) - 1) << self.mantissa
        # Binary search over the ordered magnitudes' codes.
        lo, hi = 0, inf
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if mp(self.to_float(mid)) <= magnitude:
                lo = mid
            else:
                hi = mid
        below = mp(self.to_float(lo))
        if hi == inf:  # above the largest finite value: a step past it
            above = below + (below - mp(self.to_float(lo - 1)))
        else:
            above = mp(self.to_float(hi))
        if magnitude - below < above - magnitude or (
                magnitude - below == above - magnitude and lo % 2 == 0):
            return sign | lo
        return sign | hi

    def ordered(self, code):
        """Codes as a line of integers: adjacent values differ by one."""
        magnitude = code & ((1 << (self.bits - 1)) - 1)
        return -magnitude if code >> (self.bits - 1) else magnitude

    def is_nan(self, code):
        inf = ((1 << self.exponent_bits) - 1) << self.mantissa
        return code & ((1 << (self.bits - 1)) - 1) > inf

    def distance(self, a, b):
        if self.is_nan(a) or self.is_nan(b):
            return 0 if self.is_nan(a) == self.is_nan(b) else float("inf")
        return abs(self.ordered(a) - self.ordered(b))


FORMATS = {"f32": Format("f32", 32, 23), "f16": Format("f16", 16, 10),
           "bf16": Format("bf16", 16, 7)}


def write_npy(path, codes, fmt):
    """f32 and f16 as themselves; bf16 widened to f32 (NumPy has none)."""
    descr = "<f2" if fmt.name == "f16" else "<f4"
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (
        descr, len(codes))
    header += " " * (63 - (len(header) + 10) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode())
        for c in codes:
            if fmt.name == "f16":
                f.write(struct.pack("<H", c))
            else:
                f.write(struct.pack("<I", c << 16 if fmt.name == "bf16" else c))


def read_npy(path, fmt):
    data = open(path, "rb").read()
    length = struct.unpack("<H", data[8:10])[0]
    header = data[10:10 + length].decode()
    body = data[10 + length:]
    if "'<f2'" in header:
        return list(struct.unpack("<%dH" % (len(body) // 2), body))
    words = struct.unpack("<%dI" % (len(body) // 4), body)
    if fmt.name == "bf16":  # results come back widened exactly
        return [w >> 16 for w in words]
    return list(words)


def run_tpu(tpu_run, mlir_op, fmt, codes):
    n = len(codes)
    tensor = "tensor<%dx%s>" % (n, fmt.name)
    program = ("func.func @main(%%x: %s) -> %s {\n"
               "  %%0 = %s %%x : %s -> %s\n"
               "  return %%0 : %s\n}\n") % (tensor, tensor, mlir_op, tensor,
                                            tensor, tensor)
    if mlir_op.startswith("stablehlo."):
        program = program.replace(" : %s -> %s\n" % (tensor, tensor),
                                  " : %s\n" % tensor)
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "op.mlir")
        inp, out = os.path.join(tmp, "x.npy"), os.path.join(tmp, "y.npy")
        open(src, "w").write(program)
        write_npy(inp, codes, fmt)
        subprocess.run([tpu_run, src, "--input=@" + inp, "--output=@" + out],
                       check=True, stdout=subprocess.DEVNULL)
        return read_npy(out, fmt)


def random_inputs(fmt, spec, count, seed):
    rng = random.Random(seed)
    _, _, lo, hi, signed = spec
    codes = []
    while len(codes) < count:
        exponent = rng.uniform(mpmath.log(lo, 2), mpmath.log(hi, 2))
        x = float(mpmath.power(2, exponent))
        if signed and rng.random() < 0.5:
            x = -x
        code = fmt.nearest(mp(x))
        value = fmt.to_float(code)
        if lo <= abs(value) <= hi and not (hi == 1.0 and abs(value) == 1.0):
            codes.append(code)
    return codes


def testdata_case(path):
    """The op, format, input codes and JAX's expected codes of a case."""
    text = open(path).read()
    call = re.search(r"= ((?:chlo|stablehlo)\.[a-z_0-9]+) %0 : "
                     r"tensor<[0-9x]+x(f32|f16|bf16)>", text)
    if not call or call.group(1) not in BY_MLIR:
        sys.exit("%s: no unary op this tool knows" % path)
    fmt = FORMATS[call.group(2)]
    hexes = re.findall(r'dense<"0x([0-9A-F]+)">', text)
    width = fmt.bits // 8

    def codes(h):
        raw = bytes.fromhex(h)
        return [int.from_bytes(raw[i:i + width], "little")
                for i in range(0, len(raw), width)]
    return BY_MLIR[call.group(1)], fmt, codes(hexes[0]), codes(hexes[1])


def worst(fmt, inputs, results, reference):
    far, where = 0, None
    for x, got, want in zip(inputs, results, reference):
        d = fmt.distance(got, want)
        if d > far:
            far, where = d, (fmt.to_float(x), fmt.to_float(got),
                             fmt.to_float(want))
    return far, where


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tpu_run")
    parser.add_argument("--op", choices=sorted(OPS))
    parser.add_argument("--type", default="f32", choices=sorted(FORMATS))
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--testdata")
    parser.add_argument("--max-ulp", type=float, default=1)
    args = parser.parse_args()
    expected = None
    if args.testdata:
        name, fmt, inputs, expected = testdata_case(args.testdata)
    else:
        if not args.op:
            parser.error("--op or --testdata")
        name, fmt = args.op, FORMATS[args.type]
        inputs = random_inputs(fmt, OPS[name], args.count, args.seed)
    mlir_op, reference_fn = OPS[name][0], OPS[name][1]
    reference = []
    for x in inputs:
        try:
            y = reference_fn(mp(fmt.to_float(x)))
        except (ValueError, ZeroDivisionError):
            y = mpmath.nan
        if isinstance(y, mpmath.mpc):
            y = mpmath.nan
        reference.append(fmt.nearest(y))
    results = run_tpu(args.tpu_run, mlir_op, fmt, inputs)
    far, where = worst(fmt, inputs, results, reference)
    print("%s %s, %d inputs: TPU at most %g ULP from correctly rounded%s" % (
        name, fmt.name, len(inputs), far,
        " (x=%r: %r, exact %r)" % where if where else ""))
    if expected is not None:
        jfar, jwhere = worst(fmt, inputs, expected, reference)
        print("  JAX's expected values: at most %g ULP%s" % (
            jfar, " (x=%r: %r, exact %r)" % jwhere if jwhere else ""))
    return 1 if far > args.max_ulp else 0


if __name__ == "__main__":
    sys.exit(main())
