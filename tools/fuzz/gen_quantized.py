"""Writes a TOSA program of quantized integer ops with random parameters.

Usage: gen_quantized.py SEED [> program.mlir]

One function per op: rescale (per tensor and per channel, 16- and 32-bit
multipliers, single and double rounding, zero points, unsigned input or
output), int8 and int16 tables, clz, mul with a shift, rounding arithmetic
right shifts, int8 conv2d, depthwise_conv2d, matmul and avg_pool2d with
zero points, 16x8 conv2d and depthwise_conv2d and int16 matmul through i48
accumulators, int16 avg_pool2d, negate with zero points, integer casts
(i1 included) and clamps. Parameters
are drawn from the seed within what the TOSA 1.0 specification requires
(shifts that keep rescale's value in range, exact output sizes); inputs are
the functions' arguments, drawn by the harness that runs them
(test/e2e/Inputs/run_upstream.py). Multipliers lean toward powers of two
and their neighbours so that rounding ties occur.
"""
import random
import sys


def const(name, values, spec):
    """A constant of `spec` (e.g. 1x6xi8) holding `values` in order."""
    *dims, elem = spec.split("x")
    return nested_const(name, values, [int(d) for d in dims], elem)


def nested_const(name, values, dims, elem):
    def nest(vals, ds):
        if len(ds) == 1:
            return "[" + ", ".join(str(v) for v in vals) + "]"
        step = len(vals) // ds[0]
        return "[" + ", ".join(nest(vals[i * step:(i + 1) * step], ds[1:])
                               for i in range(ds[0])) + "]"
    spec = "x".join(str(d) for d in dims) + "x" + elem
    return ('  %%%s = "tosa.const"() <{values = dense<%s> : tensor<%s>}> : '
            '() -> tensor<%s>' % (name, nest(values, dims), spec, spec))


def scalar(name, value, elem):
    return const(name, [value], "1x" + elem)


BITS = {"i8": 8, "i16": 16, "i32": 32}


def multiplier(rng, scale32):
    top = 2 ** 31 - 1 if scale32 else 2 ** 15 - 1
    kind = rng.randrange(4)
    if kind == 0:  # a power of two: every odd product ties
        return 2 ** rng.randrange(0, 31 if scale32 else 15)
    if kind == 1:
        return top
    if kind == 2:
        return rng.randint(top // 2 + 1, top)
    return rng.randint(0, top)


def rescale(rng, n):
    src = rng.choice(["i8", "i16", "i32"])
    dst = rng.choice(["i8", "i16", "i32"])
    scale32 = rng.random() < 0.7
    per_channel = rng.random() < 0.5
    in_unsigned = src != "i32" and rng.random() < 0.25
    out_unsigned = dst != "i32" and not in_unsigned and rng.random() < 0.25
    shape = [rng.randint(1, 3), rng.randint(1, 5)]
    channels = shape[-1] if per_channel else 1
    # The value (input less zero point) must lie in [-2^(s-1), 2^(s-1)).
    width = {"i8": 9, "i16": 17, "i32": 25}[src]
    low = max(2, width + 1)
    mult = [multiplier(rng, scale32) for _ in range(channels)]
    # Mostly a scale near 1 (shift near the multiplier's bit length, so
    # that outputs do not all saturate), sometimes anything allowed.
    shift = [rng.randint(low, 62) if rng.random() < 0.2 else
             min(62, max(low, m.bit_length() + rng.randint(-4, 6)))
             for m in mult]
    izp = 0
    if src == "i8":
        izp = rng.randint(0, 255) if in_unsigned else rng.randint(-128, 127)
        izp = izp - 256 if izp > 127 else izp
    elif src == "i16" and in_unsigned:
        izp = rng.choice([0, -32768])
    ozp = 0
    if dst == "i8":
        ozp = rng.randint(-128, 127)
    elif dst == "i16" and out_unsigned:
        ozp = rng.choice([0, -32768])
    mode = "DOUBLE_ROUND" if scale32 and rng.random() < 0.5 else "SINGLE_ROUND"
    mtype = "i32" if scale32 else "i16"
    ins = "x".join(map(str, shape)) + "x" + src
    outs = "x".join(map(str, shape)) + "x" + dst
    return "\n".join([
        "func.func @rescale_%d(%%x: tensor<%s>) -> tensor<%s> {" % (n, ins, outs),
        const("m", mult, "%dx%s" % (channels, mtype)),
        const("s", shift, "%dxi8" % channels),
        scalar("izp", izp, src),
        scalar("ozp", ozp, dst),
        "  %%0 = tosa.rescale %%x, %%m, %%s, %%izp, %%ozp {scale32 = %s, "
        "rounding_mode = %s, per_channel = %s, input_unsigned = %s, "
        "output_unsigned = %s} : (tensor<%s>, tensor<%dx%s>, tensor<%dxi8>, "
        "tensor<1x%s>, tensor<1x%s>) -> tensor<%s>" % (
            str(scale32).lower(), mode, str(per_channel).lower(),
            str(in_unsigned).lower(), str(out_unsigned).lower(), ins,
            channels, mtype, channels, src, dst, outs),
        "  return %%0 : tensor<%s>" % outs, "}"])


def tables(rng):
    t8 = [rng.randint(-128, 127) for _ in range(256)]
    t16 = [rng.randint(-32768, 32767) for _ in range(513)]
    return "\n".join([
        "func.func @table_i8(%x: tensor<4x9xi8>) -> tensor<4x9xi8> {",
        const("t", t8, "256xi8"),
        "  %0 = tosa.table %x, %t : (tensor<4x9xi8>, tensor<256xi8>) -> "
        "tensor<4x9xi8>",
        "  return %0 : tensor<4x9xi8>", "}",
        "func.func @table_i16(%x: tensor<3x7xi16>) -> tensor<3x7xi32> {",
        const("t", t16, "513xi16"),
        "  %0 = tosa.table %x, %t : (tensor<3x7xi16>, tensor<513xi16>) -> "
        "tensor<3x7xi32>",
        "  return %0 : tensor<3x7xi32>", "}"])


def elementwise(rng):
    out = [
        "func.func @clz(%x: tensor<2x6xi32>) -> tensor<2x6xi32> {",
        "  %0 = tosa.clz %x : (tensor<2x6xi32>) -> tensor<2x6xi32>",
        "  return %0 : tensor<2x6xi32>", "}",
        "func.func @mul_shift(%x: tensor<2x5xi32>, %y: tensor<1x5xi32>) -> "
        "tensor<2x5xi32> {",
        scalar("s", rng.randint(17, 40), "i8"),
        "  %0 = tosa.mul %x, %y, %s : (tensor<2x5xi32>, tensor<1x5xi32>, "
        "tensor<1xi8>) -> tensor<2x5xi32>",
        "  return %0 : tensor<2x5xi32>", "}",
        "func.func @mul_i8(%x: tensor<3x4xi8>, %y: tensor<3x4xi8>) -> "
        "tensor<3x4xi32> {",
        scalar("s", 0, "i8"),
        "  %0 = tosa.mul %x, %y, %s : (tensor<3x4xi8>, tensor<3x4xi8>, "
        "tensor<1xi8>) -> tensor<3x4xi32>",
        "  return %0 : tensor<3x4xi32>", "}"]
    for elem in ("i8", "i16", "i32"):
        amounts = [rng.randint(0, BITS[elem] - 1) for _ in range(6)]
        out += [
            "func.func @shift_round_%s(%%x: tensor<3x6x%s>) -> tensor<3x6x%s> {"
            % (elem, elem, elem),
            const("a", amounts, "1x6x" + elem),
            "  %%0 = tosa.arithmetic_right_shift %%x, %%a {round = true} : "
            "(tensor<3x6x%s>, tensor<1x6x%s>) -> tensor<3x6x%s>"
            % (elem, elem, elem),
            "  return %%0 : tensor<3x6x%s>" % elem, "}"]
    izp, ozp = rng.randint(-128, 127), rng.randint(-128, 127)
    lo = rng.randint(-128, 0)
    hi = rng.randint(lo, 127)
    out += [
        "func.func @negate(%x: tensor<4x5xi8>) -> tensor<4x5xi8> {",
        scalar("izp", izp, "i8"), scalar("ozp", ozp, "i8"),
        "  %0 = tosa.negate %x, %izp, %ozp : (tensor<4x5xi8>, tensor<1xi8>, "
        "tensor<1xi8>) -> tensor<4x5xi8>",
        "  return %0 : tensor<4x5xi8>", "}",
        "func.func @clamp(%x: tensor<4x5xi8>) -> tensor<4x5xi8> {",
        "  %%0 = tosa.clamp %%x {min_val = %d : i8, max_val = %d : i8} : "
        "(tensor<4x5xi8>) -> tensor<4x5xi8>" % (lo, hi),
        "  return %0 : tensor<4x5xi8>", "}"]
    for src, dst in (("i32", "i8"), ("i8", "i16"), ("i16", "i8"),
                     ("i32", "i16"), ("i8", "i32"), ("i16", "i32"),
                     ("i32", "i1"), ("i1", "i8")):
        out += [
            "func.func @cast_%s_%s(%%x: tensor<3x5x%s>) -> tensor<3x5x%s> {"
            % (src, dst, src, dst),
            "  %%0 = tosa.cast %%x : (tensor<3x5x%s>) -> tensor<3x5x%s>"
            % (src, dst),
            "  return %%0 : tensor<3x5x%s>" % dst, "}"]
    return "\n".join(out)


def window(rng, kernel_max=3):
    """(input size, kernel, stride, pad low, pad high, dilation, output)
    along one spatial dimension, the output exact."""
    while True:
        k = rng.randint(1, kernel_max)
        s = rng.randint(1, 2)
        d = rng.randint(1, 2)
        lo, hi = rng.randint(0, k - 1), rng.randint(0, k - 1)
        size = rng.randint(max(1, (k - 1) * d + 1 - lo - hi), 8)
        span = size - 1 + lo + hi - (k - 1) * d
        if span >= 0 and span % s == 0:
            return size, k, s, lo, hi, d, span // s + 1


def convolutions(rng):
    n = rng.randint(1, 2)
    h, kh, sh, pt, pb, dh, oh = window(rng)
    w, kw, sw, pl, pr, dw, ow = window(rng)
    ic, oc = rng.randint(1, 5), rng.randint(1, 6)
    izp, wzp = rng.randint(-128, 127), rng.choice([0, rng.randint(-128, 127)])
    weights = [rng.randint(-128, 127) for _ in range(oc * kh * kw * ic)]
    bias = [rng.randint(-5000, 5000) for _ in range(oc)]
    ins = "%dx%dx%dx%dxi8" % (n, h, w, ic)
    conv_out = "%dx%dx%dx%dxi32" % (n, oh, ow, oc)
    attrs = ("dilation = array<i64: %d, %d>, pad = array<i64: %d, %d, %d, %d>, "
             "stride = array<i64: %d, %d>" % (dh, dw, pt, pb, pl, pr, sh, sw))
    out = [
        "func.func @conv2d(%%x: tensor<%s>) -> tensor<%s> {" % (ins, conv_out),
        nested_const("w", weights, [oc, kh, kw, ic], "i8"),
        const("b", bias, "%dxi32" % oc),
        scalar("izp", izp, "i8"), scalar("wzp", wzp, "i8"),
        "  %%0 = tosa.conv2d %%x, %%w, %%b, %%izp, %%wzp {acc_type = i32, %s} : "
        "(tensor<%s>, tensor<%dx%dx%dx%dxi8>, tensor<%dxi32>, tensor<1xi8>, "
        "tensor<1xi8>) -> tensor<%s>" % (attrs, ins, oc, kh, kw, ic, oc,
                                         conv_out),
        "  return %%0 : tensor<%s>" % conv_out, "}"]
    m = rng.randint(1, 3)
    dweights = [rng.randint(-128, 127) for _ in range(kh * kw * ic * m)]
    dbias = [rng.randint(-5000, 5000) for _ in range(ic * m)]
    dout = "%dx%dx%dx%dxi32" % (n, oh, ow, ic * m)
    out += [
        "func.func @depthwise(%%x: tensor<%s>) -> tensor<%s> {" % (ins, dout),
        nested_const("w", dweights, [kh, kw, ic, m], "i8"),
        const("b", dbias, "%dxi32" % (ic * m)),
        scalar("izp", izp, "i8"), scalar("wzp", wzp, "i8"),
        "  %%0 = tosa.depthwise_conv2d %%x, %%w, %%b, %%izp, %%wzp {acc_type = "
        "i32, %s} : (tensor<%s>, tensor<%dx%dx%dx%dxi8>, tensor<%dxi32>, "
        "tensor<1xi8>, tensor<1xi8>) -> tensor<%s>" % (
            attrs, ins, kh, kw, ic, m, ic * m, dout),
        "  return %%0 : tensor<%s>" % dout, "}"]
    b, hh, c, ww = (rng.randint(1, 2), rng.randint(1, 9), rng.randint(1, 40),
                    rng.randint(1, 9))
    azp, bzp = rng.randint(-128, 127), rng.randint(-128, 127)
    out += [
        "func.func @matmul(%%a: tensor<%dx%dx%dxi8>, %%b: tensor<%dx%dx%dxi8>)"
        " -> tensor<%dx%dx%dxi32> {" % (b, hh, c, b, c, ww, b, hh, ww),
        scalar("azp", azp, "i8"), scalar("bzp", bzp, "i8"),
        "  %%0 = tosa.matmul %%a, %%b, %%azp, %%bzp : (tensor<%dx%dx%dxi8>, "
        "tensor<%dx%dx%dxi8>, tensor<1xi8>, tensor<1xi8>) -> "
        "tensor<%dx%dx%dxi32>" % (b, hh, c, b, c, ww, b, hh, ww),
        "  return %%0 : tensor<%dx%dx%dxi32>" % (b, hh, ww), "}"]
    return "\n".join(out)


def int16(rng):
    """16x8 quantization: int16 activations, int8 weights, i48 accumulators
    rescaled to int16 (scale16 = false, i48 input)."""
    h, kh, sh, pt, pb, dh, oh = window(rng)
    w, kw, sw, pl, pr, dw, ow = window(rng)
    ic, oc = rng.randint(1, 4), rng.randint(1, 4)
    weights = [rng.randint(-128, 127) for _ in range(oc * kh * kw * ic)]
    bias = [rng.randint(-100000, 100000) for _ in range(oc)]
    ins = "1x%dx%dx%dxi16" % (h, w, ic)
    acc = "1x%dx%dx%dxi48" % (oh, ow, oc)
    outs = "1x%dx%dx%dxi16" % (oh, ow, oc)
    mult = [rng.randint(2 ** 30, 2 ** 31 - 1) for _ in range(oc)]
    shift = [rng.randint(36, 44) for _ in range(oc)]
    b, hh, c, ww = 1, rng.randint(1, 5), rng.randint(1, 9), rng.randint(1, 5)
    m = rng.randint(1, 2)
    dweights = [rng.randint(-128, 127) for _ in range(kh * kw * ic * m)]
    dacc = "1x%dx%dx%dxi48" % (oh, ow, ic * m)
    dout = "1x%dx%dx%dxi32" % (oh, ow, ic * m)
    depthwise = [
        "func.func @depthwise_i16(%%x: tensor<%s>) -> tensor<%s> {" % (ins,
                                                                     dout),
        nested_const("w", dweights, [kh, kw, ic, m], "i8"),
        const("b", [rng.randint(-9999, 9999) for _ in range(ic * m)],
              "%dxi48" % (ic * m)),
        scalar("izp", 0, "i16"), scalar("wzp", 0, "i8"),
        const("m", [rng.randint(2 ** 30, 2 ** 31 - 1)], "1xi32"),
        const("s", [rng.randint(31, 40)], "1xi8"),
        scalar("azp", 0, "i48"), scalar("ozp", 0, "i32"),
        "  %%0 = tosa.depthwise_conv2d %%x, %%w, %%b, %%izp, %%wzp {acc_type = "
        "i48, dilation = array<i64: %d, %d>, pad = array<i64: %d, %d, %d, "
        "%d>, stride = array<i64: %d, %d>} : (tensor<%s>, tensor<%dx%dx%dx%d"
        "xi8>, tensor<%dxi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<%s>" % (
            dh, dw, pt, pb, pl, pr, sh, sw, ins, kh, kw, ic, m, ic * m, dacc),
        "  %%1 = tosa.rescale %%0, %%m, %%s, %%azp, %%ozp {scale32 = true, "
        "rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = "
        "false, output_unsigned = false} : (tensor<%s>, tensor<1xi32>, "
        "tensor<1xi8>, tensor<1xi48>, tensor<1xi32>) -> tensor<%s>" % (dacc,
                                                                      dout),
        "  return %%1 : tensor<%s>" % dout, "}"]
    wzp = rng.randint(-128, 127)
    widened = [
        "func.func @conv2d_i16_wzp(%%x: tensor<%s>) -> tensor<%s> {" % (
            ins, acc.replace("i48", "i32")),
        nested_const("w", weights, [oc, kh, kw, ic], "i8"),
        const("b", bias, "%dxi48" % oc),
        scalar("izp", 0, "i16"), scalar("wzp", wzp, "i8"),
        "  %%0 = tosa.conv2d %%x, %%w, %%b, %%izp, %%wzp {acc_type = i48, "
        "dilation = array<i64: %d, %d>, pad = array<i64: %d, %d, %d, %d>, "
        "stride = array<i64: %d, %d>} : (tensor<%s>, tensor<%dx%dx%dx%dxi8>, "
        "tensor<%dxi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<%s>" % (
            dh, dw, pt, pb, pl, pr, sh, sw, ins, oc, kh, kw, ic, oc, acc),
        "  %%1 = tosa.cast %%0 : (tensor<%s>) -> tensor<%s>" % (
            acc, acc.replace("i48", "i32")),
        "  return %%1 : tensor<%s>" % acc.replace("i48", "i32"), "}"]
    return "\n".join(depthwise + widened + [
        "func.func @conv2d_i16(%%x: tensor<%s>) -> tensor<%s> {" % (ins, outs),
        nested_const("w", weights, [oc, kh, kw, ic], "i8"),
        const("b", bias, "%dxi48" % oc),
        scalar("izp", 0, "i16"), scalar("wzp", 0, "i8"),
        const("m", mult, "%dxi32" % oc), const("s", shift, "%dxi8" % oc),
        scalar("azp", 0, "i48"), scalar("ozp", 0, "i16"),
        "  %%0 = tosa.conv2d %%x, %%w, %%b, %%izp, %%wzp {acc_type = i48, "
        "dilation = array<i64: %d, %d>, pad = array<i64: %d, %d, %d, %d>, "
        "stride = array<i64: %d, %d>} : (tensor<%s>, tensor<%dx%dx%dx%dxi8>, "
        "tensor<%dxi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<%s>" % (
            dh, dw, pt, pb, pl, pr, sh, sw, ins, oc, kh, kw, ic, oc, acc),
        "  %%1 = tosa.rescale %%0, %%m, %%s, %%azp, %%ozp {scale32 = true, "
        "rounding_mode = DOUBLE_ROUND, per_channel = true, input_unsigned = "
        "false, output_unsigned = false} : (tensor<%s>, tensor<%dxi32>, "
        "tensor<%dxi8>, tensor<1xi48>, tensor<1xi16>) -> tensor<%s>" % (
            acc, oc, oc, outs),
        "  return %%1 : tensor<%s>" % outs, "}",
        "func.func @matmul_i16(%%a: tensor<%dx%dx%dxi16>, %%b: "
        "tensor<%dx%dx%dxi16>) -> tensor<%dx%dx%dxi32> {" % (
            b, hh, c, b, c, ww, b, hh, ww),
        scalar("zp", 0, "i16"),
        const("m", [rng.randint(2 ** 14, 2 ** 15 - 1)], "1xi16"),
        const("s", [rng.randint(16, 30)], "1xi8"),
        scalar("azp", 0, "i48"), scalar("ozp", 0, "i32"),
        "  %%0 = tosa.matmul %%a, %%b, %%zp, %%zp : (tensor<%dx%dx%dxi16>, "
        "tensor<%dx%dx%dxi16>, tensor<1xi16>, tensor<1xi16>) -> "
        "tensor<%dx%dx%dxi48>" % (b, hh, c, b, c, ww, b, hh, ww),
        "  %%1 = tosa.rescale %%0, %%m, %%s, %%azp, %%ozp {scale32 = false, "
        "rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = "
        "false, output_unsigned = false} : (tensor<%dx%dx%dxi48>, "
        "tensor<1xi16>, tensor<1xi8>, tensor<1xi48>, tensor<1xi32>) -> "
        "tensor<%dx%dx%dxi32>" % (b, hh, ww, b, hh, ww),
        "  return %%1 : tensor<%dx%dx%dxi32>" % (b, hh, ww), "}"])


def pooling(rng):
    while True:
        h, kh, sh, pt, pb, _, oh = window(rng)
        w, kw, sw, pl, pr, _, ow = window(rng)
        # Dilation is not a pooling attribute: redo the sizes without it.
        sizes = []
        for size, k, s, lo, hi in ((h, kh, sh, pt, pb), (w, kw, sw, pl, pr)):
            span = size - 1 + lo + hi - (k - 1)
            sizes.append(span // s + 1 if span >= 0 and span % s == 0 else 0)
        if all(sizes):
            oh, ow = sizes
            break
    c = rng.randint(1, 4)
    out = []
    for elem in ("i8", "i16"):
        # An output zero point near the input's keeps averages in range;
        # int16 has none.
        izp = rng.randint(-128, 127) if elem == "i8" else 0
        ozp = max(-128, min(127, izp + rng.randint(-30, 30))) if izp else 0
        ins = "1x%dx%dx%dx%s" % (h, w, c, elem)
        outs = "1x%dx%dx%dx%s" % (oh, ow, c, elem)
        out += [
            "func.func @avg_pool_%s(%%x: tensor<%s>) -> tensor<%s> {" % (
                elem, ins, outs),
            scalar("izp", izp, elem), scalar("ozp", ozp, elem),
            "  %%0 = tosa.avg_pool2d %%x, %%izp, %%ozp {acc_type = i32, kernel "
            "= array<i64: %d, %d>, pad = array<i64: %d, %d, %d, %d>, stride = "
            "array<i64: %d, %d>} : (tensor<%s>, tensor<1x%s>, tensor<1x%s>) -> "
            "tensor<%s>" % (kh, kw, pt, pb, pl, pr, sh, sw, ins, elem, elem,
                            outs),
            "  return %%0 : tensor<%s>" % outs, "}"]
    return "\n".join(out)


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    parts = ["// gen_quantized.py %d" % seed]
    parts += [rescale(rng, i) for i in range(4)]
    parts += [tables(rng), elementwise(rng), convolutions(rng), int16(rng),
              pooling(rng)]
    print("\n".join(parts))


if __name__ == "__main__":
    main()
