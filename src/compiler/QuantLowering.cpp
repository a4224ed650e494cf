//===- QuantLowering.cpp - uniform quantized tensors ----------------------===//
#include "compiler/QuantLowering.h"
#include "compiler/DataMovementLowering.h"
#include "compiler/ScalarLowering.h"

#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/Builders.h"

#include <memory>

namespace sdy::compiler {

using namespace mlir;
namespace shlo = mlir::stablehlo;

namespace {

quant::QuantizedType quantOf(Type t) {
  auto rt = dyn_cast<RankedTensorType>(t);
  return rt ? dyn_cast<quant::QuantizedType>(rt.getElementType()) : nullptr;
}

// The scales and zero points of a quantized type, one per index along its
// axis (-1: per tensor).
struct Params {
  std::vector<double> scales;
  std::vector<int64_t> zeroPoints;
  int64_t axis = -1;
  quant::QuantizedType type;
};

Params paramsOf(Type t) {
  Params p;
  p.type = quantOf(t);
  if (auto u = dyn_cast<quant::UniformQuantizedType>(p.type)) {
    p.scales = {u.getScale()};
    p.zeroPoints = {u.getZeroPoint()};
  } else {
    auto a = cast<quant::UniformQuantizedPerAxisType>(p.type);
    p.scales.assign(a.getScales().begin(), a.getScales().end());
    p.zeroPoints.assign(a.getZeroPoints().begin(), a.getZeroPoints().end());
    p.axis = a.getQuantizedDimension();
  }
  return p;
}

// The op on the expressed types of its quantized operands and results,
// built in a scratch block (destroyed with this object).
class ExpressedOp {
public:
  explicit ExpressedOp(Operation *op) : block_(std::make_unique<Block>()) {
    MLIRContext *ctx = op->getContext();
    auto expressed = [](Type t) -> Type {
      auto rt = cast<RankedTensorType>(t);
      if (auto q = quantOf(t))
        return RankedTensorType::get(rt.getShape(), q.getExpressedType());
      return t;
    };
    OperationState state(op->getLoc(), op->getName());
    for (Type t : op->getOperandTypes())
      state.addOperands(block_->addArgument(expressed(t), op->getLoc()));
    for (Type t : op->getResultTypes())
      state.addTypes(expressed(t));
    state.addAttributes(op->getAttrs());
    OpBuilder b(ctx);
    b.setInsertionPointToEnd(block_.get());
    op_ = b.create(state);
  }
  Operation *op() const { return op_; }

private:
  std::unique_ptr<Block> block_;
  Operation *op_ = nullptr;
};

// The scale (in the expressed type) and zero point of an element: constants
// for a per-tensor type; read from the per-axis tables (inputs of the
// generic, bound to `scale` and `zeroPoint`) otherwise.
struct ElementParams {
  std::string scale, zeroPoint; // f64 and i64 scalars
};

// (q - zero_point) * scale in the expressed type, as the interpreter
// dequantizes: the difference in double, the product in the expressed type.
std::string dequantize(Emitter &e, std::string &body, const std::string &q,
                       const Params &p, const ElementParams &ep) {
  std::string st = elementText(p.type.getStorageType());
  std::string wide =
      st == "i64" ? q : e.scalar(body, "arith.extsi", q, st + " to i64");
  std::string diff =
      e.scalar(body, "arith.subi", wide + ", " + ep.zeroPoint, "i64");
  std::string d = e.scalar(body, "arith.sitofp", diff, "i64 to f64");
  if (p.type.getExpressedType().isF64())
    return e.scalar(body, "arith.mulf", d + ", " + ep.scale, "f64");
  std::string f = e.scalar(body, "arith.truncf", d, "f64 to f32");
  std::string s = e.scalar(body, "arith.truncf", ep.scale, "f64 to f32");
  return e.scalar(body, "arith.mulf", f + ", " + s, "f32");
}

// x / scale + zero_point (NaN: the zero point), clamped to the storage
// range, rounded to nearest even, in the expressed type `x` has.
std::string quantize(Emitter &e, std::string &body, const std::string &x,
                     const Params &p, const ElementParams &ep) {
  Type c = p.type.getExpressedType();
  std::string ct = elementText(c);
  auto toC = [&](const std::string &f64) {
    return c.isF64() ? f64 : e.scalar(body, "arith.truncf", f64, "f64 to f32");
  };
  std::string scale = toC(ep.scale);
  std::string zp =
      toC(e.scalar(body, "arith.sitofp", ep.zeroPoint, "i64 to f64"));
  std::string q = e.scalar(body, "arith.divf", x + ", " + scale, ct);
  std::string v = e.scalar(body, "arith.addf", q + ", " + zp, ct);
  std::string nan = e.scalar(body, "arith.cmpf uno,", v + ", " + v, ct);
  v = e.scalar(body, "arith.select", nan + ", " + zp + ", " + v, ct);
  std::string lo =
      e.constant(body, std::to_string(p.type.getStorageTypeMin()) + ".0", c);
  std::string hi =
      e.constant(body, std::to_string(p.type.getStorageTypeMax()) + ".0", c);
  // std::max(v, lo) then std::min(., hi).
  std::string below = e.scalar(body, "arith.cmpf olt,", v + ", " + lo, ct);
  v = e.scalar(body, "arith.select", below + ", " + lo + ", " + v, ct);
  std::string above = e.scalar(body, "arith.cmpf olt,", hi + ", " + v, ct);
  v = e.scalar(body, "arith.select", above + ", " + hi + ", " + v, ct);
  std::string r = e.scalar(body, "math.roundeven", v, ct);
  std::string i = e.scalar(body, "arith.fptosi", r, ct + " to i64");
  std::string st = elementText(p.type.getStorageType());
  return st == "i64" ? i : e.scalar(body, "arith.trunci", i, "i64 to " + st);
}

bool isLowerableQuantType(quant::QuantizedType q) {
  if (!q || !q.isSigned() ||
      !isa<quant::UniformQuantizedType, quant::UniformQuantizedPerAxisType>(q))
    return false;
  unsigned w = q.getStorageTypeIntegralWidth();
  Type expressed = q.getExpressedType();
  return (w == 8 || w == 16 || w == 32) &&
         (expressed.isF32() || expressed.isF64());
}

} // namespace

bool isLowerableQuantTensor(Type t) {
  auto rt = dyn_cast<RankedTensorType>(t);
  if (!rt || !rt.hasStaticShape() || rt.getEncoding() ||
      !isLowerableQuantType(quantOf(t)))
    return false;
  if (auto a = dyn_cast<quant::UniformQuantizedPerAxisType>(quantOf(t))) {
    int64_t axis = a.getQuantizedDimension();
    return axis >= 0 && axis < rt.getRank() &&
           rt.getDimSize(axis) == int64_t(a.getScales().size()) &&
           a.getScales().size() == a.getZeroPoints().size();
  }
  return true;
}

bool usesQuant(Operation *op) {
  auto q = [](Type t) { return quantOf(t) != nullptr; };
  return llvm::any_of(op->getOperandTypes(), q) ||
         llvm::any_of(op->getResultTypes(), q);
}

bool computesQuant(Operation *op) {
  return usesQuant(op) &&
         isa<shlo::UniformQuantizeOp, shlo::UniformDequantizeOp, shlo::AddOp,
             shlo::SubtractOp, shlo::MulOp, shlo::DivOp, shlo::MaxOp,
             shlo::MinOp, shlo::NegOp, shlo::AbsOp>(op);
}

bool hasQuantForm(Operation *op) {
  return computesQuant(op) || (isDataMovement(op) && !isa<shlo::IotaOp>(op)) ||
         isa<shlo::SelectOp, shlo::OptimizationBarrierOp>(op);
}

void emitQuantOp(Emitter &e, Operation *op) {
  Value result = op->getResult(0);
  llvm::SmallVector<int64_t> shape = e.shapeOf(result);
  unsigned rank = shape.size();
  std::vector<std::string> ins, maps;
  std::vector<InType> inTypes;
  for (Value v : op->getOperands()) {
    ins.push_back(e.valueName(v));
    inTypes.push_back(e.inTypeOf(v));
    maps.push_back(identityMap(rank));
  }
  // The per-axis tables, as inputs read at the element's index on the
  // axis.
  std::vector<Params> params;
  std::vector<size_t> tableAt;
  for (Value v : llvm::concat<Value>(op->getOperands(), op->getResults())) {
    if (!quantOf(v.getType())) {
      params.emplace_back();
      tableAt.push_back(0);
      continue;
    }
    params.push_back(paramsOf(v.getType()));
    const Params &p = params.back();
    tableAt.push_back(ins.size());
    if (p.axis < 0)
      continue;
    std::string scales, zps;
    for (size_t i = 0; i < p.scales.size(); ++i) {
      scales += (i ? ", " : "") + f64Bits(p.scales[i]);
      zps += (i ? ", " : "") + std::to_string(p.zeroPoints[i]);
    }
    std::string n = std::to_string(p.scales.size());
    Type f64 = Float64Type::get(op->getContext());
    Type i64 = IntegerType::get(op->getContext(), 64);
    ins.push_back(e.stmt("arith.constant dense<[" + scales + "]> : tensor<" +
                         n + "xf64>"));
    inTypes.push_back({"tensor<" + n + "xf64>", f64});
    ins.push_back(
        e.stmt("arith.constant dense<[" + zps + "]> : tensor<" + n + "xi64>"));
    inTypes.push_back({"tensor<" + n + "xi64>", i64});
    std::string axis = mapText(rank, {"d" + std::to_string(p.axis)});
    maps.push_back(axis);
    maps.push_back(axis);
  }
  ExpressedOp expressed(op);
  auto elementParams = [&](std::string &body, const std::vector<std::string> &a,
                           size_t k) {
    const Params &p = params[k];
    if (p.axis >= 0)
      return ElementParams{a[tableAt[k]], a[tableAt[k] + 1]};
    Type f64 = Float64Type::get(op->getContext());
    Type i64 = IntegerType::get(op->getContext(), 64);
    return ElementParams{
        e.constant(body, f64Bits(p.scales[0]), f64),
        e.constant(body, std::to_string(p.zeroPoints[0]), i64)};
  };
  Type outEt = elementOf(result);
  e.bind(result,
         e.generic(ins, inTypes, maps, shape, outEt, identityMap(rank),
                   std::vector<std::string>(rank, "parallel"),
                   [&](std::string &body, const std::vector<std::string> &a) {
                     std::vector<std::string> args;
                     for (auto [k, v] : llvm::enumerate(op->getOperands()))
                       args.push_back(
                           quantOf(v.getType())
                               ? dequantize(e, body, a[k], params[k],
                                            elementParams(body, a, k))
                               : a[k]);
                     size_t r = op->getNumOperands();
                     std::string value;
                     if (isa<shlo::UniformQuantizeOp>(op)) {
                       // From the operand's value, in f64, to the expressed
                       // type.
                       Type from = elementOf(expressed.op()->getOperand(0));
                       Type c = params[r].type.getExpressedType();
                       value = convertScalar(
                           e, body,
                           convertScalar(e, body, args[0], from,
                                         Float64Type::get(op->getContext())),
                           Float64Type::get(op->getContext()), c);
                     } else if (isa<shlo::UniformDequantizeOp>(op)) {
                       value = args[0];
                     } else {
                       value = computedScalar(e, expressed.op(), body, args);
                     }
                     return quantOf(result.getType())
                                ? quantize(e, body, value, params[r],
                                           elementParams(body, a, r))
                                : value;
                   }));
}

} // namespace sdy::compiler
