//===- SdyCollectiveLowering.cpp - the device-level form of an sdy op -----===//

#include "analysis/SdyCollectiveLowering.h"

#include "ir/sdy/SdyDialect.h"
#include "ir/sdy/ShardingUtils.h"
#include "transforms/partition/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/PassManager.h"

namespace sdy::analysis {

mlir::OwningOpRef<mlir::ModuleOp> lowerSdyCollective(mlir::Operation *op,
                                                     std::string &error) {
  auto module = op ? op->getParentOfType<mlir::ModuleOp>() : nullptr;
  if (!module || op->getNumOperands() != 1 || op->getNumResults() != 1) {
    error = "not an sdy collective of one operand in a module";
    return nullptr;
  }
  mlir::MLIRContext *ctx = op->getContext();
  mlir::Location loc = op->getLoc();
  mlir::OpBuilder b(ctx);
  mlir::OwningOpRef<mlir::ModuleOp> scratch = mlir::ModuleOp::create(loc);
  b.setInsertionPointToEnd(scratch->getBody());
  for (auto mesh : module.getOps<mlir::sdy::MeshOp>())
    b.clone(*mesh.getOperation());
  mlir::Value operand = op->getOperand(0);
  auto func = b.create<mlir::func::FuncOp>(
      loc, "main",
      b.getFunctionType({operand.getType()}, op->getResultTypes()));
  mlir::Block *entry = func.addEntryBlock();
  if (auto sharding = mlir::sdy::getSharding(operand))
    func.setArgAttr(0, "sdy.sharding", sharding);
  if (auto sharding = mlir::sdy::getSharding(op->getResult(0)))
    func.setResultAttr(0, "sdy.sharding", sharding);
  b.setInsertionPointToEnd(entry);
  mlir::IRMapping map;
  map.map(operand, entry->getArgument(0));
  mlir::Operation *copy = b.clone(*op, map);
  b.create<mlir::func::ReturnOp>(loc, copy->getResults());

  // The lowering's diagnostics become the error, never output.
  std::string first;
  mlir::ScopedDiagnosticHandler silence(ctx, [&](mlir::Diagnostic &d) {
    if (first.empty())
      first = d.str();
    return mlir::success();
  });
  mlir::PassManager pm(ctx, mlir::ModuleOp::getOperationName());
  pm.addPass(mlir::sdy::createConvertGlobalToLocalPass());
  if (mlir::failed(pm.run(*scratch))) {
    error = first.empty() ? "the partitioner cannot lower it alone" : first;
    return nullptr;
  }
  return scratch;
}

} // namespace sdy::analysis
