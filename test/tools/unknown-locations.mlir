// JAX locates @main, its arguments and some ops at loc(unknown); the
// drivers give each its position in the file, so a diagnostic never says
// `<unknown>:0:`.
// RUN: not tpu-compile %s --hbm-limit=1M -o /dev/null 2>&1 | FileCheck %s --check-prefix=OOM
// OOM-NOT: <unknown>
// OOM: unknown-locations.mlir:{{[0-9]+}}:3: warning: Can't reduce memory use below 1.00M
// OOM: unknown-locations.mlir:{{[0-9]+}}:3: error: Ran out of memory in memory space hbm.
// An op the exporter located in its own files (JAX: the Python line and
// the name scope, on a machine without that file) is shown at its line of
// the program, with a note on where it was exported from; at parse-time
// verification too. The C API renders diagnostics the same way.
// RUN: not tpu-run %S/Inputs/unknown-location-op.mlir --input=4x8xf32=1 --input=4x8xf32=1 2>&1 | FileCheck %s --check-prefix=OP
// RUN: not tpu-compile %S/Inputs/unknown-location-op.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=OP
// OP-NOT: <unknown>
// OP: unknown-location-op.mlir:5:10: error: stablehlo.custom_call is not supported by the TPU compiler: the custom call target @Svd is unknown to it
// OP-NEXT: %1 = stablehlo.custom_call @Svd(%0)
// OP-NEXT: ^
// OP-NEXT: unknown-location-op.mlir:5:10: note: exported from /home/me/mlp.py:11:0 (jit(f)/svd)
// RUN: not tpu-compile %S/Inputs/exporter-location-verify.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY
// VERIFY: exporter-location-verify.mlir:3:10: error: 'stablehlo.add' op requires the same shape for all operands
// VERIFY-NEXT: %0 = stablehlo.add %arg0, %arg1
// VERIFY-NEXT: ^
// VERIFY-NEXT: exporter-location-verify.mlir:3:10: note: exported from /home/me/mlp.py:10:0 (jit(f)/dense1/add)
// VERIFY-NOT: error
// Arguments get theirs too; an op with a location of its own keeps it.
// RUN: tpu-compile %s --compile-to=input --mlir-print-debuginfo -o - | FileCheck %s --check-prefix=LOCS
// LOCS: func.func public @main(%arg0: tensor<1024x1024xf32> loc("{{.*}}unknown-locations.mlir":{{[0-9]+}}:26), %arg1: tensor<1024x1024xf32> loc("{{.*}}unknown-locations.mlir":{{[0-9]+}}:69))
// LOCS: loc("jit(f)/tanh"(
#loc = loc(unknown)
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1024x1024xf32> loc(unknown), %arg1: tensor<1024x1024xf32> loc(unknown)) -> (tensor<1024x1024xf32> {jax.result_info = ""}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32> loc(#loc)
    %1 = stablehlo.tanh %0 : tensor<1024x1024xf32> loc(#loc2)
    return %1 : tensor<1024x1024xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc1 = loc("/home/me/mlp.py":11:0)
#loc2 = loc("jit(f)/tanh"(#loc1))
