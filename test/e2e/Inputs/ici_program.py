"""Writes an hlo program with one collective over groups along one axis of
a device mesh, for timing on a simulated slice.

Usage: ici_program.py KIND MESH AXIS ROWS COLS
  KIND: all_reduce, all_gather or reduce_scatter; MESH: device mesh sizes,
  innermost first (e.g. 16x1 or 4x4x4); AXIS: the axis the groups run along;
  ROWS x COLS: the f32 tensor each device holds (for all_gather, its shard;
  otherwise the full array).
"""
import itertools
import sys


def groups(mesh, axis):
    others = [range(n) for i, n in enumerate(mesh) if i != axis]
    strides = [1]
    for n in mesh[:-1]:
        strides.append(strides[-1] * n)
    rows = []
    for rest in itertools.product(*others):
        coords = list(rest)
        row = []
        for k in range(mesh[axis]):
            c = coords[:axis] + [k] + coords[axis:]
            row.append(sum(ci * s for ci, s in zip(c, strides)))
        rows.append(row)
    return rows


def main():
    kind, mesh, axis, rows, cols = sys.argv[1:]
    mesh = [int(n) for n in mesh.split("x")]
    axis, rows, cols = int(axis), int(rows), int(cols)
    g = groups(mesh, axis)
    attr = "dense<%s> : tensor<%dx%dxi64>" % (g, len(g), len(g[0]))
    n = len(g[0])
    operand = "tensor<%dx%dxf32>" % (rows, cols)
    if kind == "all_reduce":
        op = "hlo.all_reduce sum %%x {groups = %s} : %s" % (attr, operand)
        result = operand
    elif kind == "all_gather":
        result = "tensor<%dx%dxf32>" % (rows * n, cols)
        op = "hlo.all_gather %%x, dim = 0 {groups = %s} : (%s) -> %s" % (
            attr, operand, result)
    else:
        result = "tensor<%dx%dxf32>" % (rows // n, cols)
        op = "hlo.reduce_scatter sum %%x, dim = 0 {groups = %s} : (%s) -> %s" % (
            attr, operand, result)
    print("func.func @main(%%x: %s) -> %s {" % (operand, result))
    print("  %%r = %s" % op)
    print("  return %%r : %s" % result)
    print("}")


if __name__ == "__main__":
    main()
