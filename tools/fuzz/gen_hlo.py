"""Random valid hlo programs from a seed, for the differential tester.

    python3 tools/fuzz/gen_hlo.py SEED [--ops N]    # prints one program

A program is one `func.func @main` DAG: arguments of awkward shapes (sizes
1, 2, 3, 5, 8, 10, 37, 130, ...; ranks 0 to 4) and element types (f32, bf16,
i32, i8, i1), then N ops drawn from every op of the dialect that takes
tensors (elementwise, compare, select, convert, broadcasts of scalars, rows
and columns, reshape, transpose, reverse, strided slices, pads with negative
and interior edges, concatenates, reductions over one or several
dimensions, argmax/argmin, batched and matrix-vector dot_generals, iota,
constants), each reading earlier values at random, so values fan out to
several users; it returns up to four values. The same seed always gives the
same program.
"""
import argparse
import random

SIZES = [1, 2, 3, 5, 8, 10, 16, 37, 128, 130]
TYPES = ["f32", "f32", "f32", "bf16", "i32", "i32", "i8", "i1"]
FLOAT_UNARY = ["abs", "negate", "exponential", "log", "tanh", "logistic",
               "sqrt", "rsqrt", "floor", "ceil", "round_nearest_even", "sine",
               "cosine", "erf"]
INT_UNARY = ["abs", "negate", "not"]
NUMERIC_BINARY = ["add", "subtract", "multiply", "divide", "maximum",
                  "minimum"]
INT_BINARY = ["and", "or", "xor", "shift_left", "shift_right_logical",
              "shift_right_arithmetic"]
BOOL_BINARY = ["add", "multiply", "maximum", "minimum", "and", "or", "xor"]
DIRECTIONS = ["EQ", "NE", "LT", "LE", "GT", "GE"]
MAX_ELEMENTS = 1 << 16


def type_str(shape, dtype):
    return "tensor<%s>" % "x".join([str(d) for d in shape] + [dtype])


def count(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def is_float(dtype):
    return dtype in ("f32", "bf16")


class Value:
    def __init__(self, name, shape, dtype):
        self.name, self.shape, self.dtype = name, tuple(shape), dtype

    @property
    def type(self):
        return type_str(self.shape, self.dtype)


class Generator:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.args = []
        self.values = []
        self.lines = []
        self.uses = {}
        # Values of a region are named apart from the function's: SSA names
        # visible from above cannot be redefined.
        self.prefix = "%v"

    # -- helpers ----------------------------------------------------------
    def fresh(self, shape, dtype, text):
        v = Value("%s%d" % (self.prefix, len(self.lines)), shape, dtype)
        self.lines.append("  %s = %s" % (v.name, text))
        self.values.append(v)
        return v

    def arg(self, shape, dtype):
        v = Value("%%arg%d" % len(self.args), shape, dtype)
        self.args.append(v)
        self.values.append(v)
        return v

    def random_shape(self, rank=None):
        rank = self.rng.choice([0, 1, 1, 2, 2, 2, 3, 3, 4]) if rank is None else rank
        while True:
            shape = [self.rng.choice(SIZES) for _ in range(rank)]
            if count(shape) <= MAX_ELEMENTS:
                return shape

    def pick(self, pred=lambda v: True):
        """An earlier value, favouring recent ones (depth) but reaching back
        (fan-out)."""
        candidates = [v for v in self.values if pred(v)]
        if not candidates:
            return None
        if self.rng.random() < 0.6:
            candidates = candidates[-6:]
        v = self.rng.choice(candidates)
        self.uses[v.name] = self.uses.get(v.name, 0) + 1
        return v

    def scalar(self, dtype):
        if self.rng.random() < 0.5:
            return self.arg([], dtype)
        return self.constant([], dtype)

    def literal(self, dtype):
        if dtype == "i1":
            return self.rng.choice(["true", "false"])
        if is_float(dtype):
            return repr(self.rng.choice([0.0, 1.0, -1.0, 0.5, -2.25, 3.0]))
        return str(self.rng.randint(-5, 5))

    def constant(self, shape, dtype):
        """A splat, or a written-out vector of up to 8 elements."""
        if len(shape) == 1 and shape[0] <= 8 and self.rng.random() < 0.5:
            body = "[%s]" % ", ".join(self.literal(dtype) for _ in range(shape[0]))
        else:
            body = self.literal(dtype)
        return self.fresh(shape, dtype, "hlo.constant dense<%s> : %s"
                          % (body, type_str(shape, dtype)))

    def like(self, v, dtype=None):
        """Another value of v's shape (and dtype): an earlier one, or a new
        argument, or a broadcast scalar."""
        dtype = dtype or v.dtype
        other = self.pick(lambda w: w.shape == v.shape and w.dtype == dtype)
        if other is not None and self.rng.random() < 0.7:
            return other
        if self.rng.random() < 0.3 and v.shape:
            s = self.scalar(dtype)
            return self.fresh(v.shape, dtype,
                              "hlo.broadcast_in_dim %s, dims = [] : (%s) -> %s"
                              % (s.name, s.type, type_str(v.shape, dtype)))
        return self.arg(v.shape, dtype)

    # -- ops ---------------------------------------------------------------
    def op_unary(self):
        v = self.pick()
        if is_float(v.dtype):
            name = self.rng.choice(FLOAT_UNARY)
        elif v.dtype == "i1":
            name = "not"
        else:
            name = self.rng.choice(INT_UNARY)
        return self.fresh(v.shape, v.dtype, "hlo.%s %s : %s" % (name, v.name, v.type))

    def op_binary(self):
        v = self.pick()
        if v.dtype == "i1":
            name = self.rng.choice(BOOL_BINARY)
        elif is_float(v.dtype):
            name = self.rng.choice(NUMERIC_BINARY)
        else:
            name = self.rng.choice(NUMERIC_BINARY + INT_BINARY)
        w = self.like(v)
        a, b = (v, w) if self.rng.random() < 0.5 else (w, v)
        return self.fresh(v.shape, v.dtype, "hlo.%s %s, %s : %s"
                          % (name, a.name, b.name, v.type))

    def op_compare(self):
        v = self.pick()
        w = self.like(v)
        return self.fresh(v.shape, "i1", "hlo.compare %s, %s, %s : (%s, %s) -> %s"
                          % (self.rng.choice(DIRECTIONS), v.name, w.name, v.type,
                             w.type, type_str(v.shape, "i1")))

    def op_select(self):
        v = self.pick()
        p = self.pick(lambda w: w.shape == v.shape and w.dtype == "i1")
        if p is None:
            p = self.op_compare_on(v)
        w = self.like(v)
        return self.fresh(v.shape, v.dtype, "hlo.select %s, %s, %s : %s, %s"
                          % (p.name, v.name, w.name, p.type, v.type))

    def op_compare_on(self, v):
        w = self.like(v)
        return self.fresh(v.shape, "i1", "hlo.compare %s, %s, %s : (%s, %s) -> %s"
                          % (self.rng.choice(DIRECTIONS), v.name, w.name, v.type,
                             w.type, type_str(v.shape, "i1")))

    def op_convert(self):
        v = self.pick()
        to = self.rng.choice([t for t in sorted(set(TYPES)) if t != v.dtype])
        return self.fresh(v.shape, to, "hlo.convert %s : (%s) -> %s"
                          % (v.name, v.type, type_str(v.shape, to)))

    def op_broadcast(self):
        v = self.pick(lambda v: len(v.shape) < 4)
        if v is None:
            return None
        rank = self.rng.randint(len(v.shape) + (0 if 1 in v.shape else 1), 4)
        dims = sorted(self.rng.sample(range(rank), len(v.shape)))
        shape = [self.rng.choice(SIZES) for _ in range(rank)]
        for i, d in enumerate(dims):
            if v.shape[i] != 1 or self.rng.random() < 0.5:
                shape[d] = v.shape[i]
        if count(shape) > MAX_ELEMENTS:
            return None
        return self.fresh(shape, v.dtype,
                          "hlo.broadcast_in_dim %s, dims = [%s] : (%s) -> %s"
                          % (v.name, ", ".join(map(str, dims)), v.type,
                             type_str(shape, v.dtype)))

    def op_reshape(self):
        v = self.pick()
        n = count(v.shape)
        factors = [d for d in range(1, n + 1) if n % d == 0]
        shape, rest = [], n
        for _ in range(self.rng.randint(0, 3)):
            f = self.rng.choice([d for d in factors if rest % d == 0])
            shape.append(f)
            rest //= f
        if rest != 1 or not shape:
            shape.append(rest)
        if self.rng.random() < 0.3:
            shape.insert(self.rng.randint(0, len(shape)), 1)
        return self.fresh(shape, v.dtype, "hlo.reshape %s : (%s) -> %s"
                          % (v.name, v.type, type_str(shape, v.dtype)))

    def op_transpose(self):
        v = self.pick(lambda v: len(v.shape) >= 2)
        if v is None:
            return None
        perm = list(range(len(v.shape)))
        self.rng.shuffle(perm)
        shape = [v.shape[p] for p in perm]
        return self.fresh(shape, v.dtype, "hlo.transpose %s, dims = [%s] : (%s) -> %s"
                          % (v.name, ", ".join(map(str, perm)), v.type,
                             type_str(shape, v.dtype)))

    def op_reverse(self):
        v = self.pick(lambda v: len(v.shape) >= 1)
        if v is None:
            return None
        dims = sorted(self.rng.sample(range(len(v.shape)),
                                      self.rng.randint(1, len(v.shape))))
        return self.fresh(v.shape, v.dtype, "hlo.reverse %s, dims = [%s] : %s"
                          % (v.name, ", ".join(map(str, dims)), v.type))

    def op_slice(self):
        v = self.pick(lambda v: len(v.shape) >= 1)
        if v is None:
            return None
        parts, shape = [], []
        for size in v.shape:
            start = self.rng.randint(0, size - 1)
            limit = self.rng.randint(start + 1, size)
            stride = self.rng.choice([1, 1, 2, 3])
            parts.append("%d:%d" % (start, limit) if stride == 1
                         else "%d:%d:%d" % (start, limit, stride))
            shape.append((limit - start + stride - 1) // stride)
        return self.fresh(shape, v.dtype, "hlo.slice %s [%s] : (%s) -> %s"
                          % (v.name, ", ".join(parts), v.type,
                             type_str(shape, v.dtype)))

    def op_pad(self):
        v = self.pick(lambda v: len(v.shape) >= 1)
        if v is None:
            return None
        low, high, interior, shape = [], [], [], []
        for size in v.shape:
            i = self.rng.choice([0, 0, 0, 1, 2])
            full = size + max(size - 1, 0) * i
            lo = self.rng.randint(-min(2, full - 1), 3)
            hi = self.rng.randint(-min(2, full - 1 + min(lo, 0)), 3)
            low.append(lo)
            high.append(hi)
            interior.append(i)
            shape.append(full + lo + hi)
        if count(shape) > MAX_ELEMENTS or min(shape) < 1:
            return None
        pv = self.scalar(v.dtype)
        j = lambda xs: ", ".join(map(str, xs))
        return self.fresh(shape, v.dtype,
                          "hlo.pad %s, %s, low = [%s], high = [%s], interior = [%s]"
                          " : (%s, %s) -> %s" % (v.name, pv.name, j(low), j(high),
                                                 j(interior), v.type, pv.type,
                                                 type_str(shape, v.dtype)))

    def op_concatenate(self):
        v = self.pick(lambda v: len(v.shape) >= 1)
        if v is None:
            return None
        dim = self.rng.randrange(len(v.shape))
        parts = [v]
        for _ in range(self.rng.randint(1, 2)):
            w = self.pick(lambda w: w.dtype == v.dtype and len(w.shape) == len(v.shape)
                          and all(a == b for k, (a, b) in enumerate(zip(w.shape, v.shape))
                                  if k != dim))
            parts.append(w if w is not None and self.rng.random() < 0.7 else v)
        shape = list(v.shape)
        shape[dim] = sum(p.shape[dim] for p in parts)
        if count(shape) > MAX_ELEMENTS:
            return None
        return self.fresh(shape, v.dtype, "hlo.concatenate %s, dim = %d : (%s) -> %s"
                          % (", ".join(p.name for p in parts), dim,
                             ", ".join(p.type for p in parts),
                             type_str(shape, v.dtype)))

    def op_reduce(self):
        v = self.pick(lambda v: len(v.shape) >= 1)
        if v is None:
            return None
        dims = sorted(self.rng.sample(range(len(v.shape)),
                                      self.rng.randint(1, len(v.shape))))
        kind = self.rng.choice(["sum", "sum", "max", "min", "product"])
        # A long float product overflows f32 in some orders and not in the
        # evaluator's double one: both are right, so the tester avoids it.
        if kind == "product" and count([v.shape[d] for d in dims]) > 8:
            kind = "sum"
        shape = [s for k, s in enumerate(v.shape) if k not in dims]
        return self.fresh(shape, v.dtype, "hlo.reduce %s %s, dims = [%s] : (%s) -> %s"
                          % (kind, v.name, ", ".join(map(str, dims)), v.type,
                             type_str(shape, v.dtype)))

    def op_argreduce(self):
        v = self.pick(lambda v: len(v.shape) >= 1 and v.dtype != "i1")
        if v is None:
            return None
        dim = self.rng.randrange(len(v.shape))
        shape = [s for k, s in enumerate(v.shape) if k != dim]
        return self.fresh(shape, "i32", "hlo.%s %s, dim = %d : (%s) -> %s"
                          % (self.rng.choice(["argmax", "argmin"]), v.name, dim,
                             v.type, type_str(shape, "i32")))

    def op_reduce_pad(self):
        """A reduction (or argmax/argmin) whose result is padded, mostly on
        the high side and with a non-zero value: the shape that found the
        reduction kernel leaving its pad's elements unwritten."""
        if self.rng.random() < 0.3:
            r = self.op_argreduce()
        else:
            r = self.op_reduce()
        if r is None or not r.shape:
            return None
        low = [self.rng.choice([0, 0, 1]) for _ in r.shape]
        high = [self.rng.randint(1, 6) for _ in r.shape]
        shape = [s + lo + hi for s, lo, hi in zip(r.shape, low, high)]
        if count(shape) > MAX_ELEMENTS:
            return None
        value = "1" if r.dtype == "i1" else self.literal(r.dtype)
        if value in ("0", "0.0"):
            value = "3" if not is_float(r.dtype) else "-3.0"
        pv = self.fresh([], r.dtype, "hlo.constant dense<%s> : %s"
                        % (value, type_str([], r.dtype)))
        j = lambda xs: ", ".join(map(str, xs))  # noqa: E731
        return self.fresh(shape, r.dtype,
                          "hlo.pad %s, %s, low = [%s], high = [%s], interior = "
                          "[%s] : (%s, %s) -> %s"
                          % (r.name, pv.name, j(low), j(high),
                             j([0] * len(shape)), r.type, pv.type,
                             type_str(shape, r.dtype)))

    def op_dot(self):
        lhs = self.pick(lambda v: 1 <= len(v.shape) <= 3 and v.dtype != "i1")
        if lhs is None:
            return None
        dims = list(range(len(lhs.shape)))
        self.rng.shuffle(dims)
        n_contract = self.rng.randint(1, len(dims))
        contract = dims[:n_contract]
        rest = dims[n_contract:]
        n_batch = self.rng.randint(0, len(rest))
        batch, lfree = rest[:n_batch], sorted(rest[n_batch:])
        rfree_sizes = [self.rng.choice(SIZES) for _ in range(self.rng.randint(0, 1))]
        # rhs dimensions: batch, contracting and free ones in a random order.
        roles = ([("b", i) for i in range(len(batch))]
                 + [("c", i) for i in range(len(contract))]
                 + [("f", i) for i in range(len(rfree_sizes))])
        self.rng.shuffle(roles)
        rshape, rbatch, rcontract = [], [None] * len(batch), [None] * len(contract)
        for pos, (role, i) in enumerate(roles):
            if role == "b":
                rshape.append(lhs.shape[batch[i]])
                rbatch[i] = pos
            elif role == "c":
                rshape.append(lhs.shape[contract[i]])
                rcontract[i] = pos
            else:
                rshape.append(rfree_sizes[i])
        rfree_positions = [p for p, (role, _) in enumerate(roles) if role == "f"]
        if count(rshape) > MAX_ELEMENTS:
            return None
        rhs = self.pick(lambda v: v.shape == tuple(rshape) and v.dtype == lhs.dtype)
        if rhs is None:
            rhs = self.arg(rshape, lhs.dtype)
        shape = ([lhs.shape[d] for d in batch] + [lhs.shape[d] for d in lfree]
                 + [rshape[p] for p in rfree_positions])
        if count(shape) > MAX_ELEMENTS:
            return None
        j = lambda xs: ", ".join(map(str, xs))
        text = "hlo.dot_general %s, %s, " % (lhs.name, rhs.name)
        if batch:
            text += "batching_dims = [%s] x [%s], " % (j(batch), j(rbatch))
        text += "contracting_dims = [%s] x [%s] : (%s, %s) -> %s" % (
            j(contract), j(rcontract), lhs.type, rhs.type, type_str(shape, lhs.dtype))
        return self.fresh(shape, lhs.dtype, text)

    def op_iota(self):
        shape = self.random_shape(self.rng.randint(1, 3))
        dtype = self.rng.choice(["f32", "i32", "i32", "bf16", "i8"])
        return self.fresh(shape, dtype, "hlo.iota dim = %d : %s"
                          % (self.rng.randrange(len(shape)), type_str(shape, dtype)))

    def op_constant(self):
        return self.constant(self.random_shape(), self.rng.choice(TYPES))

    # -- the extended set (--extended): ops whose results depend on values
    # at run time ----------------------------------------------------------
    def start_index(self):
        """An i32 start index: an argument (any value, clamped) or a
        constant, possibly out of range."""
        if self.rng.random() < 0.7:
            return self.arg([], "i32")
        return self.fresh([], "i32", "hlo.constant dense<%d> : tensor<i32>"
                          % self.rng.randint(-3, 140))

    def op_dynamic_slice(self):
        v = self.pick(lambda v: len(v.shape) >= 1)
        if v is None:
            return None
        sizes = [self.rng.randint(1, s) for s in v.shape]
        starts = [self.start_index() for _ in v.shape]
        return self.fresh(sizes, v.dtype,
                          "hlo.dynamic_slice %s[%s], sizes = [%s] : (%s) -> %s"
                          % (v.name, ", ".join(s.name for s in starts),
                             ", ".join(map(str, sizes)),
                             ", ".join([v.type] + [s.type for s in starts]),
                             type_str(sizes, v.dtype)))

    def op_dynamic_update_slice(self):
        v = self.pick(lambda v: len(v.shape) >= 1)
        if v is None:
            return None
        sizes = [self.rng.randint(1, s) for s in v.shape]
        update = self.pick(lambda w: list(w.shape) == sizes and
                           w.dtype == v.dtype) or self.arg(sizes, v.dtype)
        starts = [self.start_index() for _ in v.shape]
        return self.fresh(v.shape, v.dtype,
                          "hlo.dynamic_update_slice %s[%s], %s : (%s) -> %s"
                          % (v.name, ", ".join(s.name for s in starts),
                             update.name,
                             ", ".join([v.type, update.type] +
                                       [s.type for s in starts]),
                             v.type))

    def op_sort(self):
        """A stable sort by one key (ascending or descending), with a second
        operand carried along when one of the same shape exists."""
        key = self.pick(lambda v: len(v.shape) >= 1 and
                        count(v.shape) <= 4096)
        if key is None:
            return None
        dim = self.rng.randrange(len(key.shape))
        other = self.pick(lambda w: w.shape == key.shape and w is not key)
        operands = [key] + ([other] if other is not None else [])
        direction = self.rng.choice(["LT", "GT"])
        scalars = ["%%s%d: tensor<%s>" % (i, o.dtype)
                   for o in operands for i in (0, 1)]
        args = ", ".join("%%p%d_%s" % (k, s.split(":")[0][1:]) + ":" +
                         s.split(":")[1] for k, s in enumerate(scalars))
        names = ["%%p%d_s%d" % (k, k % 2) for k in range(len(scalars))]
        types = ", ".join(o.type for o in operands)
        n = len(self.lines)
        # Floats compare by their total-order keys (the bits as a signed
        # integer, all but the sign flipped when it is set), as JAX's
        # comparators do: NaN and -0 get places, so the order is strict.
        # Like JAX, a NaN is first made the one quiet positive NaN: the
        # sign and payload an operation gives a NaN are the
        # implementation's (x86 gives 0/0 the sign bit, a TPU need not), so
        # an order that read them would not be the program's.
        body, lhs, rhs, ktype = [], names[0], names[1], key.dtype
        if is_float(key.dtype):
            ktype = {"f32": "i32", "bf16": "i16"}[key.dtype]
            width = {"i32": 32, "i16": 16}[ktype]
            ftype = key.dtype
            body += ["%%sh%d = hlo.constant dense<%d> : tensor<%s>"
                     % (n, width - 1, ktype),
                     "%%mag%d = hlo.constant dense<%d> : tensor<%s>"
                     % (n, (1 << (width - 1)) - 1, ktype),
                     "%%qnan%d = hlo.constant dense<0x%X> : tensor<%s>"
                     % (n, 0x7FC0 << (width - 16), ftype)]
            for side, name in (("a", names[0]), ("b", names[1])):
                body += [
                    "%%%sisnan%d = hlo.compare NE, %s, %s : (tensor<%s>, "
                    "tensor<%s>) -> tensor<i1>"
                    % (side, n, name, name, ftype, ftype),
                    "%%%scanon%d = hlo.select %%%sisnan%d, %%qnan%d, %s : "
                    "tensor<i1>, tensor<%s>" % (side, n, side, n, n, name,
                                                ftype),
                    "%%%sbits%d = hlo.bitcast_convert %%%scanon%d : "
                    "(tensor<%s>) -> tensor<%s>"
                    % (side, n, side, n, ftype, ktype),
                    "%%%ssign%d = hlo.shift_right_arithmetic %%%sbits%d, "
                    "%%sh%d : tensor<%s>" % (side, n, side, n, n, ktype),
                    "%%%sflip%d = hlo.and %%%ssign%d, %%mag%d : tensor<%s>"
                    % (side, n, side, n, n, ktype),
                    "%%%skey%d = hlo.xor %%%sbits%d, %%%sflip%d : tensor<%s>"
                    % (side, n, side, n, side, n, ktype)]
            lhs, rhs = "%%akey%d" % n, "%%bkey%d" % n
        body += ["%%lt%d = hlo.compare %s, %s, %s : (tensor<%s>, tensor<%s>)"
                 " -> tensor<i1>" % (n, direction, lhs, rhs, ktype, ktype),
                 "hlo.yield %%lt%d : tensor<i1>" % n]
        text = ("hlo.sort(%s) dim = %d stable : (%s) -> (%s) {\n"
                "  ^bb0(%s):\n%s\n  }"
                % (", ".join(o.name for o in operands), dim, types, types,
                   args, "\n".join("    " + line for line in body)))
        if len(operands) == 1:
            return self.fresh(key.shape, key.dtype, text)
        v = Value("%%v%d" % n, key.shape, key.dtype)
        self.lines.append("  %s:2 = %s" % (v.name, text))
        first = Value(v.name + "#0", key.shape, key.dtype)
        second = Value(v.name + "#1", other.shape, other.dtype)
        self.values += [first, second]
        return first

    def region(self, name, params, result):
        """Lines of a region that takes `params` (Values) and yields a value
        of `result`'s shape and type: a few random ops on the parameters and
        the values above, then one that combines them into the result."""
        saved = (self.lines, self.values, self.prefix)
        self.lines, self.prefix = [], "%%%s_" % name
        self.values = saved[1] + list(params)
        for _ in range(self.rng.randint(1, 3)):
            getattr(self, "op_" + self.rng.choice(self.OP_NAMES))()
        base = self.pick(lambda v: v.shape == result.shape and
                         v.dtype == result.dtype) or result
        other = self.like(base)
        op = self.rng.choice(["hlo.maximum", "hlo.minimum", "hlo.add"]
                             if base.dtype != "i1" else ["hlo.and", "hlo.or"])
        out = self.fresh(base.shape, base.dtype, "%s %s, %s : %s"
                         % (op, base.name, other.name, base.type))
        lines = self.lines
        # New arguments stay; the region's values do not leave it.
        args = [v for v in self.values if v.name.startswith("%arg")]
        self.lines, self.values, self.prefix = saved
        self.values += [a for a in args if a not in self.values]
        return lines, out

    def op_while(self):
        """A counted loop (0 to 3 trips) updating one carried value."""
        v = self.pick(lambda w: count(w.shape) <= 4096)
        if v is None:
            return None
        n = len(self.lines)
        name = "w%d" % n
        trips = self.rng.randint(0, 3)
        zero = self.fresh([], "i32", "hlo.constant dense<0> : tensor<i32>")
        i = Value("%%%s_i" % name, [], "i32")
        acc = Value("%%%s_acc" % name, v.shape, v.dtype)
        body, out = self.region(name + "b", [i, acc], acc)
        n = len(self.lines)
        cond = ["%%%s_k = hlo.constant dense<%d> : tensor<i32>" % (name, trips),
                "%%%s_p = hlo.compare LT, %s, %%%s_k : (tensor<i32>, "
                "tensor<i32>) -> tensor<i1>" % (name, i.name, name),
                "hlo.yield %%%s_p : tensor<i1>" % name]
        step = ["%%%s_one = hlo.constant dense<1> : tensor<i32>" % name,
                "%%%s_next = hlo.add %s, %%%s_one : tensor<i32>"
                % (name, i.name, name),
                "hlo.yield %%%s_next, %s : tensor<i32>, %s"
                % (name, out.name, v.type)]
        text = ("hlo.while(%s = %s, %s = %s) : tensor<i32>, %s\n"
                "   cond {\n%s\n  } do {\n%s\n  }"
                % (i.name, zero.name, acc.name, v.name, v.type,
                   "\n".join("    " + l for l in cond),
                   "\n".join(["  " + l for l in body] +
                             ["    " + l for l in step])))
        r = Value("%%v%d" % n, v.shape, v.dtype)
        self.lines.append("  %s:2 = %s" % (r.name, text))
        result = Value(r.name + "#1", v.shape, v.dtype)
        self.values.append(result)
        return result

    def op_if(self):
        """Two branches on a scalar predicate (an argument: both run over
        the seeds' inputs), each computing a value of one type."""
        v = self.pick(lambda w: count(w.shape) <= 4096)
        if v is None:
            return None
        p = self.pick(lambda w: w.shape == () and w.dtype == "i1") or \
            self.arg([], "i1")
        name = "c%d" % len(self.lines)
        then, a = self.region(name + "t", [], v)
        other, b = self.region(name + "e", [], v)
        n = len(self.lines)
        text = ("hlo.if %s -> (%s) {\n%s\n  } else {\n%s\n  }"
                % (p.name, v.type,
                   "\n".join(["  " + l for l in then] +
                             ["    hlo.yield %s : %s" % (a.name, v.type)]),
                   "\n".join(["  " + l for l in other] +
                             ["    hlo.yield %s : %s" % (b.name, v.type)])))
        return self.fresh(v.shape, v.dtype, text)

    EXTENDED_OPS = [("dynamic_slice", 2), ("dynamic_update_slice", 2),
                    ("sort", 2), ("while", 2), ("if", 2), ("reduce_pad", 2)]

    OPS = [("unary", 4), ("binary", 6), ("compare", 2), ("select", 2),
           ("convert", 2), ("broadcast", 3), ("reshape", 2), ("transpose", 2),
           ("reverse", 1), ("slice", 2), ("pad", 2), ("concatenate", 2),
           ("reduce", 3), ("argreduce", 1), ("dot", 3), ("iota", 1),
           ("constant", 1)]
    # What regions hold: the basic set, so that regions do not nest.
    OP_NAMES = [name for name, weight in OPS for _ in range(weight)]

    def generate(self, n_ops, extended=False):
        for _ in range(self.rng.randint(1, 3)):
            self.arg(self.random_shape(), self.rng.choice(TYPES))
        ops = self.OPS + (self.EXTENDED_OPS if extended else [])
        names = [name for name, weight in ops for _ in range(weight)]
        target = len(self.lines) + n_ops
        while len(self.lines) < target:
            getattr(self, "op_" + self.rng.choice(names))()
        # Results: the unused values first (the DAG's sinks), then any.
        computed = [v for v in self.values if v.name.startswith("%v")
                    and "_" not in v.name]
        sinks = [v for v in computed if v.name not in self.uses] or computed[-1:]
        results = sinks[-self.rng.randint(1, 4):]
        return "\n".join([
            "func.func @main(%s) -> (%s) {" % (
                ", ".join("%s: %s" % (a.name, a.type) for a in self.args),
                ", ".join(r.type for r in results)),
            *self.lines,
            "  return %s : %s" % (", ".join(r.name for r in results),
                                  ", ".join(r.type for r in results)),
            "}", ""])


def generate(seed, n_ops, extended=False):
    return Generator(seed).generate(n_ops, extended)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("seed", type=int)
    parser.add_argument("--ops", type=int, default=20)
    parser.add_argument("--extended", action="store_true",
                        help="also sort and dynamic slices (other seeds' "
                             "programs than without)")
    args = parser.parse_args()
    print(generate(args.seed, args.ops, args.extended), end="")


if __name__ == "__main__":
    main()
