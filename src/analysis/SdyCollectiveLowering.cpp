//===- SdyCollectiveLowering.cpp - the device-level form of an op ---------===//

#include "analysis/SdyCollectiveLowering.h"

#include "ir/sdy/SdyDialect.h"
#include "ir/sdy/ShardingUtils.h"
#include "transforms/partition/PartitionPipeline.h"
#include "transforms/partition/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/STLExtras.h"

namespace sdy::analysis {

mlir::OwningOpRef<mlir::ModuleOp> lowerOpAlone(mlir::Operation *op,
                                               std::string &error) {
  auto module = op ? op->getParentOfType<mlir::ModuleOp>() : nullptr;
  if (!module || op->getNumRegions() > 1 || op->getNumResults() == 0) {
    error = "not an op with results and at most one region in a module";
    return nullptr;
  }
  mlir::MLIRContext *ctx = op->getContext();
  mlir::Location loc = op->getLoc();
  mlir::OpBuilder b(ctx);
  mlir::OwningOpRef<mlir::ModuleOp> scratch = mlir::ModuleOp::create(loc);
  b.setInsertionPointToEnd(scratch->getBody());
  for (auto mesh : module.getOps<mlir::sdy::MeshOp>())
    b.clone(*mesh.getOperation());
  auto func = b.create<mlir::func::FuncOp>(
      loc, "main",
      b.getFunctionType(op->getOperandTypes(), op->getResultTypes()));
  mlir::Block *entry = func.addEntryBlock();
  mlir::IRMapping map;
  for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
    if (auto sharding = mlir::sdy::getSharding(operand))
      func.setArgAttr(i, "sdy.sharding", sharding);
    map.map(operand, entry->getArgument(i));
  }
  for (auto [i, result] : llvm::enumerate(op->getResults()))
    if (auto sharding = mlir::sdy::getSharding(result))
      func.setResultAttr(i, "sdy.sharding", sharding);
  b.setInsertionPointToEnd(entry);
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
  pm.addPass(mlir::sdy::createConvertGlobalToLocalPass(
      mlir::sdy::partitionGlobalToLocalOptions()));
  if (mlir::failed(pm.run(*scratch))) {
    error = first.empty() ? "the partitioner cannot lower it alone" : first;
    return nullptr;
  }
  return scratch;
}

} // namespace sdy::analysis
