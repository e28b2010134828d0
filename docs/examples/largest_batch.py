#!/usr/bin/env python3
"""The largest batch (or other size) of a generated example that fits a
target's HBM.

Usage: largest_batch.py TPU_COMPILE MODEL [--target=T] [--key=value...]
                        [--vary=KEY[=TEMPLATE]] [-- COMPILER FLAGS...]

Compiles generate.py's MODEL to buffer assignment (no values, no run) at
doubling sizes until one runs out of memory (tpu-compile's exit code 2),
then bisects. Prints the size and the memory line of the report. The size
is the batch, or with --vary=KEY=TEMPLATE the parameter KEY written from
TEMPLATE with {0} for the size: --vary=widths=784,{0},{0},10 finds the
widest hidden layers. Flags after `--` go to tpu-compile
(`--mixed-precision=bf16`, `--rematerialize=false`).
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def fits(compiler, model, params, target, size, vary):
    key, _, template = vary.partition("=")
    text = subprocess.run(
        [sys.executable, os.path.join(HERE, "generate.py"), model,
         "--%s=%s" % (key, (template or "{0}").format(size))] + params,
        check=True, capture_output=True, text=True).stdout
    with tempfile.NamedTemporaryFile("w", suffix=".mlir") as f:
        f.write(text)
        f.flush()
        run = subprocess.run([compiler, f.name, "--compile-to=buffers",
                              "--memory-report", "-o", "/dev/null"] + target,
                             capture_output=True, text=True)
    if run.returncode not in (0, 2):
        sys.exit(run.stderr)
    return run.returncode == 0, (run.stdout or run.stderr).split("\n")[0]


def main():
    compiler, model, *rest = sys.argv[1:]
    if "--" in rest:
        rest, flags = rest[:rest.index("--")], rest[rest.index("--") + 1:]
    else:
        flags = []
    target = [a for a in rest if a.startswith("--target=")] + flags
    vary = ([a[len("--vary="):] for a in rest if a.startswith("--vary=")] or
            ["batch"])[-1]
    params = [a for a in rest if not a.startswith(("--target=", "--vary="))]
    low, high = 0, 1
    line = ""
    while True:
        ok, text = fits(compiler, model, params, target, high, vary)
        if not ok:
            break
        low, line, high = high, text, high * 2
    while high - low > 1:
        mid = (low + high) // 2
        ok, text = fits(compiler, model, params, target, mid, vary)
        if ok:
            low, line = mid, text
        else:
            high = mid
    print("largest %s %d: %s" % (vary.partition("=")[0], low, line))


if __name__ == "__main__":
    main()
