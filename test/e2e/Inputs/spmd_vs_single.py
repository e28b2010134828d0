"""Runs an SPMD program on every device of a slice and a single-device
program on one, with the same generated inputs (every device gets the
inputs), and compares each device's results with the single run's.

Usage: spmd_vs_single.py TPU_RUN SPMD SINGLE --topology=NAME [flags...]

Prints `device D: ` followed by compare_results.py's verdict for each
result; exits 1 on any failure. For a data-parallel step whose devices all
see the same batch, every device must end where one device does.
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
import run_e2e  # noqa: E402


def main():
    tpu_run, spmd, single, *flags = sys.argv[1:]
    rtol = os.environ.get("E2E_RTOL", "2e-2")
    atol = os.environ.get("E2E_ATOL", "1e-3")
    name, types = run_e2e.signatures(open(single).read())[0]
    inputs = ["--input=%s=%s" % (t, ",".join(gen_inputs.values(t, i + 1)))
              for i, t in enumerate(types)]
    with tempfile.NamedTemporaryFile("w", suffix=".args") as args:
        args.write("\n".join(inputs) + "\n")
        args.flush()
        one_flags = [f for f in flags if not f.startswith("--topology")]
        runs = [subprocess.run([tpu_run, program, "--function=" + name,
                                "@" + args.name] + extra,
                               capture_output=True, text=True)
                for program, extra in ((spmd, flags), (single, one_flags))]
    for run in runs:
        if run.returncode:
            print("FAIL (exit %d) %s" % (run.returncode, run.stderr.strip()))
            return 1
    reference = compare_results.parse(runs[1].stdout)
    # Each device's block: from its `device[d]:` line to the next.
    blocks = re.split(r"^device\[\d+\]:$", runs[0].stdout, flags=re.M)[1:]
    if not blocks:
        print("FAIL: the SPMD run printed no devices")
        return 1
    status = 0
    for d, block in enumerate(blocks):
        for line in compare_results.compare(compare_results.parse(block),
                                            reference, float(rtol),
                                            float(atol)):
            print("device %d: %s" % (d, line))
            status |= line.startswith("FAIL")
    return status


if __name__ == "__main__":
    sys.exit(main())
