"""Runs a program's main function on the simulated TPU twice, with the same
generated inputs and two sets of tpu-run flags, and checks that every result
is the same bits: that a change of compilation (rematerialization, say) did
not change a value.

Usage: same_results.py TPU_RUN PROGRAM --a="FLAGS" --b="FLAGS"

Prints one line per result, `result N: identical` or `result N: DIFFERENT`,
and exits 1 on a difference or a failed run.
"""
import argparse
import os
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
import run_e2e  # noqa: E402
import gen_inputs  # noqa: E402


def run(tpu_run, program, args_file, flags, directory, tag):
    out = subprocess.run([tpu_run, program, "@" + args_file] + flags,
                         capture_output=True, text=True)
    if out.returncode:
        sys.exit("run %s failed (exit %d): %s" % (tag, out.returncode,
                                                   out.stderr.strip()))
    return out.stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tpu_run")
    parser.add_argument("program")
    parser.add_argument("--a", default="")
    parser.add_argument("--b", default="")
    options = parser.parse_args()
    text = open(options.program).read()
    name, types = [s for s in run_e2e.signatures(text) if s[0] == "main"][0]
    inputs = ["--input=%s=%s" % (t, ",".join(gen_inputs.values(t, i + 1)))
              for i, t in enumerate(types)]
    with tempfile.TemporaryDirectory() as directory:
        args_file = os.path.join(directory, "inputs.args")
        with open(args_file, "w") as f:
            f.write("\n".join(inputs) + "\n")
        # Printed results round; written .npy files are the bits.
        printed = run(options.tpu_run, options.program, args_file,
                      shlex.split(options.a), directory, "a")
        count = sum(1 for line in printed.splitlines()
                    if line.startswith("result["))
        results = {}
        for tag, flags in (("a", options.a), ("b", options.b)):
            outputs = ["--output=@%s/%s%d.npy" % (directory, tag, i)
                       for i in range(count)]
            run(options.tpu_run, options.program, args_file,
                shlex.split(flags) + outputs, directory, tag)
            results[tag] = [open("%s/%s%d.npy" % (directory, tag, i),
                                 "rb").read() for i in range(count)]
    status = 0
    for i in range(count):
        same = results["a"][i] == results["b"][i]
        print("result %d: %s" % (i, "identical" if same else "DIFFERENT"))
        status |= not same
    return status


if __name__ == "__main__":
    sys.exit(main())
