//===- CheckOps.td - StableHLO's interpreter-test checks ---*- tablegen -*-===//
//
// The assertions StableHLO's interpreter tests (stablehlo/tests/interpret)
// write after the ops under test: `check.expect_eq_const %r, dense<...>`,
// `check.expect_almost_eq %a, %b : tensor<...>`, ... with the assembly
// StableHLO gives them. Only tpu-conformance registers the dialect: it turns
// every check into a result of the case and its expectation (Tolerance).
//
//===----------------------------------------------------------------------===//

#ifndef TPU_DIALECTS_CHECK_CHECKOPS_TD
#define TPU_DIALECTS_CHECK_CHECKOPS_TD

include "mlir/IR/OpBase.td"

def Check_Dialect : Dialect {
  let name = "check";
  let cppNamespace = "::mlir::check";
  let summary = "assertions of StableHLO's interpreter tests (input only)";
  let description = [{
    Each op compares a tensor with an expected tensor or constant: exactly
    (NaN equals NaN, -0 equals +0), within an absolute tolerance, or within
    a number of units in the last place. They have no lowering; the
    conformance runner reads them.
  }];
}

class Check_Op<string mnemonic, list<Trait> traits = []>
    : Op<Check_Dialect, mnemonic, traits>;

def Check_ExpectEqConstOp : Check_Op<"expect_eq_const",
    [AllTypesMatch<["lhs", "value"]>]> {
  let summary = "the operand equals a constant exactly";
  let arguments = (ins AnyRankedTensor:$lhs, ElementsAttr:$value);
  let assemblyFormat = "$lhs `,` $value attr-dict";
}

def Check_ExpectAlmostEqConstOp : Check_Op<"expect_almost_eq_const",
    [AllTypesMatch<["lhs", "value"]>]> {
  let summary = "the operand is within `tolerance` of a constant";
  let arguments = (ins AnyRankedTensor:$lhs, ElementsAttr:$value,
                   DefaultValuedOptionalAttr<F64Attr, "1e-4">:$tolerance);
  let assemblyFormat =
      "$lhs `,` $value (`,` `tolerance` `=` $tolerance^)? attr-dict";
}

def Check_ExpectEqOp : Check_Op<"expect_eq", [SameTypeOperands]> {
  let summary = "the operands are equal exactly";
  let arguments = (ins AnyRankedTensor:$lhs, AnyRankedTensor:$rhs);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
}

def Check_ExpectAlmostEqOp : Check_Op<"expect_almost_eq",
    [SameTypeOperands]> {
  let summary = "the operands are within `tolerance` of each other";
  let arguments = (ins AnyRankedTensor:$lhs, AnyRankedTensor:$rhs,
                   DefaultValuedOptionalAttr<F64Attr, "1e-4">:$tolerance);
  let assemblyFormat = [{
    $lhs `,` $rhs (`,` `tolerance` `=` $tolerance^)? attr-dict `:` type($lhs)
  }];
}

def Check_ExpectCloseOp : Check_Op<"expect_close",
    [AllTypesMatch<["actual", "expected"]>]> {
  let summary = "the operands are between min and max ULP apart";
  let arguments = (ins AnyRankedTensor:$actual, AnyRankedTensor:$expected,
                   DefaultValuedAttr<UI64Attr, "1">:$max_ulp_difference,
                   DefaultValuedOptionalAttr<UI64Attr, "0">:$min_ulp_difference);
  let assemblyFormat = [{
    $actual `,` $expected `,` `max_ulp_difference` `=` $max_ulp_difference
    (`,` `min_ulp_difference` `=` $min_ulp_difference^)?
    `:` attr-dict type($actual) `,` type($expected)
  }];
}

#endif // TPU_DIALECTS_CHECK_CHECKOPS_TD
