"""Runs every function of a TOSA program on the simulated TPU and through
upstream MLIR's own TOSA lowering, with the same random inputs, and compares
the results: bit for bit for integers, within bf16 rounding for floats.

Usage: run_upstream.py TPU_RUN LLVM_BIN PROGRAM [--seeds=A:B] [--skip=F,G]
                       [tpu-run flags]

--skip leaves out functions upstream cannot run on random inputs (an op
its lowering lacks, indices that must be in range); the test that passes
it says why.

The oracle shares no code with the compiler: `mlir-opt` lowers the program
with tosa-to-linalg, tosa-to-arith (with apply_scale) and tosa-to-tensor,
bufferizes it and lowers it to LLVM, and `mlir-runner` executes it, the
inputs written into a wrapper function as constants and the results printed
by MLIR's runner utilities. Integer inputs span their whole type (i32 spans
[-2^24, 2^24), so that rescales of them stay within TOSA's value
requirement); each seed draws new ones. Prints one line per function and
seed and exits non-zero on any difference.
"""
import os
import random
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools",
                                "Inputs"))
import compare_results  # noqa: E402

LOWER = ("builtin.module(func.func(tosa-to-scf,tosa-to-linalg-named,tosa-to-linalg,"
         "tosa-to-arith{include-apply-rescale=true},tosa-to-tensor))")
TO_LLVM = ["--one-shot-bufferize=bufferize-function-boundaries",
           "--convert-linalg-to-loops", "--convert-scf-to-cf",
           "--expand-strided-metadata", "--lower-affine",
           "--finalize-memref-to-llvm", "--convert-arith-to-llvm",
           "--convert-math-to-llvm", "--convert-cf-to-llvm",
           "--convert-func-to-llvm", "--convert-index-to-llvm",
           "--reconcile-unrealized-casts"]


def signatures(text):
    """(name, [argument types], [result types]) of each public function."""
    out = []
    for m in re.finditer(r"func\.func (?:public )?@(\w+)\(([^)]*)\)\s*->\s*"
                         r"\(?([^{]*?)\)?\s*(?:attributes[^{]*)?\{", text):
        args = re.findall(r"tensor<([^>]*)>", m.group(2))
        results = re.findall(r"tensor<([^>]*)>", m.group(3))
        out.append((m.group(1), args, results))
    return out


def drop_functions(text, names):
    """`text` without the functions named in `names` (brace-matched)."""
    for name in names:
        m = re.search(r"func\.func (?:public |private )?@%s\(" % re.escape(name),
                      text)
        if not m:
            continue
        depth, i = 0, text.index("{", m.end())
        while True:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
            if depth == 0:
                break
        text = text[:m.start()] + text[i:]
    return text


def split(spec):
    *dims, elem = spec.split("x")
    return [int(d) for d in dims], elem


def draw(spec, rng):
    dims, elem = split(spec)
    count = 1
    for d in dims:
        count *= d
    bits = {"i1": 1, "i8": 8, "i16": 16}.get(elem)
    if elem == "i1":
        return [rng.randint(0, 1) for _ in range(count)]
    if bits:
        return [rng.randint(-2 ** (bits - 1), 2 ** (bits - 1) - 1)
                for _ in range(count)]
    if elem == "i32":
        return [rng.randint(-2 ** 24, 2 ** 24 - 1) for _ in range(count)]
    return [rng.randint(-8, 8) / 8.0 for _ in range(count)]


def nested(values, dims):
    if not dims:
        return str(values[0])
    if len(dims) == 1:
        return "[" + ", ".join(str(v) for v in values) + "]"
    step = len(values) // dims[0]
    return "[" + ", ".join(nested(values[i * step:(i + 1) * step], dims[1:])
                           for i in range(dims[0])) + "]"


def literal(spec, values):
    dims, elem = split(spec)
    if elem == "i1":
        values = ["true" if v else "false" for v in values]
    return "dense<%s> : tensor<%s>" % (nested(values, dims), spec)


def wrapper(calls):
    """A main that calls each (name, args, results, inputs) of `calls` on
    constant inputs and prints each result widened to i32 (or i64, f32)."""
    lines = ["func.func @oracle_main() {"]
    printers = set()
    types = lambda specs: ", ".join("tensor<%s>" % s for s in specs)  # noqa
    for c, (name, args, results, inputs) in enumerate(calls):
        for i, (spec, values) in enumerate(zip(args, inputs)):
            lines.append("  %%a%d_%d = arith.constant %s" % (
                c, i, literal(spec, values)))
        ins = ", ".join("%%a%d_%d" % (c, i) for i in range(len(args)))
        outs = ", ".join("%%r%d_%d" % (c, i) for i in range(len(results)))
        lines.append("  %s = call @%s(%s) : (%s) -> (%s)" % (
            outs, name, ins, types(args), types(results)))
        for i, spec in enumerate(results):
            dims, elem = split(spec)
            wide = {"i64": "i64", "f32": "f32"}.get(elem, "i32")
            value = "%%r%d_%d" % (c, i)
            wide_spec = "x".join([str(d) for d in dims] + [wide])
            if wide != elem:
                lines.append("  %%w%d_%d = tosa.cast %s : (tensor<%s>) -> "
                             "tensor<%s>" % (c, i, value, spec, wide_spec))
                value = "%%w%d_%d" % (c, i)
            lines.append("  %%u%d_%d = tensor.cast %s : tensor<%s> to "
                         "tensor<*x%s>" % (c, i, value, wide_spec, wide))
            printer = "printMemref" + wide.upper()
            printers.add((printer, wide))
            lines.append("  call @%s(%%u%d_%d) : (tensor<*x%s>) -> ()"
                         % (printer, c, i, wide))
    lines.append("  return\n}")
    for printer, wide in sorted(printers):
        lines.append("func.func private @%s(tensor<*x%s>)" % (printer, wide))
    return "\n".join(lines) + "\n"


def run_upstream(llvm_bin, program_text, calls):
    """The results of every call, in order, as lists of numbers; or None
    and the error."""
    module = program_text + "\n" + wrapper(calls)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "oracle.mlir")
        open(path, "w").write(module)
        opt = os.path.join(llvm_bin, "mlir-opt")
        lowered = subprocess.run([opt, path, "--pass-pipeline=" + LOWER],
                                 capture_output=True, text=True)
        if lowered.returncode:
            return None, "mlir-opt (tosa-to-linalg): " + lowered.stderr.strip()
        llvm = subprocess.run([opt] + TO_LLVM, input=lowered.stdout,
                              capture_output=True, text=True)
        if llvm.returncode:
            return None, "mlir-opt (to LLVM): " + llvm.stderr.strip()
        lib = os.path.join(os.path.dirname(llvm_bin), "lib")
        run = subprocess.run(
            [os.path.join(llvm_bin, "mlir-runner"), "-e", "oracle_main",
             "-entry-point-result=void", "-shared-libs=" + ",".join(
                 os.path.join(lib, l) for l in ("libmlir_runner_utils.so",
                                                "libmlir_c_runner_utils.so"))],
            input=llvm.stdout, capture_output=True, text=True)
        if run.returncode:
            return None, "mlir-runner: " + run.stderr.strip()
    values = []
    for chunk in run.stdout.split("Unranked Memref")[1:]:
        data = chunk.split("data =", 1)[1]
        values.append([float(v) if re.search(r"[.en]", v) else int(v)
                       for v in re.findall(r"-?[\w.+-]+", data)])
    return values, None


def simulate(tpu_run, program, name, args, inputs, flags):
    """tpu-run's results of one call, or None and the error."""
    with tempfile.NamedTemporaryFile("w", suffix=".args") as af:
        for spec, values in zip(args, inputs):
            af.write("--input=%s=%s\n" % (spec, ",".join(str(v) for v in values)))
        af.flush()
        sim = subprocess.run([tpu_run, program, "--function=" + name,
                              "@" + af.name] + flags,
                             capture_output=True, text=True)
    if sim.returncode:
        return None, "simulated (exit %d) %s" % (sim.returncode,
                                                 sim.stderr.strip())
    return compare_results.parse(sim.stdout), None


def verdict(simulated, oracle):
    if len(simulated) != len(oracle):
        return "FAIL: %d simulated and %d upstream results" % (
            len(simulated), len(oracle))
    close = False
    for i, ((_, elem, got), want) in enumerate(zip(simulated, oracle)):
        if len(got) != len(want):
            return "FAIL result %d: %d vs %d elements" % (i, len(got),
                                                        len(want))
        exact = elem[0] not in "fb"
        for n, (a, b) in enumerate(zip(got, want)):
            if a == b or a != a and b != b:
                continue
            if exact or not abs(a - b) <= 1e-3 + 2e-2 * abs(b):
                return "FAIL result %d at element %d: %r vs upstream %r" % (
                    i, n, a, b)
            close = True
    return "close" if close else "exact"


def main():
    tpu_run, llvm_bin, program, *rest = sys.argv[1:]
    first, last = 0, 1
    flags, skip = [], set()
    for arg in rest:
        if arg.startswith("--seeds="):
            first, last = (int(x) for x in arg[len("--seeds="):].split(":"))
        elif arg.startswith("--skip="):
            skip.update(arg[len("--skip="):].split(","))
        else:
            flags.append(arg)
    text = open(program).read()
    status = 0
    for seed in range(first, last):
        calls = []
        for name, args, results in signatures(text):
            if name in skip:
                continue
            rng = random.Random("%s/%d" % (name, seed))
            calls.append((name, args, results,
                          [draw(spec, rng) for spec in args]))
        oracle, error = run_upstream(llvm_bin, drop_functions(text, skip),
                                     calls)
        if error:
            print("seed %d: FAIL %s" % (seed, error))
            status = 1
            continue
        for name, args, results, inputs in calls:
            want, oracle = oracle[:len(results)], oracle[len(results):]
            got, error = simulate(tpu_run, program, name, args, inputs, flags)
            line = "FAIL " + error if error else verdict(got, want)
            print("@%s seed %d: %s" % (name, seed, line), flush=True)
            if line.startswith("FAIL"):
                status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
