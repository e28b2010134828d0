// The math ops StableHLO exporters use beyond the basic ones, on the
// simulated vector unit: hand-computed values (remainder keeps the
// dividend's sign and x rem 0 is x for integers; integer power wraps and
// gives 0 for negative exponents except on 1 and -1; round_nearest_afz
// rounds ties away from zero), then generated inputs against the evaluator.
// RUN: tpu-run %s --function=floats --input="6xf32=5.5,-5.5,2.5,-0.5,8,-27" --input="6xf32=2,2,-2,3,0.5,3" | FileCheck %s --check-prefix=FLOAT
// FLOAT: result[0]: 6xf32=1.5 -1.5 0.5 -0.5 0 -0
// FLOAT: result[1]: 6xf32=6 -6 3 -1 8 -27
// FLOAT: result[2]: 6xf32=30.25 30.25 0.16 -0.125 2.828427 -19683
// FLOAT: result[3]: 6xf32=1.222025 -1.222025 2.245537 -0.1651487 1.508378 -1.460139
// FLOAT: result[4]: 6xf32=1.765174 -1.765174 1.357209 -0.7937005 2 -3
// FLOAT: result[5]: 6xf32=243.6919 -0.9959132 11.18249 -0.3934693 2979.958 -1
// RUN: tpu-run %s --function=small --input="3xf32=1e-10,-1e-10,0" | FileCheck %s --check-prefix=SMALL
// SMALL: result[0]: 3xf32=1e-10 -1e-10 0
// SMALL: result[1]: 3xf32=1e-10 -1e-10 0
// RUN: tpu-run %s --function=ints --input="6xi32=7,-7,7,5,-2,2" --input="6xi32=2,2,0,-1,3,31" | FileCheck %s --check-prefix=INT
// INT: result[0]: 6xi32=1 -1 7 0 -2 2
// INT: result[1]: 6xi32=49 49 1 0 -8 -2147483648
// INT: result[2]: 6xi32=3 30 3 2 31 1
// INT: result[3]: 6xi32=29 0 29 29 0 30
// RUN: %python %S/Inputs/run_e2e.py tpu-run %s | FileCheck %s --check-prefix=REF
// REF: @floats: result 0: 6xf32 {{exact|close}}
// REF: @floats: result 1: 6xf32 exact
// REF: @floats: result 2: 6xf32 {{exact|close}}
// REF: @floats: result 3: 6xf32 {{exact|close}}
// REF: @floats: result 4: 6xf32 {{exact|close}}
// REF: @floats: result 5: 6xf32 {{exact|close}}
// REF: @small: result 0: 3xf32 {{exact|close}}
// REF: @small: result 1: 3xf32 {{exact|close}}
// REF: @ints: result 0: 6xi32 exact
// REF: @ints: result 1: 6xi32 exact
// REF: @ints: result 2: 6xi32 exact
// REF: @ints: result 3: 6xi32 exact

func.func @floats(%x: tensor<6xf32>, %y: tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) {
  %0 = hlo.remainder %x, %y : tensor<6xf32>
  %1 = hlo.round_nearest_afz %x : tensor<6xf32>
  %2 = hlo.power %x, %y : tensor<6xf32>
  %3 = hlo.atan2 %x, %y : tensor<6xf32>
  %4 = hlo.cbrt %x : tensor<6xf32>
  %5 = hlo.exponential_minus_one %x : tensor<6xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
}

// Near 0, e^x - 1 and log(1 + x) keep the digits that exp and log lose.
func.func @small(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %0 = hlo.exponential_minus_one %x : tensor<3xf32>
  %1 = hlo.log_plus_one %x : tensor<3xf32>
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}

func.func @ints(%x: tensor<6xi32>, %y: tensor<6xi32>) -> (tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>) {
  %0 = hlo.remainder %x, %y : tensor<6xi32>
  %1 = hlo.power %x, %y : tensor<6xi32>
  %2 = hlo.popcnt %x : tensor<6xi32>
  %3 = hlo.count_leading_zeros %x : tensor<6xi32>
  return %0, %1, %2, %3 : tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>
}
