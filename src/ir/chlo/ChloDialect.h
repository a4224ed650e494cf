//===- ChloDialect.h - the CHLO ops that frameworks emit --------*- C++ -*-===//
//
// The one header users of the chlo dialect include: the dialect, its traits
// and ops, and the classification the passes need.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_IR_CHLO_CHLODIALECT_H
#define SDY_IR_CHLO_CHLODIALECT_H

#include "ir/stablehlo/StablehloQuant.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::chlo {
namespace detail {
LogicalResult verifyCompatibleOperandsAndResultType(Operation *op);
} // namespace detail

namespace OpTrait {
template <typename ConcreteType>
class CompatibleOperandsAndResultType
    : public mlir::OpTrait::TraitBase<ConcreteType,
                                      CompatibleOperandsAndResultType> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return detail::verifyCompatibleOperandsAndResultType(op);
  }
};

// The broadcasting ops (broadcast_*, broadcast_select): their operands are
// broadcast to the result's shape first (getBroadcastDims).
template <typename ConcreteType>
class Broadcasting
    : public mlir::OpTrait::TraitBase<ConcreteType, Broadcasting> {};
} // namespace OpTrait
} // namespace mlir::chlo

#include "ir/chlo/ChloDialect.h.inc"
#include "ir/chlo/ChloEnums.h.inc"
#include "mlir/IR/Attributes.h"
#define GET_ATTRDEF_CLASSES
#include "ir/chlo/ChloAttrs.h.inc"

#define GET_OP_CLASSES
#include "ir/chlo/ChloOps.h.inc"

namespace mlir::chlo {

/// The elementwise chlo ops (not top_k nor the broadcasting ops): one
/// pass-through factor per dimension, like the elementwise stablehlo ops.
inline bool isElementwise(Operation *op) {
  return op->getDialect() && isa<ChloDialect>(op->getDialect()) &&
         op->hasTrait<mlir::OpTrait::Elementwise>();
}

/// A broadcasting op's operands' dimensions in its result: dims[i][d] is the
/// result dimension of dimension d of operand i (numpy's trailing alignment,
/// or `broadcast_dimensions` for the lower-rank operand of a binary op), and
/// `shape` the broadcast shape. Fails with a message in `error` when the
/// shapes do not broadcast.
LogicalResult getBroadcastDims(Operation *op,
                               SmallVectorImpl<SmallVector<int64_t>> &dims,
                               SmallVectorImpl<int64_t> &shape,
                               std::string &error);

/// The result types of a top_k of `operand` (chlo.top_k, mhlo.topk): the
/// operand's shape with its last dimension k, and the same with i32.
LogicalResult inferTopKTypes(MLIRContext *context,
                             std::optional<Location> location, Value operand,
                             int64_t k, SmallVectorImpl<Type> &inferred);

/// Which lhs dimension of a ragged_dot is ragged: a non-contracting one
/// (the rhs has a group dimension), a contracting one (the result gets a
/// leading group dimension) or a batch one (a plain dot).
enum class RaggedDotMode { kNonContracting, kContracting, kBatch };
RaggedDotMode getRaggedDotMode(RaggedDotDimensionNumbersAttr dims);

/// The dimensions of a rank-`rank` ragged_dot operand that are in none of
/// the lists, in order: they appear in the result in that order.
SmallVector<int64_t> getRaggedDotFreeDims(int64_t rank,
                                          ArrayRef<int64_t> batching,
                                          ArrayRef<int64_t> contracting,
                                          ArrayRef<int64_t> group);

} // namespace mlir::chlo

#endif // SDY_IR_CHLO_CHLODIALECT_H
