"""The Python package on a real JAX export: docs/examples/mnist_mlp_trained.mlir
is jax.jit(predict) of a 784-32-10 MLP trained on MNIST, as
`jax.jit(predict).lower(images).as_text()` prints it. Compiled for v5e:
its memory (JAX's CompiledMemoryStats names), its cost (XLA's keys), the
classes it gives eight held-out digits, and the step's time by JAX name scope.
Run by `bash tools/setup.sh example` and checked by the docs test
(docs/python.md)."""

import os

import numpy as np

import tpu_compiler as tc

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

compiled = tc.compile(os.path.join(ROOT, "docs/examples/mnist_mlp_trained.mlir"),
                      target="v5e")
print(compiled)
memory = compiled.memory_analysis()
print(f"arguments {memory.argument_size_in_bytes} B, "
      f"outputs {memory.output_size_in_bytes} B, "
      f"temp {memory.temp_size_in_bytes} B, "
      f"constants {memory.constant_size_in_bytes} B, "
      f"peak {memory.peak_memory_in_bytes} B of {memory.hbm_capacity_in_bytes} B")
cost = compiled.cost_analysis()
print(f"flops {cost['flops']:.0f}, transcendentals {cost['transcendentals']:.0f}, "
      f"bytes accessed {cost['bytes accessed']:.0f}")

digits = np.load(os.path.join(ROOT, "test/e2e/Inputs/mnist_digits.npy"))
logits, classes = compiled(digits)
print("classes", classes.tolist(), "logits", logits.shape, logits.dtype)

timing = compiled.time()
print(f"step {timing.step_seconds * 1e6:.3f} us on v5e; by name scope:")
for scope, seconds in timing.by_name_scope:
    print(f"  {seconds * 1e6:8.3f} us  {scope}")
