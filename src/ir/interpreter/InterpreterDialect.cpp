//===- InterpreterDialect.cpp - multi-device interpreter tests ------------===//
#include "ir/interpreter/InterpreterDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::interpreter;

#include "ir/interpreter/InterpreterDialect.cpp.inc"

void InterpreterDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "ir/interpreter/InterpreterOps.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "ir/interpreter/InterpreterOps.cpp.inc"

LogicalResult mlir::interpreter::getProgramGrid(RunParallelOp op,
                                                ProgramGrid &grid) {
  grid = ProgramGrid();
  ArrayAttr rows = op.getPrograms();
  if (rows.empty())
    return op.emitOpError("programs must hold at least one replica");
  for (Attribute row : rows) {
    auto cols = dyn_cast<ArrayAttr>(row);
    if (!cols || cols.empty())
      return op.emitOpError("programs must be a list of non-empty lists of "
                            "function symbols, one list per replica");
    if (grid.numPartitions != 0 &&
        static_cast<int64_t>(cols.size()) != grid.numPartitions)
      return op.emitOpError("every replica of programs must have the same "
                            "number of partitions");
    grid.numPartitions = cols.size();
    for (Attribute name : cols) {
      auto ref = dyn_cast<FlatSymbolRefAttr>(name);
      if (!ref)
        return op.emitOpError("programs entries must be function symbols, got ")
               << name;
      grid.names.push_back(ref.getValue());
    }
  }
  grid.numReplicas = rows.size();
  return success();
}

LogicalResult RunParallelOp::verify() {
  ProgramGrid grid;
  if (failed(getProgramGrid(*this, grid)))
    return failure();
  size_t input = 0, result = 0;
  for (StringRef name : grid.names) {
    auto func = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        *this, StringAttr::get(getContext(), name));
    if (!func)
      return emitOpError("program @") << name << " is not a func.func";
    FunctionType type = func.getFunctionType();
    for (Type t : type.getInputs()) {
      if (input >= getInputs().size())
        return emitOpError("the programs take more inputs than the ")
               << getInputs().size() << " given";
      if (getInputs()[input].getType() != t)
        return emitOpError("input ")
               << input << " has type " << getInputs()[input].getType()
               << " but program @" << name << " takes " << t;
      ++input;
    }
    for (Type t : type.getResults()) {
      if (result >= getResults().size())
        return emitOpError("the programs return more results than the ")
               << getResults().size() << " of the op";
      if (getResults()[result].getType() != t)
        return emitOpError("result ")
               << result << " has type " << getResults()[result].getType()
               << " but program @" << name << " returns " << t;
      ++result;
    }
  }
  if (std::optional<ArrayAttr> infeed = getInfeed()) {
    for (Attribute entry : *infeed) {
      auto ref = dyn_cast<FlatSymbolRefAttr>(entry);
      auto func = ref ? SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
                            *this, ref.getAttr())
                      : func::FuncOp();
      if (!func || func.isExternal() || func.getNumArguments() != 0)
        return emitOpError("infeed entries must name defined functions "
                           "without arguments, got ")
               << entry;
    }
  }
  if (input != getInputs().size())
    return emitOpError("the programs take ")
           << input << " inputs, " << getInputs().size() << " given";
  if (result != getResults().size())
    return emitOpError("the programs return ")
           << result << " results, the op has " << getResults().size();
  return success();
}
