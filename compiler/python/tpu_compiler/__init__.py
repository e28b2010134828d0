"""The TPU compiler and its simulated TPU, from Python.

Shaped like JAX's ahead-of-time API (``jax.jit(f).lower(x).compile()``)::

    import tpu_compiler as tc
    c = tc.compile(open("model.mlir").read(), target="v5e")
    c.memory_analysis()      # JAX's CompiledMemoryStats field names
    c.cost_analysis()        # XLA's keys: flops, transcendentals, ...
    y = c.run(x)             # NumPy arrays in and out, on the simulated TPU
    c.time().summary         # the step's time, by kernel and by name scope

docs/python.md has the recipe from a JAX function to these answers.
"""

import dataclasses
import json
import os
import threading

import numpy as np

from . import _native

__all__ = [
    "compile", "largest_batch", "Compiled", "CompiledMemoryStats", "Timing",
    "LargestBatch", "CompileError",
    "OutOfMemoryError", "RunError", "PHASES",
]

#: The phases as_text() prints the program after, in pipeline order.
PHASES = ("input", "simplify", "fuse", "layouts", "pad", "buffers", "lower")

# tpu-compile's exit codes, which the C API's statuses are.
_INVALID_INPUT, _OUT_OF_MEMORY = 1, 2

# A compiler (an MLIR context) serves one thread at a time: one per thread.
_local = threading.local()


def _compiler():
    if not hasattr(_local, "compiler"):
        _local.compiler = _native.Compiler()
    return _local.compiler


class CompileError(Exception):
    """The program was refused; `diagnostics` is the compiler's text."""

    def __init__(self, diagnostics):
        super().__init__(diagnostics.strip() or "the program did not compile")
        self.diagnostics = diagnostics


class OutOfMemoryError(CompileError):
    """The program does not fit the target's HBM (XLA's RESOURCE_EXHAUSTED).

    `memory_report` is XLA's out-of-memory report and `memory_stats` the
    figures (a CompiledMemoryStats), so the size of the overflow is known.
    """

    def __init__(self, diagnostics, memory_report, memory_stats):
        super().__init__(diagnostics)
        self.memory_report = memory_report
        self.memory_stats = memory_stats


class RunError(Exception):
    """The simulated run was refused (inputs that do not match, ...)."""


@dataclasses.dataclass(frozen=True)
class CompiledMemoryStats:
    """One device's HBM use, under JAX's CompiledMemoryStats names (bytes,
    tile padding included); the last four are this compiler's own."""

    generated_code_size_in_bytes: int
    argument_size_in_bytes: int
    output_size_in_bytes: int
    alias_size_in_bytes: int
    temp_size_in_bytes: int
    peak_memory_in_bytes: int
    constant_size_in_bytes: int
    scoped_size_in_bytes: int
    hbm_capacity_in_bytes: int
    padding_at_peak_in_bytes: int
    fits: bool
    host_generated_code_size_in_bytes: int = 0
    host_argument_size_in_bytes: int = 0
    host_output_size_in_bytes: int = 0
    host_alias_size_in_bytes: int = 0
    host_temp_size_in_bytes: int = 0


@dataclasses.dataclass(frozen=True)
class Timing:
    """A simulated step: seconds and work, tpu-run's summary (text) and its
    stats (the `--stats-json` document, with per-kernel op names)."""

    step_seconds: float
    call_seconds: float
    cycles: int
    flops: int
    model_flops: int
    int8_ops: int
    hbm_bytes: int
    ici_bytes: int
    ici_seconds: float
    kernels: int
    summary: str
    stats: dict

    @property
    def by_name_scope(self):
        """[(JAX name scope, seconds)], most time first."""
        return [(g["name"], g["time_s"]) for g in self.stats["by_name_scope"]]

    @property
    def by_op(self):
        """[(op kind, seconds)], most time first."""
        return [(g["name"], g["time_s"]) for g in self.stats["by_op"]]

    def __str__(self):
        return self.summary


def _option_text(target, topology, options):
    """tpu-compile's option string from keyword arguments
    (mixed_precision="bf16" -> mixed-precision=bf16)."""
    words = []
    if target:
        words.append(f"target={target}")
    if topology:
        words.append(f"topology={topology}")
    for key, value in sorted(options.items()):
        if isinstance(value, bool):
            value = "true" if value else "false"
        text = str(value)
        if not text or any(c.isspace() for c in text):
            raise ValueError(f"option {key}={value!r}: values are single words")
        words.append(f"{key.replace('_', '-')}={text}")
    return " ".join(words)


def _read_program(program):
    """(text, name) of MLIR text or a path to a .mlir file."""
    if isinstance(program, os.PathLike) or (
            isinstance(program, str) and "\n" not in program
            and "{" not in program and os.path.exists(program)):
        path = os.fspath(program)
        with open(path, encoding="utf-8") as f:
            return f.read(), path
    if isinstance(program, bytes):
        program = program.decode("utf-8")
    if not isinstance(program, str):
        raise TypeError("compile() takes MLIR text or a path to a .mlir file")
    return program, "<source>"


def _stats_of(fields):
    return CompiledMemoryStats(**fields) if fields else None


def compile(program, target=None, topology=None, *, function="main",
            **options):
    """Compiles a program (MLIR text, or the path of a .mlir file: StableHLO
    as JAX exports it, TOSA, or hlo) for a TPU generation.

    target: "v2" ... "v6e" (default: the program's tpu.target, else v5e's
      default generation as tpu-compile has it); topology: a slice such as
      "v5e-8" or "v5litepod-8" for a sharded program.
    options: tpu-compile's flags with underscores, e.g. mixed_precision="bf16",
      hbm_limit="8G", donate_arguments=True, data_parallel=True,
      layout_mode="xla-default", rematerialize=False.

    Raises CompileError for an invalid program and OutOfMemoryError (with
    the memory report and figures) for one that does not fit.
    """
    text, name = _read_program(program)
    compilation = _native.Compilation(_compiler(), text, name,
                                      _option_text(target, topology, options))
    if compilation.status == _OUT_OF_MEMORY:
        raise OutOfMemoryError(
            compilation.diagnostics, compilation.memory_report(function),
            _stats_of(compilation.memory_analysis(function)))
    if compilation.status != 0:
        raise CompileError(compilation.diagnostics)
    return Compiled(compilation, function, topology)


@dataclasses.dataclass(frozen=True)
class LargestBatch:
    """The largest size of a dimension with which a program fits."""

    size: int        # 0 when not even 1 fits
    original: int    # the program's own size
    compiles: int    # sizes compiled to find it
    report: str      # tpu-compile --largest-batch's text

    def __str__(self):
        return self.report


def largest_batch(program, vary, target=None, topology=None, **options):
    """The largest size of `vary` ("ARGUMENT:DIMENSION": the argument by
    number or JAX name, e.g. "images:0") with which the program fits the
    target's HBM: each size tried is the program compiled up to buffer
    assignment with that dimension, and every dimension derived from it,
    resized (tpu-compile --largest-batch). Options as compile()'s."""
    text, _ = _read_program(program)
    try:
        size, original, compiles, report = _native.largest_batch(
            _compiler(), text, _option_text(target, topology, options), vary)
    except _native.NativeError as e:
        raise CompileError(_native_error(e)[1]) from None
    return LargestBatch(size, original, compiles, report)


def _native_error(error):
    """(status, message) of a _native.NativeError."""
    status, message = error.args
    return status, message.strip()


class Compiled:
    """A compiled program: its analyses, reports and IR, and runs of it on
    the simulated TPU. Like JAX's Compiled, it is called with the inputs."""

    def __init__(self, compilation, function, topology):
        self._compilation = compilation
        self.function = function
        self.topology = topology
        self.executable = compilation.executable
        try:
            self.signature = json.loads(
                _native.signature(self.executable, function))
        except _native.NativeError as e:
            raise CompileError(_native_error(e)[1]) from None
        self.target = self.signature["target"]
        self._timing = None

    # -- Analyses and reports -------------------------------------------
    def memory_analysis(self):
        """One device's HBM use (CompiledMemoryStats)."""
        return _stats_of(self._compilation.memory_analysis(self.function))

    def memory_report(self):
        """XLA's memory report of the function (tpu-compile --memory-report)."""
        return self._compilation.memory_report(self.function)

    def memory_viewer_data(self):
        """The memory viewer's data (docs/memory.md): the timeline of live
        bytes over the schedule, the allocations at the peak, by origin."""
        data = json.loads(self._compilation.memory_viewer_json())
        for entry in data["functions"]:
            if entry["name"] == self.function:
                return entry
        return None

    def cost_analysis(self):
        """XLA's cost analysis (flops, transcendentals, bytes accessed) of
        the fused program, and `optimal_seconds`: the simulated step."""
        try:
            cost = self._compilation.cost_analysis(self.function)
        except _native.NativeError as e:
            raise CompileError(_native_error(e)[1]) from None
        result = {key: float(value) for key, value in cost.items()}
        result["optimal_seconds"] = self.time().step_seconds
        return result

    def padding_report(self):
        """Where tile padding takes memory, per value (arguments by their
        JAX names), with advice."""
        try:
            return self._compilation.padding_report()
        except _native.NativeError as e:
            raise CompileError(_native_error(e)[1]) from None

    def as_text(self, phase="buffers"):
        """The program's MLIR after a phase (PHASES): "buffers" is the
        optimized, laid-out and padded hlo program XLA's as_text() shows."""
        if phase not in PHASES:
            raise ValueError(f"unknown phase {phase!r}; one of {PHASES}")
        try:
            return self._compilation.phase_text(phase)
        except _native.NativeError as e:
            raise CompileError(_native_error(e)[1]) from None

    # -- Runs -----------------------------------------------------------
    def _run(self, options, inputs):
        words = []
        if self.topology:
            words.append(f"topology={self.topology}")
        words += options
        try:
            results, timing, summary, stats = _native.run(
                self.executable, self.function, " ".join(words), inputs)
        except _native.NativeError as e:
            raise RunError(_native_error(e)[1]) from None
        return results, Timing(summary=summary, stats=json.loads(stats),
                               **timing)

    def _inputs(self, arrays):
        arguments = self.signature["arguments"]
        if len(arrays) != len(arguments):
            raise RunError(f"@{self.function} takes {len(arguments)} "
                           f"arguments, not {len(arrays)}")
        inputs = []
        for i, (array, argument) in enumerate(zip(arrays, arguments)):
            dtype = np.dtype(_NUMPY[argument["host_element"]])
            array = np.asarray(array)
            if not np.can_cast(array.dtype, dtype, casting="same_kind"):
                raise RunError(f"argument {i} ({argument['type']}) takes "
                               f"{dtype} values, not {array.dtype}")
            if list(array.shape) != argument["dims"]:
                raise RunError(f"argument {i} is {argument['type']}, not an "
                               f"array of shape {array.shape}")
            inputs.append((argument["host_element"],
                           np.ascontiguousarray(array, dtype=dtype)))
        return inputs

    def run(self, *arrays, steps=1, loop_trip_count=None):
        """Runs the function on the simulated TPU with NumPy inputs (cast to
        the arguments' types as JAX does: float64 -> float32; bf16 and f8
        arguments take float32 values, rounded to nearest even). Returns the
        result, or a tuple of results; bf16 results come back as float32.
        The run's Timing is kept as `last_timing`."""
        options = [f"steps={steps}"]
        if loop_trip_count:
            options.append(f"loop-trip-count={loop_trip_count}")
        results, self.last_timing = self._run(options, self._inputs(arrays))
        return results[0] if len(results) == 1 else tuple(results)

    __call__ = run

    def time(self, steps=1, loop_trip_count=None):
        """The simulated step, without computing values (tpu-run
        --timing-only): a Timing with the summary and time by name scope."""
        if steps == 1 and loop_trip_count is None and self._timing:
            return self._timing
        options = ["timing-only", f"steps={steps}"]
        if loop_trip_count:
            options.append(f"loop-trip-count={loop_trip_count}")
        _, timing = self._run(options, [])
        if steps == 1 and loop_trip_count is None:
            self._timing = timing
        return timing

    def __repr__(self):
        return (f"<tpu_compiler.Compiled @{self.function} for {self.target}"
                + (f" on {self.topology}" if self.topology else "") + ">")


# NumPy's dtype of each host element (the C API's TpuArray spelling).
_NUMPY = {
    "f32": "float32", "f16": "float16", "i64": "int64", "i32": "int32",
    "i16": "int16", "i8": "int8", "ui64": "uint64", "ui32": "uint32",
    "ui16": "uint16", "ui8": "uint8", "i1": "bool",
}
