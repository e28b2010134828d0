// RUN: tpu-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{layout {1,0:T(8,128)} orders 2 dimensions, but the tensor has rank 3}}
func.func @layout_rank(%x: tensor<2x3x4xf32, #tpu.layout<{1,0:T(8,128)}>>) {
  return
}

// -----

// expected-error @+1 {{invalid layout {0,0:T(8,128)}: minor_to_major repeats dimension 0; it must be a permutation of the dimensions}}
func.func @layout_permutation(%x: tensor<2x3xf32, #tpu.layout<{0,0:T(8,128)}>>) {
  return
}

// -----

// expected-error @+1 {{invalid layout {2,0:T(8,128)}: minor_to_major names dimension 2 of a rank-2 shape}}
func.func @layout_range(%x: tensor<2x3xf32, #tpu.layout<{2,0:T(8,128)}>>) {
  return
}

// -----

// expected-error @+1 {{invalid layout {1,0:T(0,128)}: tile sizes must be positive, but T(0,128) has 0}}
func.func @layout_tile_size(%x: tensor<2x3xf32, #tpu.layout<{1,0:T(0,128)}>>) {
  return
}

// -----

// expected-error @+1 {{expected integer value}}
func.func @layout_empty_tile(%x: tensor<2x3xf32, #tpu.layout<{1,0:T()}>>) {
  return
}

// -----

// expected-error @+1 {{expected '('}}
func.func @layout_syntax(%x: tensor<2x3xf32, #tpu.layout<{1,0:T}>>) {
  return
}

// -----

// expected-error @+1 {{expected '}'}}
func.func @layout_unknown_suffix(%x: tensor<2x3xf32, #tpu.layout<{1,0:Q(1)}>>) {
  return
}

// -----

func.func @layout_elementwise_mismatch(%x: tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>,
                                       %y: tensor<8x128xf32, #tpu.layout<{0,1:T(8,128)}>>) {
  // expected-error @+1 {{'hlo.add' op operand #1 has layout {0,1:T(8,128)} but operand #0 has {1,0:T(8,128)}; elementwise ops read and write one layout}}
  %0 = "hlo.add"(%x, %y) : (tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>, tensor<8x128xf32, #tpu.layout<{0,1:T(8,128)}>>) -> tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>
  return
}

// -----

func.func @layout_compare_result(%x: tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>) {
  // A pred result may use its own tiles, but not another order.
  // expected-error @+1 {{'hlo.compare' op result #0 has layout {0,1:T(8,128)E(32)} but operand #0 has {1,0:T(8,128)}}}
  %0 = hlo.compare LT, %x, %x : (tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>, tensor<8x128xf32, #tpu.layout<{1,0:T(8,128)}>>) -> tensor<8x128xi1, #tpu.layout<{0,1:T(8,128)E(32)}>>
  return
}
