#!/usr/bin/env python3
"""Writes the flagship example programs as the TOSA a converter emits.

Usage:
  generate.py --out DIR            write every checked-in example into DIR
  generate.py --check DIR          exit 1 if DIR's examples differ from ours
  generate.py convnet|transformer|onehot|kws|vww|mlp_train|bert_train|mobilenet_v2|
              mobilenet_v3|resnet50
              [--key=value...]
                                   print one program at other sizes (tests
                                   run small ones end to end)

Weights are function arguments, as in a serving export, so the files stay
small and tpu-run can feed them as splats or from .npy files.
"""
import argparse
import os
import sys

from bert_training import bert_train
from mobilenet_v2 import mobilenet_v2
from mobilenet_v3 import mobilenet_v3
from resnet50 import resnet50
from training import mlp_train

F32_MAX = "3.4028235e+38"


class Emitter:
    """Collects TOSA operations with fresh SSA names and their types."""

    def __init__(self):
        self.lines = []
        self.count = 0
        self.shapes = {}

    def fresh(self, hint):
        self.count += 1
        return "%%%s%d" % (hint, self.count)

    @staticmethod
    def type(shape, elem):
        return "tensor<%sx%s>" % ("x".join(str(d) for d in shape), elem) \
            if shape else "tensor<%s>" % elem

    def op(self, hint, text, operands, result_shape, elem, attrs=""):
        name = self.fresh(hint)
        types = ", ".join(self.type(*self.shapes[o]) for o in operands)
        self.lines.append("  %s = %s %s%s : (%s) -> %s" % (
            name, text, ", ".join(operands), attrs and " " + attrs, types,
            self.type(result_shape, elem)))
        self.shapes[name] = (list(result_shape), elem)
        return name

    def const(self, shape, elem, value):
        name = self.fresh("c")
        t = self.type(shape, elem)
        self.lines.append('  %s = "tosa.const"() {values = dense<%s> : %s} '
                          ': () -> %s' % (name, value, t, t))
        self.shapes[name] = (list(shape), elem)
        return name

    def raw(self, line):
        self.lines.append("  " + line)

    # One-operand and two-operand elementwise ops keep the wider shape.
    def unary(self, opname, x, attrs=""):
        shape, elem = self.shapes[x]
        return self.op(opname.split(".")[-1][:4], opname, [x], shape, elem,
                       attrs)

    def binary(self, opname, x, y, elem=None):
        sx, ex = self.shapes[x]
        sy, _ = self.shapes[y]
        shape = [max(a, b) for a, b in zip(sx, sy)]
        return self.op(opname.split(".")[-1][:4], opname, [x, y], shape,
                       elem or ex)

    def mul(self, x, y):
        shift = self.shift_zero()
        sx, ex = self.shapes[x]
        sy, _ = self.shapes[y]
        shape = [max(a, b) for a, b in zip(sx, sy)]
        name = self.fresh("mul")
        self.lines.append("  %s = tosa.mul %s, %s, %s : (%s, %s, tensor<1xi8>) "
                          "-> %s" % (name, x, y, shift,
                                     self.type(sx, ex), self.type(sy, ex),
                                     self.type(shape, ex)))
        self.shapes[name] = (shape, ex)
        return name

    def shift_zero(self):
        if "%shift" not in self.shapes:
            self.raw('%shift = "tosa.const"() {values = dense<0> : '
                     'tensor<1xi8>} : () -> tensor<1xi8>')
            self.shapes["%shift"] = ([1], "i8")
        return "%shift"

    def zero_point(self, elem):
        name = "%zp_" + elem
        if name not in self.shapes:
            self.raw('%s = "tosa.const"() {values = dense<0.0> : '
                     'tensor<1x%s>} : () -> tensor<1x%s>' % (name, elem, elem))
            self.shapes[name] = ([1], elem)
        return name

    def reshape(self, x, shape):
        s = self.fresh("shape")
        self.lines.append(
            "  %s = tosa.const_shape {values = dense<[%s]> : tensor<%dxindex>}"
            " : () -> !tosa.shape<%d>" % (s, ", ".join(map(str, shape)),
                                          len(shape), len(shape)))
        name = self.fresh("r")
        _, elem = self.shapes[x]
        self.lines.append("  %s = tosa.reshape %s, %s : (%s, !tosa.shape<%d>)"
                          " -> %s" % (name, x, s, self.type(*self.shapes[x]),
                                      len(shape), self.type(shape, elem)))
        self.shapes[name] = (list(shape), elem)
        return name

    def transpose(self, x, perm):
        shape, elem = self.shapes[x]
        return self.op("t", "tosa.transpose", [x], [shape[p] for p in perm],
                       elem, "{perms = array<i32: %s>}" %
                       ", ".join(map(str, perm)))

    def reduce(self, kind, x, axis):
        shape, elem = self.shapes[x]
        out = list(shape)
        out[axis] = 1
        return self.op(kind[7:], "tosa." + kind, [x], out, elem,
                       "{axis = %d : i32}" % axis)

    def cast(self, x, elem):
        shape, _ = self.shapes[x]
        return self.op("cast", "tosa.cast", [x], shape, elem)

    def matmul(self, a, b, out_elem):
        (n, m, _), elem = self.shapes[a]
        (_, _, k), _ = self.shapes[b]
        zp = self.zero_point(elem)
        return self.op("mm", "tosa.matmul", [a, b, zp, zp], [n, m, k],
                       out_elem)

    def relu(self, x):
        _, elem = self.shapes[x]
        top = F32_MAX if elem == "f32" else "3.38953139e+38"
        return self.unary("tosa.clamp", x, "{min_val = 0.0 : %s, max_val = %s"
                          " : %s}" % (elem, top, elem))

    def softmax(self, x, axis):
        """exp(x - max) / sum, as TF Lite's legalization writes it."""
        top = self.reduce("reduce_max", x, axis)
        shifted = self.binary("tosa.sub", x, top)
        e = self.unary("tosa.exp", shifted)
        total = self.reduce("reduce_sum", e, axis)
        return self.mul(e, self.unary("tosa.reciprocal", total))

    def function(self, comment, name, args, results):
        sig = ",\n    ".join("%s: %s" % (a, self.type(*self.shapes[a]))
                             for a in args)
        types = ", ".join(self.type(*self.shapes[r]) for r in results)
        head = "".join("// %s\n" % line if line else "//\n"
                       for line in comment.strip("\n").split("\n"))
        return "%sfunc.func @%s(\n    %s) -> %s {\n%s\n  return %s : %s\n}\n" % (
            head, name, sig, "(%s)" % types if len(results) > 1 else types,
            "\n".join(self.lines), ", ".join(results), types)

    def arg(self, name, shape, elem):
        self.shapes["%" + name] = (list(shape), elem)
        return "%" + name


def convnet(batch=64, image=331, filters=64, layers=7, classes=5, dtype="f32"):
    """The memory-optimization article's model: `layers` Conv2D(filters, 3x3,
    same, relu) on image x image x 3, Flatten, Dense(classes), softmax. In
    bf16 the convolutions and the dense layer run in bf16 (Keras'
    mixed_bfloat16) and the softmax in f32, as Keras advises."""
    e = Emitter()
    x = e.arg("images", [batch, image, image, 3], dtype)
    args = [x]
    h = x
    channels = 3
    for i in range(layers):
        w = e.arg("w%d" % (i + 1), [filters, 3, 3, channels], dtype)
        b = e.arg("b%d" % (i + 1), [filters], dtype)
        args += [w, b]
        zp = e.zero_point(dtype)
        conv = e.op("conv", "tosa.conv2d", [h, w, b, zp, zp],
                    [batch, image, image, filters], dtype,
                    "{acc_type = f32, pad = array<i64: 1, 1, 1, 1>, "
                    "stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>}")
        h = e.relu(conv)
        channels = filters
    flat = image * image * filters
    wd = e.arg("dense_w", [1, flat, classes], dtype)
    bd = e.arg("dense_b", [1, classes], "f32")
    args += [wd, bd]
    logits = e.matmul(e.reshape(h, [1, batch, flat]), wd, "f32")
    logits = e.binary("tosa.add", e.reshape(logits, [batch, classes]), bd)
    y = e.softmax(logits, 1)
    comment = """The convolution network of the Cloud TPU memory-optimization article, as
TOSA: %d Conv2D(%d filters, 3x3, same padding, relu) on %dx%dx3 images,
Flatten, Dense %d, softmax. Batch %d, %s%s. Generated by generate.py.""" % (
        layers, filters, image, image, classes, batch, dtype,
        " (softmax in f32)" if dtype != "f32" else "")
    return e.function(comment, "main", args, [y])


def layer_norm(e, x, gamma, beta, width):
    mean = e.mul(e.reduce("reduce_sum", x, 2),
                 e.const([1, 1, 1], "f32", repr(1.0 / width)))
    centered = e.binary("tosa.sub", x, mean)
    var = e.mul(e.reduce("reduce_sum", e.mul(centered, centered), 2),
                e.const([1, 1, 1], "f32", repr(1.0 / width)))
    eps = e.const([1, 1, 1], "f32", "9.99999996e-13")
    scale = e.unary("tosa.rsqrt", e.binary("tosa.add", var, eps))
    return e.binary("tosa.add", e.mul(e.mul(centered, scale), gamma), beta)


def transformer(batch=8, seq=512, width=768, head_dim=64, mlp_ratio=4):
    """A BERT encoder block (post-LN): multi-head self-attention with
    softmax, residual and LayerNorm, then an MLP with exact (erf) GELU,
    residual and LayerNorm, in f32 (matmuls at DEFAULT precision)."""
    heads = width // head_dim
    rows = batch * seq
    hidden = mlp_ratio * width
    e = Emitter()
    x = e.arg("x", [batch, seq, width], "f32")
    args = [x]

    def weight(name, shape):
        args.append(e.arg(name, shape, "f32"))
        return args[-1]

    wq, bq = weight("wq", [1, width, width]), weight("bq", [1, 1, width])
    wk, bk = weight("wk", [1, width, width]), weight("bk", [1, 1, width])
    wv, bv = weight("wv", [1, width, width]), weight("bv", [1, 1, width])
    wo, bo = weight("wo", [1, width, width]), weight("bo", [1, 1, width])
    g1, be1 = weight("ln1_gamma", [1, 1, width]), weight("ln1_beta",
                                                         [1, 1, width])
    w1, b1 = weight("w1", [1, width, hidden]), weight("b1", [1, 1, hidden])
    w2, b2 = weight("w2", [1, hidden, width]), weight("b2", [1, 1, width])
    g2, be2 = weight("ln2_gamma", [1, 1, width]), weight("ln2_beta",
                                                         [1, 1, width])

    def dense(h, w, b):
        return e.binary("tosa.add", e.matmul(h, w, "f32"), b)

    flat = e.reshape(x, [1, rows, width])

    def split_heads(h, perm):
        h = e.reshape(h, [batch, seq, heads, head_dim])
        h = e.transpose(h, perm)
        shape = e.shapes[h][0]
        return e.reshape(h, [batch * heads, shape[2], shape[3]])

    q = split_heads(dense(flat, wq, bq), [0, 2, 1, 3])
    k = split_heads(dense(flat, wk, bk), [0, 2, 3, 1])
    v = split_heads(dense(flat, wv, bv), [0, 2, 1, 3])
    scores = e.mul(e.matmul(q, k, "f32"),
                   e.const([1, 1, 1], "f32", repr(head_dim ** -0.5)))
    probs = e.softmax(scores, 2)
    ctx = e.reshape(e.matmul(probs, v, "f32"),
                    [batch, heads, seq, head_dim])
    ctx = e.reshape(e.transpose(ctx, [0, 2, 1, 3]), [1, rows, width])
    h = layer_norm(e, e.binary("tosa.add", flat, dense(ctx, wo, bo)), g1,
                   be1, width)
    up = dense(h, w1, b1)
    # GELU(x) = x/2 * (1 + erf(x / sqrt(2))).
    erf = e.unary("tosa.erf", e.mul(up, e.const([1, 1, 1], "f32",
                                                repr(2 ** -0.5))))
    gelu = e.mul(e.mul(up, e.const([1, 1, 1], "f32", "5.000000e-01")),
                 e.binary("tosa.add", erf, e.const([1, 1, 1], "f32",
                                                   "1.000000e+00")))
    y = layer_norm(e, e.binary("tosa.add", h, dense(gelu, w2, b2)), g2, be2,
                   width)
    y = e.reshape(y, [batch, seq, width])
    comment = """A transformer encoder block as TOSA (BERT's, post-LN): %d-head
self-attention (head size %d) with softmax, residual and LayerNorm, then an
MLP %d -> %d -> %d with exact GELU, residual and LayerNorm. Batch %d,
sequence %d, width %d, f32. Generated by generate.py.""" % (
        heads, head_dim, width, hidden, width, batch, seq, width)
    return e.function(comment, "main", args, [y])


def onehot(batch=128, height=256, width=896, features=18, classes=10):
    """The seed's segmentation model and loss (tpu-facts.md section 5):
    Conv2D(features, 3x3, same, relu) on batch x height x width x 3 images,
    a 1x1 convolution to per-pixel class logits, and the mean cross entropy
    against a one-hot of the labels, s32[pixels, classes] (iota == label,
    as tf.one_hot lowers). The one-hot is also returned, as a training step
    hands it to its metrics, so it is a live buffer."""
    pixels = batch * height * width
    e = Emitter()
    images = e.arg("images", [batch, height, width, 3], "f32")
    w1 = e.arg("kernel", [features, 3, 3, 3], "f32")
    b1 = e.arg("bias", [features], "f32")
    w2 = e.arg("classifier", [classes, 1, 1, features], "f32")
    b2 = e.arg("classifier_bias", [classes], "f32")
    labels = e.arg("labels", [pixels], "i32")
    zp = e.zero_point("f32")
    h = e.relu(e.op("conv", "tosa.conv2d", [images, w1, b1, zp, zp],
                    [batch, height, width, features], "f32",
                    "{acc_type = f32, pad = array<i64: 1, 1, 1, 1>, "
                    "stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>}"))
    logits = e.op("conv", "tosa.conv2d", [h, w2, b2, zp, zp],
                  [batch, height, width, classes], "f32",
                  "{acc_type = f32, pad = array<i64: 0, 0, 0, 0>, "
                  "stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>}")
    logits = e.reshape(logits, [pixels, classes])
    # log_softmax over the classes.
    shifted = e.binary("tosa.sub", logits, e.reduce("reduce_max", logits, 1))
    total = e.reduce("reduce_sum", e.unary("tosa.exp", shifted), 1)
    logp = e.binary("tosa.sub", shifted, e.unary("tosa.log", total))
    iota = e.const([1, classes], "i32",
                   "[[%s]]" % ", ".join(str(i) for i in range(classes)))
    hit = e.binary("tosa.equal", e.reshape(labels, [pixels, 1]), iota, "i1")
    one_hot = e.cast(hit, "i32")
    picked = e.mul(e.cast(one_hot, "f32"), logp)
    total = e.reduce("reduce_sum", e.reduce("reduce_sum", picked, 1), 0)
    loss = e.mul(total, e.const([1, 1], "f32", repr(-1.0 / pixels)))
    comment = """The seed's out-of-memory case (tpu-facts.md section 5) as TOSA: a
segmentation model (Conv2D(%d, 3x3, same, relu) on %dx%dx%dx3 images, a 1x1
convolution to %d class logits per pixel) and its mean cross entropy against
a one-hot of the labels, s32[%d,%d], which is also returned. Under XLA's
default layouts the %d classes sit in the 128 lanes (12.8x padding); the
min-padding layouts put the pixels there. Generated by generate.py.""" % (
        features, batch, height, width, classes, pixels, classes, classes)
    return e.function(comment, "main", [images, w1, b1, w2, b2, labels],
                      [loss, one_hot])

class Int8Net(Emitter):
    """An int8 network as TFLite's converter writes it in TOSA: activations
    int8 with zero point -128 (so saturating at -128 is the ReLU), weights
    int8 with zero point 0, biases int32; each layer requantizes with a
    per-channel rescale. Weights and biases are function arguments."""

    def __init__(self):
        Emitter.__init__(self)
        self.args = []
        self.layers = 0

    def zp(self, value, elem):
        name = self.fresh("zp")
        self.raw('%s = "tosa.const"() {values = dense<%d> : tensor<1x%s>} : '
                 '() -> tensor<1x%s>' % (name, value, elem, elem))
        self.shapes[name] = ([1], elem)
        return name

    def requantize(self, acc, channels, clamp=None):
        """i32 accumulators to int8 (zero point -128) with per-channel
        multipliers near 2^30 and shifts that bring a layer's sums of
        127 * 127 * fan-in products back to int8's range; `clamp` (lo, hi)
        adds the tosa.clamp the converter writes for a fused ReLU6 whose
        range is narrower than int8's."""
        self.layers += 1
        n = self.layers
        mult = [1073741824 + (i * 7919 + n * 104729) % 1073741823
                for i in range(channels)]
        shift = [38 + (i + n) % 3 for i in range(channels)]
        m = self.const([channels], "i32", "[%s]" % ", ".join(map(str, mult)))
        sh = self.const([channels], "i8", "[%s]" % ", ".join(map(str, shift)))
        shape, _ = self.shapes[acc]
        q = self.op("q", "tosa.rescale", [acc, m, sh, self.zp(0, "i32"),
                                          self.zp(-128, "i8")], shape, "i8",
                    "{scale32 = true, rounding_mode = DOUBLE_ROUND, "
                    "per_channel = true, input_unsigned = false, "
                    "output_unsigned = false}")
        if clamp:
            q = self.unary("tosa.clamp", q, "{min_val = %d : i8, max_val = "
                           "%d : i8}" % clamp)
        return q

    def conv(self, h, name, kernel, out, stride, pad, depthwise=False,
             clamp=None):
        shape, _ = self.shapes[h]
        n, height, width, c = shape
        oh = (height + pad[0] + pad[1] - kernel[0]) // stride[0] + 1
        ow = (width + pad[2] + pad[3] - kernel[1]) // stride[1] + 1
        wshape = ([kernel[0], kernel[1], c, 1] if depthwise
                  else [out, kernel[0], kernel[1], c])
        w = self.arg(name, wshape, "i8")
        b = self.arg(name + "_bias", [out], "i32")
        self.args.extend([w, b])
        attrs = ("{acc_type = i32, dilation = array<i64: 1, 1>, pad = "
                 "array<i64: %d, %d, %d, %d>, stride = array<i64: %d, %d>}"
                 % (tuple(pad) + tuple(stride)))
        op = "tosa.depthwise_conv2d" if depthwise else "tosa.conv2d"
        acc = self.op("conv", op, [h, w, b, self.zp(-128, "i8"),
                                   self.zp(0, "i8")],
                      [n, oh, ow, out], "i32", attrs)
        return self.requantize(acc, out, clamp)

    def global_pool(self, h):
        (batch, height, width, channels), _ = self.shapes[h]
        return self.op("pool", "tosa.avg_pool2d",
                       [h, self.zp(-128, "i8"), self.zp(-128, "i8")],
                       [batch, 1, 1, channels], "i8",
                       "{acc_type = i32, kernel = array<i64: %d, %d>, pad = "
                       "array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}" %
                       (height, width))

    def softmax_int8(self, logits):
        """TFLite's integer softmax on [batch, classes] int8 logits. d = q -
        max(q) <= 0 indexes an int16 table of exp(d / 16) * 2^14 (entry 256
        + d), read at x = 128 d; the sum, normalized by clz, indexes an int16
        table of the reciprocal; a shifted product and a rounding right
        shift by the normalization give the int8 probabilities."""
        (batch, classes), _ = self.shapes[logits]
        i32 = lambda v: self.cast(v, "i32")  # noqa: E731
        d = self.binary("tosa.sub", i32(logits),
                        i32(self.reduce("reduce_max", logits, 1)))
        x16 = self.cast(self.mul(d, self.const([1, 1], "i32", "[[128]]")),
                        "i16")
        exp_table = [min(32767, round(2 ** 14 * pow(2.718281828459045,
                                                    (k - 256) / 16.0)))
                     for k in range(513)]
        table = self.const([513], "i16", "[%s]" % ", ".join(map(str,
                                                               exp_table)))
        ex = self.op("exp", "tosa.table", [x16, table], [batch, classes],
                     "i32")
        total = self.reduce("reduce_sum", ex, 1)
        # total << (clz - 1) is f * 2^31 with f in [0.5, 1); its top bits
        # index an int16 table of 2^14 / f.
        c = self.unary("tosa.clz", total)
        one = self.const([1, 1], "i32", "[[1]]")
        lead = self.binary("tosa.sub", c, one)
        norm = self.binary("tosa.logical_left_shift", total, lead)
        top = self.op("ars", "tosa.arithmetic_right_shift",
                      [norm, self.const([1, 1], "i32", "[[15]]")], [batch, 1],
                      "i32", "{round = false}")
        f16 = self.binary("tosa.sub", top,
                          self.const([1, 1], "i32", "[[49152]]"))
        recip_table = [min(32767, round(2 ** 14 * 512.0 / (k + 128)))
                       if k + 128 > 0 else 32767 for k in range(513)]
        rtable = self.const([513], "i16", "[%s]" % ", ".join(map(str,
                                                                recip_table)))
        recip = self.op("recip", "tosa.table", [self.cast(f16, "i16"), rtable],
                        [batch, 1], "i32")
        # e * r >> 21 is p * 2^(32 - clz); p * 256 - 128 is the int8 output.
        shift21 = self.const([1], "i8", "[21]")
        name = self.fresh("mul")
        self.lines.append(
            "  %s = tosa.mul %s, %s, %s : (%s, %s, tensor<1xi8>) -> %s"
            % (name, ex, recip, shift21, self.type([batch, classes], "i32"),
               self.type([batch, 1], "i32"), self.type([batch, classes],
                                                       "i32")))
        self.shapes[name] = ([batch, classes], "i32")
        down = self.binary("tosa.sub", self.const([1, 1], "i32", "[[24]]"), c)
        prob = self.op("ars", "tosa.arithmetic_right_shift", [name, down],
                       [batch, classes], "i32", "{round = true}")
        prob = self.binary("tosa.sub", prob,
                           self.const([1, 1], "i32", "[[128]]"))
        prob = self.unary("tosa.clamp", prob,
                          "{min_val = -128 : i32, max_val = 127 : i32}")
        return self.cast(prob, "i8")


def kws(batch=1, frames=49, coefficients=10, filters=64, blocks=4,
        classes=12):
    """MLPerf Tiny's keyword-spotting DS-CNN as the TFLite converter's int8
    TOSA: a 10x4 stride-2 convolution, `blocks` depthwise 3x3 + pointwise
    1x1 pairs, a global average pool, a fully connected layer as a 1x1
    convolution, and an integer softmax (Int8Net.softmax_int8)."""
    e = Int8Net()
    x = e.arg("mfcc", [batch, frames, coefficients, 1], "i8")
    e.args.append(x)
    h = e.conv(x, "conv1", [10, 4], filters, [2, 2], [4, 5, 1, 1])
    for i in range(blocks):
        h = e.conv(h, "dw%d" % (i + 1), [3, 3], filters, [1, 1], [1, 1, 1, 1],
                   depthwise=True)
        h = e.conv(h, "pw%d" % (i + 1), [1, 1], filters, [1, 1], [0, 0, 0, 0])
    h = e.global_pool(h)
    logits = e.reshape(e.conv(h, "fc", [1, 1], classes, [1, 1], [0, 0, 0, 0]),
                       [batch, classes])
    out = e.softmax_int8(logits)
    comment = """MLPerf Tiny's keyword-spotting DS-CNN, int8 as TFLite's converter
writes it in TOSA: a 10x4 stride-2 convolution to %d filters on %dx%d MFCC
frames, %d depthwise-separable blocks, a global average pool, a fully
connected layer (1x1 convolution) to %d classes and a fixed-point softmax
(int16 exp and reciprocal tables, clz, a shifted product). Activations int8
with zero point -128, weights int8, biases int32, per-channel rescales.
Batch %d. Generated by generate.py.""" % (filters, frames, coefficients,
                                           blocks, classes, batch)
    return e.function(comment, "main", e.args, [out])


# MobileNetV1's depthwise-separable blocks: (depthwise stride, pointwise
# filters at width 1.0).
MOBILENET_V1_BLOCKS = [(1, 64), (2, 128), (1, 128), (2, 256), (1, 256),
                       (2, 512), (1, 512), (1, 512), (1, 512), (1, 512),
                       (1, 512), (2, 1024), (1, 1024)]


def same_pad(size, kernel, stride):
    """TFLite's SAME padding (low, high) of one spatial dimension."""
    out = -(-size // stride)
    total = max((out - 1) * stride + kernel - size, 0)
    return total // 2, total - total // 2


def vww(batch=1, image=96, alpha_x100=25, blocks=13, classes=2):
    """MLPerf Tiny's visual-wake-words model: MobileNetV1 at width
    alpha_x100 / 100 on image x image x 3 int8 pictures, as the TFLite
    converter's int8 TOSA: a 3x3 stride-2 convolution, `blocks` depthwise
    3x3 + pointwise 1x1 pairs (SAME padding, strides 2 where MobileNet
    halves the picture), each followed by a requantizing rescale and the
    ReLU6's clamp, a global average pool, a fully connected layer as a 1x1
    convolution and the integer softmax."""
    e = Int8Net()
    x = e.arg("image", [batch, image, image, 3], "i8")
    e.args.append(x)
    relu6 = (-128, 100)  # 6.0 at a scale of 6/228: narrower than int8's
    width = lambda f: max(8, f * alpha_x100 // 100)  # noqa: E731

    def conv(h, name, kernel, out, stride, depthwise=False, clamp=relu6):
        (_, height, wide, _), _ = e.shapes[h]
        pad = same_pad(height, kernel, stride) + same_pad(wide, kernel, stride)
        return e.conv(h, name, [kernel, kernel], out, [stride, stride],
                      list(pad), depthwise=depthwise, clamp=clamp)

    h = conv(x, "conv1", 3, width(32), 2)
    for i, (stride, filters) in enumerate(MOBILENET_V1_BLOCKS[:blocks]):
        (_, _, _, c), _ = e.shapes[h]
        h = conv(h, "dw%d" % (i + 1), 3, c, stride, depthwise=True)
        h = conv(h, "pw%d" % (i + 1), 1, width(filters), 1)
    h = e.global_pool(h)
    logits = e.reshape(conv(h, "fc", 1, classes, 1, clamp=None),
                       [batch, classes])
    out = e.softmax_int8(logits)
    comment = """MLPerf Tiny's visual-wake-words model, MobileNetV1 at width %.2f,
int8 as TFLite's converter writes it in TOSA: a 3x3 stride-2 convolution on
%dx%dx3 pictures, %d depthwise-separable blocks (SAME padding; every
rescale followed by the ReLU6's clamp), a global average pool, a fully
connected layer (1x1 convolution) to %d classes and a fixed-point softmax.
Activations int8 with zero point -128, weights int8, biases int32,
per-channel rescales. Batch %d. Generated by generate.py.""" % (
        alpha_x100 / 100.0, image, image, blocks, classes, batch)
    return e.function(comment, "main", e.args, [out])


EXAMPLES = {
    "convnet_331_b64_f32.mlir": lambda: convnet(64, dtype="f32"),
    "convnet_331_b64_bf16.mlir": lambda: convnet(64, dtype="bf16"),
    "convnet_331_b128_f32.mlir": lambda: convnet(128, dtype="f32"),
    "convnet_331_b128_bf16.mlir": lambda: convnet(128, dtype="bf16"),
    "transformer_encoder_w768.mlir": lambda: transformer(width=768),
    "transformer_encoder_w1024.mlir": lambda: transformer(width=1024),
    "segmentation_onehot.mlir": lambda: onehot(),
    "kws_int8_b1.mlir": lambda: kws(1),
    "kws_int8_b256.mlir": lambda: kws(256),
    "vww_int8_b1.mlir": lambda: vww(1),
    "mlp_train_b128.mlir": lambda: mlp_train(),
    "mobilenet_v2_b8_stablehlo.mlir": lambda: mobilenet_v2(batch=8),
    "mobilenet_v3_b8_stablehlo.mlir": lambda: mobilenet_v3(batch=8),
    "resnet50_b8_stablehlo.mlir": lambda: resnet50(batch=8),
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("model", nargs="?",
                        choices=["convnet", "transformer", "onehot", "kws", "vww",
                                 "mlp_train", "bert_train", "mobilenet_v2",
                                 "mobilenet_v3", "resnet50"])
    parser.add_argument("--out")
    parser.add_argument("--check")
    args, rest = parser.parse_known_args()
    if args.model:
        params = {}
        for item in rest:
            key, _, value = item.lstrip("-").partition("=")
            params[key] = value if key in ("dtype", "widths") else int(value)
        sys.stdout.write({"convnet": convnet, "transformer": transformer,
                          "onehot": onehot, "kws": kws, "vww": vww,
                          "mlp_train": mlp_train,
                          "bert_train": bert_train,
                          "mobilenet_v2": mobilenet_v2,
                          "mobilenet_v3": mobilenet_v3,
                          "resnet50": resnet50}[args.model](**params))
        return 0
    directory = args.out or args.check
    if not directory or rest:
        parser.error("give a model, --out DIR or --check DIR")
    stale = []
    for name, make in sorted(EXAMPLES.items()):
        path = os.path.join(directory, name)
        text = make()
        if args.out:
            with open(path, "w") as f:
                f.write(text)
        elif not os.path.exists(path) or open(path).read() != text:
            stale.append(name)
    for name in stale:
        print("%s is out of date: run docs/examples/generate.py --out %s" %
              (name, directory))
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
