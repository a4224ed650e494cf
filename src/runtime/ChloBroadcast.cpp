//===- ChloBroadcast.cpp - kernels of the broadcasting chlo ops -----------===//
//
// A broadcasting op broadcasts its operands to the result's shape and runs
// the kernel of its elementwise op (stablehlo.add for broadcast_add,
// chlo.zeta for broadcast_zeta, ...) on them. constant_like is a splat.
//
//===----------------------------------------------------------------------===//
#include "runtime/KernelTable.h"
#include "runtime/Kernels.h"

#include "ir/chlo/ChloDialect.h"

#include "mlir/IR/BuiltinAttributes.h"

namespace sdy::runtime {
namespace {
namespace chlo = mlir::chlo;
using kernels::CompareDir;
using kernels::CompareKind;

// The operands, broadcast to the result's shape.
Status broadcastOperands(OpCall &c, std::vector<Tensor> &broadcast) {
  llvm::SmallVector<llvm::SmallVector<int64_t>> dims;
  llvm::SmallVector<int64_t> shape;
  std::string error;
  if (mlir::failed(chlo::getBroadcastDims(c.op, dims, shape, error)))
    return Status::invalid(error);
  if (dims.size() != c.in.size() ||
      Shape(shape.begin(), shape.end()) != c.resultShape)
    return Status::internal("broadcast: operands do not match the op");
  for (auto [t, map] : llvm::zip(c.in, dims))
    broadcast.push_back(kernels::broadcastInDim(
        t, c.resultShape, std::vector<int64_t>(map.begin(), map.end())));
  return Status::ok();
}

// The elementwise op a broadcasting op runs after broadcasting.
std::string innerOpName(mlir::Operation *op) {
  llvm::StringRef name = op->getName().stripDialect();
  name.consume_front("broadcast_");
  bool isChlo = name == "next_after" || name == "polygamma" || name == "zeta";
  return (isChlo ? "chlo." : "stablehlo.") + name.str();
}

Status broadcastBinaryKernel(OpCall &c) {
  std::vector<Tensor> in;
  SDY_RETURN_IF_ERROR(broadcastOperands(c, in));
  mlir::OperationName inner(innerOpName(c.op), c.op->getContext());
  Kernel kernel = KernelTable::get().lookup(inner);
  if (!kernel)
    return Status::unsupported("'" + c.op->getName().getStringRef().str() +
                               "' cannot be executed");
  OpCall call{c.interp, c.op, c.env, in, c.out, c.resultType, c.resultShape};
  return kernel(call);
}

CompareDir directionOf(chlo::ComparisonDirection d) {
  switch (d) {
  case chlo::ComparisonDirection::EQ:
    return CompareDir::EQ;
  case chlo::ComparisonDirection::NE:
    return CompareDir::NE;
  case chlo::ComparisonDirection::GE:
    return CompareDir::GE;
  case chlo::ComparisonDirection::GT:
    return CompareDir::GT;
  case chlo::ComparisonDirection::LE:
    return CompareDir::LE;
  case chlo::ComparisonDirection::LT:
    return CompareDir::LT;
  }
  return CompareDir::EQ;
}

CompareKind kindOf(std::optional<chlo::ComparisonType> type) {
  if (!type)
    return CompareKind::Default;
  switch (*type) {
  case chlo::ComparisonType::FLOAT:
    return CompareKind::Float;
  case chlo::ComparisonType::TOTALORDER:
    return CompareKind::TotalOrder;
  case chlo::ComparisonType::SIGNED:
    return CompareKind::Signed;
  case chlo::ComparisonType::UNSIGNED:
    return CompareKind::Unsigned;
  case chlo::ComparisonType::NOTYPE:
    break;
  }
  return CompareKind::Default;
}

Status broadcastCompareKernel(OpCall &c) {
  auto op = mlir::cast<chlo::BroadcastCompareOp>(c.op);
  std::vector<Tensor> in;
  SDY_RETURN_IF_ERROR(broadcastOperands(c, in));
  c.out.push_back(kernels::compare(directionOf(op.getComparisonDirection()),
                                   in[0], in[1], kindOf(op.getCompareType())));
  return Status::ok();
}

Status broadcastSelectKernel(OpCall &c) {
  std::vector<Tensor> in;
  SDY_RETURN_IF_ERROR(broadcastOperands(c, in));
  c.out.push_back(kernels::select(in[0], in[1], in[2]));
  return Status::ok();
}

Status constantLikeKernel(OpCall &c) {
  auto op = mlir::cast<chlo::ConstantLikeOp>(c.op);
  auto type = mlir::cast<mlir::ShapedType>(op.getResult().getType());
  mlir::Attribute value = op.getValue();
  // The verifier admits integers and floats only.
  if (!mlir::isa<mlir::IntegerAttr, mlir::FloatAttr>(value))
    return Status::invalid("'chlo.constant_like' of a non-numeric value");
  c.out.emplace_back();
  return tensorFromAttr(mlir::DenseElementsAttr::get(type, value),
                        c.out.back());
}

} // namespace

void registerChloBroadcastKernels(KernelTable &table) {
  table.add<chlo::BroadcastAddOp, chlo::BroadcastSubOp, chlo::BroadcastMulOp,
            chlo::BroadcastDivOp, chlo::BroadcastRemOp, chlo::BroadcastMaxOp,
            chlo::BroadcastMinOp, chlo::BroadcastPowOp, chlo::BroadcastAtan2Op>(
      broadcastBinaryKernel);
  table.add<chlo::BroadcastAndOp, chlo::BroadcastOrOp, chlo::BroadcastXorOp,
            chlo::BroadcastShiftLeftOp, chlo::BroadcastShiftRightArithmeticOp,
            chlo::BroadcastShiftRightLogicalOp>(broadcastBinaryKernel);
  table.add<chlo::BroadcastComplexOp, chlo::BroadcastNextAfterOp,
            chlo::BroadcastPolygammaOp, chlo::BroadcastZetaOp>(
      broadcastBinaryKernel);
  table.add<chlo::BroadcastCompareOp>(broadcastCompareKernel);
  table.add<chlo::BroadcastSelectOp>(broadcastSelectKernel);
  table.add<chlo::ConstantLikeOp>(constantLikeKernel);
}

} // namespace sdy::runtime
