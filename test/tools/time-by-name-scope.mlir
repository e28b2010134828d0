// Time by JAX name scope: a hand-written export of a 2-layer MLP's forward
// pass with JAX's name-stack locations. The summary names each top kernel
// by its op_name and adds the time by name scope and by op; the stats
// JSON gives every kernel its op_name and source and the same groups; the
// trace has XProf's Steps and XLA Ops tracks, a slice per kernel run with
// its op_name, FLOPs and bytes, and an HBM-in-use counter.
// RUN: tpu-compile %s --target=v5e -o %t.tpu
// RUN: tpu-run %t.tpu --timing-only --stats-json=%t.stats.json --profile=%t.trace.json | FileCheck %s
// CHECK: top kernels:
// CHECK: {{fusion[_0-9]*}} {{.*}}-bound  jit(mlp)/jit(main)/dense{{[12]}}/dot_general
// CHECK: time by name scope:
// CHECK-NEXT: {{ us .*}}%    1 kernel(s)  dense{{[12]}}
// CHECK-NEXT: {{ us .*}}%    1 kernel(s)  dense{{[12]}}
// CHECK: time by op:
// CHECK-NEXT: {{ us .*}}%    2 kernel(s)  dot_general
// RUN: %python %S/Inputs/check_trace.py %t.trace.json %t.stats.json | FileCheck %s --check-prefix=TRACE
// The HBM counter peaks where the memory report does: the 3.5M of
// arguments, the 1M hidden layer and the 256K result, 4.75M.
// TRACE: OK 2 kernel slices, HBM in use peaks at 4980736 bytes
// RUN: tpu-compile %s --target=v5e --memory-report -o /dev/null | FileCheck %s --check-prefix=PEAK
// PEAK: @main on v5e: uses 4.75M of
// RUN: FileCheck %s --check-prefix=STATS < %t.stats.json
// STATS: "op_name": "jit(mlp)/jit(main)/dense1/dot_general", "source": "/home/me/mlp.py:12:8"
// STATS: "by_name_scope": [
// STATS: "by_op": [
// Without name scopes, the kernels have their program positions.
// RUN: tpu-run %S/../e2e/stablehlo-sharding.mlir --timing-only --stats-json=%t.plain.json > /dev/null
// RUN: FileCheck %s --check-prefix=PLAIN < %t.plain.json
// PLAIN: "op_name": "", "source": "{{.*}}stablehlo-sharding.mlir:{{[0-9]+}}:{{[0-9]+}}"
module @jit_mlp {
  func.func public @main(%x: tensor<256x512xf32> loc("x"), %w1: tensor<512x1024xf32> loc("params['w1']"),
                         %w2: tensor<1024x256xf32> loc("params['w2']")) -> (tensor<256x256xf32> {jax.result_info = ""}) {
    %0 = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<256x512xf32>, tensor<512x1024xf32>) -> tensor<256x1024xf32> loc(#dot1)
    %1 = stablehlo.tanh %0 : tensor<256x1024xf32> loc(#tanh1)
    %2 = stablehlo.dot_general %1, %w2, contracting_dims = [1] x [0] : (tensor<256x1024xf32>, tensor<1024x256xf32>) -> tensor<256x256xf32> loc(#dot2)
    return %2 : tensor<256x256xf32>
  }
}
#py1 = loc("/home/me/mlp.py":12:8)
#py2 = loc("/home/me/mlp.py":13:8)
#py3 = loc("/home/me/mlp.py":14:8)
#dot1 = loc("jit(mlp)/jit(main)/dense1/dot_general"(#py1))
#tanh1 = loc("jit(mlp)/jit(main)/dense1/tanh"(#py2))
#dot2 = loc("jit(mlp)/jit(main)/dense2/dot_general"(#py3))
