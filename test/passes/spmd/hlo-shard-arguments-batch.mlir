// RUN: tpu-opt %s -split-input-file --hlo-shard-arguments="data-parallel=1 devices=4 batch-arguments=images" | FileCheck %s
// RUN: tpu-opt %s -split-input-file --hlo-shard-arguments="data-parallel=1 devices=4 batch-arguments=0,2" | FileCheck %s --check-prefix=NUMBERS
// RUN: tpu-opt %s -split-input-file --hlo-shard-arguments="zero=3 devices=4 batch-arguments=images" | FileCheck %s --check-prefix=FSDP
// An inference program donates nothing: the named batch is cut along its
// first dimension and the weights (every other argument) are replicated;
// under ZeRO-3 (FSDP) the weights are cut too.

// CHECK-LABEL: func.func @predict
// CHECK-SAME: %arg0: tensor<8x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}
// CHECK-SAME: %arg1: tensor<16x4xf32> {hlo.sharding = #hlo.sharding<"{replicated}">}
// CHECK-SAME: %arg2: tensor<4x4xf32> {hlo.sharding = #hlo.sharding<"{replicated}">}

// NUMBERS-LABEL: func.func @predict
// NUMBERS-SAME: %arg0: tensor<8x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}
// NUMBERS-SAME: %arg1: tensor<16x4xf32> {hlo.sharding = #hlo.sharding<"{replicated}">}
// NUMBERS-SAME: %arg2: tensor<4x4xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}

// FSDP-LABEL: func.func @predict
// FSDP-SAME: %arg0: tensor<8x16xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}
// FSDP-SAME: %arg1: tensor<16x4xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}
// FSDP-SAME: %arg2: tensor<4x4xf32> {hlo.sharding = #hlo.sharding<"{devices=[4,1]<=[4]}">}
func.func @predict(%images: tensor<8x16xf32> loc("images"), %w: tensor<16x4xf32> loc("params['w']"),
                   %b: tensor<4x4xf32>) -> tensor<8x4xf32> {
  %y = hlo.dot_general %images, %w, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}
