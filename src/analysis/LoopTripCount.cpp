//===- LoopTripCount.cpp - how often an op runs per function call ---------===//

#include "analysis/LoopTripCount.h"

#include "ir/sdy/SdyDialect.h"
#include "ir/stablehlo/StablehloDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"

namespace sdy::analysis {
namespace {

namespace shlo = mlir::stablehlo;

// The value of a constant signed (or signless) integer scalar.
std::optional<int64_t> constantInt(mlir::Value v) {
  mlir::Attribute attr;
  if (!v)
    return std::nullopt;
  // Before partitioning, constants are sdy.constant (not foldable).
  if (auto c = v.getDefiningOp<mlir::sdy::ConstantOp>())
    attr = c.getValue();
  else if (!mlir::matchPattern(v, mlir::m_Constant(&attr)))
    return std::nullopt;
  auto dense = mlir::dyn_cast<mlir::DenseIntElementsAttr>(attr);
  if (!dense || !dense.isSplat() || dense.getElementType().isUnsignedInteger())
    return std::nullopt;
  return dense.getSplatValue<llvm::APInt>().getSExtValue();
}

// The returned value at `index` of the single block of `region`.
mlir::Value returned(mlir::Region &region, unsigned index) {
  if (!region.hasOneBlock())
    return {};
  auto ret = mlir::dyn_cast<shlo::ReturnOp>(region.front().getTerminator());
  if (!ret || index >= ret->getNumOperands())
    return {};
  return ret->getOperand(index);
}

// The block argument `v` is, if it is one of `region`'s.
std::optional<unsigned> argumentIndex(mlir::Value v, mlir::Region &region) {
  auto arg = mlir::dyn_cast<mlir::BlockArgument>(v);
  if (!arg || arg.getOwner()->getParent() != &region)
    return std::nullopt;
  return arg.getArgNumber();
}

// The constant the body adds to its argument `index` each iteration.
std::optional<int64_t> stepOf(mlir::Region &body, unsigned index) {
  auto add = mlir::dyn_cast_or_null<shlo::AddOp>(
      returned(body, index) ? returned(body, index).getDefiningOp() : nullptr);
  if (!add)
    return std::nullopt;
  for (int side = 0; side < 2; ++side)
    if (argumentIndex(add->getOperand(side), body) == index)
      return constantInt(add->getOperand(1 - side));
  return std::nullopt;
}

} // namespace

std::optional<int64_t> whileTripCount(mlir::Operation *whileOp) {
  auto loop = mlir::dyn_cast_or_null<shlo::WhileOp>(whileOp);
  if (!loop)
    return std::nullopt;
  mlir::Value condition = returned(loop.getCond(), 0);
  auto compare = mlir::dyn_cast_or_null<shlo::CompareOp>(
      condition ? condition.getDefiningOp() : nullptr);
  if (!compare ||
      compare.getComparisonDirection() != shlo::ComparisonDirection::LT)
    return std::nullopt;
  if (auto type = compare.getCompareTypeAttr())
    if (type.getValue() != shlo::ComparisonType::SIGNED &&
        type.getValue() != shlo::ComparisonType::NOTYPE)
      return std::nullopt;
  std::optional<unsigned> counter =
      argumentIndex(compare->getOperand(0), loop.getCond());
  if (!counter || *counter >= loop->getNumOperands())
    return std::nullopt;
  std::optional<int64_t> limit = constantInt(compare->getOperand(1));
  std::optional<int64_t> start = constantInt(loop->getOperand(*counter));
  std::optional<int64_t> step = stepOf(loop.getBody(), *counter);
  if (!limit || !start || !step || *step <= 0)
    return std::nullopt;
  if (*start >= *limit)
    return 0;
  // In 128 bits: limit - start may not fit in 64.
  __int128 span = static_cast<__int128>(*limit) - *start;
  return static_cast<int64_t>((span + *step - 1) / *step);
}

ExecutionCount executionCountOf(mlir::Operation *op) {
  ExecutionCount count;
  std::vector<EnclosingLoop> inner;
  for (mlir::Operation *parent = op ? op->getParentOp() : nullptr;
       parent && !mlir::isa<mlir::func::FuncOp, mlir::ModuleOp>(parent);
       parent = parent->getParentOp()) {
    EnclosingLoop level{parent, parent->getName().getStringRef().str(),
                        std::nullopt};
    bool inBody = mlir::isa<shlo::WhileOp>(parent) &&
                  parent->getRegion(1).isAncestor(op->getParentRegion());
    if (inBody)
      level.tripCount = whileTripCount(parent);
    inner.push_back(level);
  }
  count.loops.assign(inner.rbegin(), inner.rend());
  int64_t product = 1;
  for (const EnclosingLoop &level : count.loops) {
    if (!level.tripCount) {
      count.executions.reset();
      bool loop = mlir::isa<shlo::WhileOp>(level.op) &&
                  level.op->getRegion(1).isAncestor(op->getParentRegion());
      count.unknownReason =
          loop ? "trip count unknown: the stablehlo.while is not a counted "
                 "loop (a counter compared LT against a constant, incremented "
                 "by a constant)"
               : "trip count unknown: inside " +
                     level.op->getName().getStringRef().str();
      return count;
    }
    if (__builtin_mul_overflow(product, *level.tripCount, &product)) {
      count.executions.reset();
      count.unknownReason = "trip count unknown: the product of the loops' "
                            "trip counts overflows";
      return count;
    }
  }
  count.executions = product;
  return count;
}

} // namespace sdy::analysis
