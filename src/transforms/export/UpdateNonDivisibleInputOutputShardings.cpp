//===- UpdateNonDivisibleInputOutputShardings.cpp -------------------------===//
//
// -sdy-update-non-divisible-input-output-shardings: a function's argument
// and result shardings are the buffers callers lay out, which must split
// evenly. Each dimension keeps its axes while they divide what is left of
// the dimension; the first that does not is cut to its largest major
// sub-axis that does (the gcd), and the axes after it are dropped. A
// changed dimension loses its priority. The values inside the function keep
// their shardings: the partitioner reshards where they now differ.
//
//===----------------------------------------------------------------------===//

#include <numeric>

#include "ir/sdy/ShardingUtils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "transforms/Passes.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_UPDATENONDIVISIBLEINPUTOUTPUTSHARDINGSPASS
#include "transforms/Passes.h.inc"

namespace {

/// `sharding` of a value of `type` with every dimension evenly sharded;
/// `sharding` itself when it already is (or cannot be checked).
TensorShardingAttr makeDivisible(TensorShardingAttr sharding, Type type,
                                 Operation *from) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  MeshAttr mesh = sharding.getMesh(from);
  if (!tensor || !tensor.hasStaticShape() || !mesh ||
      static_cast<int64_t>(sharding.getDimShardings().size()) !=
          tensor.getRank())
    return sharding;
  MLIRContext *ctx = sharding.getContext();
  bool changed = false;
  SmallVector<DimensionShardingAttr> dims;
  for (auto [dim, size] :
       llvm::zip(sharding.getDimShardings(), tensor.getShape())) {
    int64_t left = size;
    SmallVector<AxisRefAttr> axes;
    for (AxisRefAttr axis : dim.getAxes()) {
      int64_t axisSize = axis.getSize(mesh);
      if (axisSize > 0 && left % axisSize == 0) {
        axes.push_back(axis);
        left /= axisSize;
        continue;
      }
      int64_t common = axisSize > 0 ? std::gcd(left, axisSize) : 1;
      if (common > 1)
        axes.push_back(AxisRefAttr::get(ctx, axis.getName(),
                                        axis.getSubAxisPreSize(), common));
      break;
    }
    if (axes.size() == dim.getAxes().size() &&
        (axes.empty() || axes.back() == dim.getAxes().back())) {
      dims.push_back(dim);
      continue;
    }
    changed = true;
    dims.push_back(DimensionShardingAttr::get(ctx, axes, dim.getIsClosed()));
  }
  if (!changed)
    return sharding;
  return TensorShardingAttr::get(ctx, sharding.getMeshOrRef(), dims,
                                 sharding.getReplicatedAxes(),
                                 sharding.getUnreducedAxes());
}

struct UpdateNonDivisibleInputOutputShardingsPass
    : impl::UpdateNonDivisibleInputOutputShardingsPassBase<
          UpdateNonDivisibleInputOutputShardingsPass> {
  void runOnOperation() override {
    bool changed = false;
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      FunctionType type = func.getFunctionType();
      for (unsigned i = 0; i < func.getNumArguments(); ++i)
        if (auto sharding = func.getArgAttrOfType<TensorShardingAttr>(
                i, SdyDialect::kShardingAttr)) {
          TensorShardingAttr updated =
              makeDivisible(sharding, type.getInput(i), func);
          if (updated != sharding) {
            func.setArgAttr(i, SdyDialect::kShardingAttr, updated);
            changed = true;
          }
        }
      for (unsigned i = 0; i < func.getNumResults(); ++i)
        if (auto sharding = func.getResultAttrOfType<TensorShardingAttr>(
                i, SdyDialect::kShardingAttr)) {
          TensorShardingAttr updated =
              makeDivisible(sharding, type.getResult(i), func);
          if (updated != sharding) {
            func.setResultAttr(i, SdyDialect::kShardingAttr, updated);
            changed = true;
          }
        }
      // A call's results are its callee's results seen by the caller (as in
      // Shardy).
      func.walk([&](func::CallOp call) {
        for (Value result : call.getResults())
          if (TensorShardingAttr sharding = getSharding(result)) {
            TensorShardingAttr updated =
                makeDivisible(sharding, result.getType(), call);
            if (updated != sharding) {
              setSharding(result, updated);
              changed = true;
            }
          }
      });
    }
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace mlir::sdy
