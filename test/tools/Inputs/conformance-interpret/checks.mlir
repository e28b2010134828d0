// RUN: stablehlo-translate --interpret -split-input-file %s

func.func @eq_const() {
  %a = stablehlo.constant dense<[1, -2, 3]> : tensor<3xi32>
  %b = stablehlo.constant dense<[4, 5, 6]> : tensor<3xi32>
  %r = stablehlo.add %a, %b : tensor<3xi32>
  check.expect_eq_const %r, dense<[5, 3, 9]> : tensor<3xi32>
  func.return
}

// -----

func.func @almost_eq_and_close() {
  %a = stablehlo.constant dense<[1.0, 4.0]> : tensor<2xf32>
  %r = stablehlo.sqrt %a : tensor<2xf32>
  %e = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  check.expect_almost_eq_const %r, dense<[1.00001, 2.0]> : tensor<2xf32>
  check.expect_almost_eq %r, %e, tolerance = 1.0e-6 : tensor<2xf32>
  check.expect_close %r, %e, max_ulp_difference = 0 : tensor<2xf32>, tensor<2xf32>
  func.return
}

// -----

func.func @eq_computed() {
  %a = stablehlo.constant dense<[0, 2]> : tensor<2xi32>
  %r = stablehlo.multiply %a, %a : tensor<2xi32>
  %s = stablehlo.add %a, %a : tensor<2xi32>
  check.expect_eq %r, %s : tensor<2xi32>
  func.return
}

// -----

func.func @wrong() {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %r = stablehlo.negate %a : tensor<2xf32>
  check.expect_eq_const %r, dense<[-1.0, 2.0]> : tensor<2xf32>
  func.return
}

// -----

func.func @double() {
  %a = stablehlo.constant dense<1.0> : tensor<f64>
  check.expect_eq_const %a, dense<1.0> : tensor<f64>
  func.return
}
