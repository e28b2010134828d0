"""Checks tpu-run's Chrome trace and stats JSON for a program whose ops
carry JAX name scopes: every kernel slice of the XLA Ops track names its
kernel and carries its op_name, source, FLOPs and bytes (matching the stats
JSON's kernels), the Steps track spans the step, an HBM counter samples
each kernel run, and the stats' time by
name scope and by op add up to the kernels' time.

usage: check_trace.py TRACE STATS"""

import json
import sys


def main(trace_path, stats_path):
    trace = json.load(open(trace_path))["traceEvents"]
    stats = json.load(open(stats_path))
    names = {e["tid"]: e["args"]["name"] for e in trace
             if e["ph"] == "M" and e["name"] == "thread_name"}
    order = {e["tid"]: e["args"]["sort_index"] for e in trace
             if e["ph"] == "M" and e["name"] == "thread_sort_index"}
    by_name = {v: k for k, v in names.items()}
    ok = True

    def fail(message):
        nonlocal ok
        ok = False
        print("FAIL:", message)

    if order.get(by_name.get("Steps")) != 0 or \
            order.get(by_name.get("XLA Ops")) != 1:
        fail("Steps and XLA Ops are not the first tracks: %s" % order)
    steps = [e for e in trace if e.get("tid") == by_name.get("Steps")
             and e["ph"] == "X"]
    step_us = stats["step_time_s"] * 1e6
    if len(steps) != 1 or abs(steps[0]["dur"] - step_us) > 1e-3:
        fail("the Steps track is not one step of %.4f us: %s"
             % (step_us, steps))
    ops = [e for e in trace if e.get("tid") == by_name.get("XLA Ops")
           and e["ph"] == "X"]
    kernels = {k["name"]: k for k in stats["kernels"]}
    if sorted(e["name"] for e in ops) != sorted(
            k["name"] for k in stats["kernels"] if k["runs"]):
        fail("XLA Ops slices %s are not the kernels that ran %s"
             % (sorted(e["name"] for e in ops), sorted(kernels)))
    for e in ops:
        k = kernels.get(e["name"], {})
        args = e["args"]
        if not args["op_name"] or args["op_name"] != k.get("op_name"):
            fail("%s: op_name %r, the stats say %r"
                 % (e["name"], args["op_name"], k.get("op_name")))
        if args["source"] != k.get("source") or ":" not in args["source"]:
            fail("%s: source %r" % (e["name"], args["source"]))
        if args["flops"] != k.get("flops") or \
                args["bytes_accessed"] != k.get("hbm_bytes"):
            fail("%s: flops/bytes %s/%s, the stats say %s/%s"
                 % (e["name"], args["flops"], args["bytes_accessed"],
                    k.get("flops"), k.get("hbm_bytes")))
    hbm = [e["args"]["bytes"] for e in trace
           if e["ph"] == "C" and e["name"] == "HBM in use"]
    if len(hbm) != len(ops):
        fail("%d HBM samples for %d kernel runs" % (len(hbm), len(ops)))
    total = sum(k["cycles"] for k in stats["kernels"])
    for key in ("by_name_scope", "by_op"):
        if sum(g["cycles"] for g in stats[key]) != total:
            fail("%s does not add up to the kernels' %d cycles" % (key, total))
    print("OK" if ok else "FAILED", len(ops), "kernel slices, HBM in use "
          "peaks at", max(hbm, default=0), "bytes")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
