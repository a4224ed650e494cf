//===- Composite.cpp - stablehlo.composite runs its decomposition ---------===//
#include "runtime/KernelTable.h"

#include "ir/stablehlo/StablehloDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

namespace sdy::runtime {
namespace {

Status compositeKernel(OpCall &c) {
  auto op = mlir::cast<mlir::stablehlo::CompositeOp>(c.op);
  auto func = mlir::SymbolTable::lookupNearestSymbolFrom<mlir::func::FuncOp>(
      op, op.getDecompositionAttr());
  if (!func)
    return Status::invalid("unknown decomposition @" +
                           op.getDecomposition().str());
  // A decomposition that (indirectly) uses itself would never end.
  thread_local int depth = 0;
  if (depth >= 256)
    return Status::invalid("composite nesting exceeds 256 (recursion?)");
  ++depth;
  Status s = c.interp.run(func, c.in, c.out);
  --depth;
  return s.withContext("decomposition @" + op.getDecomposition().str() +
                       " of composite \"" + op.getName().str() + "\"");
}

} // namespace

void registerCompositeKernels(KernelTable &table) {
  table.add<mlir::stablehlo::CompositeOp>(compositeKernel);
}

} // namespace sdy::runtime
