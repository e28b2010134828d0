// RUN: tpu-opt %s --hlo-spmd-partition=devices=4 -verify-diagnostics
// A program with sharding annotations is partitioned whole; collectives of
// its own would mean it was written per device too.

func.func @mixed(%x: tensor<8xf32> {hlo.sharding = #hlo.sharding<"{devices=[4]<=[4]}">}) -> tensor<8xf32> {
  // expected-error @+1 {{'hlo.all_reduce' op is an explicit collective in a program with sharding annotations, which hlo-spmd-partition partitions itself (mixing the two is not supported)}}
  %r = hlo.all_reduce sum %x {groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : tensor<8xf32>
  return %r : tensor<8xf32>
}
