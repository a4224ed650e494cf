//===- ReduceLowering.cpp - reductions as folds --------------------------===//
#include "compiler/ReduceLowering.h"
#include "compiler/BodyLowering.h"
#include "compiler/ScalarLowering.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "llvm/ADT/StringExtras.h"

namespace sdy::compiler {

using namespace mlir;
namespace shlo = mlir::stablehlo;

Operation *reductionCombiner(Region &body) {
  if (body.empty())
    return nullptr;
  Block &b = body.front();
  if (b.getNumArguments() != 2 || b.getOperations().size() != 2)
    return nullptr;
  Operation &op = b.front();
  Operation &ret = b.back();
  if (op.getNumOperands() != 2 || op.getNumResults() != 1 ||
      ret.getNumOperands() != 1 || ret.getOperand(0) != op.getResult(0))
    return nullptr;
  Value a0 = b.getArgument(0), a1 = b.getArgument(1);
  bool argsInOrder = op.getOperand(0) == a0 && op.getOperand(1) == a1;
  bool argsSwapped = op.getOperand(0) == a1 && op.getOperand(1) == a0;
  if (!argsInOrder && !argsSwapped)
    return nullptr;
  if (!isa<shlo::AddOp, shlo::MulOp, shlo::MaxOp, shlo::MinOp, shlo::AndOp,
           shlo::OrOp>(op))
    return nullptr;
  return &op;
}

std::string whyReduceShapesInvalid(shlo::ReduceOp reduce) {
  const std::string bad = "reduce shapes inconsistent with its dimensions";
  size_t n = reduce.getInputs().size();
  if (n == 0 || reduce.getInitValues().size() != n ||
      reduce->getNumResults() != n)
    return bad;
  ArrayRef<int64_t> in = shapeOf(reduce.getInputs()[0]);
  llvm::SmallVector<bool> reduced(in.size(), false);
  for (int64_t d : reduce.getDimensions()) {
    if (d < 0 || d >= static_cast<int64_t>(in.size()) || reduced[d])
      return bad;
    reduced[d] = true;
  }
  llvm::SmallVector<int64_t> kept;
  for (size_t d = 0; d < in.size(); ++d)
    if (!reduced[d])
      kept.push_back(in[d]);
  for (size_t k = 0; k < n; ++k) {
    Type et = elementOf(reduce.getInputs()[k]);
    Value init = reduce.getInitValues()[k], r = reduce->getResult(k);
    if (shapeOf(reduce.getInputs()[k]) != in || !shapeOf(init).empty() ||
        elementOf(init) != et || shapeOf(r) != ArrayRef<int64_t>(kept) ||
        elementOf(r) != et)
      return bad;
  }
  return "";
}

ExtentInput extentInput(Emitter &e, MLIRContext *ctx, ArrayRef<int64_t> shape,
                        const std::string &map) {
  Type i8 = IntegerType::get(ctx, 8);
  std::string type = tensorText(shape, i8);
  return {e.stmt("tensor.empty() : " + type), type, map};
}

std::vector<std::string>
emitFold(Emitter &e, Block &b, const std::vector<std::string> &ins,
         const std::vector<InType> &inTypes, const std::string &inMap,
         ArrayRef<int64_t> outShape, const std::string &outMap,
         const std::vector<std::string> &iterators,
         const std::vector<std::string> &inits, const ExtentInput *extent) {
  size_t n = ins.size();
  llvm::DenseMap<Value, std::string> scalars;
  bindBodyConstants(e, b, scalars);
  std::vector<std::string> maps, inTexts, outs, outTypes, elems;
  for (size_t k = 0; k < n; ++k) {
    elems.push_back(elementText(inTypes[k].element));
    maps.push_back(inMap);
    inTexts.push_back(inTypes[k].tensor);
    outTypes.push_back(tensorText(outShape, inTypes[k].element));
    std::string empty = e.reductionInit(outTypes.back());
    outs.push_back(e.stmt("linalg.fill ins(" + inits[k] + " : " + elems.back() +
                          ") outs(" + empty + " : " + outTypes.back() +
                          ") -> " + outTypes.back()));
  }
  std::vector<std::string> allIns = ins;
  if (extent) {
    allIns.push_back(extent->name);
    inTexts.push_back(extent->type);
    maps.push_back(extent->map);
  }
  for (size_t k = 0; k < n; ++k)
    maps.push_back(outMap);
  std::string result = e.fresh();
  std::vector<std::string> elemArgs, accArgs;
  std::string bbArgs;
  for (size_t k = 0; k < n; ++k) {
    elemArgs.push_back(e.fresh());
    bbArgs += elemArgs.back() + ": " + elems[k] + ", ";
  }
  if (extent)
    bbArgs += e.fresh() + ": i8, ";
  for (size_t k = 0; k < n; ++k) {
    accArgs.push_back(e.fresh());
    bbArgs += accArgs.back() + ": " + elems[k] + (k + 1 < n ? ", " : "");
  }
  // The body's arguments: the accumulators, then the elements.
  for (size_t k = 0; k < n; ++k) {
    scalars[b.getArgument(k)] = accArgs[k];
    scalars[b.getArgument(n + k)] = elemArgs[k];
  }
  std::string text;
  std::vector<std::string> yielded = bodyScalars(e, b, text, scalars);
  e.line(result + (n > 1 ? ":" + std::to_string(n) : "") +
         " = linalg.generic {indexing_maps = [" + llvm::join(maps, ", ") +
         "], iterator_types = [" + llvm::join(iterators, ", ") + "]} ins(" +
         llvm::join(allIns, ", ") + " : " + llvm::join(inTexts, ", ") +
         ") outs(" + llvm::join(outs, ", ") + " : " +
         llvm::join(outTypes, ", ") + ") {");
  e.line("^bb0(" + bbArgs + "):");
  e.text() += text;
  e.line("  linalg.yield " + llvm::join(yielded, ", ") + " : " +
         llvm::join(elems, ", "));
  e.line("} -> (" + llvm::join(outTypes, ", ") + ")");
  std::vector<std::string> results;
  for (size_t k = 0; k < n; ++k)
    results.push_back(n > 1 ? result + "#" + std::to_string(k) : result);
  return results;
}

std::vector<std::string> initScalars(Emitter &e, ValueRange inits) {
  std::vector<std::string> out;
  for (Value v : inits)
    out.push_back(e.stmt("tensor.extract " + e.valueName(v) +
                         "[] : " + tensorText({}, elementOf(v))));
  return out;
}

// A reduce of any number of inputs whose body is elementwise: one fold whose
// loops run over the kept dimensions, then the reduced ones in the order the
// op lists them.
static void emitGeneralReduce(Emitter &e, shlo::ReduceOp reduce) {
  llvm::SmallVector<int64_t> outShape = e.shapeOf(reduce->getResult(0));
  unsigned inRank = e.shapeOf(reduce.getInputs()[0]).size();
  ArrayRef<int64_t> dims = reduce.getDimensions();
  std::vector<std::string> inExprs(inRank), outExprs, iterators;
  unsigned loop = 0;
  for (unsigned d = 0; d < inRank; ++d)
    if (!llvm::is_contained(dims, d)) {
      outExprs.push_back("d" + std::to_string(loop));
      inExprs[d] = "d" + std::to_string(loop++);
      iterators.push_back("\"parallel\"");
    }
  for (int64_t d : dims) {
    inExprs[d] = "d" + std::to_string(loop++);
    iterators.push_back("\"reduction\"");
  }
  std::vector<std::string> ins;
  std::vector<InType> inTypes;
  for (Value x : reduce.getInputs()) {
    ins.push_back(e.valueName(x));
    inTypes.push_back(e.inTypeOf(x));
  }
  std::vector<std::string> results =
      emitFold(e, reduce.getBody().front(), ins, inTypes,
               mapText(inRank, inExprs), outShape, mapText(inRank, outExprs),
               iterators, initScalars(e, reduce.getInitValues()));
  for (auto [r, name] : llvm::zip(reduce->getResults(), results))
    e.bind(r, name);
}

std::string emitCombine(Emitter &e, Operation *combiner, const std::string &x,
                        const InType &xType, const std::string &init,
                        const std::string &inMap, ArrayRef<int64_t> outShape,
                        const std::string &outMap,
                        const std::vector<std::string> &iterators,
                        const std::string &flags, const ExtentInput *extent) {
  Type outEt = xType.element;
  Type accEt = computeType(outEt);
  std::string initScalar = init;
  if (accEt != outEt)
    initScalar = widen(e, e.text(), initScalar, outEt);
  std::string outType = tensorText(outShape, accEt);
  std::string empty = e.reductionInit(outType);
  std::string filled =
      e.stmt("linalg.fill ins(" + initScalar + " : " + elementText(accEt) +
             ") outs(" + empty + " : " + outType + ") -> " + outType);
  const char *opName = binaryOpFor(combiner, accEt);
  std::vector<std::string> ins = {x}, maps = {inMap};
  std::vector<InType> inTypes = {xType};
  if (extent) {
    ins.push_back(extent->name);
    inTypes.push_back({extent->type, IntegerType::get(outEt.getContext(), 8)});
    maps.push_back(extent->map);
  }
  std::string r = e.generic(
      ins, inTypes, maps, outShape, accEt, outMap, iterators,
      [&](std::string &body, const std::vector<std::string> &a) {
        std::string v = accEt != outEt ? widen(e, body, a[0], outEt) : a[0];
        return e.scalar(body, opName, a.back() + ", " + v + flags,
                        elementText(accEt));
      },
      filled);
  if (accEt == outEt)
    return r;
  unsigned rank = outShape.size();
  return e.generic({r}, {{outType, accEt}}, {identityMap(rank)}, outShape,
                   outEt, identityMap(rank),
                   std::vector<std::string>(rank, "parallel"),
                   [&](std::string &body, const std::vector<std::string> &a) {
                     return narrow(e, body, a[0], outEt);
                   });
}
// reduce: a single input folded by a plain combiner as one reduction
// (emitCombine), anything else as a general fold.
void emitReduce(Emitter &e, shlo::ReduceOp reduce) {
  if (reduce.getInputs().size() != 1 || !reductionCombiner(reduce.getBody()) ||
      isa<ComplexType>(elementOf(reduce.getInputs()[0]))) {
    emitGeneralReduce(e, reduce);
    return;
  }
  Value result = reduce->getResult(0);
  llvm::SmallVector<int64_t> shape = e.shapeOf(result);
  Type outEt = elementOf(result);
  Value x = reduce.getInputs()[0];
  Value init = reduce.getInitValues()[0];
  unsigned inRank = shapeOf(x).size();
  llvm::SmallVector<bool> reduced(inRank, false);
  for (int64_t d : reduce.getDimensions())
    if (d >= 0 && d < inRank)
      reduced[d] = true;
  std::vector<std::string> outExprs, iterators;
  for (unsigned d = 0; d < inRank; ++d) {
    iterators.push_back(reduced[d] ? "reduction" : "parallel");
    if (!reduced[d])
      outExprs.push_back("d" + std::to_string(d));
  }
  Operation *combiner = reductionCombiner(reduce.getBody());
  // Float sums and products may be reassociated: LLVM then keeps partial
  // results in vector lanes instead of one scalar chain. The order stays
  // fixed by the compiled code (a row block holds whole rows), so results
  // do not depend on the threads.
  std::string flags =
      isa<FloatType>(outEt) && isa<shlo::AddOp, shlo::MulOp>(combiner)
          ? " fastmath<reassoc>"
          : "";
  std::string initScalar = initScalars(e, init).front();
  e.bind(result, emitCombine(e, combiner, e.valueName(x), e.inTypeOf(x),
                             initScalar, identityMap(inRank), shape,
                             mapText(inRank, outExprs), iterators, flags));
}

} // namespace sdy::compiler
