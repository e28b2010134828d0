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
/// "target=v6e layout-mode=xla-default" (empty for the defaults);
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

#ifdef __cplusplus
}
#endif

#endif /* TPU_C_COMPILER_H */
