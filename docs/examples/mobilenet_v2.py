"""MobileNetV2 (Sandler et al. 2018) as JAX/Flax exports it in StableHLO:
NHWC activations, HWIO kernels, each convolution followed by
`batch_norm_inference` (a Flax BatchNorm in eval mode) and ReLU6 as a
clamp, depthwise 3x3 convolutions with feature_group_count = channels,
inverted residual blocks with their skip connections, global average
pooling and a dense classifier. Weights and batch-norm statistics are
arguments, in order of use, so tpu-run can feed them.

mobilenet_v2(batch, image, blocks, classes, width_x100, dtype) returns the
module text; `blocks` keeps the first inverted residual blocks (17 in the
paper's network), for small end-to-end tests; `epsilon_x1000` is the batch
norm's epsilon in thousandths.
"""

# The paper's table 2: expansion t, output channels c, repeats n, stride s.
CONFIG = [(1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2),
          (6, 96, 3, 1), (6, 160, 3, 2), (6, 320, 1, 1)]


def scaled(channels, width_x100):
    """Channels at a width multiplier, rounded to a multiple of 8 as the
    reference implementation does (never below 90% of the exact value)."""
    exact = channels * width_x100 / 100.0
    rounded = max(8, int(exact + 4) // 8 * 8)
    return rounded + 8 if rounded < 0.9 * exact else rounded


class StableHLO:
    def __init__(self, dtype):
        self.dtype = dtype
        self.args = []
        self.lines = []
        self.count = 0

    def t(self, shape):
        return "tensor<%s%s>" % ("".join("%dx" % d for d in shape), self.dtype)

    def arg(self, shape):
        name = "%%arg%d" % len(self.args)
        self.args.append((name, shape))
        return name

    def emit(self, text):
        self.count += 1
        name = "%%%d" % self.count
        self.lines.append("    %s = %s" % (name, text))
        return name

    def conv(self, x, shape, out, kernel, stride, groups=1):
        """SAME-padded convolution; returns (value, shape)."""
        n, h, w, c = shape
        weights = self.arg([kernel, kernel, c // groups, out])
        oh, ow = (h + stride - 1) // stride, (w + stride - 1) // stride
        pads = []
        for size, o in ((h, oh), (w, ow)):
            total = max((o - 1) * stride + kernel - size, 0)
            pads.append("[%d, %d]" % (total // 2, total - total // 2))
        result = [n, oh, ow, out]
        y = self.emit(
            "stablehlo.convolution(%s, %s) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]"
            "->[b, 0, 1, f], window = {stride = [%d, %d], pad = [%s]} "
            "{batch_group_count = 1 : i64, feature_group_count = %d : i64} : "
            "(%s, %s) -> %s" % (x, weights, stride, stride, ", ".join(pads),
                                groups, self.t(shape),
                                self.t([kernel, kernel, c // groups, out]),
                                self.t(result)))
        return y, result

    def batch_norm(self, x, shape):
        c = shape[-1]
        stats = [self.arg([c]) for _ in range(4)]  # scale, offset, mean, var
        return self.emit(
            '"stablehlo.batch_norm_inference"(%s, %s) {epsilon = %s : f32, '
            "feature_index = 3 : i64} : (%s, %s) -> %s" % (
                x, ", ".join(stats), self.epsilon, self.t(shape),
                ", ".join([self.t([c])] * 4), self.t(shape)))

    def relu6(self, x, shape, zero, six):
        return self.emit("stablehlo.clamp %s, %s, %s : (%s, %s, %s) -> %s" % (
            zero, x, six, self.t([]), self.t(shape), self.t([]),
            self.t(shape)))


    def pool(self, x, shape):
        """Global average pooling: a sum over the spatial dimensions,
        divided; [batch, channels]."""
        n, h, w, c = shape
        init = self.emit("stablehlo.constant dense<0.0> : %s" % self.t([]))
        total = self.emit(
            "stablehlo.reduce(%s init: %s) applies stablehlo.add across "
            "dimensions = [1, 2] : (%s, %s) -> %s" % (
                x, init, self.t(shape), self.t([]), self.t([n, c])))
        count = self.emit("stablehlo.constant dense<%d.0> : %s" % (
            h * w, self.t([n, c])))
        return self.emit("stablehlo.divide %s, %s : %s" % (
            total, count, self.t([n, c])))

    def dense(self, x, batch, width, out):
        """[batch, width] x [width, out] + bias, both arguments."""
        w, bias = self.arg([width, out]), self.arg([out])
        y = self.emit(
            "stablehlo.dot_general %s, %s, contracting_dims = [1] x [0] : "
            "(%s, %s) -> %s" % (x, w, self.t([batch, width]),
                                self.t([width, out]), self.t([batch, out])))
        wide = self.emit("stablehlo.broadcast_in_dim %s, dims = [1] : (%s) -> "
                         "%s" % (bias, self.t([out]), self.t([batch, out])))
        return self.emit("stablehlo.add %s, %s : %s" % (y, wide,
                                                        self.t([batch, out])))

    def module(self, name, header, result, shape):
        """The module text: @main over the arguments, returning `result`."""
        args = ", ".join("%s: %s" % (n, self.t(s)) for n, s in self.args)
        return (header + "module @jit_%s {\n"
                "  func.func public @main(%s) -> %s {\n" % (
                    name, args, self.t(shape)) +
                "\n".join(self.lines) +
                "\n    return %s : %s\n  }\n}\n" % (result, self.t(shape)))


def mobilenet_v2(batch=1, image=224, blocks=17, classes=1000, width_x100=100,
                 dtype="f32", epsilon_x1000=1):
    e = StableHLO(dtype)
    # Keras' 1e-3; tests that feed generated variances in [-1, 1] pass
    # 2.0 so that variance + epsilon stays positive.
    e.epsilon = repr(epsilon_x1000 / 1000.0)
    x = e.arg([batch, image, image, 3])
    zero = e.emit("stablehlo.constant dense<0.0> : %s" % e.t([]))
    six = e.emit("stablehlo.constant dense<6.0> : %s" % e.t([]))
    shape = [batch, image, image, 3]
    x, shape = e.conv(x, shape, scaled(32, width_x100), 3, 2)
    x = e.relu6(e.batch_norm(x, shape), shape, zero, six)
    done = 0
    for t, c, n, s in CONFIG:
        for i in range(n):
            if done == blocks:
                break
            done += 1
            inp, in_shape = x, shape
            out = scaled(c, width_x100)
            hidden = in_shape[-1] * t
            if t != 1:
                x, shape = e.conv(x, shape, hidden, 1, 1)
                x = e.relu6(e.batch_norm(x, shape), shape, zero, six)
            x, shape = e.conv(x, shape, hidden, 3, s if i == 0 else 1,
                              groups=hidden)
            x = e.relu6(e.batch_norm(x, shape), shape, zero, six)
            x, shape = e.conv(x, shape, out, 1, 1)
            x = e.batch_norm(x, shape)
            if shape == in_shape:
                x = e.emit("stablehlo.add %s, %s : %s" % (x, inp, e.t(shape)))
    last = scaled(1280, max(width_x100, 100))
    x, shape = e.conv(x, shape, last, 1, 1)
    x = e.relu6(e.batch_norm(x, shape), shape, zero, six)
    pooled = e.pool(x, shape)
    logits = e.dense(pooled, batch, last, classes)
    header = ("// MobileNetV2 (width %.2f, %d inverted residual blocks) at "
              "batch %d, %dx%d %s images, in StableHLO as JAX exports it:\n"
              "// generated by docs/examples/generate.py; do not edit.\n" % (
                  width_x100 / 100.0, done, batch, image, image, dtype))
    return e.module("mobilenet_v2", header, logits, [batch, classes])
