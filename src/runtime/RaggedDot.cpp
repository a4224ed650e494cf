//===- RaggedDot.cpp - chlo.ragged_dot ------------------------------------===//
//
// A direct loop nest: each result element sums the products over the
// contracting dimensions, with the rhs group (ragged non-contracting lhs
// dimension) or the contracted range (ragged contracting dimension) taken
// from the group sizes. Operands are converted to f64 (float results) or
// i64 (integer results, wrapping), the sum once to the result type.
//
//===----------------------------------------------------------------------===//
#include "runtime/KernelTable.h"
#include "runtime/Kernels.h"

#include "ir/chlo/ChloDialect.h"

namespace sdy::runtime {

namespace chlo = mlir::chlo;

namespace {

std::vector<int64_t> rowMajorStrides(const Shape &shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

template <typename C>
Status raggedDot(OpCall &c, chlo::RaggedDotOp op, const Tensor &lhs,
                 const Tensor &rhs, const std::vector<int64_t> &groupEnds,
                 Tensor &out) {
  chlo::RaggedDotDimensionNumbersAttr dims = op.getRaggedDotDimensionNumbers();
  chlo::RaggedDotMode mode = chlo::getRaggedDotMode(dims);
  auto lhsBatch = dims.getLhsBatchingDimensions();
  auto rhsBatch = dims.getRhsBatchingDimensions();
  auto lhsContract = dims.getLhsContractingDimensions();
  auto rhsContract = dims.getRhsContractingDimensions();
  auto rhsGroup = dims.getRhsGroupDimensions();
  int64_t ragged = dims.getLhsRaggedDimensions().front();
  llvm::SmallVector<int64_t> lhsFree =
      chlo::getRaggedDotFreeDims(lhs.rank(), lhsBatch, lhsContract, {});
  llvm::SmallVector<int64_t> rhsFree =
      chlo::getRaggedDotFreeDims(rhs.rank(), rhsBatch, rhsContract, rhsGroup);
  std::vector<int64_t> lhsStrides = rowMajorStrides(lhs.shape());
  std::vector<int64_t> rhsStrides = rowMajorStrides(rhs.shape());
  // The result dimensions, each with its lhs and rhs stride and, for the
  // lhs ragged dimension, a marker.
  struct Dim {
    int64_t size, lhsStride, rhsStride;
    bool isRagged, isGroup;
  };
  std::vector<Dim> resultDims;
  if (mode == chlo::RaggedDotMode::kContracting)
    resultDims.push_back(
        {static_cast<int64_t>(groupEnds.size()), 0, 0, false, true});
  for (auto [l, r] : llvm::zip(lhsBatch, rhsBatch))
    resultDims.push_back(
        {lhs.dim(l), lhsStrides[l], rhsStrides[r], false, false});
  for (int64_t l : lhsFree)
    resultDims.push_back(
        {lhs.dim(l), lhsStrides[l], 0,
         mode == chlo::RaggedDotMode::kNonContracting && l == ragged, false});
  for (int64_t r : rhsFree)
    resultDims.push_back({rhs.dim(r), 0, rhsStrides[r], false, false});
  struct ContractDim {
    int64_t size, lhsStride, rhsStride;
    bool isRagged;
  };
  std::vector<ContractDim> contractDims;
  for (auto [l, r] : llvm::zip(lhsContract, rhsContract))
    contractDims.push_back(
        {lhs.dim(l), lhsStrides[l], rhsStrides[r], l == ragged});
  int64_t contractCount = 1;
  for (const ContractDim &d : contractDims)
    contractCount *= d.size;
  auto groupOf = [&](int64_t index) -> int64_t {
    for (size_t g = 0; g < groupEnds.size(); ++g)
      if (index < groupEnds[g])
        return static_cast<int64_t>(g);
    return -1;
  };
  int64_t groupStride = rhsGroup.empty() ? 0 : rhsStrides[rhsGroup.front()];

  Tensor lhsC = kernels::convert(
      lhs, std::is_same_v<C, double> ? ElementType::F64 : ElementType::I64);
  Tensor rhsC = kernels::convert(
      rhs, std::is_same_v<C, double> ? ElementType::F64 : ElementType::I64);
  const C *a = lhsC.data<C>();
  const C *b = rhsC.data<C>();
  Tensor acc(std::is_same_v<C, double> ? ElementType::F64 : ElementType::I64,
             c.resultShape);
  C *sum = acc.data<C>();
  std::vector<int64_t> index(resultDims.size(), 0), k(contractDims.size(), 0);
  for (int64_t i = 0, e = acc.numElements(); i < e; ++i) {
    // Decompose i (row-major) into the result index.
    for (int64_t d = static_cast<int64_t>(resultDims.size()) - 1, rest = i;
         d >= 0; --d) {
      index[d] = rest % resultDims[d].size;
      rest /= resultDims[d].size;
    }
    int64_t lhsBase = 0, rhsBase = 0, group = -1;
    bool zero = false;
    for (size_t d = 0; d < resultDims.size(); ++d) {
      lhsBase += index[d] * resultDims[d].lhsStride;
      rhsBase += index[d] * resultDims[d].rhsStride;
      if (resultDims[d].isGroup)
        group = index[d];
      if (resultDims[d].isRagged) {
        group = groupOf(index[d]);
        if (group < 0)
          zero = true; // rows past the last group
        else
          rhsBase += group * groupStride;
      }
    }
    using U = std::conditional_t<std::is_same_v<C, double>, double, uint64_t>;
    U total = 0;
    for (int64_t j = 0; j < contractCount && !zero; ++j) {
      int64_t lhsOff = lhsBase, rhsOff = rhsBase;
      bool inGroup = true;
      for (int64_t d = static_cast<int64_t>(contractDims.size()) - 1, rest = j;
           d >= 0; --d) {
        int64_t kd = rest % contractDims[d].size;
        rest /= contractDims[d].size;
        lhsOff += kd * contractDims[d].lhsStride;
        rhsOff += kd * contractDims[d].rhsStride;
        if (contractDims[d].isRagged && groupOf(kd) != group)
          inGroup = false;
      }
      if (inGroup)
        total += static_cast<U>(a[lhsOff]) * static_cast<U>(b[rhsOff]);
    }
    sum[i] = static_cast<C>(total);
  }
  out = kernels::convert(acc, c.resultType);
  return Status::ok();
}

Status raggedDotKernel(OpCall &c) {
  auto op = mlir::cast<chlo::RaggedDotOp>(c.op);
  const Tensor &lhs = c.in[0], &rhs = c.in[1], &sizes = c.in[2];
  if (isComplex(lhs.type()) || isComplex(rhs.type()) || isComplex(c.resultType))
    return Status::unsupported("'chlo.ragged_dot' on complex numbers");
  std::vector<int64_t> groupEnds;
  int64_t end = 0;
  for (int64_t g = 0; g < sizes.numElements(); ++g) {
    int64_t size = sizes.getInt(g);
    if (size < 0)
      return Status::invalid("'chlo.ragged_dot': group size " +
                             std::to_string(g) + " is negative (" +
                             std::to_string(size) + ")");
    end += size;
    groupEnds.push_back(end);
  }
  Tensor out;
  Status status = isFloat(c.resultType) || !isInteger(c.resultType)
                      ? raggedDot<double>(c, op, lhs, rhs, groupEnds, out)
                      : raggedDot<int64_t>(c, op, lhs, rhs, groupEnds, out);
  if (!status.isOk())
    return status;
  c.out.push_back(std::move(out));
  return Status::ok();
}

} // namespace

void registerRaggedDotKernels(KernelTable &table) {
  table.add<chlo::RaggedDotOp>(raggedDotKernel);
}

} // namespace sdy::runtime
