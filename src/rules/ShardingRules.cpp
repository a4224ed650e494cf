//===- ShardingRules.cpp - the sharding-rule registry ---------------------===//
//
// One function per op family, following Shardy's
// op_sharding_rule_registry. Factor sizes are dimension sizes; factors are
// created in a fixed order per op family so that printed rules are stable.
//
//===----------------------------------------------------------------------===//

#include "rules/ShardingRules.h"

#include <mutex>
#include <numeric>
#include <utility>

#include "ir/chlo/ChloDialect.h"
#include "ir/stablehlo/OpClasses.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "rules/ChloRules.h"
#include "rules/LinalgRules.h"
#include "rules/OpShardingRuleBuilder.h"
#include "rules/TypesRules.h"
#include "rules/WindowRules.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::sdy;
namespace hlo = mlir::stablehlo;

namespace {

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

/// One pass-through factor per result dimension, shared by every operand and
/// result; rank-0 operands (a scalar `select` predicate, scalar `clamp`
/// bounds) get an empty mapping.
OpShardingRuleAttr createPointwiseRule(Operation *op) {
  return OpShardingRuleBuilder::buildPointwise(op);
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

/// Result dimensions in order. A result dimension that comes from an operand
/// dimension of the same size shares its factor with it; an expanded operand
/// dimension (size 1 -> N) gets its own size-1 factor and the result
/// dimension a separate one, as in Shardy.
OpShardingRuleAttr createBroadcastInDimRule(hlo::BroadcastInDimOp op) {
  ArrayRef<int64_t> inShape = getTensorShape(op.getOperand());
  ArrayRef<int64_t> outShape = getTensorShape(op.getResult());
  SmallVector<int64_t> outDimToInDim(outShape.size(), kNullDim);
  for (auto [inDim, outDim] : llvm::enumerate(op.getBroadcastDimensions()))
    if (outDim >= 0 && outDim < static_cast<int64_t>(outShape.size()))
      outDimToInDim[outDim] = inDim;

  OpShardingRuleBuilder builder(op);
  for (auto [outDim, outSize] : llvm::enumerate(outShape)) {
    int64_t inDim = outDimToInDim[outDim];
    if (inDim != kNullDim && inShape[inDim] == outSize) {
      builder.addFactor(inDim, outDim, outSize);
      continue;
    }
    if (inDim != kNullDim)
      builder.addFactor(inDim, kNullDim, inShape[inDim]);
    builder.addFactor(kNullDim, outDim, outSize);
  }
  return builder.build();
}

/// Reshape: walk both shapes major to minor, taking at each step the greatest
/// common divisor of what is left of the current input and output dimension
/// as the next factor. A dimension that gets several factors is a compound
/// dimension (`([ij])->([i, j])` for a split, `([i, j])->([ij])` for a
/// merge). Size-1 dimensions get their own size-1 factor unless they face a
/// fresh size-1 dimension on the other side. When the remaining sizes are
/// co-prime (no common factor; "non-divisible"), the dimensions up to the
/// next point where both shapes cover the same number of elements get
/// separate factors per tensor (nothing propagates through them) and the
/// walk resumes there.
///
/// With `conservativePropagation`, only dimensions matched 1:1 (a single
/// shared factor that is the whole dimension on both sides) share a factor;
/// every other dimension gets one factor of its own, so no sub-axes are ever
/// needed.
OpShardingRuleAttr createReshapeRule(hlo::ReshapeOp op,
                                     bool conservativePropagation) {
  ArrayRef<int64_t> inShape = getTensorShape(op.getOperand());
  ArrayRef<int64_t> outShape = getTensorShape(op.getResult());
  int64_t inRank = inShape.size(), outRank = outShape.size();

  struct WalkFactor {
    int64_t size, inDim, outDim;
  };
  SmallVector<WalkFactor> factors;
  SmallVector<SmallVector<int64_t>> inDimFactors(inRank),
      outDimFactors(outRank);
  auto add = [&](int64_t size, int64_t inDim, int64_t outDim) {
    int64_t index = factors.size();
    factors.push_back({size, inDim, outDim});
    if (inDim != kNullDim)
      inDimFactors[inDim].push_back(index);
    if (outDim != kNullDim)
      outDimFactors[outDim].push_back(index);
  };

  bool hasZero =
      llvm::is_contained(inShape, 0) || llvm::is_contained(outShape, 0);
  int64_t inDim = 0, outDim = 0;
  if (!hasZero) {
    // prefix[k] = product of the sizes of dimensions [0, k).
    auto prefixProducts = [](ArrayRef<int64_t> shape) {
      SmallVector<int64_t> prefix(1, 1);
      for (int64_t size : shape)
        prefix.push_back(prefix.back() * size);
      return prefix;
    };
    SmallVector<int64_t> inPrefix = prefixProducts(inShape);
    SmallVector<int64_t> outPrefix = prefixProducts(outShape);
    int64_t inRem = inRank > 0 ? inShape[0] : 1;
    int64_t outRem = outRank > 0 ? outShape[0] : 1;
    auto nextIn = [&] {
      ++inDim;
      inRem = inDim < inRank ? inShape[inDim] : 1;
    };
    auto nextOut = [&] {
      ++outDim;
      outRem = outDim < outRank ? outShape[outDim] : 1;
    };
    while (inDim < inRank && outDim < outRank) {
      bool inFresh = inDimFactors[inDim].empty();
      bool outFresh = outDimFactors[outDim].empty();
      if (inFresh && outFresh && inShape[inDim] == outShape[outDim]) {
        add(inShape[inDim], inDim, outDim);
        nextIn();
        nextOut();
        continue;
      }
      if (inFresh && inShape[inDim] == 1) {
        add(1, inDim, kNullDim);
        nextIn();
        continue;
      }
      if (outFresh && outShape[outDim] == 1) {
        add(1, kNullDim, outDim);
        nextOut();
        continue;
      }
      int64_t gcd = std::gcd(inRem, outRem);
      if (gcd > 1) {
        add(gcd, inDim, outDim);
        inRem /= gcd;
        outRem /= gcd;
        if (inRem == 1)
          nextIn();
        if (outRem == 1)
          nextOut();
        continue;
      }
      // Non-divisible: find the next boundary common to both shapes, beyond
      // the current dimensions.
      int64_t syncIn = inRank, syncOut = outRank;
      for (int64_t a = inDim + 1; a <= inRank; ++a) {
        auto it =
            llvm::find(ArrayRef(outPrefix).drop_front(outDim + 1), inPrefix[a]);
        if (it != outPrefix.end()) {
          syncIn = a;
          syncOut = it - outPrefix.begin();
          break;
        }
      }
      add(inRem, inDim, kNullDim);
      for (int64_t d = inDim + 1; d < syncIn; ++d)
        add(inShape[d], d, kNullDim);
      add(outRem, kNullDim, outDim);
      for (int64_t d = outDim + 1; d < syncOut; ++d)
        add(outShape[d], kNullDim, d);
      inDim = syncIn - 1;
      outDim = syncOut - 1;
      nextIn();
      nextOut();
    }
  }
  // Whatever is left (size-1 dimensions, or everything for a zero-sized
  // tensor) gets its own factor.
  for (; inDim < inRank; ++inDim)
    add(inShape[inDim], inDim, kNullDim);
  for (; outDim < outRank; ++outDim)
    add(outShape[outDim], kNullDim, outDim);

  OpShardingRuleBuilder builder(op);
  if (!conservativePropagation) {
    for (const WalkFactor &factor : factors)
      builder.addFactor(factor.inDim, factor.outDim, factor.size);
    return builder.build();
  }
  auto isOneToOne = [&](const WalkFactor &factor) {
    return factor.inDim != kNullDim && factor.outDim != kNullDim &&
           inDimFactors[factor.inDim].size() == 1 &&
           outDimFactors[factor.outDim].size() == 1;
  };
  SmallVector<bool> inDone(inRank, false), outDone(outRank, false);
  for (const WalkFactor &factor : factors) {
    if (isOneToOne(factor)) {
      builder.addFactor(factor.inDim, factor.outDim, factor.size);
      inDone[factor.inDim] = outDone[factor.outDim] = true;
      continue;
    }
    if (factor.inDim != kNullDim && !inDone[factor.inDim]) {
      builder.addFactor(factor.inDim, kNullDim, inShape[factor.inDim]);
      inDone[factor.inDim] = true;
    }
    if (factor.outDim != kNullDim && !outDone[factor.outDim]) {
      builder.addFactor(kNullDim, factor.outDim, outShape[factor.outDim]);
      outDone[factor.outDim] = true;
    }
  }
  return builder.build();
}

/// Result dimension j shares a factor with operand dimension permutation[j];
/// factors are created in result order.
OpShardingRuleAttr createTransposeRule(hlo::TransposeOp op) {
  ArrayRef<int64_t> inShape = getTensorShape(op.getOperand());
  OpShardingRuleBuilder builder(op);
  for (auto [outDim, inDim] : llvm::enumerate(op.getPermutation()))
    builder.addFactor(inDim, outDim, inShape[inDim]);
  return builder.build();
}

/// One factor per dimension shared by all operands and the result; the
/// concatenated dimension is a need_replication factor of the result size
/// (as in Shardy; blocked under conservative propagation).
OpShardingRuleAttr createConcatenateRule(hlo::ConcatenateOp op,
                                         bool conservativePropagation) {
  int64_t concatDim = op.getDimension();
  return OpShardingRuleBuilder(op)
      .addPointwise(
          getTensorShape(op.getResult()),
          [&](int64_t dim) {
            return dim == concatDim ? FactorType::kNeedReplication
                                    : FactorType::kPassThrough;
          },
          [&](int64_t dim) {
            return conservativePropagation && dim == concatDim;
          })
      .build();
}

/// Unchanged dimensions are pass-through; sliced dimensions are permutation
/// factors of the (larger) operand size, blocked under conservative
/// propagation (Shardy's addPointwiseWithDiffTypeForMismatch).
OpShardingRuleAttr createSliceRule(hlo::SliceOp op,
                                   bool conservativePropagation) {
  return OpShardingRuleBuilder(op)
      .addPointwiseWithDiffTypeForMismatch(
          getTensorShape(op.getOperand()), getTensorShape(op.getResult()),
          FactorType::kPermutation,
          /*mismatchFactorIsBlocked=*/conservativePropagation)
      .build();
}

/// Dimensions without any padding are pass-through; padded dimensions are
/// permutation factors of the operand size (as in Shardy, so a sharding
/// dividing the operand crosses the pad), blocked under conservative
/// propagation. The scalar padding value has an empty mapping. Unlike Shardy
/// (which compares sizes), a dimension whose size is unchanged but is shifted
/// (low = -high != 0) is also a permutation factor.
OpShardingRuleAttr createPadRule(hlo::PadOp op, bool conservativePropagation) {
  ArrayRef<int64_t> inShape = getTensorShape(op.getOperand());
  ArrayRef<int64_t> low = op.getEdgePaddingLow();
  ArrayRef<int64_t> high = op.getEdgePaddingHigh();
  ArrayRef<int64_t> interior = op.getInteriorPadding();
  OpShardingRuleBuilder builder(op);
  for (auto [dim, inSize] : llvm::enumerate(inShape)) {
    bool unchanged = low[dim] == 0 && high[dim] == 0 && interior[dim] == 0;
    if (unchanged)
      builder.addFactor(dim, inSize);
    else
      builder.addFactor(dim, inSize, FactorType::kPermutation,
                        conservativePropagation);
  }
  return builder.build();
}

/// Reversed dimensions are permutation factors, the others pass-through.
OpShardingRuleAttr createReverseRule(hlo::ReverseOp op) {
  ArrayRef<int64_t> reversed = op.getDimensions();
  return OpShardingRuleBuilder(op)
      .addPointwise(getTensorShape(op.getResult()),
                    [&](int64_t dim) {
                      return llvm::is_contained(reversed, dim)
                                 ? FactorType::kPermutation
                                 : FactorType::kPassThrough;
                    })
      .build();
}

/// One pass-through factor per result dimension (the iota dimension too).
OpShardingRuleAttr createIotaRule(hlo::IotaOp op) {
  return OpShardingRuleBuilder(op)
      .addPointwise(getTensorShape(op.getResult()))
      .build();
}

/// Dimensions taken whole are pass-through (the start index is clamped to
/// 0); for a sliced dimension the operand and the result each get their own
/// need_replication factor. Scalar start indices have empty mappings.
OpShardingRuleAttr createDynamicSliceRule(hlo::DynamicSliceOp op) {
  return OpShardingRuleBuilder(op)
      .addPointwiseIfDimSizesMatch(
          getTensorShape(op.getOperand()), getTensorShape(op.getResult()),
          /*alwaysAddFactor=*/false,
          [&](int64_t dim, OpShardingRuleBuilder &builder) {
            SmallVector<int64_t> operandDims(builder.getNumOperands(),
                                             kNullDim);
            operandDims[0] = dim;
            builder.addFactor(operandDims, {kNullDim},
                              getTensorShape(op.getOperand())[dim],
                              FactorType::kNeedReplication);
            operandDims[0] = kNullDim;
            builder.addFactor(operandDims, {dim},
                              getTensorShape(op.getResult())[dim],
                              FactorType::kNeedReplication);
          })
      .build();
}

/// Dimensions the update covers whole are pass-through for operand, update
/// and result; for the others the operand and the result share a
/// need_replication factor and the update gets its own.
OpShardingRuleAttr createDynamicUpdateSliceRule(hlo::DynamicUpdateSliceOp op) {
  ArrayRef<int64_t> operandShape = getTensorShape(op.getOperand());
  ArrayRef<int64_t> updateShape = getTensorShape(op.getUpdate());
  OpShardingRuleBuilder builder(op);
  int64_t numOperands = builder.getNumOperands();
  for (auto [dim, size] : llvm::enumerate(operandShape)) {
    int64_t d = dim;
    SmallVector<int64_t> operandDims(numOperands, kNullDim);
    operandDims[0] = d;
    if (updateShape[dim] == size) {
      operandDims[1] = d;
      builder.addFactor(operandDims, {d}, size);
      continue;
    }
    builder.addFactor(operandDims, {d}, size, FactorType::kNeedReplication);
    operandDims[0] = kNullDim;
    operandDims[1] = d;
    builder.addFactor(operandDims, {kNullDim}, updateShape[dim],
                      FactorType::kNeedReplication);
  }
  return builder.build();
}

//===----------------------------------------------------------------------===//
// Contractions and reductions
//===----------------------------------------------------------------------===//

/// Factors in Shardy's order: batching (lhs, rhs, result), lhs free (lhs,
/// result), rhs free (rhs, result), contracting (lhs, rhs; reduction).
OpShardingRuleAttr createDotGeneralRule(Operation *op,
                                        ArrayRef<int64_t> lhsBatching,
                                        ArrayRef<int64_t> rhsBatching,
                                        ArrayRef<int64_t> lhsContracting,
                                        ArrayRef<int64_t> rhsContracting) {
  ArrayRef<int64_t> lhsShape = getTensorShape(op->getOperand(0));
  ArrayRef<int64_t> rhsShape = getTensorShape(op->getOperand(1));
  OpShardingRuleBuilder builder(op);
  int64_t outDim = 0;
  for (auto [lhsDim, rhsDim] : llvm::zip_equal(lhsBatching, rhsBatching))
    builder.addFactor({lhsDim, rhsDim}, {outDim++}, lhsShape[lhsDim]);
  for (auto [lhsDim, size] : llvm::enumerate(lhsShape)) {
    int64_t d = lhsDim;
    if (!llvm::is_contained(lhsBatching, d) &&
        !llvm::is_contained(lhsContracting, d))
      builder.addFactor({d, kNullDim}, {outDim++}, size);
  }
  for (auto [rhsDim, size] : llvm::enumerate(rhsShape)) {
    int64_t d = rhsDim;
    if (!llvm::is_contained(rhsBatching, d) &&
        !llvm::is_contained(rhsContracting, d))
      builder.addFactor({kNullDim, d}, {outDim++}, size);
  }
  for (auto [lhsDim, rhsDim] : llvm::zip_equal(lhsContracting, rhsContracting))
    builder.addFactor({lhsDim, rhsDim}, {kNullDim}, lhsShape[lhsDim],
                      FactorType::kReduction);
  return builder.build();
}

OpShardingRuleAttr createDotGeneralRule(hlo::DotGeneralOp op) {
  hlo::DotDimensionNumbersAttr dims = op.getDotDimensionNumbers();
  return createDotGeneralRule(
      op, dims.getLhsBatchingDimensions(), dims.getRhsBatchingDimensions(),
      dims.getLhsContractingDimensions(), dims.getRhsContractingDimensions());
}

/// `dot` is dot_general without batching dimensions, contracting the last
/// lhs dimension with the first rhs dimension.
OpShardingRuleAttr createDotRule(hlo::DotOp op) {
  int64_t lhsRank = getTensorShape(op.getLhs()).size();
  int64_t lhsContracting[] = {lhsRank - 1};
  int64_t rhsContracting[] = {0};
  return createDotGeneralRule(op, {}, {}, lhsContracting, rhsContracting);
}

/// Per input dimension (shared by all inputs): kept dimensions are
/// pass-through with the results, reduced dimensions are reduction factors
/// of the inputs only. Init values are scalars (`[]`).
OpShardingRuleAttr createReduceRule(hlo::ReduceOp op) {
  int64_t numInputs = op.getInputs().size();
  int64_t numResults = op->getNumResults();
  ArrayRef<int64_t> inShape = getTensorShape(op.getInputs().front());
  ArrayRef<int64_t> reduced = op.getDimensions();
  OpShardingRuleBuilder builder(op);
  int64_t outDim = 0;
  for (auto [dim, size] : llvm::enumerate(inShape)) {
    int64_t d = dim;
    SmallVector<int64_t> operandDims(numInputs, d);
    operandDims.resize(builder.getNumOperands(), kNullDim);
    if (llvm::is_contained(reduced, d)) {
      builder.addFactor(operandDims, SmallVector<int64_t>(numResults, kNullDim),
                        size, FactorType::kReduction);
    } else {
      builder.addFactor(operandDims, SmallVector<int64_t>(numResults, outDim),
                        size);
      ++outDim;
    }
  }
  return builder.build();
}

//===----------------------------------------------------------------------===//
// Gather / scatter (conservative rules)
//===----------------------------------------------------------------------===//

/// The dimensions of `shape` (rank `rank`) not in any of `excluded`, in
/// order.
SmallVector<int64_t> remainingDims(int64_t rank,
                                   ArrayRef<ArrayRef<int64_t>> excluded) {
  SmallVector<int64_t> dims;
  for (int64_t dim = 0; dim < rank; ++dim)
    if (llvm::none_of(excluded, [&](ArrayRef<int64_t> list) {
          return llvm::is_contained(list, dim);
        }))
      dims.push_back(dim);
  return dims;
}

/// The dimension numbers gather and scatter share, under one set of names:
/// "operand" is the gather operand or the scatter inputs, "indices" the start
/// or scatter indices, and the window drops the collapsed or inserted
/// dimensions.
struct IndexingDims {
  IndexingDims(int64_t operandRank, int64_t indicesRank,
               ArrayRef<int64_t> dropped, ArrayRef<int64_t> operandBatching,
               ArrayRef<int64_t> indicesBatching, int64_t indexVectorDim)
      : operandBatching(operandBatching), indicesBatching(indicesBatching),
        indexVectorDim(indexVectorDim), indicesRank(indicesRank),
        windowOperandDims(
            remainingDims(operandRank, {dropped, operandBatching})),
        batchIndicesDims(
            remainingDims(indicesRank, {ArrayRef<int64_t>(indexVectorDim)})) {}

  ArrayRef<int64_t> operandBatching;
  ArrayRef<int64_t> indicesBatching;
  int64_t indexVectorDim;
  int64_t indicesRank;
  /// Operand dimensions neither dropped nor batching, in order.
  SmallVector<int64_t> windowOperandDims;
  /// Indices dimensions other than the index vector dimension, in order.
  SmallVector<int64_t> batchIndicesDims;
};

/// Gather, result dimensions first:
/// - a batch dimension of the result shares a pass-through factor with its
///   start_indices dimension (and, for explicit batching, with the operand
///   batching dimension);
/// - an offset dimension of the result shares a pass-through factor with its
///   operand dimension when the slice takes that dimension whole (the start
///   index is then clamped to 0); otherwise the operand dimension and the
///   result dimension each get their own need_replication factor;
/// then collapsed operand dimensions (need_replication unless of size 1) and
/// the index vector dimension (need_replication).
OpShardingRuleAttr createGatherRule(hlo::GatherOp op) {
  ArrayRef<int64_t> operandShape = getTensorShape(op.getOperand());
  ArrayRef<int64_t> indicesShape = getTensorShape(op.getStartIndices());
  ArrayRef<int64_t> resultShape = getTensorShape(op.getResult());
  ArrayRef<int64_t> sliceSizes = op.getSliceSizes();
  hlo::GatherDimensionNumbersAttr dn = op.getDimensionNumbers();
  ArrayRef<int64_t> offsetDims = dn.getOffsetDims();
  IndexingDims idx(operandShape.size(), indicesShape.size(),
                   dn.getCollapsedSliceDims(), dn.getOperandBatchingDims(),
                   dn.getStartIndicesBatchingDims(), dn.getIndexVectorDim());

  OpShardingRuleBuilder builder(op);
  SmallVector<bool> operandDone(operandShape.size(), false);
  int64_t batchIndex = 0;
  for (auto [outDim, outSize] : llvm::enumerate(resultShape)) {
    int64_t r = outDim;
    auto offsetIt = llvm::find(offsetDims, r);
    if (offsetIt == offsetDims.end()) {
      int64_t indicesDim = idx.batchIndicesDims[batchIndex++];
      int64_t operandDim = kNullDim;
      auto batchingIt = llvm::find(idx.indicesBatching, indicesDim);
      if (batchingIt != idx.indicesBatching.end()) {
        operandDim =
            idx.operandBatching[batchingIt - idx.indicesBatching.begin()];
        operandDone[operandDim] = true;
      }
      builder.addFactor({operandDim, indicesDim}, {r}, outSize);
      continue;
    }
    int64_t operandDim = idx.windowOperandDims[offsetIt - offsetDims.begin()];
    operandDone[operandDim] = true;
    if (sliceSizes[operandDim] == operandShape[operandDim]) {
      builder.addFactor({operandDim, kNullDim}, {r}, outSize);
      continue;
    }
    builder.addFactor({operandDim, kNullDim}, {kNullDim},
                      operandShape[operandDim], FactorType::kNeedReplication);
    builder.addFactor({kNullDim, kNullDim}, {r}, outSize,
                      FactorType::kNeedReplication);
  }
  for (auto [dim, size] : llvm::enumerate(operandShape))
    if (!operandDone[dim])
      builder.addFactor({static_cast<int64_t>(dim), kNullDim}, {kNullDim}, size,
                        size == 1 ? FactorType::kPassThrough
                                  : FactorType::kNeedReplication);
  if (idx.indexVectorDim < idx.indicesRank)
    builder.addFactor({kNullDim, idx.indexVectorDim}, {kNullDim},
                      indicesShape[idx.indexVectorDim],
                      FactorType::kNeedReplication);
  return builder.build();
}

/// Scatter, input dimensions first (shared by all inputs and results):
/// - an input batching dimension shares a pass-through factor with its
///   scatter_indices batching dimension and the matching update dimension;
/// - a window dimension that the updates cover whole shares a pass-through
///   factor with the update window dimension; otherwise inputs/results get a
///   need_replication factor and the update dimension its own;
/// - an inserted dimension is need_replication (unless of size 1);
/// then the remaining scatter dimensions of the indices and updates share a
/// need_replication factor (scattering sharded updates into one result would
/// need a combine step), and the index vector dimension is need_replication.
OpShardingRuleAttr createScatterRule(hlo::ScatterOp op) {
  int64_t numInputs = op.getInputs().size();
  ArrayRef<int64_t> inputShape = getTensorShape(op.getInputs().front());
  ArrayRef<int64_t> indicesShape = getTensorShape(op.getScatterIndices());
  ArrayRef<int64_t> updateShape = getTensorShape(op.getUpdates().front());
  hlo::ScatterDimensionNumbersAttr dn = op.getScatterDimensionNumbers();
  ArrayRef<int64_t> updateWindowDims = dn.getUpdateWindowDims();
  IndexingDims idx(inputShape.size(), indicesShape.size(),
                   dn.getInsertedWindowDims(), dn.getInputBatchingDims(),
                   dn.getScatterIndicesBatchingDims(), dn.getIndexVectorDim());
  SmallVector<int64_t> scatterUpdateDims =
      remainingDims(updateShape.size(), {updateWindowDims});
  auto updateDimOfIndicesDim = [&](int64_t indicesDim) {
    return scatterUpdateDims[llvm::find(idx.batchIndicesDims, indicesDim) -
                             idx.batchIndicesDims.begin()];
  };

  OpShardingRuleBuilder builder(op);
  int64_t numOperands = builder.getNumOperands();
  int64_t indicesOperand = numInputs;
  auto dims = [&](int64_t inputDim, int64_t indicesDim, int64_t updateDim) {
    SmallVector<int64_t> operandDims(numOperands, kNullDim);
    for (int64_t i = 0; i < numInputs; ++i) {
      operandDims[i] = inputDim;
      operandDims[indicesOperand + 1 + i] = updateDim;
    }
    operandDims[indicesOperand] = indicesDim;
    return operandDims;
  };
  SmallVector<int64_t> noResults(numInputs, kNullDim);
  SmallVector<bool> indicesDone(idx.indicesRank, false);
  for (auto [dim, size] : llvm::enumerate(inputShape)) {
    int64_t d = dim;
    SmallVector<int64_t> resultDims(numInputs, d);
    if (auto it = llvm::find(idx.operandBatching, d);
        it != idx.operandBatching.end()) {
      int64_t indicesDim =
          idx.indicesBatching[it - idx.operandBatching.begin()];
      indicesDone[indicesDim] = true;
      builder.addFactor(dims(d, indicesDim, updateDimOfIndicesDim(indicesDim)),
                        resultDims, size);
      continue;
    }
    if (auto it = llvm::find(idx.windowOperandDims, d);
        it != idx.windowOperandDims.end()) {
      int64_t updateDim = updateWindowDims[it - idx.windowOperandDims.begin()];
      if (updateShape[updateDim] == size) {
        builder.addFactor(dims(d, kNullDim, updateDim), resultDims, size);
        continue;
      }
      builder.addFactor(dims(d, kNullDim, kNullDim), resultDims, size,
                        FactorType::kNeedReplication);
      builder.addFactor(dims(kNullDim, kNullDim, updateDim), noResults,
                        updateShape[updateDim], FactorType::kNeedReplication);
      continue;
    }
    builder.addFactor(dims(d, kNullDim, kNullDim), resultDims, size,
                      size == 1 ? FactorType::kPassThrough
                                : FactorType::kNeedReplication);
  }
  for (int64_t indicesDim : idx.batchIndicesDims) {
    if (indicesDone[indicesDim])
      continue;
    builder.addFactor(
        dims(kNullDim, indicesDim, updateDimOfIndicesDim(indicesDim)),
        noResults, indicesShape[indicesDim], FactorType::kNeedReplication);
  }
  if (idx.indexVectorDim < idx.indicesRank)
    builder.addFactor(dims(kNullDim, idx.indexVectorDim, kNullDim), noResults,
                      indicesShape[idx.indexVectorDim],
                      FactorType::kNeedReplication);
  return builder.build();
}

//===----------------------------------------------------------------------===//
// Remarks for ops without a rule
//===----------------------------------------------------------------------===//

/// Returns true the first time it is called for `op` (keyed by the op and its
/// location, so that an op allocated where a deleted one was still gets its
/// remark).
bool shouldRemarkOnce(Operation *op) {
  static std::mutex mutex;
  static llvm::DenseSet<std::pair<Operation *, const void *>> remarked;
  std::lock_guard<std::mutex> lock(mutex);
  return remarked.insert({op, op->getLoc().getAsOpaquePointer()}).second;
}

} // namespace

OpShardingRuleAttr
mlir::sdy::createOpShardingRule(Operation *op, bool conservativePropagation) {
  if (op->getNumOperands() == 0 && op->getNumResults() == 0)
    return {};
  if (hlo::isElementwise(op) || chlo::isElementwise(op))
    return createPointwiseRule(op);
  if (op->hasTrait<chlo::OpTrait::Broadcasting>())
    return createChloBroadcastRule(op);
  return llvm::TypeSwitch<Operation *, OpShardingRuleAttr>(op)
      .Case(
          [](hlo::BroadcastInDimOp op) { return createBroadcastInDimRule(op); })
      .Case([&](hlo::ReshapeOp op) {
        return createReshapeRule(op, conservativePropagation);
      })
      .Case([](hlo::TransposeOp op) { return createTransposeRule(op); })
      .Case([&](hlo::ConcatenateOp op) {
        return createConcatenateRule(op, conservativePropagation);
      })
      .Case([&](hlo::SliceOp op) {
        return createSliceRule(op, conservativePropagation);
      })
      .Case([&](hlo::PadOp op) {
        return createPadRule(op, conservativePropagation);
      })
      .Case([](hlo::ReverseOp op) { return createReverseRule(op); })
      .Case([](hlo::IotaOp op) { return createIotaRule(op); })
      .Case(
          [](hlo::CollectiveBroadcastOp op) { return createPointwiseRule(op); })
      // As in Shardy: these collectives act on the manual axes of their
      // replica groups and are elementwise along every free dimension.
      .Case([](hlo::AllReduceOp op) { return createPointwiseRule(op); })
      .Case([](hlo::CollectivePermuteOp op) { return createPointwiseRule(op); })
      .Case([](hlo::DynamicSliceOp op) { return createDynamicSliceRule(op); })
      .Case([](hlo::DynamicUpdateSliceOp op) {
        return createDynamicUpdateSliceRule(op);
      })
      .Case([](hlo::DotGeneralOp op) { return createDotGeneralRule(op); })
      .Case([](hlo::DotOp op) { return createDotRule(op); })
      .Case([](hlo::ReduceOp op) { return createReduceRule(op); })
      .Case([](hlo::GatherOp op) { return createGatherRule(op); })
      .Case([](hlo::ScatterOp op) { return createScatterRule(op); })
      .Case([](chlo::TopKOp op) { return createChloTopKRule(op); })
      .Case([](chlo::RaggedDotOp op) { return createChloRaggedDotRule(op); })
      .Case([](chlo::ConstantLikeOp op) { return createPointwiseRule(op); })
      .Case([&](hlo::ConvolutionOp op) {
        return createConvolutionRule(op, conservativePropagation);
      })
      .Case([](hlo::CholeskyOp op) { return createCholeskyRule(op); })
      .Case([](hlo::TriangularSolveOp op) {
        return createTriangularSolveRule(op);
      })
      .Case([](hlo::RngBitGeneratorOp op) {
        return createRngBitGeneratorRule(op);
      })
      .Case([](hlo::BatchNormInferenceOp op) {
        return createBatchNormInferenceRule(op);
      })
      .Case([&](hlo::ReduceWindowOp op) {
        return createReduceWindowRule(op, conservativePropagation);
      })
      .Case([&](hlo::SelectAndScatterOp op) {
        return createSelectAndScatterRule(op, conservativePropagation);
      })
      .Case([](hlo::SortOp op) { return createSortRule(op); })
      .Case(
          [](hlo::BitcastConvertOp op) { return createBitcastConvertRule(op); })
      .Case([](hlo::FftOp op) { return createFftRule(op); })
      .Case([](hlo::CustomCallOp op) { return createApproxTopKRule(op); })
      // No rule: custom_call (unless the user gives one, or ApproxTopK),
      // constants, data-flow
      // and control-flow ops, ids, the other collectives, and anything else.
      .Default([](Operation *) { return OpShardingRuleAttr(); });
}

OpShardingRuleAttr
mlir::sdy::getOrCreateShardingRule(Operation *op, bool conservativePropagation,
                                   bool setShardingRuleOnOp) {
  if (auto rule =
          op->getAttrOfType<OpShardingRuleAttr>(SdyDialect::kShardingRuleAttr))
    return rule;
  OpShardingRuleAttr rule = createOpShardingRule(op, conservativePropagation);
  if (!setShardingRuleOnOp)
    return rule;
  if (rule) {
    op->setAttr(SdyDialect::kShardingRuleAttr, rule);
  } else if (auto customCall = dyn_cast<hlo::CustomCallOp>(op)) {
    if (shouldRemarkOnce(op))
      op->emitRemark() << "no sharding rule for '"
                       << op->getName().getStringRef() << "' @"
                       << customCall.getCallTargetName()
                       << ": propagation does not go through it";
  }
  return rule;
}
