"""ResNet-50 (He et al. 2016, v1.5 as Flax and torchvision write it) as
JAX/Flax exports it in StableHLO: a 7x7/2 stem, a 3x3/2 max pool as
`reduce_window`, four stages of bottleneck blocks (1x1, 3x3, 1x1
convolutions, each followed by `batch_norm_inference`, ReLU as `maximum`;
the stride on the 3x3 convolution; a projected shortcut, 1x1 convolution
and batch norm, where the shape changes), global average pooling and a
dense classifier. Weights and batch-norm statistics are arguments, in order
of use, so tpu-run can feed them.

resnet50(batch, image, blocks, classes, width, dtype, epsilon_x1000)
returns the module text; `blocks` keeps the first bottleneck blocks (16 in
the paper's network) for small end-to-end tests; `width` is the first
stage's bottleneck channels (64 in the paper).
"""

from mobilenet_v2 import StableHLO

# Bottleneck blocks per stage (ResNet-50: 3, 4, 6, 3).
STAGES = [3, 4, 6, 3]


class ResNetEmitter(StableHLO):
    def splat(self, value, shape):
        """A constant splat of `shape`, emitted once per shape."""
        key = (value, tuple(shape))
        if key not in self.splats:
            self.splats[key] = self.emit("stablehlo.constant dense<%s> : %s" % (
                value, self.t(shape)))
        return self.splats[key]

    def relu(self, x, shape):
        return self.emit("stablehlo.maximum %s, %s : %s" % (
            x, self.splat("0.0", shape), self.t(shape)))

    def conv_bn(self, x, shape, out, kernel, stride):
        y, shape = self.conv(x, shape, out, kernel, stride)
        return self.batch_norm(y, shape), shape

    def max_pool(self, x, shape):
        """3x3, stride 2, SAME padding with -inf (Flax's nn.max_pool)."""
        n, h, w, c = shape
        oh, ow = (h + 1) // 2, (w + 1) // 2
        pads = [max((o - 1) * 2 + 3 - size, 0) for size, o in ((h, oh),
                                                               (w, ow))]
        init = self.emit("stablehlo.constant dense<0xFF800000> : %s" %
                         self.t([]))
        result = [n, oh, ow, c]
        a, b = "%%pool_a%d" % self.count, "%%pool_b%d" % self.count
        scalar = self.t([])
        y = self.emit(
            '"stablehlo.reduce_window"(%s, %s) ({\n'
            "    ^bb0(%s: %s, %s: %s):\n"
            "      %%pool_m%d = stablehlo.maximum %s, %s : %s\n"
            "      stablehlo.return %%pool_m%d : %s\n"
            "    }) {window_dimensions = array<i64: 1, 3, 3, 1>, "
            "window_strides = array<i64: 1, 2, 2, 1>, padding = dense<[[0, 0], "
            "[%d, %d], [%d, %d], [0, 0]]> : tensor<4x2xi64>} : (%s, %s) -> %s"
            % (x, init, a, scalar, b, scalar, self.count, a, b, scalar,
               self.count, scalar, pads[0] // 2, pads[0] - pads[0] // 2,
               pads[1] // 2, pads[1] - pads[1] // 2, self.t(shape), scalar,
               self.t(result)))
        return y, result


def resnet50(batch=1, image=224, blocks=16, classes=1000, width=64,
             dtype="f32", epsilon_x1000=1):
    e = ResNetEmitter(dtype)
    e.splats = {}
    # Flax's BatchNorm epsilon is 1e-5; tests that feed generated variances
    # in [-1, 1] pass 2.0 so that variance + epsilon stays positive.
    e.epsilon = repr(epsilon_x1000 / 1000.0) if epsilon_x1000 != 1 else "1.0e-05"
    x = e.arg([batch, image, image, 3])
    shape = [batch, image, image, 3]
    x, shape = e.conv_bn(x, shape, width, 7, 2)
    x = e.relu(x, shape)
    x, shape = e.max_pool(x, shape)
    done = 0
    for stage, repeats in enumerate(STAGES):
        inner = width * 2 ** stage
        for i in range(repeats):
            if done == blocks:
                break
            done += 1
            stride = 2 if stage > 0 and i == 0 else 1
            inp, in_shape = x, shape
            y, s = e.conv_bn(x, shape, inner, 1, 1)
            y = e.relu(y, s)
            y, s = e.conv_bn(y, s, inner, 3, stride)
            y = e.relu(y, s)
            y, s = e.conv_bn(y, s, inner * 4, 1, 1)
            if s != in_shape:
                inp, _ = e.conv_bn(inp, in_shape, inner * 4, 1, stride)
            y = e.emit("stablehlo.add %s, %s : %s" % (y, inp, e.t(s)))
            x, shape = e.relu(y, s), s
    last = shape[-1]
    init = e.emit("stablehlo.constant dense<0.0> : %s" % e.t([]))
    pooled = e.emit(
        "stablehlo.reduce(%s init: %s) applies stablehlo.add across "
        "dimensions = [1, 2] : (%s, %s) -> %s" % (
            x, init, e.t(shape), e.t([]), e.t([batch, last])))
    count = e.splat("%d.0" % (shape[1] * shape[2]), [batch, last])
    pooled = e.emit("stablehlo.divide %s, %s : %s" % (pooled, count,
                                                      e.t([batch, last])))
    dense, bias = e.arg([last, classes]), e.arg([classes])
    logits = e.emit(
        "stablehlo.dot_general %s, %s, contracting_dims = [1] x [0] : "
        "(%s, %s) -> %s" % (pooled, dense, e.t([batch, last]),
                            e.t([last, classes]), e.t([batch, classes])))
    wide = e.emit("stablehlo.broadcast_in_dim %s, dims = [1] : (%s) -> %s" % (
        bias, e.t([classes]), e.t([batch, classes])))
    logits = e.emit("stablehlo.add %s, %s : %s" % (logits, wide,
                                                   e.t([batch, classes])))
    header = ("// ResNet-50 v1.5 (%d bottleneck blocks, width %d) at batch "
              "%d, %dx%d %s images, in StableHLO as JAX exports it:\n"
              "// generated by docs/examples/generate.py; do not edit.\n" % (
                  done, width, batch, image, image, dtype))
    args = ", ".join("%s: %s" % (name, e.t(s)) for name, s in e.args)
    return (header + "module @jit_resnet50 {\n"
            "  func.func public @main(%s) -> %s {\n" % (
                args, e.t([batch, classes])) +
            "\n".join(e.lines) +
            "\n    return %s : %s\n  }\n}\n" % (logits, e.t([batch, classes])))
