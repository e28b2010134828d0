/* Compiles a small hlo program through the installed C API: the executable,
 * a phase's IR, a target's HBM overflow and a malformed program. */
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

static const char *kProgram =
    "func.func @main(%x: tensor<8x128xf32>) -> tensor<8x128xf32> {\n"
    "  %y = hlo.exponential %x : tensor<8x128xf32>\n"
    "  return %y : tensor<8x128xf32>\n"
    "}\n";

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

  tpuCompilerDestroy(compiler);
  return 0;
}
