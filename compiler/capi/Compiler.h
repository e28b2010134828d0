/*===- tpu-c/Compiler.h - The TPU compiler's C API ----------------*- C -*-===*\
|*                                                                            *|
|* A small C API, in the style of MLIR's: opaque handles, string references  *|
|* that are not NUL-terminated, and callbacks that receive output instead of *|
|* buffers the caller must free. It compiles `hlo` (or TOSA, once imported)  *|
|* MLIR text into the executable that tpu-run and the runtime load, exactly  *|
|* as `tpu-compile` does.                                                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TPU_C_COMPILER_H
#define TPU_C_COMPILER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define TPU_CAPI_EXPORTED __declspec(dllexport)
#else
#define TPU_CAPI_EXPORTED __attribute__((visibility("default")))
#endif

/// A string that is not necessarily NUL-terminated.
typedef struct {
  const char *data;
  size_t length;
} TpuStringRef;

/// A compiler: an MLIR context with the compiler's dialects, reusable for
/// any number of compilations on one thread.
typedef struct {
  void *ptr;
} TpuCompiler;

/// Receives a piece of output; `userData` is the caller's.
typedef void (*TpuStringCallback)(TpuStringRef text, void *userData);

/// The result of a compilation, as tpu-compile's exit codes.
typedef enum {
  TpuCompileSuccess = 0,
  TpuCompileInvalidInput = 1,
  /// The program does not fit in the target's HBM (the memory report is
  /// among the diagnostics).
  TpuCompileOutOfMemory = 2,
} TpuCompileStatus;

TPU_CAPI_EXPORTED TpuCompiler tpuCompilerCreate(void);
TPU_CAPI_EXPORTED void tpuCompilerDestroy(TpuCompiler compiler);

/// Compiles the MLIR program `source`. `options` are tpu-compile's
/// pipeline options as `tpu-opt --tpu-compile="..."` takes them, e.g.
/// "target=v6e layout-mode=xla-default" (empty for the defaults):
///   target=GEN                 v2, v3, v4, v5e, v5p, v6e
///   topology=SLICE             a Cloud TPU slice: v5e-8, v5litepod-8, v4-16
///   layout-mode=MODE           min-padding (default) or xla-default
///   default-precision=P        default or highest (f32 matmuls)
///   mixed-precision=bf16       bf16 matmul operands and activations
///   donate-arguments=true      donate every argument's buffer
///   data-parallel=true         cut the batch over the topology's devices
///   batch-arguments=A,B        the batch of an inference program
///   zero=1|3                   ZeRO stage (3: FSDP)
///   resize=ARG:DIM=SIZE        the program at another batch size
///   rematerialize=false        report the program as scheduled
///   hbm-limit=SIZE             e.g. 8G, below the target's HBM
///   memory-report=true         XLA's memory report among the diagnostics
///   memory-report-top=N        allocations the report lists (10)
///   memory-viewer=FILE, memory-viewer-json=FILE
///   compile-to=PHASE           input, simplify, fuse, layouts, pad,
///                              buffers, lower (default: the executable)
/// compile-to=PHASE stops after a phase, and the output is then that
/// phase's MLIR text instead of the executable. The output goes to
/// `onOutput` (possibly in several pieces), diagnostics and reports to
/// `onDiagnostic`; either may be NULL.
TPU_CAPI_EXPORTED TpuCompileStatus tpuCompilerCompile(
    TpuCompiler compiler, TpuStringRef source, TpuStringRef options,
    TpuStringCallback onOutput, TpuStringCallback onDiagnostic, void *userData);

/// What a simulated run of an executable took, in tpu-run's terms: one
/// step on device 0 (`cycles` at the chip's clock), the work its kernels
/// did, and the host call of `steps` steps around it.
typedef struct {
  double stepSeconds;
  double callSeconds;     /* launch, transfers and every step's device time */
  long long cycles;
  long long flops;        /* executed on the MXUs, padding included */
  long long modelFlops;   /* the program's own */
  long long int8Ops;
  long long hbmBytes;     /* moved to or from HBM */
  long long iciBytes;     /* sent over the slice's links */
  double iciSeconds;      /* the collectives' time */
  long long kernels;      /* kernels that ran */
} TpuTiming;

/// The result of a timing, as tpu-run's exit codes.
typedef enum {
  TpuRunSuccess = 0,
  /// A malformed executable or options, an unknown function, or a run the
  /// simulator refused (the diagnostic says which).
  TpuRunInvalidInput = 1,
  /// The run's buffers do not fit the device's HBM.
  TpuRunOutOfMemory = 2,
} TpuRunStatus;

/// Times `function` of `executable` (tpu-compile's or tpuCompilerCompile's
/// output) on the simulated TPU without computing values, as `tpu-run
/// --timing-only` does. `options` are space-separated `key=value` pairs:
///   topology=NAME        a slice (e.g. v5e-8) for a partitioned program
///   steps=N              the host call's steps (1)
///   loop-trip-count=N    a data-dependent loop's trip count
/// The target is the executable's. Errors go to `onDiagnostic` (may be
/// NULL); `timing` is written on success.
TPU_CAPI_EXPORTED TpuRunStatus tpuExecutableTime(
    TpuStringRef executable, TpuStringRef function, TpuStringRef options,
    TpuTiming *timing, TpuStringCallback onDiagnostic, void *userData);

/*===-- Compilations: one compile, its analyses and reports ---------------===*/

/// The result of compiling a program once: the executable, the diagnostics
/// and the memory plan, and (computed on first use, from the same source
/// and options) the cost analysis, the padding report and any phase's IR.
/// It keeps a reference to its compiler, which must outlive it.
typedef struct {
  void *ptr;
} TpuCompilation;

/// A function's HBM use on one device, as XLA's buffer assignment reports
/// it, under JAX's CompiledMemoryStats names where JAX has the figure
/// (Compiled.memory_analysis()); bytes, padding included.
typedef struct {
  long long argumentSizeInBytes;
  long long outputSizeInBytes;
  long long aliasSizeInBytes;  /* outputs written into donated arguments */
  long long tempSizeInBytes;   /* the heap of temporaries and outputs */
  long long generatedCodeSizeInBytes; /* the executable's program region */
  long long constantSizeInBytes;      /* not in JAX's: XLA's "global" */
  long long scopedSizeInBytes;        /* not in JAX's: kernels' scratch */
  long long peakMemoryInBytes;        /* everything above, at the peak */
  long long hbmCapacityInBytes;       /* what the program may use */
  long long paddingAtPeakInBytes;     /* tile padding in the peak's temps */
  int fits;
} TpuMemoryAnalysis;

/// A function's work, as XLA's HloCostAnalysis counts it on the fused
/// program (docs/python.md): FLOPs (two per multiply-add, one per
/// elementwise op and reduction step), transcendental elements, and the
/// logical bytes the top-level ops (fusions included) read and write. A
/// loop's body is counted once and the costlier branch of a conditional,
/// as XLA does.
typedef struct {
  long long flops;
  long long transcendentals;
  long long bytesAccessed;
} TpuCostAnalysis;

/// Compiles `source` (MLIR text: StableHLO, TOSA or hlo; diagnostics name
/// it `sourceName`, or `<source>` when empty) with tpu-compile's `options`
/// (as tpuCompilerCompile). `*compilation` is written whatever the status
/// (its diagnostics say why a compile failed) and must be destroyed.
TPU_CAPI_EXPORTED TpuCompileStatus tpuCompilerCompileProgram(
    TpuCompiler compiler, TpuStringRef source, TpuStringRef sourceName,
    TpuStringRef options, TpuCompilation *compilation);
TPU_CAPI_EXPORTED void tpuCompilationDestroy(TpuCompilation compilation);

/// The executable's bytes (empty unless the compile succeeded).
TPU_CAPI_EXPORTED TpuStringRef
tpuCompilationGetExecutable(TpuCompilation compilation);
/// The compile's diagnostics as the tools print them (errors, warnings,
/// remarks; an out-of-memory report).
TPU_CAPI_EXPORTED TpuStringRef
tpuCompilationGetDiagnostics(TpuCompilation compilation);
/// XLA's memory report of `function` (as `--memory-report` prints it), or
/// empty when buffers were not assigned to it.
TPU_CAPI_EXPORTED TpuStringRef tpuCompilationGetMemoryReport(
    TpuCompilation compilation, TpuStringRef function);
/// The memory viewer's data (JSON; its schema is in docs/memory.md).
TPU_CAPI_EXPORTED TpuStringRef
tpuCompilationGetMemoryViewerJson(TpuCompilation compilation);
/// Writes `function`'s memory figures; 0 when buffers were not assigned
/// to it, else 1.
TPU_CAPI_EXPORTED int
tpuCompilationGetMemoryAnalysis(TpuCompilation compilation,
                                TpuStringRef function,
                                TpuMemoryAnalysis *analysis);
/// Writes `function`'s cost analysis; 0 (with the reason among
/// `onDiagnostic`'s text) when the program does not reach fusion or has no
/// such function, else 1.
TPU_CAPI_EXPORTED int tpuCompilationGetCostAnalysis(
    TpuCompilation compilation, TpuStringRef function,
    TpuCostAnalysis *analysis, TpuStringCallback onDiagnostic,
    void *userData);
/// Where tile padding takes memory, per value, after layout assignment
/// (tpu-padding-report's text; arguments by their JAX names). 0 on
/// failure, with the reason to `onDiagnostic`.
TPU_CAPI_EXPORTED int
tpuCompilationGetPaddingReport(TpuCompilation compilation,
                               TpuStringCallback onOutput,
                               TpuStringCallback onDiagnostic, void *userData);
/// The program's MLIR after `phase` (input, simplify, fuse, layouts, pad,
/// buffers, lower). 0 on failure, with the reason to `onDiagnostic`.
TPU_CAPI_EXPORTED int
tpuCompilationGetPhaseText(TpuCompilation compilation, TpuStringRef phase,
                           TpuStringCallback onOutput,
                           TpuStringCallback onDiagnostic, void *userData);

/// The largest size of one argument's dimension (the batch) with which a
/// program fits: `tpu-compile --largest-batch`.
typedef struct {
  long long largest;  /* 0 when not even 1 fits */
  long long original; /* the program's own size */
  long long compiles; /* sizes compiled to find it */
} TpuLargestBatch;

/// Searches the sizes of `vary` ("ARGUMENT:DIMENSION", the argument by
/// number or JAX name, e.g. "images:0") of `source` compiled with
/// `options`, each size compiled up to buffer assignment with everything
/// derived from the dimension resized (hlo-resize-dimension). The table
/// tpu-compile prints goes to `onReport`; 0 when the search could not run
/// or stopped at a size that does not compile (why, to `onDiagnostic`).
TPU_CAPI_EXPORTED int tpuCompilerLargestBatch(
    TpuCompiler compiler, TpuStringRef source, TpuStringRef options,
    TpuStringRef vary, TpuLargestBatch *result, TpuStringCallback onReport,
    TpuStringCallback onDiagnostic, void *userData);

/*===-- Running executables with values -----------------------------------===*/

/// An array in host memory, C order, little-endian. `element` is MLIR's
/// spelling of the element as the host holds it: f32, f16, i64, i32, i16,
/// i8, ui64, ui32, ui16, ui8, or i1 (one byte each, 0 or 1). Elements NumPy
/// lacks are held widened: a bf16 or f8 argument takes f32 values (rounded
/// to nearest even on the way in) and its results come back as f32; i4
/// and i2 as i8, ui4 and ui2 as ui8 (tpu-run's .npy rule).
typedef struct {
  TpuStringRef element;
  size_t rank;
  const long long *dims;
  const void *data;
  size_t bytes;
} TpuArray;

/// Receives an array that lives until the callback returns.
typedef void (*TpuArrayCallback)(TpuArray array, void *userData);

/// What a run reports; any callback may be NULL.
typedef struct {
  /// Each result in order (device 0's on a slice, whole for a
  /// partitioned program).
  TpuArrayCallback onResult;
  /// tpu-run's performance summary (text) and stats (JSON).
  TpuStringCallback onSummary;
  TpuStringCallback onStats;
  TpuStringCallback onDiagnostic;
  void *userData;
} TpuRunCallbacks;

/// Runs `function` of `executable` on the simulated TPU with `inputs`, as
/// tpu-run does; `options` are tpuExecutableTime's, plus `timing-only`
/// (no values are computed and `inputs` may be empty). `timing` (may be
/// NULL) is written on success.
TPU_CAPI_EXPORTED TpuRunStatus tpuExecutableRun(
    TpuStringRef executable, TpuStringRef function, TpuStringRef options,
    const TpuArray *inputs, size_t numInputs, TpuTiming *timing,
    const TpuRunCallbacks *callbacks);

/// `function`'s signature as JSON: {"target": "v5e", "functions": [...],
/// "arguments": [{"type": "8x784xbf16", "element": "bf16", "host_element":
/// "f32", "dims": [8, 784]}, ...], "results": [...]} (whole tensors for a
/// partitioned program).
TPU_CAPI_EXPORTED TpuRunStatus tpuExecutableSignature(
    TpuStringRef executable, TpuStringRef function, TpuStringCallback onJson,
    TpuStringCallback onDiagnostic, void *userData);

#ifdef __cplusplus
}
#endif

#endif /* TPU_C_COMPILER_H */
