//===- StablehloTypeInference.cpp - result type inference -----------------===//
//
// inferReturnTypes of the ops that infer their result types as StableHLO
// does. These functions also do all shape checks of their ops (they run as
// part of verification, and builders use them), so every bad input is
// reported here with the offending dimension or operand; nothing here may
// index out of range on invalid IR.
//
//===----------------------------------------------------------------------===//

#include "ir/stablehlo/StablehloCommon.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "ir/stablehlo/StablehloQuantUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace mlir::stablehlo;
using namespace mlir::stablehlo::detail;

std::string mlir::stablehlo::detail::formatDims(ArrayRef<int64_t> dims) {
  std::string s = "[";
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(dims, os);
  os << "]";
  return s;
}

LogicalResult mlir::stablehlo::detail::checkDims(std::optional<Location> loc,
                                                 StringRef opName,
                                                 StringRef what,
                                                 ArrayRef<int64_t> dims,
                                                 int64_t rank) {
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t dim : dims) {
    if (dim < 0 || dim >= rank)
      return opError(loc, opName, what, " ", formatDims(dims),
                     " has dimension ", dim, " out of range [0, ", rank, ")");
    if (!seen.insert(dim).second)
      return opError(loc, opName, what, " ", formatDims(dims),
                     " has duplicate dimension ", dim);
  }
  return success();
}

LogicalResult mlir::stablehlo::detail::checkSorted(std::optional<Location> loc,
                                                   StringRef opName,
                                                   StringRef what,
                                                   ArrayRef<int64_t> dims) {
  for (size_t i = 1; i < dims.size(); ++i)
    if (dims[i - 1] >= dims[i])
      return opError(loc, opName, what, " ", formatDims(dims),
                     " must be sorted and unique");
  return success();
}

namespace {
RankedTensorType rankedType(Value value) {
  return value ? dyn_cast<RankedTensorType>(value.getType()) : nullptr;
}

// Missing operands or attributes can only come from a builder misuse; report
// them instead of crashing.
LogicalResult missing(std::optional<Location> loc, StringRef opName,
                      StringRef what) {
  return opError(loc, opName, "expects ", what);
}

// Checks that a list attribute named by `what` has one entry per dimension
// of the operand.
LogicalResult checkOnePerDim(std::optional<Location> loc, StringRef opName,
                             const Twine &what, size_t size, int64_t rank) {
  if (static_cast<int64_t>(size) != rank)
    return opError(loc, opName, what, " has size ", size,
                   " but the operand has rank ", rank);
  return success();
}

// Infers the type of an op whose named list attributes give the result size
// dimension by dimension: checks that each list has one entry per operand
// dimension, then asks `sizeOf(d)` for each result size (a failure has been
// reported).
template <typename SizeFn>
LogicalResult
inferPerDim(std::optional<Location> loc, StringRef opName,
            RankedTensorType type,
            ArrayRef<std::pair<StringRef, ArrayRef<int64_t>>> lists,
            SmallVectorImpl<Type> &inferred, SizeFn sizeOf) {
  int64_t rank = type.getRank();
  for (auto [name, list] : lists)
    if (failed(checkOnePerDim(loc, opName, name, list.size(), rank)))
      return failure();
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    FailureOr<int64_t> size = sizeOf(d);
    if (failed(size))
      return failure();
    shape.push_back(*size);
  }
  inferred.push_back(type.clone(shape));
  return success();
}
} // namespace

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

LogicalResult CompareOp::inferReturnTypes(MLIRContext *ctx,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  auto lhs = rankedType(adaptor.getLhs()), rhs = rankedType(adaptor.getRhs());
  if (!lhs || !rhs)
    return missing(loc, "compare", "ranked tensor operands");
  // Quantized operands are compared as dequantized values, so their scales
  // and zero points may differ.
  if (!isSameBaselineType(lhs, rhs))
    return opError(loc, "compare",
                   "requires lhs and rhs of the same type, got ", lhs, " and ",
                   rhs);
  inferred.push_back(lhs.clone(IntegerType::get(ctx, 1)));
  return success();
}

LogicalResult IsFiniteOp::inferReturnTypes(MLIRContext *ctx,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &inferred) {
  auto x = rankedType(adaptor.getX());
  if (!x)
    return missing(loc, "is_finite", "a ranked tensor operand");
  inferred.push_back(x.clone(IntegerType::get(ctx, 1)));
  return success();
}

LogicalResult ClampOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  auto operand = rankedType(adaptor.getOperand());
  auto min = rankedType(adaptor.getMin()), max = rankedType(adaptor.getMax());
  if (!operand || !min || !max)
    return missing(loc, "clamp", "ranked tensor operands");
  for (auto [name, bound] : {std::pair{"min", min}, std::pair{"max", max}}) {
    if (bound.getElementType() != operand.getElementType())
      return opError(
          loc, "clamp", name, " element type ", bound.getElementType(),
          " does not match operand element type ", operand.getElementType());
    if (bound.getRank() != 0 && bound.getShape() != operand.getShape())
      return opError(loc, "clamp", name,
                     " must be rank-0 or of the operand "
                     "shape ",
                     formatDims(operand.getShape()), ", got ",
                     formatDims(bound.getShape()));
  }
  inferred.push_back(operand);
  return success();
}

LogicalResult SelectOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  auto pred = rankedType(adaptor.getPred());
  auto onTrue = rankedType(adaptor.getOnTrue());
  auto onFalse = rankedType(adaptor.getOnFalse());
  if (!pred || !onTrue || !onFalse)
    return missing(loc, "select", "ranked tensor operands");
  if (onTrue != onFalse)
    return opError(loc, "select",
                   "requires on_true and on_false of the same "
                   "type, got ",
                   onTrue, " and ", onFalse);
  if (pred.getRank() != 0 && pred.getShape() != onTrue.getShape())
    return opError(loc, "select", "pred must be rank-0 or of the shape ",
                   formatDims(onTrue.getShape()), ", got ",
                   formatDims(pred.getShape()));
  inferred.push_back(onTrue);
  return success();
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

LogicalResult TransposeOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  auto type = rankedType(adaptor.getOperand());
  if (!type || !adaptor.getPermutationAttr())
    return missing(loc, "transpose", "a ranked operand and a permutation");
  ArrayRef<int64_t> perm = adaptor.getPermutation();
  int64_t rank = type.getRank();
  if (failed(checkOnePerDim(loc, "transpose", "permutation " + formatDims(perm),
                            perm.size(), rank)))
    return failure();
  SmallVector<bool> seen(rank, false);
  for (int64_t p : perm) {
    if (p < 0 || p >= rank || seen[p])
      return opError(loc, "transpose", "permutation ", formatDims(perm),
                     " is not a permutation of [0, ", rank, ")");
    seen[p] = true;
  }
  SmallVector<int64_t> shape;
  for (int64_t p : perm)
    shape.push_back(type.getDimSize(p));
  inferred.push_back(
      type.clone(shape, transposeElementType(type.getElementType(), perm)));
  return success();
}

LogicalResult ConcatenateOp::inferReturnTypes(MLIRContext *,
                                              std::optional<Location> loc,
                                              Adaptor adaptor,
                                              SmallVectorImpl<Type> &inferred) {
  if (adaptor.getInputs().empty())
    return opError(loc, "concatenate", "expects at least one input");
  if (!adaptor.getDimensionAttr())
    return missing(loc, "concatenate", "a dimension");
  auto first = rankedType(adaptor.getInputs().front());
  if (!first)
    return missing(loc, "concatenate", "ranked tensor inputs");
  int64_t dim = adaptor.getDimension();
  int64_t rank = first.getRank();
  if (dim < 0 || dim >= rank)
    return opError(loc, "concatenate", "dimension ", dim,
                   " is out of range [0, ", rank, ")");
  SmallVector<int64_t> shape(first.getShape());
  for (auto [i, input] : llvm::enumerate(adaptor.getInputs())) {
    auto type = rankedType(input);
    if (!type)
      return missing(loc, "concatenate", "ranked tensor inputs");
    if (type.getRank() != rank)
      return opError(loc, "concatenate", "input #", i, " has rank ",
                     type.getRank(), " but input #0 has rank ", rank);
    if (type.getElementType() != first.getElementType())
      return opError(loc, "concatenate", "input #", i, " has element type ",
                     type.getElementType(), " but input #0 has ",
                     first.getElementType());
    if (i == 0)
      continue;
    for (int64_t d = 0; d < rank; ++d) {
      if (d == dim)
        continue;
      if (type.getDimSize(d) != first.getDimSize(d))
        return opError(loc, "concatenate", "input #", i, " has size ",
                       type.getDimSize(d), " in dimension ", d,
                       " but input #0 has size ", first.getDimSize(d));
    }
    shape[dim] += type.getDimSize(dim);
  }
  inferred.push_back(first.clone(shape));
  return success();
}

LogicalResult SliceOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  auto type = rankedType(adaptor.getOperand());
  if (!type || !adaptor.getStartIndicesAttr() ||
      !adaptor.getLimitIndicesAttr() || !adaptor.getStridesAttr())
    return missing(loc, "slice",
                   "an operand, start_indices, limit_indices "
                   "and strides");
  ArrayRef<int64_t> start = adaptor.getStartIndices(),
                    limit = adaptor.getLimitIndices(),
                    strides = adaptor.getStrides();
  return inferPerDim(loc, "slice", type,
                     {{"start_indices", start},
                      {"limit_indices", limit},
                      {"strides", strides}},
                     inferred, [&](int64_t d) -> FailureOr<int64_t> {
                       int64_t size = type.getDimSize(d);
                       if (start[d] < 0)
                         return opError(loc, "slice", "negative start index ",
                                        start[d], " in dimension ", d);
                       if (limit[d] > size)
                         return opError(loc, "slice", "limit index ", limit[d],
                                        " is larger than the size ", size,
                                        " of dimension ", d);
                       if (start[d] > limit[d])
                         return opError(loc, "slice", "start index ", start[d],
                                        " is larger than limit index ",
                                        limit[d], " in dimension ", d);
                       if (strides[d] <= 0)
                         return opError(loc, "slice", "stride ", strides[d],
                                        " must be positive in dimension ", d);
                       return llvm::divideCeil(limit[d] - start[d], strides[d]);
                     });
}

LogicalResult PadOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &inferred) {
  auto type = rankedType(adaptor.getOperand());
  auto padType = rankedType(adaptor.getPaddingValue());
  if (!type || !padType || !adaptor.getEdgePaddingLowAttr() ||
      !adaptor.getEdgePaddingHighAttr() || !adaptor.getInteriorPaddingAttr())
    return missing(loc, "pad", "an operand, a padding value and paddings");
  if (padType.getRank() != 0)
    return opError(loc, "pad", "padding value must be rank-0, got ", padType);
  ArrayRef<int64_t> low = adaptor.getEdgePaddingLow(),
                    high = adaptor.getEdgePaddingHigh(),
                    interior = adaptor.getInteriorPadding();
  return inferPerDim(
      loc, "pad", type,
      {{"edge_padding_low", low},
       {"edge_padding_high", high},
       {"interior_padding", interior}},
      inferred, [&](int64_t d) -> FailureOr<int64_t> {
        if (interior[d] < 0)
          return opError(loc, "pad", "interior padding ", interior[d],
                         " must be non-negative in dimension ", d);
        int64_t size = type.getDimSize(d);
        int64_t padded = low[d] + high[d] + size +
                         std::max<int64_t>(size - 1, 0) * interior[d];
        if (padded < 0)
          return opError(loc, "pad", "padding makes dimension ", d,
                         " negative (", padded, ")");
        return padded;
      });
}

LogicalResult ConstantOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &inferred) {
  if (!adaptor.getValueAttr())
    return missing(loc, "constant", "a value");
  auto type = dyn_cast<RankedTensorType>(adaptor.getValueAttr().getType());
  if (!type)
    return opError(loc, "constant", "value must be a ranked tensor, got ",
                   adaptor.getValueAttr().getType());
  inferred.push_back(type);
  return success();
}

namespace {
// Start indices of dynamic_slice / dynamic_update_slice: one rank-0 integer
// tensor per operand dimension, all of the same type.
LogicalResult checkStartIndices(std::optional<Location> loc, StringRef opName,
                                ValueRange indices, int64_t rank) {
  if (static_cast<int64_t>(indices.size()) != rank)
    return opError(loc, opName, "has ", indices.size(),
                   " start indices but the operand has rank ", rank);
  for (auto [i, index] : llvm::enumerate(indices))
    if (index.getType() != indices.front().getType())
      return opError(loc, opName, "start index #", i, " has type ",
                     index.getType(), " but start index #0 has type ",
                     indices.front().getType());
  return success();
}
} // namespace

LogicalResult
DynamicSliceOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                 Adaptor adaptor,
                                 SmallVectorImpl<Type> &inferred) {
  auto type = rankedType(adaptor.getOperand());
  if (!type || !adaptor.getSliceSizesAttr())
    return missing(loc, "dynamic_slice", "an operand and slice_sizes");
  int64_t rank = type.getRank();
  if (failed(checkStartIndices(loc, "dynamic_slice", adaptor.getStartIndices(),
                               rank)))
    return failure();
  ArrayRef<int64_t> sizes = adaptor.getSliceSizes();
  if (failed(checkOnePerDim(loc, "dynamic_slice",
                            "slice_sizes " + formatDims(sizes), sizes.size(),
                            rank)))
    return failure();
  for (int64_t d = 0; d < rank; ++d) {
    if (sizes[d] < 0)
      return opError(loc, "dynamic_slice", "negative slice size ", sizes[d],
                     " in dimension ", d);
    if (sizes[d] > type.getDimSize(d))
      return opError(loc, "dynamic_slice", "slice size ", sizes[d],
                     " is larger than the size ", type.getDimSize(d),
                     " of dimension ", d);
  }
  inferred.push_back(type.clone(sizes));
  return success();
}

LogicalResult DynamicUpdateSliceOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  auto type = rankedType(adaptor.getOperand());
  auto update = rankedType(adaptor.getUpdate());
  if (!type || !update)
    return missing(loc, "dynamic_update_slice", "an operand and an update");
  int64_t rank = type.getRank();
  if (update.getRank() != rank)
    return opError(loc, "dynamic_update_slice", "update has rank ",
                   update.getRank(), " but the operand has rank ", rank);
  if (update.getElementType() != type.getElementType())
    return opError(loc, "dynamic_update_slice", "update element type ",
                   update.getElementType(),
                   " does not match operand element type ",
                   type.getElementType());
  for (int64_t d = 0; d < rank; ++d)
    if (update.getDimSize(d) > type.getDimSize(d))
      return opError(loc, "dynamic_update_slice", "update size ",
                     update.getDimSize(d), " is larger than the size ",
                     type.getDimSize(d), " of dimension ", d);
  if (failed(checkStartIndices(loc, "dynamic_update_slice",
                               adaptor.getStartIndices(), rank)))
    return failure();
  inferred.push_back(type);
  return success();
}

//===----------------------------------------------------------------------===//
// Contractions and reductions
//===----------------------------------------------------------------------===//

namespace {
bool sameShapes(TypeRange l, TypeRange r) {
  if (l.size() != r.size())
    return false;
  for (auto [a, b] : llvm::zip(l, r)) {
    auto sa = dyn_cast<ShapedType>(a), sb = dyn_cast<ShapedType>(b);
    if (!sa || !sb || !sa.hasRank() || !sb.hasRank() ||
        sa.getShape() != sb.getShape())
      return false;
  }
  return true;
}

LogicalResult checkPrecisionConfig(std::optional<Location> loc,
                                   StringRef opName, ArrayAttr config) {
  if (config && config.size() > 2)
    return opError(loc, opName,
                   "expects at most 2 precision config values, "
                   "got ",
                   config.size());
  return success();
}
} // namespace

bool DotOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  return sameShapes(l, r);
}

LogicalResult DotOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &inferred) {
  auto lhs = rankedType(adaptor.getLhs()), rhs = rankedType(adaptor.getRhs());
  if (!lhs || !rhs)
    return missing(loc, "dot", "ranked tensor operands");
  if (failed(
          checkPrecisionConfig(loc, "dot", adaptor.getPrecisionConfigAttr())))
    return failure();
  if (lhs.getRank() != 1 && lhs.getRank() != 2)
    return opError(loc, "dot", "lhs must be rank 1 or 2, got rank ",
                   lhs.getRank());
  if (rhs.getRank() != 1 && rhs.getRank() != 2)
    return opError(loc, "dot", "rhs must be rank 1 or 2, got rank ",
                   rhs.getRank());
  int64_t lhsContract = lhs.getDimSize(lhs.getRank() - 1);
  int64_t rhsContract = rhs.getDimSize(0);
  if (lhsContract != rhsContract)
    return opError(loc, "dot", "contracting dimension sizes differ: lhs ",
                   lhsContract, " vs rhs ", rhsContract);
  SmallVector<int64_t> shape;
  if (lhs.getRank() == 2)
    shape.push_back(lhs.getDimSize(0));
  if (rhs.getRank() == 2)
    shape.push_back(rhs.getDimSize(1));
  inferred.push_back(lhs.clone(shape));
  return success();
}

bool DotGeneralOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  return sameShapes(l, r);
}

LogicalResult DotGeneralOp::inferReturnTypes(MLIRContext *,
                                             std::optional<Location> loc,
                                             Adaptor adaptor,
                                             SmallVectorImpl<Type> &inferred) {
  auto lhs = rankedType(adaptor.getLhs()), rhs = rankedType(adaptor.getRhs());
  DotDimensionNumbersAttr dn = adaptor.getDotDimensionNumbersAttr();
  if (!lhs || !rhs || !dn)
    return missing(loc, "dot_general",
                   "ranked tensor operands and dot_dimension_numbers");
  if (failed(checkPrecisionConfig(loc, "dot_general",
                                  adaptor.getPrecisionConfigAttr())))
    return failure();
  // An algorithm fixes the precision; only DEFAULT may be given beside it.
  if (adaptor.getAlgorithmAttr() && adaptor.getPrecisionConfigAttr() &&
      llvm::any_of(adaptor.getPrecisionConfigAttr(), [](Attribute a) {
        auto p = dyn_cast<PrecisionAttr>(a);
        return !p || p.getValue() != Precision::DEFAULT;
      }))
    return opError(loc, "dot_general",
                   "must specify DEFAULT precision "
                   "config when algorithm is set");
  ArrayRef<int64_t> lhsBatch = dn.getLhsBatchingDimensions();
  ArrayRef<int64_t> rhsBatch = dn.getRhsBatchingDimensions();
  ArrayRef<int64_t> lhsContract = dn.getLhsContractingDimensions();
  ArrayRef<int64_t> rhsContract = dn.getRhsContractingDimensions();
  if (lhsBatch.size() != rhsBatch.size())
    return opError(loc, "dot_general",
                   "lhs and rhs should have the same "
                   "number of batching dimensions, got ",
                   formatDims(lhsBatch), " and ", formatDims(rhsBatch));
  if (lhsContract.size() != rhsContract.size())
    return opError(loc, "dot_general",
                   "lhs and rhs should have the same "
                   "number of contracting dimensions, got ",
                   formatDims(lhsContract), " and ", formatDims(rhsContract));
  // Batching and contracting dimensions of one side are disjoint.
  SmallVector<int64_t> lhsDims(lhsBatch), rhsDims(rhsBatch);
  lhsDims.append(lhsContract.begin(), lhsContract.end());
  rhsDims.append(rhsContract.begin(), rhsContract.end());
  if (failed(checkDims(loc, "dot_general",
                       "lhs batching and contracting dimensions", lhsDims,
                       lhs.getRank())) ||
      failed(checkDims(loc, "dot_general",
                       "rhs batching and contracting dimensions", rhsDims,
                       rhs.getRank())))
    return failure();
  for (auto [l, r] : llvm::zip(lhsBatch, rhsBatch))
    if (lhs.getDimSize(l) != rhs.getDimSize(r))
      return opError(loc, "dot_general",
                     "batching dimension sizes differ: "
                     "lhs dimension ",
                     l, " has size ", lhs.getDimSize(l), " but rhs dimension ",
                     r, " has size ", rhs.getDimSize(r));
  for (auto [l, r] : llvm::zip(lhsContract, rhsContract))
    if (lhs.getDimSize(l) != rhs.getDimSize(r))
      return opError(loc, "dot_general",
                     "contracting dimension sizes differ: "
                     "lhs dimension ",
                     l, " has size ", lhs.getDimSize(l), " but rhs dimension ",
                     r, " has size ", rhs.getDimSize(r));
  SmallVector<int64_t> shape;
  for (int64_t d : lhsBatch)
    shape.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < lhs.getRank(); ++d)
    if (!llvm::is_contained(lhsDims, d))
      shape.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < rhs.getRank(); ++d)
    if (!llvm::is_contained(rhsDims, d))
      shape.push_back(rhs.getDimSize(d));
  inferred.push_back(lhs.clone(shape));
  return success();
}

LogicalResult ReduceOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  ValueRange operands = adaptor.getOperands();
  if (operands.empty() || operands.size() % 2 != 0)
    return opError(loc, "reduce",
                   "expects as many init values as inputs "
                   "(and at least one input), got ",
                   operands.size(), " operands");
  if (!adaptor.getDimensionsAttr())
    return missing(loc, "reduce", "dimensions");
  auto first = rankedType(adaptor.getInputs().front());
  if (!first)
    return missing(loc, "reduce", "ranked tensor inputs");
  ArrayRef<int64_t> dims = adaptor.getDimensions();
  if (failed(checkDims(loc, "reduce", "dimensions", dims, first.getRank())))
    return failure();
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < first.getRank(); ++d)
    if (!llvm::is_contained(dims, d))
      shape.push_back(first.getDimSize(d));
  for (auto [i, pair] : llvm::enumerate(
           llvm::zip(adaptor.getInputs(), adaptor.getInitValues()))) {
    auto input = rankedType(std::get<0>(pair));
    auto init = rankedType(std::get<1>(pair));
    if (!input || !init)
      return missing(loc, "reduce", "ranked tensor operands");
    if (input.getShape() != first.getShape())
      return opError(loc, "reduce", "input #", i, " has shape ",
                     formatDims(input.getShape()), " but input #0 has shape ",
                     formatDims(first.getShape()));
    if (init.getRank() != 0)
      return opError(loc, "reduce", "init value #", i, " must be rank-0, got ",
                     init);
    if (init.getElementType() != input.getElementType())
      return opError(loc, "reduce", "init value #", i, " has element type ",
                     init.getElementType(), " but input #", i, " has ",
                     input.getElementType());
    inferred.push_back(RankedTensorType::get(shape, init.getElementType()));
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Misc
//===----------------------------------------------------------------------===//

LogicalResult
OptimizationBarrierOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  llvm::append_range(inferred, adaptor.getOperands().getTypes());
  return success();
}

namespace {
// partition_id and replica_id: a rank-0 ui32 tensor.
LogicalResult inferIdType(MLIRContext *ctx, SmallVectorImpl<Type> &inferred) {
  inferred.push_back(RankedTensorType::get(
      {}, IntegerType::get(ctx, 32, IntegerType::Unsigned)));
  return success();
}
} // namespace

LogicalResult PartitionIdOp::inferReturnTypes(MLIRContext *ctx,
                                              std::optional<Location>, Adaptor,
                                              SmallVectorImpl<Type> &inferred) {
  return inferIdType(ctx, inferred);
}

LogicalResult ReplicaIdOp::inferReturnTypes(MLIRContext *ctx,
                                            std::optional<Location>, Adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  return inferIdType(ctx, inferred);
}
