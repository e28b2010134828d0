"""Runs every function of an hlo program on the simulated TPU and through
the reference evaluator, with the same generated inputs, and compares.

Usage: run_e2e.py TPU_RUN PROGRAM [--function=NAME...] [tpu-run flags...]

Prints, per function, `@name: ` followed by compare_results.py's verdict
for each result. A function whose simulated run fails prints its error.
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools",
                                "Inputs"))
import compare_results  # noqa: E402
import gen_inputs  # noqa: E402


def signatures(text):
    """(name, [argument types as 2x3xf32]) of each function that is not
    private (exporters' private helpers are inlined into their callers)."""
    out = []
    # Arguments end at `) ->` (their locations have parentheses of their
    # own), or at `) {` for a function without results.
    for m in re.finditer(r"func\.func (?:public )?@(\w+)\((.*?)\)\s*(?:->|\{)",
                         text, re.S):
        types = []
        # A quantized argument takes its storage integers:
        # tensor<2x3x!quant.uniform<i8:f32, 0.5:3>> is 2x3xi8.
        # (u8 storage is ui8).
        args = re.sub(r"!quant\.uniform<u?(i?)(\d+):[^>]*>",
                      lambda q: ("i" if q.group(1) else "ui") + q.group(2),
                      m.group(2))
        for t in re.findall(r"tensor<([^>]*)>", args):
            types.append(t)
        out.append((m.group(1), types))
    return out


def main():
    tpu_run, program, *flags = sys.argv[1:]
    # --function=NAME (repeatable) runs those functions only.
    only = [f.split("=", 1)[1] for f in flags if f.startswith("--function=")]
    flags = [f for f in flags if not f.startswith("--function=")]
    rtol = os.environ.get("E2E_RTOL", "2e-2")
    atol = os.environ.get("E2E_ATOL", "1e-3")
    text = open(program).read()
    status = 0
    for name, types in signatures(text):
        if only and name not in only:
            continue
        inputs = ["--input=%s=%s" % (t, ",".join(gen_inputs.values(t, i + 1)))
                  for i, t in enumerate(types)]
        # Inputs go through a response file: one can exceed an argument's
        # length limit.
        with tempfile.NamedTemporaryFile("w", suffix=".args") as args:
            args.write("\n".join(inputs) + "\n")
            args.flush()
            runs = [subprocess.run([tpu_run, program, "--function=" + name,
                                    "@" + args.name] + flags + extra,
                                   capture_output=True, text=True)
                    for extra in ([], ["--reference"])]
        sim, ref = runs
        if sim.returncode or ref.returncode:
            bad = sim if sim.returncode else ref
            print("@%s: FAIL (exit %d) %s" % (name, bad.returncode,
                                              bad.stderr.strip()))
            status = 1
            continue
        verdicts = compare_results.compare(
            compare_results.parse(sim.stdout), compare_results.parse(ref.stdout),
            float(rtol), float(atol))
        for line in verdicts:
            print("@%s: %s" % (name, line), flush=True)
            if line.startswith("FAIL"):
                status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
