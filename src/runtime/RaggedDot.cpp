//===- RaggedDot.cpp - chlo.ragged_dot ------------------------------------===//
//
// One dot_general per group, on the group's slice of the operands, so each
// group runs as a blocked GEMM (BLAS for floats and complex numbers) with
// dot_general's accumulation types. A ragged non-contracting dimension
// concatenates the groups' rows (zero rows past the last group); a ragged
// contracting dimension stacks the groups' products along a new leading
// dimension; a ragged batch dimension is a plain dot_general.
//
//===----------------------------------------------------------------------===//
#include "runtime/KernelTable.h"
#include "runtime/Kernels.h"

#include "ir/chlo/ChloDialect.h"

#include <cstring>

namespace sdy::runtime {

namespace chlo = mlir::chlo;

namespace {

Tensor zeros(ElementType type, const Shape &shape) {
  Tensor t(type, shape);
  std::memset(t.raw(), 0, t.byteSize());
  return t;
}

/// `x` with dimension `dim` cut to [begin, end).
Tensor sliceDim(const Tensor &x, int64_t dim, int64_t begin, int64_t end) {
  std::vector<int64_t> start(x.rank(), 0), limit(x.shape()),
      strides(x.rank(), 1);
  start[dim] = begin;
  limit[dim] = end;
  return kernels::slice(x, start, limit, strides);
}

std::vector<int64_t> toVector(llvm::ArrayRef<int64_t> dims) {
  return std::vector<int64_t>(dims.begin(), dims.end());
}

/// Rows [start, end) of each group along a dimension of size `size`: the
/// prefix sums of the group sizes, clipped to the dimension.
Status getGroupBounds(const Tensor &sizes, int64_t size,
                      std::vector<std::pair<int64_t, int64_t>> &bounds) {
  int64_t end = 0;
  for (int64_t g = 0; g < sizes.numElements(); ++g) {
    int64_t groupSize = sizes.getInt(g);
    if (groupSize < 0)
      return Status::invalid("'chlo.ragged_dot': group size " +
                             std::to_string(g) + " is negative (" +
                             std::to_string(groupSize) + ")");
    int64_t start = end;
    end = std::min(size, end + std::min(groupSize, size));
    bounds.emplace_back(start, end);
  }
  return Status::ok();
}

/// Ragged non-contracting lhs dimension: group g's rows times rhs group g.
Tensor raggedRows(const Tensor &lhs, const Tensor &rhs,
                  const kernels::DotDims &dims, int64_t ragged,
                  int64_t rhsGroup,
                  llvm::ArrayRef<std::pair<int64_t, int64_t>> bounds,
                  ElementType resultType, const Shape &resultShape) {
  // The rhs without its group dimension renumbers the dimensions after it.
  kernels::DotDims groupDims = dims;
  for (std::vector<int64_t> *list :
       {&groupDims.rhsBatch, &groupDims.rhsContract})
    for (int64_t &d : *list)
      d -= d > rhsGroup ? 1 : 0;
  Shape rhsShape = rhs.shape();
  rhsShape.erase(rhsShape.begin() + rhsGroup);
  int64_t resultDim = static_cast<int64_t>(dims.lhsBatch.size());
  for (int64_t d = 0; d < ragged; ++d)
    if (!llvm::is_contained(dims.lhsBatch, d) &&
        !llvm::is_contained(dims.lhsContract, d))
      ++resultDim;
  std::vector<Tensor> pieces;
  int64_t covered = 0;
  for (auto [g, bound] : llvm::enumerate(bounds)) {
    auto [start, end] = bound;
    if (start == end)
      continue;
    Tensor rows = sliceDim(lhs, ragged, start, end);
    Tensor weights =
        kernels::reshape(sliceDim(rhs, rhsGroup, static_cast<int64_t>(g),
                                  static_cast<int64_t>(g) + 1),
                         rhsShape);
    pieces.push_back(kernels::dotGeneral(rows, weights, groupDims, resultType));
    covered = end;
  }
  if (covered < lhs.dim(ragged)) {
    Shape tail = resultShape;
    tail[resultDim] = lhs.dim(ragged) - covered;
    pieces.push_back(zeros(resultType, tail));
  }
  if (pieces.empty()) // no rows at all
    return zeros(resultType, resultShape);
  return pieces.size() == 1 ? pieces.front()
                            : kernels::concatenate(pieces, resultDim);
}

/// Ragged contracting lhs dimension: entry g of the leading result
/// dimension contracts only group g.
Tensor raggedContraction(const Tensor &lhs, const Tensor &rhs,
                         const kernels::DotDims &dims, int64_t ragged,
                         llvm::ArrayRef<std::pair<int64_t, int64_t>> bounds,
                         ElementType resultType, const Shape &resultShape) {
  if (bounds.empty())
    return zeros(resultType, resultShape);
  int64_t position =
      llvm::find(dims.lhsContract, ragged) - dims.lhsContract.begin();
  int64_t rhsRagged = dims.rhsContract[position];
  Shape groupShape = resultShape;
  groupShape.front() = 1;
  std::vector<Tensor> pieces;
  for (auto [start, end] : bounds)
    pieces.push_back(kernels::reshape(
        kernels::dotGeneral(sliceDim(lhs, ragged, start, end),
                            sliceDim(rhs, rhsRagged, start, end), dims,
                            resultType),
        groupShape));
  return pieces.size() == 1 ? pieces.front() : kernels::concatenate(pieces, 0);
}

Status raggedDotKernel(OpCall &c) {
  auto op = mlir::cast<chlo::RaggedDotOp>(c.op);
  const Tensor &lhs = c.in[0], &rhs = c.in[1], &sizes = c.in[2];
  chlo::RaggedDotDimensionNumbersAttr attr = op.getRaggedDotDimensionNumbers();
  kernels::DotDims dims{toVector(attr.getLhsBatchingDimensions()),
                        toVector(attr.getRhsBatchingDimensions()),
                        toVector(attr.getLhsContractingDimensions()),
                        toVector(attr.getRhsContractingDimensions())};
  int64_t ragged = attr.getLhsRaggedDimensions().front();
  std::vector<std::pair<int64_t, int64_t>> bounds;
  if (Status status = getGroupBounds(sizes, lhs.dim(ragged), bounds);
      !status.isOk())
    return status;
  Tensor out;
  switch (chlo::getRaggedDotMode(attr)) {
  case chlo::RaggedDotMode::kNonContracting:
    out =
        raggedRows(lhs, rhs, dims, ragged, attr.getRhsGroupDimensions().front(),
                   bounds, c.resultType, c.resultShape);
    break;
  case chlo::RaggedDotMode::kContracting:
    out = raggedContraction(lhs, rhs, dims, ragged, bounds, c.resultType,
                            c.resultShape);
    break;
  case chlo::RaggedDotMode::kBatch:
    out = kernels::dotGeneral(lhs, rhs, dims, c.resultType);
    break;
  }
  c.out.push_back(std::move(out));
  return Status::ok();
}

} // namespace

void registerRaggedDotKernels(KernelTable &table) {
  table.add<chlo::RaggedDotOp>(raggedDotKernel);
}

} // namespace sdy::runtime
