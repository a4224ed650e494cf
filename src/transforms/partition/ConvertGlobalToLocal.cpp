//===- ConvertGlobalToLocal.cpp - -sdy-convert-global-to-local ------------===//
//
// Step 5 of the partitioner (docs/partitioning.md#step-5-global-to-local):
// the global, fully sharded program becomes the program every device runs on
// its local shards.
//
// * Types: every value with a sharding gets its local type (ceil(d/n) per
//   dimension); values without one are replicated. Function signatures follow
//   the `sdy.sharding` of their arguments and results, while bodies follow
//   their operands; ops without a sharding re-infer their types.
// * Collectives: see CollectiveLowering.h. Leftover `sdy.reshard`s and
//   `sdy.sharding_constraint`s are lowered too (gather + slice, or a
//   collective_permute), so the pass never leaves an sdy op behind.
// * Device-dependent values: `stablehlo.iota` along a sharded dimension
//   becomes local iota + shard offset; constants keep only the local part
//   (a splat is rebuilt, other constants are dynamically sliced).
// * Shape attributes: slice limits, dynamic_slice sizes and gather
//   slice_sizes along sharded (necessarily full) dimensions become local
//   (a scatter's window sizes come from its local types).
// * manual_computation bodies are inlined (already local along their manual
//   axes); named_computation ops are kept with local types, or inlined with
//   keep-named-computations=false.
//
// Meshes and `sdy.sharding` attributes stay as documentation (they describe
// the global program), and a function whose signature changed records its
// global signature in `sdy.global_type` (a function type), which the C ABI
// uses to check global arrays exactly; -sdy-drop-sharding-and-mesh removes
// them all.
//
//===----------------------------------------------------------------------===//

#include "transforms/partition/CollectiveLowering.h"
#include "transforms/partition/FoldShapeQueries.h"
#include "transforms/partition/HaloExchange.h"
#include "transforms/partition/LocalConvolution.h"
#include "transforms/partition/Passes.h"
#include "transforms/partition/RejectUnreduced.h"

#include "ir/sdy/ShardingUtils.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_CONVERTGLOBALTOLOCALPASS
#include "transforms/partition/Passes.h.inc"

namespace {

namespace shlo = mlir::stablehlo;
using namespace partition;

/// The function type before localization, kept on functions whose
/// signature changed.
constexpr StringLiteral kGlobalTypeAttr = "sdy.global_type";

Type getLocalType(Type type, TensorShardingAttr sharding, Operation *from) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (!ranked || !sharding || sharding.getRank() != ranked.getRank())
    return type;
  MeshAttr mesh = sharding.getMesh(from);
  if (!mesh)
    return type;
  return ranked.clone(sharding.getLocalShape(ranked.getShape(), mesh));
}

/// The sharding an op gives its result `index`, if any.
TensorShardingAttr getResultSharding(Operation *op, unsigned index) {
  if (auto perValue = op->getAttrOfType<TensorShardingPerValueAttr>(
          SdyDialect::kShardingAttr)) {
    ArrayRef<TensorShardingAttr> shardings = perValue.getShardings();
    return index < shardings.size() ? shardings[index] : TensorShardingAttr();
  }
  return {};
}

class Localizer {
public:
  Localizer(ModuleOp module, int64_t &nextChannel, LoweringOptions options)
      : module(module), nextChannel(nextChannel), options(options) {}

  LogicalResult run() {
    foldGlobalShapeQueries(module);
    // Signatures first, so that calls see the local callee types.
    SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
    for (func::FuncOp func : funcs)
      localizeSignature(func);
    for (func::FuncOp func : funcs) {
      if (func.isDeclaration())
        continue;
      LocalEmitter emitter(func, nextChannel, options);
      Block &entry = func.getBody().front();
      for (BlockArgument arg : entry.getArguments())
        if (auto sharding = func.getArgAttrOfType<TensorShardingAttr>(
                arg.getArgNumber(), SdyDialect::kShardingAttr))
          shardings[arg] = sharding;
      if (failed(processRegion(func.getBody(), emitter)))
        return failure();
      for (Block &block : func.getBody())
        if (auto ret = dyn_cast<func::ReturnOp>(block.getTerminator()))
          for (auto [index, operand] : llvm::enumerate(ret.getOperands()))
            if (operand.getType() != func.getResultTypes()[index])
              return ret.emitOpError()
                     << "returns a value of local type " << operand.getType()
                     << " as result " << index << " of local type "
                     << func.getResultTypes()[index]
                     << " (its sharding differs from the result's; a "
                        "reshard is missing)";
    }
    return success();
  }

private:
  ModuleOp module;
  int64_t &nextChannel;
  LoweringOptions options;
  /// The global sharding of values (including the ones created here).
  llvm::DenseMap<Value, TensorShardingAttr> shardings;

  void localizeSignature(func::FuncOp func) {
    // The runtime checks global arrays against the global signature, which
    // the local types alone do not determine (ceil(d/n) fits several d).
    FunctionType globalType = func.getFunctionType();
    SmallVector<Type> inputs, results;
    for (auto [index, type] : llvm::enumerate(func.getArgumentTypes()))
      inputs.push_back(getLocalType(type,
                                    func.getArgAttrOfType<TensorShardingAttr>(
                                        index, SdyDialect::kShardingAttr),
                                    func));
    for (auto [index, type] : llvm::enumerate(func.getResultTypes()))
      results.push_back(
          getLocalType(type,
                       func.getResultAttrOfType<TensorShardingAttr>(
                           index, SdyDialect::kShardingAttr),
                       func));
    func.setType(FunctionType::get(func.getContext(), inputs, results));
    if (func.getFunctionType() != globalType)
      func->setAttr(kGlobalTypeAttr, TypeAttr::get(globalType));
    if (!func.isDeclaration())
      for (auto [arg, type] :
           llvm::zip(func.getBody().front().getArguments(), inputs))
        arg.setType(type);
  }

  TensorShardingAttr shardingOf(Value value) {
    if (auto it = shardings.find(value); it != shardings.end())
      return it->second;
    return {};
  }

  DimAxes axesOf(Value value, int64_t rank) {
    return getDimAxes(shardingOf(value), rank);
  }

  LogicalResult processRegion(Region &region, LocalEmitter &e) {
    for (Block &block : region)
      for (Operation *op = block.empty() ? nullptr : &block.front(); op;) {
        Operation *next = op->getNextNode();
        if (failed(processOp(op, next, e)))
          return failure();
        op = next;
      }
    return success();
  }

  /// Replaces `op`'s single result with `value` (whose global sharding is
  /// `sharding`) and erases it.
  void replace(Operation *op, Value value, TensorShardingAttr sharding) {
    if (sharding)
      shardings[value] = sharding;
    op->getResult(0).replaceAllUsesWith(value);
    shardings.erase(op->getResult(0));
    op->erase();
  }

  LogicalResult processOp(Operation *op, Operation *&next, LocalEmitter &e) {
    OpBuilder &b = e.builder;
    b.setInsertionPoint(op);
    Location loc = op->getLoc();

    // Regions whose bodies are inlined: localize the body in place (its
    // arguments take the operands' local types and, for a manual
    // computation, the in_shardings without the manual axes), then move it
    // out.
    if (isa<ManualComputationOp, NamedComputationOp>(op)) {
      auto manual = dyn_cast<ManualComputationOp>(op);
      auto named = dyn_cast<NamedComputationOp>(op);
      SmallVector<StringAttr> manualAxes;
      if (manual)
        llvm::append_range(manualAxes, manual.getManualAxes().getValue());
      auto perValue = [](std::optional<TensorShardingPerValueAttr> attr,
                         unsigned index) {
        if (!attr || index >= attr->getShardings().size())
          return TensorShardingAttr();
        return attr->getShardings()[index];
      };
      Block &body = op->getRegion(0).front();
      for (auto [index, arg] : llvm::enumerate(body.getArguments())) {
        Value operand = op->getOperand(index);
        TensorShardingAttr in = manual
                                    ? perValue(manual.getInShardings(), index)
                                    : perValue(named.getInShardings(), index);
        if (!in && named)
          in = shardingOf(operand);
        if (in)
          shardings[arg] = removeAxes(in, manualAxes);
        arg.setType(operand.getType());
      }
      if (failed(processRegion(op->getRegion(0), e)))
        return failure();
      if (named && options.keepNamedComputations) {
        // Kept, as the real Shardy keeps it: only its types become local.
        Operation *terminator = body.getTerminator();
        for (auto [index, result] : llvm::enumerate(op->getResults())) {
          result.setType(terminator->getOperand(index).getType());
          if (TensorShardingAttr out = perValue(named.getOutShardings(), index))
            shardings[result] = out;
        }
        return success();
      }
      for (auto [arg, operand] :
           llvm::zip(body.getArguments(), op->getOperands()))
        arg.replaceAllUsesWith(operand);
      Operation *terminator = body.getTerminator();
      SmallVector<Value> results(terminator->getOperands());
      terminator->erase();
      op->getBlock()->getOperations().splice(op->getIterator(),
                                             body.getOperations());
      for (auto [index, result] : llvm::enumerate(results)) {
        TensorShardingAttr out = manual
                                     ? perValue(manual.getOutShardings(), index)
                                     : perValue(named.getOutShardings(), index);
        if (out)
          shardings[result] = out;
      }
      op->replaceAllUsesWith(results);
      op->erase();
      return success();
    }

    // Collectives.
    auto globalType = [](Value v) {
      return cast<RankedTensorType>(v.getType());
    };
    if (auto gather = dyn_cast<AllGatherOp>(op)) {
      MeshAttr mesh = gather.getOutSharding().getMesh(op);
      ArrayRef<int64_t> shape = globalType(gather.getResult()).getShape();
      replace(op,
              lowerAllGather(e, loc, gather.getTensor(), shape,
                             axesOf(gather.getTensor(), shape.size()),
                             listAxes(gather.getGatheringAxes()), mesh),
              gather.getOutSharding());
      return success();
    }
    if (auto slice = dyn_cast<AllSliceOp>(op)) {
      MeshAttr mesh = slice.getOutSharding().getMesh(op);
      ArrayRef<int64_t> shape = globalType(slice.getResult()).getShape();
      replace(op,
              lowerAllSlice(e, loc, slice.getTensor(), shape,
                            axesOf(slice.getTensor(), shape.size()),
                            listAxes(slice.getSlicingAxes()), mesh),
              slice.getOutSharding());
      return success();
    }
    if (auto allToAll = dyn_cast<AllToAllOp>(op)) {
      MeshAttr mesh = allToAll.getOutSharding().getMesh(op);
      ArrayRef<int64_t> shape = globalType(allToAll.getResult()).getShape();
      replace(op,
              lowerAllToAll(e, loc, allToAll.getTensor(), shape,
                            axesOf(allToAll.getTensor(), shape.size()),
                            allToAll.getParams().getValue(), mesh),
              allToAll.getOutSharding());
      return success();
    }
    if (auto permute = dyn_cast<CollectivePermuteOp>(op)) {
      TensorShardingAttr out = permute.getOutSharding();
      TensorShardingAttr in = shardingOf(permute.getTensor());
      MeshAttr outMesh = out.getMesh(op);
      MeshAttr inMesh = in ? in.getMesh(op) : outMesh;
      int64_t rank = globalType(permute.getResult()).getRank();
      replace(op,
              lowerCollectivePermute(e, loc, permute.getTensor(),
                                     getDimAxes(in, rank), inMesh,
                                     getDimAxes(out, rank), outMesh),
              out);
      return success();
    }
    if (auto reduce = dyn_cast<AllReduceOp>(op)) {
      MeshAttr mesh = reduce.getOutSharding().getMesh(op);
      replace(op,
              lowerAllReduce(
                  e, loc, reduce.getTensor(),
                  reduce.getReductionAxes().getValue(),
                  reduce.getReductionKind().value_or(ReductionKind::SUM), mesh),
              reduce.getOutSharding());
      return success();
    }
    if (auto scatter = dyn_cast<ReduceScatterOp>(op)) {
      MeshAttr mesh = scatter.getOutSharding().getMesh(op);
      ArrayRef<int64_t> shape = globalType(scatter.getResult()).getShape();
      replace(op,
              lowerReduceScatter(
                  e, loc, scatter.getTensor(), shape,
                  axesOf(scatter.getTensor(), shape.size()),
                  listAxes(scatter.getReduceScatterAxes()),
                  scatter.getReductionKind().value_or(ReductionKind::SUM),
                  mesh),
              scatter.getOutSharding());
      return success();
    }
    if (isa<ReshardOp, ShardingConstraintOp>(op)) {
      Value input = op->getOperand(0);
      auto out = op->getAttrOfType<TensorShardingAttr>("sharding");
      auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
      if (!type) {
        replace(op, input, {});
        return success();
      }
      TensorShardingAttr in = shardingOf(input);
      MeshAttr outMesh = out.getMesh(op);
      MeshAttr inMesh = in ? in.getMesh(op) : outMesh;
      replace(op,
              lowerReshard(e, loc, input, type.getShape(),
                           getDimAxes(in, type.getRank()), inMesh,
                           getDimAxes(out, type.getRank()), outMesh),
              out);
      return success();
    }
    if (isa<PropagationBarrierOp, DataFlowEdgeOp>(op)) {
      replace(op, op->getOperand(0), shardingOf(op->getOperand(0)));
      return success();
    }
    if (isa<ShardingGroupOp>(op)) {
      op->erase();
      return success();
    }

    // Device-dependent values.
    TensorShardingAttr sharding =
        op->getNumResults() == 1 ? getResultSharding(op, 0) : nullptr;
    if (isa<ConstantOp, shlo::ConstantOp>(op)) {
      auto value = cast<ElementsAttr>(op->getAttr("value"));
      auto type = cast<RankedTensorType>(op->getResult(0).getType());
      Value local =
          lowerConstant(e, loc, value, getDimAxes(sharding, type.getRank()),
                        sharding ? sharding.getMesh(op) : MeshAttr());
      if (Operation *def = local.getDefiningOp())
        if (isa<shlo::ConstantOp>(def) && sharding)
          def->setAttr(SdyDialect::kShardingAttr,
                       op->getAttr(SdyDialect::kShardingAttr));
      replace(op, local, sharding);
      return success();
    }
    if (auto iota = dyn_cast<shlo::IotaOp>(op)) {
      auto type = cast<RankedTensorType>(iota.getType());
      int64_t dim = iota.getIotaDimension();
      auto localType = cast<RankedTensorType>(getLocalType(type, sharding, op));
      iota.getResult().setType(localType);
      if (sharding)
        shardings[iota.getResult()] = sharding;
      DimAxes axes = getDimAxes(sharding, type.getRank());
      if (!sharding || axes[dim].empty())
        return success();
      MeshAttr mesh = sharding.getMesh(op);
      b.setInsertionPointAfter(op);
      Value offset = shardOffset(e, loc, axes[dim], type.getDimSize(dim), mesh);
      if (offset.getType() != RankedTensorType::get({}, type.getElementType()))
        offset = shlo::ConvertOp::create(b, loc, offset, type.getElementType());
      Value splat = shlo::BroadcastInDimOp::create(b, loc, localType, offset,
                                                   ArrayRef<int64_t>{});
      auto add = shlo::AddOp::create(b, loc, iota.getResult(), splat);
      iota.getResult().replaceAllUsesExcept(add.getResult(), add);
      shardings[add.getResult()] = sharding;
      return success();
    }

    // Everything else keeps its semantics on local values.
    for (OpResult result : op->getResults()) {
      TensorShardingAttr resultSharding =
          getResultSharding(op, result.getResultNumber());
      if (resultSharding) {
        shardings[result] = resultSharding;
        result.setType(getLocalType(result.getType(), resultSharding, op));
      }
    }
    if (!op->hasAttr(SdyDialect::kShardingAttr) && op->getNumResults() > 0)
      if (auto infer = dyn_cast<InferTypeOpInterface>(op)) {
        SmallVector<Type> inferred;
        if (succeeded(infer.inferReturnTypes(
                op->getContext(), op->getLoc(), op->getOperands(),
                op->getRawDictionaryAttrs(), op->getPropertiesStorage(),
                op->getRegions(), inferred)))
          for (auto [result, type] : llvm::zip(op->getResults(), inferred))
            result.setType(type);
      }
    if (auto call = dyn_cast<func::CallOp>(op))
      if (auto callee = module.lookupSymbol<func::FuncOp>(call.getCallee()))
        for (auto [result, type] :
             llvm::zip(call.getResults(), callee.getResultTypes()))
          result.setType(type);
    auto keepSharding = [&](Value from, Value to) {
      if (TensorShardingAttr s = shardingOf(from))
        shardings[to] = s;
    };
    if (failed(fixShapeAttributes(op)) ||
        failed(exchangeWindowHalos(e, op, keepSharding)) ||
        failed(localizeConvolution(op)))
      return failure();
    if (auto whileOp = dyn_cast<shlo::WhileOp>(op))
      for (Region &region : whileOp->getRegions())
        for (auto [arg, result] :
             llvm::zip(region.front().getArguments(), whileOp->getResults())) {
          arg.setType(result.getType());
          if (TensorShardingAttr s = shardingOf(result))
            shardings[arg] = s;
        }
    for (Region &region : op->getRegions())
      if (failed(processRegion(region, e)))
        return failure();
    return success();
  }

  static DimAxes listAxes(ListOfAxisRefListsAttr lists) {
    DimAxes axes;
    for (AxisRefListAttr list : lists.getValue())
      axes.emplace_back(list.getValue().begin(), list.getValue().end());
    return axes;
  }

  /// Shape attributes along sharded dimensions: those dimensions must be
  /// taken whole, so their extent becomes the local size.
  LogicalResult fixShapeAttributes(Operation *op) {
    if (auto slice = dyn_cast<shlo::SliceOp>(op)) {
      auto operandType = cast<RankedTensorType>(slice.getOperand().getType());
      auto resultType = cast<RankedTensorType>(slice.getType());
      SmallVector<int64_t> limits(slice.getLimitIndices());
      for (int64_t dim = 0; dim < operandType.getRank(); ++dim) {
        int64_t full = (limits[dim] - slice.getStartIndices()[dim] +
                        slice.getStrides()[dim] - 1) /
                       slice.getStrides()[dim];
        if (resultType.getDimSize(dim) == full)
          continue; // Not sharded.
        if (slice.getStartIndices()[dim] != 0 || slice.getStrides()[dim] != 1 ||
            resultType.getDimSize(dim) != operandType.getDimSize(dim))
          return slice.emitOpError()
                 << "dimension " << dim
                 << " is sharded but sliced; the partitioner needs it whole";
        limits[dim] = operandType.getDimSize(dim);
      }
      slice.setLimitIndices(limits);
      return success();
    }
    if (auto slice = dyn_cast<shlo::DynamicSliceOp>(op)) {
      auto resultType = cast<RankedTensorType>(slice.getType());
      SmallVector<int64_t> sizes(resultType.getShape());
      if (ArrayRef<int64_t>(sizes) != slice.getSliceSizes()) {
        auto operandType = cast<RankedTensorType>(slice.getOperand().getType());
        for (int64_t dim = 0; dim < resultType.getRank(); ++dim)
          if (sizes[dim] != slice.getSliceSizes()[dim] &&
              sizes[dim] != operandType.getDimSize(dim))
            return slice.emitOpError()
                   << "dimension " << dim
                   << " is sharded but sliced; the partitioner needs it whole";
        slice.setSliceSizes(sizes);
      }
      return success();
    }
    if (auto gather = dyn_cast<shlo::GatherOp>(op)) {
      // An offset dimension sharded like the operand dimension it slices
      // (a slice that takes the whole dimension): the slice size becomes
      // the local size. The result's offset dimensions follow the operand's
      // non-collapsed, non-batching dimensions in order.
      auto operandType = cast<RankedTensorType>(gather.getOperand().getType());
      auto resultType = cast<RankedTensorType>(gather.getType());
      shlo::GatherDimensionNumbersAttr dims = gather.getDimensionNumbers();
      ArrayRef<int64_t> offsetDims = dims.getOffsetDims();
      SmallVector<int64_t> sizes(gather.getSliceSizes());
      size_t next = 0;
      for (int64_t dim = 0; dim < operandType.getRank(); ++dim) {
        if (llvm::is_contained(dims.getCollapsedSliceDims(), dim) ||
            llvm::is_contained(dims.getOperandBatchingDims(), dim))
          continue;
        if (next >= offsetDims.size())
          break;
        int64_t local = resultType.getDimSize(offsetDims[next++]);
        if (local == sizes[dim])
          continue;
        if (local != operandType.getDimSize(dim))
          return gather.emitOpError()
                 << "operand dimension " << dim
                 << " is sharded but sliced; the partitioner needs it whole";
        sizes[dim] = local;
      }
      if (ArrayRef<int64_t>(sizes) != gather.getSliceSizes())
        gather.setSliceSizes(sizes);
      return success();
    }
    if (auto pad = dyn_cast<shlo::PadOp>(op)) {
      auto resultType = cast<RankedTensorType>(pad.getType());
      auto operandType = cast<RankedTensorType>(pad.getOperand().getType());
      for (int64_t dim = 0; dim < resultType.getRank(); ++dim) {
        int64_t size = operandType.getDimSize(dim);
        int64_t interior = pad.getInteriorPadding()[dim];
        int64_t expected = size + pad.getEdgePaddingLow()[dim] +
                           pad.getEdgePaddingHigh()[dim] +
                           std::max<int64_t>(size - 1, 0) * interior;
        if (expected != resultType.getDimSize(dim))
          return pad.emitOpError() << "dimension " << dim
                                   << " is sharded but padded; the "
                                      "partitioner needs it unpadded";
      }
      return success();
    }
    return success();
  }
};

struct ConvertGlobalToLocalPass
    : impl::ConvertGlobalToLocalPassBase<ConvertGlobalToLocalPass> {
  using ConvertGlobalToLocalPassBase::ConvertGlobalToLocalPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (enableRgv3) {
      module.emitError("enable-rgv3 (replica groups as mesh axes) is not "
                       "supported: the runtime takes replica groups of "
                       "device ids");
      return signalPassFailure();
    }
    if (failed(rejectUnreducedAxes(module)))
      return signalPassFailure();
    // Channel handles continue after the ones the program already uses.
    int64_t nextChannel = 1;
    module.walk([&](Operation *op) {
      if (auto handle =
              op->getAttrOfType<stablehlo::ChannelHandleAttr>("channel_handle"))
        nextChannel = std::max(nextChannel, handle.getHandle() + 1);
    });
    LoweringOptions lowering;
    lowering.perDimAllGather = perDimAllGather;
    lowering.combineMultiDimReduceScatter = combineMultiDimensionReduceScatter;
    lowering.keepNamedComputations = keepNamedComputations;
    Localizer localizer(module, nextChannel, lowering);
    if (failed(localizer.run()))
      return signalPassFailure();
  }
};

} // namespace
} // namespace mlir::sdy
