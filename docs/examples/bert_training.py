"""A BERT training step as JAX exports it: StableHLO with donated state.

`jax.jit(train_step, donate_argnums=(0, 1))` of a classifier on BERT
encoder blocks (post-LN: multi-head self-attention with softmax, residual
and LayerNorm, then an MLP with GELU, residual and LayerNorm), mean-pooled
into a dense layer with softmax cross-entropy, the backward pass written
out as `jax.grad` derives it, and optax's Adam. The forward pass is under
`jvp(bert)`, the backward under `transpose(jvp(bert))`, as JAX's name stack
puts them, which is what the memory report groups by.
"""
import math

from training import StableHLO, adam, flt, softmax_cross_entropy

# jax.nn.gelu's default (approximate=True): x/2 (1 + tanh(c (x + a x^3))).
GELU_C = math.sqrt(2.0 / math.pi)
GELU_A = 0.044715


class Bert:
    """The forward and backward pass of BERT encoder blocks on an emitter
    `e`; values are 2-D (tokens x features) except inside attention."""

    def __init__(self, e, batch, seq, width, heads):
        self.e, self.batch, self.seq = e, batch, seq
        self.width, self.heads = width, heads
        self.head_dim = width // heads
        self.tokens = batch * seq

    def const(self, x, value):
        shape, elem = self.e.shapes[x]
        return self.e.splat(flt(value), shape, elem)

    def rows(self, x, vector):
        """`vector` (one value per row of x) broadcast along x's last
        dimension."""
        shape = self.e.shapes[x][0]
        return self.e.broadcast(vector, list(range(len(shape) - 1)), shape)

    def cols(self, x, vector):
        """`vector` (one value per feature) broadcast along x's rows."""
        shape = self.e.shapes[x][0]
        return self.e.broadcast(vector, [len(shape) - 1], shape)

    def dense(self, h, kernel, bias):
        e = self.e
        z = e.dot(h, kernel, 1, 0)
        return e.binary("add", z, self.cols(z, bias))

    def dense_grad(self, h, kernel, dz, grads):
        """Appends dkernel and dbias; returns dh."""
        e = self.e
        grads.append(e.dot(h, dz, 0, 0))
        grads.append(e.reduce("add", dz, 0, "reduce_sum"))
        return e.dot(dz, kernel, 1, 1)

    def heads_of(self, x):
        """[tokens, width] -> [batch, heads, seq, head_dim]."""
        e = self.e
        return e.transpose(e.reshape(x, [self.batch, self.seq, self.heads,
                                         self.head_dim]), [0, 2, 1, 3])

    def tokens_of(self, x):
        """[batch, heads, seq, head_dim] -> [tokens, width]."""
        e = self.e
        return e.reshape(e.transpose(x, [0, 2, 1, 3]),
                         [self.tokens, self.width])

    def mean(self, x, dim):
        e = self.e
        return e.scale(e.reduce("add", x, dim, "reduce_sum"),
                       flt(1.0 / e.shapes[x][0][dim]), "div")

    def layer_norm(self, x, scale, bias, eps=1e-12):
        e = self.e
        centered = e.binary("subtract", x, self.rows(x, self.mean(x, 1)),
                            "sub")
        var = self.mean(e.binary("multiply", centered, centered), 1)
        rstd = e.unary("rsqrt", e.binary("add", var, self.const(var, eps)))
        xhat = e.binary("multiply", centered, self.rows(x, rstd))
        y = e.binary("add", e.binary("multiply", xhat, self.cols(x, scale)),
                     self.cols(x, bias))
        return y, (xhat, rstd)

    def layer_norm_grad(self, dy, saved, scale, grads):
        """Appends dscale and dbias; returns dx =
        rstd (dxhat - mean(dxhat) - xhat mean(dxhat xhat))."""
        e = self.e
        xhat, rstd = saved
        grads.append(e.reduce("add", e.binary("multiply", dy, xhat), 0,
                              "reduce_sum"))
        grads.append(e.reduce("add", dy, 0, "reduce_sum"))
        dxhat = e.binary("multiply", dy, self.cols(dy, scale))
        m1 = self.mean(dxhat, 1)
        m2 = self.mean(e.binary("multiply", dxhat, xhat), 1)
        inner = e.binary("subtract", e.binary(
            "subtract", dxhat, self.rows(dy, m1), "sub"), e.binary(
                "multiply", xhat, self.rows(dy, m2)), "sub")
        return e.binary("multiply", inner, self.rows(dy, rstd))

    def attention(self, h, p):
        """Self-attention of h [tokens, width]; p is (wq, bq, wk, bk, wv,
        bv, wo, bo). Returns the output and what the backward pass reads."""
        e = self.e
        qkv = []
        for name, i in (("query", 0), ("key", 2), ("value", 4)):
            with e.scope(name):
                qkv.append(self.heads_of(self.dense(h, p[i], p[i + 1])))
        q, k, v = qkv
        with e.scope("softmax"):
            s = e.scale(e.dot(q, k, 3, 3, batch=(0, 1)),
                        flt(1.0 / math.sqrt(self.head_dim)))
            top = e.reduce("maximum", s, 3, "reduce_max")
            ex = e.unary("exponential", e.binary(
                "subtract", s, self.rows(s, top), "sub"), "exp")
            probs = e.binary("divide", ex, self.rows(
                ex, e.reduce("add", ex, 3, "reduce_sum")), "div")
        with e.scope("output"):
            o = self.tokens_of(e.dot(probs, v, 3, 2, batch=(0, 1)))
            a = self.dense(o, p[6], p[7])
        return a, (h, q, k, v, probs, o)

    def attention_grad(self, da, saved, p, grads):
        """Appends the gradients of p in order; returns dh."""
        e = self.e
        h, q, k, v, probs, o = saved
        out = []
        with e.scope("output"):
            do = self.heads_of(self.dense_grad(o, p[6], da, out))
            dprobs = e.dot(do, v, 3, 3, batch=(0, 1))
            dv = e.dot(probs, do, 2, 2, batch=(0, 1))
        with e.scope("softmax"):
            weighted = e.reduce("add", e.binary("multiply", dprobs, probs), 3,
                                "reduce_sum")
            ds = e.scale(e.binary("multiply", probs, e.binary(
                "subtract", dprobs, self.rows(dprobs, weighted), "sub")),
                flt(1.0 / math.sqrt(self.head_dim)))
            dq = e.dot(ds, k, 3, 2, batch=(0, 1))
            dk = e.dot(ds, q, 2, 2, batch=(0, 1))
        dh = None
        for name, i, d in (("query", 0, dq), ("key", 2, dk), ("value", 4, dv)):
            with e.scope(name):
                part = self.dense_grad(h, p[i], self.tokens_of(d), out)
                dh = part if dh is None else e.binary("add", dh, part)
        grads.extend(out[2:] + out[:2])
        return dh

    def gelu(self, u):
        e = self.e
        cube = e.binary("multiply", e.binary("multiply", u, u), u,
                        "integer_pow")
        t = e.unary("tanh", e.scale(e.binary("add", u, e.scale(
            cube, flt(GELU_A))), flt(GELU_C)))
        g = e.binary("multiply", e.scale(u, flt(0.5)), e.binary(
            "add", t, self.const(t, 1.0)))
        return g, t

    def gelu_grad(self, dg, u, t):
        """d gelu/du = (1 + t)/2 + u/2 (1 - t^2) c (1 + 3a u^2)."""
        e = self.e
        slope = e.binary("multiply", e.binary(
            "multiply", e.scale(u, flt(0.5 * GELU_C)), e.binary(
                "subtract", self.const(t, 1.0), e.binary("multiply", t, t),
                "sub")), e.binary("add", self.const(u, 1.0), e.scale(
                    e.binary("multiply", u, u), flt(3 * GELU_A))))
        local = e.binary("add", e.scale(e.binary(
            "add", t, self.const(t, 1.0)), flt(0.5)), slope)
        return e.binary("multiply", dg, local)

    def layer(self, h, p):
        """One encoder block; p holds its 16 parameters in order."""
        e = self.e
        with e.scope("attention"):
            a, att = self.attention(h, p[0:8])
            with e.scope("layer_norm"):
                y1, ln1 = self.layer_norm(e.binary("add", h, a), p[8], p[9])
        with e.scope("mlp"):
            with e.scope("intermediate"):
                u = self.dense(y1, p[10], p[11])
                g, t = self.gelu(u)
            with e.scope("output"):
                f = self.dense(g, p[12], p[13])
            with e.scope("layer_norm"):
                y2, ln2 = self.layer_norm(e.binary("add", y1, f), p[14],
                                          p[15])
        return y2, (att, ln1, y1, u, t, g, ln2)

    def layer_grad(self, dy2, saved, p):
        """The gradients of the block's 16 parameters (in order) and of its
        input."""
        e = self.e
        att, ln1, y1, u, t, g, ln2 = saved
        ln2_grads, out_grads, mid_grads, ln1_grads, att_grads = ([], [], [],
                                                                [], [])
        with e.scope("mlp"):
            with e.scope("layer_norm"):
                dr2 = self.layer_norm_grad(dy2, ln2, p[14], ln2_grads)
            with e.scope("output"):
                dg = self.dense_grad(g, p[12], dr2, out_grads)
            with e.scope("intermediate"):
                du = self.gelu_grad(dg, u, t)
                dy1 = e.binary("add", dr2, self.dense_grad(y1, p[10], du,
                                                           mid_grads))
        with e.scope("attention"):
            with e.scope("layer_norm"):
                dr1 = self.layer_norm_grad(dy1, ln1, p[8], ln1_grads)
            dh = e.binary("add", dr1, self.attention_grad(dr1, att, p[0:8],
                                                          att_grads))
        return (att_grads + ln1_grads + mid_grads + out_grads + ln2_grads,
                dh)


PARAMS = [("attention']['query", "kernel", "bias"),
          ("attention']['key", "kernel", "bias"),
          ("attention']['value", "kernel", "bias"),
          ("attention']['output", "kernel", "bias"),
          ("attention']['layer_norm", "scale", "bias"),
          ("mlp']['intermediate", "kernel", "bias"),
          ("mlp']['output", "kernel", "bias"),
          ("mlp']['layer_norm", "scale", "bias")]


def bert_train(batch=8, seq=128, width=256, heads=4, layers=2, classes=2,
               mlp_ratio=4, donate=1, grads=0, vocab=0):
    """A training step of a BERT classifier: `layers` encoder blocks on
    input embeddings [batch, seq, width], mean-pooled, a dense layer to
    `classes` logits, softmax cross-entropy, Adam, with parameters and Adam
    state donated (unless `donate` is 0). `grads` = 1 writes
    `jax.value_and_grad` of the loss instead (the loss, then every
    parameter's gradient; no optimizer), which is how the backward pass is
    checked against finite differences. `vocab` > 0 takes token ids
    [batch, seq] instead of embeddings, looked up in a trained embedding
    table of `vocab` rows (a gather of batch x seq rows; its gradient a
    scatter-add of as many)."""
    e = StableHLO("train_step")
    model = Bert(e, batch, seq, width, heads)
    ffn = width * mlp_ratio
    args, names = [], []

    def arg(name, shape, elem="f32"):
        args.append(e.arg(len(args), shape, elem))
        names.append(name)
        return args[-1]

    def tree(prefix):
        values = []
        if vocab:
            values.append(arg("%s['embed']['embedding']" % prefix,
                              [vocab, width]))
        for i in range(layers):
            shapes = [[width, width], [width]] * 4 + [[width], [width]] + [
                [width, ffn], [ffn], [ffn, width], [width], [width], [width]]
            for j, shape in enumerate(shapes):
                path, *leaves = PARAMS[j // 2]
                values.append(arg("%s['layer_%d']['%s']['%s']" % (
                    prefix, i, path, leaves[j % 2]), shape))
        values.append(arg("%s['classifier']['kernel']" % prefix,
                          [width, classes]))
        values.append(arg("%s['classifier']['bias']" % prefix, [classes]))
        return values

    params = tree("params")
    if not grads:
        mus = tree("opt_state.mu")
        nus = tree("opt_state.nu")
        count = arg("opt_state.count", [], "i32")
    donated = len(args)
    first = 1 if vocab else 0  # params[first + 16 i ...]: layer i's
    if vocab:
        ids = arg("token_ids", [batch, seq], "i32")
    else:
        x = arg("embeddings", [batch, seq, width])
    labels = arg("labels", [batch], "i32")

    def block(i):
        return params[first + 16 * i:first + 16 * i + 16]

    saved = []
    with e.scope("jvp(bert)"):
        if vocab:
            with e.scope("embed"):
                x = e.take(params[0], ids)
        h = e.reshape(x, [model.tokens, width])
        for i in range(layers):
            with e.scope("layer_%d" % i):
                h, kept = model.layer(h, block(i))
                saved.append(kept)
        with e.scope("pooler"):
            pooled = model.mean(e.reshape(h, [batch, seq, width]), 1)
        with e.scope("classifier"):
            logits = model.dense(pooled, params[-2], params[-1])
    loss, dlogits = softmax_cross_entropy(e, logits, labels, classes)

    gradients = []
    with e.scope("transpose(jvp(bert))"):
        with e.scope("classifier"):
            head = []
            dpooled = model.dense_grad(pooled, params[-2], dlogits, head)
        with e.scope("pooler"):
            dh = e.reshape(e.broadcast(e.scale(dpooled, flt(1.0 / seq)),
                                       [0, 2], [batch, seq, width]),
                           [model.tokens, width])
        for i in reversed(range(layers)):
            with e.scope("layer_%d" % i):
                layer_grads, dh = model.layer_grad(dh, saved[i], block(i))
            gradients = layer_grads + gradients
        gradients += head
        if vocab:
            with e.scope("embed"):
                zero = e.splat("0.000000e+00", [vocab, width])
                gradients.insert(0, e.scatter_add_rows(
                    zero, ids, e.reshape(dh, [batch, seq, width])))

    if grads:
        results = [loss] + gradients
        result_names = ["[0]"] + ["[1]" + n[len("params"):] for n in names[
            :len(params)]]
    else:
        new_params, new_mus, new_nus, count1 = adam(e, params, gradients, mus,
                                                    nus, count)
        results = new_params + new_mus + new_nus + [count1, loss]
        result_names = (["[0]" + n[len("params"):] for n in names[
            :len(params)]] + ["[1]" + n[len("opt_state"):] for n in names[
                len(params):donated]] + ["[2]"])

    sig = []
    for i, (value, name) in enumerate(zip(args, names)):
        attrs = ("jax.buffer_donor = true, " if donate and not grads and
                 i < donated else "")
        sig.append('%s: %s {%smhlo.layout_mode = "default"} loc("%s")' % (
            value, e.ty(value), attrs, name))
    outs = ['%s {jax.result_info = "%s", mhlo.layout_mode = "default"}' % (
        e.ty(r), n) for r, n in zip(results, result_names)]
    what = ("jax.jit(jax.value_and_grad(loss))" if grads else
            "jax.jit(train_step, donate_argnums=(0, 1)): parameters and "
            "Adam's\n// moments and count donated")
    inputs = ("token ids looked up in a %d-row embedding table (a gather;\n"
              "// its gradient a scatter-add)" % vocab if vocab else
              "input embeddings")
    header = """// A training step of a BERT classifier on %s: %d encoder block(s) (post-LN,
// %d heads, width %d, MLP %d, GELU), mean pooling, %d classes, softmax
// cross-entropy, Adam; batch %d, sequence %d, f32. As JAX exports
// %s; the forward pass under
// jvp(bert), the backward pass under transpose(jvp(bert)). Generated by
// docs/examples/generate.py.
""" % (inputs, layers, heads, width, ffn, classes, batch, seq, what)
    return (header +
            "module @jit_train_step attributes {mhlo.num_partitions = 1 : "
            "i32, mhlo.num_replicas = 1 : i32} {\n"
            "  func.func public @main(%s) -> (%s) {\n%s\n"
            "    return %s : %s\n  }\n}\n" % (
                ", ".join(sig), ", ".join(outs), "\n".join(e.lines),
                ", ".join(results), ", ".join(e.ty(r) for r in results)))
