//===- BodyLowering.cpp - regions of elementwise ops as scalars ----------===//
#include "compiler/BodyLowering.h"
#include "compiler/BatchNormLowering.h"
#include "compiler/ChloBroadcastLowering.h"
#include "compiler/ClusterLowering.h"
#include "compiler/DataMovementLowering.h"
#include "compiler/ScalarLowering.h"
#include "ir/chlo/ChloDialect.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "llvm/ADT/DenseSet.h"

namespace sdy::compiler {

using namespace mlir;
namespace shlo = mlir::stablehlo;

std::string whyBodyNotLowerable(Region &body, const BodySpec &spec) {
  if (!body.hasOneBlock() || body.front().getNumArguments() != spec.args.size())
    return spec.name + " does not take " + spec.takes;
  Block &b = body.front();
  for (auto [arg, et] : llvm::zip(b.getArguments(), spec.args)) {
    auto rt = dyn_cast<RankedTensorType>(arg.getType());
    if (!rt || rt.getRank() != 0 || rt.getElementType() != et)
      return spec.name + " argument type " + printed(arg.getType()) +
             " differs from its input's element type";
  }
  llvm::DenseSet<Value> defined(b.getArguments().begin(),
                                b.getArguments().end());
  for (Operation &op : b) {
    for (Value v : op.getOperands())
      if (!defined.count(v))
        return spec.name + " reads a value defined outside it";
    if (op.hasTrait<OpTrait::IsTerminator>()) {
      if (!isa<shlo::ReturnOp>(op) ||
          op.getNumOperands() != spec.results.size())
        return spec.name + " does not return " + spec.gives;
      for (auto [v, et] : llvm::zip(op.getOperands(), spec.results)) {
        auto rt = dyn_cast<RankedTensorType>(v.getType());
        if (!rt || rt.getRank() != 0 || rt.getElementType() != et)
          return spec.name + " returns a type other than " + spec.like;
      }
      continue;
    }
    std::string opName = op.getName().getStringRef().str();
    if (op.getNumRegions() || op.getNumResults() != 1)
      return spec.name + " op " + opName + " is not elementwise";
    if (!isFoldedConstant(&op)) {
      // A width-changing bitcast adds or drops a dimension.
      auto bitcast = dyn_cast<shlo::BitcastConvertOp>(op);
      if (isDataMovement(&op) || isChloBroadcast(&op) || isBatchNorm(&op) ||
          isa<shlo::OptimizationBarrierOp, chlo::ConstantLikeOp>(op) ||
          (bitcast && shapeOf(bitcast.getOperand()).size() !=
                          shapeOf(bitcast.getResult()).size()))
        return spec.name + " op " + opName + " is not elementwise";
      if (std::string why = whyNotLowerable(&op); !why.empty())
        return spec.name + " op " + opName + ": " + why;
    }
    defined.insert(op.getResult(0));
  }
  return "";
}

BodySpec foldBody(const std::string &name, ValueRange inputs) {
  BodySpec spec{name,
                "an accumulator and an element per input",
                "a value per input",
                "its accumulator's",
                {},
                {}};
  for (int pass = 0; pass < 2; ++pass)
    for (Value v : inputs)
      spec.args.push_back(elementOf(v));
  for (Value v : inputs)
    spec.results.push_back(elementOf(v));
  return spec;
}

std::vector<std::string>
bodyScalars(Emitter &e, Block &b, std::string &body,
            llvm::DenseMap<Value, std::string> &scalars) {
  for (Operation &op : b) {
    if (op.hasTrait<OpTrait::IsTerminator>()) {
      std::vector<std::string> returned;
      for (Value v : op.getOperands())
        returned.push_back(scalars[v]);
      return returned;
    }
    if (isFoldedConstant(&op))
      continue;
    std::vector<std::string> args;
    for (Value v : op.getOperands())
      args.push_back(scalars[v]);
    scalars[op.getResult(0)] = computedScalar(e, &op, body, args);
  }
  return {};
}

void bindBodyConstants(Emitter &e, Block &b,
                       llvm::DenseMap<Value, std::string> &scalars) {
  for (Operation &op : b)
    if (isFoldedConstant(&op))
      scalars[op.getResult(0)] =
          e.stmt("tensor.extract " + e.valueName(op.getResult(0)) +
                 "[] : " + tensorText({}, elementOf(op.getResult(0))));
}
} // namespace sdy::compiler
