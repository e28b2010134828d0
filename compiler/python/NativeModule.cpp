//===- NativeModule.cpp - tpu_compiler._native, over the C API ------------===//
//
// The Python package's native half: the C API (compiler/capi/Compiler.h)
// as Python objects, with NumPy arrays in and out. It sees only the C API,
// as MLIR's own Python bindings do, so it links against the one shared
// library and needs neither MLIR's headers nor its RTTI. The package's
// Python half (tpu_compiler/__init__.py) shapes it like JAX's AOT API.
//
//===----------------------------------------------------------------------===//

#include "compiler/capi/Compiler.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstring>
#include <string>
#include <vector>

namespace py = pybind11;

namespace {

void append(TpuStringRef text, void *userData) {
  static_cast<std::string *>(userData)->append(text.data, text.length);
}

TpuStringRef refOf(const std::string &s) { return {s.data(), s.size()}; }

/// Raised with the C API's diagnostics; the Python half maps it to its own
/// exception classes by `status`.
struct NativeError {
  int status;
  std::string message;
};

/// An MLIR context with the compiler's dialects; one per thread of use.
class Compiler {
public:
  Compiler() : compiler(tpuCompilerCreate()) {}
  ~Compiler() { tpuCompilerDestroy(compiler); }
  Compiler(const Compiler &) = delete;
  Compiler &operator=(const Compiler &) = delete;
  TpuCompiler get() const { return compiler; }

private:
  TpuCompiler compiler;
};

class Compilation {
public:
  Compilation(std::shared_ptr<Compiler> compiler, const std::string &source,
              const std::string &name, const std::string &options)
      : compiler(std::move(compiler)) {
    py::gil_scoped_release release;
    status = tpuCompilerCompileProgram(this->compiler->get(), refOf(source),
                                       refOf(name), refOf(options), &compilation);
  }
  ~Compilation() { tpuCompilationDestroy(compilation); }
  Compilation(const Compilation &) = delete;
  Compilation &operator=(const Compilation &) = delete;

  int getStatus() const { return status; }
  py::bytes executable() const {
    TpuStringRef s = tpuCompilationGetExecutable(compilation);
    return py::bytes(s.data, s.length);
  }
  std::string diagnostics() const {
    TpuStringRef s = tpuCompilationGetDiagnostics(compilation);
    return std::string(s.data, s.length);
  }
  std::string memoryReport(const std::string &function) const {
    TpuStringRef s = tpuCompilationGetMemoryReport(compilation, refOf(function));
    return std::string(s.data, s.length);
  }
  std::string memoryViewerJson() const {
    TpuStringRef s = tpuCompilationGetMemoryViewerJson(compilation);
    return std::string(s.data, s.length);
  }
  py::object memoryAnalysis(const std::string &function) const {
    TpuMemoryAnalysis a;
    if (!tpuCompilationGetMemoryAnalysis(compilation, refOf(function), &a))
      return py::none();
    py::dict d;
    d["argument_size_in_bytes"] = a.argumentSizeInBytes;
    d["output_size_in_bytes"] = a.outputSizeInBytes;
    d["alias_size_in_bytes"] = a.aliasSizeInBytes;
    d["temp_size_in_bytes"] = a.tempSizeInBytes;
    d["generated_code_size_in_bytes"] = a.generatedCodeSizeInBytes;
    d["constant_size_in_bytes"] = a.constantSizeInBytes;
    d["scoped_size_in_bytes"] = a.scopedSizeInBytes;
    d["peak_memory_in_bytes"] = a.peakMemoryInBytes;
    d["hbm_capacity_in_bytes"] = a.hbmCapacityInBytes;
    d["padding_at_peak_in_bytes"] = a.paddingAtPeakInBytes;
    d["fits"] = static_cast<bool>(a.fits);
    return d;
  }
  py::dict costAnalysis(const std::string &function) {
    TpuCostAnalysis a;
    std::string diagnostics;
    int ok;
    {
      py::gil_scoped_release release;
      ok = tpuCompilationGetCostAnalysis(compilation, refOf(function), &a,
                                         append, &diagnostics);
    }
    if (!ok)
      throw NativeError{TpuCompileInvalidInput, diagnostics};
    py::dict d;
    d["flops"] = a.flops;
    d["transcendentals"] = a.transcendentals;
    d["bytes accessed"] = a.bytesAccessed;
    return d;
  }
  std::string phaseText(const std::string &phase) {
    Outputs outputs;
    int ok;
    {
      py::gil_scoped_release release;
      ok = tpuCompilationGetPhaseText(compilation, refOf(phase), onOutput,
                                      onDiagnostic, &outputs);
    }
    if (!ok)
      throw NativeError{TpuCompileInvalidInput, outputs.diagnostics};
    return outputs.output;
  }
  std::string paddingReportText() {
    Outputs outputs;
    int ok;
    {
      py::gil_scoped_release release;
      ok = tpuCompilationGetPaddingReport(compilation, onOutput, onDiagnostic,
                                          &outputs);
    }
    if (!ok)
      throw NativeError{TpuCompileInvalidInput, outputs.diagnostics};
    return outputs.output;
  }

private:
  /// Output and diagnostics of one call, told apart by their callbacks.
  struct Outputs {
    std::string output, diagnostics;
  };
  static void onOutput(TpuStringRef text, void *userData) {
    static_cast<Outputs *>(userData)->output.append(text.data, text.length);
  }
  static void onDiagnostic(TpuStringRef text, void *userData) {
    static_cast<Outputs *>(userData)->diagnostics.append(text.data,
                                                         text.length);
  }

  std::shared_ptr<Compiler> compiler;
  TpuCompilation compilation{nullptr};
  int status = TpuCompileInvalidInput;
};

/// NumPy's name of a host element (the C API's TpuArray spelling).
const char *numpyName(const std::string &element) {
  static const std::pair<const char *, const char *> kNames[] = {
      {"f32", "float32"}, {"f16", "float16"}, {"i64", "int64"},
      {"i32", "int32"},   {"i16", "int16"},   {"i8", "int8"},
      {"ui64", "uint64"}, {"ui32", "uint32"}, {"ui16", "uint16"},
      {"ui8", "uint8"},   {"i1", "bool"}};
  for (auto [mlir, numpy] : kNames)
    if (element == mlir)
      return numpy;
  return nullptr;
}

/// A run's outputs, gathered without the GIL.
struct RunOutputs {
  struct Array {
    std::string element;
    std::vector<py::ssize_t> dims;
    std::string data;
  };
  std::vector<Array> results;
  std::string summary, stats, diagnostics;
};

void onResult(TpuArray array, void *userData) {
  RunOutputs::Array a;
  a.element.assign(array.element.data, array.element.length);
  a.dims.assign(array.dims, array.dims + array.rank);
  a.data.assign(static_cast<const char *>(array.data), array.bytes);
  static_cast<RunOutputs *>(userData)->results.push_back(std::move(a));
}
void onSummary(TpuStringRef s, void *userData) {
  static_cast<RunOutputs *>(userData)->summary.append(s.data, s.length);
}
void onStats(TpuStringRef s, void *userData) {
  static_cast<RunOutputs *>(userData)->stats.append(s.data, s.length);
}
void onRunDiagnostic(TpuStringRef s, void *userData) {
  static_cast<RunOutputs *>(userData)->diagnostics.append(s.data, s.length);
}

/// Runs `function` of `executable`. `inputs` are (element, C-contiguous
/// array) pairs the Python half has cast to the arguments' host elements.
py::tuple run(const py::bytes &executable, const std::string &function,
              const std::string &options, const py::list &inputs) {
  std::string bytes = executable;
  std::vector<std::string> elements;
  std::vector<std::vector<long long>> dims;
  std::vector<py::array> arrays;
  for (py::handle item : inputs) {
    auto pair = item.cast<py::tuple>();
    elements.push_back(pair[0].cast<std::string>());
    py::array a = pair[1].cast<py::array>();
    if (!(a.flags() & py::array::c_style))
      throw std::invalid_argument("inputs must be C-contiguous arrays");
    arrays.push_back(a);
    dims.emplace_back(a.shape(), a.shape() + a.ndim());
  }
  std::vector<TpuArray> tpuInputs;
  for (size_t i = 0; i < arrays.size(); ++i)
    tpuInputs.push_back(TpuArray{refOf(elements[i]),
                                 dims[i].size(),
                                 dims[i].data(),
                                 arrays[i].data(),
                                 static_cast<size_t>(arrays[i].nbytes())});
  RunOutputs outputs;
  TpuRunCallbacks callbacks{onResult, onSummary, onStats, onRunDiagnostic,
                            &outputs};
  TpuTiming t{};
  TpuRunStatus status;
  {
    py::gil_scoped_release release;
    status = tpuExecutableRun(refOf(bytes), refOf(function), refOf(options),
                              tpuInputs.data(), tpuInputs.size(), &t,
                              &callbacks);
  }
  if (status != TpuRunSuccess)
    throw NativeError{status, outputs.diagnostics};
  py::list results;
  for (RunOutputs::Array &a : outputs.results) {
    const char *name = numpyName(a.element);
    if (!name)
      throw std::runtime_error("a result of unknown element " + a.element);
    py::array out(py::dtype(name), a.dims);
    if (static_cast<size_t>(out.nbytes()) != a.data.size())
      throw std::runtime_error("a result's size does not match its shape");
    std::memcpy(out.mutable_data(), a.data.data(), a.data.size());
    results.append(out);
  }
  py::dict timing;
  timing["step_seconds"] = t.stepSeconds;
  timing["call_seconds"] = t.callSeconds;
  timing["cycles"] = t.cycles;
  timing["flops"] = t.flops;
  timing["model_flops"] = t.modelFlops;
  timing["int8_ops"] = t.int8Ops;
  timing["hbm_bytes"] = t.hbmBytes;
  timing["ici_bytes"] = t.iciBytes;
  timing["ici_seconds"] = t.iciSeconds;
  timing["kernels"] = t.kernels;
  return py::make_tuple(results, timing, outputs.summary, outputs.stats);
}

py::tuple largestBatch(const std::shared_ptr<Compiler> &compiler,
                       const std::string &source, const std::string &options,
                       const std::string &vary) {
  struct Both {
    std::string report, diagnostics;
  } both;
  TpuLargestBatch result{};
  int ok;
  {
    py::gil_scoped_release release;
    ok = tpuCompilerLargestBatch(
        compiler->get(), refOf(source), refOf(options), refOf(vary), &result,
        [](TpuStringRef s, void *u) {
          static_cast<Both *>(u)->report.append(s.data, s.length);
        },
        [](TpuStringRef s, void *u) {
          static_cast<Both *>(u)->diagnostics.append(s.data, s.length);
        },
        &both);
  }
  if (!ok)
    throw NativeError{TpuCompileInvalidInput, both.diagnostics};
  return py::make_tuple(result.largest, result.original, result.compiles,
                        both.report);
}

std::string signature(const py::bytes &executable,
                      const std::string &function) {
  std::string bytes = executable, json, diagnostics;
  struct Both {
    std::string *json, *diagnostics;
  } both{&json, &diagnostics};
  TpuRunStatus status = tpuExecutableSignature(
      refOf(bytes), refOf(function),
      [](TpuStringRef s, void *u) {
        static_cast<Both *>(u)->json->append(s.data, s.length);
      },
      [](TpuStringRef s, void *u) {
        static_cast<Both *>(u)->diagnostics->append(s.data, s.length);
      },
      &both);
  if (status != TpuRunSuccess)
    throw NativeError{status, diagnostics};
  return json;
}

} // namespace

PYBIND11_MODULE(_native, m) {
  m.doc() = "The TPU compiler's C API (use the tpu_compiler package)";
  static py::exception<NativeError> nativeError(m, "NativeError");
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p)
        std::rethrow_exception(p);
    } catch (const NativeError &e) {
      PyErr_SetObject(nativeError.ptr(),
                      py::make_tuple(e.status, e.message).ptr());
    }
  });
  py::class_<Compiler, std::shared_ptr<Compiler>>(m, "Compiler")
      .def(py::init<>());
  py::class_<Compilation>(m, "Compilation")
      .def(py::init<std::shared_ptr<Compiler>, const std::string &,
                    const std::string &, const std::string &>(),
           py::arg("compiler"), py::arg("source"), py::arg("name"),
           py::arg("options"))
      .def_property_readonly("status", &Compilation::getStatus)
      .def_property_readonly("executable", &Compilation::executable)
      .def_property_readonly("diagnostics", &Compilation::diagnostics)
      .def("memory_report", &Compilation::memoryReport)
      .def("memory_viewer_json", &Compilation::memoryViewerJson)
      .def("memory_analysis", &Compilation::memoryAnalysis)
      .def("cost_analysis", &Compilation::costAnalysis)
      .def("padding_report", &Compilation::paddingReportText)
      .def("phase_text", &Compilation::phaseText);
  m.def("run", &run, py::arg("executable"), py::arg("function"),
        py::arg("options"), py::arg("inputs"));
  m.def("signature", &signature, py::arg("executable"), py::arg("function"));
  m.def("largest_batch", &largestBatch, py::arg("compiler"), py::arg("source"),
        py::arg("options"), py::arg("vary"));
}
