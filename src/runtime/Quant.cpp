//===- Quant.cpp - quantized tensors in the interpreter -------------------===//
//
// A quantized tensor is held as its storage integers. uniform_quantize and
// uniform_dequantize convert between them and floats: quantizing divides by
// the scale, adds the zero point, clamps to the storage range and rounds to
// nearest even, all in the expressed type; dequantizing subtracts the zero
// point and multiplies by the scale. Per-axis types take the scale and zero
// point of each element's index along their quantized dimension.
//
// Other ops on quantized tensors (runKernel): ops that only move elements run
// their kernel on the storage values; arithmetic ops dequantize their
// quantized operands, run their kernel in the expressed type and quantize the
// results that are quantized (a float result, as in hybrid dot_general and
// convolution, stays float). Reductions accumulate in the expressed type and
// round once. Any other op on quantized tensors is refused.
//
//===----------------------------------------------------------------------===//
#include "runtime/Dispatch.h"
#include "runtime/KernelTable.h"
#include "runtime/Kernels.h"
#include "runtime/OpGroups.h"

#include "ir/sdy/SdyDialect.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

namespace sdy::runtime {
namespace {

namespace shlo = mlir::stablehlo;
namespace quant = mlir::quant;

// The parameters of a quantized element type.
struct QuantParams {
  std::vector<double> scales;
  std::vector<int64_t> zeroPoints;
  // -1 for per-tensor types.
  int64_t axis = -1;
  int64_t storageMin = 0, storageMax = 0;
  ElementType storage = ElementType::I8;
  ElementType expressed = ElementType::F32;
};

Status paramsOf(mlir::Type type, QuantParams &p) {
  auto tensor = mlir::dyn_cast<mlir::RankedTensorType>(type);
  auto q = tensor
               ? mlir::dyn_cast<quant::QuantizedType>(tensor.getElementType())
               : quant::QuantizedType();
  if (!q || !fromMlirType(q.getStorageType(), p.storage) ||
      !fromMlirType(q.getExpressedType(), p.expressed))
    return Status::internal("expected a quantized tensor type");
  if (!isFloat(p.expressed))
    return Status::unsupported("quantized types must express f16, bf16, f32 "
                               "or f64");
  p.storageMin = q.getStorageTypeMin();
  p.storageMax = q.getStorageTypeMax();
  if (auto t = mlir::dyn_cast<quant::UniformQuantizedType>(q)) {
    p.scales = {t.getScale()};
    p.zeroPoints = {t.getZeroPoint()};
    return Status::ok();
  }
  if (auto t = mlir::dyn_cast<quant::UniformQuantizedPerAxisType>(q)) {
    p.scales.assign(t.getScales().begin(), t.getScales().end());
    p.zeroPoints.assign(t.getZeroPoints().begin(), t.getZeroPoints().end());
    p.axis = t.getQuantizedDimension();
    if (p.axis < 0 || p.axis >= tensor.getRank() ||
        tensor.getDimSize(p.axis) != static_cast<int64_t>(p.scales.size()) ||
        p.scales.size() != p.zeroPoints.size())
      return Status::internal("bad per-axis quantization parameters");
    return Status::ok();
  }
  return Status::unsupported("only uniform quantized types are supported");
}

bool isQuantizedTensor(mlir::Type type) {
  auto tensor = mlir::dyn_cast<mlir::RankedTensorType>(type);
  return tensor && mlir::isa<quant::QuantizedType>(tensor.getElementType());
}

// For each element, the index of its scale and zero point.
std::vector<int64_t> paramIndex(const QuantParams &p, const Shape &shape) {
  int64_t n = numElements(shape);
  std::vector<int64_t> index(n, 0);
  if (p.axis < 0)
    return index;
  int64_t inner = 1;
  for (size_t d = p.axis + 1; d < shape.size(); ++d)
    inner *= shape[d];
  int64_t size = shape[p.axis];
  for (int64_t i = 0; i < n; ++i)
    index[i] = (i / inner) % size;
  return index;
}

// x / scale + zero_point, clamped, rounded to nearest even, in C (the
// expressed type's computation type).
template <typename C>
int64_t quantizeOne(C x, C scale, C zeroPoint, C lo, C hi) {
  C v = x / scale + zeroPoint;
  // NaN goes to the zero point's storage value.
  if (std::isnan(v))
    v = zeroPoint;
  v = std::min(std::max(v, lo), hi);
  return static_cast<int64_t>(std::nearbyint(v));
}

Tensor storeInts(const std::vector<int64_t> &values, ElementType type,
                 const Shape &shape) {
  Tensor r(type, shape);
  dispatchReal(type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_integral_v<compute_t<T>>) {
      T *out = r.data<T>();
      for (size_t i = 0; i < values.size(); ++i)
        out[i] = store<T>(static_cast<compute_t<T>>(values[i]));
    }
  });
  return r;
}

// A float tensor of any float type to storage integers.
Tensor quantize(const Tensor &x, const QuantParams &p) {
  std::vector<int64_t> index = paramIndex(p, x.shape());
  std::vector<int64_t> values(x.numElements());
  auto run = [&](auto zero) {
    using C = decltype(zero);
    C lo = static_cast<C>(p.storageMin), hi = static_cast<C>(p.storageMax);
    for (int64_t i = 0, n = x.numElements(); i < n; ++i)
      values[i] = quantizeOne<C>(
          static_cast<C>(x.getDouble(i)), static_cast<C>(p.scales[index[i]]),
          static_cast<C>(p.zeroPoints[index[i]]), lo, hi);
  };
  if (p.expressed == ElementType::F64)
    run(0.0);
  else
    run(0.0f);
  return storeInts(values, p.storage, x.shape());
}

// Storage integers to the expressed type.
Tensor dequantize(const Tensor &x, const QuantParams &p) {
  std::vector<int64_t> index = paramIndex(p, x.shape());
  Tensor r(ElementType::F64, x.shape());
  double *out = r.data<double>();
  for (int64_t i = 0, n = x.numElements(); i < n; ++i) {
    double diff = static_cast<double>(x.getInt(i) - p.zeroPoints[index[i]]);
    // The scale in the expressed type; one rounding of the product.
    if (p.expressed == ElementType::F64)
      out[i] = diff * p.scales[index[i]];
    else
      out[i] =
          static_cast<float>(diff) * static_cast<float>(p.scales[index[i]]);
  }
  return kernels::convert(r, p.expressed);
}

Status uniformQuantizeKernel(OpCall &c) {
  QuantParams result;
  SDY_RETURN_IF_ERROR(paramsOf(c.op->getResult(0).getType(), result));
  Tensor x = c.in[0];
  if (isQuantizedTensor(c.op->getOperand(0).getType())) {
    QuantParams operand;
    SDY_RETURN_IF_ERROR(paramsOf(c.op->getOperand(0).getType(), operand));
    x = dequantize(x, operand);
  }
  c.out.push_back(quantize(x, result));
  return Status::ok();
}

Status uniformDequantizeKernel(OpCall &c) {
  QuantParams operand;
  SDY_RETURN_IF_ERROR(paramsOf(c.op->getOperand(0).getType(), operand));
  c.out.push_back(dequantize(c.in[0], operand));
  return Status::ok();
}

// Ops whose kernels only move (or compare nothing of) the elements: they run
// on the storage values.
const llvm::DenseSet<mlir::TypeID> &movingOps() {
  static const llvm::DenseSet<mlir::TypeID> ops = [] {
    llvm::DenseSet<mlir::TypeID> s;
    auto add = [&](auto... ids) { (s.insert(ids), ...); };
    using mlir::TypeID;
    add(TypeID::get<shlo::ConstantOp>(), TypeID::get<mlir::sdy::ConstantOp>(),
        TypeID::get<shlo::BitcastConvertOp>(),
        TypeID::get<shlo::UniformQuantizeOp>(),
        TypeID::get<shlo::UniformDequantizeOp>());
    add(TypeID::get<shlo::SelectOp>(), TypeID::get<shlo::CustomCallOp>(),
        TypeID::get<shlo::CollectiveBroadcastOp>());
    addDataMovementOps(s);
    return s;
  }();
  return ops;
}

// Ops computed in the expressed type between a dequantize and a quantize.
const llvm::DenseSet<mlir::TypeID> &computeOps() {
  static const llvm::DenseSet<mlir::TypeID> ops = [] {
    llvm::DenseSet<mlir::TypeID> s;
    auto add = [&](auto... ids) { (s.insert(ids), ...); };
    using mlir::TypeID;
    addArithmeticOps(s);
    add(TypeID::get<shlo::DotOp>(), TypeID::get<shlo::DotGeneralOp>(),
        TypeID::get<shlo::ConvolutionOp>());
    return s;
  }();
  return ops;
}

// Reductions whose body is one recognised binary op.
bool isReduction(mlir::Operation *op) {
  return mlir::isa<shlo::ReduceOp, shlo::AllReduceOp, shlo::ReduceScatterOp>(
      op);
}

bool hasQuantizedTypes(mlir::Operation *op) {
  for (mlir::Type t : op->getOperandTypes())
    if (isQuantizedTensor(t))
      return true;
  for (mlir::Type t : op->getResultTypes())
    if (isQuantizedTensor(t))
      return true;
  return false;
}

Status refuse(mlir::Operation *op, llvm::StringRef why = "") {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "quantized element types are not supported by '" << op->getName()
     << "' in the runtime" << why;
  return Status::unsupported(s);
}

Status runInExpressedType(Kernel kernel, OpCall &c) {
  mlir::Operation *op = c.op;
  std::vector<Tensor> in;
  in.reserve(c.in.size());
  for (unsigned i = 0; i < c.in.size(); ++i) {
    mlir::Type t = op->getOperand(i).getType();
    if (!isQuantizedTensor(t)) {
      in.push_back(c.in[i]);
      continue;
    }
    QuantParams p;
    SDY_RETURN_IF_ERROR(paramsOf(t, p));
    in.push_back(dequantize(c.in[i], p));
  }
  ElementType resultType = c.resultType;
  if (op->getNumResults() >= 1 &&
      isQuantizedTensor(op->getResult(0).getType())) {
    QuantParams p;
    SDY_RETURN_IF_ERROR(paramsOf(op->getResult(0).getType(), p));
    resultType = p.expressed;
  }
  std::vector<Tensor> out;
  OpCall call{c.interp, op, c.env, in, out, resultType, c.resultShape};
  SDY_RETURN_IF_ERROR(kernel(call));
  if (out.size() != op->getNumResults())
    return Status::internal("quantized op produced the wrong result count");
  for (unsigned i = 0; i < out.size(); ++i) {
    mlir::Type t = op->getResult(i).getType();
    if (!isQuantizedTensor(t)) {
      c.out.push_back(std::move(out[i]));
      continue;
    }
    QuantParams p;
    SDY_RETURN_IF_ERROR(paramsOf(t, p));
    c.out.push_back(quantize(out[i], p));
  }
  return Status::ok();
}

} // namespace

Status runKernel(Kernel kernel, OpCall &call) {
  mlir::Operation *op = call.op;
  if (!hasQuantizedTypes(op) || movingOps().contains(op->getName().getTypeID()))
    return kernel(call);
  if (computeOps().contains(op->getName().getTypeID()))
    return runInExpressedType(kernel, call);
  if (isReduction(op)) {
    // A body of one add/multiply/max/min; anything else would run the body's
    // quantized ops on dequantized values.
    if (!Interpreter::recognizeBinaryBody(op->getRegion(0)))
      return refuse(op, " (reduction bodies other than one binary op)");
    return runInExpressedType(kernel, call);
  }
  return refuse(op);
}

void registerQuantKernels(KernelTable &table) {
  table.add<shlo::UniformQuantizeOp>(uniformQuantizeKernel);
  table.add<shlo::UniformDequantizeOp>(uniformDequantizeKernel);
}

} // namespace sdy::runtime
