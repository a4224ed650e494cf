//===- ResolvePermutationFactors.cpp - -sdy-resolve-permutation-factors ---===//
//
// A device cannot compute its shard of a dimension that the op permutes
// (slices, pads, reverses, windows) from its own operand shard. This pass
// drops the axes of such dimensions around the op, or, for a reverse, moves
// the operand onto a mesh whose device order is reversed along the axes of
// the reversed dimensions: there, each device's operand shard is exactly the
// one its result shard comes from.
//
//===----------------------------------------------------------------------===//

#include "ir/sdy/ShardingUtils.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "rules/ShardingRules.h"
#include "transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_RESOLVEPERMUTATIONFACTORSPASS
#include "transforms/Passes.h.inc"

namespace {

/// Per dimension of `mapping`: true if one of its factors is a permutation.
SmallVector<bool> getPermutedDims(TensorMappingAttr mapping,
                                  OpShardingRuleAttr rule) {
  SmallVector<bool> permuted;
  for (DimMappingAttr dim : mapping.getDimMappings())
    permuted.push_back(llvm::any_of(dim.getFactorIndices(), [&](int64_t f) {
      return f >= 0 && f < rule.getNumFactors() && rule.isPermutationFactor(f);
    }));
  return permuted;
}

/// `sharding` with no axes on the dimensions marked in `permuted` (open or
/// closed as they were).
TensorShardingAttr unshardDims(TensorShardingAttr sharding,
                               ArrayRef<bool> permuted) {
  SmallVector<DimensionShardingAttr> dims(sharding.getDimShardings());
  MLIRContext *ctx = sharding.getContext();
  for (auto [index, dim] : llvm::enumerate(dims))
    if (permuted[index] && !dim.emptyAxes())
      dim = DimensionShardingAttr::get(ctx, {}, dim.getIsClosed());
  return TensorShardingAttr::get(ctx, sharding.getMeshOrRef(), dims,
                                 sharding.getReplicatedAxes(),
                                 sharding.getUnreducedAxes());
}

/// True if `sharding` can be read against `mapping` (same rank).
bool matches(TensorShardingAttr sharding, TensorMappingAttr mapping) {
  return sharding && sharding.getRank() == mapping.getRank();
}

/// The device order of `mesh` with the coordinates of `axes` reversed.
SmallVector<int64_t> getReversedDeviceIds(MeshAttr mesh,
                                          ArrayRef<AxisRefAttr> axes) {
  ArrayRef<MeshAxisAttr> meshAxes = mesh.getAxes();
  int64_t total = mesh.getTotalSize();
  SmallVector<int64_t> ids;
  ids.reserve(total);
  SmallVector<int64_t> coords(meshAxes.size());
  for (int64_t position = 0; position < total; ++position) {
    int64_t rest = position;
    for (int64_t a = meshAxes.size() - 1; a >= 0; --a) {
      coords[a] = rest % meshAxes[a].getSize();
      rest /= meshAxes[a].getSize();
    }
    for (AxisRefAttr axis : axes) {
      int64_t a = mesh.getAxisIndex(axis.getName());
      int64_t size = axis.getSize(mesh);
      // The sub-axis is the digit of the coordinate after `minor` elements.
      int64_t minor = meshAxes[a].getSize() / (axis.getSubAxisPreSize() * size);
      int64_t digit = coords[a] / minor % size;
      coords[a] += (size - 1 - 2 * digit) * minor;
    }
    int64_t source = 0;
    for (auto [a, axis] : llvm::enumerate(meshAxes))
      source = source * axis.getSize() + coords[a];
    ids.push_back(mesh.getDeviceId(source));
  }
  return ids;
}

class PermutationResolver {
public:
  PermutationResolver(ModuleOp module, bool enableHaloExchange)
      : module(module), symbols(module),
        enableHaloExchange(enableHaloExchange) {}

  void resolve(Operation *op) {
    if (isa<SdyDialect>(op->getDialect()) || op->getNumResults() == 0)
      return;
    OpShardingRuleAttr rule = getOrCreateShardingRule(op);
    if (!rule || rule.getNumOperands() != op->getNumOperands() ||
        rule.getResultMappings().size() != op->getNumResults())
      return;
    if (enableHaloExchange && isa<stablehlo::ReverseOp>(op) &&
        reverseOnReversedMesh(cast<stablehlo::ReverseOp>(op), rule))
      return;
    for (OpOperand &operand : op->getOpOperands()) {
      TensorMappingAttr mapping =
          rule.getOperandMappings()[operand.getOperandNumber()];
      TensorShardingAttr sharding = getSharding(operand.get());
      if (!matches(sharding, mapping))
        continue;
      TensorShardingAttr target =
          unshardDims(sharding, getPermutedDims(mapping, rule));
      if (target == sharding)
        continue;
      OpBuilder builder(op);
      operand.set(ReshardOp::create(builder, operand.get().getLoc(),
                                    operand.get(), target));
    }
    for (OpResult result : op->getResults()) {
      TensorMappingAttr mapping =
          rule.getResultMappings()[result.getResultNumber()];
      TensorShardingAttr sharding = getSharding(result);
      if (!matches(sharding, mapping))
        continue;
      TensorShardingAttr local =
          unshardDims(sharding, getPermutedDims(mapping, rule));
      if (local != sharding)
        replaceResultSharding(result, local, sharding);
    }
  }

private:
  /// Gives `result` the sharding `local`; its users keep seeing `original`
  /// through a reshard.
  void replaceResultSharding(OpResult result, TensorShardingAttr local,
                             TensorShardingAttr original) {
    setSharding(result, local);
    OpBuilder builder(result.getOwner()->getContext());
    builder.setInsertionPointAfter(result.getOwner());
    auto reshard =
        ReshardOp::create(builder, result.getLoc(), result, original);
    result.replaceAllUsesExcept(reshard, reshard);
  }

  /// Moves the operand of `op` onto a reversed mesh when its reversed
  /// dimensions are sharded as the result's. False when it does not apply.
  bool reverseOnReversedMesh(stablehlo::ReverseOp op, OpShardingRuleAttr rule) {
    TensorMappingAttr mapping = rule.getOperandMappings()[0];
    TensorShardingAttr sharding = getSharding(op.getOperand());
    TensorShardingAttr resultSharding = getSharding(op.getResult());
    if (!matches(sharding, mapping) || sharding.getMeshName().empty())
      return false;
    MeshAttr mesh = lookupMesh(op, sharding.getMeshOrRef());
    if (!mesh)
      return false;
    SmallVector<bool> permuted = getPermutedDims(mapping, rule);
    SmallVector<AxisRefAttr> reversedAxes;
    for (auto [index, dim] : llvm::enumerate(sharding.getDimShardings())) {
      if (!permuted[index])
        continue;
      if (resultSharding &&
          (resultSharding.getRank() != sharding.getRank() ||
           resultSharding.getMeshOrRef() != sharding.getMeshOrRef() ||
           resultSharding.getDimShardings()[index].getAxes() != dim.getAxes()))
        return false;
      llvm::append_range(reversedAxes, dim.getAxes());
    }
    if (reversedAxes.empty())
      return true;
    for (AxisRefAttr axis : reversedAxes)
      if (!mesh.hasAxis(axis.getName()))
        return false;
    MLIRContext *ctx = op.getContext();
    StringAttr reversedMesh = getOrCreateMesh(
        sharding.getMeshName(),
        MeshAttr::get(ctx, mesh.getAxes(),
                      getReversedDeviceIds(mesh, reversedAxes)));
    OpBuilder builder(op);
    auto reshard = ReshardOp::create(
        builder, op.getOperand().getLoc(), op.getOperand(),
        TensorShardingAttr::get(ctx, FlatSymbolRefAttr::get(reversedMesh),
                                sharding.getDimShardings(),
                                sharding.getReplicatedAxes(),
                                sharding.getUnreducedAxes()));
    op->setOperand(0, reshard);
    if (resultSharding != sharding) {
      if (resultSharding)
        replaceResultSharding(op->getOpResult(0), sharding, resultSharding);
      else
        setSharding(op.getResult(), sharding);
    }
    return true;
  }

  /// The name of an `sdy.mesh` holding `mesh`: an existing one, or a new
  /// `<base>_reversed[_N]` at the top of the module.
  StringAttr getOrCreateMesh(StringRef base, MeshAttr mesh) {
    for (auto meshOp : module.getOps<MeshOp>())
      if (meshOp.getMesh() == mesh)
        return meshOp.getSymNameAttr();
    std::string name = (base + "_reversed").str();
    for (int64_t suffix = 0; symbols.lookup(name); ++suffix)
      name = (base + "_reversed_" + Twine(suffix)).str();
    OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
    auto meshOp = MeshOp::create(builder, module.getLoc(), name, mesh);
    symbols.insert(meshOp, module.getBody()->begin());
    return meshOp.getSymNameAttr();
  }

  ModuleOp module;
  SymbolTable symbols;
  bool enableHaloExchange;
};

struct ResolvePermutationFactorsPass
    : impl::ResolvePermutationFactorsPassBase<ResolvePermutationFactorsPass> {
  using ResolvePermutationFactorsPassBase::ResolvePermutationFactorsPassBase;

  void runOnOperation() override {
    PermutationResolver resolver(getOperation(), enableHaloExchange);
    SmallVector<Operation *> ops;
    getOperation().walk([&](func::FuncOp func) {
      func.walk([&](Operation *op) { ops.push_back(op); });
    });
    for (Operation *op : ops)
      resolver.resolve(op);
  }
};

} // namespace
} // namespace mlir::sdy
