"""Runs every function of a TOSA program on the simulated TPU and through
upstream MLIR's own TOSA lowering, with the same random inputs, and compares
the results: bit for bit for integers, within bf16 rounding for floats.

Usage: run_upstream.py TPU_RUN LLVM_BIN PROGRAM [--seeds A:B] [tpu-run flags]

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

LOWER = ("builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,"
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


def wrapper(name, args, results, inputs):
    """A main that calls @name on constant inputs and prints each result
    widened to i32 (or i64, f32)."""
    lines = ["func.func @oracle_main() {"]
    for i, (spec, values) in enumerate(zip(args, inputs)):
        lines.append("  %%a%d = arith.constant %s" % (i, literal(spec, values)))
    ins = ", ".join("%%a%d" % i for i in range(len(args)))
    outs = ", ".join("%%r%d" % i for i in range(len(results)))
    types = lambda specs: ", ".join("tensor<%s>" % s for s in specs)  # noqa
    lines.append("  %s = call @%s(%s) : (%s) -> (%s)" % (
        outs, name, ins, types(args), types(results)))
    printers = set()
    for i, spec in enumerate(results):
        dims, elem = split(spec)
        wide = {"i64": "i64", "f32": "f32"}.get(elem, "i32")
        value = "%%r%d" % i
        wide_spec = "x".join([str(d) for d in dims] + [wide])
        if wide != elem:
            lines.append("  %%w%d = tosa.cast %s : (tensor<%s>) -> tensor<%s>"
                         % (i, value, spec, wide_spec))
            value = "%%w%d" % i
        lines.append("  %%u%d = tensor.cast %s : tensor<%s> to tensor<*x%s>"
                     % (i, value, wide_spec, wide))
        printer = "printMemref" + wide.upper()
        printers.add((printer, wide))
        lines.append("  call @%s(%%u%d) : (tensor<*x%s>) -> ()"
                     % (printer, i, wide))
    lines.append("  return\n}")
    for printer, wide in sorted(printers):
        lines.append("func.func private @%s(tensor<*x%s>)" % (printer, wide))
    return "\n".join(lines) + "\n"


def run_upstream(llvm_bin, program_text, name, args, results, inputs):
    module = program_text + "\n" + wrapper(name, args, results, inputs)
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


def main():
    tpu_run, llvm_bin, program, *rest = sys.argv[1:]
    first, last = 0, 1
    flags = []
    for arg in rest:
        if arg.startswith("--seeds="):
            first, last = (int(x) for x in arg[len("--seeds="):].split(":"))
        else:
            flags.append(arg)
    text = open(program).read()
    status = 0
    for name, args, results in signatures(text):
        for seed in range(first, last):
            rng = random.Random("%s/%d" % (name, seed))
            inputs = [draw(spec, rng) for spec in args]
            with tempfile.NamedTemporaryFile("w", suffix=".args") as af:
                for spec, values in zip(args, inputs):
                    af.write("--input=%s=%s\n" % (
                        spec, ",".join(str(v) for v in values)))
                af.flush()
                sim = subprocess.run([tpu_run, program, "--function=" + name,
                                      "@" + af.name] + flags,
                                     capture_output=True, text=True)
            if sim.returncode:
                print("@%s seed %d: FAIL simulated (exit %d) %s" % (
                    name, seed, sim.returncode, sim.stderr.strip()))
                status = 1
                continue
            oracle, error = run_upstream(llvm_bin, text, name, args, results,
                                         inputs)
            if error:
                print("@%s seed %d: FAIL %s" % (name, seed, error))
                status = 1
                continue
            simulated = compare_results.parse(sim.stdout)
            verdict = "exact"
            if len(simulated) != len(oracle):
                verdict = "FAIL: %d simulated and %d upstream results" % (
                    len(simulated), len(oracle))
            for i, ((_, elem, got), want) in enumerate(zip(simulated, oracle)):
                exact = elem[0] not in "fb"
                for n, (a, b) in enumerate(zip(got, want)):
                    if a != b and (exact or abs(a - b) > 1e-3 + 2e-2 * abs(b)):
                        verdict = "FAIL result %d at element %d: %r vs " \
                                  "upstream %r" % (i, n, a, b)
                        break
                if len(got) != len(want):
                    verdict = "FAIL result %d: %d vs %d elements" % (
                        i, len(got), len(want))
                if verdict.startswith("FAIL"):
                    break
            print("@%s seed %d: %s" % (name, seed, verdict), flush=True)
            if verdict.startswith("FAIL"):
                status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
