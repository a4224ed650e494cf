//===- OpVerifiers.cpp - invariants of sdy ops ----------------------------===//

#include "ir/sdy/SdyDialect.h"
#include "ir/sdy/ShardingVerifier.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace mlir::sdy;

//===----------------------------------------------------------------------===//
// Annotation ops
//===----------------------------------------------------------------------===//

// The meshes of a module may have different numbers of devices: Shardy does
// not require them to match, and lifting differently-sized inlined meshes
// relies on that.
LogicalResult MeshOp::verify() { return success(); }

LogicalResult ShardingConstraintOp::verify() {
  return verifyTensorSharding(getSharding(), getType(), *this,
                              [&] { return emitOpError() << "sharding: "; });
}

LogicalResult ReshardOp::verify() {
  return verifyTensorSharding(getSharding(), getType(), *this,
                              [&] { return emitOpError() << "sharding: "; });
}

LogicalResult PropagationBarrierOp::verify() {
  if (getAllowedDirection() == PropagationDirection::BOTH)
    return emitOpError()
           << "allowed_direction=BOTH is not allowed: a barrier that lets "
              "everything through is no barrier; remove the op instead";
  return success();
}

LogicalResult DataFlowEdgeOp::verify() {
  if (!getInput().hasOneUse())
    return emitOpError() << "input must have no other uses than this "
                            "sdy.data_flow_edge";
  if (Operation *def = getInput().getDefiningOp())
    if (def->getDialect() && isa<SdyDialect>(def->getDialect()))
      return emitOpError() << "input must not be defined by an sdy op, got '"
                           << def->getName() << "'";
  if (TensorShardingAttr sharding = getShardingAttr())
    return verifyTensorSharding(sharding, getType(), *this,
                                [&] { return emitOpError() << "sharding: "; });
  return success();
}

LogicalResult FuncDataFlowEdgeOp::verify() {
  auto type = dyn_cast<ShapedType>(getType());
  if (!type || !type.hasStaticShape())
    return emitOpError() << "expected sdy.func_data_flow_edge to have a "
                            "static-shaped result. type: "
                         << getType();
  if (!getInput().hasOneUse())
    return emitOpError() << "expected operand of sdy.func_data_flow_edge to "
                            "have a single user";
  if (auto arg = dyn_cast<BlockArgument>(getInput())) {
    if (!isa_and_nonnull<func::FuncOp>(arg.getOwner()->getParentOp()))
      return emitOpError() << "expected operand of sdy.func_data_flow_edge to "
                              "be a block argument of a func op.";
    return success();
  }
  if (!isa<func::CallOp>(getInput().getDefiningOp()))
    return emitOpError() << "expected operand of sdy.func_data_flow_edge to be "
                            "a result of call op.";
  return success();
}

//===----------------------------------------------------------------------===//
// Region ops
//===----------------------------------------------------------------------===//

namespace {
/// Checks the types of block arguments and of the sdy.return terminator of a
/// single-block region against `argTypes` and `resultTypes`.
LogicalResult verifyRegionSignature(Operation *op, Region &body,
                                    TypeRange argTypes, TypeRange resultTypes,
                                    StringRef typeKind) {
  Block &block = body.front();
  if (block.getNumArguments() != argTypes.size())
    return op->emitOpError()
           << "body has " << block.getNumArguments()
           << " arguments but the op has " << argTypes.size() << " operands";
  for (auto [index, arg, expected] :
       llvm::enumerate(block.getArguments(), argTypes))
    if (arg.getType() != expected)
      return op->emitOpError()
             << "body argument " << index << " has type " << arg.getType()
             << " but the " << typeKind << "type of operand " << index << " is "
             << expected;
  auto terminator =
      dyn_cast_or_null<ReturnOp>(block.empty() ? nullptr : &block.back());
  if (!terminator)
    return op->emitOpError() << "body must end with sdy.return";
  if (terminator.getNumOperands() != resultTypes.size())
    return op->emitOpError()
           << "body returns " << terminator.getNumOperands()
           << " values but the op has " << resultTypes.size() << " results";
  for (auto [index, value, expected] :
       llvm::enumerate(terminator.getOperands(), resultTypes))
    if (value.getType() != expected)
      return op->emitOpError()
             << "body returns type " << value.getType() << " for result "
             << index << " but the " << typeKind << "type of result " << index
             << " is " << expected;
  return success();
}

/// The type of `type` seen inside a manual computation: dimensions divided by
/// the product of their manual axes.
RankedTensorType getManualLocalType(RankedTensorType type,
                                    TensorShardingAttr sharding, MeshAttr mesh,
                                    ManualAxesAttr manualAxes) {
  SmallVector<int64_t> shape(type.getShape());
  for (auto [dim, dimSharding] : llvm::enumerate(sharding.getDimShardings())) {
    int64_t manualSize = 1;
    for (AxisRefAttr axis : dimSharding.getAxes())
      if (manualAxes.contains(axis.getName()))
        manualSize *= axis.getSize(mesh);
    if (dim < shape.size() && !ShapedType::isDynamic(shape[dim]))
      shape[dim] /= manualSize;
  }
  return RankedTensorType::get(shape, type.getElementType(),
                               type.getEncoding());
}
} // namespace

LogicalResult ManualComputationOp::verify() {
  ArrayRef<TensorShardingAttr> inShardings = getInShardings().getShardings();
  ArrayRef<TensorShardingAttr> outShardings = getOutShardings().getShardings();
  if (inShardings.size() != getNumOperands())
    return emitOpError() << "has " << getNumOperands() << " operands but "
                         << inShardings.size() << " in_shardings";
  if (outShardings.size() != getNumResults())
    return emitOpError() << "has " << getNumResults() << " results but "
                         << outShardings.size() << " out_shardings";

  // All shardings and the manual axes refer to one mesh.
  Attribute commonMesh;
  MeshAttr mesh;
  for (TensorShardingAttr sharding :
       llvm::concat<const TensorShardingAttr>(inShardings, outShardings)) {
    if (!commonMesh) {
      commonMesh = sharding.getMeshOrRef();
      mesh = lookupMeshOrError(sharding, *this, [&] { return emitOpError(); });
      if (!mesh)
        return failure();
    } else if (sharding.getMeshOrRef() != commonMesh) {
      return emitOpError() << "all in/out shardings must refer to the same "
                              "mesh, got "
                           << commonMesh << " and " << sharding.getMeshOrRef();
    }
  }

  ManualAxesAttr manualAxes = getManualAxes();
  if (!mesh) {
    if (manualAxes.size() != 0)
      return emitOpError() << "has manual axes but no in/out shardings that "
                              "name their mesh";
    return success();
  }
  // Manual axes: exist, unique, sorted in mesh order.
  for (auto [index, name] : llvm::enumerate(manualAxes.getValue())) {
    if (!mesh.hasAxis(name.getValue()))
      return emitOpError() << "unknown manual axis \"" << name.getValue()
                           << "\" (not an axis of the mesh)";
    if (index > 0) {
      StringRef previous = manualAxes.getValue()[index - 1].getValue();
      if (previous == name.getValue())
        return emitOpError()
               << "manual axis \"" << name.getValue() << "\" is listed twice";
      if (mesh.getAxisIndex(previous) > mesh.getAxisIndex(name.getValue()))
        return emitOpError()
               << "manual axes must be sorted in mesh order: \"" << previous
               << "\" must come after \"" << name.getValue() << "\"";
    }
  }
  // Nested manual computations use disjoint manual axes.
  for (auto parent = (*this)->getParentOfType<ManualComputationOp>(); parent;
       parent = parent->getParentOfType<ManualComputationOp>())
    for (StringAttr name : manualAxes.getValue())
      if (parent.getManualAxes().contains(name.getValue()))
        return emitOpError() << "manual axis \"" << name.getValue()
                             << "\" is already manual in an enclosing "
                                "sdy.manual_computation";

  auto checkSharding = [&](TensorShardingAttr sharding, Type globalType,
                           StringRef kind, int64_t index) -> LogicalResult {
    auto emit = [&] {
      return emitOpError() << kind << " sharding " << index << ": ";
    };
    if (failed(verifyTensorSharding(sharding, globalType, *this, emit)))
      return failure();
    auto type = cast<RankedTensorType>(globalType);
    // A manual axis need not appear (-sdy-manual-axes-cleanup adds it to the
    // replicated axes), but it is never split into sub-axes.
    for (AxisRefAttr axis : sharding.getReplicatedAxes())
      if (axis.isSubAxis() && manualAxes.contains(axis.getName()))
        return emit() << "replicated axes: sub-axis " << axis.toString()
                      << " splits manual axis \"" << axis.getName()
                      << "\"; manual axes cannot be split";
    for (auto [dim, dimSharding] :
         llvm::enumerate(sharding.getDimShardings())) {
      bool seenFree = false;
      int64_t manualSize = 1;
      for (AxisRefAttr axis : dimSharding.getAxes()) {
        bool isManual = manualAxes.contains(axis.getName());
        if (isManual && axis.isSubAxis())
          return emit() << "dimension " << dim << ": sub-axis "
                        << axis.toString() << " splits manual axis \""
                        << axis.getName() << "\"; manual axes cannot be split";
        if (isManual && seenFree)
          return emit() << "dimension " << dim << ": manual axis "
                        << axis.toString()
                        << " must come before the free (non-manual) axes";
        seenFree |= !isManual;
        if (isManual)
          manualSize *= axis.getSize(mesh);
      }
      int64_t dimSize = type.getDimSize(dim);
      if (!ShapedType::isDynamic(dimSize) && dimSize % manualSize != 0)
        return emit() << "dimension " << dim << " of size " << dimSize
                      << " is not divisible by the product of its manual "
                         "axes ("
                      << manualSize << "); manual axes cannot be padded";
    }
    return success();
  };

  SmallVector<Type> localInTypes, localOutTypes;
  for (auto [index, operand, sharding] :
       llvm::enumerate(getOperands(), inShardings)) {
    if (failed(checkSharding(sharding, operand.getType(), "in", index)))
      return failure();
    localInTypes.push_back(getManualLocalType(
        cast<RankedTensorType>(operand.getType()), sharding, mesh, manualAxes));
  }
  for (auto [index, result, sharding] :
       llvm::enumerate(getResults(), outShardings)) {
    if (failed(checkSharding(sharding, result.getType(), "out", index)))
      return failure();
    localOutTypes.push_back(getManualLocalType(
        cast<RankedTensorType>(result.getType()), sharding, mesh, manualAxes));
  }
  return verifyRegionSignature(*this, getBody(), localInTypes, localOutTypes,
                               "local ");
}

LogicalResult ManualComputationOp::verifyRegions() { return success(); }

LogicalResult NamedComputationOp::verify() {
  if (std::optional<TensorShardingPerValueAttr> in = getInShardings())
    if (failed(
            verifyShardingPerValue(*in, getOperandTypes(), *this, "operand")))
      return failure();
  if (std::optional<TensorShardingPerValueAttr> out = getOutShardings())
    if (failed(verifyShardingPerValue(*out, getResultTypes(), *this, "result")))
      return failure();
  return verifyRegionSignature(*this, getBody(), getOperandTypes(),
                               getResultTypes(), "");
}

LogicalResult NamedComputationOp::verifyRegions() { return success(); }
