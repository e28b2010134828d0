"""tpu_compiler: compile, analyses, runs and timings against NumPy and
hand-computed figures."""

import numpy as np
import pytest

import tpu_compiler as tc

F32 = 4


def mlp_inputs(seed=0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal((256, 512)),
            rng.standard_normal((512, 1024)) * 0.05,
            rng.standard_normal((1024, 256)) * 0.05)


def test_compile_from_text_or_path_gives_the_same_executable(mlp_path):
    with open(mlp_path) as f:
        text = f.read()
    from_text = tc.compile(text, target="v5e")
    from_path = tc.compile(mlp_path, target="v5e")
    assert from_text.executable == from_path.executable
    assert from_path.target == "v5e"
    assert [a["type"] for a in from_path.signature["arguments"]] == [
        "256x512xf32", "512x1024xf32", "1024x256xf32"]


def test_memory_analysis_has_jax_names_and_hand_computed_bytes(mlp_path):
    stats = tc.compile(mlp_path, target="v5e").memory_analysis()
    arguments = (256 * 512 + 512 * 1024 + 1024 * 256) * F32
    output = 256 * 256 * F32
    hidden = 256 * 1024 * F32
    assert stats.argument_size_in_bytes == arguments
    assert stats.output_size_in_bytes == output
    assert stats.alias_size_in_bytes == 0
    # The heap holds the hidden layer and the result; nothing is padded
    # (every dimension is a multiple of the (8, 128) tile).
    assert stats.temp_size_in_bytes == hidden + output
    assert stats.peak_memory_in_bytes == arguments + hidden + output
    assert stats.padding_at_peak_in_bytes == 0
    assert stats.fits
    assert stats.host_temp_size_in_bytes == 0


def test_cost_analysis_counts_as_xla_does(mlp_path):
    cost = tc.compile(mlp_path, target="v5e").cost_analysis()
    assert cost["flops"] == 2 * 256 * 512 * 1024 + 2 * 256 * 1024 * 256
    assert cost["transcendentals"] == 256 * 1024  # the tanh
    # Every top-level op reads its operands and writes its result: at least
    # the arguments once and the result once.
    assert cost["bytes accessed"] >= (256 * 512 + 512 * 1024 + 1024 * 256 +
                                      256 * 256) * F32
    assert cost["optimal_seconds"] > 0


def test_run_matches_numpy(mlp_path):
    c = tc.compile(mlp_path, target="v5e", default_precision="highest")
    x, w1, w2 = mlp_inputs()
    y = c(x, w1, w2)
    assert y.dtype == np.float32 and y.shape == (256, 256)
    x, w1, w2 = (a.astype(np.float32) for a in (x, w1, w2))
    expected = np.tanh(x @ w1) @ w2
    np.testing.assert_allclose(y, expected, rtol=2e-4, atol=2e-4)
    assert c.last_timing.step_seconds > 0


def test_bf16_arguments_take_float32_rounded():
    program = """
    func.func @main(%a: tensor<4xbf16>, %b: tensor<4xbf16>) -> tensor<4xbf16> {
      %0 = stablehlo.add %a, %b : tensor<4xbf16>
      return %0 : tensor<4xbf16>
    }"""
    c = tc.compile(program, target="v4")
    assert c.signature["arguments"][0]["host_element"] == "f32"
    # 1 + 2^-9 rounds to 1 in bf16 (8 significand bits), 3.0 is exact.
    y = c(np.array([1 + 2**-9, 3.0, -2.5, 0.0], np.float32),
          np.ones(4, np.float32))
    assert y.dtype == np.float32
    assert y.tolist() == [2.0, 4.0, -1.5, 1.0]


def test_integer_and_boolean_results():
    program = """
    func.func @main(%a: tensor<3xi32>, %b: tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi1>) {
      %0 = stablehlo.multiply %a, %b : tensor<3xi32>
      %1 = stablehlo.compare GT, %a, %b : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
      return %0, %1 : tensor<3xi32>, tensor<3xi1>
    }"""
    product, greater = tc.compile(program)([7, -3, 100000], [6, 5, 30000])
    assert product.dtype == np.int32
    assert product.tolist() == [42, -15, (100000 * 30000 + 2**31) % 2**32 - 2**31]
    assert greater.dtype == np.bool_ and greater.tolist() == [True, False, True]


def test_time_by_name_scope(mlp_path):
    timing = tc.compile(mlp_path, target="v5e").time()
    scopes = dict(timing.by_name_scope)
    assert set(scopes) == {"dense1", "dense2"}
    assert sum(scopes.values()) == pytest.approx(timing.step_seconds, rel=1e-6)
    assert dict(timing.by_op).keys() == {"dot_general"}
    assert "time by name scope:" in timing.summary
    assert timing.model_flops == 2 * 256 * 512 * 1024 + 2 * 256 * 1024 * 256
    assert all(k["op_name"].startswith("jit(mlp)/")
               for k in timing.stats["kernels"] if k["runs"])
    # More steps cost more host time, the same device step.
    ten = tc.compile(mlp_path, target="v5e").time(steps=10)
    assert ten.step_seconds == timing.step_seconds
    assert ten.call_seconds > timing.call_seconds


def test_reports_and_phases(mlp_path):
    c = tc.compile(mlp_path, target="v5e")
    assert c.memory_report().startswith("@main on v5e: uses 4.75M of")
    padding = c.padding_report()
    assert "Padding report for @main on v5e" in padding
    assert "params['w1'] (argument #1)" in padding
    assert "hlo.fusion" in c.as_text("fuse")
    assert "#tpu.layout" in c.as_text("buffers")
    with pytest.raises(ValueError, match="unknown phase"):
        c.as_text("optimized")
    viewer = c.memory_viewer_data()
    assert max(p["padded"] for p in viewer["timeline"]) == viewer["used"]


def test_sharded_program_runs_whole_on_a_slice(sharded_path):
    c = tc.compile(sharded_path, topology="v4-8", default_precision="highest")
    x = np.arange(8 * 16, dtype=np.float32).reshape(8, 16) / 64
    w = np.linspace(-1, 1, 16 * 32, dtype=np.float32).reshape(16, 32)
    y = c(x, w)
    assert y.shape == (8, 32)
    np.testing.assert_allclose(y, np.tanh(x @ w), rtol=1e-5, atol=1e-5)
    timing = c.time()
    assert timing.ici_bytes > 0
    assert "ICI" in timing.summary or "ici" in timing.summary.lower()


def test_invalid_program_raises_with_its_location():
    with pytest.raises(tc.CompileError) as error:
        tc.compile("func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
                   "  %0 = stablehlo.add %a : tensor<4xf32>\n"
                   "  return %0 : tensor<4xf32>\n}")
    assert "<source>:2:" in error.value.diagnostics


def test_out_of_memory_reports_the_figures(mlp_path):
    with pytest.raises(tc.OutOfMemoryError) as error:
        tc.compile(mlp_path, target="v5e", hbm_limit="4M")
    assert not error.value.memory_stats.fits
    assert error.value.memory_stats.peak_memory_in_bytes > 4 * 1024 * 1024
    assert "Ran out of memory in memory space hbm" in error.value.memory_report
    # The advice: the same program compiled with each option not given.
    assert "What each option would make of @main" in error.value.diagnostics
    assert "--topology=v5e-8 --zero=3" in error.value.diagnostics


def test_run_refuses_inputs_that_do_not_match(mlp_path):
    c = tc.compile(mlp_path, target="v5e")
    x, w1, w2 = mlp_inputs()
    with pytest.raises(tc.RunError, match="takes 3 arguments, not 2"):
        c(x, w1)
    with pytest.raises(tc.RunError, match="argument 1 is 512x1024xf32"):
        c(x, w1.T, w2)
    with pytest.raises(tc.RunError, match="takes float32 values, not complex"):
        c(x.astype(np.complex64), w1, w2)


def test_options_reach_the_compiler(mlp_path):
    f32 = tc.compile(mlp_path, target="v5e")
    bf16 = tc.compile(mlp_path, target="v5e", mixed_precision="bf16")
    # The matmuls' operands become bf16; the arguments stay f32.
    assert "bf16" not in f32.as_text("simplify")
    assert "xbf16>" in bf16.as_text("simplify")
    assert (bf16.memory_analysis().argument_size_in_bytes ==
            f32.memory_analysis().argument_size_in_bytes)
    with pytest.raises(tc.CompileError, match="layout-mode=fastest"):
        tc.compile(mlp_path, layout_mode="fastest")


def test_the_same_answers_on_every_compile(mlp_path):
    first = tc.compile(mlp_path, target="v5e")
    second = tc.compile(mlp_path, target="v5e")
    assert first.executable == second.executable
    assert first.cost_analysis() == second.cost_analysis()
    assert first.time().summary == second.time().summary


def test_data_parallel_inference_names_its_batch():
    import os
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    program = os.path.join(root, "docs/examples/mnist_mlp_trained.mlir")
    digits = np.load(os.path.join(root, "test/e2e/Inputs/mnist_digits.npy"))
    one_logits, one_classes = tc.compile(program, target="v5e")(digits)
    sliced = tc.compile(program, topology="v5e-8", data_parallel=True,
                        batch_arguments="images")
    logits, classes = sliced(digits)
    assert classes.tolist() == list(range(8))
    np.testing.assert_array_equal(logits, one_logits)
    with pytest.raises(tc.CompileError, match="--batch-arguments"):
        tc.compile(program, topology="v5e-8", data_parallel=True)


def test_largest_batch_of_an_exported_step():
    import os
    root = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    step = os.path.join(root, "docs/examples/mlp_train_b128.mlir")
    # What docs/examples/largest_batch.py finds regenerating the program.
    found = tc.largest_batch(step, "images:0", target="v3",
                             rematerialize=False)
    assert (found.size, found.original) == (847008, 128)
    assert found.report.startswith("Largest images:0 on v3: 847008")
    with pytest.raises(tc.CompileError, match="no public function"):
        tc.largest_batch(step, "pictures:0")


def test_resized_program_computes_at_the_new_batch():
    import os
    root = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    program = os.path.join(root, "docs/examples/mnist_mlp_trained.mlir")
    digits = np.load(os.path.join(root, "test/e2e/Inputs/mnist_digits.npy"))
    c = tc.compile(program, target="v5e", resize="images:0=24")
    logits, classes = c(np.concatenate([digits] * 3))
    assert classes.tolist() == list(range(8)) * 3
    np.testing.assert_array_equal(logits[:8], logits[16:])
