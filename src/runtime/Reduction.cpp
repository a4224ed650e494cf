//===- Reduction.cpp - reduce kernels -------------------------------------===//
//
// Reductions move the reduced dimensions last (one transpose unless they
// already are) and fold each contiguous row in order, starting from the init
// value. Known bodies (add, multiply, maximum, minimum, and, or) run as typed
// loops for every element type (narrow floats accumulate in f32 and round
// once, sub-byte integers wrap); any other body is evaluated through a
// callback per element.
//
//===----------------------------------------------------------------------===//
#include "runtime/Dispatch.h"
#include "runtime/KernelTable.h"
#include "runtime/Kernels.h"
#include "runtime/ReduceApply.h"

#include "ir/stablehlo/StablehloDialect.h"

#include <cmath>

namespace sdy::runtime::kernels {

namespace {

std::vector<int64_t>
reducedLastPerm(int64_t rank, const std::vector<int64_t> &dims, Shape &kept) {
  std::vector<int64_t> perm;
  std::vector<bool> red(rank, false);
  for (int64_t d : dims)
    red[d] = true;
  for (int64_t i = 0; i < rank; ++i)
    if (!red[i])
      perm.push_back(i);
  for (int64_t d : dims)
    perm.push_back(d);
  return perm;
}

template <typename T, ReduceKind K>
void foldRows(const T *in, T *out, int64_t rows, int64_t len, T init) {
  using C = compute_t<T>;
  C i0 = load(init);
  for (int64_t r = 0; r < rows; ++r) {
    C acc = i0;
    const T *row = in + r * len;
    for (int64_t j = 0; j < len; ++j)
      acc = apply<C>(K, acc, load(row[j]));
    out[r] = store<T>(acc);
  }
}

// Reduce the leading dim of a [len, rows] view (reduced dims first): adds
// whole rows, which vectorises.
template <typename T, ReduceKind K>
void foldCols(const T *in, T *out, int64_t len, int64_t cols, T init) {
  using C = compute_t<T>;
  std::vector<C> acc(cols, load(init));
  for (int64_t j = 0; j < len; ++j) {
    const T *row = in + j * cols;
    for (int64_t c = 0; c < cols; ++c)
      acc[c] = apply<C>(K, acc[c], load(row[c]));
  }
  for (int64_t c = 0; c < cols; ++c)
    out[c] = store<T>(acc[c]);
}

} // namespace

Tensor reduce(const Tensor &x, const Tensor &init,
              const std::vector<int64_t> &dims, ReduceKind kind) {
  Shape kept;
  auto perm = reducedLastPerm(x.rank(), dims, kept);
  for (size_t i = 0; i < perm.size() - dims.size(); ++i)
    kept.push_back(x.dim(perm[i]));
  int64_t rows = numElements(kept);
  int64_t len = 1;
  for (int64_t d : dims)
    len *= x.dim(d);
  // Reduced dims leading (e.g. a sum over the batch) -> column fold.
  bool leading = true;
  for (size_t i = 0; i < dims.size(); ++i)
    leading &= std::find(dims.begin(), dims.end(), (int64_t)i) != dims.end();
  Tensor r(x.type(), kept);
  dispatchAll(x.type(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T iv = init.data<T>()[0];
    auto run = [&](auto kTag) {
      constexpr ReduceKind K = decltype(kTag)::value;
      if (leading && !dims.empty() && rows > 1) {
        foldCols<T, K>(x.data<T>(), r.data<T>(), len, rows, iv);
      } else {
        Tensor xt = transpose(x, perm);
        foldRows<T, K>(xt.data<T>(), r.data<T>(), rows, len, iv);
      }
    };
    switch (kind) {
    case ReduceKind::Add:
      run(std::integral_constant<ReduceKind, ReduceKind::Add>{});
      break;
    case ReduceKind::Mul:
      run(std::integral_constant<ReduceKind, ReduceKind::Mul>{});
      break;
    case ReduceKind::Max:
      run(std::integral_constant<ReduceKind, ReduceKind::Max>{});
      break;
    case ReduceKind::Min:
      run(std::integral_constant<ReduceKind, ReduceKind::Min>{});
      break;
    case ReduceKind::And:
      run(std::integral_constant<ReduceKind, ReduceKind::And>{});
      break;
    case ReduceKind::Or:
      run(std::integral_constant<ReduceKind, ReduceKind::Or>{});
      break;
    }
  });
  return r;
}

Tensor combine(ReduceKind kind, const Tensor &a, const Tensor &b) {
  Tensor r(a.type(), a.shape());
  dispatchAll(a.type(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = compute_t<T>;
    const T *pa = a.data<T>(), *pb = b.data<T>();
    T *out = r.data<T>();
    for (int64_t i = 0, n = a.numElements(); i < n; ++i)
      out[i] = store<T>(apply<C>(kind, load(pa[i]), load(pb[i])));
  });
  return r;
}

Tensor scalarAt(const Tensor &x, int64_t i) {
  size_t es = elementSize(x.type());
  return Tensor::fromData(x.type(), {},
                          static_cast<const char *>(x.raw()) + i * es);
}

void storeScalar(Tensor &dst, int64_t i, const Tensor &s) {
  size_t es = elementSize(dst.type());
  std::memcpy(static_cast<char *>(dst.raw()) + i * es, s.raw(), es);
}

bool reduceGeneric(const std::vector<Tensor> &xs,
                   const std::vector<Tensor> &inits,
                   const std::vector<int64_t> &dims, const ScalarBody &body,
                   std::vector<Tensor> &results, std::string &error) {
  size_t n = xs.size();
  Shape kept;
  auto perm = reducedLastPerm(xs[0].rank(), dims, kept);
  for (size_t i = 0; i < perm.size() - dims.size(); ++i)
    kept.push_back(xs[0].dim(perm[i]));
  int64_t rows = numElements(kept);
  int64_t len = 1;
  for (int64_t d : dims)
    len *= xs[0].dim(d);
  std::vector<Tensor> xt;
  for (const Tensor &x : xs)
    xt.push_back(transpose(x, perm));
  results.clear();
  for (size_t k = 0; k < n; ++k)
    results.emplace_back(inits[k].type(), kept);
  std::vector<Tensor> args(2 * n), out;
  for (int64_t r = 0; r < rows; ++r) {
    std::vector<Tensor> acc(inits.begin(), inits.end());
    for (int64_t j = 0; j < len; ++j) {
      for (size_t k = 0; k < n; ++k) {
        args[k] = acc[k];
        args[n + k] = scalarAt(xt[k], r * len + j);
      }
      if (!body(args, out, error))
        return false;
      if (out.size() != n) {
        error = "reduce body returned the wrong number of values";
        return false;
      }
      acc = out;
    }
    for (size_t k = 0; k < n; ++k)
      storeScalar(results[k], r, acc[k]);
  }
  return true;
}

} // namespace sdy::runtime::kernels

//===----------------------------------------------------------------------===//
// Op kernels
//===----------------------------------------------------------------------===//

namespace sdy::runtime {
namespace {
namespace shlo = mlir::stablehlo;
using mlir::cast;

Status reduceKernel(OpCall &c) {
  auto op = cast<shlo::ReduceOp>(c.op);
  size_t n = op.getInputs().size();
  std::vector<Tensor> xs(c.in.begin(), c.in.begin() + n),
      inits(c.in.begin() + n, c.in.end());
  auto dims = toVector(op.getDimensions());
  auto kind = Interpreter::recognizeBinaryBody(op.getBody());
  if (n == 1 && kind) {
    c.out.push_back(kernels::reduce(xs[0], inits[0], dims, *kind));
    return Status::ok();
  }
  std::string error;
  if (!kernels::reduceGeneric(xs, inits, dims,
                              c.interp.scalarBody(op.getBody(), &c.env), c.out,
                              error))
    return Status::internal(error);
  return Status::ok();
}

} // namespace

void registerReductionKernels(KernelTable &table) {
  table.add<shlo::ReduceOp>(reduceKernel);
}

} // namespace sdy::runtime
