"""Compares the memory report's program bytes with the executable's."""
import json
import sys

report = json.load(open(sys.argv[1]))
stats = json.load(open(sys.argv[2]))
program = max(f["program"] for f in report["functions"])
executable = stats["program_bytes"]
verdict = "equal" if program == executable else "DIFFERENT"
print(f"report program {program} == executable program {executable}: {verdict}")
