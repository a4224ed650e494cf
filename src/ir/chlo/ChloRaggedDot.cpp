//===- ChloRaggedDot.cpp - chlo.ragged_dot verifier -----------------------===//

#include "ir/chlo/ChloDialect.h"

#include "llvm/ADT/SmallSet.h"

namespace mlir::chlo {

RaggedDotMode getRaggedDotMode(RaggedDotDimensionNumbersAttr dims) {
  if (dims.getLhsRaggedDimensions().size() != 1)
    return RaggedDotMode::kNonContracting;
  int64_t ragged = dims.getLhsRaggedDimensions().front();
  if (llvm::is_contained(dims.getLhsContractingDimensions(), ragged))
    return RaggedDotMode::kContracting;
  if (llvm::is_contained(dims.getLhsBatchingDimensions(), ragged))
    return RaggedDotMode::kBatch;
  return RaggedDotMode::kNonContracting;
}

SmallVector<int64_t> getRaggedDotFreeDims(int64_t rank,
                                          ArrayRef<int64_t> batching,
                                          ArrayRef<int64_t> contracting,
                                          ArrayRef<int64_t> group) {
  SmallVector<int64_t> free;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(batching, d) &&
        !llvm::is_contained(contracting, d) && !llvm::is_contained(group, d))
      free.push_back(d);
  return free;
}

/// Dimensions of `name` are in [0, rank) and not listed twice across
/// `lists`.
static LogicalResult
checkDims(Operation *op, StringRef side, int64_t rank,
          ArrayRef<std::pair<StringRef, ArrayRef<int64_t>>> lists) {
  llvm::SmallSet<int64_t, 8> seen;
  for (auto [name, dims] : lists)
    for (int64_t d : dims) {
      if (d < 0 || d >= rank)
        return op->emitOpError() << side << " " << name << " dimension " << d
                                 << " is out of range for rank " << rank;
      if (!seen.insert(d).second)
        return op->emitOpError()
               << side << " dimension " << d << " is listed twice";
    }
  return success();
}

LogicalResult RaggedDotOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  auto groups = cast<RankedTensorType>(getGroupSizes().getType());
  auto result = cast<RankedTensorType>(getType());
  RaggedDotDimensionNumbersAttr dims = getRaggedDotDimensionNumbers();
  ArrayRef<int64_t> lhsBatch = dims.getLhsBatchingDimensions();
  ArrayRef<int64_t> rhsBatch = dims.getRhsBatchingDimensions();
  ArrayRef<int64_t> lhsContract = dims.getLhsContractingDimensions();
  ArrayRef<int64_t> rhsContract = dims.getRhsContractingDimensions();
  ArrayRef<int64_t> rhsGroup = dims.getRhsGroupDimensions();
  if (lhsBatch.size() != rhsBatch.size())
    return emitOpError() << "has " << lhsBatch.size()
                         << " lhs batching dimensions and " << rhsBatch.size()
                         << " rhs batching dimensions";
  if (lhsContract.size() != rhsContract.size())
    return emitOpError() << "has " << lhsContract.size()
                         << " lhs contracting dimensions and "
                         << rhsContract.size() << " rhs contracting dimensions";
  if (dims.getLhsRaggedDimensions().size() != 1)
    return emitOpError() << "needs exactly one lhs ragged dimension, got "
                         << dims.getLhsRaggedDimensions().size();
  int64_t ragged = dims.getLhsRaggedDimensions().front();
  if (ragged < 0 || ragged >= lhs.getRank())
    return emitOpError() << "lhs ragged dimension " << ragged
                         << " is out of range for rank " << lhs.getRank();
  if (failed(
          checkDims(*this, "lhs", lhs.getRank(),
                    {{"batching", lhsBatch}, {"contracting", lhsContract}})) ||
      failed(checkDims(*this, "rhs", rhs.getRank(),
                       {{"batching", rhsBatch},
                        {"contracting", rhsContract},
                        {"group", rhsGroup}})))
    return failure();
  for (auto [l, r] : llvm::zip(lhsBatch, rhsBatch))
    if (lhs.getDimSize(l) != rhs.getDimSize(r))
      return emitOpError() << "lhs batching dimension " << l << " (size "
                           << lhs.getDimSize(l)
                           << ") and rhs batching dimension " << r << " (size "
                           << rhs.getDimSize(r) << ") differ in size";
  for (auto [l, r] : llvm::zip(lhsContract, rhsContract))
    if (lhs.getDimSize(l) != rhs.getDimSize(r))
      return emitOpError() << "lhs contracting dimension " << l << " (size "
                           << lhs.getDimSize(l)
                           << ") and rhs contracting dimension " << r
                           << " (size " << rhs.getDimSize(r)
                           << ") differ in size";
  if (groups.getRank() != 1)
    return emitOpError() << "supports only a rank-1 group_sizes, got rank "
                         << groups.getRank();
  int64_t numGroups = groups.getDimSize(0);
  RaggedDotMode mode = getRaggedDotMode(dims);
  if (mode == RaggedDotMode::kNonContracting) {
    if (rhsGroup.size() != 1)
      return emitOpError() << "with a ragged non-contracting dimension needs "
                              "exactly one rhs group dimension, got "
                           << rhsGroup.size();
    if (rhs.getDimSize(rhsGroup.front()) != numGroups)
      return emitOpError() << "has " << numGroups
                           << " group sizes but rhs group dimension "
                           << rhsGroup.front() << " has size "
                           << rhs.getDimSize(rhsGroup.front());
  } else if (!rhsGroup.empty()) {
    return emitOpError() << "with a ragged "
                         << (mode == RaggedDotMode::kContracting ? "contracting"
                                                                 : "batch")
                         << " dimension takes no rhs group dimension";
  }
  SmallVector<int64_t> shape;
  if (mode == RaggedDotMode::kContracting)
    shape.push_back(numGroups);
  for (int64_t d : lhsBatch)
    shape.push_back(lhs.getDimSize(d));
  for (int64_t d :
       getRaggedDotFreeDims(lhs.getRank(), lhsBatch, lhsContract, {}))
    shape.push_back(lhs.getDimSize(d));
  for (int64_t d :
       getRaggedDotFreeDims(rhs.getRank(), rhsBatch, rhsContract, rhsGroup))
    shape.push_back(rhs.getDimSize(d));
  if (ArrayRef<int64_t>(shape) != result.getShape()) {
    std::string expected;
    llvm::raw_string_ostream os(expected);
    llvm::interleave(shape, os, "x");
    return emitOpError() << "result type " << result << " should have shape "
                         << (shape.empty() ? "[]" : expected);
  }
  if (auto precision = getPrecisionConfig())
    if (precision->size() > 2)
      return emitOpError() << "has " << precision->size()
                           << " precision entries, at most 2 (lhs, rhs)";
  return success();
}

} // namespace mlir::chlo
