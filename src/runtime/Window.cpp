//===- Window.cpp - reduce_window and select_and_scatter kernels ----------===//
//
// Both walk the result (or source) elements in row-major order and, for
// each, the window positions in row-major order. A window position maps to an
// input element or to padding (the low/high padding and the holes that base
// dilation leaves); reduce_window feeds padding to the body as the init
// value, select_and_scatter skips it. Known reduce_window and scatter bodies
// run as typed loops; others are evaluated per element.
//
//===----------------------------------------------------------------------===//
#include "runtime/Dispatch.h"
#include "runtime/KernelTable.h"
#include "runtime/Kernels.h"
#include "runtime/ReduceApply.h"

#include "ir/stablehlo/StablehloDialect.h"

namespace sdy::runtime {
namespace {
namespace shlo = mlir::stablehlo;
using kernels::ReduceKind;
using kernels::ScalarBody;

// The window geometry, one entry per dimension.
struct Window {
  std::vector<int64_t> size, strides, baseDilations, windowDilations, padLow;
};

std::vector<int64_t> listOr1(std::optional<llvm::ArrayRef<int64_t>> list,
                             size_t rank) {
  return list ? toVector(*list) : std::vector<int64_t>(rank, 1);
}

std::vector<int64_t> paddingLow(std::optional<mlir::DenseIntElementsAttr> pad,
                                size_t rank) {
  std::vector<int64_t> low(rank, 0);
  if (pad) {
    auto values = llvm::to_vector(pad->getValues<int64_t>());
    for (size_t d = 0; d < rank && 2 * d < values.size(); ++d)
      low[d] = values[2 * d];
  }
  return low;
}

// Advances the row-major multi-index `index` within `shape`; false when it
// wraps around.
bool next(std::vector<int64_t> &index, const Shape &shape) {
  for (int64_t d = static_cast<int64_t>(index.size()) - 1; d >= 0; --d) {
    if (++index[d] < shape[d])
      return true;
    index[d] = 0;
  }
  return false;
}

// The interpreter walks every window position of every result element;
// windows larger than this (sizes come from attributes, not tensors) are
// refused rather than run for hours.
constexpr int64_t kMaxWindowSteps = int64_t(1) << 32;

Status checkWindowSize(llvm::StringRef opName, const Window &w,
                       int64_t results) {
  int64_t steps = std::max<int64_t>(results, 1);
  for (int64_t size : w.size)
    if (__builtin_mul_overflow(steps, size, &steps) || steps > kMaxWindowSteps)
      return Status::unsupported(
          opName.str() + ": windows too large to run (more than 2^32 window "
                         "positions in all)");
  return Status::ok();
}

// For result index `out`, the linear input index of every window position
// (-1 for padding), in row-major window order.
void windowElements(const Window &w, const Shape &inShape,
                    const std::vector<int64_t> &out,
                    std::vector<int64_t> &elements) {
  elements.clear();
  size_t rank = inShape.size();
  std::vector<int64_t> strides = rowMajorStrides(inShape);
  std::vector<int64_t> pos(rank, 0);
  Shape windowShape(w.size.begin(), w.size.end());
  if (numElements(windowShape) == 0)
    return;
  do {
    int64_t linear = 0;
    for (size_t d = 0; d < rank && linear >= 0; ++d) {
      int64_t p =
          out[d] * w.strides[d] + pos[d] * w.windowDilations[d] - w.padLow[d];
      if (p < 0 || p % w.baseDilations[d] != 0 ||
          p / w.baseDilations[d] >= inShape[d])
        linear = -1;
      else
        linear += p / w.baseDilations[d] * strides[d];
    }
    elements.push_back(linear);
  } while (next(pos, windowShape));
}

template <typename T>
void reduceWindowTyped(ReduceKind kind, const Tensor &x, const Tensor &init,
                       const Window &w, Tensor &r) {
  using C = compute_t<T>;
  const T *in = x.data<T>();
  T *out = r.data<T>();
  C i0 = load(init.data<T>()[0]);
  std::vector<int64_t> index(r.rank(), 0), elements;
  for (int64_t o = 0, n = r.numElements(); o < n; ++o, next(index, r.shape())) {
    windowElements(w, x.shape(), index, elements);
    C acc = i0;
    for (int64_t e : elements)
      acc = kernels::apply<C>(kind, acc, e < 0 ? i0 : load(in[e]));
    out[o] = store<T>(acc);
  }
}

Status reduceWindowKernel(OpCall &c) {
  auto op = mlir::cast<shlo::ReduceWindowOp>(c.op);
  size_t n = op.getInputs().size();
  size_t rank = c.in[0].rank();
  Window w{toVector(op.getWindowDimensions()),
           listOr1(op.getWindowStrides(), rank),
           listOr1(op.getBaseDilations(), rank),
           listOr1(op.getWindowDilations(), rank),
           paddingLow(op.getPadding(), rank)};
  const Shape &outShape = c.resultShape;
  SDY_RETURN_IF_ERROR(
      checkWindowSize("reduce_window", w, numElements(outShape)));
  if (n == 1)
    if (auto kind = Interpreter::recognizeBinaryBody(op.getBody())) {
      Tensor r(c.in[0].type(), outShape);
      dispatchAll(r.type(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        reduceWindowTyped<T>(*kind, c.in[0], c.in[1], w, r);
      });
      c.out.push_back(std::move(r));
      return Status::ok();
    }
  ScalarBody body = c.interp.scalarBody(op.getBody(), &c.env);
  std::vector<Tensor> results;
  for (size_t k = 0; k < n; ++k)
    results.emplace_back(c.in[n + k].type(), outShape);
  std::vector<int64_t> index(outShape.size(), 0), elements;
  std::vector<Tensor> args(2 * n), acc, next_;
  std::string error;
  for (int64_t o = 0, e = numElements(outShape); o < e;
       ++o, next(index, outShape)) {
    windowElements(w, c.in[0].shape(), index, elements);
    acc.assign(c.in.begin() + n, c.in.end());
    for (int64_t element : elements) {
      for (size_t k = 0; k < n; ++k) {
        args[k] = acc[k];
        args[n + k] =
            element < 0 ? c.in[n + k] : kernels::scalarAt(c.in[k], element);
      }
      if (!body(args, next_, error))
        return Status::internal(error);
      if (next_.size() != n)
        return Status::internal(
            "reduce_window body returned the wrong number of values");
      acc.swap(next_);
    }
    for (size_t k = 0; k < n; ++k)
      kernels::storeScalar(results[k], o, acc[k]);
  }
  for (Tensor &r : results)
    c.out.push_back(std::move(r));
  return Status::ok();
}

// Applies the scatter body: result[i] = scatter(result[i], value).
template <typename T>
void scatterTyped(ReduceKind kind, Tensor &result, int64_t i,
                  const Tensor &source, int64_t s) {
  using C = compute_t<T>;
  T *out = result.data<T>();
  out[i] = store<T>(
      kernels::apply<C>(kind, load(out[i]), load(source.data<T>()[s])));
}

Status selectAndScatterKernel(OpCall &c) {
  auto op = mlir::cast<shlo::SelectAndScatterOp>(c.op);
  const Tensor &operand = c.in[0], &source = c.in[1], &init = c.in[2];
  size_t rank = operand.rank();
  Window w{listOr1(op.getWindowDimensions(), rank),
           listOr1(op.getWindowStrides(), rank), std::vector<int64_t>(rank, 1),
           std::vector<int64_t>(rank, 1), paddingLow(op.getPadding(), rank)};
  SDY_RETURN_IF_ERROR(
      checkWindowSize("select_and_scatter", w, source.numElements()));
  // The result starts as the init value everywhere.
  Tensor result(operand.type(), operand.shape());
  size_t es = elementSize(operand.type());
  for (int64_t i = 0, n = result.numElements(); i < n; ++i)
    std::memcpy(static_cast<char *>(result.raw()) + i * es, init.raw(), es);
  ScalarBody select = c.interp.scalarBody(op.getSelect(), &c.env);
  ScalarBody scatter = c.interp.scalarBody(op.getScatter(), &c.env);
  auto kind = Interpreter::recognizeBinaryBody(op.getScatter());
  std::vector<int64_t> index(rank, 0), elements;
  std::vector<Tensor> args(2), out;
  std::string error;
  for (int64_t s = 0, n = source.numElements(); s < n;
       ++s, next(index, source.shape())) {
    windowElements(w, operand.shape(), index, elements);
    int64_t selected = -1;
    Tensor selectedValue;
    for (int64_t e : elements) {
      if (e < 0)
        continue;
      Tensor value = kernels::scalarAt(operand, e);
      if (selected >= 0) {
        args[0] = selectedValue;
        args[1] = value;
        if (!select(args, out, error))
          return Status::internal(error);
        if (out.size() != 1 || out[0].numElements() != 1)
          return Status::internal("select must return one predicate");
        if (out[0].getInt(0) != 0)
          continue;
      }
      selected = e;
      selectedValue = value;
    }
    if (selected < 0)
      continue;
    if (kind) {
      dispatchAll(result.type(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        scatterTyped<T>(*kind, result, selected, source, s);
      });
      continue;
    }
    args[0] = kernels::scalarAt(result, selected);
    args[1] = kernels::scalarAt(source, s);
    if (!scatter(args, out, error))
      return Status::internal(error);
    if (out.size() != 1)
      return Status::internal("scatter must return one value");
    kernels::storeScalar(result, selected, out[0]);
  }
  c.out.push_back(std::move(result));
  return Status::ok();
}

} // namespace

void registerWindowKernels(KernelTable &table) {
  table.add<shlo::ReduceWindowOp>(reduceWindowKernel);
  table.add<shlo::SelectAndScatterOp>(selectAndScatterKernel);
}

} // namespace sdy::runtime
