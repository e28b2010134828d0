// The element types beyond f32, bf16, i32, i8 and i1 on the simulated TPU:
// unsigned integers wrap modulo 2^n, compare and divide as unsigned, divide
// by zero to all ones, and shift arithmetically on their bits; i16 wraps;
// f16 rounds each result to nearest even (ties to even, overflow to inf)
// and its products run on the MXU in f32. Hand-computed values first, then
// generated inputs against the evaluator.
// RUN: tpu-run %s --function=unsigned8 --input="6xui8=200,1,7,128,255,0" --input="6xui8=100,2,0,1,255,3" | FileCheck %s --check-prefix=U8
// U8: result[0]: 6xui8=44 3 7 129 254 3
// U8: result[1]: 6xui8=100 255 7 127 0 253
// U8: result[2]: 6xui8=32 2 0 128 1 0
// U8: result[3]: 6xui8=2 0 255 128 1 0
// U8: result[4]: 6xui8=200 2 7 128 255 3
// U8: result[5]: 6xi1=0 1 0 0 0 1
// U8: result[6]: 6xui8=228 0 3 192 255 0
// RUN: tpu-run %s --function=unsigned32 --input="4xui32=4294967295,3000000000,5,0" --input="4xui32=4294967295,2,0,1" | FileCheck %s --check-prefix=U32
// U32: result[0]: 4xui32=1 1705032704 0 0
// U32: result[1]: 4xui32=1 1500000000 4294967295 0
// U32: result[2]: 4xui32=0 0 5 0
// U32: result[3]: 4xf32=4.294967e+09 3e+09 5 0
// U32: result[4]: 4xui32=4294967295 3000000000 5 1
// RUN: tpu-run %s --function=signed16 --input="4xi16=32767,-32768,-5,300" --input="4xi16=1,-1,2,300" | FileCheck %s --check-prefix=I16
// I16: result[0]: 4xi16=-32768 32767 -3 600
// I16: result[1]: 4xi16=32767 -32768 -10 24464
// I16: result[2]: 4xui16=32767 32768 65531 300
// RUN: tpu-run %s --function=half --input="4xf16=1,65504,0.1,-2.5" --input="4xf16=0.00048828125,2,3,0.5" | FileCheck %s --check-prefix=F16
// F16: result[0]: 4xf16=1 65504 3.099609 -2
// F16: result[1]: 4xf16=0.0004882812 inf 0.2998047 -1.25
// F16: result[2]: 4xf16=2048 32752 0.0333252 -5
// RUN: tpu-run %s --function=half_dot --input="2x3xf16=1,2,3,4,5,6" --input="3x2xf16=0.5,1,0.25,2,0.125,4" | FileCheck %s --check-prefix=DOT
// DOT: result[0]: 2x2xf16=[1.375 17][4 38]
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s --check-prefix=REF
// REF: @unsigned8: result 0: 6xui8 exact
// REF: @unsigned8: result 6: 6xui8 exact
// REF: @unsigned32: result 4: 4xui32 exact
// REF: @signed16: result 2: 4xui16 exact
// REF: @half: result 2: 4xf16 exact
// REF: @half_dot: result 0: 2x2xf16 exact
// REF: @half_reduce: result 0: 3xf16 exact
// REF: @unsigned_reduce: result 1: 3xui16 exact

func.func @unsigned8(%x: tensor<6xui8>, %y: tensor<6xui8>) -> (tensor<6xui8>, tensor<6xui8>, tensor<6xui8>, tensor<6xui8>, tensor<6xui8>, tensor<6xi1>, tensor<6xui8>) {
  %add = hlo.add %x, %y : tensor<6xui8>
  %sub = hlo.subtract %x, %y : tensor<6xui8>
  %mul = hlo.multiply %x, %y : tensor<6xui8>
  %div = hlo.divide %x, %y : tensor<6xui8>
  %max = hlo.maximum %x, %y : tensor<6xui8>
  %lt = hlo.compare LT, %x, %y : (tensor<6xui8>, tensor<6xui8>) -> tensor<6xi1>
  %one = hlo.constant dense<1> : tensor<6xui8>
  %sra = hlo.shift_right_arithmetic %x, %one : tensor<6xui8>
  return %add, %sub, %mul, %div, %max, %lt, %sra : tensor<6xui8>, tensor<6xui8>, tensor<6xui8>, tensor<6xui8>, tensor<6xui8>, tensor<6xi1>, tensor<6xui8>
}

func.func @unsigned32(%x: tensor<4xui32>, %y: tensor<4xui32>) -> (tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xf32>, tensor<4xui32>) {
  %mul = hlo.multiply %x, %y : tensor<4xui32>
  %div = hlo.divide %x, %y : tensor<4xui32>
  %rem = hlo.remainder %x, %y : tensor<4xui32>
  %f = hlo.convert %x : (tensor<4xui32>) -> tensor<4xf32>
  %max = hlo.maximum %x, %y : tensor<4xui32>
  return %mul, %div, %rem, %f, %max : tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xf32>, tensor<4xui32>
}

func.func @signed16(%x: tensor<4xi16>, %y: tensor<4xi16>) -> (tensor<4xi16>, tensor<4xi16>, tensor<4xui16>) {
  %add = hlo.add %x, %y : tensor<4xi16>
  %mul = hlo.multiply %x, %y : tensor<4xi16>
  %u = hlo.convert %x : (tensor<4xi16>) -> tensor<4xui16>
  return %add, %mul, %u : tensor<4xi16>, tensor<4xi16>, tensor<4xui16>
}

func.func @half(%x: tensor<4xf16>, %y: tensor<4xf16>) -> (tensor<4xf16>, tensor<4xf16>, tensor<4xf16>) {
  %add = hlo.add %x, %y : tensor<4xf16>
  %mul = hlo.multiply %x, %y : tensor<4xf16>
  %div = hlo.divide %x, %y : tensor<4xf16>
  return %add, %mul, %div : tensor<4xf16>, tensor<4xf16>, tensor<4xf16>
}

func.func @half_dot(%a: tensor<2x3xf16>, %b: tensor<3x2xf16>) -> tensor<2x2xf16> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf16>, tensor<3x2xf16>) -> tensor<2x2xf16>
  return %0 : tensor<2x2xf16>
}

func.func @half_reduce(%x: tensor<3x40xf16>) -> tensor<3xf16> {
  %0 = hlo.reduce sum %x, dims = [1] : (tensor<3x40xf16>) -> tensor<3xf16>
  return %0 : tensor<3xf16>
}

func.func @unsigned_reduce(%x: tensor<3x40xui16>) -> (tensor<3xui16>, tensor<3xui16>) {
  %0 = hlo.reduce max %x, dims = [1] : (tensor<3x40xui16>) -> tensor<3xui16>
  %1 = hlo.reduce min %x, dims = [1] : (tensor<3x40xui16>) -> tensor<3xui16>
  return %0, %1 : tensor<3xui16>, tensor<3xui16>
}
