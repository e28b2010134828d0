// rng_bit_generator against XLA's bit generators written out in Python
// (Inputs/xla_prng.py, which shares no code with the compiler and passes
// Random123's known-answer vectors for Threefry-2x32-20 and
// Philox-4x32-10): the values below are that oracle's. The state is a
// run-time argument. THREE_FRY at state (0, 0) gives the values XLA gives
// (1797259609 2579123966 1351547692 ...: r-xla/anvil's documented example).
// RUN: %python %S/Inputs/xla_prng.py kat | FileCheck %s --check-prefix=KAT
// KAT: kat ok
// RUN: tpu-run %s --function=threefry_3x2 --input="2xui64=0,0" | FileCheck %s --check-prefix=TF0
// TF0: result[0]: 2xui64=0 3
// TF0: result[1]: 3x2xui32=[1797259609 2579123966][1351547692 3235790642][1688610540 4229293427]
// A counter that wraps, an odd shape (split along its largest dimension,
// cut back), 64-bit words and a scalar.
// RUN: tpu-run %s --function=threefry_odd --input="2xui64=42,18446744073709551615" | FileCheck %s --check-prefix=TFODD
// TFODD: result[0]: 2xui64=42 8
// TFODD: result[1]: 3x5xui32=[3387912522 1521909536 3732534457 1332528664 646961260][2234760234 457295592 1073472746 3696590631 2676104049][1131265418 692999116 3747782176 2511341195 2642642533]
// RUN: tpu-run %s --function=threefry_64 --input="2xui64=42,18446744073709551615" | FileCheck %s --check-prefix=TF64
// TF64: result[0]: 2xui64=42 3
// TF64: result[1]: 2x2xui64=[6536551687978447178 5723167036595107001][18313067817178486892 1964069614479719466]
// RUN: tpu-run %s --function=threefry_scalar --input="2xui64=5,1" | FileCheck %s --check-prefix=TFS
// TFS: result[0]: 2xui64=5 2
// TFS: result[1]: ui32=2544891230
// PHILOX with a 128-bit counter whose low word carries into the high one,
// and DEFAULT (XLA's expander: PHILOX) with 64-bit words.
// RUN: tpu-run %s --function=philox_carry --input="3xui64=7,18446744073709551614,5" | FileCheck %s --check-prefix=PH
// PH: result[0]: 3xui64=7 0 6
// PH: result[1]: 7xui32=491848808 3750276210 2738965347 1083093361 592388033 4281800940 662029415
// RUN: tpu-run %s --function=default_64 --input="2xui64=9,100" | FileCheck %s --check-prefix=DEF
// DEF: result[0]: 2xui64=9 102
// DEF: result[1]: 3xui64=13669020496431513506 12735664443460590418 15103419895351741876
// JAX's rbg keys: ui32[4] bitcast to ui64[2] (element 0 the low word) and
// back around rng_bit_generator.
// RUN: tpu-run %s --function=jax_rbg --input="4xui32=1,2,3,4" | FileCheck %s --check-prefix=JAX
// JAX: result[0]: 4xui32=1 2 5 4
// JAX: result[1]: 2x3xui32=[4217200051 1653593442 1450031448][72658424 1326622608 2225296158]
// stablehlo.rng: Philox bits of the compiler's own state made uniform
// floats in [a, b), uniform integers in [a, b) (every value drawn) and
// normal numbers (Box-Muller) with mean a and standard deviation b; the
// evaluator gives the same bits.
// RUN: tpu-run %s --function=rng_distributions --input="f32=2" --input="f32=5" --input="i32=-3" --input="i32=7" --input="ui8=200" --input="ui8=250" | %python %S/Inputs/rng_stats.py uniform:2:5 normal:2:5 int:-3:7 int:200:250 normal:2:5 | FileCheck %s --check-prefix=STATS
// RUN: tpu-run %s --function=rng_distributions --input="f32=2" --input="f32=5" --input="i32=-3" --input="i32=7" --input="ui8=200" --input="ui8=250" --reference | %python %S/Inputs/rng_stats.py uniform:2:5 normal:2:5 int:-3:7 int:200:250 normal:2:5 | FileCheck %s --check-prefix=STATS
// STATS: result 0 ok
// STATS-NEXT: result 1 ok
// STATS-NEXT: result 2 ok
// STATS-NEXT: result 3 ok
// STATS-NEXT: result 4 ok
// The reference evaluator runs the imported arithmetic on the same inputs.
// RUN: tpu-run %s --function=jax_rbg --input="4xui32=1,2,3,4" --reference | FileCheck %s --check-prefix=JAX

func.func @threefry_3x2(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<3x2xui32>) {
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x2xui32>)
  return %0, %1 : tensor<2xui64>, tensor<3x2xui32>
}

func.func @threefry_odd(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xui32>) {
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xui32>)
  return %0, %1 : tensor<2xui64>, tensor<3x5xui32>
}

func.func @threefry_64(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>) {
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
  return %0, %1 : tensor<2xui64>, tensor<2x2xui64>
}

func.func @threefry_scalar(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<ui32>) {
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<ui32>)
  return %0, %1 : tensor<2xui64>, tensor<ui32>
}

func.func @philox_carry(%s: tensor<3xui64>) -> (tensor<3xui64>, tensor<7xui32>) {
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<7xui32>)
  return %0, %1 : tensor<3xui64>, tensor<7xui32>
}

func.func @default_64(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui64>) {
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui64>)
  return %0, %1 : tensor<2xui64>, tensor<3xui64>
}

func.func @jax_rbg(%key: tensor<4xui32>) -> (tensor<4xui32>, tensor<2x3xui32>) {
  %0 = stablehlo.reshape %key : (tensor<4xui32>) -> tensor<2x2xui32>
  %1 = stablehlo.bitcast_convert %0 : (tensor<2x2xui32>) -> tensor<2xui64>
  %2, %3 = stablehlo.rng_bit_generator %1, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui32>)
  %4 = stablehlo.bitcast_convert %2 : (tensor<2xui64>) -> tensor<2x2xui32>
  %5 = stablehlo.reshape %4 : (tensor<2x2xui32>) -> tensor<4xui32>
  return %5, %3 : tensor<4xui32>, tensor<2x3xui32>
}

func.func @rng_distributions(%a: tensor<f32>, %b: tensor<f32>, %lo: tensor<i32>, %hi: tensor<i32>, %lo8: tensor<ui8>, %hi8: tensor<ui8>) -> (tensor<40x50xf32>, tensor<40x50xf32>, tensor<2000xi32>, tensor<2000xui8>, tensor<1024xbf16>) {
  %s = stablehlo.constant dense<[40, 50]> : tensor<2xi64>
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<40x50xf32>
  %1 = stablehlo.rng %a, %b, %s, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<40x50xf32>
  %s1 = stablehlo.constant dense<[2000]> : tensor<1xi64>
  %2 = stablehlo.rng %lo, %hi, %s1, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<2000xi32>
  %3 = stablehlo.rng %lo8, %hi8, %s1, distribution = UNIFORM : (tensor<ui8>, tensor<ui8>, tensor<1xi64>) -> tensor<2000xui8>
  %ab = stablehlo.convert %a : (tensor<f32>) -> tensor<bf16>
  %bb = stablehlo.convert %b : (tensor<f32>) -> tensor<bf16>
  %s2 = stablehlo.constant dense<[1024]> : tensor<1xi64>
  %4 = stablehlo.rng %ab, %bb, %s2, distribution = NORMAL : (tensor<bf16>, tensor<bf16>, tensor<1xi64>) -> tensor<1024xbf16>
  return %0, %1, %2, %3, %4 : tensor<40x50xf32>, tensor<40x50xf32>, tensor<2000xi32>, tensor<2000xui8>, tensor<1024xbf16>
}
