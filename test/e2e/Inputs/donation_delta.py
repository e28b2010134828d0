"""Compares two memory-viewer JSON files of one program, with and without
donated arguments: prints the bytes the donated outputs share with their
arguments and by how much donation lowers the live bytes at the end of the
step (where every update is live) and at the peak.

Usage: donation_delta.py DONATED.json KEPT.json
"""
import json
import sys


def main():
    donated, kept = (json.load(open(p))["functions"][0] for p in sys.argv[1:])
    print("shared with arguments: %d" % donated["output_shared_with_arguments"])
    print("end of step lowered by: %d" % (kept["timeline"][-1]["padded"] -
                                          donated["timeline"][-1]["padded"]))
    peak = lambda f: f["timeline"][f["peak_position"]]["padded"]
    print("peak lowered by: %d" % (peak(kept) - peak(donated)))


if __name__ == "__main__":
    main()
