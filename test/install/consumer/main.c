/* Compiles a small hlo program through the installed C API: the executable,
 * a phase's IR, a target's HBM overflow and a malformed program. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <tpu-c/Compiler.h>

typedef struct {
  char text[1 << 16];
  size_t length;
} Sink;

static void append(TpuStringRef piece, void *userData) {
  Sink *sink = (Sink *)userData;
  size_t room = sizeof(sink->text) - 1 - sink->length;
  size_t n = piece.length < room ? piece.length : room;
  memcpy(sink->text + sink->length, piece.data, n);
  sink->length += n;
  sink->text[sink->length] = 0;
}

static TpuStringRef ref(const char *s) {
  TpuStringRef r = {s, strlen(s)};
  return r;
}

/* Copies the one result into the caller's struct (float y[6]). */
static void onResult(TpuArray array, void *userData) {
  struct {
    float *y;
    size_t bytes;
    char element[8];
  } *got = userData;
  got->bytes = array.bytes;
  snprintf(got->element, sizeof(got->element), "%.*s",
           (int)array.element.length, array.element.data);
  if (array.bytes <= 6 * sizeof(float))
    memcpy(got->y, array.data, array.bytes);
}

static const char *kProgram =
    "func.func @main(%x: tensor<8x128xf32>) -> tensor<8x128xf32> {\n"
    "  %y = hlo.exponential %x : tensor<8x128xf32>\n"
    "  return %y : tensor<8x128xf32>\n"
    "}\n";

/* One compilation's analyses, and a run with values: exp of a 2x3 input,
 * checked against the C library's expf. */
static void compileAndRun(TpuCompiler compiler) {
  static Sink out, diag;
  static const char *program =
      "func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
      "  %y = hlo.exponential %x : tensor<2x3xf32>\n"
      "  return %y : tensor<2x3xf32>\n"
      "}\n";
  TpuCompilation c;
  TpuCompileStatus s = tpuCompilerCompileProgram(
      compiler, ref(program), ref("exp.mlir"), ref("target=v5e"), &c);
  TpuMemoryAnalysis memory;
  int found = tpuCompilationGetMemoryAnalysis(c, ref("main"), &memory);
  /* A 2x3 f32 argument takes one (2,128) tile (XLA's small tile): 1 KiB. */
  printf("compilation: status %d, memory %d, arguments %lld, fits %d\n",
         (int)s, found, memory.argumentSizeInBytes, memory.fits);
  TpuCostAnalysis cost;
  found = tpuCompilationGetCostAnalysis(c, ref("main"), &cost, NULL, NULL);
  printf("cost: %d, %lld flops, %lld transcendentals, %lld bytes\n", found,
         cost.flops, cost.transcendentals, cost.bytesAccessed);
  found = tpuCompilationGetPhaseText(c, ref("fuse"), append, NULL, &out);
  printf("phase text: %d, %s\n", found,
         strstr(out.text, "hlo.exponential") ? "has the op" : "no op");
  found = tpuCompilationGetPhaseText(c, ref("optimized"), NULL, append, &diag);
  printf("unknown phase: %d, %s\n", found,
         strstr(diag.text, "optimized") ? "names it" : diag.text);

  TpuStringRef exe = tpuCompilationGetExecutable(c);
  out.length = 0;
  TpuRunStatus r = tpuExecutableSignature(exe, ref("main"), append, NULL, &out);
  printf("signature: status %d, %s\n", (int)r,
         strstr(out.text, "\"type\":\"2x3xf32\"") ? "2x3xf32" : out.text);

  float x[6] = {0, 1, -1, 0.5f, 2, -3}, y[6] = {0};
  long long dims[2] = {2, 3};
  TpuArray input = {{"f32", 3}, 2, dims, x, sizeof(x)};
  struct {
    float *y;
    size_t bytes;
    char element[8];
  } got = {y, 0, ""};
  TpuRunCallbacks callbacks = {onResult, NULL, NULL, NULL, &got};
  TpuTiming timing;
  r = tpuExecutableRun(exe, ref("main"), ref(""), &input, 1, &timing,
                       &callbacks);
  float worst = 0;
  for (int i = 0; i < 6; ++i) {
    float e = fabsf(y[i] - expf(x[i])) / expf(x[i]);
    worst = e > worst ? e : worst;
  }
  printf("run: status %d, %s %zu bytes, %s\n", (int)r, got.element,
         got.bytes, worst < 1e-6f ? "matches expf" : "differs");

  input.bytes = 8;
  diag.length = 0;
  callbacks.onDiagnostic = append;
  callbacks.userData = &diag;
  callbacks.onResult = NULL;
  r = tpuExecutableRun(exe, ref("main"), ref(""), &input, 1, &timing,
                       &callbacks);
  printf("run with a short input: status %d, %s\n", (int)r,
         strstr(diag.text, "needs 24") ? "says so" : diag.text);
  tpuCompilationDestroy(c);
}

int main(void) {
  TpuCompiler compiler = tpuCompilerCreate();
  static Sink out, diag;

  TpuCompileStatus s = tpuCompilerCompile(
      compiler, ref(kProgram), ref("target=v6e"), append, append, &out);
  printf("executable: status %d, magic %.7s, %s\n", (int)s, out.text,
         out.length > 64 ? "non-empty" : "short");

  out.length = 0;
  s = tpuCompilerCompile(compiler, ref(kProgram),
                         ref("target=v3 compile-to=buffers"), append, NULL,
                         &out);
  printf("buffers: status %d, %s\n", (int)s,
         strstr(out.text, "tpu.hbm_offsets") ? "has offsets" : "no offsets");

  s = tpuCompilerCompile(
      compiler,
      ref("func.func @main(%x: tensor<8x128xf32>) -> tensor<8x128xf32> {\n"
          "  %y = hlo.bogus %x : tensor<8x128xf32>\n"
          "}\n"),
      ref(""), NULL, append, &diag);
  printf("invalid: status %d, diagnostic: %s\n", (int)s,
         strstr(diag.text, "<source>:2:") ? "located" : diag.text);

  diag.length = 0;
  s = tpuCompilerCompile(compiler, ref(kProgram), ref("target=v9"), NULL,
                         append, &diag);
  printf("bad target: status %d, %s\n", (int)s,
         strstr(diag.text, "v9") ? "names it" : diag.text);

  /* Out of memory is this compile's verdict (2), with XLA's report among
   * the diagnostics; the next compile's failure is its own (1). */
  diag.length = 0;
  s = tpuCompilerCompile(
      compiler,
      ref("func.func @main() -> tensor<29360128x10xi32> {\n"
          "  %i = hlo.iota dim = 1 : tensor<29360128x10xi32>\n"
          "  return %i : tensor<29360128x10xi32>\n"
          "}\n"),
      ref("target=v2 layout-mode=xla-default"), NULL, append, &diag);
  printf("out of memory: status %d, %s\n", (int)s,
         strstr(diag.text, "Ran out of memory") ? "reported" : diag.text);
  diag.length = 0;
  s = tpuCompilerCompile(compiler, ref("func.func @main( {"), ref(""), NULL,
                         append, &diag);
  printf("invalid after out of memory: status %d\n", (int)s);

  /* The memory report reaches the caller, with the diagnostics. */
  diag.length = 0;
  out.length = 0;
  s = tpuCompilerCompile(compiler, ref(kProgram), ref("memory-report=true"),
                         append, append, &diag);
  printf("memory report: status %d, %s\n", (int)s,
         strstr(diag.text, "@main on v3: uses") ? "delivered" : diag.text);

  /* An executable timed without computing values (tpu-run --timing-only):
   * exp of 8x128 f32 reads and writes 4 KiB of HBM. */
  out.length = 0;
  s = tpuCompilerCompile(compiler, ref(kProgram), ref("target=v6e"), append,
                         NULL, &out);
  TpuStringRef exe = {out.text, out.length};
  TpuTiming timing;
  TpuRunStatus r =
      tpuExecutableTime(exe, ref("main"), ref("steps=10"), &timing, NULL, NULL);
  printf("timing: status %d, %s, %lld HBM bytes, %lld kernel(s), call %s\n",
         (int)r, timing.cycles > 0 && timing.stepSeconds > 0 ? "timed" : "0",
         timing.hbmBytes, timing.kernels,
         timing.callSeconds > 10 * timing.stepSeconds ? "covers 10 steps"
                                                      : "short");
  diag.length = 0;
  r = tpuExecutableTime(exe, ref("other"), ref(""), &timing, append, &diag);
  printf("timing an unknown function: status %d, %s\n", (int)r,
         strstr(diag.text, "other") ? "names it" : diag.text);
  diag.length = 0;
  r = tpuExecutableTime(exe, ref("main"), ref("steps=0"), &timing, append,
                        &diag);
  printf("timing with a bad option: status %d, %s\n", (int)r,
         strstr(diag.text, "steps") ? "names it" : diag.text);
  diag.length = 0;
  exe.length = 20;
  r = tpuExecutableTime(exe, ref("main"), ref(""), &timing, append, &diag);
  printf("timing a truncated executable: status %d\n", (int)r);

  compileAndRun(compiler);
  tpuCompilerDestroy(compiler);
  return 0;
}
