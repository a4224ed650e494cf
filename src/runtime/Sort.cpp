//===- Sort.cpp - sort and map kernels ------------------------------------===//
//
// sort orders the index sequence of each slice along the sort dimension with
// a stable merge sort (any deterministic comparator, even one that is not a
// strict weak order, terminates and stays in bounds), then permutes every
// input by it. A comparator that is a single `compare` of the first input's
// two elements runs as a typed comparison (complex numbers lexicographic on
// (real, imag)); any other is evaluated per pair.
// map applies its computation element by element; custom_call @ApproxTopK
// (JAX's approx_max_k) is a sort cut to its results' size.
//
//===----------------------------------------------------------------------===//
#include "runtime/Dispatch.h"
#include "runtime/KernelTable.h"
#include "runtime/Kernels.h"

#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

#include <cstring>
#include <functional>

namespace sdy::runtime {
namespace {
namespace shlo = mlir::stablehlo;

// Sorts `perm` stably by `less` (merge sort); stops early once `failed`.
void mergeSort(std::vector<int64_t> &perm,
               const std::function<bool(int64_t, int64_t)> &less,
               const bool &failed) {
  size_t n = perm.size();
  std::vector<int64_t> tmp(n);
  for (size_t width = 1; width < n && !failed; width *= 2) {
    for (size_t lo = 0; lo < n && !failed; lo += 2 * width) {
      size_t mid = std::min(lo + width, n), hi = std::min(lo + 2 * width, n);
      size_t i = lo, j = mid, k = lo;
      while (i < mid && j < hi)
        tmp[k++] = less(perm[j], perm[i]) ? perm[j++] : perm[i++];
      while (i < mid)
        tmp[k++] = perm[i++];
      while (j < hi)
        tmp[k++] = perm[j++];
    }
    perm.swap(tmp);
  }
}

// The comparator `^bb(a, b, ...): c = compare DIR, a, b [, TYPE]; return c`
// (or with b, a): its direction, whether the operands are swapped and
// whether the comparison is the float total order.
struct SimpleComparator {
  kernels::CompareDir dir;
  bool swapped = false;
  bool totalOrder = false;
};

std::optional<SimpleComparator> recognizeComparator(mlir::Region &region) {
  if (region.empty())
    return std::nullopt;
  mlir::Block &block = region.front();
  if (block.getNumArguments() < 2 || block.getOperations().size() != 2)
    return std::nullopt;
  auto cmp = mlir::dyn_cast<shlo::CompareOp>(block.front());
  mlir::Operation &ret = block.back();
  if (!cmp || ret.getNumOperands() != 1 || ret.getOperand(0) != cmp)
    return std::nullopt;
  mlir::Value a = block.getArgument(0), b = block.getArgument(1);
  kernels::CompareKind kind;
  SimpleComparator s{kernels::compareOf(cmp, kind)};
  if (cmp.getLhs() == b && cmp.getRhs() == a)
    s.swapped = true;
  else if (cmp.getLhs() != a || cmp.getRhs() != b)
    return std::nullopt;
  s.totalOrder = kind == kernels::CompareKind::TotalOrder;
  return s;
}

// The typed `less` of a simple comparator over elements of `x`.
std::function<bool(int64_t, int64_t)> typedLess(const SimpleComparator &s,
                                                const Tensor &x) {
  using kernels::cmp;
  return dispatchAll(x.type(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T *data = x.data<T>();
    return std::function<bool(int64_t, int64_t)>(
        [s, data](int64_t i, int64_t j) {
          if (s.swapped)
            std::swap(i, j);
          T a = data[i], b = data[j];
          if constexpr (is_complex_v<T>) {
            if (s.totalOrder)
              return kernels::complexCompare(
                  s.dir, totalOrderKey(a.real()), totalOrderKey(a.imag()),
                  totalOrderKey(b.real()), totalOrderKey(b.imag()));
            return kernels::complexCompare(s.dir, a.real(), a.imag(), b.real(),
                                           b.imag());
          } else {
            if constexpr (is_float_v<T> || is_nfloat_v<T>)
              if (s.totalOrder)
                return cmp(s.dir, totalOrderKey(a), totalOrderKey(b));
            return cmp(s.dir, load(a), load(b));
          }
        });
  });
}

// Sorts `inputs` (equal shapes) along `dim` by `comparator`, a region over
// pairs of elements of every input, into `results`.
Status sortAlong(OpCall &c, const std::vector<Tensor> &inputs,
                 mlir::Region &comparator, int64_t dim,
                 std::vector<Tensor> &results) {
  const Tensor &first = inputs[0];
  if (dim < 0 || dim >= first.rank())
    return Status::invalid("sort dimension out of range");
  int64_t outer = 1, inner = 1, len = first.dim(dim);
  for (int64_t d = 0; d < dim; ++d)
    outer *= first.dim(d);
  for (int64_t d = dim + 1; d < first.rank(); ++d)
    inner *= first.dim(d);

  bool failed = false;
  std::string error;
  std::function<bool(int64_t, int64_t)> less;
  kernels::ScalarBody body;
  std::vector<Tensor> args(2 * inputs.size()), out;
  if (auto simple = recognizeComparator(comparator)) {
    less = typedLess(*simple, first);
  } else {
    body = c.interp.scalarBody(comparator, &c.env);
    less = [&](int64_t i, int64_t j) {
      if (failed)
        return false;
      for (size_t k = 0; k < inputs.size(); ++k) {
        args[2 * k] = kernels::scalarAt(inputs[k], i);
        args[2 * k + 1] = kernels::scalarAt(inputs[k], j);
      }
      if (!body(args, out, error))
        return !(failed = true);
      if (out.size() != 1 || out[0].numElements() != 1) {
        error = "sort comparator must return one predicate";
        return !(failed = true);
      }
      return out[0].getInt(0) != 0;
    };
  }

  results.clear();
  for (const Tensor &x : inputs)
    results.emplace_back(x.type(), x.shape());
  std::vector<int64_t> perm(len);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      int64_t base = o * len * inner + i;
      for (int64_t j = 0; j < len; ++j)
        perm[j] = base + j * inner;
      mergeSort(perm, less, failed);
      if (failed)
        return Status::internal(error);
      for (size_t k = 0; k < inputs.size(); ++k) {
        size_t es = elementSize(inputs[k].type());
        const char *src = static_cast<const char *>(inputs[k].raw());
        char *dst = static_cast<char *>(results[k].raw());
        for (int64_t j = 0; j < len; ++j)
          std::memcpy(dst + (base + j * inner) * es, src + perm[j] * es, es);
      }
    }
  return Status::ok();
}

Status sortKernel(OpCall &c) {
  auto op = mlir::cast<shlo::SortOp>(c.op);
  std::vector<Tensor> results;
  if (Status s = sortAlong(c, c.in, op.getComparator(),
                           op.getNormalizedDimension(), results);
      !s.isOk())
    return s;
  for (Tensor &r : results)
    c.out.push_back(std::move(r));
  return Status::ok();
}

Status mapKernel(OpCall &c) {
  auto op = mlir::cast<shlo::MapOp>(c.op);
  if (c.in.size() == 2 && c.in[0].type() == c.in[1].type() &&
      c.resultType == c.in[0].type())
    if (auto kind = Interpreter::recognizeBinaryBody(op.getComputation())) {
      c.out.push_back(kernels::combine(*kind, c.in[0], c.in[1]));
      return Status::ok();
    }
  kernels::ScalarBody body = c.interp.scalarBody(op.getComputation(), &c.env);
  Tensor result(c.resultType, c.resultShape);
  std::vector<Tensor> args(c.in.size()), out;
  std::string error;
  for (int64_t i = 0, n = result.numElements(); i < n; ++i) {
    for (size_t k = 0; k < c.in.size(); ++k)
      args[k] = kernels::scalarAt(c.in[k], i);
    if (!body(args, out, error))
      return Status::internal(error);
    if (out.size() != 1)
      return Status::internal("map computation must return one value");
    kernels::storeScalar(result, i, out[0]);
  }
  c.out.push_back(std::move(result));
  return Status::ok();
}

} // namespace

// XLA's CPU fallback of ApproxTopK is exact: the inputs sorted along
// reduction_dim by the comparator function, cut to the results' size there
// (top_k, or the larger size of aggregate_to_topk = false).
Status runApproxTopK(OpCall &c) {
  auto op = mlir::cast<shlo::CustomCallOp>(c.op);
  int64_t n = op->getNumResults();
  auto config = op->getAttrOfType<mlir::DictionaryAttr>("mhlo.backend_config");
  auto dimAttr = config ? config.getAs<mlir::IntegerAttr>("reduction_dim")
                        : mlir::IntegerAttr();
  auto computations = op.getCalledComputations();
  if (n == 0 || static_cast<int64_t>(c.in.size()) != 2 * n || !dimAttr ||
      !computations || computations.size() != 1)
    return Status::invalid(
        "ApproxTopK custom_call: expects N inputs, N init values, N results, "
        "a reduction_dim in mhlo.backend_config and one comparator in "
        "called_computations");
  auto func = mlir::SymbolTable::lookupNearestSymbolFrom<mlir::func::FuncOp>(
      op, mlir::cast<mlir::SymbolRefAttr>(computations[0]));
  if (!func || func.getBody().empty())
    return Status::invalid("ApproxTopK custom_call: comparator function " +
                           llvm::cast<mlir::SymbolRefAttr>(computations[0])
                               .getLeafReference()
                               .str() +
                           " not found");
  std::vector<Tensor> inputs(c.in.begin(), c.in.begin() + n), sorted;
  int64_t dim = dimAttr.getInt();
  for (int64_t i = 0; i < n; ++i) {
    auto type = mlir::cast<mlir::ShapedType>(op->getResult(i).getType());
    if (inputs[i].shape() != inputs[0].shape() ||
        type.getRank() != inputs[i].rank() || dim < 0 ||
        dim >= inputs[i].rank() || type.getDimSize(dim) > inputs[i].dim(dim))
      return Status::invalid("ApproxTopK custom_call: inputs and results do "
                             "not match along reduction_dim");
  }
  if (Status s = sortAlong(c, inputs, func.getBody(), dim, sorted); !s.isOk())
    return s;
  for (int64_t i = 0; i < n; ++i) {
    auto type = mlir::cast<mlir::ShapedType>(op->getResult(i).getType());
    Shape shape(type.getShape().begin(), type.getShape().end());
    Tensor r(sorted[i].type(), shape);
    int64_t outer = 1, inner = 1, len = sorted[i].dim(dim), k = shape[dim];
    for (int64_t d = 0; d < dim; ++d)
      outer *= shape[d];
    for (int64_t d = dim + 1; d < static_cast<int64_t>(shape.size()); ++d)
      inner *= shape[d];
    size_t es = elementSize(r.type());
    const char *src = static_cast<const char *>(sorted[i].raw());
    char *dst = static_cast<char *>(r.raw());
    for (int64_t o = 0; o < outer; ++o)
      std::memcpy(dst + o * k * inner * es, src + o * len * inner * es,
                  k * inner * es);
    c.out.push_back(std::move(r));
  }
  return Status::ok();
}

void registerSortKernels(KernelTable &table) {
  table.add<shlo::SortOp>(sortKernel);
  table.add<shlo::MapOp>(mapKernel);
}

} // namespace sdy::runtime
