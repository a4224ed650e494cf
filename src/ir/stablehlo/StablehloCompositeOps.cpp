//===- StablehloCompositeOps.cpp - stablehlo.composite --------------------===//
#include "ir/stablehlo/StablehloDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::stablehlo;

// The decomposition must be a function taking the inputs' types and giving
// the results' types (upstream's messages).
LogicalResult
CompositeOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  StringRef name = getDecomposition();
  auto func = symbolTable.lookupNearestSymbolFrom<func::FuncOp>(
      *this, getDecompositionAttr());
  if (!func)
    return emitError() << "'" << name
                       << "' does not reference a valid function";
  FunctionType type = func.getFunctionType();
  auto check = [&](StringRef what, TypeRange actual,
                   TypeRange expected) -> LogicalResult {
    if (actual.size() != expected.size())
      return emitError() << "has " << actual.size() << " " << what
                         << "(s), but decomposition has " << expected.size();
    for (auto [index, pair] : llvm::enumerate(llvm::zip(actual, expected)))
      if (std::get<0>(pair) != std::get<1>(pair))
        return emitError() << what << " at index " << index << " has type "
                           << std::get<0>(pair)
                           << ", but decomposition has type "
                           << std::get<1>(pair);
    return success();
  };
  if (failed(check("operand", getInputs().getTypes(), type.getInputs())))
    return failure();
  return check("result", getResultTypes(), type.getResults());
}
