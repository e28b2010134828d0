// RUN: tpu-opt %s -split-input-file --hlo-spmd-partition=devices=4 -verify-diagnostics
// RUN: not tpu-opt %s -split-input-file --hlo-spmd-partition=devices=1 2>&1 | FileCheck %s --check-prefix=ONE
// A manual computation runs on the devices it was written for.

// ONE: error: 'hlo.manual_computation' op is written for 2 devices (shard_map's body): compile the program for a topology of that many devices (--topology)
func.func @devices(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{the manual computation's input 0's sharding {devices=[2]<=[2]} names 2 devices, but the program runs on 4}}
  %r = hlo.manual_computation(%x) devices = 2 in_shardings = [#hlo.sharding<"{devices=[2]<=[2]}">] out_shardings = [#hlo.sharding<"{devices=[2]<=[2]}">] {
  ^bb0(%t: tensor<4xf32>):
    hlo.yield %t : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @replicated(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'hlo.manual_computation' op is written for 2 devices, but the program runs on 4}}
  %r = hlo.manual_computation(%x) devices = 2 in_shardings = [#hlo.sharding<"{replicated}">] out_shardings = [#hlo.sharding<"{replicated}">] {
  ^bb0(%t: tensor<8xf32>):
    hlo.yield %t : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
