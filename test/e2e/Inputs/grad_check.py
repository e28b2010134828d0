"""Checks a written-out backward pass against finite differences.

Usage: grad_check.py TPU_RUN PROGRAM [--classes=N] [--eps=E] [--rtol=R]
                     [--atol=A] [tpu-run flags...]

PROGRAM is `jax.value_and_grad` of a loss (generate.py's `--grads=1`): its
results are the loss, then the gradient of each of the first arguments in
order; the arguments after those are data. Every run goes through the
reference evaluator (`tpu-run --reference`; give it
--default-precision=highest for f32 matmuls), so this checks the program's
calculus, not the simulator. For each parameter p and a fixed
pseudo-random direction d, the central difference
(loss(p + eps d) - loss(p - eps d)) / (2 eps) must equal <grad p, d>
within rtol (the difference's truncation error) plus atol (the f32 loss's
rounding, as printed, over 2 eps). Integer arguments (labels) are taken
modulo --classes.
Prints one line per parameter and exits 1 on any mismatch.
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
import gen_inputs  # noqa: E402
from run_e2e import signatures  # noqa: E402


def run(tpu_run, program, flags, inputs):
    """The results (lists of floats) the evaluator prints for `inputs`."""
    with tempfile.NamedTemporaryFile("w", suffix=".args") as args:
        args.write("\n".join("--input=%s=%s" % (t, ",".join(map(repr, v)))
                             for t, v in inputs) + "\n")
        args.flush()
        out = subprocess.run([tpu_run, program, "--reference", "@" + args.name]
                             + flags, capture_output=True, text=True)
    if out.returncode:
        sys.exit("tpu-run failed: %s" % out.stderr.strip())
    results = []
    for line in out.stdout.splitlines():
        m = re.match(r"result\[\d+\]: [0-9x]*f32=(.*)", line)
        if m:
            results.append([float(v) for v in
                            re.sub(r"[\[\]]", " ", m.group(1)).split()])
    return results


def main():
    tpu_run, program, *rest = sys.argv[1:]
    options = {"classes": "2", "eps": "1e-2", "rtol": "1e-2", "atol": "1e-4"}
    flags = []
    for arg in rest:
        key, _, value = arg[2:].partition("=")
        if key in options:
            options[key] = value
        else:
            flags.append(arg)
    classes, eps = int(options["classes"]), float(options["eps"])
    rtol, atol = float(options["rtol"]), float(options["atol"])
    (_, types), = signatures(open(program).read())
    inputs = []
    for i, t in enumerate(types):
        values = gen_inputs.values(t, i + 1)
        if t.endswith("f32"):
            inputs.append((t, [float(v) for v in values]))
        else:
            inputs.append((t, [int(v) % classes for v in values]))
    base = run(tpu_run, program, flags, inputs)
    if not base or any(len(g) != len(inputs[i][1])
                       for i, g in enumerate(base[1:])):
        sys.exit("expected the loss and one gradient per parameter")
    status = 0
    worst = 0.0
    for i, grad in enumerate(base[1:]):
        t, values = inputs[i]
        direction = [float(v) for v in gen_inputs.values(t, 1000 + i)]
        losses = []
        for sign in (1, -1):
            moved = list(inputs)
            moved[i] = (t, [v + sign * eps * d
                            for v, d in zip(values, direction)])
            losses.append(run(tpu_run, program, flags, moved)[0][0])
        numeric = (losses[0] - losses[1]) / (2 * eps)
        analytic = sum(g * d for g, d in zip(grad, direction))
        bound = rtol * max(abs(numeric), abs(analytic)) + atol
        err = abs(numeric - analytic) / bound
        worst = max(worst, err)
        ok = err <= 1
        status |= not ok
        print("%s parameter %d (%s): analytic %.9e, finite difference "
              "%.9e" % ("ok" if ok else "FAIL", i, t, analytic, numeric))
    print("worst error %.2f of its bound" % worst)
    return status


if __name__ == "__main__":
    sys.exit(main())
