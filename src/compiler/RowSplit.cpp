//===- RowSplit.cpp - running a compiled cluster in blocks of rows --------===//
#include "compiler/RowSplit.h"
#include "compiler/ClusterLowering.h"

#include "ir/chlo/ChloDialect.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

namespace sdy::compiler {

using namespace mlir;
namespace shlo = mlir::stablehlo;

namespace {

ArrayRef<int64_t> shapeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getShape();
}

int64_t elementsOf(Value v) {
  int64_t n = 1;
  for (int64_t d : shapeOf(v))
    n *= d;
  return n;
}

// Assigns each value of the cluster "split" (its leading dimension is the
// cluster's rows, a block of them per kernel call) or "whole".
class Planner {
public:
  Planner(const Cluster &c, int64_t rows) : c_(c), rows_(rows) {
    for (Value v : c.inputs)
      inputs_.insert(v);
  }

  bool run() {
    for (Operation *op : c_.ops)
      if (!visit(op))
        return false;
    for (Value v : c_.outputs)
      if (!require(v, true))
        return false;
    return true;
  }

  bool isSplit(Value v) const {
    auto it = state_.find(v);
    return it != state_.end() && it->second;
  }

private:
  bool hasRows(Value v) const {
    ArrayRef<int64_t> s = shapeOf(v);
    return !s.empty() && s[0] == rows_;
  }

  // Values defined outside the ops (inputs, folded constants) take the
  // first state asked of them; op results have theirs already.
  bool require(Value v, bool split) {
    auto it = state_.find(v);
    if (it != state_.end())
      return it->second == split;
    if (split) {
      if (!hasRows(v))
        return false;
      if (!inputs_.count(v)) {
        // A folded constant: only a splat reads the same in every block.
        auto c = dyn_cast_or_null<shlo::ConstantOp>(v.getDefiningOp());
        auto dense = c ? dyn_cast<DenseElementsAttr>(c.getValue()) : nullptr;
        if (!dense || !dense.isSplat())
          return false;
      }
    }
    state_[v] = split;
    return true;
  }

  bool visit(Operation *op) {
    // A batch norm reads whole features; a per-axis quantized value reads
    // the parameters of its index (not split, whatever its axis).
    auto quantized = [](Type t) {
      auto s = dyn_cast<ShapedType>(t);
      return s && isa<quant::QuantizedType>(s.getElementType());
    };
    if (isa<shlo::BatchNormInferenceOp, shlo::BatchNormTrainingOp,
            shlo::BatchNormGradOp>(op) ||
        llvm::any_of(op->getOperandTypes(), quantized) ||
        llvm::any_of(op->getResultTypes(), quantized))
      return false;
    // Only a reduce or reduce_window has several results, all of one shape.
    if (op->getNumResults() != 1 &&
        !isa<shlo::ReduceOp, shlo::ReduceWindowOp>(op))
      return false;
    Value r = op->getResult(0);
    bool split = hasRows(r);
    for (Value v : op->getResults())
      state_[v] = split;
    if (auto b = dyn_cast<shlo::BroadcastInDimOp>(op)) {
      Value x = b.getOperand();
      if (!split)
        return require(x, false);
      for (auto [i, d] : llvm::enumerate(b.getBroadcastDimensions()))
        if (d == 0 && shapeOf(x)[i] == rows_)
          return i == 0 && require(x, true);
      return require(x, false);
    }
    if (auto t = dyn_cast<shlo::TransposeOp>(op))
      return split ? t.getPermutation()[0] == 0 && require(t.getOperand(), true)
                   : require(t.getOperand(), false);
    if (auto reshape = dyn_cast<shlo::ReshapeOp>(op))
      return split ? hasRows(reshape.getOperand()) &&
                         require(reshape.getOperand(), true)
                   : require(reshape.getOperand(), false);
    // An iota along another dimension reads the same in every block; a
    // reverse keeping the rows in place reads its block.
    if (auto iota = dyn_cast<shlo::IotaOp>(op))
      return !split || iota.getIotaDimension() != 0;
    if (auto reverse = dyn_cast<shlo::ReverseOp>(op))
      return split ? !llvm::is_contained(reverse.getDimensions(), 0) &&
                         require(reverse.getOperand(), true)
                   : require(reverse.getOperand(), false);
    // Slices, pads, concatenations and dynamic slices index whole operands.
    if (isa<shlo::SliceOp, shlo::PadOp, shlo::ConcatenateOp,
            shlo::DynamicSliceOp, shlo::DynamicUpdateSliceOp>(op))
      return false;
    if (auto reduce = dyn_cast<shlo::ReduceOp>(op)) {
      for (Value init : reduce.getInitValues())
        if (!require(init, false))
          return false;
      bool keepsRows = !llvm::is_contained(reduce.getDimensions(), 0);
      if (split && !keepsRows)
        return false;
      for (Value x : reduce.getInputs())
        if (!require(x, split))
          return false;
      return true;
    }
    // A window one row high, moved one row at a time, reads its block.
    if (auto window = dyn_cast<shlo::ReduceWindowOp>(op)) {
      for (Value init : window.getInitValues())
        if (!require(init, false))
          return false;
      if (split && !keepsRows(window))
        return false;
      for (Value x : window.getInputs())
        if (!require(x, split))
          return false;
      return true;
    }
    // A broadcasting chlo op: an operand whose first dimension is the
    // result's rows reads its block, one broadcast along the rows (or not
    // reaching them) is read whole.
    if (op->hasTrait<chlo::OpTrait::Broadcasting>()) {
      SmallVector<SmallVector<int64_t>> dims;
      SmallVector<int64_t> shape;
      std::string error;
      if (failed(chlo::getBroadcastDims(op, dims, shape, error)) ||
          dims.size() != op->getNumOperands())
        return false;
      for (auto [v, map] : llvm::zip(op->getOperands(), dims)) {
        auto rows = llvm::find(map, 0);
        bool readsRows =
            rows != map.end() && shapeOf(v)[rows - map.begin()] != 1;
        if (!split || !readsRows) {
          if (!require(v, false))
            return false;
        } else if (rows != map.begin() || !require(v, true)) {
          return false;
        }
      }
      return true;
    }
    // A bitcast between widths reads its operand's rows (a scalar operand
    // has none).
    if (isa<shlo::BitcastConvertOp>(op))
      return require(op->getOperand(0), split);
    // Elementwise: operands have the result's shape, or are rank-0 scalars
    // (select, clamp).
    for (Value v : op->getOperands())
      if (!require(v, shapeOf(v).empty() ? false : split))
        return false;
    return true;
  }

  static bool keepsRows(shlo::ReduceWindowOp op) {
    auto first = [](std::optional<ArrayRef<int64_t>> l) {
      return l && !l->empty() ? (*l)[0] : int64_t(1);
    };
    if (first(op.getWindowDimensions()) != 1 ||
        first(op.getWindowStrides()) != 1 || first(op.getBaseDilations()) != 1)
      return false;
    if (auto pad = op.getPadding()) {
      auto values = llvm::to_vector(pad->getValues<int64_t>());
      if (values.size() < 2 || values[0] != 0 || values[1] != 0)
        return false;
    }
    return true;
  }

  const Cluster &c_;
  int64_t rows_;
  llvm::DenseSet<Value> inputs_;
  llvm::DenseMap<Value, bool> state_;
};

} // namespace

void planRowSplit(Cluster &cluster, int64_t maxParts,
                  int64_t minBlockElements) {
  cluster.parts = 1;
  cluster.splitValues.clear();
  cluster.inputSplit.assign(cluster.inputs.size(), false);
  if (cluster.outputs.empty() || shapeOf(cluster.outputs[0]).empty())
    return;
  int64_t rows = shapeOf(cluster.outputs[0])[0];
  int64_t largest = 0;
  for (Value v : cluster.outputs)
    largest = std::max(largest, elementsOf(v));
  int64_t parts = 1;
  for (int64_t p = std::min(maxParts, rows); p > 1; --p)
    if (rows % p == 0 && largest / p >= minBlockElements) {
      parts = p;
      break;
    }
  if (parts == 1)
    return;
  Planner planner(cluster, rows);
  if (!planner.run())
    return;
  for (Operation *op : cluster.ops)
    for (Value v : op->getOperands())
      if (planner.isSplit(v))
        cluster.splitValues.insert(v);
  for (Operation *op : cluster.ops)
    for (Value r : op->getResults())
      if (planner.isSplit(r))
        cluster.splitValues.insert(r);
  for (auto [i, v] : llvm::enumerate(cluster.inputs))
    cluster.inputSplit[i] = planner.isSplit(v);
  cluster.parts = parts;
}

} // namespace sdy::compiler
