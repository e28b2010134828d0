// A collective inside a loop body: the loop runs on every device, and each
// iteration's all-reduce meets the other devices' (1 -> 4 -> 16 -> 64 on 4
// devices).
// RUN: tpu-run %s --topology=v4-8 --input=4xf32=1 --input=i32=3 | FileCheck %s
// CHECK: device[3]:
// CHECK-NEXT: result[0]: 4xf32=64 64 64 64
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --topology=v4-8 | FileCheck %s --check-prefix=REF --implicit-check-not=FAIL
// REF-COUNT-4: @main: result {{[0-9]}}: 4xf32 exact

module attributes {mhlo.num_partitions = 4 : i32} {
func.func @main(%x: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %acc = %x) : tensor<i32>, tensor<4xf32>
    cond {
      %c = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %s = "stablehlo.all_reduce"(%acc) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %t = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %t : tensor<f32>
      }) : (tensor<4xf32>) -> tensor<4xf32>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %j, %s : tensor<i32>, tensor<4xf32>
    }
  return %r#1 : tensor<4xf32>
}
}
