//===- Shardy.cpp - Shardy and shard_map forms into hlo's shardings ------===//
//
// JAX's three ways of writing a sharded program (Shardy's dialect, Shardy
// round-tripped through HLO's frontend attributes, GSPMD's custom calls)
// rewritten into one: `mhlo.sharding` strings on arguments and results
// (which convert-stablehlo-to-hlo reads), `hlo.sharding_constraint` ops and
// `hlo.manual_computation` regions whose stablehlo bodies the import then
// converts in place. docs/multi-device.md "Shardy and shard_map".
//
//===----------------------------------------------------------------------===//

#include "dialects/hlo/HLOOps.h"
#include "dialects/sdy/SdyOps.h"
#include "dialects/stablehlo/StablehloOps.h"
#include "passes/Passes.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tpu {
#define GEN_PASS_DEF_IMPORTSHARDY
#include "passes/import/Passes.h.inc"
} // namespace mlir::tpu

using namespace mlir;
namespace sh = mlir::stablehlo;

namespace {

/// One piece of a mesh axis (an axis split by the sub-axes that name
/// parts of it), in the device array's row-major order.
struct Atom {
  StringRef axis;
  int64_t preSize; // the product of the axis's pieces before this one
  int64_t size;
};

/// Resolves meshes and converts Shardy shardings to XLA's device arrays.
class MeshTable {
public:
  MeshTable(ModuleOp module) : module(module) {}
  /// The mesh `sharding` is over (a symbol, inline, or one of the
  /// round-tripped `xla.sdy.meshes`).
  FailureOr<sdy::MeshAttr> meshOf(sdy::TensorShardingAttr sharding,
                                  Location loc);
  /// With `manualAxes`, the axes not among them are left out (a partly
  /// manual computation runs whole along its automatic axes).
  FailureOr<hlo::ShardingAttr> convert(sdy::TensorShardingAttr sharding,
                                       Location loc,
                                       ArrayAttr manualAxes = nullptr);

private:
  ModuleOp module;
  DictionaryAttr roundTripped;
};

} // namespace

FailureOr<sdy::MeshAttr> MeshTable::meshOf(sdy::TensorShardingAttr sharding,
                                           Location loc) {
  if (auto mesh = dyn_cast<sdy::MeshAttr>(sharding.getMesh()))
    return mesh;
  auto name = cast<FlatSymbolRefAttr>(sharding.getMesh());
  if (auto op = SymbolTable::lookupNearestSymbolFrom<sdy::MeshOp>(module, name))
    return op.getMesh();
  // The round-tripped form keeps its meshes in a string of the module's
  // frontend attributes: `{mesh = #sdy.mesh<["a"=2]>}`.
  if (!roundTripped)
    if (auto frontend =
            module->getAttrOfType<DictionaryAttr>("mhlo.frontend_attributes"))
      if (auto text = frontend.getAs<StringAttr>("xla.sdy.meshes"))
        roundTripped = dyn_cast_or_null<DictionaryAttr>(
            parseAttribute(text.getValue(), module.getContext()));
  if (roundTripped)
    if (auto mesh = roundTripped.getAs<sdy::MeshAttr>(name.getValue()))
      return mesh;
  return emitError(loc) << "the sharding's mesh " << name
                        << " is not defined (no sdy.mesh of that name)";
}

/// The pieces of each mesh axis that `sharding`'s sub-axes split it into.
static FailureOr<SmallVector<Atom>> atomsOf(sdy::MeshAttr mesh,
                                            ArrayRef<sdy::AxisRefAttr> refs,
                                            Location loc) {
  SmallVector<Atom> atoms;
  for (auto [nameAttr, size] : llvm::zip(mesh.getNames(), mesh.getSizes())) {
    StringRef axis = cast<StringAttr>(nameAttr).getValue();
    SmallVector<int64_t> cuts = {1, size};
    for (sdy::AxisRefAttr ref : refs) {
      if (ref.getName().getValue() != axis || !ref.isSubAxis())
        continue;
      int64_t end = ref.getPreSize() * ref.getSize();
      if (size % end != 0)
        return emitError(loc) << "sub-axis \"" << axis << "\":("
                              << ref.getPreSize() << ")" << ref.getSize()
                              << " does not divide the axis of size " << size;
      cuts.push_back(ref.getPreSize());
      cuts.push_back(end);
    }
    llvm::sort(cuts);
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    for (size_t i = 0; i + 1 < cuts.size(); ++i) {
      if (cuts[i + 1] % cuts[i] != 0)
        return emitError(loc) << "the sub-axes of \"" << axis
                              << "\" overlap without nesting";
      atoms.push_back({axis, cuts[i], cuts[i + 1] / cuts[i]});
    }
  }
  return atoms;
}

FailureOr<hlo::ShardingAttr>
MeshTable::convert(sdy::TensorShardingAttr sharding, Location loc,
                   ArrayAttr manualAxes) {
  FailureOr<sdy::MeshAttr> mesh = meshOf(sharding, loc);
  if (failed(mesh))
    return failure();
  MLIRContext *context = module.getContext();
  ArrayRef<int64_t> ids = mesh->getDeviceIds();
  // A maximal mesh: one device holds the whole tensor.
  if (mesh->getNames().empty() && ids.size() == 1)
    return hlo::ShardingAttr::get(context, {}, ids, false, true);
  SmallVector<sdy::AxisRefAttr> refs;
  for (auto dim : sharding.getDims().getAsRange<sdy::DimShardingAttr>())
    llvm::append_range(refs, dim.getAxes().getAsRange<sdy::AxisRefAttr>());
  FailureOr<SmallVector<Atom>> atoms = atomsOf(*mesh, refs, loc);
  if (failed(atoms))
    return failure();
  // Each dimension's pieces, in its axes' order; the rest replicate.
  SmallVector<int64_t> order, tiles;
  SmallVector<bool> used(atoms->size(), false);
  for (auto dim : sharding.getDims().getAsRange<sdy::DimShardingAttr>()) {
    int64_t tile = 1;
    for (sdy::AxisRefAttr ref : dim.getAxes().getAsRange<sdy::AxisRefAttr>()) {
      if (manualAxes && !llvm::is_contained(manualAxes, ref.getName()))
        continue;
      StringRef axis = ref.getName().getValue();
      if (!mesh->axisSize(axis))
        return emitError(loc) << "the sharding names axis \"" << axis
                              << "\", which its mesh does not have";
      int64_t begin = ref.isSubAxis() ? ref.getPreSize() : 1;
      int64_t end = ref.isSubAxis() ? begin * ref.getSize()
                                    : *mesh->axisSize(axis);
      for (auto [i, atom] : llvm::enumerate(*atoms)) {
        if (atom.axis != axis || atom.preSize < begin ||
            atom.preSize * atom.size > end)
          continue;
        if (used[i])
          return emitError(loc) << "the sharding uses axis \"" << axis
                                << "\" twice";
        used[i] = true;
        order.push_back(i);
        tile *= atom.size;
      }
    }
    tiles.push_back(tile);
  }
  int64_t replicas = 1;
  for (auto [i, atom] : llvm::enumerate(*atoms))
    if (!used[i]) {
      order.push_back(i);
      replicas *= atom.size;
    }
  if (llvm::all_of(tiles, [](int64_t t) { return t == 1; }))
    return hlo::ShardingAttr::get(context, {}, {}, false, false);
  // The device array with its pieces in `order`, row-major.
  int64_t n = mesh->numDevices();
  SmallVector<int64_t> strides(atoms->size(), 1);
  for (int64_t i = int64_t(atoms->size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * (*atoms)[i + 1].size;
  SmallVector<int64_t> devices;
  for (int64_t position = 0; position < n; ++position) {
    int64_t rest = position, source = 0;
    for (int64_t j = int64_t(order.size()) - 1; j >= 0; --j) {
      int64_t size = (*atoms)[order[j]].size;
      source += (rest % size) * strides[order[j]];
      rest /= size;
    }
    devices.push_back(ids.empty() ? source : ids[source]);
  }
  bool replicate = replicas > 1;
  if (replicate)
    tiles.push_back(replicas);
  if (failed(hlo::ShardingAttr::verify(
          [&] { return emitError(loc) << "invalid sharding: "; }, tiles,
          devices, replicate, false)))
    return failure();
  return hlo::ShardingAttr::get(context, tiles, devices, replicate, false);
}

namespace {

/// The rewrite of one module.
class ShardyImport {
public:
  explicit ShardyImport(ModuleOp module) : module(module), meshes(module) {}
  LogicalResult run();

private:
  LogicalResult importSignature(func::FuncOp func);
  LogicalResult importConstraints(func::FuncOp func);
  /// Ops' own `sdy.sharding` (one per result) as constraints after them.
  LogicalResult importResultShardings(func::FuncOp func);
  /// A manual computation over no axes: its body inline, between
  /// constraints to its shardings.
  LogicalResult inlineAutomatic(sdy::ManualComputationOp op,
                                ArrayRef<Attribute> in,
                                ArrayRef<Attribute> out);
  /// A manual computation over `devices` devices whose body `fill` puts
  /// in its region (arguments tile-shaped, any terminator, which becomes
  /// hlo.yield).
  hlo::ManualComputationOp makeManual(OpBuilder &b, Location loc,
                                      ValueRange inputs, TypeRange resultTypes,
                                      ArrayRef<Attribute> in,
                                      ArrayRef<Attribute> out, int64_t devices,
                                      function_ref<void(Region &)> fill);
  LogicalResult importManual(sdy::ManualComputationOp op);
  LogicalResult importRoundTripped(func::CallOp call);
  LogicalResult importGspmdManual(sh::CustomCallOp fullToShard);
  FailureOr<SmallVector<Attribute>> convertAll(ArrayAttr shardings,
                                               Location loc,
                                               ArrayAttr manualAxes);
  /// Remarks on the axes of `mesh` a computation manual over `axes` leaves
  /// automatic: its body runs whole along them.
  void noteAutomatic(ArrayAttr axes, sdy::MeshAttr mesh, Location loc);

  ModuleOp module;
  MeshTable meshes;
  /// Round-tripped bodies, erased once no call is left.
  SetVector<func::FuncOp> calledBodies;
};

} // namespace

FailureOr<SmallVector<Attribute>>
ShardyImport::convertAll(ArrayAttr shardings, Location loc,
                         ArrayAttr manualAxes) {
  SmallVector<Attribute> out;
  for (auto s : shardings.getAsRange<sdy::TensorShardingAttr>()) {
    FailureOr<hlo::ShardingAttr> converted =
        meshes.convert(s, loc, manualAxes);
    if (failed(converted))
      return failure();
    out.push_back(*converted);
  }
  return out;
}

LogicalResult ShardyImport::importSignature(func::FuncOp func) {
  auto convert = [&](DictionaryAttr attrs, Location loc,
                     auto set) -> LogicalResult {
    Attribute attr = attrs ? attrs.get("sdy.sharding") : Attribute();
    if (!attr)
      return success();
    auto sharding = dyn_cast<sdy::TensorShardingAttr>(attr);
    if (!sharding)
      return emitError(loc) << "sdy.sharding must be a #sdy.sharding, not "
                            << attr;
    FailureOr<hlo::ShardingAttr> converted = meshes.convert(sharding, loc);
    if (failed(converted))
      return failure();
    set(StringAttr::get(func.getContext(), converted->str()));
    return success();
  };
  for (unsigned i = 0; i < func.getNumArguments(); ++i) {
    Location loc =
        func.isExternal() ? func.getLoc() : func.getArgument(i).getLoc();
    if (failed(convert(func.getArgAttrDict(i), loc,
                       [&](StringAttr s) {
                         func.setArgAttr(i, "mhlo.sharding", s);
                       })))
      return failure();
    func.removeArgAttr(i, "sdy.sharding");
  }
  for (unsigned i = 0; i < func.getNumResults(); ++i) {
    if (failed(convert(func.getResultAttrDict(i), func.getLoc(),
                       [&](StringAttr s) {
                         func.setResultAttr(i, "mhlo.sharding", s);
                       })))
      return failure();
    func.removeResultAttr(i, StringAttr::get(func.getContext(), "sdy.sharding"));
  }
  return success();
}

/// Pins `v` to `sharding` with a constraint right after its definition.
static void constrain(OpBuilder &b, Value v, hlo::ShardingAttr sharding,
                      Location loc) {
  auto constraint =
      hlo::ShardingConstraintOp::create(b, loc, v.getType(), v, sharding);
  v.replaceAllUsesExcept(constraint, constraint);
}

LogicalResult ShardyImport::importResultShardings(func::FuncOp func) {
  SmallVector<Operation *> annotated;
  func.walk([&](Operation *op) {
    if (op->hasAttr("sdy.sharding") && op != func.getOperation())
      annotated.push_back(op);
  });
  for (Operation *op : annotated) {
    auto perValue =
        op->getAttrOfType<sdy::TensorShardingPerValueAttr>("sdy.sharding");
    op->removeAttr("sdy.sharding");
    // Inside a shard_map body every axis is manual: nothing is left to
    // shard.
    if (auto m = op->getParentOfType<sdy::ManualComputationOp>())
      if (!m.getManualAxes().getAxes().empty())
        continue;
    if (!perValue || perValue.getShardings().size() != op->getNumResults())
      return op->emitOpError("has an sdy.sharding that is not one sharding "
                             "per result");
    OpBuilder b(op->getContext());
    b.setInsertionPointAfter(op);
    for (auto [v, s] : llvm::zip(op->getResults(),
                                 perValue.getShardings()
                                     .getAsRange<sdy::TensorShardingAttr>())) {
      FailureOr<hlo::ShardingAttr> converted = meshes.convert(s, op->getLoc());
      if (failed(converted))
        return failure();
      constrain(b, v, *converted, op->getLoc());
    }
  }
  return success();
}

LogicalResult ShardyImport::importConstraints(func::FuncOp func) {
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    if (isa<sdy::ShardingConstraintOp, sdy::ReshardOp, sdy::ShardingGroupOp>(
            op))
      ops.push_back(op);
    else if (auto call = dyn_cast<sh::CustomCallOp>(op))
      if (call.getCallTargetName() == "xla.sdy.FuncResultSharding")
        ops.push_back(op);
  });
  for (Operation *op : ops) {
    if (isa<sdy::ShardingGroupOp>(op)) {
      // A request to shard values alike, for Shardy's propagation; the
      // values are the same whatever their shardings.
      op->erase();
      continue;
    }
    sdy::TensorShardingAttr sharding;
    if (auto c = dyn_cast<sdy::ShardingConstraintOp>(op))
      sharding = c.getSharding();
    else if (auto r = dyn_cast<sdy::ReshardOp>(op))
      sharding = r.getSharding();
    else if (auto frontend = op->getAttrOfType<DictionaryAttr>(
                 "mhlo.frontend_attributes"))
      if (auto text = frontend.getAs<StringAttr>("xla.sdy.sharding"))
        if (auto perValue = dyn_cast_or_null<sdy::TensorShardingPerValueAttr>(
                parseAttribute(text.getValue(), func.getContext())))
          if (perValue.getShardings().size() == 1)
            sharding = cast<sdy::TensorShardingAttr>(
                perValue.getShardings()[0]);
    if (!sharding || op->getNumOperands() != 1 || op->getNumResults() != 1)
      return op->emitOpError("has no sharding of one value the compiler "
                             "can read");
    FailureOr<hlo::ShardingAttr> converted =
        meshes.convert(sharding, op->getLoc());
    if (failed(converted))
      return failure();
    OpBuilder b(op);
    Value constraint = hlo::ShardingConstraintOp::create(
        b, op->getLoc(), op->getResult(0).getType(), op->getOperand(0),
        *converted);
    op->getResult(0).replaceAllUsesWith(constraint);
    op->erase();
  }
  return success();
}

void ShardyImport::noteAutomatic(ArrayAttr axes, sdy::MeshAttr mesh,
                                 Location loc) {
  SmallVector<StringRef> automatic;
  for (auto [name, size] : llvm::zip(mesh.getNames(), mesh.getSizes()))
    if (size > 1 && !llvm::is_contained(axes, name))
      automatic.push_back(cast<StringAttr>(name).getValue());
  if (automatic.empty())
    return;
  InFlightDiagnostic diag = emitRemark(loc)
                            << "shard_map is manual over some mesh axes "
                               "only; its body runs whole along ";
  llvm::interleaveComma(automatic, diag,
                        [&](StringRef a) { diag << "\"" << a << "\""; });
  diag << " on every device (the same values; XLA would also partition it "
          "over them)";
}

hlo::ManualComputationOp ShardyImport::makeManual(
    OpBuilder &b, Location loc, ValueRange inputs, TypeRange resultTypes,
    ArrayRef<Attribute> in, ArrayRef<Attribute> out, int64_t devices,
    function_ref<void(Region &)> fill) {
  auto manual = hlo::ManualComputationOp::create(
      b, loc, resultTypes, inputs, b.getI64IntegerAttr(devices),
      b.getArrayAttr(in), b.getArrayAttr(out));
  fill(manual.getBody());
  // Exports before JAX recorded the partition count leave it to the
  // compile options; the body's collectives count on the mesh's.
  if (!module->hasAttr("mhlo.num_partitions"))
    module->setAttr("mhlo.num_partitions",
                    b.getI32IntegerAttr(static_cast<int32_t>(devices)));
  Operation *terminator = manual.getBlock().getTerminator();
  OpBuilder end(terminator);
  hlo::YieldOp::create(end, terminator->getLoc(), terminator->getOperands());
  terminator->erase();
  return manual;
}

LogicalResult ShardyImport::importManual(sdy::ManualComputationOp op) {
  Location loc = op.getLoc();
  ArrayAttr in = op.getInShardings().getShardings();
  ArrayAttr out = op.getOutShardings().getShardings();
  if (in.empty() && out.empty())
    return op.emitOpError("has no shardings to read its mesh from");
  auto first = cast<sdy::TensorShardingAttr>(in.empty() ? out[0] : in[0]);
  ArrayAttr axes = op.getManualAxes().getAxes();
  // Over no axes, the shardings are constraints on the whole values.
  ArrayAttr keep = axes.empty() ? nullptr : axes;
  FailureOr<SmallVector<Attribute>> inputs = convertAll(in, loc, keep);
  FailureOr<SmallVector<Attribute>> outputs = convertAll(out, loc, keep);
  if (failed(inputs) || failed(outputs))
    return failure();
  if (axes.empty())
    return inlineAutomatic(op, *inputs, *outputs);
  FailureOr<sdy::MeshAttr> mesh = meshes.meshOf(first, loc);
  if (failed(mesh))
    return failure();
  noteAutomatic(axes, *mesh, loc);
  OpBuilder b(op);
  auto manual = makeManual(
      b, loc, op.getTensors(), op.getResultTypes(), *inputs, *outputs,
      mesh->numDevices(), [&](Region &body) { body.takeBody(op.getBody()); });
  op.replaceAllUsesWith(manual.getResults());
  op.erase();
  return success();
}

LogicalResult ShardyImport::inlineAutomatic(sdy::ManualComputationOp op,
                                            ArrayRef<Attribute> in,
                                            ArrayRef<Attribute> out) {
  OpBuilder b(op);
  Block &body = op.getBody().front();
  for (auto [arg, v, s] : llvm::zip(body.getArguments(), op.getTensors(), in))
    arg.replaceAllUsesWith(hlo::ShardingConstraintOp::create(
        b, op.getLoc(), v.getType(), v, cast<hlo::ShardingAttr>(s)));
  Operation *terminator = body.getTerminator();
  for (Operation &inner : llvm::make_early_inc_range(body.without_terminator()))
    inner.moveBefore(op);
  for (auto [result, v, s] :
       llvm::zip(op.getResults(), terminator->getOperands(), out))
    result.replaceAllUsesWith(hlo::ShardingConstraintOp::create(
        b, op.getLoc(), v.getType(), v, cast<hlo::ShardingAttr>(s)));
  op.erase();
  return success();
}

/// The `xla.sdy.<name>` frontend attribute of the first of `ops` that has
/// it, parsed.
template <typename AttrT>
static AttrT frontendAttr(ArrayRef<Operation *> ops, StringRef name) {
  for (Operation *op : ops)
    if (auto frontend =
            op->getAttrOfType<DictionaryAttr>("mhlo.frontend_attributes"))
      if (auto text = frontend.getAs<StringAttr>(name))
        if (auto attr = dyn_cast_or_null<AttrT>(
                parseAttribute(text.getValue(), op->getContext())))
          return attr;
  return AttrT();
}

/// Value `index`'s sharding in the `xla.sdy.<name>` per-value shardings
/// of the first of `ops` that has them; null without.
static sdy::TensorShardingAttr perValue(ArrayRef<Operation *> ops,
                                        StringRef name, unsigned index) {
  auto shardings = frontendAttr<sdy::TensorShardingPerValueAttr>(
      ops, ("xla.sdy." + name).str());
  if (!shardings || shardings.getShardings().size() <= index)
    return {};
  return cast<sdy::TensorShardingAttr>(shardings.getShardings()[index]);
}

static bool isCustomCall(Operation *op, StringRef target) {
  auto call = dyn_cast_or_null<sh::CustomCallOp>(op);
  return call && call.getCallTargetName() == target;
}

// %l = custom_call @xla.sdy.GlobalToLocalShape(%g)
// %r = call @xla.sdy.manual_computation_body(%l)
// %o = custom_call @xla.sdy.LocalToGlobalShape(%r)
LogicalResult ShardyImport::importRoundTripped(func::CallOp call) {
  Location loc = call.getLoc();
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
  if (!callee || callee.isExternal() || !callee.getBody().hasOneBlock())
    return call.emitOpError("calls a shard_map body the compiler cannot read");
  // Each operand a result of a GlobalToLocalShape; each result used by
  // LocalToGlobalShape calls only.
  SmallVector<Operation *> attrOps = {call};
  SmallVector<Value> inputs;
  SmallVector<sdy::TensorShardingAttr> in;
  for (Value v : call.getOperands()) {
    Operation *g2l = v.getDefiningOp();
    if (!isCustomCall(g2l, "xla.sdy.GlobalToLocalShape"))
      return call.emitOpError("takes an operand that is no "
                              "@xla.sdy.GlobalToLocalShape result");
    auto index = cast<OpResult>(v).getResultNumber();
    inputs.push_back(g2l->getOperand(index));
    auto sharding = perValue({g2l, call}, "in_shardings", index);
    if (!sharding)
      return g2l->emitOpError("has no in_shardings for its operand #")
             << index;
    in.push_back(sharding);
    attrOps.push_back(g2l);
  }
  SmallVector<std::pair<Operation *, unsigned>> uses; // L2G op, operand
  SmallVector<sdy::TensorShardingAttr> out;
  for (Value r : call.getResults()) {
    if (!r.hasOneUse() ||
        !isCustomCall(r.use_begin()->getOwner(), "xla.sdy.LocalToGlobalShape"))
      return call.emitOpError("has a result not used by exactly one "
                              "@xla.sdy.LocalToGlobalShape");
    Operation *l2g = r.use_begin()->getOwner();
    unsigned index = r.use_begin()->getOperandNumber();
    auto sharding = perValue({l2g, call}, "out_shardings", index);
    if (!sharding)
      return l2g->emitOpError("has no out_shardings for its operand #")
             << index;
    out.push_back(sharding);
    uses.push_back({l2g, index});
    attrOps.push_back(l2g);
  }
  auto axes =
      frontendAttr<sdy::ManualAxesAttr>(attrOps, "xla.sdy.manual_axes");
  if (!axes)
    return call.emitOpError("has no xla.sdy.manual_axes");
  if (in.empty() && out.empty())
    return call.emitOpError("has no shardings to read its mesh from");
  FailureOr<sdy::MeshAttr> mesh =
      meshes.meshOf(in.empty() ? out[0] : in[0], loc);
  if (failed(mesh))
    return failure();
  noteAutomatic(axes.getAxes(), *mesh, loc);
  SmallVector<Attribute> inAttrs(in.begin(), in.end()),
      outAttrs(out.begin(), out.end());
  FailureOr<SmallVector<Attribute>> inputsShardings = convertAll(
      ArrayAttr::get(call.getContext(), inAttrs), loc, axes.getAxes());
  FailureOr<SmallVector<Attribute>> outputsShardings = convertAll(
      ArrayAttr::get(call.getContext(), outAttrs), loc, axes.getAxes());
  if (failed(inputsShardings) || failed(outputsShardings))
    return failure();
  SmallVector<Type> resultTypes;
  for (auto [l2g, index] : uses)
    resultTypes.push_back(l2g->getResult(index).getType());
  // After the last LocalToGlobalShape's operands are defined: at the call.
  OpBuilder b(call);
  // The body: a copy of the callee (other shard_maps may call it too).
  auto manual = makeManual(b, loc, inputs, resultTypes, *inputsShardings,
                           *outputsShardings, mesh->numDevices(),
                           [&](Region &body) {
                             IRMapping map;
                             callee.getBody().cloneInto(&body, map);
                           });
  SetVector<Operation *> dead;
  for (auto [i, use] : llvm::enumerate(uses)) {
    auto [l2g, index] = use;
    l2g->getResult(index).replaceAllUsesWith(manual.getResult(i));
    dead.insert(l2g);
  }
  for (Value v : call.getOperands())
    dead.insert(v.getDefiningOp());
  call.erase();
  for (Operation *op : dead)
    if (op->use_empty())
      op->erase();
  calledBodies.insert(callee);
  return success();
}

/// An `mhlo.sharding` string as an #hlo.sharding, or a located error.
static FailureOr<hlo::ShardingAttr> gspmdSharding(Operation *op) {
  auto text = op ? op->getAttrOfType<StringAttr>("mhlo.sharding") : nullptr;
  if (!text)
    return failure();
  std::string error;
  return hlo::ShardingAttr::parse(op->getContext(), text.getValue(), error);
}

// %s = custom_call @Sharding(%x) {mhlo.sharding = "{devices=[2,1]0,1}"}
// %l = custom_call @SPMDFullToShardShape(%s) {mhlo.sharding = "{manual}"}
// ... the body, on %l ...
// %o = custom_call @SPMDShardToFullShape(%y) {mhlo.sharding = "{devices=...}"}
/// One GSPMD shard_map around `start`: the ops that read a manual value up
/// to the SPMDShardToFullShape calls (`body`), and the
/// SPMDFullToShardShape (`entries`) and SPMDShardToFullShape (`exits`)
/// calls connected to `start` through the values they pass each other.
static LogicalResult gspmdGroup(sh::CustomCallOp start,
                                SetVector<Operation *> &body,
                                SetVector<Operation *> &entries,
                                SetVector<Operation *> &exits) {
  Block *block = start->getBlock();
  // The manual ops: those that read a manual value, up to the
  // SPMDShardToFullShape calls.
  SetVector<Operation *> manualOps;
  SmallVector<Value> work;
  for (Operation &op : *block)
    if (isCustomCall(&op, "SPMDFullToShardShape"))
      work.push_back(op.getResult(0));
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (Operation *user : v.getUsers()) {
      Operation *op = block->findAncestorOpInBlock(*user);
      if (!op)
        return start->emitOpError("has a manual value used outside its block");
      if (isCustomCall(op, "SPMDShardToFullShape") ||
          isCustomCall(op, "SPMDFullToShardShape"))
        continue;
      if (op->hasTrait<OpTrait::IsTerminator>())
        return start->emitOpError("has a manual value that reaches ")
               << op->getName() << " without @SPMDShardToFullShape";
      if (manualOps.insert(op))
        llvm::append_range(work, op->getResults());
    }
  }
  // One shard_map: the manual ops, inputs and outputs connected to `start`
  // through the values they pass each other.
  SmallVector<Operation *> todo = {start.getOperation()};
  DenseSet<Operation *> seen = {start.getOperation()};
  auto visit = [&](Operation *op) {
    if (op && seen.insert(op).second)
      todo.push_back(op);
  };
  while (!todo.empty()) {
    Operation *op = todo.pop_back_val();
    bool entry = isCustomCall(op, "SPMDFullToShardShape");
    bool exit = isCustomCall(op, "SPMDShardToFullShape");
    (entry ? entries : exit ? exits : body).insert(op);
    if (!entry)
      op->walk([&](Operation *nested) {
        for (Value operand : nested->getOperands())
          if (Operation *def = operand.getDefiningOp())
            if (Operation *top = block->findAncestorOpInBlock(*def))
              if (manualOps.contains(top) ||
                  isCustomCall(top, "SPMDFullToShardShape"))
                visit(top);
      });
    if (!exit)
      for (Operation *user : op->getUsers())
        if (Operation *top = block->findAncestorOpInBlock(*user))
          if (manualOps.contains(top) ||
              isCustomCall(top, "SPMDShardToFullShape"))
            visit(top);
  }
  return success();
}

LogicalResult ShardyImport::importGspmdManual(sh::CustomCallOp start) {
  Block *block = start->getBlock();
  SetVector<Operation *> body, entries, exits;
  if (failed(gspmdGroup(start, body, entries, exits)))
    return failure();
  auto inBlockOrder = [](SetVector<Operation *> &ops) {
    SmallVector<Operation *> sorted(ops.begin(), ops.end());
    llvm::sort(sorted, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
    return sorted;
  };
  SmallVector<Operation *> ins = inBlockOrder(entries);
  SmallVector<Operation *> outs = inBlockOrder(exits);
  SmallVector<Operation *> ops = inBlockOrder(body);
  // Shardings: each input's from the @Sharding call it is cut from, each
  // output's its own.
  SmallVector<Attribute> in, out;
  SmallVector<Value> inputs;
  int64_t devices = 0;
  auto count = [&](hlo::ShardingAttr s) {
    devices = std::max<int64_t>(devices, s.getDevices().size());
  };
  for (Operation *f2s : ins) {
    Value global = f2s->getOperand(0);
    FailureOr<hlo::ShardingAttr> s = gspmdSharding(global.getDefiningOp());
    if (failed(s) || !isCustomCall(global.getDefiningOp(), "Sharding"))
      return f2s->emitOpError("cuts a value no @Sharding call shards: the "
                              "tiles of @SPMDFullToShardShape are unknown");
    in.push_back(*s);
    inputs.push_back(global);
    count(*s);
  }
  for (Operation *s2f : outs) {
    FailureOr<hlo::ShardingAttr> s = gspmdSharding(s2f);
    if (failed(s))
      return s2f->emitOpError("has no sharding the compiler can read");
    out.push_back(*s);
    count(*s);
  }
  if (auto partitions =
          module->getAttrOfType<IntegerAttr>("mhlo.num_partitions"))
    devices = std::max<int64_t>(devices, partitions.getInt());
  // Where the region goes: after every value the body and the inputs read
  // from outside, before every use of its results.
  Operation *after = nullptr;
  auto need = [&](Value v) {
    Operation *def = block->findAncestorOpInBlock(
        *(v.getDefiningOp() ? v.getDefiningOp()
                            : block->getParentOp()));
    if (def && def->getBlock() == block && !body.contains(def) &&
        !entries.contains(def) && (!after || after->isBeforeInBlock(def)))
      after = def;
  };
  for (Value v : inputs)
    need(v);
  for (Operation *op : ops)
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        need(operand);
    });
  for (Operation *s2f : outs)
    for (Operation *user : s2f->getUsers()) {
      Operation *op = block->findAncestorOpInBlock(*user);
      if (after && op && !after->isBeforeInBlock(op))
        return s2f->emitOpError("is used before a value its shard_map body "
                                "reads is defined");
    }
  OpBuilder b(module.getContext());
  if (after)
    b.setInsertionPointAfter(after);
  else
    b.setInsertionPointToStart(block);
  SmallVector<Type> resultTypes;
  for (Operation *s2f : outs)
    resultTypes.push_back(s2f->getResult(0).getType());
  auto fill = [&](Region &region) {
    Block *entry = new Block();
    region.push_back(entry);
    for (Operation *f2s : ins)
      f2s->getResult(0).replaceAllUsesWith(
          entry->addArgument(f2s->getResult(0).getType(), f2s->getLoc()));
    for (Operation *op : ops)
      op->moveBefore(entry, entry->end());
    SmallVector<Value> yielded;
    for (Operation *s2f : outs)
      yielded.push_back(s2f->getOperand(0));
    OpBuilder end = OpBuilder::atBlockEnd(entry);
    func::ReturnOp::create(end, start.getLoc(), yielded);
  };
  auto manual = makeManual(b, start.getLoc(), inputs, resultTypes, in, out,
                           devices, fill);
  for (auto [i, s2f] : llvm::enumerate(outs)) {
    s2f->getResult(0).replaceAllUsesWith(manual.getResult(i));
    s2f->erase();
  }
  for (Operation *f2s : ins)
    f2s->erase();
  // Inside, `{manual}` shardings only say the values are per device.
  manual.walk([](sh::CustomCallOp c) {
    if (c.getCallTargetName() == "Sharding" && c->getNumOperands() == 1) {
      auto text = c->getAttrOfType<StringAttr>("mhlo.sharding");
      if (text && text.getValue() == "{manual}") {
        c->getResult(0).replaceAllUsesWith(c->getOperand(0));
        c->erase();
      }
    }
  });
  return success();
}

LogicalResult ShardyImport::run() {
  SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
  for (func::FuncOp func : funcs) {
    if (failed(importSignature(func)) || failed(importResultShardings(func)) ||
        failed(importConstraints(func)))
      return failure();
    SmallVector<sdy::ManualComputationOp> manuals;
    SmallVector<func::CallOp> bodies;
    func.walk([&](Operation *op) {
      if (auto m = dyn_cast<sdy::ManualComputationOp>(op))
        manuals.push_back(m);
      else if (auto call = dyn_cast<func::CallOp>(op)) {
        if (call.getCallee().starts_with("xla.sdy.manual_computation_body"))
          bodies.push_back(call);
      }
    });
    // Innermost first: a nested manual computation is moved with its
    // parent's body.
    for (sdy::ManualComputationOp m : llvm::reverse(manuals))
      if (failed(importManual(m)))
        return failure();
    for (func::CallOp call : bodies)
      if (failed(importRoundTripped(call)))
        return failure();
    // Each import erases its start (and any other start its body reads).
    while (true) {
      sh::CustomCallOp start;
      func.walk([&](sh::CustomCallOp c) {
        if (c.getCallTargetName() != "SPMDFullToShardShape")
          return WalkResult::advance();
        start = c;
        return WalkResult::interrupt();
      });
      if (!start)
        break;
      if (failed(importGspmdManual(start)))
        return failure();
    }
  }
  for (func::FuncOp body : calledBodies)
    if (SymbolTable::symbolKnownUseEmpty(body, module))
      body.erase();
  return success();
}

namespace {
struct ImportShardy : tpu::impl::ImportShardyBase<ImportShardy> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(ShardyImport(module).run()))
      return signalPassFailure();
    for (auto mesh : llvm::make_early_inc_range(module.getOps<sdy::MeshOp>()))
      mesh.erase();
  }
};
} // namespace
