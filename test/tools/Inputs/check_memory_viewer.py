#!/usr/bin/env python3
"""Loads a memory viewer page in headless Chromium and checks it.

The page must load without console messages or script errors and finish
drawing (<html data-ready="true">); its "largest allocations" table must
equal the memory report's entries field by field, and every row of its
"live at the peak" table must be an allocation of the program (a report
entry, or no larger than the report's smallest entry when the report is
cut at top N). Its views beyond the report must be drawn from the data:
a block per heap buffer in the lifetimes chart, a row per argument, and
the by-class and by-scope tables when the data has them.

usage: check_memory_viewer.py CHROMIUM PAGE.html REPORT.txt FUNCTION
"""

import html
import json
import os
import re
import subprocess
import sys
import tempfile

FIELDS = ["size", "operator", "shape", "unpadded", "padding", "type", "label"]


def fail(message):
    print("error: " + message, file=sys.stderr)
    sys.exit(1)


def load(chromium, page):
    # A fresh profile per run so that concurrent tests do not share one.
    with tempfile.TemporaryDirectory() as profile:
        run = subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--user-data-dir=" + profile,
             "--enable-logging=stderr", "--v=0", "--dump-dom",
             "file://" + os.path.abspath(page)],
            capture_output=True, text=True, timeout=120)
    if run.returncode != 0:
        fail("chromium exited with %d:\n%s" % (run.returncode, run.stderr))
    console = [l for l in run.stderr.splitlines() if ":CONSOLE" in l]
    if console:
        fail("the page wrote to the console:\n" + "\n".join(console))
    return run.stdout


def table_rows(dom, table_id):
    match = re.search(r'<table class="allocations" id="%s">(.*?)</table>'
                      % re.escape(table_id), dom, re.S)
    if not match:
        fail("no table #%s in the page" % table_id)
    rows = []
    for row in re.findall(r'<tr data-rank="\d+">(.*?)</tr>', match.group(1),
                          re.S):
        cells = [html.unescape(c) for c in
                 re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        rows.append(dict(zip(["rank"] + FIELDS[:-1] + ["label"], cells)))
    return rows


def report_entries(text):
    entries = []
    for block in re.split(r"\n  \d+\. ", "\n" + text.split(
            "Largest program allocations in hbm:", 1)[-1])[1:]:
        entry = {"operator": "", "padding": ""}
        for line in block.splitlines():
            line = line.strip()
            for prefix, key in [("Size: ", "size"), ("Operator: ", "operator"),
                                ("Shape: ", "shape"),
                                ("Unpadded size: ", "unpadded"),
                                ("Extra memory due to padding: ", "padding"),
                                ("XLA label: ", "label"),
                                ("Allocation type: ", "type")]:
                if line.startswith(prefix):
                    entry[key] = line[len(prefix):]
        entries.append(entry)
    return entries


def size_of(text):
    units = {"B": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    return float(text[:-1]) * units[text[-1]]


def main():
    if len(sys.argv) != 5:
        fail(__doc__)
    chromium, page, report_path, function = sys.argv[1:]
    dom = load(chromium, page)
    root = re.search(r"<html[^>]*>", dom).group(0)
    if 'data-ready="true"' not in root:
        fail("the page did not finish drawing: " + root)
    if "data-errors" in root:
        fail("the page's script failed: " + root)
    if "<svg" not in dom or 'class="padded"' not in dom:
        fail("the page has no chart")
    with open(report_path) as f:
        entries = report_entries(f.read())
    if not entries:
        fail("the report lists no allocations")
    largest = table_rows(dom, "largest-" + function)
    if len(largest) != len(entries):
        fail("the page lists %d largest allocations, the report %d"
             % (len(largest), len(entries)))
    for row, entry in zip(largest, entries):
        for key in FIELDS:
            if row[key] != entry.get(key, ""):
                fail("allocation %s: %s is '%s' in the page, '%s' in the "
                     "report" % (row["rank"], key, row[key], entry.get(key)))
    smallest = min(size_of(e["size"]) for e in entries)
    at_peak = table_rows(dom, "at-peak-" + function)
    if not at_peak:
        fail("no allocation is live at the peak")
    for row in at_peak:
        known = any(all(row[k] == e.get(k, "") for k in FIELDS)
                    for e in entries)
        if not known and size_of(row["size"]) > smallest:
            fail("allocation %s at the peak (%s, %s) is missing from the "
                 "report" % (row["rank"], row["size"], row["label"]))
    data = json.loads(html.unescape(re.search(
        r'<script type="application/json" id="memory-data">(.*?)</script>',
        dom, re.S).group(1)))
    fn = [f for f in data["functions"] if f["name"] == function][0]
    lifetimes = re.search(r'<svg[^>]*id="lifetimes-%s"[^>]*>(.*?)</svg>'
                          % re.escape(function), dom, re.S)
    if not lifetimes:
        fail("no lifetimes chart")
    blocks = len(re.findall(r'<rect class="buffer"', lifetimes.group(1)))
    if blocks != len(fn["buffers"]) or not blocks:
        fail("the lifetimes chart has %d blocks for %d buffers"
             % (blocks, len(fn["buffers"])))
    args = re.search(r'<table class="origins" id="arguments-%s">(.*?)</table>'
                     % re.escape(function), dom, re.S)
    rows = len(re.findall(r"<tr>", args.group(1))) - 1 if args else -1
    if rows != len(fn["argument_buffers"]):
        fail("the arguments table has %d rows for %d arguments"
             % (rows, len(fn["argument_buffers"])))
    for key, table in [("by_class", "by-class-"), ("by_scope", "by-scope-")]:
        if fn[key] and ('id="%s%s"' % (table, function)) not in dom:
            fail("no %s table" % key)
    print("memory viewer OK: %d largest allocations match the report, %d "
          "live at the peak, %d buffer lifetimes, %d arguments"
          % (len(largest), len(at_peak), blocks, rows))


if __name__ == "__main__":
    main()
