//===- MapLowering.cpp - map ---------------------------------------------===//
#include "compiler/MapLowering.h"
#include "compiler/BodyLowering.h"
#include "ir/stablehlo/StablehloDialect.h"

namespace sdy::compiler {

using namespace mlir;
namespace shlo = mlir::stablehlo;

std::string whyMapNotLowerable(shlo::MapOp op) {
  ArrayRef<int64_t> shape = shapeOf(op.getResult());
  ArrayRef<int64_t> dims = op.getDimensions();
  if (dims.size() != shape.size())
    return "map dimensions are not all of the dimensions";
  for (auto [i, d] : llvm::enumerate(dims))
    if (d != static_cast<int64_t>(i))
      return "map dimensions are not all of the dimensions";
  BodySpec spec{"map computation",
                "an element per input",
                "one value",
                "its result's",
                {},
                {elementOf(op.getResult())}};
  for (Value v : op.getInputs()) {
    if (shapeOf(v) != shape)
      return "map input shapes differ from its result's";
    spec.args.push_back(elementOf(v));
  }
  return whyBodyNotLowerable(op.getComputation(), spec);
}

void emitMap(Emitter &e, shlo::MapOp op) {
  Value result = op.getResult();
  llvm::SmallVector<int64_t> shape = e.shapeOf(result);
  unsigned rank = shape.size();
  Block &b = op.getComputation().front();
  llvm::DenseMap<Value, std::string> scalars;
  bindBodyConstants(e, b, scalars);
  std::vector<std::string> ins, maps;
  std::vector<InType> inTypes;
  for (Value x : op.getInputs()) {
    ins.push_back(e.valueName(x));
    inTypes.push_back(e.inTypeOf(x));
    maps.push_back(identityMap(rank));
  }
  e.bind(result,
         e.generic(ins, inTypes, maps, shape, elementOf(result),
                   identityMap(rank),
                   std::vector<std::string>(rank, "parallel"),
                   [&](std::string &body, const std::vector<std::string> &a) {
                     for (size_t k = 0; k < ins.size(); ++k)
                       scalars[b.getArgument(k)] = a[k];
                     return bodyScalars(e, b, body, scalars).front();
                   }));
}
} // namespace sdy::compiler
