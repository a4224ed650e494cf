//===- DataMovementLowering.cpp - slices, pads and the other data movement ops
//===//
#include "compiler/DataMovementLowering.h"
#include "compiler/ScalarLowering.h"
#include "ir/stablehlo/StablehloDialect.h"

namespace sdy::compiler {

using namespace mlir;
namespace shlo = mlir::stablehlo;

bool isDataMovement(Operation *op) {
  return isa<shlo::BroadcastInDimOp, shlo::ReshapeOp, shlo::TransposeOp,
             shlo::SliceOp, shlo::ConcatenateOp, shlo::PadOp, shlo::ReverseOp,
             shlo::IotaOp, shlo::DynamicSliceOp, shlo::DynamicUpdateSliceOp>(
      op);
}

std::string whyDataMovementInvalid(Operation *op) {
  const std::string bad = "attributes inconsistent with the shapes";
  if (auto slice = dyn_cast<shlo::SliceOp>(op)) {
    ArrayRef<int64_t> in = shapeOf(slice.getOperand());
    ArrayRef<int64_t> out = shapeOf(slice.getResult());
    ArrayRef<int64_t> lo = slice.getStartIndices(),
                      hi = slice.getLimitIndices(), st = slice.getStrides();
    if (lo.size() != in.size() || hi.size() != in.size() ||
        st.size() != in.size() || out.size() != in.size())
      return bad;
    for (size_t d = 0; d < in.size(); ++d)
      if (st[d] < 1 || lo[d] < 0 || hi[d] > in[d] || lo[d] > hi[d] ||
          out[d] != (hi[d] - lo[d] + st[d] - 1) / st[d])
        return bad;
  }
  if (auto concat = dyn_cast<shlo::ConcatenateOp>(op)) {
    ArrayRef<int64_t> out = shapeOf(concat.getResult());
    int64_t dim = concat.getDimension(), total = 0;
    if (dim < 0 || dim >= static_cast<int64_t>(out.size()))
      return bad;
    for (Value v : concat.getInputs()) {
      ArrayRef<int64_t> in = shapeOf(v);
      if (in.size() != out.size())
        return bad;
      for (size_t d = 0; d < in.size(); ++d)
        if (static_cast<int64_t>(d) != dim && in[d] != out[d])
          return bad;
      total += in[dim];
    }
    if (total != out[dim])
      return bad;
  }
  if (auto pad = dyn_cast<shlo::PadOp>(op)) {
    ArrayRef<int64_t> in = shapeOf(pad.getOperand());
    ArrayRef<int64_t> out = shapeOf(pad.getResult());
    ArrayRef<int64_t> lo = pad.getEdgePaddingLow(),
                      hi = pad.getEdgePaddingHigh(),
                      interior = pad.getInteriorPadding();
    if (lo.size() != in.size() || hi.size() != in.size() ||
        interior.size() != in.size() || out.size() != in.size() ||
        !shapeOf(pad.getPaddingValue()).empty())
      return bad;
    for (size_t d = 0; d < in.size(); ++d) {
      int64_t spread = in[d] == 0 ? 0 : in[d] + (in[d] - 1) * interior[d];
      if (interior[d] < 0 || out[d] != lo[d] + spread + hi[d])
        return bad;
    }
  }
  if (auto reverse = dyn_cast<shlo::ReverseOp>(op)) {
    for (int64_t d : reverse.getDimensions())
      if (d < 0 ||
          d >= static_cast<int64_t>(shapeOf(reverse.getOperand()).size()))
        return bad;
  }
  if (auto iota = dyn_cast<shlo::IotaOp>(op)) {
    int64_t d = iota.getIotaDimension();
    if (d < 0 || d >= static_cast<int64_t>(shapeOf(iota.getResult()).size()))
      return bad;
  }
  auto checkStarts = [&](ValueRange starts, ArrayRef<int64_t> in,
                         ArrayRef<int64_t> sizes) -> std::string {
    if (starts.size() != in.size() || sizes.size() != in.size())
      return bad;
    for (size_t d = 0; d < in.size(); ++d)
      if (sizes[d] < 0 || sizes[d] > in[d])
        return bad;
    for (Value s : starts)
      if (!shapeOf(s).empty() || isPred(elementOf(s)))
        return "start indices are not integer scalars";
    return "";
  };
  if (auto ds = dyn_cast<shlo::DynamicSliceOp>(op)) {
    if (ds.getSliceSizes() != shapeOf(ds.getResult()))
      return bad;
    return checkStarts(ds.getStartIndices(), shapeOf(ds.getOperand()),
                       ds.getSliceSizes());
  }
  if (auto dus = dyn_cast<shlo::DynamicUpdateSliceOp>(op)) {
    if (shapeOf(dus.getResult()) != shapeOf(dus.getOperand()))
      return bad;
    return checkStarts(dus.getStartIndices(), shapeOf(dus.getOperand()),
                       shapeOf(dus.getUpdate()));
  }
  return "";
}

// The clamped start indices of a dynamic slice (as index values): each
// start is clamped to [0, dim - size], as StableHLO defines it.
static std::vector<std::string> clampedStarts(Emitter &e, Operation *op,
                                              ValueRange starts,
                                              ArrayRef<int64_t> dims,
                                              ArrayRef<int64_t> sizes) {
  std::vector<std::string> out;
  Type i64 = IntegerType::get(op->getContext(), 64);
  for (auto [d, v] : llvm::enumerate(starts)) {
    Type it = elementOf(v);
    std::string s = e.stmt("tensor.extract " + e.valueName(v) +
                           "[] : " + tensorText({}, it));
    s = convertScalar(e, e.text(), s, it, i64);
    std::string zero = e.constant(e.text(), "0", i64);
    std::string hi =
        e.constant(e.text(), std::to_string(dims[d] - sizes[d]), i64);
    std::string lo = e.scalar(e.text(), "arith.maxsi", s + ", " + zero, "i64");
    std::string c = e.scalar(e.text(), "arith.minsi", lo + ", " + hi, "i64");
    out.push_back(e.stmt("arith.index_cast " + c + " : i64 to index"));
  }
  return out;
}

std::string spread(Emitter &e, const std::string &src, ArrayRef<int64_t> in,
                   Type et, ArrayRef<int64_t> low, ArrayRef<int64_t> step,
                   ArrayRef<int64_t> shape, const std::string &fill) {
  std::string outType = tensorText(shape, et);
  std::string empty = e.stmt("tensor.empty() : " + outType);
  std::string r =
      e.stmt("linalg.fill ins(" + fill + " : " + elementText(et) + ") outs(" +
             empty + " : " + outType + ") -> " + outType);
  std::vector<int64_t> first, count, at, ones(in.size(), 1);
  bool anyKept = true, whole = true;
  for (size_t d = 0; d < in.size(); ++d) {
    int64_t lo = low[d], s = step[d];
    int64_t i0 = lo >= 0 ? 0 : (-lo + s - 1) / s;
    int64_t last = shape[d] - 1 - lo;
    int64_t i1 = last < 0 ? -1 : std::min(in[d] - 1, last / s);
    if (i1 < i0)
      anyKept = false;
    first.push_back(i0);
    count.push_back(std::max<int64_t>(0, i1 - i0 + 1));
    at.push_back(lo + i0 * s);
    whole = whole && i0 == 0 && i1 == in[d] - 1;
  }
  if (!anyKept)
    return r;
  std::string kept = src;
  if (!whole)
    kept = e.stmt("tensor.extract_slice " + src + listText(first) +
                  listText(count) + listText(ones) + " : " +
                  tensorText(in, et) + " to " + tensorText(count, et));
  return e.stmt("tensor.insert_slice " + kept + " into " + r + listText(at) +
                listText(count) + listText(step) + " : " +
                tensorText(count, et) + " into " + outType);
}

bool emitSlicing(Emitter &e, Operation *op) {
  Value result = op->getResult(0);
  ArrayRef<int64_t> shape = shapeOf(result);
  Type et = elementOf(result);
  std::string outType = tensorText(shape, et);
  std::vector<int64_t> ones(shape.size(), 1);
  auto extract = [&](const std::string &src, Value from, const std::string &at,
                     ArrayRef<int64_t> sizes, ArrayRef<int64_t> strides) {
    return e.stmt("tensor.extract_slice " + src + at + listText(sizes) +
                  listText(strides) + " : " + tensorText(shapeOf(from), et) +
                  " to " + tensorText(sizes, et));
  };
  auto insert = [&](const std::string &src, ArrayRef<int64_t> srcShape,
                    const std::string &into, const std::string &at,
                    ArrayRef<int64_t> strides) {
    return e.stmt("tensor.insert_slice " + src + " into " + into + at +
                  listText(srcShape) + listText(strides) + " : " +
                  tensorText(srcShape, et) + " into " + outType);
  };
  if (auto slice = dyn_cast<shlo::SliceOp>(op)) {
    std::string src = e.valueName(slice.getOperand());
    e.bind(result, shape.empty() ? src
                                 : extract(src, slice.getOperand(),
                                           listText(slice.getStartIndices()),
                                           shape, slice.getStrides()));
    return true;
  }
  if (auto concat = dyn_cast<shlo::ConcatenateOp>(op)) {
    std::string r = e.stmt("tensor.empty() : " + outType);
    int64_t dim = concat.getDimension(), offset = 0;
    for (Value v : concat.getInputs()) {
      ArrayRef<int64_t> in = shapeOf(v);
      std::vector<int64_t> at(in.size(), 0);
      at[dim] = offset;
      offset += in[dim];
      if (in[dim] != 0)
        r = insert(e.valueName(v), in, r, listText(at), ones);
    }
    e.bind(result, r);
    return true;
  }
  if (auto pad = dyn_cast<shlo::PadOp>(op)) {
    std::string value =
        e.stmt("tensor.extract " + e.valueName(pad.getPaddingValue()) +
               "[] : " + tensorText({}, et));
    Value x = pad.getOperand();
    if (shape.empty()) {
      e.bind(result, e.valueName(x));
      return true;
    }
    llvm::SmallVector<int64_t> step;
    for (int64_t i : pad.getInteriorPadding())
      step.push_back(i + 1);
    e.bind(result, spread(e, e.valueName(x), shapeOf(x), et,
                          pad.getEdgePaddingLow(), step, shape, value));
    return true;
  }
  if (auto ds = dyn_cast<shlo::DynamicSliceOp>(op)) {
    Value x = ds.getOperand();
    std::string src = e.valueName(x);
    if (shape.empty()) {
      e.bind(result, src);
      return true;
    }
    std::vector<std::string> at =
        clampedStarts(e, op, ds.getStartIndices(), shapeOf(x), shape);
    e.bind(result, extract(src, x, listText(at), shape, ones));
    return true;
  }
  if (auto dus = dyn_cast<shlo::DynamicUpdateSliceOp>(op)) {
    Value update = dus.getUpdate();
    ArrayRef<int64_t> us = shapeOf(update);
    if (shape.empty()) {
      e.bind(result, e.valueName(update));
      return true;
    }
    std::vector<std::string> at =
        clampedStarts(e, op, dus.getStartIndices(), shape, us);
    e.bind(result, insert(e.valueName(update), us,
                          e.valueName(dus.getOperand()), listText(at), ones));
    return true;
  }
  return false;
}
} // namespace sdy::compiler
