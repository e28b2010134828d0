//===- StablehloTextTest.cpp - i1 hex constants as exporters write them ---===//

#include "dialects/stablehlo/StablehloText.h"

#include "gtest/gtest.h"

using mlir::stablehlo::packBoolHexConstants;

namespace {

TEST(StablehloTextTest, PacksOneBytePerElementLowBitFirst) {
  // Elements 0, 9 and 10 set: bytes 0x01 and 0x06.
  EXPECT_EQ(packBoolHexConstants(
                "%c = stablehlo.constant dense<\"0x0100000000000000000101\"> "
                ": tensor<11xi1>"),
            "%c = stablehlo.constant dense<\"0x0106\"> : tensor<11xi1>");
  EXPECT_EQ(packBoolHexConstants("dense<\"0x00010001\">:tensor<2x2xi1>"),
            "dense<\"0x0A\">:tensor<2x2xi1>");
}

TEST(StablehloTextTest, LeavesEverythingElseAlone) {
  for (const char *text : {
           // Already packed: 16 elements in two bytes.
           "dense<\"0x0103\"> : tensor<16xi1>",
           // Bytes other than 00 and 01.
           "dense<\"0x0200\"> : tensor<2xi1>",
           // Not i1, or not a static tensor.
           "dense<\"0x0001\"> : tensor<2xi8>",
           "dense<\"0x0001\"> : tensor<?xi1>",
           // Unterminated.
           "dense<\"0x0001",
       })
    EXPECT_EQ(packBoolHexConstants(text), text) << text;
}

TEST(StablehloTextTest, RewritesEveryConstantOfAModule) {
  EXPECT_EQ(packBoolHexConstants("a dense<\"0x0101\"> : tensor<2xi1> b "
                                 "dense<\"0x00\"> : tensor<i1> c"),
            "a dense<\"0x03\"> : tensor<2xi1> b dense<\"0x00\"> : "
            "tensor<i1> c");
}

} // namespace
