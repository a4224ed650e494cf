//===- StablehloVerifiers.cpp - op verifiers ------------------------------===//
//
// Verifiers of the ops whose result types are given rather than inferred,
// and of region-holding ops. Messages name the offending operand, dimension
// or attribute; nothing here may index out of range on invalid IR.
//
//===----------------------------------------------------------------------===//

#include "ir/stablehlo/StablehloCommon.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "ir/stablehlo/StablehloQuantUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace mlir::stablehlo;
using namespace mlir::stablehlo::detail;

namespace {
// The op name without the dialect, e.g. "broadcast_in_dim".
StringRef mnemonic(Operation *op) { return op->getName().stripDialect(); }

LogicalResult checkDims(Operation *op, StringRef what, ArrayRef<int64_t> dims,
                        int64_t rank) {
  return stablehlo::detail::checkDims(op->getLoc(), mnemonic(op), what, dims,
                                      rank);
}

LogicalResult checkSorted(Operation *op, StringRef what,
                          ArrayRef<int64_t> dims) {
  return stablehlo::detail::checkSorted(op->getLoc(), mnemonic(op), what, dims);
}

// Checks that `a` and `b` are disjoint.
LogicalResult checkDisjoint(Operation *op, StringRef whatA, ArrayRef<int64_t> a,
                            StringRef whatB, ArrayRef<int64_t> b) {
  for (int64_t d : a)
    if (llvm::is_contained(b, d))
      return op->emitOpError()
             << whatA << " " << formatDims(a) << " and " << whatB << " "
             << formatDims(b) << " share dimension " << d;
  return success();
}

RankedTensorType scalarOf(Type type) {
  return RankedTensorType::get({}, getElementTypeOrSelf(type));
}

// Checks that `types`, the `item`s of `what`, are `expected`; `need`, `items`
// and `has` word a mismatch in number ("must <need> N <items> but <has> M").
LogicalResult checkTypes(Operation *op, StringRef what, StringRef item,
                         TypeRange types, TypeRange expected, StringRef need,
                         StringRef items, StringRef has) {
  if (types.size() != expected.size())
    return op->emitOpError()
           << what << " must " << need << " " << expected.size() << " " << items
           << " but " << has << " " << types.size();
  for (auto [i, pair] : llvm::enumerate(llvm::zip(types, expected)))
    if (std::get<0>(pair) != std::get<1>(pair))
      return op->emitOpError()
             << what << " " << item << " #" << i << " must have type "
             << std::get<1>(pair) << " but has " << std::get<0>(pair);
  return success();
}

// Checks the single block of `region`: its arguments have `argTypes` and its
// terminator is a stablehlo.return of `returnTypes`.
LogicalResult checkRegion(Operation *op, Region &region, StringRef what,
                          TypeRange argTypes, TypeRange returnTypes) {
  if (region.empty())
    return op->emitOpError() << what << " must have a block";
  Block &block = region.front();
  if (failed(checkTypes(op, what, "argument", block.getArgumentTypes(),
                        argTypes, "have", "argument(s)", "has")))
    return failure();
  // An empty block has no terminator to ask for (getTerminator() would read
  // past the op list).
  auto ret = block.empty() ? ReturnOp() : dyn_cast<ReturnOp>(block.back());
  if (!ret)
    return op->emitOpError() << what << " must end with stablehlo.return";
  return checkTypes(op, what, "result", ret.getOperandTypes(), returnTypes,
                    "return", "value(s)", "returns");
}

// A binary reducer over rank-0 tensors of `elementTypes`: (acc..., elem...)
// -> (acc...).
LogicalResult checkReducer(Operation *op, Region &region, StringRef what,
                           TypeRange elementTypes) {
  SmallVector<Type> args, rets;
  for (Type t : elementTypes)
    rets.push_back(scalarOf(t));
  args.append(rets);
  args.append(rets);
  return checkRegion(op, region, what, args, rets);
}

// The replica_groups of a collective: a 2-D tensor of unique non-negative
// ids; all_reduce groups may differ in size, padded with -1. Returns the group
// size, 0 if the groups are empty (all processes form one group).
FailureOr<int64_t> checkReplicaGroups(Operation *op,
                                      DenseIntElementsAttr groups,
                                      bool allowPadding = false) {
  auto type = cast<ShapedType>(groups.getType());
  if (type.getRank() != 2)
    return op->emitOpError()
           << "replica_groups must be a 2-D tensor, got " << type;
  llvm::SmallSet<int64_t, 16> seen;
  for (const APInt &value : groups.getValues<APInt>()) {
    int64_t id = value.getSExtValue();
    if (id == -1 && allowPadding)
      continue;
    if (id < 0)
      return op->emitOpError()
             << "replica_groups values must be non-negative"
             << (allowPadding ? " or -1 (padding)" : "") << ", got " << id;
    if (!seen.insert(id).second)
      return op->emitOpError()
             << "replica id " << id << " appears more than once in "
             << "replica_groups";
  }
  if (type.getNumElements() == 0)
    return 0;
  return type.getDimSize(1);
}

// The groups of a collective with a channel: use_global_device_ids needs a
// positive channel handle; returns what checkReplicaGroups does.
template <typename OpT>
FailureOr<int64_t> checkChannelGroups(OpT op, bool allowPadding = false) {
  ChannelHandleAttr channel = op.getChannelHandleAttr();
  if (op.getUseGlobalDeviceIds() && (!channel || channel.getHandle() <= 0)) {
    op->emitOpError() << "use_global_device_ids requires a channel_handle "
                         "with a positive handle";
    return failure();
  }
  FailureOr<int64_t> size =
      checkReplicaGroups(op, op.getReplicaGroups(), allowPadding);
  // A channel with replica ids (cross_replica_and_partition): each group
  // also spans every partition, so its size is a multiple of the row's that
  // only the runtime knows.
  if (succeeded(size) && channel && channel.getHandle() > 0 &&
      !op.getUseGlobalDeviceIds())
    return int64_t(0);
  return size;
}

// Checks that the op has at least one operand (named by `what`) and a result
// per operand.
LogicalResult checkOneResultPerOperand(Operation *op, StringRef what,
                                       size_t operands) {
  if (operands == 0)
    return op->emitOpError() << "expects at least one " << what;
  size_t results = op->getNumResults();
  if (operands != results)
    return op->emitOpError() << "has " << operands << " operand(s) but "
                             << results << " result(s)";
  return success();
}

// Checks that `dim`, non-negative by its attribute constraint, is below `rank`.
LogicalResult checkDimInRange(Operation *op, StringRef what, int64_t dim,
                              int64_t rank) {
  if (dim >= rank)
    return op->emitOpError()
           << what << " " << dim << " is out of range [0, " << rank << ")";
  return success();
}

// The same for operand and result #`i` of a variadic collective.
LogicalResult checkElementTypes(Operation *op, size_t i, ShapedType operand,
                                ShapedType result) {
  if (operand.getElementType() != result.getElementType())
    return op->emitOpError() << "operand #" << i << " has element type "
                             << operand.getElementType() << " but result #" << i
                             << " has " << result.getElementType();
  return success();
}

// all_gather and reduce_scatter change dimension `dim` only: there the larger
// side is the smaller one times the group size, or a multiple of it when the
// groups are empty (one group of any size). `operandName` names the operand,
// `scaledName` the scaled dimension of the larger side and `smallName` the
// smaller side in messages.
LogicalResult checkScaledDim(Operation *op, const std::string &operandName,
                             RankedTensorType operand, RankedTensorType result,
                             int64_t dim, int64_t groupSize,
                             bool resultIsLarger, const std::string &scaledName,
                             StringRef smallName) {
  for (int64_t d = 0; d < operand.getRank(); ++d) {
    int64_t in = operand.getDimSize(d), out = result.getDimSize(d);
    if (d != dim && in != out)
      return op->emitOpError()
             << operandName << " dimension " << d << " has size " << in
             << " but the result has " << out;
  }
  int64_t large = operand.getDimSize(dim), small = result.getDimSize(dim);
  if (resultIsLarger)
    std::swap(large, small);
  if (groupSize > 0 && small * groupSize != large)
    return op->emitOpError()
           << scaledName << " size " << large << " must be the " << smallName
           << " size " << small << " times the group size " << groupSize;
  if (groupSize == 0 && (small == 0 ? large != 0 : large % small != 0))
    return op->emitOpError()
           << scaledName << " size " << large << " must be a multiple of the "
           << smallName << " size " << small;
  return success();
}
} // namespace

LogicalResult mlir::stablehlo::detail::checkElementTypes(Operation *op,
                                                         ShapedType operand,
                                                         ShapedType result) {
  if (!isSameElementTypeUpToQuantizedDimension(operand.getElementType(),
                                               result.getElementType()))
    return op->emitOpError()
           << "operand element type " << operand.getElementType()
           << " does not match result element type " << result.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

LogicalResult BroadcastInDimOp::verify() {
  RankedTensorType operandType = getOperand().getType();
  RankedTensorType resultType = getType();
  ArrayRef<int64_t> dims = getBroadcastDimensions();
  if (failed(checkElementTypes(*this, operandType, resultType)))
    return failure();
  if (static_cast<int64_t>(dims.size()) != operandType.getRank())
    return emitOpError() << "broadcast_dimensions " << formatDims(dims)
                         << " has size " << dims.size()
                         << " but the operand has rank "
                         << operandType.getRank();
  if (failed(
          checkDims(*this, "broadcast_dimensions", dims, resultType.getRank())))
    return failure();
  for (auto [i, dim] : llvm::enumerate(dims)) {
    int64_t operandSize = operandType.getDimSize(i);
    int64_t resultSize = resultType.getDimSize(dim);
    if (operandSize != 1 && operandSize != resultSize)
      return emitOpError() << "operand dimension " << i << " of size "
                           << operandSize << " cannot be broadcast to result "
                           << "dimension " << dim << " of size " << resultSize;
  }
  return success();
}

LogicalResult ReshapeOp::verify() {
  RankedTensorType operandType = getOperand().getType();
  RankedTensorType resultType = getType();
  if (failed(checkElementTypes(*this, operandType, resultType)))
    return failure();
  if (operandType.getNumElements() != resultType.getNumElements())
    return emitOpError() << "operand has " << operandType.getNumElements()
                         << " elements but the result has "
                         << resultType.getNumElements();
  return success();
}

LogicalResult ReverseOp::verify() {
  return checkDims(*this, "dimensions", getDimensions(),
                   getOperand().getType().getRank());
}

LogicalResult IotaOp::verify() {
  RankedTensorType type = getType();
  if (type.getRank() == 0)
    return emitOpError() << "result must have rank at least 1";
  return checkDimInRange(*this, "iota dimension", getIotaDimension(),
                         type.getRank());
}

//===----------------------------------------------------------------------===//
// Reduce
//===----------------------------------------------------------------------===//

LogicalResult ReduceOp::verifyRegions() {
  SmallVector<Type> elementTypes;
  for (Value init : getInitValues())
    elementTypes.push_back(getElementTypeOrSelf(init.getType()));
  return checkReducer(*this, getBody(), "body", elementTypes);
}

//===----------------------------------------------------------------------===//
// Gather and scatter
//===----------------------------------------------------------------------===//

namespace {
// Size of the index vector of `indices` with `indexVectorDim`; an index
// vector dim equal to the rank means implicit trailing 1.
int64_t indexVectorSize(RankedTensorType indices, int64_t indexVectorDim) {
  return indexVectorDim == indices.getRank()
             ? 1
             : indices.getDimSize(indexVectorDim);
}

// Dimensions of `indices` without the index vector dim.
SmallVector<int64_t> batchSizes(RankedTensorType indices,
                                int64_t indexVectorDim) {
  SmallVector<int64_t> sizes;
  for (int64_t d = 0; d < indices.getRank(); ++d)
    if (d != indexVectorDim)
      sizes.push_back(indices.getDimSize(d));
  return sizes;
}

LogicalResult checkIndexVectorDim(Operation *op, RankedTensorType indices,
                                  int64_t indexVectorDim) {
  if (indexVectorDim < 0 || indexVectorDim > indices.getRank())
    return op->emitOpError()
           << "index_vector_dim " << indexVectorDim << " is out of range [0, "
           << indices.getRank() << "]";
  return success();
}

// Checks the batching dims shared by gather and scatter: operand-side dims are
// sorted, unique and in range; indices-side dims are unique, in range and not
// the index vector dim; both lists have the same size.
LogicalResult checkBatchingDims(Operation *op, StringRef operandName,
                                ArrayRef<int64_t> operandDims,
                                int64_t operandRank, StringRef indicesName,
                                ArrayRef<int64_t> indicesDims,
                                RankedTensorType indices,
                                int64_t indexVectorDim) {
  if (failed(checkSorted(op, operandName, operandDims)) ||
      failed(checkDims(op, operandName, operandDims, operandRank)) ||
      failed(checkDims(op, indicesName, indicesDims, indices.getRank())))
    return failure();
  if (llvm::is_contained(indicesDims, indexVectorDim))
    return op->emitOpError() << indicesName << " " << formatDims(indicesDims)
                             << " contains index_vector_dim " << indexVectorDim;
  if (operandDims.size() != indicesDims.size())
    return op->emitOpError()
           << operandName << " " << formatDims(operandDims) << " and "
           << indicesName << " " << formatDims(indicesDims)
           << " must have the same size";
  return success();
}
// Gather and scatter give the same roles different names: the operand
// ("input" for scatter), the indices, the operand dims dropped from the
// window (collapsed / inserted), the batching dims of both sides and the map
// from index vector elements to operand dims.
struct IndexingNames {
  StringRef operand, indices, dropped, operandBatching, indicesBatching,
      indexMap;
};
const IndexingNames kGatherNames = {"operand",
                                    "start_indices",
                                    "collapsed_slice_dims",
                                    "operand_batching_dims",
                                    "start_indices_batching_dims",
                                    "start_index_map"};
const IndexingNames kScatterNames = {"input",
                                     "scatter_indices",
                                     "inserted_window_dims",
                                     "input_batching_dims",
                                     "scatter_indices_batching_dims",
                                     "scatter_dims_to_operand_dims"};

// The dimension lists of gather or scatter by role.
struct IndexingDims {
  ArrayRef<int64_t> dropped, operandBatching, indicesBatching, indexMap;
  int64_t indexVectorDim;
};

// Checks the dimension lists alone: dropped dims sorted, unique and in range,
// the batching dims, and the dropped dims and the index map in range and
// disjoint from the operand batching dims.
LogicalResult checkIndexingDims(Operation *op, const IndexingNames &names,
                                const IndexingDims &dims, int64_t operandRank,
                                RankedTensorType indices) {
  if (failed(checkSorted(op, names.dropped, dims.dropped)) ||
      failed(checkDims(op, names.dropped, dims.dropped, operandRank)) ||
      failed(checkBatchingDims(op, names.operandBatching, dims.operandBatching,
                               operandRank, names.indicesBatching,
                               dims.indicesBatching, indices,
                               dims.indexVectorDim)) ||
      failed(checkDisjoint(op, names.dropped, dims.dropped,
                           names.operandBatching, dims.operandBatching)) ||
      failed(checkDims(op, names.indexMap, dims.indexMap, operandRank)) ||
      failed(checkDisjoint(op, names.indexMap, dims.indexMap,
                           names.operandBatching, dims.operandBatching)))
    return failure();
  return success();
}

// Checks the sizes the dimension lists imply: matching batching dims agree,
// and the index map has one entry per index vector element.
LogicalResult checkIndexingSizes(Operation *op, const IndexingNames &names,
                                 const IndexingDims &dims,
                                 RankedTensorType operand,
                                 RankedTensorType indices) {
  for (auto [o, i] : llvm::zip(dims.operandBatching, dims.indicesBatching))
    if (operand.getDimSize(o) != indices.getDimSize(i))
      return op->emitOpError()
             << names.operand << " batching dimension " << o << " has size "
             << operand.getDimSize(o) << " but " << names.indices
             << " batching dimension " << i << " has size "
             << indices.getDimSize(i);
  int64_t vectorSize = indexVectorSize(indices, dims.indexVectorDim);
  if (static_cast<int64_t>(dims.indexMap.size()) != vectorSize)
    return op->emitOpError()
           << names.indexMap << " " << formatDims(dims.indexMap)
           << " must have one entry per index vector element (" << vectorSize
           << ")";
  return success();
}
} // namespace

LogicalResult GatherOp::verify() {
  RankedTensorType operandType = getOperand().getType();
  auto indicesType = cast<RankedTensorType>(getStartIndices().getType());
  RankedTensorType resultType = getType();
  GatherDimensionNumbersAttr dn = getDimensionNumbers();
  ArrayRef<int64_t> sliceSizes = getSliceSizes();
  int64_t operandRank = operandType.getRank();
  int64_t ivd = dn.getIndexVectorDim();

  if (failed(checkElementTypes(*this, operandType, resultType)))
    return failure();
  if (failed(checkIndexVectorDim(*this, indicesType, ivd)))
    return failure();
  if (static_cast<int64_t>(sliceSizes.size()) != operandRank)
    return emitOpError() << "slice_sizes " << formatDims(sliceSizes)
                         << " has size " << sliceSizes.size()
                         << " but the operand has rank " << operandRank;
  for (int64_t d = 0; d < operandRank; ++d)
    if (sliceSizes[d] < 0 || sliceSizes[d] > operandType.getDimSize(d))
      return emitOpError() << "slice size " << sliceSizes[d] << " of dimension "
                           << d << " is out of range [0, "
                           << operandType.getDimSize(d) << "]";

  ArrayRef<int64_t> offsetDims = dn.getOffsetDims();
  ArrayRef<int64_t> collapsed = dn.getCollapsedSliceDims();
  ArrayRef<int64_t> operandBatching = dn.getOperandBatchingDims();
  IndexingDims dims = {collapsed, operandBatching,
                       dn.getStartIndicesBatchingDims(), dn.getStartIndexMap(),
                       ivd};

  if (failed(checkSorted(*this, "offset_dims", offsetDims)) ||
      failed(checkIndexingDims(*this, kGatherNames, dims, operandRank,
                               indicesType)))
    return failure();
  for (int64_t d : collapsed)
    if (sliceSizes[d] > 1)
      return emitOpError() << "slice size of collapsed dimension " << d
                           << " must be 0 or 1, got " << sliceSizes[d];
  for (int64_t d : operandBatching)
    if (sliceSizes[d] > 1)
      return emitOpError() << "slice size of operand batching dimension " << d
                           << " must be 0 or 1, got " << sliceSizes[d];
  if (failed(checkIndexingSizes(*this, kGatherNames, dims, operandType,
                                indicesType)))
    return failure();

  // Offset dims take the slice sizes of the dimensions that are neither
  // collapsed nor batching; the other result dims are the indices' batch dims.
  SmallVector<int64_t> offsetSizes;
  for (int64_t d = 0; d < operandRank; ++d)
    if (!llvm::is_contained(collapsed, d) &&
        !llvm::is_contained(operandBatching, d))
      offsetSizes.push_back(sliceSizes[d]);
  if (offsetSizes.size() != offsetDims.size())
    return emitOpError() << "offset_dims " << formatDims(offsetDims)
                         << " must have one entry per operand dimension that "
                            "is neither collapsed nor batching ("
                         << offsetSizes.size() << ")";
  SmallVector<int64_t> batch = batchSizes(indicesType, ivd);
  int64_t resultRank = batch.size() + offsetDims.size();
  if (failed(checkDims(*this, "offset_dims", offsetDims, resultRank)))
    return failure();
  SmallVector<int64_t> expected;
  size_t nextOffset = 0, nextBatch = 0;
  for (int64_t d = 0; d < resultRank; ++d)
    expected.push_back(llvm::is_contained(offsetDims, d)
                           ? offsetSizes[nextOffset++]
                           : batch[nextBatch++]);
  if (resultType.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "result shape " << formatDims(resultType.getShape())
                         << " does not match the inferred shape "
                         << formatDims(expected);
  return success();
}

LogicalResult ScatterOp::verify() {
  if (failed(checkOneResultPerOperand(*this, "input", getInputs().size())))
    return failure();
  auto operandType = cast<RankedTensorType>(getInputs().front().getType());
  auto updatesType = cast<RankedTensorType>(getUpdates().front().getType());
  auto indicesType = cast<RankedTensorType>(getScatterIndices().getType());
  for (auto [i, input] : llvm::enumerate(getInputs())) {
    auto type = cast<RankedTensorType>(input.getType());
    if (type.getShape() != operandType.getShape())
      return emitOpError() << "input #" << i << " has shape "
                           << formatDims(type.getShape())
                           << " but input #0 has shape "
                           << formatDims(operandType.getShape());
    if (getResult(i).getType() != type)
      return emitOpError() << "result #" << i << " has type "
                           << getResult(i).getType() << " but input #" << i
                           << " has type " << type;
    auto update = cast<RankedTensorType>(getUpdates()[i].getType());
    if (update.getShape() != updatesType.getShape())
      return emitOpError() << "update #" << i << " has shape "
                           << formatDims(update.getShape())
                           << " but update #0 has shape "
                           << formatDims(updatesType.getShape());
    if (update.getElementType() != type.getElementType())
      return emitOpError() << "update #" << i << " has element type "
                           << update.getElementType() << " but input #" << i
                           << " has " << type.getElementType();
  }

  ScatterDimensionNumbersAttr dn = getScatterDimensionNumbers();
  int64_t operandRank = operandType.getRank();
  int64_t updatesRank = updatesType.getRank();
  int64_t ivd = dn.getIndexVectorDim();
  ArrayRef<int64_t> windowDims = dn.getUpdateWindowDims();
  ArrayRef<int64_t> inserted = dn.getInsertedWindowDims();
  ArrayRef<int64_t> inputBatching = dn.getInputBatchingDims();
  IndexingDims dims = {inserted, inputBatching,
                       dn.getScatterIndicesBatchingDims(),
                       dn.getScatterDimsToOperandDims(), ivd};

  if (failed(checkIndexVectorDim(*this, indicesType, ivd)) ||
      failed(checkSorted(*this, "update_window_dims", windowDims)) ||
      failed(checkDims(*this, "update_window_dims", windowDims, updatesRank)) ||
      failed(checkIndexingDims(*this, kScatterNames, dims, operandRank,
                               indicesType)) ||
      failed(checkIndexingSizes(*this, kScatterNames, dims, operandType,
                                indicesType)))
    return failure();
  if (static_cast<int64_t>(windowDims.size() + inserted.size() +
                           inputBatching.size()) != operandRank)
    return emitOpError() << "update_window_dims, inserted_window_dims and "
                            "input_batching_dims must together have one "
                            "entry per operand dimension ("
                         << operandRank << ")";
  SmallVector<int64_t> batch = batchSizes(indicesType, ivd);
  if (static_cast<int64_t>(batch.size() + windowDims.size()) != updatesRank)
    return emitOpError() << "updates have rank " << updatesRank
                         << " but scatter_indices batch dims and "
                            "update_window_dims give "
                         << batch.size() + windowDims.size();
  size_t nextBatch = 0, nextWindow = 0;
  SmallVector<int64_t> operandWindowDims;
  for (int64_t d = 0; d < operandRank; ++d)
    if (!llvm::is_contained(inserted, d) &&
        !llvm::is_contained(inputBatching, d))
      operandWindowDims.push_back(d);
  for (int64_t d = 0; d < updatesRank; ++d) {
    int64_t size = updatesType.getDimSize(d);
    if (llvm::is_contained(windowDims, d)) {
      int64_t operandDim = operandWindowDims[nextWindow++];
      if (size > operandType.getDimSize(operandDim))
        return emitOpError()
               << "update window dimension " << d << " of size " << size
               << " is larger than operand dimension " << operandDim
               << " of size " << operandType.getDimSize(operandDim);
    } else {
      int64_t expected = batch[nextBatch++];
      if (size != expected)
        return emitOpError()
               << "update scatter dimension " << d << " has size " << size
               << " but the matching scatter_indices dimension "
                  "has size "
               << expected;
    }
  }
  SmallVector<Type> elementTypes;
  for (Value input : getInputs())
    elementTypes.push_back(getElementTypeOrSelf(input.getType()));
  return checkReducer(*this, getUpdateComputation(), "update_computation",
                      elementTypes);
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

LogicalResult WhileOp::verify() {
  if (getOperandTypes() != getResultTypes())
    return emitOpError() << "result types " << getResultTypes()
                         << " must match operand types " << getOperandTypes();
  return success();
}

LogicalResult WhileOp::verifyRegions() {
  auto predType = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  SmallVector<Type> types(getOperandTypes());
  if (failed(checkRegion(*this, getCond(), "cond", types, {predType})) ||
      failed(checkRegion(*this, getBody(), "body", types, types)))
    return failure();
  return success();
}

LogicalResult CaseOp::verifyRegions() {
  if (getBranches().empty())
    return emitOpError() << "expects at least one branch";
  for (auto [i, branch] : llvm::enumerate(getBranches())) {
    std::string name = "branch #" + std::to_string(i);
    if (failed(checkRegion(*this, branch, name, {}, getResultTypes())))
      return failure();
  }
  return success();
}

LogicalResult IfOp::verifyRegions() {
  if (failed(checkRegion(*this, getTrueBranch(), "true_branch", {},
                         getResultTypes())) ||
      failed(checkRegion(*this, getFalseBranch(), "false_branch", {},
                         getResultTypes())))
    return failure();
  return success();
}

LogicalResult ReturnOp::verify() {
  // StableHLO also ends functions with it: JAX's comparators of
  // custom_call @ApproxTopK (`called_computations`) are func.funcs ending in
  // stablehlo.return. Their results must match the function type.
  Operation *parent = (*this)->getParentOp();
  if (auto func = llvm::dyn_cast_if_present<mlir::func::FuncOp>(parent)) {
    if (getOperandTypes() != func.getResultTypes())
      return emitOpError() << "has operand types " << getOperandTypes()
                           << " but the enclosing function returns "
                           << func.getResultTypes();
    return success();
  }
  if (!parent || parent->getDialect() != (*this)->getDialect())
    return emitOpError() << "must be nested in a stablehlo op with regions "
                            "or in a function";
  return success();
}

//===----------------------------------------------------------------------===//
// Misc
//===----------------------------------------------------------------------===//

LogicalResult CustomCallOp::verify() {
  auto checkLayouts = [&](std::optional<ArrayAttr> layouts, StringRef what,
                          TypeRange types) -> LogicalResult {
    if (!layouts)
      return success();
    if (layouts->size() != types.size())
      return emitOpError() << what << " has " << layouts->size()
                           << " layout(s) but there are " << types.size() << " "
                           << (what == "operand_layouts" ? "operands"
                                                         : "results");
    for (auto [i, pair] : llvm::enumerate(llvm::zip(*layouts, types))) {
      auto layout = cast<DenseIntElementsAttr>(std::get<0>(pair));
      int64_t rank = cast<RankedTensorType>(std::get<1>(pair)).getRank();
      SmallVector<int64_t> dims;
      for (const APInt &v : layout.getValues<APInt>())
        dims.push_back(v.getSExtValue());
      if (static_cast<int64_t>(dims.size()) != rank ||
          failed(
              stablehlo::detail::checkDims(std::nullopt, "", "", dims, rank)))
        return emitOpError() << what << " #" << i << " " << formatDims(dims)
                             << " is not a permutation of [0, " << rank << ")";
    }
    return success();
  };
  if (ArrayAttr layouts = getOperandLayoutsAttr())
    for (Attribute layout : layouts)
      if (!isa<DenseIntElementsAttr>(layout))
        return emitOpError() << "operand_layouts must hold integer tensors";
  if (ArrayAttr layouts = getResultLayoutsAttr())
    for (Attribute layout : layouts)
      if (!isa<DenseIntElementsAttr>(layout))
        return emitOpError() << "result_layouts must hold integer tensors";
  if (getOperandLayouts().has_value() != getResultLayouts().has_value())
    return emitOpError() << "operand_layouts and result_layouts must be "
                            "given together";
  if (failed(checkLayouts(getOperandLayouts(), "operand_layouts",
                          getInputs().getTypes())) ||
      failed(
          checkLayouts(getResultLayouts(), "result_layouts", getResultTypes())))
    return failure();
  if (auto config = getBackendConfig()) {
    bool typedFfi =
        getApiVersion() == CustomCallApiVersion::API_VERSION_TYPED_FFI;
    if (typedFfi && !isa<DictionaryAttr>(*config))
      return emitOpError() << "backend_config for api_version "
                              "API_VERSION_TYPED_FFI must be a dictionary";
    if (!typedFfi && !isa<StringAttr>(*config))
      return emitOpError() << "backend_config for api_version "
                           << stringifyCustomCallApiVersion(getApiVersion())
                           << " must be a string";
  }
  for (Attribute attr : getOutputOperandAliases()) {
    auto alias = cast<OutputOperandAliasAttr>(attr);
    int64_t index = alias.getOperandIndex();
    if (index < 0 || index >= static_cast<int64_t>(getInputs().size()))
      return emitOpError() << "output_operand_alias operand_index " << index
                           << " is out of range [0, " << getInputs().size()
                           << ")";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Collectives
//===----------------------------------------------------------------------===//

LogicalResult AllGatherOp::verify() {
  if (failed(checkOneResultPerOperand(*this, "operand", getOperands().size())))
    return failure();
  FailureOr<int64_t> groupSize = checkChannelGroups(*this);
  if (failed(groupSize))
    return failure();
  int64_t dim = getAllGatherDim();
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(getOperands(), getResults()))) {
    auto operand = cast<RankedTensorType>(std::get<0>(pair).getType());
    auto result = cast<RankedTensorType>(std::get<1>(pair).getType());
    if (failed(checkElementTypes(*this, i, operand, result)))
      return failure();
    if (operand.getRank() != result.getRank())
      return emitOpError() << "operand #" << i << " has rank "
                           << operand.getRank() << " but result #" << i
                           << " has rank " << result.getRank();
    if (failed(
            checkDimInRange(*this, "all_gather_dim", dim, operand.getRank())) ||
        failed(checkScaledDim(
            *this, "operand #" + std::to_string(i), operand, result, dim,
            *groupSize,
            /*resultIsLarger=*/true,
            "result #" + std::to_string(i) + " all_gather_dim", "operand")))
      return failure();
  }
  return success();
}

LogicalResult AllReduceOp::verify() {
  if (failed(
          checkOneResultPerOperand(*this, "operand", getOperands().size())) ||
      failed(checkChannelGroups(*this, /*allowPadding=*/true)))
    return failure();
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(getOperandTypes(), getResultTypes())))
    if (std::get<0>(pair) != std::get<1>(pair))
      return emitOpError() << "result #" << i << " has type "
                           << std::get<1>(pair) << " but operand #" << i
                           << " has type " << std::get<0>(pair);
  Type elementType = getElementTypeOrSelf(getOperands().front().getType());
  for (auto [i, operand] : llvm::enumerate(getOperands()))
    if (getElementTypeOrSelf(operand.getType()) != elementType)
      return emitOpError() << "operand #" << i << " has element type "
                           << getElementTypeOrSelf(operand.getType())
                           << " but operand #0 has " << elementType
                           << " (the computation is shared)";
  return checkReducer(*this, getComputation(), "computation", {elementType});
}

LogicalResult AllToAllOp::verify() {
  if (failed(checkOneResultPerOperand(*this, "operand", getOperands().size())))
    return failure();
  FailureOr<int64_t> groupSize = checkReplicaGroups(*this, getReplicaGroups());
  if (failed(groupSize))
    return failure();
  int64_t splitCount = getSplitCount();
  if (*groupSize > 0 && *groupSize != splitCount)
    return emitOpError() << "replica group size " << *groupSize
                         << " must equal split_count " << splitCount;
  int64_t splitDim = getSplitDimension(), concatDim = getConcatDimension();
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(getOperands(), getResults()))) {
    auto operand = cast<RankedTensorType>(std::get<0>(pair).getType());
    auto result = cast<RankedTensorType>(std::get<1>(pair).getType());
    int64_t rank = operand.getRank();
    if (failed(checkElementTypes(*this, i, operand, result)))
      return failure();
    if (failed(checkDimInRange(*this, "split_dimension", splitDim, rank)) ||
        failed(checkDimInRange(*this, "concat_dimension", concatDim, rank)))
      return failure();
    if (operand.getDimSize(splitDim) % splitCount != 0)
      return emitOpError() << "operand #" << i << " split dimension size "
                           << operand.getDimSize(splitDim)
                           << " is not divisible by split_count " << splitCount;
    SmallVector<int64_t> expected(operand.getShape());
    expected[splitDim] /= splitCount;
    expected[concatDim] *= splitCount;
    if (result.getShape() != ArrayRef<int64_t>(expected))
      return emitOpError() << "result #" << i << " shape "
                           << formatDims(result.getShape())
                           << " does not match the expected shape "
                           << formatDims(expected);
  }
  return success();
}

LogicalResult CollectivePermuteOp::verify() {
  DenseIntElementsAttr pairs = getSourceTargetPairs();
  auto type = cast<ShapedType>(pairs.getType());
  if (type.getRank() != 2 || type.getDimSize(1) != 2)
    return emitOpError() << "source_target_pairs must have shape Nx2, got "
                         << type;
  llvm::SmallSet<int64_t, 16> sources, targets;
  SmallVector<int64_t> values;
  for (const APInt &v : pairs.getValues<APInt>())
    values.push_back(v.getSExtValue());
  for (size_t i = 0; i + 1 < values.size(); i += 2) {
    int64_t source = values[i], target = values[i + 1];
    if (source < 0 || target < 0)
      return emitOpError() << "source_target_pairs must be non-negative, got ["
                           << source << ", " << target << "]";
    if (!sources.insert(source).second)
      return emitOpError() << "duplicate source " << source
                           << " in source_target_pairs";
    if (!targets.insert(target).second)
      return emitOpError() << "duplicate target " << target
                           << " in source_target_pairs";
  }
  return success();
}

LogicalResult ReduceScatterOp::verify() {
  FailureOr<int64_t> groupSize = checkChannelGroups(*this);
  if (failed(groupSize))
    return failure();
  RankedTensorType operand = getOperand().getType();
  auto result = cast<RankedTensorType>(getResult().getType());
  int64_t dim = getScatterDimension();
  if (operand.getRank() != result.getRank())
    return emitOpError() << "operand has rank " << operand.getRank()
                         << " but the result has rank " << result.getRank();
  if (failed(checkDimInRange(*this, "scatter_dimension", dim,
                             operand.getRank())) ||
      failed(checkScaledDim(*this, "operand", operand, result, dim, *groupSize,
                            /*resultIsLarger=*/false, "scatter_dimension",
                            "result")))
    return failure();
  return checkReducer(*this, getComputation(), "computation",
                      {operand.getElementType()});
}
