//===- OpShardingRuleBuilder.h - building OpShardingRuleAttrs ---*- C++ -*-===//
//
// A small builder for OpShardingRuleAttr, modelled on Shardy's
// OpShardingRuleBuilder: factors are added one at a time together with the
// dimension they occupy in every operand and result (kNullDim where a tensor
// does not have the factor). Adding a second factor to a dimension makes it a
// compound dimension (factors major to minor in the order they are added).
//
//===----------------------------------------------------------------------===//

#ifndef SDY_RULES_OPSHARDINGRULEBUILDER_H
#define SDY_RULES_OPSHARDINGRULEBUILDER_H

#include <cstdint>
#include <functional>

#include "ir/sdy/SdyDialect.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::sdy {

/// A dimension index meaning "this tensor does not have the factor".
inline constexpr int64_t kNullDim = -1;

/// The kind of a factor. Blocked propagation is orthogonal and
/// given separately.
enum class FactorType {
  kPassThrough,
  kReduction,
  kNeedReplication,
  kPermutation,
};

/// The shape of a ranked tensor type; empty for anything else (scalars,
/// tokens).
ArrayRef<int64_t> getTensorShape(Type type);
ArrayRef<int64_t> getTensorShape(Value value);

class OpShardingRuleBuilder {
public:
  OpShardingRuleBuilder(TypeRange operandTypes, TypeRange resultTypes,
                        MLIRContext *context);
  explicit OpShardingRuleBuilder(Operation *op);

  /// The rule built so far. Size-1 factors in compound dimensions are dropped
  /// and factors no tensor uses are removed (the others keep their order).
  OpShardingRuleAttr build(bool isCustomRule = false) const;

  /// A rule with one pass-through factor per dimension of the first result,
  /// shared by every operand and result of at least that rank (rank-0
  /// operands, e.g. a scalar `select` predicate, get an empty mapping).
  static OpShardingRuleAttr buildPointwise(Operation *op);

  /// Adds a factor of `factorSize` at `operandDims[i]` of operand i and
  /// `resultDims[j]` of result j (kNullDim: not in that tensor).
  OpShardingRuleBuilder &
  addFactor(ArrayRef<int64_t> operandDims, ArrayRef<int64_t> resultDims,
            int64_t factorSize,
            FactorType factorType = FactorType::kPassThrough,
            bool isBlocked = false);

  /// Adds a factor at `operandDim` of every operand and `resultDim` of every
  /// result (kNullDim: none of them).
  OpShardingRuleBuilder &
  addFactor(int64_t operandDim, int64_t resultDim, int64_t factorSize,
            FactorType factorType = FactorType::kPassThrough,
            bool isBlocked = false);

  /// Adds a factor at `dim` of every operand and result whose rank exceeds
  /// `dim`.
  OpShardingRuleBuilder &
  addFactor(int64_t dim, int64_t factorSize,
            FactorType factorType = FactorType::kPassThrough,
            bool isBlocked = false);

  /// One factor per dimension of `shape` (see the `dim` overload of
  /// addFactor), with the kind and blocking given per dimension.
  OpShardingRuleBuilder &
  addPointwise(ArrayRef<int64_t> shape,
               std::function<FactorType(int64_t)> getFactorType = nullptr,
               std::function<bool(int64_t)> isBlocked = nullptr);

  /// Like addPointwise, but only for the dimensions where `pred` holds.
  OpShardingRuleBuilder &
  addPointwiseIf(ArrayRef<int64_t> shape, std::function<bool(int64_t)> pred,
                 std::function<FactorType(int64_t)> getFactorType = nullptr);

  /// For a single in/out shape pair of equal rank: a shared pass-through
  /// factor for every dimension whose sizes match; for the others
  /// `onMismatch(dim, builder)` is called if given, else (with
  /// `alwaysAddFactor`) a shared factor of the input size is added.
  OpShardingRuleBuilder &addPointwiseIfDimSizesMatch(
      ArrayRef<int64_t> inShape, ArrayRef<int64_t> outShape,
      bool alwaysAddFactor = false,
      std::function<void(int64_t, OpShardingRuleBuilder &)> onMismatch =
          nullptr);

  /// A shared factor per dimension: pass-through where the sizes match,
  /// `mismatchFactorType` (blocked if `mismatchFactorIsBlocked`) of the larger
  /// size where they differ.
  OpShardingRuleBuilder &addPointwiseWithDiffTypeForMismatch(
      ArrayRef<int64_t> inShape, ArrayRef<int64_t> outShape,
      FactorType mismatchFactorType, bool mismatchFactorIsBlocked = false);

  int64_t getNumFactors() const { return factorSizes.size(); }
  int64_t getNumOperands() const { return operandMappings.size(); }
  int64_t getNumResults() const { return resultMappings.size(); }

private:
  using DimMapping = SmallVector<int64_t>;
  using TensorMapping = SmallVector<DimMapping>;

  MLIRContext *context;
  SmallVector<int64_t> factorSizes;
  SmallVector<FactorType> factorTypes;
  SmallVector<bool> factorBlocked;
  SmallVector<TensorMapping> operandMappings;
  SmallVector<TensorMapping> resultMappings;
};

} // namespace mlir::sdy

#endif // SDY_RULES_OPSHARDINGRULEBUILDER_H
