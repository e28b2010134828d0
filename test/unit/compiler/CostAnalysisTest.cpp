//===- CostAnalysisTest.cpp - XLA's cost analysis against hand counts -----===//

#include "compiler/driver/CostAnalysis.h"
#include "dialects/hlo/HLOOps.h"

#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::tpu;

namespace {

class CostAnalysisTest : public ::testing::Test {
protected:
  CostAnalysisTest() {
    context.loadDialect<hlo::HLODialect, func::FuncDialect>();
  }

  CostAnalysis cost(const char *source) {
    module = parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module);
    if (!module)
      return {};
    return analyzeCost(module->lookupSymbol<func::FuncOp>("main"));
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

TEST_F(CostAnalysisTest, FusionCountsItsOpsAndItsBoundary) {
  CostAnalysis c = cost(R"mlir(
    func.func @main(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>) -> tensor<8x4xf32> {
      %f = hlo.fusion kind = output (%p = %a, %q = %b) : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32> {
        %d = hlo.dot_general %p, %q, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
        %e = hlo.exponential %d : tensor<8x4xf32>
        hlo.yield %e : tensor<8x4xf32>
      }
      return %f : tensor<8x4xf32>
    })mlir");
  EXPECT_EQ(c.flops, 2 * 8 * 4 * 16);
  EXPECT_EQ(c.transcendentals, 8 * 4);
  // The fusion reads a and b and writes its result; the dot's result,
  // inside it, is never in memory.
  EXPECT_EQ(c.bytesAccessed, (8 * 16 + 16 * 4 + 8 * 4) * 4);
}

TEST_F(CostAnalysisTest, ElementwiseReduceSortAndDataMovement) {
  CostAnalysis c = cost(R"mlir(
    func.func @main(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> (tensor<4xf32>, tensor<8x4xf32>, tensor<4x8xf32>) {
      %s = hlo.add %x, %y : tensor<4x8xf32>
      %r = hlo.reduce sum %s, dims = [1] : (tensor<4x8xf32>) -> tensor<4xf32>
      %t = hlo.transpose %s, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
      %o = hlo.sort(%x) dim = 1 : (tensor<4x8xf32>) -> tensor<4x8xf32> {
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
        hlo.yield %lt : tensor<i1>
      }
      return %r, %t, %o : tensor<4xf32>, tensor<8x4xf32>, tensor<4x8xf32>
    })mlir");
  // add: 32; reduce: 32 - 4 combines; transpose: none; sort: 32 * log2(8).
  EXPECT_EQ(c.flops, 32 + 28 + 32 * 3);
  EXPECT_EQ(c.transcendentals, 0);
  // add 3x128, reduce 128+16, transpose 2x128, sort 2x128 bytes.
  EXPECT_EQ(c.bytesAccessed, 3 * 128 + 144 + 2 * 128 + 2 * 128);
}

TEST_F(CostAnalysisTest, LoopBodyOnceAndTheCostlierBranch) {
  CostAnalysis c = cost(R"mlir(
    func.func @cond(%x: tensor<4xf32>) -> tensor<i1> {
      %c = hlo.constant dense<true> : tensor<i1>
      return %c : tensor<i1>
    }
    func.func @body(%x: tensor<4xf32>) -> tensor<4xf32> {
      %e = hlo.exponential %x : tensor<4xf32>
      return %e : tensor<4xf32>
    }
    func.func @cheap(%x: tensor<4xf32>) -> tensor<4xf32> {
      return %x : tensor<4xf32>
    }
    func.func @costly(%x: tensor<4xf32>) -> tensor<4xf32> {
      %m = hlo.multiply %x, %x : tensor<4xf32>
      %n = hlo.multiply %m, %x : tensor<4xf32>
      return %n : tensor<4xf32>
    }
    func.func @main(%x: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
      %w = hlo.while_call @cond, @body(%x) : (tensor<4xf32>) -> tensor<4xf32>
      %r = hlo.case_call %p [@cheap, @costly] (%w) : (tensor<i1>, tensor<4xf32>) -> tensor<4xf32>
      return %r : tensor<4xf32>
    })mlir");
  EXPECT_EQ(c.transcendentals, 4);
  EXPECT_EQ(c.flops, 8);
  // The body's exp and the costly branch's two multiplies.
  EXPECT_EQ(c.bytesAccessed, 2 * 16 + 2 * (3 * 16));
}

} // namespace
