//===- ToolFlags.h - The command-line flags the tools share -----*- C++ -*-===//
//
// tpu-compile, tpu-run and tpu-conformance take the same compile flags
// (--target, --layout-mode, --default-precision); they expand the one
// declaration CompileOptions expands too (CompileOptions.def) and fill
// CompileOptions, as IREE binds its options once. Enum flags list their
// valid values when given another.
//
//===----------------------------------------------------------------------===//

#ifndef TPU_COMPILER_DRIVER_TOOLFLAGS_H
#define TPU_COMPILER_DRIVER_TOOLFLAGS_H

#include "compiler/pipeline/Pipeline.h"
#include "runtime/machine/Topology.h"

#include "llvm/Support/CommandLine.h"

#include <string>
#include <vector>

namespace mlir::tpu {

/// cl::parser for an enum flag whose error names the valid values:
/// "invalid value 'bogus'; expected one of: input, simplify, ...".
template <typename T> class NamedValueParser : public llvm::cl::parser<T> {
public:
  using llvm::cl::parser<T>::parser;
  bool parse(llvm::cl::Option &option, llvm::StringRef, llvm::StringRef arg,
             T &value) {
    std::string names;
    for (const auto &entry : this->Values) {
      if (entry.Name == arg) {
        value = entry.V.getValue();
        return false;
      }
      names += (names.empty() ? "" : ", ") + entry.Name.str();
    }
    return option.error("invalid value '" + arg +
                        "'; expected one of: " + names);
  }
};

template <typename T>
using EnumFlag = llvm::cl::opt<T, false, NamedValueParser<T>>;

/// Makes --help list only `category`'s options, and with
/// `passManagerOptions` MLIR's pass-manager ones (--mlir-timing,
/// --mlir-print-ir-*, --mlir-pass-statistics), not every linked library's;
/// --version then names the compiler and its executable format.
void showOnlyToolOptions(llvm::cl::OptionCategory &category,
                         bool passManagerOptions = false);

// A compile option of CompileOptions.def as a flag in the struct's
// `category`.
#define TPU_CL_OPTION(type, member, flag, help, initValue, valueDesc)         \
  llvm::cl::opt<type> member{flag, llvm::cl::desc(help),                      \
                             llvm::cl::init(initValue),                       \
                             llvm::cl::value_desc(valueDesc),                 \
                             llvm::cl::cat(category)};
#define TPU_CL_ENUM_OPTION(type, member, flag, help, initValue, values)       \
  EnumFlag<type> member{flag, llvm::cl::desc(help), llvm::cl::init(initValue), \
                        values, llvm::cl::cat(category)};

/// The compile flags of a tool, registered in `category` when constructed
/// (at namespace scope, beside the tool's own flags). Declared once with
/// CompileOptions' (compiler/pipeline/CompileOptions.def).
struct CompileFlags {
  /// `defaultPrecision` is the tool's default (the conformance runner's
  /// expected values are f32 products); `targetDetail` says what --target
  /// means for this tool after the list of generations (targetHelp);
  /// `verifyEach` is --verify-each's default (on in the test runner, off in
  /// the compiler and runner users call).
  CompileFlags(llvm::cl::OptionCategory &category,
               hlo::Precision defaultPrecision, llvm::StringRef targetDetail,
               bool verifyEach);

  llvm::cl::OptionCategory &category;
#define TPU_OPTION TPU_CL_OPTION
#define TPU_ENUM_OPTION TPU_CL_ENUM_OPTION
#define TPU_SHARED_OPTIONS
#include "compiler/pipeline/CompileOptions.def"
  llvm::cl::opt<bool> verifyEach;

  /// An error naming the valid values when --target or --mixed-precision
  /// names none of them, else empty.
  std::string check() const;
  /// The flags given that only a compile reads (all but --target and
  /// --topology, which an executable's run checks against its own), as
  /// "--mixed-precision": an executable was compiled with its own.
  std::vector<std::string> givenCompileOnly() const;
  /// The --topology slice, else one device of --target (after check()).
  tpc::Topology slice() const;
  /// Copies the flags into `options`.
  void apply(CompileOptions &options) const;

private:
  /// The one parse of --topology on the tools' side (passes read the
  /// module's #tpu.topology): nullopt without one, or with `error` set.
  std::optional<tpc::Topology> parsedSlice(std::string *error) const;
};

/// tpu-compile's output flags: the phase to stop after (by default the
/// executable) and the memory report, as CompileOptions declares them.
struct OutputFlags {
  explicit OutputFlags(llvm::cl::OptionCategory &category);

  llvm::cl::OptionCategory &category;
#define TPU_OPTION TPU_CL_OPTION
#define TPU_ENUM_OPTION TPU_CL_ENUM_OPTION
#define TPU_OUTPUT_OPTIONS
#include "compiler/pipeline/CompileOptions.def"

  /// Copies the flags into `options`.
  void apply(CompileOptions &options) const;
};

#undef TPU_CL_OPTION
#undef TPU_CL_ENUM_OPTION

} // namespace mlir::tpu

#endif // TPU_COMPILER_DRIVER_TOOLFLAGS_H
