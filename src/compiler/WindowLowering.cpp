//===- WindowLowering.cpp - reduce_window --------------------------------===//
#include "compiler/WindowLowering.h"
#include "compiler/BodyLowering.h"
#include "compiler/DataMovementLowering.h"
#include "compiler/ReduceLowering.h"
#include "ir/stablehlo/StablehloDialect.h"

namespace sdy::compiler {

using namespace mlir;
namespace shlo = mlir::stablehlo;

// reduce_window's window, one entry per dimension (absent lists are ones,
// absent padding zeros). The lists are checked to have the rank first.
struct WindowGeometry {
  llvm::SmallVector<int64_t> size, strides, baseDilations, windowDilations,
      padLow, padHigh;
};

static WindowGeometry windowGeometry(shlo::ReduceWindowOp op) {
  size_t rank = shapeOf(op.getInputs()[0]).size();
  auto orOnes = [&](std::optional<ArrayRef<int64_t>> l) {
    return l ? llvm::SmallVector<int64_t>(*l)
             : llvm::SmallVector<int64_t>(rank, 1);
  };
  WindowGeometry w{
      orOnes(op.getWindowDimensions()),    orOnes(op.getWindowStrides()),
      orOnes(op.getBaseDilations()),       orOnes(op.getWindowDilations()),
      llvm::SmallVector<int64_t>(rank, 0), llvm::SmallVector<int64_t>(rank, 0)};
  if (auto pad = op.getPadding()) {
    auto values = llvm::to_vector(pad->getValues<int64_t>());
    for (size_t d = 0; d < rank && 2 * d + 1 < values.size(); ++d) {
      w.padLow[d] = values[2 * d];
      w.padHigh[d] = values[2 * d + 1];
    }
  }
  return w;
}

std::string whyReduceWindowNotLowerable(shlo::ReduceWindowOp op) {
  const std::string bad = "reduce_window shapes inconsistent with its window";
  size_t n = op.getInputs().size();
  if (n == 0 || op.getInitValues().size() != n || op->getNumResults() != n)
    return bad;
  ArrayRef<int64_t> in = shapeOf(op.getInputs()[0]);
  ArrayRef<int64_t> out = shapeOf(op->getResult(0));
  size_t rank = in.size();
  for (size_t k = 0; k < n; ++k) {
    Value x = op.getInputs()[k], init = op.getInitValues()[k],
          r = op->getResult(k);
    if (shapeOf(x) != in || !shapeOf(init).empty() ||
        elementOf(init) != elementOf(x) || shapeOf(r) != out ||
        elementOf(r) != elementOf(x))
      return bad;
  }
  auto listOk = [&](std::optional<ArrayRef<int64_t>> l) {
    return !l || (l->size() == rank &&
                  llvm::all_of(*l, [](int64_t v) { return v >= 1; }));
  };
  if (!listOk(op.getWindowDimensions()) || !listOk(op.getWindowStrides()) ||
      !listOk(op.getBaseDilations()) || !listOk(op.getWindowDilations()) ||
      out.size() != rank)
    return bad;
  if (auto pad = op.getPadding())
    if (pad->getNumElements() != static_cast<int64_t>(2 * rank))
      return bad;
  WindowGeometry w = windowGeometry(op);
  // Every result element reads its window: an empty result or input is
  // left to the runtime kernel, as are windows it refuses to walk. The
  // extents are computed in doubles: attributes near 2^63 must not wrap.
  double steps = 1;
  llvm::SmallVector<int64_t> reach;
  for (size_t d = 0; d < rank; ++d) {
    if (in[d] < 1 || out[d] < 1)
      return "empty reduce_window input or result is not compiled";
    double dilated = double(in[d] - 1) * double(w.baseDilations[d]) + 1 +
                     double(w.padLow[d]) + double(w.padHigh[d]);
    double window = double(w.size[d] - 1) * double(w.windowDilations[d]) + 1;
    double reached = double(out[d] - 1) * double(w.strides[d]) + window;
    steps *= double(out[d]) * double(w.size[d]);
    if (steps > 4294967296.0 || reached > 4294967296.0 ||
        dilated > 4294967296.0)
      return "windows too large to compile (more than 2^32 window positions)";
    if (dilated < window ||
        out[d] != int64_t(dilated - window) / w.strides[d] + 1)
      return bad;
    reach.push_back(int64_t(reached));
  }
  // The padded inputs the windows read are buffers of the kernel.
  for (Value x : op.getInputs())
    if (!fitsInMemory(RankedTensorType::get(reach, elementOf(x))))
      return "padded input " +
             printed(RankedTensorType::get(reach, elementOf(x))) +
             " needs more bytes than this machine's memory (interpreted)";
  return whyBodyNotLowerable(op.getBody(),
                             foldBody("reduce_window body", op.getInputs()));
}

void emitReduceWindow(Emitter &e, shlo::ReduceWindowOp op) {
  WindowGeometry w = windowGeometry(op);
  llvm::SmallVector<int64_t> in = e.shapeOf(op.getInputs()[0]);
  llvm::SmallVector<int64_t> out = e.shapeOf(op->getResult(0));
  unsigned rank = in.size();
  // The part of the padded input the windows reach; the input itself when
  // it is not padded or dilated.
  llvm::SmallVector<int64_t> reach;
  bool direct = true;
  for (unsigned d = 0; d < rank; ++d) {
    reach.push_back((out[d] - 1) * w.strides[d] +
                    (w.size[d] - 1) * w.windowDilations[d] + 1);
    direct = direct && w.padLow[d] == 0 && w.baseDilations[d] == 1 &&
             reach[d] <= in[d];
  }
  std::vector<std::string> inExprs, outExprs, iterators, plain;
  for (unsigned d = 0; d < rank; ++d) {
    std::string o = "d" + std::to_string(d);
    std::string p = "d" + std::to_string(rank + d);
    outExprs.push_back(o);
    inExprs.push_back(o + " * " + std::to_string(w.strides[d]) + " + " + p +
                      " * " + std::to_string(w.windowDilations[d]));
    iterators.push_back("\"parallel\"");
    plain.push_back("parallel");
  }
  for (unsigned d = 0; d < rank; ++d) {
    iterators.push_back("\"reduction\"");
    plain.push_back("reduction");
  }
  std::vector<std::string> inits = initScalars(e, op.getInitValues());
  std::vector<std::string> ins;
  std::vector<InType> inTypes;
  for (auto [k, x] : llvm::enumerate(op.getInputs())) {
    Type et = elementOf(x);
    if (direct) {
      ins.push_back(e.valueName(x));
      inTypes.push_back(e.inTypeOf(x));
    } else {
      ins.push_back(spread(e, e.valueName(x), in, et, w.padLow, w.baseDilations,
                           reach, inits[k]));
      inTypes.push_back({tensorText(reach, et), et});
    }
  }
  std::string inMap = mapText(2 * rank, inExprs);
  std::string outMap = mapText(2 * rank, outExprs);
  std::vector<std::string> windowExprs;
  for (unsigned d = 0; d < rank; ++d)
    windowExprs.push_back("d" + std::to_string(rank + d));
  ExtentInput extent =
      extentInput(e, op->getContext(), w.size, mapText(2 * rank, windowExprs));
  Operation *combiner = reductionCombiner(op.getBody());
  if (ins.size() == 1 && combiner && !isa<ComplexType>(inTypes[0].element)) {
    e.bind(op->getResult(0),
           emitCombine(e, combiner, ins[0], inTypes[0], inits[0], inMap, out,
                       outMap, plain, "", &extent));
    return;
  }
  std::vector<std::string> results =
      emitFold(e, op.getBody().front(), ins, inTypes, inMap, out, outMap,
               iterators, inits, &extent);
  for (auto [r, name] : llvm::zip(op->getResults(), results))
    e.bind(r, name);
}
} // namespace sdy::compiler
