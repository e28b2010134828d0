"""Training steps as JAX exports them: StableHLO with donated state.

`jax.jit(train_step, donate_argnums=(0, 1)).lower(...).as_text()` of a step
that computes a loss, its gradients (`jax.value_and_grad`) and an optax Adam
update: parameters and optimizer state come in with `jax.buffer_donor =
true` and go out updated; every op carries JAX's name-stack location, with
the forward pass under `jvp(...)` and the backward pass under
`transpose(jvp(...))`, which is what the memory report groups by.
"""


def flt(value):
    """A float literal MLIR parses (not Python's `1e-08`)."""
    text = repr(float(value))
    return text if "e" not in text else "%e" % value


class StableHLO:
    """StableHLO ops with fresh SSA names, their types and locations."""

    def __init__(self, function):
        self.lines = []
        self.count = 0
        self.shapes = {}
        self.scopes = ["jit(%s)" % function, "jit(main)"]
        self.splats = {}

    @staticmethod
    def type(shape, elem="f32"):
        return "tensor<%s>" % "x".join([str(d) for d in shape] + [elem])

    def ty(self, value):
        return self.type(*self.shapes[value])

    def scope(self, name):
        emitter = self

        class Scope:
            def __enter__(self):
                emitter.scopes.append(name)

            def __exit__(self, *unused):
                emitter.scopes.pop()

        return Scope()

    def emit(self, text, shape, elem, name):
        value = "%%%d" % self.count
        self.count += 1
        self.lines.append('    %s = %s loc("%s")' % (
            value, text, "/".join(self.scopes + [name])))
        self.shapes[value] = (list(shape), elem)
        return value

    def arg(self, index, shape, elem="f32"):
        value = "%%arg%d" % index
        self.shapes[value] = (list(shape), elem)
        return value

    def splat(self, value, shape, elem="f32"):
        """A scalar constant broadcast to `shape`, as jnp's weak-typed
        Python scalars export."""
        scalar = self.emit("stablehlo.constant dense<%s> : %s" % (
            value, self.type([], elem)), [], elem, "constant")
        return self.broadcast(scalar, [], shape)

    def broadcast(self, x, dims, shape):
        elem = self.shapes[x][1]
        return self.emit(
            "stablehlo.broadcast_in_dim %s, dims = [%s] : (%s) -> %s" % (
                x, ", ".join(map(str, dims)), self.ty(x),
                self.type(shape, elem)), shape, elem, "broadcast_in_dim")

    def binary(self, op, x, y, name=None):
        shape, elem = self.shapes[x]
        return self.emit("stablehlo.%s %s, %s : %s" % (op, x, y, self.ty(x)),
                         shape, elem, name or op)

    def unary(self, op, x, name=None):
        shape, elem = self.shapes[x]
        return self.emit("stablehlo.%s %s : %s" % (op, x, self.ty(x)), shape,
                         elem, name or op)

    def scale(self, x, value, name="mul"):
        shape, elem = self.shapes[x]
        return self.binary("multiply", x, self.splat(value, shape, elem), name)

    def dot(self, x, y, lhs, rhs, batch=()):
        """dot_general contracting dimension `lhs` of x with `rhs` of y,
        with the leading `batch` dimensions of both as batch dimensions, in
        x's element type (accumulated in f32 by the MXU). The result is the
        batch dimensions, then x's free one, then y's."""
        (xs, elem), (ys, _) = self.shapes[x], self.shapes[y]
        batch = list(batch)
        shape = ([xs[d] for d in batch] +
                 [n for d, n in enumerate(xs) if d not in batch + [lhs]] +
                 [n for d, n in enumerate(ys) if d not in batch + [rhs]])
        dims = ", ".join(map(str, batch))
        batching = ("batching_dims = [%s] x [%s], " % (dims, dims)
                    if batch else "")
        return self.emit(
            "stablehlo.dot_general %s, %s, %scontracting_dims = [%d] x [%d], "
            "precision = [DEFAULT, DEFAULT] : (%s, %s) -> %s" % (
                x, y, batching, lhs, rhs, self.ty(x), self.ty(y),
                self.type(shape, elem)), shape, elem, "dot_general")

    def reshape(self, x, shape):
        elem = self.shapes[x][1]
        return self.emit("stablehlo.reshape %s : (%s) -> %s" % (
            x, self.ty(x), self.type(shape, elem)), shape, elem, "reshape")

    def transpose(self, x, perm):
        xs, elem = self.shapes[x]
        shape = [xs[d] for d in perm]
        return self.emit("stablehlo.transpose %s, dims = [%s] : (%s) -> %s" % (
            x, ", ".join(map(str, perm)), self.ty(x), self.type(shape, elem)),
            shape, elem, "transpose")

    def pmean(self, x, replicas):
        """jax.lax.pmean over `replicas` devices (pmap's axis): an
        all_reduce of the sum, then a division, as JAX exports it."""
        shape, elem = self.shapes[x]
        scalar = self.type([], elem)
        groups = "dense<[[%s]]> : tensor<1x%dxi64>" % (
            ", ".join(map(str, range(replicas))), replicas)
        total = self.emit(
            '"stablehlo.all_reduce"(%s) <{replica_groups = %s}> ({\n'
            "    ^bb0(%%a: %s, %%b: %s):\n"
            "      %%s = stablehlo.add %%a, %%b : %s\n"
            "      stablehlo.return %%s : %s\n"
            "    }) : (%s) -> %s" % (x, groups, scalar, scalar, scalar, scalar,
                                    self.ty(x), self.ty(x)),
            shape, elem, "psum")
        return self.binary("divide", total,
                           self.splat(flt(replicas), shape, elem), "div")

    def reduce(self, kind, x, dim, name):
        shape, elem = self.shapes[x]
        lowest = "0xFF80" if elem == "bf16" else "0xFF800000"
        init = self.emit("stablehlo.constant dense<%s> : %s" % (
            lowest if kind == "maximum" else "0.000000e+00",
            self.type([], elem)), [], elem, "constant")
        out = [d for i, d in enumerate(shape) if i != dim]
        return self.emit(
            "stablehlo.reduce(%s init: %s) applies stablehlo.%s across "
            "dimensions = [%d] : (%s, %s) -> %s" % (
                x, init, kind, dim, self.ty(x), self.type([], elem),
                self.type(out, elem)), out, elem, name)

    def compare(self, direction, x, y, kind="FLOAT"):
        shape, _ = self.shapes[x]
        return self.emit("stablehlo.compare  %s, %s, %s,  %s : (%s, %s) -> %s"
                         % (direction, x, y, kind, self.ty(x), self.ty(y),
                            self.type(shape, "i1")), shape, "i1",
                         direction.lower())

    def select(self, p, x, y):
        shape, elem = self.shapes[x]
        return self.emit("stablehlo.select %s, %s, %s : %s, %s" % (
            p, x, y, self.ty(p), self.ty(x)), shape, elem, "select_n")

    def take(self, table, ids):
        """`table[ids]` (jnp.take along axis 0, an embedding lookup) as
        JAX exports it: a gather of whole rows at the ids, each made an
        index vector of one component."""
        (ts, elem), (ids_shape, _) = self.shapes[table], self.shapes[ids]
        index = self.reshape(ids, ids_shape + [1])
        shape = ids_shape + ts[1:]
        offsets = ", ".join(map(str, range(len(ids_shape), len(shape))))
        return self.emit(
            '"stablehlo.gather"(%s, %s) <{dimension_numbers = '
            "#stablehlo.gather<offset_dims = [%s], collapsed_slice_dims = [0], "
            "start_index_map = [0], index_vector_dim = %d>, slice_sizes = "
            "array<i64: 1, %s>}> : (%s, %s) -> %s" % (
                table, index, offsets, len(ids_shape),
                ", ".join(map(str, ts[1:])), self.ty(table), self.ty(index),
                self.type(shape, elem)), shape, elem, "gather")

    def scatter_add_rows(self, base, ids, updates):
        """The transpose of take: each row of `updates` added into `base`
        at its id, repeated ids adding up (a scatter with an add body, as
        JAX's gather transpose exports it)."""
        (bs, elem), (ids_shape, _) = self.shapes[base], self.shapes[ids]
        index = self.reshape(ids, ids_shape + [1])
        scalar = self.type([], elem)
        windows = ", ".join(map(str, range(len(ids_shape),
                                           len(ids_shape) + len(bs) - 1)))
        return self.emit(
            '"stablehlo.scatter"(%s, %s, %s) <{scatter_dimension_numbers = '
            "#stablehlo.scatter<update_window_dims = [%s], inserted_window_dims"
            " = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = "
            "%d>}> ({\n"
            "    ^bb0(%%a: %s, %%b: %s):\n"
            "      %%s = stablehlo.add %%a, %%b : %s\n"
            "      stablehlo.return %%s : %s\n"
            "    }) : (%s, %s, %s) -> %s" % (
                base, index, updates, windows, len(ids_shape), scalar, scalar,
                scalar, scalar, self.ty(base), self.ty(index),
                self.ty(updates), self.ty(base)), bs, elem, "scatter-add")

    def convert(self, x, elem):
        shape, _ = self.shapes[x]
        return self.emit("stablehlo.convert %s : (%s) -> %s" % (
            x, self.ty(x), self.type(shape, elem)), shape, elem,
            "convert_element_type")


def adam(e, params, grads, mus, nus, count, lr=1e-3, b1=0.9, b2=0.999,
         eps=1e-8):
    """optax.adam: the moments' update and the bias-corrected step."""
    with e.scope("adam"):
        count1 = e.binary("add", count, e.emit(
            "stablehlo.constant dense<1> : tensor<i32>", [], "i32",
            "constant"))
        t = e.convert(count1, "f32")
        # 1 - beta^t, as optax's bias_correction computes it.
        corrections = [e.binary("subtract", e.emit(
            "stablehlo.constant dense<1.000000e+00> : tensor<f32>", [], "f32",
            "constant"), e.binary("power", e.emit(
                "stablehlo.constant dense<%s> : tensor<f32>" % flt(beta), [], "f32",
                "constant"), t, "pow")) for beta in (b1, b2)]
        new_params, new_mus, new_nus = [], [], []
        for p, g, mu, nu in zip(params, grads, mus, nus):
            shape = e.shapes[p][0]
            mu1 = e.binary("add", e.scale(mu, flt(b1)),
                           e.scale(g, flt(1 - b1)))
            nu1 = e.binary("add", e.scale(nu, flt(b2)),
                           e.scale(e.binary("multiply", g, g, "integer_pow"),
                                   flt(1 - b2)))
            mu_hat = e.binary("divide", mu1, e.broadcast(
                corrections[0], [], shape), "div")
            nu_hat = e.binary("divide", nu1, e.broadcast(
                corrections[1], [], shape), "div")
            step = e.binary("divide", mu_hat, e.binary(
                "add", e.unary("sqrt", nu_hat), e.splat(flt(eps), shape)),
                "div")
            new_params.append(e.binary("subtract", p, e.scale(step, flt(lr)),
                                       "sub"))
            new_mus.append(mu1)
            new_nus.append(nu1)
        return new_params, new_mus, new_nus, count1


def softmax_cross_entropy(e, logits, labels, classes):
    """optax.softmax_cross_entropy_with_integer_labels, averaged over the
    batch: the loss and its gradient with respect to the logits."""
    (batch, _), _ = e.shapes[logits]
    with e.scope("jvp(loss)"):
        top = e.reduce("maximum", logits, 1, "reduce_max")
        shifted = e.binary("subtract", logits, e.broadcast(top, [0], [batch,
                                                                     classes]))
        exp = e.unary("exponential", shifted, "exp")
        total = e.reduce("add", exp, 1, "reduce_sum")
        log_total = e.unary("log", total)
        iota = e.emit("stablehlo.iota dim = 1 : %s" % e.type(
            [batch, classes], "i32"), [batch, classes], "i32", "iota")
        hot = e.convert(e.compare("EQ", iota, e.broadcast(
            labels, [0], [batch, classes]), "SIGNED"), e.shapes[logits][1])
        picked = e.reduce("add", e.binary("multiply", shifted, hot), 1,
                          "reduce_sum")
        losses = e.binary("subtract", log_total, picked, "sub")
        loss = e.scale(e.reduce("add", losses, 0, "reduce_sum"),
                       flt(1.0 / batch), "div")
    with e.scope("transpose(jvp(loss))"):
        probs = e.binary("divide", exp, e.broadcast(total, [0], [batch,
                                                                 classes]),
                         "div")
        grad = e.scale(e.binary("subtract", probs, hot, "sub"),
                       flt(1.0 / batch))
    return loss, grad


def mlp_train(batch=128, widths=(784, 1024, 1024, 10), donate=1, replicas=1,
              master=0):
    """A training step of an MLP (relu hidden layers, softmax
    cross-entropy, Adam) with parameters and Adam state donated (unless
    `donate` is 0). A width may repeat: `--widths=128*101` is 101 of them.
    `replicas` > 1 makes it data parallel as jax.pmap does: `batch` is each
    device's, and the gradients and the loss are averaged over the devices
    (lax.pmean) before the update. `master` = 1 is the ZeRO paper's mixed
    precision: bf16 parameters, inputs, activations and gradients, and an
    f32 master copy of the parameters in the optimizer state, which Adam
    updates (K = 12 bytes of optimizer state per parameter)."""
    replicas = int(replicas)
    low = "bf16" if master else "f32"
    if isinstance(widths, str):
        widths = [int(part.split("*")[0])
                  for part in widths.split(",")
                  for _ in range(int(part.split("*")[1]) if "*" in part else 1)]
    layers = len(widths) - 1
    e = StableHLO("train_step")
    args, names = [], []

    def arg(name, shape, elem="f32"):
        args.append(e.arg(len(args), shape, elem))
        names.append(name)
        return args[-1]

    def tree(prefix, elem="f32"):
        values = []
        for i in range(layers):
            values.append(arg("%s['dense_%d']['kernel']" % (prefix, i),
                              [widths[i], widths[i + 1]], elem))
            values.append(arg("%s['dense_%d']['bias']" % (prefix, i),
                              [widths[i + 1]], elem))
        return values

    params = tree("params", low)
    masters = tree("opt_state.master") if master else []
    mus = tree("opt_state.mu")
    nus = tree("opt_state.nu")
    count = arg("opt_state.count", [], "i32")
    donated = len(args)
    x = arg("images", [batch, widths[0]], low)
    labels = arg("labels", [batch], "i32")

    # Forward, keeping what the backward pass reads: each layer's input
    # and its pre-activation (for relu's derivative).
    inputs, pre = [], []
    h = x
    with e.scope("jvp(mlp)"):
        for i in range(layers):
            with e.scope("dense_%d" % i):
                inputs.append(h)
                z = e.binary("add", e.dot(h, params[2 * i], 1, 0), e.broadcast(
                    params[2 * i + 1], [1], [batch, widths[i + 1]]))
            if i + 1 < layers:
                pre.append(z)
                h = e.binary("maximum", z, e.splat("0.000000e+00", [
                    batch, widths[i + 1]], low), "relu/max")
            else:
                h = z
    if master:
        h = e.convert(h, "f32")
    loss, grad = softmax_cross_entropy(e, h, labels, widths[-1])
    if master:
        grad = e.convert(grad, low)

    # Backward: the layers in reverse.
    grads = [None] * (2 * layers)
    with e.scope("transpose(jvp(mlp))"):
        for i in reversed(range(layers)):
            with e.scope("dense_%d" % i):
                grads[2 * i] = e.dot(inputs[i], grad, 0, 0)
                grads[2 * i + 1] = e.reduce("add", grad, 0, "reduce_sum")
                if i == 0:
                    break
                grad = e.dot(grad, params[2 * i], 1, 1)
            z = pre[i - 1]
            shape = e.shapes[z][0]
            grad = e.select(e.compare("GT", z, e.splat("0.000000e+00", shape,
                                                       low)),
                            grad, e.splat("0.000000e+00", shape, low))

    if replicas > 1:
        with e.scope("pmean"):
            grads = [e.pmean(g, replicas) for g in grads]
            loss = e.pmean(loss, replicas)
    if master:
        # Adam updates the f32 masters; the bf16 parameters are their copies.
        grads = [e.convert(g, "f32") for g in grads]
        new_masters, new_mus, new_nus, count1 = adam(e, masters, grads, mus,
                                                     nus, count)
        new_params = [e.convert(m, low) for m in new_masters]
        new_mus = new_masters + new_mus
    else:
        new_params, new_mus, new_nus, count1 = adam(e, params, grads, mus, nus,
                                                    count)
    results = new_params + new_mus + new_nus + [count1, loss]
    result_names = (["[0]" + n[len("params"):] for n in names[:2 * layers]] +
                     ["[1]" + n[len("opt_state"):] for n in
                      names[2 * layers:donated]] + ["[2]"])

    sig = []
    for i, (value, name) in enumerate(zip(args, names)):
        attrs = "jax.buffer_donor = true, " if donate and i < donated else ""
        sig.append('%s: %s {%smhlo.layout_mode = "default"} loc("%s")' % (
            value, e.ty(value), attrs, name))
    outs = ['%s {jax.result_info = "%s", mhlo.layout_mode = "default"}' % (
        e.ty(r), n) for r, n in zip(results, result_names)]
    parallel = ("" if replicas == 1 else
                " on each of %d devices, gradients averaged (jax.pmap,\n// "
                "lax.pmean)" % replicas)
    header = """// A training step of a %s MLP (relu, softmax cross-entropy, Adam)
// at batch %d%s, as JAX exports jax.jit(train_step, donate_argnums=(0, 1)):
// parameters and Adam's moments and count donated, the forward pass under
// jvp(mlp), the backward pass under transpose(jvp(mlp)). Generated by
// docs/examples/generate.py.
""" % ("-".join(map(str, widths)), batch, parallel)
    return (header +
            "module @jit_train_step attributes {mhlo.num_partitions = 1 : "
            "i32, mhlo.num_replicas = %d : i32} {\n" % replicas +
            "  func.func public @main(%s) -> (%s) {\n%s\n"
            "    return %s : %s\n  }\n}\n" % (
                ", ".join(sig), ", ".join(outs), "\n".join(e.lines),
                ", ".join(results), ", ".join(e.ty(r) for r in results)))
