//===- ExecutableWriter.cpp - Lowered module to executable file -----------===//

#include "compiler/executable/ExecutableWriter.h"

#include "dialects/tpu/TPUDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "runtime/Numerics.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cstring>
#include <iterator>

using namespace mlir;
using namespace mlir::tpu;

namespace {

FailureOr<tpurt::Element> elementOf(Location loc, Type type) {
  if (std::optional<tpurt::Element> element = toStoredElement(type))
    return *element;
  return emitError(loc) << "the executable stores "
                        << tpu::kSupportedElementTypes << ", not " << type;
}

/// The exporter's op name in `loc` (JAX's name stack, the first NameLoc;
/// `Type:` names, TensorFlow's op types, are not names) and its first
/// source position.
static void describeOrigin(Location loc, tpurt::Kernel &kernel) {
  loc->walk([&](Location part) {
    if (auto name = dyn_cast<NameLoc>(part)) {
      StringRef text = name.getName().getValue();
      if (kernel.opName.empty() && !text.ends_with(":"))
        kernel.opName = text.str();
    } else if (auto file = dyn_cast<FileLineColLoc>(part)) {
      if (kernel.source.empty())
        kernel.source = (file.getFilename().getValue() + ":" +
                         Twine(file.getLine()) + ":" + Twine(file.getColumn()))
                            .str();
    }
    return WalkResult::advance();
  });
}

/// One register per SSA value a kernel uses; values defined outside the
/// kernel (HBM buffers) are loaded into registers on entry.
class KernelWriter {
public:
  KernelWriter(tpurt::Executable &exe, DenseMap<Value, int64_t> &hbmIds)
      : exe(exe), hbmIds(hbmIds) {}

  FailureOr<tpurt::Kernel> write(KernelOp kernel) {
    tpurt::Kernel out;
    out.name = kernel.getName().str();
    describeOrigin(kernel.getLoc(), out);
    // Buffers defined outside: the function's arguments and HBM buffers.
    std::vector<tpurt::Instruction> entry;
    kernel.walk([&](Operation *op) {
      for (Value operand : op->getOperands())
        if (auto found = hbmIds.find(operand);
            found != hbmIds.end() && !registers.count(operand)) {
          int64_t r = reg(operand);
          entry.push_back({tpurt::Opcode::Buffer, {r, found->second}, {}, {}});
        }
    });
    std::vector<tpurt::Instruction> code;
    if (failed(writeBlock(kernel.getBody().front(), code)))
      return failure();
    out.code = std::move(entry);
    out.code.insert(out.code.end(), std::make_move_iterator(code.begin()),
                    std::make_move_iterator(code.end()));
    out.registers = nextRegister;
    out.semaphores = nextSemaphore;
    return out;
  }

private:
  int64_t reg(Value value) {
    auto [it, inserted] = registers.try_emplace(value, nextRegister);
    if (inserted)
      ++nextRegister;
    return it->second;
  }

  FailureOr<int64_t> use(Operation *user, Value value) {
    auto found = registers.find(value);
    if (found == registers.end())
      return user->emitOpError("uses a value the executable cannot name");
    return found->second;
  }

  LogicalResult writeBlock(Block &block, std::vector<tpurt::Instruction> &out) {
    for (Operation &op : block)
      if (failed(writeOp(&op, out)))
        return failure();
    return success();
  }

  /// An instruction of the scalar core (registers, control, scratch); the
  /// engines' are writeEngineOp's.
  LogicalResult writeOp(Operation *op, std::vector<tpurt::Instruction> &out) {
    using tpurt::Opcode;
    auto emit = [&](Opcode opcode, std::vector<int64_t> fields) {
      out.push_back({opcode, std::move(fields), {}, {}});
    };
    SmallVector<int64_t> operands;
    for (Value v : op->getOperands()) {
      FailureOr<int64_t> r = use(op, v);
      if (failed(r))
        return failure();
      operands.push_back(*r);
    }
    auto scratch = [&](Value result) -> LogicalResult {
      auto type = cast<MemRefType>(result.getType());
      FailureOr<tpurt::Element> element =
          elementOf(op->getLoc(), type.getElementType());
      if (failed(element))
        return failure();
      auto space = cast<MemorySpaceAttr>(type.getMemorySpace()).getValue();
      tpurt::Buffer buffer;
      buffer.space =
          space == MemorySpace::vmem ? tpurt::Space::Vmem : tpurt::Space::Smem;
      buffer.kind = tpurt::BufferKind::Scratch;
      buffer.element = *element;
      buffer.dims.assign(type.getShape().begin(), type.getShape().end());
      // Scratch is packed in allocation order at whole-tile (4 KiB)
      // boundaries; the kernel verifier has checked the footprint.
      int64_t &next = space == MemorySpace::vmem ? vmemOffset : smemOffset;
      buffer.offset = next;
      next += (scratchFootprint(type) + 4095) / 4096 * 4096;
      int64_t id = static_cast<int64_t>(exe.buffers.size());
      exe.buffers.push_back(std::move(buffer));
      emit(Opcode::Buffer, {reg(result), id});
      return success();
    };
    return llvm::TypeSwitch<Operation *, LogicalResult>(op)
        .Case([&](arith::ConstantOp constant) -> LogicalResult {
          auto attr = dyn_cast<IntegerAttr>(constant.getValue());
          if (!attr)
            return op->emitOpError("the executable has integer constants only");
          emit(Opcode::Const, {reg(constant), attr.getValue().getSExtValue()});
          return success();
        })
        .Case<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::DivUIOp,
              arith::RemUIOp>([&](Operation *binary) {
          Opcode opcode =
              llvm::TypeSwitch<Operation *, Opcode>(binary)
                  .Case([](arith::AddIOp) { return Opcode::Add; })
                  .Case([](arith::SubIOp) { return Opcode::Sub; })
                  .Case([](arith::MulIOp) { return Opcode::Mul; })
                  .Case([](arith::DivUIOp) { return Opcode::DivU; })
                  .Default([](Operation *) { return Opcode::RemU; });
          emit(opcode, {reg(binary->getResult(0)), operands[0], operands[1]});
          return success();
        })
        .Case([&](ScalarLoadOp load) {
          std::vector<int64_t> fields{
              reg(load), operands[0],
              static_cast<int64_t>(load.getIndices().size())};
          fields.insert(fields.end(), operands.begin() + 1, operands.end());
          emit(Opcode::ScalarLoad, std::move(fields));
          return success();
        })
        .Case([&](arith::CmpIOp cmp) -> LogicalResult {
          int64_t predicate;
          switch (cmp.getPredicate()) {
          case arith::CmpIPredicate::eq:
            predicate = 0;
            break;
          case arith::CmpIPredicate::ne:
            predicate = 1;
            break;
          case arith::CmpIPredicate::ult:
            predicate = 2;
            break;
          case arith::CmpIPredicate::ule:
            predicate = 3;
            break;
          case arith::CmpIPredicate::ugt:
            predicate = 4;
            break;
          case arith::CmpIPredicate::uge:
            predicate = 5;
            break;
          default:
            return op->emitOpError(
                "the executable compares indices unsigned only");
          }
          emit(Opcode::Cmp, {reg(cmp), predicate, operands[0], operands[1]});
          return success();
        })
        .Case([&](arith::SelectOp select) {
          emit(Opcode::Select,
               {reg(select), operands[0], operands[1], operands[2]});
          return success();
        })
        .Case([&](AllocOp alloc) { return scratch(alloc); })
        .Case([&](SemaphoreAllocOp sem) {
          emit(Opcode::Semaphore, {reg(sem), nextSemaphore++});
          return success();
        })
        .Case([&](scf::ForOp loop) -> LogicalResult {
          if (loop.getNumResults())
            return op->emitOpError(
                "loops with results are not in the executable format");
          tpurt::Instruction inst{Opcode::For,
                                  {reg(loop.getInductionVar()), operands[0],
                                   operands[1], operands[2]},
                                  {},
                                  {}};
          if (failed(writeBlock(*loop.getBody(), inst.body)))
            return failure();
          out.push_back(std::move(inst));
          return success();
        })
        .Case([&](scf::IfOp branch) -> LogicalResult {
          if (branch.getNumResults())
            return op->emitOpError(
                "branches with results are not in the executable format");
          tpurt::Instruction inst{Opcode::If, {operands[0]}, {}, {}};
          if (failed(writeBlock(*branch.thenBlock(), inst.body)) ||
              (branch.elseBlock() &&
               failed(writeBlock(*branch.elseBlock(), inst.orElse))))
            return failure();
          out.push_back(std::move(inst));
          return success();
        })
        .Case([&](scf::YieldOp) { return success(); })
        .Default([&](Operation *) { return writeEngineOp(op, operands, out); });
  }

  /// An instruction of a TensorCore engine: DMA, MXU, vector unit.
  LogicalResult writeEngineOp(Operation *op, ArrayRef<int64_t> operands,
                              std::vector<tpurt::Instruction> &out) {
    using tpurt::Opcode;
    auto emit = [&](Opcode opcode, std::vector<int64_t> fields) {
      out.push_back({opcode, std::move(fields), {}, {}});
    };
    return llvm::TypeSwitch<Operation *, LogicalResult>(op)
        .Case([&](DmaStartOp dma) {
          int64_t rank = dma.getSizes().size();
          std::vector<int64_t> fields = {
              *use(op, dma.getSrc()), *use(op, dma.getDst()),
              *use(op, dma.getSem()), dma.getMasked() ? 1 : 0, rank};
          for (Value v : dma.getSrcIndices())
            fields.push_back(*use(op, v));
          for (Value v : dma.getDstIndices())
            fields.push_back(*use(op, v));
          for (int64_t size : dma.getSizes())
            fields.push_back(size);
          for (int64_t d = 0; d < rank; ++d)
            fields.push_back(dma.getStride(d));
          emit(Opcode::DmaStart, std::move(fields));
          return success();
        })
        .Case([&](DmaWaitOp) {
          emit(Opcode::DmaWait, {operands[0]});
          return success();
        })
        .Case([&](MatmulOp matmul) {
          MatmulOp::Window window = matmul.getWindow();
          std::vector<int64_t> fields = {
              operands[0],
              operands[1],
              operands[2],
              matmul.getAccumulate() ? 1 : 0,
              matmul.getPrecision() == Precision::highest ? 1 : 0,
              matmul.getTransposeLhs() ? 1 : 0,
              matmul.getTransposeRhs() ? 1 : 0};
          fields.insert(fields.end(), window.offsets.begin(),
                        window.offsets.end());
          fields.insert(fields.end(), window.sizes.begin(), window.sizes.end());
          emit(Opcode::Matmul, std::move(fields));
          return success();
        })
        .Case([&](VectorOp vector) {
          std::vector<int64_t> fields = {
              static_cast<int64_t>(vector.getKind()), *use(op, vector.getOut()),
              static_cast<int64_t>(vector.getInputs().size())};
          for (auto [i, input] : llvm::enumerate(vector.getInputs())) {
            SmallVector<int64_t> map = vector.getMap(i);
            fields.push_back(*use(op, input));
            fields.push_back(static_cast<int64_t>(map.size()));
            fields.insert(fields.end(), map.begin(), map.end());
          }
          emit(Opcode::Vector, std::move(fields));
          return success();
        })
        .Case([&](ReduceOp reduce) {
          std::vector<int64_t> fields = {
              static_cast<int64_t>(reduce.getKind()), operands[0], operands[1],
              reduce.getAccumulate() ? 1 : 0,
              static_cast<int64_t>(reduce.getDims().size())};
          fields.insert(fields.end(), reduce.getDims().begin(),
                        reduce.getDims().end());
          fields.insert(fields.end(), reduce.getValid().begin(),
                        reduce.getValid().end());
          emit(Opcode::Reduce, std::move(fields));
          return success();
        })
        .Case([&](FillOp fill) -> LogicalResult {
          int64_t bits = 0;
          if (auto f = dyn_cast<FloatAttr>(fill.getValue())) {
            float value = static_cast<float>(f.getValueAsDouble());
            uint32_t raw;
            std::memcpy(&raw, &value, 4);
            bits = raw;
          } else if (auto i = dyn_cast<IntegerAttr>(fill.getValue())) {
            bits = i.getValue().getSExtValue();
          } else {
            return op->emitOpError("fills with a float or integer only");
          }
          emit(Opcode::Fill, {operands[0], bits});
          return success();
        })
        .Case([&](ArgReduceOp reduce) {
          emit(Opcode::ArgReduce, {static_cast<int64_t>(reduce.getKind()),
                                   operands[0], operands[1], operands[2],
                                   operands[3], reduce.getAccumulate() ? 1 : 0,
                                   static_cast<int64_t>(reduce.getDim()),
                                   static_cast<int64_t>(reduce.getValid())});
          return success();
        })
        .Case([&](RelayoutOp relayout) {
          std::vector<int64_t> fields = {operands[0], operands[1]};
          for (ArrayRef<int64_t> order :
               {relayout.getSrcOrder(), relayout.getDstOrder()}) {
            fields.push_back(static_cast<int64_t>(order.size()));
            fields.insert(fields.end(), order.begin(), order.end());
          }
          emit(Opcode::Relayout, std::move(fields));
          return success();
        })
        .Case([&](IotaOp iota) {
          emit(Opcode::Iota,
               {operands[0], static_cast<int64_t>(iota.getDim()), operands[1],
                static_cast<int64_t>(iota.getStep())});
          return success();
        })
        .Default([&](Operation *) {
          return op->emitOpError("has no instruction in the executable format");
        });
  }

  tpurt::Executable &exe;
  DenseMap<Value, int64_t> &hbmIds;
  DenseMap<Value, int64_t> registers;
  int64_t nextRegister = 0, nextSemaphore = 0;
  int64_t vmemOffset = 0, smemOffset = 0;
};

/// A partitioned function's layout of an argument or result (tpu-lower's
/// tpu.tiles and tpu.devices).
void readSharding(DictionaryAttr attrs, tpurt::TensorSpec &spec) {
  auto tiles = attrs ? attrs.getAs<DenseI64ArrayAttr>(tpu::kTilesAttrName) : nullptr;
  auto devices =
      attrs ? attrs.getAs<DenseI64ArrayAttr>(tpu::kDevicesAttrName) : nullptr;
  if (!tiles || !devices)
    return;
  spec.tiles.assign(tiles.asArrayRef().begin(), tiles.asArrayRef().end());
  spec.devices.assign(devices.asArrayRef().begin(), devices.asArrayRef().end());
}

FailureOr<tpurt::TensorSpec> specOf(Location loc, Type type, int64_t buffer) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  LayoutAttr layout = tensor ? getLayout(tensor) : LayoutAttr();
  std::optional<tpc::Shape> shape = tensor ? toShape(tensor) : std::nullopt;
  if (!shape || !layout || !shape->layout)
    return emitError(loc) << "needs tpu.logical_type, a tensor type with a "
                             "#tpu.layout; run tpu-lower";
  FailureOr<tpurt::Element> element = elementOf(loc, tensor.getElementType());
  if (failed(element))
    return failure();
  tpurt::TensorSpec spec;
  spec.element = *element;
  spec.dims.assign(tensor.getShape().begin(), tensor.getShape().end());
  spec.minorToMajor = shape->layout->minorToMajor;
  spec.buffer = buffer;
  return spec;
}

} // namespace

namespace {

/// Writes one lowered function: its buffers into the executable's table,
/// its kernels, and the steps that run them.
class FunctionWriter {
public:
  FunctionWriter(tpurt::Executable &exe, func::FuncOp func)
      : exe(exe), func(func) {}

  FailureOr<tpurt::Function> write();

private:
  FailureOr<int64_t> addHbm(Value value, tpurt::BufferKind kind, int64_t offset,
                            int64_t argument);
  LogicalResult addBuffer(HbmBufferOp buffer);
  FailureOr<int64_t> idOf(Operation *at, Value value) {
    auto found = hbmIds.find(value);
    if (found == hbmIds.end())
      return at->emitOpError("names a value that is not an HBM buffer");
    return found->second;
  }
  /// Steps nest as the lowered function's loops and branches do.
  LogicalResult writeBlock(Block &block, std::vector<tpurt::Step> &steps);
  LogicalResult writeControl(Operation &op, std::vector<tpurt::Step> &steps);
  LogicalResult writeCollective(CollectiveOp op,
                                std::vector<tpurt::Step> &steps);
  LogicalResult writeReturn(func::ReturnOp ret);

  tpurt::Executable &exe;
  func::FuncOp func;
  tpurt::Function function;
  DenseMap<Value, int64_t> hbmIds;
};

FailureOr<int64_t> FunctionWriter::addHbm(Value value, tpurt::BufferKind kind,
                                          int64_t offset, int64_t argument) {
  auto type = cast<MemRefType>(value.getType());
  FailureOr<tpurt::Element> element =
      elementOf(value.getLoc(), type.getElementType());
  if (failed(element))
    return failure();
  tpurt::Buffer buffer;
  buffer.kind = kind;
  buffer.element = *element;
  buffer.dims.assign(type.getShape().begin(), type.getShape().end());
  buffer.offset = offset;
  buffer.argument = argument;
  int64_t id = static_cast<int64_t>(exe.buffers.size());
  exe.buffers.push_back(std::move(buffer));
  hbmIds[value] = id;
  return id;
}

LogicalResult FunctionWriter::addBuffer(HbmBufferOp buffer) {
  bool constant = buffer.getValue().has_value();
  FailureOr<int64_t> id = addHbm(
      buffer, constant ? tpurt::BufferKind::Constant : tpurt::BufferKind::Temp,
      buffer.getOffset(), 0);
  if (failed(id) || !constant)
    return failure(failed(id));
  tpurt::Buffer &b = exe.buffers[*id];
  auto dense = cast<DenseElementsAttr>(*buffer.getValue());
  b.data.assign(b.bytes(), 0);
  int64_t n = 0;
  // The runtime's own store, so constants hold exactly what a kernel
  // storing the same value would (sub-byte elements packed, as in HBM).
  auto put = [&](double value) {
    tpurt::storeHbm(b.element, b.data.data(), n++, value);
  };
  int64_t count = b.elements();
  if (isa<FloatType>(dense.getElementType())) {
    auto values = dense.getValues<APFloat>();
    for (int64_t i = 0; i < count; ++i)
      put(floatValue(values[dense.isSplat() ? 0 : i]));
    return success();
  }
  // i1 and ui* read as unsigned numbers, the rest as signed.
  bool zeroExtend = dense.getElementType().isInteger(1) ||
                    dense.getElementType().isUnsignedInteger();
  auto values = dense.getValues<APInt>();
  bool wide = tpurt::isWide(b.element); // held as words
  for (int64_t i = 0; i < count; ++i) {
    const APInt &v = values[dense.isSplat() ? 0 : i];
    if (wide)
      put(tpurt::fromWord(static_cast<int64_t>(v.getZExtValue())));
    else
      put(zeroExtend ? static_cast<double>(v.getZExtValue())
                     : static_cast<double>(v.getSExtValue()));
  }
  return success();
}

LogicalResult FunctionWriter::writeControl(Operation &op,
                                           std::vector<tpurt::Step> &steps) {
  auto loop = dyn_cast<WhileOp>(op);
  Value scalar =
      loop ? cast<ConditionOp>(loop.getCond().front().getTerminator()).getPred()
           : cast<CaseOp>(op).getIndex();
  tpurt::Step step;
  step.kind = loop ? tpurt::Step::Kind::While : tpurt::Step::Kind::Case;
  if (loop && loop.getTripCount())
    step.tripCount = static_cast<int64_t>(*loop.getTripCount());
  step.blocks.resize(op.getNumRegions());
  for (auto [region, inner] : llvm::zip(op.getRegions(), step.blocks))
    if (failed(writeBlock(region.front(), inner)))
      return failure();
  // The predicate is defined inside the condition: named after it.
  FailureOr<int64_t> id = idOf(&op, scalar);
  if (failed(id))
    return failure();
  step.buffer = *id;
  steps.push_back(std::move(step));
  return success();
}

LogicalResult FunctionWriter::writeReturn(func::ReturnOp ret) {
  for (auto [i, value] : llvm::enumerate(ret.getOperands())) {
    auto found = hbmIds.find(value);
    auto logical = func.getResultAttrOfType<TypeAttr>(i, tpu::kLogicalTypeAttrName);
    if (found == hbmIds.end())
      return ret.emitOpError("returns a value that is not an HBM buffer");
    FailureOr<tpurt::TensorSpec> spec = specOf(
        ret.getLoc(), logical ? logical.getValue() : Type(), found->second);
    if (failed(spec))
      return failure();
    readSharding(func.getResultAttrDict(i), *spec);
    function.results.push_back(*spec);
  }
  return success();
}

LogicalResult FunctionWriter::writeBlock(Block &block,
                                         std::vector<tpurt::Step> &steps) {
  for (Operation &op : block) {
    LogicalResult written = success();
    if (auto buffer = dyn_cast<HbmBufferOp>(op)) {
      written = addBuffer(buffer);
    } else if (auto kernel = dyn_cast<KernelOp>(op)) {
      KernelWriter writer(exe, hbmIds);
      FailureOr<tpurt::Kernel> code = writer.write(kernel);
      if (failed(code))
        return failure();
      steps.emplace_back().kernel =
          static_cast<int64_t>(function.kernels.size());
      function.kernels.push_back(std::move(*code));
    } else if (auto copy = dyn_cast<CopyOp>(op)) {
      FailureOr<int64_t> src = idOf(copy, copy.getSrc());
      FailureOr<int64_t> dst = idOf(copy, copy.getDst());
      if (failed(src) || failed(dst))
        return failure();
      tpurt::Step &step = steps.emplace_back();
      step.kind = tpurt::Step::Kind::Copy;
      step.src = *src;
      step.dst = *dst;
    } else if (auto collective = dyn_cast<CollectiveOp>(op)) {
      written = writeCollective(collective, steps);
    } else if (isa<WhileOp, CaseOp>(op)) {
      written = writeControl(op, steps);
    } else if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      written = writeReturn(ret);
    } else if (!isa<ConditionOp, YieldOp>(op)) {
      return op.emitOpError("has no place in the executable format");
    }
    if (failed(written))
      return failure();
  }
  return success();
}

LogicalResult FunctionWriter::writeCollective(CollectiveOp op,
                                              std::vector<tpurt::Step> &steps) {
  static const std::pair<StringRef, tpurt::CollectiveOp> kinds[] = {
      {"all_reduce", tpurt::CollectiveOp::AllReduce},
      {"all_gather", tpurt::CollectiveOp::AllGather},
      {"reduce_scatter", tpurt::CollectiveOp::ReduceScatter},
      {"all_to_all", tpurt::CollectiveOp::AllToAll},
      {"collective_permute", tpurt::CollectiveOp::CollectivePermute},
      {"device_id", tpurt::CollectiveOp::DeviceId}};
  tpurt::Collective c;
  const auto *kind = llvm::find_if(
      kinds, [&](const auto &k) { return k.first == op.getKind(); });
  c.op = kind->second; // the verifier's collective_c2
  DictionaryAttr params = op.getParams();
  if (auto reduce = params.getAs<StringAttr>("kind")) {
    StringRef k = reduce.getValue();
    c.reduce = k == "product" ? tpurt::ReduceKind::Prod
               : k == "max"   ? tpurt::ReduceKind::Max
               : k == "min"   ? tpurt::ReduceKind::Min
                              : tpurt::ReduceKind::Sum;
  }
  for (StringRef name : {"dimension", "split_dimension", "concat_dimension"})
    if (auto dim = params.getAs<IntegerAttr>(name))
      c.dims.push_back(dim.getInt());
  for (StringRef name : {"groups", "pairs"}) {
    auto groups = params.getAs<DenseIntElementsAttr>(name);
    auto type = groups ? cast<ShapedType>(groups.getType()) : ShapedType();
    if (!type || type.getRank() != 2)
      continue;
    auto ids = llvm::to_vector(groups.getValues<int64_t>());
    for (int64_t r = 0; r < type.getDimSize(0); ++r)
      c.groups.emplace_back(ids.begin() + r * type.getDimSize(1),
                            ids.begin() + (r + 1) * type.getDimSize(1));
  }
  FailureOr<int64_t> dst = idOf(op, op.getDst());
  if (failed(dst))
    return failure();
  FailureOr<tpurt::TensorSpec> dstSpec =
      specOf(op.getLoc(), op.getDstType(), *dst);
  if (failed(dstSpec))
    return failure();
  c.dst = *dstSpec;
  if (op.getSrc()) { // with src_type (collective_c3)
    FailureOr<int64_t> src = idOf(op, op.getSrc());
    if (failed(src))
      return failure();
    FailureOr<tpurt::TensorSpec> srcSpec =
        specOf(op.getLoc(), *op.getSrcType(), *src);
    if (failed(srcSpec))
      return failure();
    c.src = *srcSpec;
  }
  tpurt::Step &step = steps.emplace_back();
  step.kind = tpurt::Step::Kind::Collective;
  step.collective = std::move(c);
  return success();
}

FailureOr<tpurt::Function> FunctionWriter::write() {
  function.name = func.getName().str();
  if (auto flops = func->getAttrOfType<IntegerAttr>(tpu::kModelFlopsAttrName))
    function.modelFlops = std::max<int64_t>(0, flops.getInt());
  for (BlockArgument arg : func.getArguments()) {
    FailureOr<int64_t> id =
        addHbm(arg, tpurt::BufferKind::Argument, 0, arg.getArgNumber());
    if (failed(id))
      return failure();
    auto logical =
        func.getArgAttrOfType<TypeAttr>(arg.getArgNumber(), tpu::kLogicalTypeAttrName);
    FailureOr<tpurt::TensorSpec> spec =
        specOf(arg.getLoc(), logical ? logical.getValue() : Type(), *id);
    if (failed(spec))
      return failure();
    readSharding(func.getArgAttrDict(arg.getArgNumber()), *spec);
    function.arguments.push_back(*spec);
  }
  if (failed(writeBlock(func.getBody().front(), function.steps)))
    return failure();
  return std::move(function);
}

} // namespace

std::vector<std::string> mlir::tpu::elidedConstantsOf(ModuleOp module) {
  std::vector<std::string> elided;
  for (func::FuncOp func : module.getOps<func::FuncOp>())
    if (auto where = func->getAttrOfType<ArrayAttr>(kElidedConstantsAttrName))
      for (Attribute a : where)
        elided.push_back(cast<StringAttr>(a).str());
  return elided;
}

FailureOr<tpurt::Executable> mlir::tpu::buildExecutable(ModuleOp module) {
  tpurt::Executable exe;
  exe.target = std::string(getTarget(module).name);
  exe.elidedConstants = elidedConstantsOf(module);
  for (func::FuncOp func : module.getOps<func::FuncOp>()) {
    auto programBytes = func->getAttrOfType<IntegerAttr>(tpu::kProgramBytesAttrName);
    if (!programBytes)
      return func.emitOpError("is not lowered; run tpu-lower first");
    exe.programBytes = std::max(exe.programBytes, programBytes.getInt());
    FailureOr<tpurt::Function> function = FunctionWriter(exe, func).write();
    if (failed(function))
      return failure();
    exe.functions.push_back(std::move(*function));
  }
  if (exe.functions.empty())
    return module.emitError("the module has no function to compile");
  return exe;
}
