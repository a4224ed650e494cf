//===- ChloBroadcastLowering.cpp - broadcasting chlo ops ------------------===//
#include "compiler/ChloBroadcastLowering.h"
#include "compiler/ClusterLowering.h"
#include "compiler/ScalarLowering.h"

#include "ir/chlo/ChloDialect.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

namespace sdy::compiler {

using namespace mlir;
namespace shlo = mlir::stablehlo;

namespace {

// The elementwise op a broadcasting op runs, built in a scratch block on
// arguments of the result's shape (the broadcast operands), so that the
// elementwise lowering checks and computes it; destroyed with this object.
class InnerOp {
public:
  explicit InnerOp(Operation *op) : block_(std::make_unique<Block>()) {
    auto result = cast<RankedTensorType>(op->getResult(0).getType());
    SmallVector<Value> args;
    for (Type t : op->getOperandTypes())
      args.push_back(block_->addArgument(
          RankedTensorType::get(result.getShape(), getElementTypeOrSelf(t)),
          op->getLoc()));
    // The block has no region: the builder takes the context from the op.
    MLIRContext *ctx = op->getContext();
    OpBuilder b(ctx);
    b.setInsertionPointToEnd(block_.get());
    if (auto cmp = dyn_cast<chlo::BroadcastCompareOp>(op)) {
      auto direction = shlo::symbolizeComparisonDirection(
          chlo::stringifyComparisonDirection(cmp.getComparisonDirection()));
      shlo::ComparisonTypeAttr type;
      if (auto t = cmp.getCompareType())
        if (auto s = shlo::symbolizeComparisonType(
                chlo::stringifyComparisonType(*t)))
          type = shlo::ComparisonTypeAttr::get(ctx, *s);
      if (direction)
        op_ = shlo::CompareOp::create(
            b, op->getLoc(), result, args[0], args[1],
            shlo::ComparisonDirectionAttr::get(ctx, *direction), type);
      return;
    }
    StringRef name = op->getName().stripDialect();
    if (!name.consume_front("broadcast_"))
      return;
    bool isChlo = name == "next_after" || name == "polygamma" || name == "zeta";
    OperationState state(op->getLoc(),
                         (isChlo ? "chlo." : "stablehlo.") + name.str());
    state.addOperands(args);
    state.addTypes(result);
    op_ = b.create(state);
  }

  // Null when `op` has no elementwise counterpart.
  Operation *op() const { return op_; }

private:
  std::unique_ptr<Block> block_;
  Operation *op_ = nullptr;
};

// The broadcast dimensions of each operand, as getBroadcastDims gives
// them; false when they are inconsistent with the op.
bool broadcastDims(Operation *op, SmallVector<SmallVector<int64_t>> &dims) {
  SmallVector<int64_t> shape;
  std::string error;
  return succeeded(chlo::getBroadcastDims(op, dims, shape, error)) &&
         dims.size() == op->getNumOperands() &&
         ArrayRef<int64_t>(shape) == shapeOf(op->getResult(0));
}

} // namespace

bool isChloBroadcast(Operation *op) {
  return op->hasTrait<chlo::OpTrait::Broadcasting>();
}

std::string whyChloBroadcastNotLowerable(Operation *op) {
  if (op->getNumResults() != 1 ||
      !(isLowerableTensor(op->getResult(0).getType()) ||
        isLowerableComplexTensor(op->getResult(0).getType())))
    return "result type " +
           (op->getNumResults() ? printed(op->getResult(0).getType())
                                : std::string("(none)")) +
           " is not compiled (f16, bf16, f32, f64, pred, signless and "
           "unsigned integers are)";
  for (Type t : op->getOperandTypes())
    if (!isLowerableTensor(t) && !isLowerableComplexTensor(t))
      return "operand type " + printed(t) +
             " is not compiled (f16, bf16, f32, f64, pred, signless and "
             "unsigned integers are)";
  SmallVector<SmallVector<int64_t>> dims;
  if (!broadcastDims(op, dims))
    return "operand shapes inconsistent with the broadcast";
  InnerOp inner(op);
  if (!inner.op())
    return "no compiled lowering for this op (interpreted)";
  std::string why = whyNotLowerable(inner.op());
  if (why.empty())
    return "";
  return "as " + inner.op()->getName().getStringRef().str() + ": " + why;
}

void emitChloBroadcast(Emitter &e, Operation *op) {
  Value result = op->getResult(0);
  llvm::SmallVector<int64_t> shape = e.shapeOf(result);
  ArrayRef<int64_t> full = shapeOf(result);
  unsigned rank = shape.size();
  SmallVector<SmallVector<int64_t>> dims;
  (void)broadcastDims(op, dims);
  std::vector<std::string> ins, maps;
  std::vector<InType> inTypes;
  for (auto [v, map] : llvm::zip(op->getOperands(), dims)) {
    // A dimension of 1 broadcast along a longer one reads its element 0.
    std::vector<std::string> exprs;
    for (auto [i, d] : llvm::enumerate(map))
      exprs.push_back(
          shapeOf(v)[i] == 1 && full[d] != 1 ? "0" : "d" + std::to_string(d));
    ins.push_back(e.valueName(v));
    inTypes.push_back(e.inTypeOf(v));
    maps.push_back(mapText(rank, exprs));
  }
  InnerOp inner(op);
  e.bind(result,
         e.generic(ins, inTypes, maps, shape, elementOf(result),
                   identityMap(rank),
                   std::vector<std::string>(rank, "parallel"),
                   [&](std::string &body, const std::vector<std::string> &a) {
                     return computedScalar(e, inner.op(), body, a);
                   }));
}

std::string whyConstantLikeNotLowerable(Operation *op) {
  auto c = cast<chlo::ConstantLikeOp>(op);
  auto value = dyn_cast<TypedAttr>(c.getValue());
  if (!value || !isa<IntegerAttr, FloatAttr>(value) ||
      value.getType() != elementOf(c.getResult()))
    return "value is not a number of the result's element type";
  return "";
}

void emitConstantLike(Emitter &e, Operation *op) {
  auto c = cast<chlo::ConstantLikeOp>(op);
  Value result = c.getResult();
  Type et = elementOf(result);
  Attribute value = c.getValue();
  // arith takes signless integers: an unsigned value by its bits.
  if (auto i = dyn_cast<IntegerAttr>(value); i && isUnsignedInt(et))
    value = IntegerAttr::get(
        IntegerType::get(op->getContext(), et.getIntOrFloatBitWidth()),
        i.getValue());
  std::string attr;
  llvm::raw_string_ostream os(attr);
  value.print(os);
  std::string scalar = e.stmt("arith.constant " + attr);
  std::string type = tensorText(e.shapeOf(result), et);
  std::string empty = e.stmt("tensor.empty() : " + type);
  e.bind(result, e.stmt("linalg.fill ins(" + scalar + " : " + elementText(et) +
                        ") outs(" + empty + " : " + type + ") -> " + type));
}

} // namespace sdy::compiler
