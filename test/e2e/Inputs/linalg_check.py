"""Checks tpu-run's LU, QR and eigh results against their mathematical
definitions and LAPACK's geqrf written out in float64, which share no code
with the compiler.

Usage:
  linalg_check.py input SEED SHAPE      prints a --input value: SHAPE (as
                                        2x5x3) f32 entries uniform in [-1, 1)
  tpu-run ... | linalg_check.py CHECK SEED SHAPE
CHECK is one of
  lu          results (lu, pivots, permutation): the permutation is the
              pivots' row swaps, L unit lower with |L| <= 1, A[perm] = L U;
  qr          results (a', taus, q): a' and taus are LAPACK geqrf's (as
              written out below in float64), q = orgqr's Q with Q^T Q = I
              and Q R = A;
  eigh-lower, eigh-upper
              results (v, w) for the symmetric matrix the lower (upper)
              triangle of the input describes: w ascending, A v = v diag(w)
              and v^T v = I (which make w the eigenvalues), sum(w) = trace.
Prints `CHECK ok` or what is off, per batch member.
"""
import random
import re
import sys

# Pure Python (the test machines have no NumPy): the matrices are small.


def generate(seed, dims):
    """Entries uniform in [-1, 1), rounded to f32's 9 significant digits."""
    rng = random.Random(seed)
    count = 1
    for d in dims:
        count *= d
    return [float("%.9g" % rng.uniform(-1, 1)) for _ in range(count)]


def matrix(flat, rows, cols):
    return [flat[i * cols:(i + 1) * cols] for i in range(rows)]


def matmul(x, y):
    return [[sum(x[i][k] * y[k][j] for k in range(len(y)))
             for j in range(len(y[0]))] for i in range(len(x))]


def transpose(x):
    return [list(r) for r in zip(*x)]


def eye(rows, cols):
    return [[1.0 if i == j else 0.0 for j in range(cols)] for i in range(rows)]


def worst(x, y):
    return max((abs(a - b) for ra, rb in zip(x, y) for a, b in zip(ra, rb)),
               default=0.0)


def close(what, got, want, tol, problems):
    err = worst(got, want)
    if not err <= tol:
        problems.append("%s off by %.3g (tolerance %.3g)" % (what, err, tol))


def parse_results(text):
    results = []
    for shape, values in re.findall(r"result\[\d+\]: (\S+?)=(.*)", text):
        dims = [int(d) for d in shape.split("x")[:-1]]
        numbers = [float(v) for v in
                   re.findall(r"-?(?:nan|inf|[0-9][0-9.e+-]*)", values)]
        results.append((dims, numbers))
    return results


def member(result, i, tail_rank):
    """Batch member i of a result, as a matrix (or a vector)."""
    dims, numbers = result
    tail = dims[len(dims) - tail_rank:]
    size = 1
    for d in tail:
        size *= d
    flat = numbers[i * size:(i + 1) * size]
    return matrix(flat, tail[0], tail[1]) if tail_rank == 2 else flat


def check_lu(a, results, i, problems):
    lu, pivots, perm = (member(results[0], i, 2), member(results[1], i, 1),
                        member(results[2], i, 1))
    m, n = len(a), len(a[0])
    k = min(m, n)
    order = list(range(m))
    for j, p in enumerate(int(p) for p in pivots):
        order[j], order[p] = order[p], order[j]
    if [int(p) for p in perm] != order:
        problems.append("permutation %s is not the pivots' %s" % (perm, order))
    lower = [[lu[r][c] if c < r else (1.0 if c == r else 0.0)
              for c in range(k)] for r in range(m)]
    upper = [[lu[r][c] if c >= r else 0.0 for c in range(n)]
             for r in range(k)]
    if max(abs(x) for row in lower for x in row) > 1 + 1e-6:
        problems.append("|L| > 1: pivoting did not take the largest")
    close("L U - A[perm]", matmul(lower, upper), [a[int(p)] for p in perm],
          1e-5, problems)


def householder_qr(a):
    """LAPACK's geqrf in float64: (a', taus), v below the diagonal."""
    r = [list(row) for row in a]
    m, n = len(r), len(r[0])
    taus = []
    for k in range(min(m, n)):
        alpha = r[k][k]
        sigma = sum(r[i][k] ** 2 for i in range(k + 1, m))
        if sigma == 0:
            taus.append(0.0)
            continue
        norm = (alpha * alpha + sigma) ** 0.5
        beta = norm if alpha < 0 else -norm
        tau = (beta - alpha) / beta
        v = [0.0] * k + [1.0] + [r[i][k] / (alpha - beta)
                                 for i in range(k + 1, m)]
        for j in range(k + 1, n):
            w = sum(v[i] * r[i][j] for i in range(k, m))
            for i in range(k, m):
                r[i][j] -= tau * v[i] * w
        r[k][k] = beta
        for i in range(k + 1, m):
            r[i][k] = v[i]
        taus.append(tau)
    return r, taus


def check_qr(a, results, i, problems):
    reflectors, taus, q = (member(results[0], i, 2), member(results[1], i, 1),
                           member(results[2], i, 2))
    m, n = len(a), len(a[0])
    want, want_taus = householder_qr(a)
    close("a' - geqrf's", reflectors, want, 1e-5, problems)
    close("taus - geqrf's", [taus], [want_taus], 1e-5, problems)
    close("Q^T Q - I", matmul(transpose(q), q), eye(n, n), 1e-5, problems)
    r = [[reflectors[row][c] if c >= row else 0.0 for c in range(n)]
         for row in range(n)]
    if m >= n:
        close("Q R - A", matmul(q, r), a, 1e-5, problems)


def check_eigh(a, results, i, problems, lower):
    v, w = member(results[0], i, 2), member(results[1], i, 1)
    n = len(a)
    sym = [[a[max(r, c)][min(r, c)] if lower else a[min(r, c)][max(r, c)]
            for c in range(n)] for r in range(n)]
    scale = max(abs(x) for row in sym for x in row)
    if any(y < x for x, y in zip(w, w[1:])):
        problems.append("eigenvalues not ascending: %s" % w)
    # V orthogonal with A V = V diag(w) makes w A's eigenvalues.
    vw = [[v[r][c] * w[c] for c in range(n)] for r in range(n)]
    close("A v - v diag(w)", matmul(sym, v), vw, 1e-4 * scale, problems)
    close("v^T v - I", matmul(transpose(v), v), eye(n, n), 1e-5, problems)
    trace = sum(sym[j][j] for j in range(n))
    close("sum(w) - trace(A)", [[sum(w)]], [[trace]], 1e-4 * scale * n,
          problems)


def main():
    check, seed, shape = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    dims = [int(d) for d in shape.split("x")]
    flat = generate(seed, dims)
    if check == "input":
        print("%sxf32=%s" % (shape, ",".join("%.9g" % x for x in flat)))
        return
    results = parse_results(sys.stdin.read())
    rows, cols = dims[-2], dims[-1]
    batch = len(flat) // (rows * cols)
    ok = True
    for i in range(batch):
        a = matrix(flat[i * rows * cols:(i + 1) * rows * cols], rows, cols)
        problems = []
        if check == "lu":
            check_lu(a, results, i, problems)
        elif check == "qr":
            check_qr(a, results, i, problems)
        else:
            check_eigh(a, results, i, problems, check == "eigh-lower")
        for p in problems:
            print("member %d: %s" % (i, p))
        ok = ok and not problems
    print("%s %s" % (check, "ok" if ok else "FAILED"))


if __name__ == "__main__":
    main()
