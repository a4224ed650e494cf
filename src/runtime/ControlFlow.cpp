//===- ControlFlow.cpp - kernels of ops that run regions or functions -----===//
//
// while, case and if run their regions through the interpreter with the
// enclosing values visible; optimization_barrier is the identity; func.call
// runs the callee.
//
//===----------------------------------------------------------------------===//
#include "runtime/KernelTable.h"

#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace sdy::runtime {
namespace {
namespace shlo = mlir::stablehlo;
using mlir::cast;

Status whileKernel(OpCall &c) {
  auto op = cast<shlo::WhileOp>(c.op);
  std::vector<Tensor> state = c.in, cond;
  for (;;) {
    SDY_RETURN_IF_ERROR(c.interp.runRegion(op.getCond(), state, cond, &c.env));
    if (cond.size() != 1)
      return Status::internal("bad while condition");
    if (!cond[0].getInt(0))
      break;
    std::vector<Tensor> next;
    SDY_RETURN_IF_ERROR(c.interp.runRegion(op.getBody(), state, next, &c.env));
    state = std::move(next);
  }
  c.out = std::move(state);
  return Status::ok();
}

Status caseKernel(OpCall &c) {
  auto op = cast<shlo::CaseOp>(c.op);
  int64_t n = op.getBranches().size();
  int64_t index = c.in[0].getInt(0);
  if (index < 0 || index >= n)
    index = n - 1;
  return c.interp.runRegion(op.getBranches()[index], {}, c.out, &c.env);
}

Status ifKernel(OpCall &c) {
  auto op = cast<shlo::IfOp>(c.op);
  mlir::Region &branch =
      c.in[0].getInt(0) ? op.getTrueBranch() : op.getFalseBranch();
  return c.interp.runRegion(branch, {}, c.out, &c.env);
}

Status identityKernel(OpCall &c) {
  c.out = c.in;
  return Status::ok();
}

Status callKernel(OpCall &c) {
  return c.interp.callFunction(c.op, c.in, c.out);
}

} // namespace

void registerControlFlowKernels(KernelTable &table) {
  table.add<shlo::WhileOp>(whileKernel);
  table.add<shlo::CaseOp>(caseKernel);
  table.add<shlo::IfOp>(ifKernel);
  table.add<shlo::OptimizationBarrierOp>(identityKernel);
  table.add<mlir::func::CallOp>(callKernel);
}

} // namespace sdy::runtime
