//===- GatherScatter.cpp - gather and scatter -----------------------------===//
//
// Direct transcriptions of the StableHLO spec's index formulas (batching
// dims included). Gather clamps start indices; scatter skips updates whose
// target lies out of bounds. Index arithmetic is done once per element, the
// element copy/combine is typed.
//
//===----------------------------------------------------------------------===//
#include "runtime/Dispatch.h"
#include "runtime/KernelTable.h"
#include "runtime/Kernels.h"
#include "runtime/ReduceApply.h"

#include "ir/stablehlo/StablehloDialect.h"

#include <algorithm>

namespace sdy::runtime::kernels {

namespace {

bool contains(const std::vector<int64_t> &v, int64_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

void unflatten(int64_t linear, const Shape &shape, std::vector<int64_t> &idx) {
  idx.resize(shape.size());
  for (int64_t i = static_cast<int64_t>(shape.size()) - 1; i >= 0; --i) {
    idx[i] = shape[i] ? linear % shape[i] : 0;
    linear = shape[i] ? linear / shape[i] : 0;
  }
}

// Reads the start-index vector for `batchIndex` (indices dims other than
// index_vector_dim) from `indices`.
void readStartIndex(const Tensor &indices, int64_t indexVectorDim,
                    const std::vector<int64_t> &batchIndex,
                    std::vector<int64_t> &out) {
  int64_t rank = indices.rank();
  auto strides = rowMajorStrides(indices.shape());
  int64_t base = 0;
  if (indexVectorDim < rank) {
    int64_t b = 0;
    for (int64_t d = 0; d < rank; ++d) {
      if (d == indexVectorDim)
        continue;
      base += batchIndex[b++] * strides[d];
    }
    int64_t n = indices.dim(indexVectorDim);
    out.resize(n);
    for (int64_t i = 0; i < n; ++i)
      out[i] = indices.getInt(base + i * strides[indexVectorDim]);
  } else {
    for (int64_t d = 0; d < rank; ++d)
      base += batchIndex[d] * strides[d];
    out.assign(1, indices.getInt(base));
  }
}

// dst[first] = src[second] for every pair, by element size (complex<f64>
// elements are 16 bytes).
void copyElems(Tensor &dst, const Tensor &src,
               const std::vector<std::pair<int64_t, int64_t>> &pairs) {
  dispatchBySize(dst.type(), [&](auto tag) {
    using E = typename decltype(tag)::type;
    E *d = static_cast<E *>(dst.raw());
    const E *s = static_cast<const E *>(src.raw());
    for (auto &p : pairs)
      d[p.first] = s[p.second];
  });
}

} // namespace

Tensor gather(const Tensor &operand, const Tensor &indices,
              const GatherDims &dims, const std::vector<int64_t> &sliceSizes,
              const Shape &resultShape) {
  Tensor result(operand.type(), resultShape);
  int64_t rrank = static_cast<int64_t>(resultShape.size());
  int64_t orank = operand.rank();
  std::vector<int64_t> batchDims;
  for (int64_t d = 0; d < rrank; ++d)
    if (!contains(dims.offsetDims, d))
      batchDims.push_back(d);
  // Operand dims that receive offset indices, in order.
  std::vector<int64_t> offsetOperandDims;
  for (int64_t d = 0; d < orank; ++d)
    if (!contains(dims.collapsedSliceDims, d) &&
        !contains(dims.operandBatchingDims, d))
      offsetOperandDims.push_back(d);
  auto ostr = rowMajorStrides(operand.shape());
  std::vector<std::pair<int64_t, int64_t>> pairs; // (result, operand)
  pairs.reserve(result.numElements());
  std::vector<int64_t> ri, bi(batchDims.size()), start, opIdx(orank);
  for (int64_t r = 0, n = result.numElements(); r < n; ++r) {
    unflatten(r, resultShape, ri);
    for (size_t i = 0; i < batchDims.size(); ++i)
      bi[i] = ri[batchDims[i]];
    readStartIndex(indices, dims.indexVectorDim, bi, start);
    std::fill(opIdx.begin(), opIdx.end(), 0);
    for (size_t ds = 0; ds < dims.startIndexMap.size(); ++ds) {
      int64_t od = dims.startIndexMap[ds];
      opIdx[od] =
          std::clamp<int64_t>(start[ds], 0, operand.dim(od) - sliceSizes[od]);
    }
    for (size_t i = 0; i < dims.operandBatchingDims.size(); ++i) {
      int64_t od = dims.operandBatchingDims[i];
      int64_t ds = dims.startIndicesBatchingDims[i];
      opIdx[od] += bi[ds - (ds < dims.indexVectorDim ? 0 : 1)];
    }
    for (size_t i = 0; i < dims.offsetDims.size(); ++i)
      opIdx[offsetOperandDims[i]] += ri[dims.offsetDims[i]];
    int64_t lin = 0;
    for (int64_t d = 0; d < orank; ++d)
      lin += opIdx[d] * ostr[d];
    pairs.emplace_back(r, lin);
  }
  copyElems(result, operand, pairs);
  return result;
}

bool scatter(std::vector<Tensor> inputs, const Tensor &indices,
             const std::vector<Tensor> &updates, const ScatterDims &dims,
             std::optional<ReduceKind> kind, bool replace,
             const ScalarBody &body, std::vector<Tensor> &results,
             std::string &error) {
  results.clear();
  for (const Tensor &t : inputs)
    results.push_back(t.clone());
  const Tensor &u0 = updates[0];
  int64_t urank = u0.rank();
  int64_t irank = inputs[0].rank();
  std::vector<int64_t> scatterDims;
  for (int64_t d = 0; d < urank; ++d)
    if (!contains(dims.updateWindowDims, d))
      scatterDims.push_back(d);
  std::vector<int64_t> windowInputDims;
  for (int64_t d = 0; d < irank; ++d)
    if (!contains(dims.insertedWindowDims, d) &&
        !contains(dims.inputBatchingDims, d))
      windowInputDims.push_back(d);
  auto istr = rowMajorStrides(inputs[0].shape());
  std::vector<std::pair<int64_t, int64_t>> pairs; // (result, update)
  std::vector<int64_t> ui, si(scatterDims.size()), start, resIdx(irank);
  for (int64_t u = 0, n = u0.numElements(); u < n; ++u) {
    unflatten(u, u0.shape(), ui);
    for (size_t i = 0; i < scatterDims.size(); ++i)
      si[i] = ui[scatterDims[i]];
    readStartIndex(indices, dims.indexVectorDim, si, start);
    std::fill(resIdx.begin(), resIdx.end(), 0);
    for (size_t ds = 0; ds < dims.scatterDimsToOperandDims.size(); ++ds)
      resIdx[dims.scatterDimsToOperandDims[ds]] = start[ds];
    for (size_t i = 0; i < dims.inputBatchingDims.size(); ++i) {
      int64_t id = dims.inputBatchingDims[i];
      int64_t ds = dims.scatterIndicesBatchingDims[i];
      resIdx[id] += si[ds - (ds < dims.indexVectorDim ? 0 : 1)];
    }
    for (size_t i = 0; i < dims.updateWindowDims.size(); ++i)
      resIdx[windowInputDims[i]] += ui[dims.updateWindowDims[i]];
    bool inBounds = true;
    int64_t lin = 0;
    for (int64_t d = 0; d < irank; ++d) {
      if (resIdx[d] < 0 || resIdx[d] >= inputs[0].dim(d))
        inBounds = false;
      lin += resIdx[d] * istr[d];
    }
    if (inBounds)
      pairs.emplace_back(lin, u);
  }
  if (replace) {
    for (size_t k = 0; k < results.size(); ++k)
      copyElems(results[k], updates[k], pairs);
    return true;
  }
  if (kind) {
    for (size_t k = 0; k < results.size(); ++k)
      dispatchAll(results[k].type(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        using C = compute_t<T>;
        T *d = results[k].data<T>();
        const T *s = updates[k].data<T>();
        for (auto &p : pairs)
          d[p.first] =
              store<T>(apply<C>(*kind, load(d[p.first]), load(s[p.second])));
      });
    return true;
  }
  size_t n = results.size();
  std::vector<Tensor> args(2 * n), out;
  for (auto &p : pairs) {
    for (size_t k = 0; k < n; ++k) {
      args[k] = scalarAt(results[k], p.first);
      args[n + k] = scalarAt(updates[k], p.second);
    }
    if (!body(args, out, error))
      return false;
    if (out.size() != n) {
      error = "scatter body returned the wrong number of values";
      return false;
    }
    for (size_t k = 0; k < n; ++k)
      storeScalar(results[k], p.first, out[k]);
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

Status gatherKernel(OpCall &c) {
  auto op = cast<shlo::GatherOp>(c.op);
  auto dn = op.getDimensionNumbers();
  kernels::GatherDims dims{toVector(dn.getOffsetDims()),
                           toVector(dn.getCollapsedSliceDims()),
                           toVector(dn.getOperandBatchingDims()),
                           toVector(dn.getStartIndicesBatchingDims()),
                           toVector(dn.getStartIndexMap()),
                           dn.getIndexVectorDim()};
  c.out.push_back(kernels::gather(c.in[0], c.in[1], dims,
                                  toVector(op.getSliceSizes()), c.resultShape));
  return Status::ok();
}

Status scatterKernel(OpCall &c) {
  auto op = cast<shlo::ScatterOp>(c.op);
  size_t n = op.getInputs().size();
  std::vector<Tensor> inputs(c.in.begin(), c.in.begin() + n);
  std::vector<Tensor> updates(c.in.begin() + n + 1, c.in.end());
  auto dn = op.getScatterDimensionNumbers();
  kernels::ScatterDims dims{toVector(dn.getUpdateWindowDims()),
                            toVector(dn.getInsertedWindowDims()),
                            toVector(dn.getInputBatchingDims()),
                            toVector(dn.getScatterIndicesBatchingDims()),
                            toVector(dn.getScatterDimsToOperandDims()),
                            dn.getIndexVectorDim()};
  bool replace = false;
  std::optional<kernels::ReduceKind> kind;
  if (n == 1)
    kind =
        Interpreter::recognizeBinaryBody(op.getUpdateComputation(), &replace);
  std::string error;
  if (!kernels::scatter(inputs, c.in[n], updates, dims, kind, replace,
                        c.interp.scalarBody(op.getUpdateComputation(), &c.env),
                        c.out, error))
    return Status::internal(error);
  return Status::ok();
}

} // namespace

void registerGatherScatterKernels(KernelTable &table) {
  table.add<shlo::GatherOp>(gatherKernel);
  table.add<shlo::ScatterOp>(scatterKernel);
}

} // namespace sdy::runtime
