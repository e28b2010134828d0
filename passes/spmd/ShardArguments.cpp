//===- ShardArguments.cpp - data parallelism and ZeRO as annotations -----===//
//
// What `--data-parallel` and `--zero=N` write before partitioning: the
// annotations a JAX user would give jit's in_shardings for the common
// strategies. The model state is what the program donates (parameters
// and optimizer state come in donated and go out updated); every other
// argument is the batch, cut along its first dimension. ZeRO (Rajbhandari
// et al.) also cuts the state: stage 1 the optimizer state, stage 3 the
// parameters too. Parameters are the state arguments the model reads (a
// matmul, a bias's broadcast); optimizer state only meets elementwise
// arithmetic. Each donated argument's output is laid out as the
// argument, so that the update can take its buffer.
//
//===----------------------------------------------------------------------===//

#include "passes/memory/Donation.h"
#include "passes/Passes.h"
#include "passes/spmd/Spmd.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_HLOSHARDARGUMENTS
#include "passes/spmd/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;
using namespace mlir::tpu;
using namespace mlir::tpu::spmd;

namespace {
bool donated(func::FuncOp func, unsigned i) {
  return donationAsked(func, i).has_value();
}

/// Whether the model reads `arg` (a matmul, a broadcast of a bias, a
/// reshape: anything but the elementwise arithmetic of an optimizer's
/// update): a parameter, not optimizer state.
bool readByModel(Value arg) {
  return llvm::any_of(arg.getUsers(), [](Operation *user) {
    return !user->hasTrait<hlo::OpTrait::SameShapeElementwise>() &&
           !isa<func::ReturnOp>(user);
  });
}

} // namespace

bool spmd::namesArgument(BlockArgument arg, StringRef word) {
  unsigned number = 0;
  auto name = dyn_cast<NameLoc>(arg.getLoc());
  return (!word.getAsInteger(10, number) && number == arg.getArgNumber()) ||
         (name && name.getName() == word);
}

namespace {

/// " (images)" for an argument JAX named loc("images"), else "".
std::string describeName(BlockArgument arg) {
  auto name = dyn_cast<NameLoc>(arg.getLoc());
  return name ? (" (" + name.getName().getValue() + ")").str() : "";
}

/// Dimension `k` of a rank-`rank` tensor cut over all devices in order.
DeviceLayout cut(int64_t rank, int64_t k, int64_t devices) {
  DeviceLayout layout = DeviceLayout::replicated(rank, devices);
  layout.tiles[k] = devices;
  for (int64_t d = 0; d < devices; ++d)
    layout.coords[d][k] = d;
  return layout;
}

/// The first dimension of `type` that `devices` divides cut, or none (small
/// vectors and scalars stay whole).
DeviceLayout cutFirstDivisible(RankedTensorType type, int64_t devices) {
  for (int64_t k = 0; k < type.getRank(); ++k)
    if (type.getDimSize(k) % devices == 0)
      return cut(type.getRank(), k, devices);
  return DeviceLayout::replicated(type.getRank(), devices);
}

struct HLOShardArguments
    : public tpu::impl::HLOShardArgumentsBase<HLOShardArguments> {
  using Base::Base;

  /// Which arguments are the batch: those batch-arguments names, else the
  /// ones not donated. An error names a word that is no argument.
  FailureOr<SmallVector<bool>> batchOf(func::FuncOp func) {
    SmallVector<bool> batch(func.getNumArguments(), false);
    if (batchArguments.empty()) {
      bool anyState = false;
      for (unsigned i = 0; i < func.getNumArguments(); ++i) {
        batch[i] = !donated(func, i);
        anyState |= !batch[i];
      }
      if (!anyState)
        return func.emitError("--data-parallel and --zero take the donated "
                              "arguments (jax.buffer_donor, "
                              "tf.aliasing_output) as the model state, and @")
               << func.getName()
               << " donates none: name the batch of an inference program "
                  "with --batch-arguments";
      return batch;
    }
    SmallVector<StringRef> words;
    StringRef(batchArguments).split(words, ',', -1, /*KeepEmpty=*/false);
    for (StringRef word : words) {
      word = word.trim();
      bool found = false;
      for (BlockArgument arg : func.getArguments()) {
        if (namesArgument(arg, word)) {
          batch[arg.getArgNumber()] = true;
          found = true;
        }
      }
      if (!found)
        return func.emitError("--batch-arguments: @")
               << func.getName() << " has no argument '" << word << "' ("
               << func.getNumArguments()
               << " arguments, named by number or by their loc(\"name\"))";
    }
    return batch;
  }

  LogicalResult annotate(func::FuncOp func, int64_t n) {
    FailureOr<SmallVector<bool>> batch = batchOf(func);
    if (failed(batch))
      return failure();
    MLIRContext *context = func.getContext();
    for (BlockArgument arg : func.getArguments()) {
      unsigned i = arg.getArgNumber();
      if (func.getArgAttr(i, kShardingAttrName))
        continue; // what the program says wins
      auto type = cast<RankedTensorType>(arg.getType());
      DeviceLayout layout = DeviceLayout::replicated(type.getRank(), n);
      if ((*batch)[i]) {
        if (type.getRank() == 0)
          continue;
        if (type.getDimSize(0) % n)
          // At the function: an exporter's argument locations are names
          // (loc("images")) that point at no line.
          return func.emitError("--data-parallel: argument ")
                 << i << describeName(arg) << " is a batch of "
                 << type.getDimSize(0) << ", which " << n
                 << " devices do not divide";
        layout = cut(type.getRank(), 0, n);
      } else if (donated(func, i)) {
        bool parameter = readByModel(arg);
        if (zero >= 3 || (zero >= 1 && !parameter))
          layout = cutFirstDivisible(type, n);
      } else if (zero >= 3) {
        // An inference program's weights, under FSDP.
        layout = cutFirstDivisible(type, n);
      }
      func.setArgAttr(i, kShardingAttrName, layout.attr(context));
    }
    annotateUpdates(func);
    return success();
  }

  /// Each donated argument's output (tf.aliasing_output's, else the first
  /// unclaimed one of its type, as JAX pairs buffer donors) is laid out as
  /// the argument: the update can take its buffer, and ZeRO-1's replicated
  /// parameters are gathered back after their sharded update.
  void annotateUpdates(func::FuncOp func) {
    ArrayRef<Type> results = func.getResultTypes();
    SmallVector<bool> claimed(results.size(), false);
    for (unsigned i = 0; i < func.getNumArguments(); ++i) {
      if (!donated(func, i))
        continue;
      std::optional<unsigned> output;
      if (int64_t alias = *donationAsked(func, i); alias >= 0) {
        if (alias < int64_t(results.size()))
          output = alias;
      } else {
        for (unsigned r = 0; r < results.size() && !output; ++r)
          if (!claimed[r] && results[r] == func.getArgumentTypes()[i])
            output = r;
      }
      if (!output || claimed[*output])
        continue;
      claimed[*output] = true;
      if (!func.getResultAttr(*output, kShardingAttrName))
        func.setResultAttr(*output, kShardingAttrName,
                           func.getArgAttr(i, kShardingAttrName));
    }
  }

  void runOnOperation() override {
    if (!dataParallel && zero == 0)
      return;
    ModuleOp module = getOperation();
    int64_t n = devices > 0 ? int64_t(devices) : deviceCount(module);
    if (n == 1)
      return;
    for (auto func : module.getOps<func::FuncOp>())
      if (!func.isExternal() && func.isPublic() && !hasCollectives(func) &&
          failed(annotate(func, n)))
        return signalPassFailure();
  }
};
} // namespace
