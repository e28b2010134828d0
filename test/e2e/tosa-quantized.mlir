// Quantized TOSA on the simulated TPU, against values worked out by hand
// from the TOSA 1.0 specification, and on generated inputs against the
// evaluator. (test/e2e/tosa-upstream.test compares random programs with
// upstream MLIR.)
// RUN: tpu-run %s --function=rescale_single --input=6xi32=4,-4,12,-12,3,-3 | FileCheck %s --check-prefix=SINGLE
// RUN: tpu-run %s --function=rescale_double --input=6xi32=4,-4,12,-12,3,-3 | FileCheck %s --check-prefix=DOUBLE
// RUN: tpu-run %s --function=rescale_saturate --input=4xi32=1,-1,255,-300 | FileCheck %s --check-prefix=SAT
// RUN: tpu-run %s --function=table_i8 --input=3xi8=-128,0,127 | FileCheck %s --check-prefix=T8
// RUN: tpu-run %s --function=table_i16 --input=4xi16=-32768,-32639,0,32767 | FileCheck %s --check-prefix=T16
// RUN: tpu-run %s --function=conv_zero_points --input=1x2x2x1xi8=10,-128,127,0 | FileCheck %s --check-prefix=CONV
// RUN: tpu-run %s --function=conv_pad_zero_point --input=1x1x1x1xi8=7 | FileCheck %s --check-prefix=PAD
// RUN: tpu-run %s --function=avg_pool --input=1x2x2x1xi8=1,2,3,5 | FileCheck %s --check-prefix=AVG
// RUN: tpu-run %s --function=avg_pool_padded --input=1x1x3x1xi8=4,5,6 | FileCheck %s --check-prefix=AVGPAD
// RUN: tpu-run %s --function=mul_shift --input=3xi32=3,-3,1048576 --input=3xi32=5,5,1048576 | FileCheck %s --check-prefix=MUL
// RUN: tpu-run %s --function=shift_round --input=4xi8=5,-5,6,7 | FileCheck %s --check-prefix=ARS
// RUN: tpu-run %s --function=negate --input=2xi8=-128,5 | FileCheck %s --check-prefix=NEG
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s --check-prefix=REF --implicit-check-not=FAIL
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s --target=v5e --layout-mode=min-padding | FileCheck %s --check-prefix=REF --implicit-check-not=FAIL

// A scale of 1/8 (multiplier 2^30, shift 33): SINGLE_ROUND adds half and
// floors, so ties round up (-4/8 to 0, -12/8 to -1).
// SINGLE: result[0]: 6xi8=1 0 2 -1 0 0
func.func @rescale_single(%x: tensor<6xi32>) -> tensor<6xi8> {
  %m = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tosa.const"() <{values = dense<33> : tensor<1xi8>}> : () -> tensor<1xi8>
  %izp = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %ozp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<6xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<6xi8>
  return %0 : tensor<6xi8>
}

// A scale of 1/8 with DOUBLE_ROUND: the rounding moves 2^30 toward the
// value's sign when the shift passes 31, so ties go away from zero and
// 3/8 rounds to 1 (two roundings), -3/8 to 0.
// DOUBLE: result[0]: 6xi8=1 -1 2 -2 1 0
func.func @rescale_double(%x: tensor<6xi32>) -> tensor<6xi8> {
  %m = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tosa.const"() <{values = dense<33> : tensor<1xi8>}> : () -> tensor<1xi8>
  %izp = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %ozp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = DOUBLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<6xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<6xi8>
  return %0 : tensor<6xi8>
}

// Scale 1/2, output zero point 3, saturated to i8: (1+1)/2+3, (-1+1)/2+3,
// 256/2+3 = 131 -> 127, -299/2 -> -150+3 -> -128.
// SAT: result[0]: 4xi8=4 3 127 -128
func.func @rescale_saturate(%x: tensor<4xi32>) -> tensor<4xi8> {
  %m = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
  %s = "tosa.const"() <{values = dense<31> : tensor<1xi8>}> : () -> tensor<1xi8>
  %izp = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %ozp = "tosa.const"() <{values = dense<3> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = SINGLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<4xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// table[i] = (3 i mod 256) - 128 at i = x + 128: x = -128, 0, 127 read
// entries 0, 128 and 255.
// T8: result[0]: 3xi8=-128 0 125
func.func @table_i8(%x: tensor<3xi8>) -> tensor<3xi8> {
  %t = "tosa.const"() <{values = dense<[-128, -125, -122, -119, -116, -113, -110, -107, -104, -101, -98, -95, -92, -89, -86, -83, -80, -77, -74, -71, -68, -65, -62, -59, -56, -53, -50, -47, -44, -41, -38, -35, -32, -29, -26, -23, -20, -17, -14, -11, -8, -5, -2, 1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34, 37, 40, 43, 46, 49, 52, 55, 58, 61, 64, 67, 70, 73, 76, 79, 82, 85, 88, 91, 94, 97, 100, 103, 106, 109, 112, 115, 118, 121, 124, 127, -126, -123, -120, -117, -114, -111, -108, -105, -102, -99, -96, -93, -90, -87, -84, -81, -78, -75, -72, -69, -66, -63, -60, -57, -54, -51, -48, -45, -42, -39, -36, -33, -30, -27, -24, -21, -18, -15, -12, -9, -6, -3, 0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42, 45, 48, 51, 54, 57, 60, 63, 66, 69, 72, 75, 78, 81, 84, 87, 90, 93, 96, 99, 102, 105, 108, 111, 114, 117, 120, 123, 126, -127, -124, -121, -118, -115, -112, -109, -106, -103, -100, -97, -94, -91, -88, -85, -82, -79, -76, -73, -70, -67, -64, -61, -58, -55, -52, -49, -46, -43, -40, -37, -34, -31, -28, -25, -22, -19, -16, -13, -10, -7, -4, -1, 2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 32, 35, 38, 41, 44, 47, 50, 53, 56, 59, 62, 65, 68, 71, 74, 77, 80, 83, 86, 89, 92, 95, 98, 101, 104, 107, 110, 113, 116, 119, 122, 125]> : tensor<256xi8>}> : () -> tensor<256xi8>
  %0 = tosa.table %x, %t : (tensor<3xi8>, tensor<256xi8>) -> tensor<3xi8>
  return %0 : tensor<3xi8>
}

// table[k] = 2k, interpolated: entry (x + 32768) >> 7, fraction x & 127;
// -32639 is entry 1 and fraction 1: (2 << 7) + (4 - 2) * 1 = 258; 32767 is
// entry 511, fraction 127: 1022 * 128 + 2 * 127.
// T16: result[0]: 4xi32=0 258 65536 131070
func.func @table_i16(%x: tensor<4xi16>) -> tensor<4xi32> {
  %t = "tosa.const"() <{values = dense<[0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62, 64, 66, 68, 70, 72, 74, 76, 78, 80, 82, 84, 86, 88, 90, 92, 94, 96, 98, 100, 102, 104, 106, 108, 110, 112, 114, 116, 118, 120, 122, 124, 126, 128, 130, 132, 134, 136, 138, 140, 142, 144, 146, 148, 150, 152, 154, 156, 158, 160, 162, 164, 166, 168, 170, 172, 174, 176, 178, 180, 182, 184, 186, 188, 190, 192, 194, 196, 198, 200, 202, 204, 206, 208, 210, 212, 214, 216, 218, 220, 222, 224, 226, 228, 230, 232, 234, 236, 238, 240, 242, 244, 246, 248, 250, 252, 254, 256, 258, 260, 262, 264, 266, 268, 270, 272, 274, 276, 278, 280, 282, 284, 286, 288, 290, 292, 294, 296, 298, 300, 302, 304, 306, 308, 310, 312, 314, 316, 318, 320, 322, 324, 326, 328, 330, 332, 334, 336, 338, 340, 342, 344, 346, 348, 350, 352, 354, 356, 358, 360, 362, 364, 366, 368, 370, 372, 374, 376, 378, 380, 382, 384, 386, 388, 390, 392, 394, 396, 398, 400, 402, 404, 406, 408, 410, 412, 414, 416, 418, 420, 422, 424, 426, 428, 430, 432, 434, 436, 438, 440, 442, 444, 446, 448, 450, 452, 454, 456, 458, 460, 462, 464, 466, 468, 470, 472, 474, 476, 478, 480, 482, 484, 486, 488, 490, 492, 494, 496, 498, 500, 502, 504, 506, 508, 510, 512, 514, 516, 518, 520, 522, 524, 526, 528, 530, 532, 534, 536, 538, 540, 542, 544, 546, 548, 550, 552, 554, 556, 558, 560, 562, 564, 566, 568, 570, 572, 574, 576, 578, 580, 582, 584, 586, 588, 590, 592, 594, 596, 598, 600, 602, 604, 606, 608, 610, 612, 614, 616, 618, 620, 622, 624, 626, 628, 630, 632, 634, 636, 638, 640, 642, 644, 646, 648, 650, 652, 654, 656, 658, 660, 662, 664, 666, 668, 670, 672, 674, 676, 678, 680, 682, 684, 686, 688, 690, 692, 694, 696, 698, 700, 702, 704, 706, 708, 710, 712, 714, 716, 718, 720, 722, 724, 726, 728, 730, 732, 734, 736, 738, 740, 742, 744, 746, 748, 750, 752, 754, 756, 758, 760, 762, 764, 766, 768, 770, 772, 774, 776, 778, 780, 782, 784, 786, 788, 790, 792, 794, 796, 798, 800, 802, 804, 806, 808, 810, 812, 814, 816, 818, 820, 822, 824, 826, 828, 830, 832, 834, 836, 838, 840, 842, 844, 846, 848, 850, 852, 854, 856, 858, 860, 862, 864, 866, 868, 870, 872, 874, 876, 878, 880, 882, 884, 886, 888, 890, 892, 894, 896, 898, 900, 902, 904, 906, 908, 910, 912, 914, 916, 918, 920, 922, 924, 926, 928, 930, 932, 934, 936, 938, 940, 942, 944, 946, 948, 950, 952, 954, 956, 958, 960, 962, 964, 966, 968, 970, 972, 974, 976, 978, 980, 982, 984, 986, 988, 990, 992, 994, 996, 998, 1000, 1002, 1004, 1006, 1008, 1010, 1012, 1014, 1016, 1018, 1020, 1022, 1024]> : tensor<513xi16>}> : () -> tensor<513xi16>
  %0 = tosa.table %x, %t : (tensor<4xi16>, tensor<513xi16>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// A 1x1 int8 convolution: (x - (-3)) * (5 - 2) + 100.
// CONV: result[0]: 1x2x2x1xi32={{\[\[\[139\]\[-275\]\]\[\[490\]\[109\]\]\]}}
func.func @conv_zero_points(%x: tensor<1x2x2x1xi8>) -> tensor<1x2x2x1xi32> {
  %w = "tosa.const"() <{values = dense<5> : tensor<1x1x1x1xi8>}> : () -> tensor<1x1x1x1xi8>
  %b = "tosa.const"() <{values = dense<100> : tensor<1xi32>}> : () -> tensor<1xi32>
  %izp = "tosa.const"() <{values = dense<-3> : tensor<1xi8>}> : () -> tensor<1xi8>
  %wzp = "tosa.const"() <{values = dense<2> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.conv2d %x, %w, %b, %izp, %wzp {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x1xi8>, tensor<1x1x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x1xi32>
  return %0 : tensor<1x2x2x1xi32>
}

// A 3x3 window of ones over one pixel padded by 1: padding contributes
// nothing, so the result is 7 - 2 (padding with 0 would give 5 - 8 * 2).
// PAD: result[0]: 1x1x1x1xi32={{\[\[\[5\]\]\]}}
func.func @conv_pad_zero_point(%x: tensor<1x1x1x1xi8>) -> tensor<1x1x1x1xi32> {
  %w = "tosa.const"() <{values = dense<1> : tensor<1x3x3x1xi8>}> : () -> tensor<1x3x3x1xi8>
  %b = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %izp = "tosa.const"() <{values = dense<2> : tensor<1xi8>}> : () -> tensor<1xi8>
  %wzp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.conv2d %x, %w, %b, %izp, %wzp {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x1x1x1xi8>, tensor<1x3x3x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi32>
  return %0 : tensor<1x1x1x1xi32>
}

// 11 / 4 = 2.75 by reciprocal_scale(4) (multiplier 2^30 + 1, shift 32)
// rounds to 3; plus the output zero point -10.
// AVG: result[0]: 1x1x1x1xi8={{\[\[\[-7\]\]\]}}
func.func @avg_pool(%x: tensor<1x2x2x1xi8>) -> tensor<1x1x1x1xi8> {
  %izp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %ozp = "tosa.const"() <{values = dense<-10> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.avg_pool2d %x, %izp, %ozp {acc_type = i32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x1x1xi8>
  return %0 : tensor<1x1x1x1xi8>
}

// Padding is left out of the count: (4+5)/2 -> 5, (5+6)/2 -> 6, 6/1.
// AVGPAD: result[0]: 1x1x3x1xi8={{\[\[\[5\]\[6\]\[6\]\]\]}}
func.func @avg_pool_padded(%x: tensor<1x1x3x1xi8>) -> tensor<1x1x3x1xi8> {
  %zp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.avg_pool2d %x, %zp, %zp {acc_type = i32, kernel = array<i64: 1, 2>, pad = array<i64: 0, 0, 0, 1>, stride = array<i64: 1, 1>} : (tensor<1x1x3x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x3x1xi8>
  return %0 : tensor<1x1x3x1xi8>
}

// (a * b + 2^(s-1)) >> s with s = 1, and 2^20 * 2^20 >> 20 past i32's
// range in between.
// MUL: result[0]: 3xi32=8 -7 1048576
func.func @mul_shift(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  %s = "tosa.const"() <{values = dense<1> : tensor<1xi8>}> : () -> tensor<1xi8>
  %s20 = "tosa.const"() <{values = dense<20> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.mul %a, %b, %s : (tensor<3xi32>, tensor<3xi32>, tensor<1xi8>) -> tensor<3xi32>
  %1 = tosa.mul %a, %b, %s20 : (tensor<3xi32>, tensor<3xi32>, tensor<1xi8>) -> tensor<3xi32>
  %c = tosa.const_shape {values = dense<[2]> : tensor<1xindex>} : () -> !tosa.shape<1>
  %z = tosa.const_shape {values = dense<[0]> : tensor<1xindex>} : () -> !tosa.shape<1>
  %first = tosa.slice %0, %z, %c : (tensor<3xi32>, !tosa.shape<1>, !tosa.shape<1>) -> tensor<2xi32>
  %o = tosa.const_shape {values = dense<[2]> : tensor<1xindex>} : () -> !tosa.shape<1>
  %one = tosa.const_shape {values = dense<[1]> : tensor<1xindex>} : () -> !tosa.shape<1>
  %last = tosa.slice %1, %o, %one : (tensor<3xi32>, !tosa.shape<1>, !tosa.shape<1>) -> tensor<1xi32>
  %r = tosa.concat %first, %last {axis = 0 : i32} : (tensor<2xi32>, tensor<1xi32>) -> tensor<3xi32>
  return %r : tensor<3xi32>
}

// Rounding right shift by 1 adds the bit shifted out.
// ARS: result[0]: 4xi8=3 -2 3 4
func.func @shift_round(%x: tensor<4xi8>) -> tensor<4xi8> {
  %one = "tosa.const"() <{values = dense<1> : tensor<4xi8>}> : () -> tensor<4xi8>
  %0 = tosa.arithmetic_right_shift %x, %one {round = true} : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// (3 - x) + (-1) with input and output zero points 3 and -1, saturated:
// x = -128 gives 130, which is 127 in i8.
// NEG: result[0]: 2xi8=127 -3
func.func @negate(%x: tensor<2xi8>) -> tensor<2xi8> {
  %izp = "tosa.const"() <{values = dense<3> : tensor<1xi8>}> : () -> tensor<1xi8>
  %ozp = "tosa.const"() <{values = dense<-1> : tensor<1xi8>}> : () -> tensor<1xi8>
  %0 = tosa.negate %x, %izp, %ozp : (tensor<2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// REF-DAG: @rescale_single: result 0: 6xi8 exact
// REF-DAG: @rescale_double: result 0: 6xi8 exact
// REF-DAG: @table_i8: result 0: 3xi8 exact
// REF-DAG: @table_i16: result 0: 4xi32 exact
// REF-DAG: @conv_zero_points: result 0: 1x2x2x1xi32 exact
// REF-DAG: @conv_pad_zero_point: result 0: 1x1x1x1xi32 exact
// REF-DAG: @avg_pool: result 0: 1x1x1x1xi8 exact
// REF-DAG: @mul_shift: result 0: 3xi32 exact
// REF-DAG: @shift_round: result 0: 4xi8 exact
// REF-DAG: @negate: result 0: 2xi8 exact
// REF-DAG: @avg_pool_padded: result 0: 1x1x3x1xi8 exact
// REF-DAG: @rescale_saturate: result 0: 4xi8 exact
