//===- NameScopeTest.cpp - JAX name scopes from op names ------------------===//

#include "runtime/machine/NameScope.h"

#include <gtest/gtest.h>

using tpc::nameScopeOf;
using tpc::opKindOf;

TEST(NameScopeTest, DropsJitFramesAndTheOp) {
  EXPECT_EQ(nameScopeOf("jit(f)/jit(main)/jvp(mlp)/dense_0/dot_general"),
            "jvp(mlp)/dense_0");
  EXPECT_EQ(nameScopeOf("jit(train_step)/transpose(jvp(mlp))/dense_1/add"),
            "transpose(jvp(mlp))/dense_1");
  // Only leading jit frames go: a jit inside the model is a scope.
  EXPECT_EQ(nameScopeOf("jit(f)/block/jit(inner)/mul"), "block/jit(inner)");
}

TEST(NameScopeTest, TopLevel) {
  EXPECT_EQ(nameScopeOf("jit(f)/jit(main)/tanh"), "(top level)");
  EXPECT_EQ(nameScopeOf("tanh"), "(top level)");
  EXPECT_EQ(nameScopeOf(""), "(top level)");
}

TEST(NameScopeTest, OpKind) {
  EXPECT_EQ(opKindOf("jit(f)/jit(main)/dense1/dot_general"), "dot_general");
  EXPECT_EQ(opKindOf("tanh"), "tanh");
  EXPECT_EQ(opKindOf("a/"), "");
}
