"""MobileNetV3-Large (Howard et al. 2019) as JAX/Flax exports it in
StableHLO: depthwise 3x3 and 5x5 convolutions, each convolution followed by
`batch_norm_inference`, hard-swish `x * relu6(x + 3) / 6` and ReLU as
`clamp`, squeeze-and-excite blocks (an average over the image, two dense
layers, a hard sigmoid scaling the channels), inverted residual blocks with
their skip connections, and the last stage's pooled 1x1 convolution and
classifier. Weights and batch-norm statistics are arguments, in order of
use.

mobilenet_v3(batch, image, blocks, classes, dtype, epsilon_x1000) returns
the module text; `blocks` keeps the first blocks (15 in the paper's Large
network) for small end-to-end tests.
"""

from mobilenet_v2 import StableHLO, scaled

# The paper's table 1: kernel, expansion size, output channels, SE,
# hard-swish (else ReLU), stride.
CONFIG = [(3, 16, 16, False, False, 1), (3, 64, 24, False, False, 2),
          (3, 72, 24, False, False, 1), (5, 72, 40, True, False, 2),
          (5, 120, 40, True, False, 1), (5, 120, 40, True, False, 1),
          (3, 240, 80, False, True, 2), (3, 200, 80, False, True, 1),
          (3, 184, 80, False, True, 1), (3, 184, 80, False, True, 1),
          (3, 480, 112, True, True, 1), (3, 672, 112, True, True, 1),
          (5, 672, 160, True, True, 2), (5, 960, 160, True, True, 1),
          (5, 960, 160, True, True, 1)]


class V3Emitter(StableHLO):
    def scalar(self, value):
        if value not in self.scalars:
            self.scalars[value] = self.emit(
                "stablehlo.constant dense<%s> : %s" % (value, self.t([])))
        return self.scalars[value]

    def splat(self, value, shape):
        return self.emit("stablehlo.broadcast_in_dim %s, dims = [] : (%s) -> "
                         "%s" % (self.scalar(value), self.t([]),
                                 self.t(shape)))

    def relu6(self, x, shape):
        return self.emit("stablehlo.clamp %s, %s, %s : (%s, %s, %s) -> %s" % (
            self.scalar("0.0"), x, self.scalar("6.0"), self.t([]),
            self.t(shape), self.t([]), self.t(shape)))

    def hard_sigmoid(self, x, shape):
        """relu6(x + 3) / 6."""
        t = self.t(shape)
        y = self.emit("stablehlo.add %s, %s : %s" % (
            x, self.splat("3.0", shape), t))
        return self.emit("stablehlo.divide %s, %s : %s" % (
            self.relu6(y, shape), self.splat("6.0", shape), t))

    def activation(self, x, shape, hard_swish):
        if not hard_swish:
            return self.emit("stablehlo.maximum %s, %s : %s" % (
                x, self.splat("0.0", shape), self.t(shape)))
        return self.emit("stablehlo.multiply %s, %s : %s" % (
            x, self.hard_sigmoid(x, shape), self.t(shape)))

    def dense(self, x, width, out):
        """[batch, width] x [width, out] + bias."""
        batch = self.batch
        w, bias = self.arg([width, out]), self.arg([out])
        y = self.emit(
            "stablehlo.dot_general %s, %s, contracting_dims = [1] x [0] : "
            "(%s, %s) -> %s" % (x, w, self.t([batch, width]),
                                self.t([width, out]), self.t([batch, out])))
        wide = self.emit("stablehlo.broadcast_in_dim %s, dims = [1] : (%s) -> "
                         "%s" % (bias, self.t([out]), self.t([batch, out])))
        return self.emit("stablehlo.add %s, %s : %s" % (y, wide,
                                                        self.t([batch, out])))

    def pool(self, x, shape):
        """The average over the image: [batch, channels]."""
        n, h, w, c = shape
        total = self.emit(
            "stablehlo.reduce(%s init: %s) applies stablehlo.add across "
            "dimensions = [1, 2] : (%s, %s) -> %s" % (
                x, self.scalar("0.0"), self.t(shape), self.t([]),
                self.t([n, c])))
        return self.emit("stablehlo.divide %s, %s : %s" % (
            total, self.splat("%d.0" % (h * w), [n, c]), self.t([n, c])))

    def squeeze_excite(self, x, shape):
        n, h, w, c = shape
        squeezed = scaled(c // 4, 100)
        s = self.pool(x, shape)
        s = self.dense(s, c, squeezed)
        s = self.activation(s, [n, squeezed], False)
        s = self.hard_sigmoid(self.dense(s, squeezed, c), [n, c])
        wide = self.emit("stablehlo.broadcast_in_dim %s, dims = [0, 3] : (%s) "
                         "-> %s" % (s, self.t([n, c]), self.t(shape)))
        return self.emit("stablehlo.multiply %s, %s : %s" % (x, wide,
                                                             self.t(shape)))


def mobilenet_v3(batch=1, image=224, blocks=15, classes=1000, dtype="f32",
                 epsilon_x1000=1):
    e = V3Emitter(dtype)
    e.scalars, e.batch = {}, batch
    e.epsilon = repr(epsilon_x1000 / 1000.0)
    x = e.arg([batch, image, image, 3])
    shape = [batch, image, image, 3]
    x, shape = e.conv(x, shape, 16, 3, 2)
    x = e.activation(e.batch_norm(x, shape), shape, True)
    for kernel, expand, out, se, hs, stride in CONFIG[:blocks]:
        inp, in_shape = x, shape
        if expand != shape[-1]:
            x, shape = e.conv(x, shape, expand, 1, 1)
            x = e.activation(e.batch_norm(x, shape), shape, hs)
        x, shape = e.conv(x, shape, expand, kernel, stride, groups=expand)
        x = e.activation(e.batch_norm(x, shape), shape, hs)
        if se:
            x = e.squeeze_excite(x, shape)
        x, shape = e.conv(x, shape, out, 1, 1)
        x = e.batch_norm(x, shape)
        if stride == 1 and shape == in_shape:
            x = e.emit("stablehlo.add %s, %s : %s" % (x, inp, e.t(shape)))
    last = shape[-1] * 6
    x, shape = e.conv(x, shape, last, 1, 1)
    x = e.activation(e.batch_norm(x, shape), shape, True)
    pooled = e.pool(x, shape)
    hidden = e.activation(e.dense(pooled, last, 1280), [batch, 1280], True)
    logits = e.dense(hidden, 1280, classes)
    header = ("// MobileNetV3-Large (%d blocks) at batch %d, %dx%d %s images, "
              "in StableHLO as JAX exports it:\n"
              "// generated by docs/examples/generate.py; do not edit.\n" % (
                  min(blocks, len(CONFIG)), batch, image, image, dtype))
    args = ", ".join("%s: %s" % (name, e.t(s)) for name, s in e.args)
    return (header + "module @jit_mobilenet_v3 {\n"
            "  func.func public @main(%s) -> %s {\n" % (
                args, e.t([batch, classes])) +
            "\n".join(e.lines) +
            "\n    return %s : %s\n  }\n}\n" % (logits, e.t([batch, classes])))
