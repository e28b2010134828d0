//===- HLODialectTest.cpp - Builders and inference of the hlo dialect -----===//
//
// What embedders rely on when they build hlo programs from C++: builders that
// infer result types, and verification that reports instead of asserting.
//
//===----------------------------------------------------------------------===//

#include "dialects/hlo/HLOOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;

namespace {

class HLODialectTest : public ::testing::Test {
protected:
  HLODialectTest() : builder(&context) {
    context.loadDialect<hlo::HLODialect, func::FuncDialect>();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
  }

  /// A block argument of the given type to build ops on.
  Value arg(ArrayRef<int64_t> shape, Type element) {
    auto type = RankedTensorType::get(shape, element);
    if (!block) {
      auto func = func::FuncOp::create(builder, builder.getUnknownLoc(), "f",
                                       builder.getFunctionType({}, {}));
      block = func.addEntryBlock();
      builder.setInsertionPointToEnd(block);
    }
    return block->addArgument(type, builder.getUnknownLoc());
  }

  /// Verifies the ops built so far and returns the first diagnostic, or ""
  /// if they are valid. (The function's signature is not kept in sync with
  /// its arguments, so the function itself is not verified.)
  std::string verifyOps() {
    std::string message;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      if (message.empty())
        message = diag.str();
      return success();
    });
    for (Operation &op : *block)
      if (failed(verify(&op)))
        break;
    return message;
  }

  MLIRContext context;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
  Block *block = nullptr;
};

TEST_F(HLODialectTest, ElementwiseInfersOperandType) {
  Location loc = builder.getUnknownLoc();
  Value x = arg({8, 128}, builder.getF32Type());
  Value y = arg({8, 128}, builder.getF32Type());
  auto add = hlo::AddOp::create(builder, loc, x, y);
  EXPECT_EQ(add.getType(), x.getType());
  auto cmp = hlo::CompareOp::create(builder, loc, hlo::ComparisonDirection::LT,
                                    x, y);
  EXPECT_EQ(cmp.getType(),
            RankedTensorType::get({8, 128}, builder.getI1Type()));
  EXPECT_EQ(verifyOps(), "");
}

TEST_F(HLODialectTest, ShapeOpsInferResultShapes) {
  Location loc = builder.getUnknownLoc();
  Type f32 = builder.getF32Type();
  Value x = arg({2, 3, 5}, f32);
  auto transpose = hlo::TransposeOp::create(
      builder, loc, x, builder.getDenseI64ArrayAttr({2, 0, 1}));
  EXPECT_EQ(transpose.getType(), RankedTensorType::get({5, 2, 3}, f32));
  auto slice = hlo::SliceOp::create(builder, loc, x,
                                    builder.getDenseI64ArrayAttr({0, 1, 0}),
                                    builder.getDenseI64ArrayAttr({2, 3, 5}),
                                    builder.getDenseI64ArrayAttr({1, 1, 2}));
  EXPECT_EQ(slice.getType(), RankedTensorType::get({2, 2, 3}, f32));
  auto concat = hlo::ConcatenateOp::create(builder, loc, ValueRange{x, x},
                                           builder.getI64IntegerAttr(1));
  EXPECT_EQ(concat.getType(), RankedTensorType::get({2, 6, 5}, f32));
  auto reduce = hlo::ReduceOp::create(builder, loc, hlo::ReduceKind::max, x,
                                      builder.getDenseI64ArrayAttr({0, 2}));
  EXPECT_EQ(reduce.getType(), RankedTensorType::get({3}, f32));
  auto argmax = hlo::ArgMaxOp::create(builder, loc, x,
                                      builder.getI64IntegerAttr(1));
  EXPECT_EQ(argmax.getType(),
            RankedTensorType::get({2, 5}, builder.getI32Type()));
  EXPECT_EQ(verifyOps(), "");
}

TEST_F(HLODialectTest, PadInfersInteriorAndNegativeEdges) {
  Location loc = builder.getUnknownLoc();
  Type f32 = builder.getF32Type();
  Value x = arg({2, 3}, f32);
  Value zero = arg({}, f32);
  // Dimension 0: 2 + 1 interior + 1 low + 2 high = 6.
  // Dimension 1: 3 + 2*2 interior - 1 low + 0 high = 6.
  auto pad = hlo::PadOp::create(builder, loc, x, zero,
                                builder.getDenseI64ArrayAttr({1, -1}),
                                builder.getDenseI64ArrayAttr({2, 0}),
                                builder.getDenseI64ArrayAttr({1, 2}));
  EXPECT_EQ(pad.getType(), RankedTensorType::get({6, 6}, f32));
}

TEST_F(HLODialectTest, DotGeneralBuilderInfersBatchThenFreeDims) {
  Location loc = builder.getUnknownLoc();
  Type bf16 = builder.getBF16Type();
  Value lhs = arg({4, 8, 16}, bf16);
  Value rhs = arg({4, 16, 32}, bf16);
  auto dot = hlo::DotGeneralOp::create(builder, loc, lhs, rhs, {0}, {0}, {2},
                                       {1});
  EXPECT_EQ(dot.getType(), RankedTensorType::get({4, 8, 32}, bf16));
  EXPECT_EQ(verifyOps(), "");
}

TEST_F(HLODialectTest, InvalidBuilderInputIsReportedNotAsserted) {
  Location loc = builder.getUnknownLoc();
  Type f32 = builder.getF32Type();
  Value lhs = arg({8, 16}, f32);
  Value rhs = arg({15, 32}, f32);
  hlo::DotGeneralOp::create(builder, loc, lhs, rhs, {}, {}, {1}, {0});
  EXPECT_EQ(verifyOps(),
            "'hlo.dot_general' op contracting dimension 1 of lhs has size 16 "
            "but contracting dimension 0 of rhs has size 15");
}

TEST_F(HLODialectTest, ParsedDynamicShapeNamesTheDimension) {
  const char *source = R"mlir(
    func.func @f(%x: tensor<4x?xf32>) -> tensor<4x?xf32> {
      %0 = hlo.abs %x : tensor<4x?xf32>
      return %0 : tensor<4x?xf32>
    })mlir";
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  OwningOpRef<ModuleOp> parsed = parseSourceString<ModuleOp>(source, &context);
  EXPECT_FALSE(parsed);
  EXPECT_EQ(message, "'hlo.abs' op operand #0 has dynamic dimension 1 in "
                     "'tensor<4x?xf32>'; TPU programs need static shapes");
}

TEST_F(HLODialectTest, ConstantFoldsToItsValue) {
  Location loc = builder.getUnknownLoc();
  auto type = RankedTensorType::get({2}, builder.getI32Type());
  auto value = DenseElementsAttr::get(type, ArrayRef<int32_t>{1, 2});
  arg({}, builder.getF32Type());
  auto constant = hlo::ConstantOp::create(builder, loc, value);
  EXPECT_EQ(constant.getType(), type);
  SmallVector<OpFoldResult> folded;
  ASSERT_TRUE(succeeded(constant->fold(folded)));
  EXPECT_EQ(dyn_cast<Attribute>(folded.front()), value);
}

} // namespace
