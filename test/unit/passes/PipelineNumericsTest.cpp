//===- PipelineNumericsTest.cpp - Layout and padding passes keep results
//-------===//
//
// tpu-assign-layouts and tpu-pad must not change what a function computes.
// Each program runs through the reference evaluator before and after the
// passes on the same random inputs. Padding only ever adds neutral elements
// (0 to sums, 1 to products, -inf to max, ...) and the evaluator accumulates
// in double, so the results must agree exactly, NaN for NaN.
//
//===----------------------------------------------------------------------===//

#include "compiler/reference/Evaluator.h"
#include "dialects/hlo/HLOOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "passes/Passes.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <random>
#include <sstream>

using namespace mlir;
using namespace mlir::tpu;

namespace {

struct Program {
  const char *name;
  std::string source;
};

void PrintTo(const Program &program, std::ostream *os) { *os << program.name; }

std::string readExample(const char *path) {
  std::ifstream file(std::string(TPU_SOURCE_DIR) + "/" + path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

std::vector<Program> programs() {
  return {
      {"elementwise_chain", R"(
func.func @main(%x: tensor<10x100xf32>, %y: tensor<10x100xf32>) -> (tensor<10xf32>, tensor<10x100xf32>, tensor<100xf32>) {
  %a = hlo.add %x, %y : tensor<10x100xf32>
  %m = hlo.multiply %a, %x : tensor<10x100xf32>
  %e = hlo.exponential %m : tensor<10x100xf32>
  %s = hlo.reduce sum %m, dims = [1] : (tensor<10x100xf32>) -> tensor<10xf32>
  %t = hlo.reduce max %e, dims = [1] : (tensor<10x100xf32>) -> tensor<10xf32>
  %r = hlo.add %s, %t : tensor<10xf32>
  %l = hlo.logistic %m : tensor<10x100xf32>
  %q = hlo.add %e, %y : tensor<10x100xf32>
  %u = hlo.reduce sum %q, dims = [0] : (tensor<10x100xf32>) -> tensor<100xf32>
  return %r, %l, %u : tensor<10xf32>, tensor<10x100xf32>, tensor<100xf32>
})"},
      {"reductions", R"(
func.func @main(%x: tensor<10x100xf32>, %i: tensor<3x5xi32>) -> (tensor<100xf32>, tensor<10xf32>, tensor<3xi32>, tensor<5xi32>, tensor<10xf32>) {
  %e = hlo.exponential %x : tensor<10x100xf32>
  %s = hlo.reduce sum %e, dims = [0] : (tensor<10x100xf32>) -> tensor<100xf32>
  %p = hlo.reduce product %e, dims = [1] : (tensor<10x100xf32>) -> tensor<10xf32>
  %n = hlo.negate %i : tensor<3x5xi32>
  %c = hlo.constant dense<7> : tensor<3x5xi32>
  %d = hlo.divide %n, %c : tensor<3x5xi32>
  %m = hlo.reduce min %d, dims = [1] : (tensor<3x5xi32>) -> tensor<3xi32>
  %q = hlo.reduce product %i, dims = [0] : (tensor<3x5xi32>) -> tensor<5xi32>
  %neg = hlo.negate %e : tensor<10x100xf32>
  %mx = hlo.reduce max %neg, dims = [1] : (tensor<10x100xf32>) -> tensor<10xf32>
  return %s, %p, %m, %q, %mx : tensor<100xf32>, tensor<10xf32>, tensor<3xi32>, tensor<5xi32>, tensor<10xf32>
})"},
      {"argmax", R"(
func.func @main(%x: tensor<4x10xf32>, %i: tensor<6x3xi32>) -> (tensor<4xi32>, tensor<10xi32>, tensor<6xi32>, tensor<3xi32>) {
  %n = hlo.negate %x : tensor<4x10xf32>
  %a = hlo.argmax %n, dim = 1 : (tensor<4x10xf32>) -> tensor<4xi32>
  %b = hlo.argmin %x, dim = 0 : (tensor<4x10xf32>) -> tensor<10xi32>
  %c = hlo.argmax %i, dim = 1 : (tensor<6x3xi32>) -> tensor<6xi32>
  %d = hlo.argmin %i, dim = 0 : (tensor<6x3xi32>) -> tensor<3xi32>
  return %a, %b, %c, %d : tensor<4xi32>, tensor<10xi32>, tensor<6xi32>, tensor<3xi32>
})"},
      {"matmul", R"(
func.func @main(%x: tensor<8x100xf32>, %w: tensor<100x10xf32>, %a: tensor<3x5x7xf32>, %b: tensor<3x7x9xf32>) -> (tensor<8x10xf32>, tensor<8x10xf32>, tensor<3x5x9xf32>) {
  %r = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x100xf32>, tensor<100x10xf32>) -> tensor<8x10xf32>
  %l = hlo.log %x : tensor<8x100xf32>
  %e = hlo.exponential %w : tensor<100x10xf32>
  %u = hlo.dot_general %l, %e, contracting_dims = [1] x [0] : (tensor<8x100xf32>, tensor<100x10xf32>) -> tensor<8x10xf32>
  %v = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<3x5x7xf32>, tensor<3x7x9xf32>) -> tensor<3x5x9xf32>
  return %r, %u, %v : tensor<8x10xf32>, tensor<8x10xf32>, tensor<3x5x9xf32>
})"},
      {"convolution", R"(
func.func @main(%x: tensor<2x9x9x3xf32>, %w: tensor<3x3x3x18xf32>, %g: tensor<3x3x1x6xf32>) -> (tensor<2x9x9x18xf32>, tensor<2x9x9x18xf32>, tensor<2x5x15x18xf32>, tensor<2x9x9x6xf32>) {
  %a = hlo.convolution %x, %w, window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} : (tensor<2x9x9x3xf32>, tensor<3x3x3x18xf32>) -> tensor<2x9x9x18xf32>
  %e = hlo.exponential %x : tensor<2x9x9x3xf32>
  %b = hlo.convolution %e, %w, window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} : (tensor<2x9x9x3xf32>, tensor<3x3x3x18xf32>) -> tensor<2x9x9x18xf32>
  %c = hlo.convolution %e, %w, window = {stride = [2, 1], pad = [[1, 1], [2, 2]], lhs_dilate = [1, 2], rhs_dilate = [1, 3]} : (tensor<2x9x9x3xf32>, tensor<3x3x3x18xf32>) -> tensor<2x5x15x18xf32>
  %d = hlo.convolution %e, %g, window = {pad = [[1, 1], [1, 1]]}, feature_group_count = 3 : (tensor<2x9x9x3xf32>, tensor<3x3x1x6xf32>) -> tensor<2x9x9x6xf32>
  return %a, %b, %c, %d : tensor<2x9x9x18xf32>, tensor<2x9x9x18xf32>, tensor<2x5x15x18xf32>, tensor<2x9x9x6xf32>
})"},
      {"movement", R"(
func.func @main(%x: tensor<10x12xf32>, %v: tensor<1x12xf32>, %r: tensor<12xf32>) -> (tensor<12x10xf32>, tensor<10x12xf32>, tensor<10x12xf32>) {
  %e = hlo.exponential %x : tensor<10x12xf32>
  %t = hlo.transpose %e, dims = [1, 0] : (tensor<10x12xf32>) -> tensor<12x10xf32>
  %re = hlo.reshape %t : (tensor<12x10xf32>) -> tensor<120xf32>
  %s = hlo.slice %re [0:120:2] : (tensor<120xf32>) -> tensor<60xf32>
  %c = hlo.concatenate %s, %s, dim = 0 : (tensor<60xf32>, tensor<60xf32>) -> tensor<120xf32>
  %b = hlo.reshape %c : (tensor<120xf32>) -> tensor<12x10xf32>
  %one = hlo.constant dense<1.5> : tensor<f32>
  %p = hlo.pad %b, %one, low = [1, 0], high = [-1, 0], interior = [0, 0] : (tensor<12x10xf32>, tensor<f32>) -> tensor<12x10xf32>
  %vb = hlo.broadcast_in_dim %v, dims = [0, 1] : (tensor<1x12xf32>) -> tensor<10x12xf32>
  %rb = hlo.broadcast_in_dim %r, dims = [1] : (tensor<12xf32>) -> tensor<10x12xf32>
  %sum = hlo.add %vb, %rb : tensor<10x12xf32>
  %gt = hlo.compare GT, %x, %sum : (tensor<10x12xf32>, tensor<10x12xf32>) -> tensor<10x12xi1>
  %sel = hlo.select %gt, %x, %vb : tensor<10x12xi1>, tensor<10x12xf32>
  return %p, %sum, %sel : tensor<12x10xf32>, tensor<10x12xf32>, tensor<10x12xf32>
})"},
      {"constants_and_calls", R"(
func.func @main(%x: tensor<2x3xi32>, %y: tensor<10x7xbf16>) -> (tensor<2x3xi32>, tensor<10xf32>) {
  %c = hlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %r = hlo.add %x, %c : tensor<2x3xi32>
  %s = call @twice(%r) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  %f = hlo.convert %y : (tensor<10x7xbf16>) -> tensor<10x7xf32>
  %m = hlo.reduce min %f, dims = [1] : (tensor<10x7xf32>) -> tensor<10xf32>
  return %s, %m : tensor<2x3xi32>, tensor<10xf32>
}
func.func private @twice(%x: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %r = hlo.add %x, %x : tensor<2x3xi32>
  return %r : tensor<2x3xi32>
})"},
      {"mnist_mlp", readExample("docs/examples/mnist_mlp.mlir")},
      {"softmax_layer_norm", R"(
func.func @main(%x: tensor<6x100xf32>, %gamma: tensor<100xf32>, %beta: tensor<100xf32>) -> (tensor<6x100xf32>, tensor<6x100xf32>) {
  %m = hlo.reduce max %x, dims = [1] : (tensor<6x100xf32>) -> tensor<6xf32>
  %mb = hlo.broadcast_in_dim %m, dims = [0] : (tensor<6xf32>) -> tensor<6x100xf32>
  %d = hlo.subtract %x, %mb : tensor<6x100xf32>
  %e = hlo.exponential %d : tensor<6x100xf32>
  %s = hlo.reduce sum %e, dims = [1] : (tensor<6x100xf32>) -> tensor<6xf32>
  %sb = hlo.broadcast_in_dim %s, dims = [0] : (tensor<6xf32>) -> tensor<6x100xf32>
  %p = hlo.divide %e, %sb : tensor<6x100xf32>
  %n = hlo.constant dense<100.0> : tensor<6xf32>
  %eps = hlo.constant dense<1.0e-5> : tensor<6xf32>
  %sum = hlo.reduce sum %x, dims = [1] : (tensor<6x100xf32>) -> tensor<6xf32>
  %mean = hlo.divide %sum, %n : tensor<6xf32>
  %meb = hlo.broadcast_in_dim %mean, dims = [0] : (tensor<6xf32>) -> tensor<6x100xf32>
  %xc = hlo.subtract %x, %meb : tensor<6x100xf32>
  %sq = hlo.multiply %xc, %xc : tensor<6x100xf32>
  %vs = hlo.reduce sum %sq, dims = [1] : (tensor<6x100xf32>) -> tensor<6xf32>
  %var = hlo.divide %vs, %n : tensor<6xf32>
  %ve = hlo.add %var, %eps : tensor<6xf32>
  %r = hlo.rsqrt %ve : tensor<6xf32>
  %rb = hlo.broadcast_in_dim %r, dims = [0] : (tensor<6xf32>) -> tensor<6x100xf32>
  %norm = hlo.multiply %xc, %rb : tensor<6x100xf32>
  %gb = hlo.broadcast_in_dim %gamma, dims = [1] : (tensor<100xf32>) -> tensor<6x100xf32>
  %bb = hlo.broadcast_in_dim %beta, dims = [1] : (tensor<100xf32>) -> tensor<6x100xf32>
  %y0 = hlo.multiply %norm, %gb : tensor<6x100xf32>
  %y = hlo.add %y0, %bb : tensor<6x100xf32>
  return %p, %y : tensor<6x100xf32>, tensor<6x100xf32>
})"},
      {"dense_gelu_broadcasts", R"(
func.func @main(%x: tensor<8x100xf32>, %w: tensor<100x30xf32>, %bias: tensor<30xf32>, %v: tensor<30xf32>) -> (tensor<8x30xf32>, tensor<30xi32>, tensor<30xf32>, tensor<30xf32>) {
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x100xf32>, tensor<100x30xf32>) -> tensor<8x30xf32>
  %bb = hlo.broadcast_in_dim %bias, dims = [1] : (tensor<30xf32>) -> tensor<8x30xf32>
  %h = hlo.add %d, %bb : tensor<8x30xf32>
  %half = hlo.constant dense<0.5> : tensor<8x30xf32>
  %one = hlo.constant dense<1.0> : tensor<8x30xf32>
  %c = hlo.constant dense<0.044715> : tensor<8x30xf32>
  %k = hlo.constant dense<0.797884583> : tensor<8x30xf32>
  %h3 = hlo.multiply %h, %h : tensor<8x30xf32>
  %h4 = hlo.multiply %h3, %h : tensor<8x30xf32>
  %ch = hlo.multiply %c, %h4 : tensor<8x30xf32>
  %in = hlo.add %h, %ch : tensor<8x30xf32>
  %sc = hlo.multiply %k, %in : tensor<8x30xf32>
  %t = hlo.tanh %sc : tensor<8x30xf32>
  %op = hlo.add %one, %t : tensor<8x30xf32>
  %hh = hlo.multiply %half, %h : tensor<8x30xf32>
  %g = hlo.multiply %hh, %op : tensor<8x30xf32>
  %zeros = hlo.constant dense<0.0> : tensor<50x30xf32>
  %vb = hlo.broadcast_in_dim %v, dims = [1] : (tensor<30xf32>) -> tensor<50x30xf32>
  %va = hlo.add %vb, %zeros : tensor<50x30xf32>
  %am = hlo.argmax %va, dim = 0 : (tensor<50x30xf32>) -> tensor<30xi32>
  %vs = hlo.reduce sum %vb, dims = [0] : (tensor<50x30xf32>) -> tensor<30xf32>
  %vm = hlo.reduce min %va, dims = [0] : (tensor<50x30xf32>) -> tensor<30xf32>
  return %g, %am, %vs, %vm : tensor<8x30xf32>, tensor<30xi32>, tensor<30xf32>, tensor<30xf32>
})"},
  };
}

const char *pipelines[] = {
    "func.func(hlo-simplify,hlo-fuse)",
    "func.func(hlo-simplify,hlo-fuse),tpu-assign-layouts,tpu-pad,"
    "func.func(hlo-fuse)",
    "tpu-set-target{target=v6e},func.func(hlo-fuse),"
    "tpu-assign-layouts{mode=min-padding},tpu-pad",
    "tpu-assign-layouts,tpu-pad",
    "tpu-assign-layouts{mode=min-padding},tpu-pad",
    "tpu-assign-layouts{mode=min-padding relayout-entry=true},tpu-pad",
    "tpu-set-target{target=v6e},tpu-assign-layouts,tpu-pad",
    "tpu-set-target{target=v2},tpu-assign-layouts{mode=min-padding},tpu-pad",
};

/// Values in [-2, 2) (positive where the program takes logs), integers in
/// [-3, 3] so that argmax sees ties, and bf16 rounded.
HostTensor randomTensor(RankedTensorType type, std::mt19937 &rng,
                        bool positive) {
  Type element = type.getElementType();
  HostTensor tensor(*toStoredElement(element),
                    {type.getShape().begin(), type.getShape().end()});
  std::uniform_real_distribution<double> real(positive ? 0.1 : -2.0, 2.0);
  std::uniform_int_distribution<int> integer(-3, 3);
  for (double &value : tensor.values)
    value = isa<FloatType>(element) ? roundTo(element, real(rng))
                                    : roundTo(element, integer(rng));
  return tensor;
}

bool same(double a, double b) {
  return a == b || (std::isnan(a) && std::isnan(b));
}

class PipelineNumericsTest
    : public ::testing::TestWithParam<std::tuple<Program, const char *>> {};

TEST_P(PipelineNumericsTest, PassesKeepResults) {
  auto [program, pipeline] = GetParam();
  MLIRContext context;
  context.loadDialect<hlo::HLODialect, func::FuncDialect, TPUDialect>();
  std::string diagnostics;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    diagnostics += diag.str() + "\n";
    return success();
  });
  OwningOpRef<ModuleOp> before =
      parseSourceString<ModuleOp>(program.source, &context);
  ASSERT_TRUE(before) << diagnostics;
  OwningOpRef<ModuleOp> after = before->clone();
  registerTPUPasses();
  PassManager pm(&context);
  ASSERT_TRUE(succeeded(parsePassPipeline(pipeline, pm)));
  ASSERT_TRUE(succeeded(pm.run(*after))) << diagnostics;

  // The passes ran: every argument now carries a layout.
  auto main = before->lookupSymbol<func::FuncOp>("main");
  if (StringRef(pipeline).contains("tpu-assign-layouts")) {
    for (Type type :
         after->lookupSymbol<func::FuncOp>("main").getArgumentTypes())
      ASSERT_TRUE(getLayout(type)) << "an argument has no layout";
  }
  auto padded = after->lookupSymbol<func::FuncOp>("main");
  std::mt19937 rng(42);
  bool positive = program.source.find("hlo.log") != std::string::npos;
  SmallVector<HostTensor> args;
  for (Type type : main.getArgumentTypes())
    args.push_back(randomTensor(cast<RankedTensorType>(type), rng, positive));
  FailureOr<SmallVector<HostTensor>> expected = evaluate(main, args);
  ASSERT_TRUE(succeeded(expected)) << diagnostics;
  // The padded function's arguments carry layouts; the evaluator ignores
  // them, so the same tensors serve.
  FailureOr<SmallVector<HostTensor>> actual = evaluate(padded, args);
  ASSERT_TRUE(succeeded(actual)) << diagnostics;
  ASSERT_EQ(expected->size(), actual->size());
  for (size_t r = 0; r < expected->size(); ++r) {
    const HostTensor &want = (*expected)[r], &got = (*actual)[r];
    ASSERT_EQ(want.dims, got.dims) << "result " << r;
    int64_t mismatches = 0;
    for (int64_t i = 0; i < want.elements(); ++i)
      if (!same(want.values[i], got.values[i]) && mismatches++ < 5)
        ADD_FAILURE() << "result " << r << " element " << i << ": expected "
                      << want.values[i] << ", got " << got.values[i];
    EXPECT_EQ(mismatches, 0) << "result " << r;
  }
}

std::string testName(
    const ::testing::TestParamInfo<PipelineNumericsTest::ParamType> &info) {
  std::string name = std::string(std::get<0>(info.param).name) + "_" +
                     std::to_string(info.index % std::size(pipelines));
  return name;
}

INSTANTIATE_TEST_SUITE_P(Programs, PipelineNumericsTest,
                         ::testing::Combine(::testing::ValuesIn(programs()),
                                            ::testing::ValuesIn(pipelines)),
                         testName);

} // namespace
