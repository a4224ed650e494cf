//===- StablehloWindowOps.cpp - reduce_window, select_and_scatter, sort, map =//
//
// Verifiers of the windowed ops, sort and map. Every list attribute is
// checked against the rank before it is indexed; result shapes follow the
// window arithmetic of the StableHLO spec.
//
//===----------------------------------------------------------------------===//

#include "ir/stablehlo/StablehloCommon.h"
#include "ir/stablehlo/StablehloDialect.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::stablehlo;
using namespace mlir::stablehlo::detail;

namespace {

RankedTensorType scalarType(Type type) {
  return RankedTensorType::get({}, getElementTypeOrSelf(type));
}

// Checks that the single block of `region` takes `args` and returns
// `rets` through stablehlo.return.
LogicalResult checkBody(Operation *op, Region &region, StringRef what,
                        TypeRange args, TypeRange rets) {
  if (region.empty())
    return op->emitOpError() << what << " must have a block";
  Block &block = region.front();
  if (block.getNumArguments() != args.size())
    return op->emitOpError()
           << what << " must take " << args.size() << " argument(s) but takes "
           << block.getNumArguments();
  for (auto [i, arg] : llvm::enumerate(block.getArguments()))
    if (arg.getType() != args[i])
      return op->emitOpError()
             << what << " argument #" << i << " must have type " << args[i]
             << " but has " << arg.getType();
  auto ret = block.empty() ? ReturnOp() : dyn_cast<ReturnOp>(block.back());
  if (!ret)
    return op->emitOpError() << what << " must end with stablehlo.return";
  if (ret.getNumOperands() != rets.size())
    return op->emitOpError()
           << what << " must return " << rets.size() << " value(s) but returns "
           << ret.getNumOperands();
  for (auto [i, type] : llvm::enumerate(ret.getOperandTypes()))
    if (type != rets[i])
      return op->emitOpError() << what << " result #" << i << " must have type "
                               << rets[i] << " but has " << type;
  return success();
}

// A window attribute: one positive entry per dimension, or all ones when
// absent.
FailureOr<SmallVector<int64_t>>
windowList(Operation *op, StringRef what, std::optional<ArrayRef<int64_t>> list,
           int64_t rank) {
  if (!list)
    return SmallVector<int64_t>(rank, 1);
  if (static_cast<int64_t>(list->size()) != rank)
    return op->emitOpError() << what << " has size " << list->size()
                             << " but the operand has rank " << rank;
  for (int64_t v : *list)
    if (v <= 0)
      return op->emitOpError()
             << what << " " << formatDims(*list) << " must be positive";
  return SmallVector<int64_t>(*list);
}

// `padding` as (low, high) pairs, zero when absent.
FailureOr<SmallVector<std::pair<int64_t, int64_t>>>
paddingPairs(Operation *op, std::optional<DenseIntElementsAttr> padding,
             int64_t rank) {
  SmallVector<std::pair<int64_t, int64_t>> pairs(rank, {0, 0});
  if (!padding)
    return pairs;
  auto type = cast<ShapedType>(padding->getType());
  if (type.getRank() != 2 || type.getDimSize(0) != rank ||
      type.getDimSize(1) != 2)
    return op->emitOpError() << "padding must have shape [" << rank
                             << ", 2] but has type " << type;
  auto values = llvm::to_vector(padding->getValues<int64_t>());
  for (int64_t d = 0; d < rank; ++d)
    pairs[d] = {values[2 * d], values[2 * d + 1]};
  return pairs;
}

// The window sizes, strides and padding that reduce_window and
// select_and_scatter share, checked against `rank`.
struct WindowAttrs {
  SmallVector<int64_t> window, strides;
  SmallVector<std::pair<int64_t, int64_t>> padding;
};

template <typename OpT>
FailureOr<WindowAttrs> windowAttrs(OpT op, int64_t rank) {
  auto window =
      windowList(op, "window_dimensions", op.getWindowDimensions(), rank);
  if (failed(window))
    return failure();
  auto strides = windowList(op, "window_strides", op.getWindowStrides(), rank);
  if (failed(strides))
    return failure();
  auto padding = paddingPairs(op, op.getPadding(), rank);
  if (failed(padding))
    return failure();
  return WindowAttrs{*window, *strides, *padding};
}

// The number of windows per dimension (the result shape).
FailureOr<SmallVector<int64_t>>
windowCounts(Operation *op, ArrayRef<int64_t> shape, ArrayRef<int64_t> window,
             ArrayRef<int64_t> strides, ArrayRef<int64_t> baseDilations,
             ArrayRef<int64_t> windowDilations,
             ArrayRef<std::pair<int64_t, int64_t>> padding) {
  SmallVector<int64_t> counts;
  for (auto [d, size] : llvm::enumerate(shape)) {
    // Attributes come from the input: the arithmetic must not overflow.
    int64_t dilated = 0, padded = 0, span = 0;
    if ((size > 0 &&
         (__builtin_mul_overflow(size - 1, baseDilations[d], &dilated) ||
          __builtin_add_overflow(dilated, 1, &dilated))) ||
        __builtin_add_overflow(dilated, padding[d].first, &padded) ||
        __builtin_add_overflow(padded, padding[d].second, &padded) ||
        __builtin_mul_overflow(window[d] - 1, windowDilations[d], &span) ||
        __builtin_add_overflow(span, 1, &span))
      return op->emitOpError()
             << "window of dimension " << d << " overflows 64-bit sizes";
    if (padded < 0)
      return op->emitOpError()
             << "dimension " << d << " is " << padded << " after padding";
    counts.push_back(padded < span ? 0 : (padded - span) / strides[d] + 1);
  }
  return counts;
}

// Checks that `types` share the shape of the first and returns it.
FailureOr<ArrayRef<int64_t>> commonShape(Operation *op, StringRef what,
                                         TypeRange types) {
  if (types.empty())
    return op->emitOpError() << "must have at least one " << what;
  auto first = cast<ShapedType>(types.front());
  for (auto [i, type] : llvm::enumerate(types))
    if (cast<ShapedType>(type).getShape() != first.getShape())
      return op->emitOpError()
             << what << " #" << i << " has shape "
             << formatDims(cast<ShapedType>(type).getShape()) << " but " << what
             << " #0 has shape " << formatDims(first.getShape());
  return first.getShape();
}

} // namespace

//===----------------------------------------------------------------------===//
// ReduceWindowOp
//===----------------------------------------------------------------------===//

LogicalResult ReduceWindowOp::verify() {
  size_t n = getInputs().size();
  if (n == 0 || getInitValues().size() != n || getNumResults() != n)
    return emitOpError() << "must have as many inputs, init values and "
                            "results (at least one), got "
                         << n << ", " << getInitValues().size() << " and "
                         << getNumResults();
  FailureOr<ArrayRef<int64_t>> shape =
      commonShape(*this, "input", getInputs().getTypes());
  if (failed(shape))
    return failure();
  int64_t rank = shape->size();
  SmallVector<RankedTensorType> accTypes;
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(getInputs(), getInitValues()))) {
    auto init = cast<RankedTensorType>(std::get<1>(pair).getType());
    Type element = getElementTypeOrSelf(std::get<0>(pair).getType());
    if (init.getRank() != 0)
      return emitOpError() << "init value #" << i << " must be rank-0, got "
                           << init;
    if (init.getElementType() != element)
      return emitOpError() << "init value #" << i << " has element type "
                           << init.getElementType() << " but input #" << i
                           << " has " << element;
    accTypes.push_back(init);
  }
  FailureOr<WindowAttrs> w = windowAttrs(*this, rank);
  if (failed(w))
    return failure();
  auto baseDilations =
      windowList(*this, "base_dilations", getBaseDilations(), rank);
  if (failed(baseDilations))
    return failure();
  auto windowDilations =
      windowList(*this, "window_dilations", getWindowDilations(), rank);
  if (failed(windowDilations))
    return failure();
  auto counts = windowCounts(*this, *shape, w->window, w->strides,
                             *baseDilations, *windowDilations, w->padding);
  if (failed(counts))
    return failure();
  for (auto [i, result] : llvm::enumerate(getResults())) {
    auto expected =
        RankedTensorType::get(*counts, accTypes[i].getElementType());
    if (result.getType() != expected)
      return emitOpError() << "result #" << i << " must have type " << expected
                           << " but has " << result.getType();
  }
  SmallVector<Type> rets(accTypes.begin(), accTypes.end());
  SmallVector<Type> args(rets);
  args.append(rets);
  return checkBody(*this, getBody(), "body", args, rets);
}

//===----------------------------------------------------------------------===//
// SelectAndScatterOp
//===----------------------------------------------------------------------===//

LogicalResult SelectAndScatterOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto source = cast<RankedTensorType>(getSource().getType());
  auto init = cast<RankedTensorType>(getInitValue().getType());
  Type element = operand.getElementType();
  if (source.getElementType() != element)
    return emitOpError() << "source has element type "
                         << source.getElementType() << " but the operand has "
                         << element;
  if (init.getRank() != 0 || init.getElementType() != element)
    return emitOpError() << "init value must have type " << scalarType(operand)
                         << " but has " << init;
  if (getType() != operand)
    return emitOpError() << "result must have the operand's type " << operand
                         << " but has " << getType();
  int64_t rank = operand.getRank();
  FailureOr<WindowAttrs> w = windowAttrs(*this, rank);
  if (failed(w))
    return failure();
  SmallVector<int64_t> ones(rank, 1);
  auto counts = windowCounts(*this, operand.getShape(), w->window, w->strides,
                             ones, ones, w->padding);
  if (failed(counts))
    return failure();
  if (source.getShape() != ArrayRef<int64_t>(*counts))
    return emitOpError() << "source must have shape " << formatDims(*counts)
                         << " (one element per window) but has "
                         << formatDims(source.getShape());
  Type scalar = scalarType(operand);
  Type pred = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  if (failed(checkBody(*this, getSelect(), "select", {scalar, scalar}, pred)))
    return failure();
  return checkBody(*this, getScatter(), "scatter", {scalar, scalar}, scalar);
}

//===----------------------------------------------------------------------===//
// SortOp
//===----------------------------------------------------------------------===//

int64_t SortOp::getNormalizedDimension() {
  int64_t dim = getDimension();
  if (getInputs().empty())
    return dim;
  int64_t rank = cast<ShapedType>(getInputs().front().getType()).getRank();
  return dim < 0 ? dim + rank : dim;
}

LogicalResult SortOp::verify() {
  FailureOr<ArrayRef<int64_t>> shape =
      commonShape(*this, "input", getInputs().getTypes());
  if (failed(shape))
    return failure();
  int64_t rank = shape->size();
  int64_t dim = getDimension();
  if (dim < -rank || dim >= rank)
    return emitOpError() << "dimension " << dim << " is out of range [" << -rank
                         << ", " << rank << ")";
  if (getResultTypes() != getInputs().getTypes())
    return emitOpError() << "results must have the types of the inputs";
  SmallVector<Type> args;
  for (Type type : getInputs().getTypes()) {
    args.push_back(scalarType(type));
    args.push_back(scalarType(type));
  }
  Type pred = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  return checkBody(*this, getComparator(), "comparator", args, pred);
}

//===----------------------------------------------------------------------===//
// MapOp
//===----------------------------------------------------------------------===//

LogicalResult MapOp::verify() {
  FailureOr<ArrayRef<int64_t>> shape =
      commonShape(*this, "input", getInputs().getTypes());
  if (failed(shape))
    return failure();
  ArrayRef<int64_t> dims = getDimensions();
  bool identity = dims.size() == shape->size();
  for (auto [i, d] : llvm::enumerate(dims))
    identity &= d == static_cast<int64_t>(i);
  if (!identity)
    return emitOpError() << "dimensions " << formatDims(dims)
                         << " must be [0, ..., rank - 1] (rank "
                         << shape->size() << ")";
  SmallVector<Type> args;
  for (Type type : getInputs().getTypes())
    args.push_back(scalarType(type));
  auto result = cast<RankedTensorType>(getType());
  if (result.getShape() != *shape)
    return emitOpError() << "result must have the inputs' shape "
                         << formatDims(*shape) << " but has type " << result;
  return checkBody(*this, getComputation(), "computation", args,
                   scalarType(result));
}
