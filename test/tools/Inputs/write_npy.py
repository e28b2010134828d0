"""Writes a small .npy file without NumPy: write_npy.py OUT DESCR SHAPE VALUES

DESCR is '<f4', '<i4', '|i1' or '|b1'; SHAPE like 2,3; VALUES comma-separated.
"""
import struct
import sys

out, descr, shape, values = sys.argv[1:5]
dims = tuple(int(d) for d in shape.split(",") if d)
fmt = {"<f4": "<f", "<i4": "<i", "|i1": "<b", "|b1": "<?"}[descr]
cast = float if descr == "<f4" else int
data = b"".join(struct.pack(fmt, cast(v)) for v in values.split(","))
header = "{'descr': '%s', 'fortran_order': False, 'shape': %r, }" % (descr, dims)
header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
with open(out, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
    f.write(header.encode() + data)
