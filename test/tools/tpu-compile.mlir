// tpu-compile runs the pipeline up to --compile-to and writes that phase.
// RUN: tpu-compile %s --compile-to=input | FileCheck %s --check-prefix=INPUT
// RUN: tpu-compile %s --compile-to=simplify | FileCheck %s --check-prefix=SIMPLIFY
// RUN: tpu-compile %s --compile-to=fuse | FileCheck %s --check-prefix=FUSE
// RUN: tpu-compile %s --compile-to=layouts | FileCheck %s --check-prefix=LAYOUTS
// RUN: tpu-compile %s --compile-to=pad | FileCheck %s --check-prefix=PAD
// RUN: tpu-compile %s --compile-to=buffers | FileCheck %s --check-prefix=BUFFERS
// RUN: tpu-compile %s --compile-to=lower | FileCheck %s --check-prefix=LOWER
// By default it writes the executable.
// RUN: tpu-compile %s -o %t.tpu
// RUN: %python -c "import sys; sys.stdout.write(open(sys.argv[1], 'rb').read(7).decode())" %t.tpu | FileCheck %s --check-prefix=EXE
// Verifying after every pass changes nothing in a valid program's output.
// RUN: tpu-compile %s --verify-each -o %t.each.tpu
// RUN: cmp %t.tpu %t.each.tpu
// RUN: tpu-compile %s --target=v6e --compile-to=layouts | FileCheck %s --check-prefix=V6E
//
// tpu-opt runs the same registered pipeline.
// RUN: tpu-compile %s --compile-to=lower -o %t.compile.mlir
// RUN: tpu-opt %s --tpu-compile -o %t.opt.mlir
// RUN: diff %t.compile.mlir %t.opt.mlir
//
// MLIR's pass manager options work through it.
// RUN: tpu-compile %s --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
// RUN: tpu-compile %s --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTER
//
// Errors: exit code 1 with a message.
// RUN: not tpu-compile %s --compile-to=nowhere 2>&1 | FileCheck %s --check-prefix=PHASE
// RUN: not tpu-compile %s --layout-mode=fastest 2>&1 | FileCheck %s --check-prefix=MODE
// RUN: not tpu-compile %s --default-precision=high 2>&1 | FileCheck %s --check-prefix=PRECISION
// An executable is not written to a terminal (script gives it one).
// RUN: not script -qec "tpu-compile %s" /dev/null | FileCheck %s --check-prefix=TTY
// RUN: tpu-compile --help | FileCheck %s --check-prefix=HELP
// RUN: not tpu-compile %s --target=v9 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not tpu-compile %t.missing.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not tpu-compile %s --compile-to=pad --memory-report 2>&1 | FileCheck %s --check-prefix=NOPLAN
// RUN: sh -c 'tpu-compile %s --target=v9 > /dev/null 2>&1; test $? -eq 1'

// INPUT-LABEL: func.func @mlp
// INPUT:         hlo.multiply
// INPUT-NOT:     #tpu.layout

// SIMPLIFY-LABEL: func.func @mlp
// SIMPLIFY-NOT:     hlo.multiply
// SIMPLIFY:         hlo.dot_general
// SIMPLIFY-NOT:     hlo.fusion

// FUSE-LABEL: func.func @mlp
// FUSE:         %[[F:.+]] = hlo.fusion kind = output
// FUSE:           hlo.dot_general
// FUSE:           hlo.tanh
// FUSE:         return %[[F]]

// LAYOUTS-LABEL: func.func @mlp
// LAYOUTS-SAME:    tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>
// LAYOUTS-NOT:     tpu.hbm_offsets

// PAD-LABEL: func.func @mlp
// PAD:         hlo.fusion kind = output
// PAD-NOT:     tpu.hbm_offsets

// BUFFERS-LABEL: func.func @mlp
// BUFFERS:         hlo.fusion kind = output {{.*}} attributes {tpu.hbm_offsets = array<i64: 0>}

// LOWER-LABEL: func.func @mlp
// LOWER-SAME:    memref<8x128xf32, #tpu.memory_space<hbm>> {tpu.logical_type = tensor<8x128xf32
// LOWER:         tpu.kernel "fusion"
// LOWER:           tpu.matmul
// LOWER:           tpu.vector tanh

// EXE: TPUEXEC

// V6E-LABEL: func.func @mlp
// V6E-SAME:    tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>

// TIMING: Execution time report
// TIMING: HLOSimplify
// TIMING: HLOFuse
// TIMING: TPUAssignLayouts
// TIMING: TPUPad
// TIMING: TPUAssignBuffers
// TIMING: TPULower

// AFTER: IR Dump After HLOSimplify
// AFTER: IR Dump After TPUAssignBuffers

// NOPLAN: error: the memory report and viewer describe assigned buffers: they need compile-to=buffers or a later phase
// PHASE: tpu-compile: for the --compile-to option: invalid value 'nowhere'; expected one of: input, simplify, fuse, layouts, pad, buffers, lower, executable
// MODE: tpu-compile: for the --layout-mode option: invalid value 'fastest'; expected one of: xla-default, min-padding
// PRECISION: tpu-compile: for the --default-precision option: invalid value 'high'; expected one of: default, highest
// TTY: tpu-compile: refusing to write the binary executable to a terminal; give -o FILE (or --compile-to=PHASE for MLIR text)
// HELP: tpu-compile options:
// HELP: --compile-to
// HELP: --target
// HELP-NOT: amdgpu
// HELP-NOT: polly

// TARGET: tpu-compile: unknown target 'v9'; expected v2, v3, v4, v5e, v5p or v6e

// MISSING: tpu-compile: cannot open input file '{{.*}}.missing.mlir': No such file or directory

func.func @mlp(%x: tensor<8x128xf32>, %w: tensor<128x128xf32>,
               %b: tensor<128xf32>) -> tensor<8x128xf32> {
  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [0]
      : (tensor<8x128xf32>, tensor<128x128xf32>) -> tensor<8x128xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<128xf32>) -> tensor<8x128xf32>
  %one = hlo.constant dense<1.0> : tensor<8x128xf32>
  %y1 = hlo.multiply %y, %one : tensor<8x128xf32>
  %z = hlo.add %y1, %bb : tensor<8x128xf32>
  %t = hlo.tanh %z : tensor<8x128xf32>
  return %t : tensor<8x128xf32>
}
