"""Shared inputs of the Python package's tests: programs written here as a
JAX export would be (name-scope locations, argument names), so that every
figure can be checked by hand."""

import os

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
TEST_ROOT = os.path.dirname(HERE)

# A 2-layer MLP's forward pass: 256x512 @ 512x1024, tanh, @ 1024x256.
MLP = os.path.join(TEST_ROOT, "tools", "time-by-name-scope.mlir")
# x: 8x16 cut over 4 devices, w replicated, the result cut by columns.
SHARDED = os.path.join(TEST_ROOT, "e2e", "stablehlo-sharding.mlir")


@pytest.fixture
def mlp_path():
    return MLP


@pytest.fixture
def sharded_path():
    return SHARDED
