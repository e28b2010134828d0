#!/usr/bin/env python3
"""Writes a TOSA program of about N ops for the compile-time benchmark.

Usage: gen_program.py KIND N
KIND: chain (elementwise ops one after another), dag (N/4 independent
three-op branches summed by a tree), matmul (a chain of matmul + relu),
reduce (a chain of x - reduce_max(x)), fanout (issue 21's DAG, in TOSA:
elementwise ops, row reductions broadcast back and matmuls on 1x64x128 f32,
each reading one or two earlier values drawn at random with a fixed seed,
so that values have several readers; sums, products and matmuls go through
a tanh so that values stay in [-2, 2]; every value no op reads is summed
into the result). Tensors are small (8x128 or 1x128x128 f32) so that the
compiler's own work dominates.
"""
import random
import sys


def main():
    kind, n = sys.argv[1], int(sys.argv[2])
    t = "tensor<8x128xf32>"
    lines = []
    count = [0]

    def emit(text):
        count[0] += 1
        name = "%%v%d" % count[0]
        lines.append("  %s = %s" % (name, text))
        return name

    shift = None
    if kind in ("chain", "dag", "reduce", "fanout"):
        shift = emit('"tosa.const"() {values = dense<0> : tensor<1xi8>} : '
                     '() -> tensor<1xi8>')
    if kind == "chain":
        args = "%x: " + t
        v = "%x"
        for i in range(n):
            op = i % 4
            if op == 0:
                v = emit("tosa.add %s, %%x : (%s, %s) -> %s" % (v, t, t, t))
            elif op == 1:
                v = emit("tosa.mul %s, %%x, %s : (%s, %s, tensor<1xi8>) -> %s"
                         % (v, shift, t, t, t))
            elif op == 2:
                v = emit("tosa.tanh %s : (%s) -> %s" % (v, t, t))
            else:
                v = emit("tosa.sub %s, %%x : (%s, %s) -> %s" % (v, t, t, t))
        result, rtype = v, t
    elif kind == "dag":
        args = "%x: " + t
        leaves = []
        for i in range(max(1, n // 4)):
            a = emit("tosa.mul %%x, %%x, %s : (%s, %s, tensor<1xi8>) -> %s"
                     % (shift, t, t, t))
            b = emit("tosa.tanh %s : (%s) -> %s" % (a, t, t))
            leaves.append(emit("tosa.add %s, %%x : (%s, %s) -> %s"
                               % (b, t, t, t)))
        while len(leaves) > 1:
            nxt = [emit("tosa.add %s, %s : (%s, %s) -> %s"
                        % (leaves[i], leaves[i + 1], t, t, t))
                   for i in range(0, len(leaves) - 1, 2)]
            if len(leaves) % 2:
                nxt.append(leaves[-1])
            leaves = nxt
        result, rtype = leaves[0], t
    elif kind == "matmul":
        m = "tensor<1x128x128xf32>"
        args = "%%x: %s, %%w: %s" % (m, m)
        zp = emit('"tosa.const"() {values = dense<0.0> : tensor<1xf32>} : '
                  '() -> tensor<1xf32>')
        v = "%x"
        for i in range(max(1, n // 2)):
            v = emit("tosa.matmul %s, %%w, %s, %s : (%s, %s, tensor<1xf32>, "
                     "tensor<1xf32>) -> %s" % (v, zp, zp, m, m, m))
            v = emit("tosa.clamp %s {min_val = 0.0 : f32, max_val = 1.0 : f32}"
                     " : (%s) -> %s" % (v, m, m))
        result, rtype = v, m
    elif kind == "reduce":
        args = "%x: " + t
        v = "%x"
        for i in range(max(1, n // 2)):
            r = emit("tosa.reduce_max %s {axis = 1 : i32} : (%s) -> "
                     "tensor<8x1xf32>" % (v, t))
            v = emit("tosa.sub %s, %s : (%s, tensor<8x1xf32>) -> %s"
                     % (v, r, t, t))
        result, rtype = v, t
    elif kind == "fanout":
        t = "tensor<1x64x128xf32>"
        w = "tensor<1x128x128xf32>"
        args = "%%x: %s, %%y: %s, %%w: %s" % (t, t, w)
        zp = emit('"tosa.const"() {values = dense<0.0> : tensor<1xf32>} : '
                  '() -> tensor<1xf32>')
        rng = random.Random(21)
        values, read = ["%x", "%y"], set()

        def pick():
            # Recent values more often, so that chains form besides fan-out.
            v = values[max(0, len(values) - 1 - int(rng.expovariate(0.2)))]
            read.add(v)
            return v
        while count[0] < n:
            op = rng.choice(["add", "mul", "sub", "tanh", "max", "reduce",
                             "matmul"])
            if op == "tanh":
                v = emit("tosa.tanh %s : (%s) -> %s" % (pick(), t, t))
            elif op == "reduce":
                a = pick()
                r = emit("tosa.reduce_max %s {axis = 2 : i32} : (%s) -> "
                         "tensor<1x64x1xf32>" % (a, t))
                v = emit("tosa.sub %s, %s : (%s, tensor<1x64x1xf32>) -> %s"
                         % (a, r, t, t))
            elif op == "matmul":
                v = emit("tosa.matmul %s, %%w, %s, %s : (%s, %s, "
                         "tensor<1xf32>, tensor<1xf32>) -> %s"
                         % (pick(), zp, zp, t, w, t))
            elif op == "mul":
                v = emit("tosa.mul %s, %s, %s : (%s, %s, tensor<1xi8>) -> %s"
                         % (pick(), pick(), shift, t, t, t))
            else:
                name = {"add": "add", "sub": "sub", "max": "maximum"}[op]
                v = emit("tosa.%s %s, %s : (%s, %s) -> %s"
                         % (name, pick(), pick(), t, t, t))
            if op in ("add", "sub", "mul", "matmul"):
                v = emit("tosa.tanh %s : (%s) -> %s" % (v, t, t))
            values.append(v)
        unread = [v for v in values[2:] if v not in read]
        result = unread[0]
        for v in unread[1:]:
            result = emit("tosa.add %s, %s : (%s, %s) -> %s"
                          % (result, v, t, t, t))
        rtype = t
    else:
        sys.exit("unknown kind " + kind)
    print("func.func @main(%s) -> %s {" % (args, rtype))
    print("\n".join(lines))
    print("  return %s : %s" % (result, rtype))
    print("}")


if __name__ == "__main__":
    main()
