//===- tpu-shape.cpp - Padded sizes of XLA shapes on a TPU
//-----------------===//
//
//   tpu-shape 'f32[64,331,331,64]' 's32[29360128,10]' --target=v3 [--json]
//
// Prints, per shape, the layout XLA would choose (or the given one), the
// unpadded and padded sizes, which dimensions cause the padding, and what to
// change. Exit 1 on a malformed shape, with the offending character marked.
//
//===----------------------------------------------------------------------===//

#include "compiler/driver/Version.h"
#include "runtime/machine/Padding.h"
#include "runtime/machine/Target.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static cl::OptionCategory category("tpu-shape options");
static cl::list<std::string> shapes(cl::Positional, cl::OneOrMore,
                                    cl::desc("<xla-shape or 2x3xf32>..."),
                                    cl::cat(category));
static std::string targetHelp = "TPU generation: " + tpc::targetNames();
static cl::opt<std::string> targetName("target", cl::desc(targetHelp),
                                       cl::init(std::string(
                                           tpc::defaultTarget().name)),
                                       cl::cat(category));
static cl::opt<bool> jsonOutput("json",
                                cl::desc("Print one JSON object per shape "
                                         "in a JSON array"),
                                cl::cat(category));

static json::Array dimsJson(const std::vector<int64_t> &dims) {
  json::Array array;
  for (int64_t d : dims)
    array.push_back(d);
  return array;
}

static json::Object toJson(const tpc::Target &target,
                           const tpc::PaddingInfo &info,
                           const std::vector<std::string> &advice) {
  json::Array padded;
  for (const tpc::DimPadding &pad : info.paddedDims)
    padded.push_back(json::Object{{"dim", pad.dim},
                                  {"size", pad.size},
                                  {"padded_size", pad.paddedSize},
                                  {"tile", pad.tileSize},
                                  {"lane", pad.isLane}});
  json::Array adviceJson;
  for (const std::string &line : advice)
    adviceJson.push_back(line);
  tpc::Shape bare = info.shape;
  bare.layout.reset();
  return json::Object{
      {"shape", tpc::shapeToString(bare)},
      {"layout", tpc::layoutToString(*info.shape.layout)},
      {"shape_with_layout", tpc::shapeToString(info.shape)},
      {"target", std::string(target.name)},
      {"dims", dimsJson(info.shape.dims)},
      {"unpadded_bytes", info.unpaddedBytes},
      {"padded_bytes", info.paddedBytes},
      {"extra_bytes", info.extraBytes()},
      {"expansion", info.unpaddedBytes
                        ? double(info.paddedBytes) / info.unpaddedBytes
                        : 1.0},
      {"padded_dims", std::move(padded)},
      {"advice", std::move(adviceJson)}};
}

static void printText(raw_ostream &os, const tpc::PaddingInfo &info,
                      bool givenLayout, const std::vector<std::string> &advice,
                      const tpc::Target &target) {
  os << tpc::shapeToString(info.shape) << "\n";
  os << "  layout      " << tpc::layoutToString(*info.shape.layout)
     << (givenLayout ? " (given)"
                     : " (XLA's default on " + std::string(target.name) + ")")
     << "\n";
  os << "  unpadded    " << tpc::formatBytes(info.unpaddedBytes) << " ("
     << info.unpaddedBytes << " B)\n";
  os << "  padded      " << tpc::formatBytes(info.paddedBytes) << " ("
     << info.paddedBytes << " B)\n";
  os << "  extra       " << tpc::formatBytes(info.extraBytes()) << " ("
     << tpc::formatExpansion(info.paddedBytes, info.unpaddedBytes)
     << " expansion)\n";
  if (info.paddedDims.empty()) {
    os << "  padded by   nothing: every tiled dimension fills its tiles\n";
  } else {
    const char *label = "  padded by   ";
    for (const tpc::DimPadding &pad : info.paddedDims) {
      os << label << "dimension " << pad.dim << ": " << pad.size << " -> "
         << pad.paddedSize << " (" << (pad.isLane ? "lanes" : "sublanes")
         << ", " << tpc::formatExpansion(pad.paddedSize, pad.size) << ")\n";
      label = "              ";
    }
  }
  if (!advice.empty()) {
    os << "  advice\n";
    for (const std::string &line : advice)
      os << "    - " << line << "\n";
  }
}

/// `1000x784xf32`, the form tpu-run's --input and MLIR's tensor types
/// take, as XLA writes it (`f32[1000,784]`); other text as it is.
static std::string xlaForm(StringRef text) {
  if (text.contains('['))
    return text.str();
  SmallVector<StringRef> parts;
  text.split(parts, 'x');
  StringRef element = parts.back();
  std::string xla;
  if (element == "i1")
    xla = "pred";
  else if (element.consume_front("ui"))
    xla = ("u" + element).str();
  else if (element.consume_front("i"))
    xla = ("s" + element).str();
  else
    xla = element.str();
  std::string dims;
  for (StringRef dim : ArrayRef<StringRef>(parts).drop_back()) {
    if (dim.empty() || !llvm::all_of(dim, isDigit))
      return text.str();
    dims += (dims.empty() ? "" : ",") + dim.str();
  }
  return xla + "[" + dims + "]";
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  // --help lists tpu-shape's options, not every linked library's.
  cl::HideUnrelatedOptions(category);
  cl::SetVersionPrinter(mlir::tpu::printToolVersion);
  cl::ParseCommandLineOptions(
      argc, argv,
      "Padded HBM size of XLA shapes on a TPU, with advice\n\n"
      "  tpu-shape 'f32[64,331,331,64]' 's32[29360128,10]{0,1:T(8,128)}'\n"
      "  tpu-shape 1000x784xf32       (as tpu-run's --input writes it)\n");
  const tpc::Target *target = tpc::findTarget(targetName);
  if (!target) {
    errs() << "tpu-shape: error: " << tpc::unknownTargetMessage(targetName)
           << "\n";
    return 1;
  }
  json::Array results;
  bool first = true;
  for (const std::string &given : shapes) {
    std::string text = xlaForm(given);
    tpc::Shape shape;
    tpc::ParseError error;
    if (!tpc::parseShape(text, shape, error)) {
      // One line, with the offending character bracketed.
      errs() << "tpu-shape: error: invalid shape at column " << error.offset + 1
             << ": " << error.message << ": '" << text.substr(0, error.offset)
             << "[>"
             << (error.offset < text.size() ? text.substr(error.offset, 1)
                                            : std::string(" "))
             << "<]"
             << (error.offset < text.size() ? text.substr(error.offset + 1)
                                            : std::string())
             << "'\n";
      return 1;
    }
    bool givenLayout = shape.layout.has_value();
    absl::StatusOr<tpc::PaddingInfo> info = tpc::analyzePadding(*target, shape);
    if (!info.ok()) {
      errs() << "tpu-shape: error: " << text << ": "
             << std::string(info.status().message()) << "\n";
      return 1;
    }
    std::vector<std::string> advice = tpc::paddingAdvice(*target, *info);
    if (jsonOutput) {
      results.push_back(toJson(*target, *info, advice));
    } else {
      if (!first)
        outs() << "\n";
      printText(outs(), *info, givenLayout, advice, *target);
    }
    first = false;
  }
  if (jsonOutput)
    outs() << formatv("{0:2}", json::Value(std::move(results))) << "\n";
  return 0;
}
