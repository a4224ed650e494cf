//===- ClusterLowering.cpp - stablehlo clusters to linalg on tensors ------===//
//
// Which ops compile (whyNotLowerable) and the function of a cluster; the
// lowerings of the ops live in the files named after them: ScalarLowering
// (elementwise ops), ComplexLowering, ChloBroadcastLowering,
// DataMovementLowering, ReduceLowering, WindowLowering, MapLowering,
// BitcastLowering, with the Emitter (Emitter.h) that writes the text.
//
//===----------------------------------------------------------------------===//
#include "compiler/ClusterLowering.h"
#include "compiler/BatchNormLowering.h"
#include "compiler/BitcastLowering.h"
#include "compiler/BodyLowering.h"
#include "compiler/ChloBroadcastLowering.h"
#include "compiler/ComplexLowering.h"
#include "compiler/DataMovementLowering.h"
#include "compiler/Emitter.h"
#include "compiler/MapLowering.h"
#include "compiler/QuantLowering.h"
#include "compiler/ReduceLowering.h"
#include "compiler/ScalarLowering.h"
#include "compiler/WindowLowering.h"

#include "ir/chlo/ChloDialect.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace sdy::compiler {

using namespace mlir;
namespace shlo = mlir::stablehlo;

bool isFoldedConstant(Operation *op) {
  auto c = dyn_cast<shlo::ConstantOp>(op);
  return c && op->getNumResults() == 1 &&
         (isLowerableTensor(op->getResult(0).getType()) ||
          isLowerableComplexTensor(op->getResult(0).getType())) &&
         isa<DenseElementsAttr>(c.getValue());
}

std::string whyNotLowerable(Operation *op) {
  if (isChloBroadcast(op))
    return whyChloBroadcastNotLowerable(op);
  bool known =
      isElementwiseUnary(op) || isElementwiseBinary(op) || isExactUnary(op) ||
      isDataMovement(op) || specialFunctionSymbol(op) || isBatchNorm(op) ||
      isa<shlo::CompareOp, shlo::SelectOp, shlo::ClampOp, shlo::ConvertOp,
          shlo::ReduceOp, shlo::ReduceWindowOp, shlo::MapOp,
          shlo::OptimizationBarrierOp, chlo::NextAfterOp, chlo::ConstantLikeOp,
          shlo::RealOp, shlo::ImagOp, shlo::ComplexOp, shlo::UniformQuantizeOp,
          shlo::UniformDequantizeOp>(op);
  if (!known)
    return "no compiled lowering for this op (interpreted)";
  const std::string typesCompiled =
      " is not compiled (f16, bf16, f32, f64, pred, signless and unsigned "
      "integers are)";
  // Complex elements are compiled for the ops ComplexLowering names.
  // Complex elements are compiled for the ops ComplexLowering names, and
  // quantized ones for those QuantLowering names.
  bool complexForm = hasComplexForm(op), quantForm = hasQuantForm(op);
  auto why = [&](Type t, const char *what) -> std::string {
    if (isLowerableTensor(t) || (complexForm && isLowerableComplexTensor(t)) ||
        (quantForm && isLowerableQuantTensor(t)))
      return "";
    if (isLowerableComplexTensor(t))
      return "complex form is not compiled";
    if (isLowerableQuantTensor(t))
      return "quantized form is not compiled";
    return what + printed(t) + typesCompiled;
  };
  for (Type t : op->getOperandTypes())
    if (std::string w = why(t, "operand type "); !w.empty())
      return w;
  for (Type t : op->getResultTypes())
    if (std::string w = why(t, "result type "); !w.empty())
      return w;
  // The narrow formats (f8, f6, f4) compute through f32 for these ops only;
  // the others round differently in the interpreter (or not at all).
  bool narrowForm =
      (isDataMovement(op) && !isa<shlo::IotaOp>(op)) ||
      isa<shlo::SelectOp, shlo::OptimizationBarrierOp, shlo::ConvertOp,
          shlo::CompareOp, shlo::AddOp, shlo::SubtractOp, shlo::MulOp,
          shlo::DivOp, shlo::MaxOp, shlo::MinOp, shlo::AbsOp, shlo::NegOp>(op);
  for (Type t : llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes()))
    if (Type et = cast<RankedTensorType>(t).getElementType();
        isNarrowFormat(et) && !narrowForm)
      return printed(et) + " form is not compiled";
  // A kernel's own buffers are not checked when it runs: a result the
  // machine cannot hold is left to the interpreter, which reports it.
  for (Type t : op->getResultTypes())
    if (!fitsInMemory(cast<RankedTensorType>(t)))
      return "result " + printed(t) +
             " needs more bytes than this machine's memory (interpreted)";
  if (isDataMovement(op))
    return whyDataMovementInvalid(op);
  if (isa<chlo::ConstantLikeOp>(op))
    return whyConstantLikeNotLowerable(op);
  // A barrier passes its operands on: the compiled code keeps its values.
  if (isa<shlo::OptimizationBarrierOp>(op))
    return op->getNumResults() == op->getNumOperands() &&
                   op->getNumResults() != 0 &&
                   op->getOperandTypes() == op->getResultTypes()
               ? ""
               : "optimization_barrier results differ from its operands";
  if (auto window = dyn_cast<shlo::ReduceWindowOp>(op))
    return whyReduceWindowNotLowerable(window);
  if (auto map = dyn_cast<shlo::MapOp>(op))
    return whyMapNotLowerable(map);
  if (isBatchNorm(op))
    return whyBatchNormNotLowerable(op);
  if (computesQuant(op)) {
    // Elementwise: quantize and dequantize on operands of the result's
    // shape, the arithmetic as on floats.
    for (Value v : op->getOperands())
      if (shapeOf(v) != shapeOf(op->getResult(0)))
        return "operand shapes differ from the result's";
    return "";
  }
  if (usesComplex(op)) {
    // A complex reduce is a general fold: its body's ops are checked.
    if (auto reduce = dyn_cast<shlo::ReduceOp>(op)) {
      if (std::string why = whyReduceShapesInvalid(reduce); !why.empty())
        return why;
      return whyBodyNotLowerable(reduce.getBody(),
                                 foldBody("reduce body", reduce.getInputs()));
    }
    return whyComplexFormInvalid(op);
  }
  Type et = elementOf(op->getOperand(0));
  bool isFloat = isa<FloatType>(et);
  if (isElementwiseUnary(op)) {
    bool intOk = isa<shlo::AbsOp, shlo::NegOp, shlo::NotOp>(op);
    if (!isFloat && !intOk)
      return "integer form is not compiled";
    if (isFloat && isa<shlo::NotOp>(op))
      return "float operand";
    if (isPred(et) && !isa<shlo::NotOp>(op))
      return "pred form is not compiled";
    // LLVM's lowering of math.expm1 is exp(x) - 1, inexact near 0; f32
    // gets a polynomial approximation instead.
    if (isa<shlo::Expm1Op>(op) && et.isF64())
      return "f64 form is not compiled";
  }
  if (isExactUnary(op)) {
    if (auto bitcast = dyn_cast<shlo::BitcastConvertOp>(op)) {
      if (std::string why = whyBitcastInvalid(bitcast); !why.empty())
        return why;
    } else if (isa<shlo::PopulationCountOp, shlo::ClzOp>(op)) {
      if (isFloat)
        return "float operand";
      if (isPred(et))
        return "pred form is not compiled";
    } else if (isa<shlo::SignOp>(op)) {
      if (isPred(et))
        return "pred form is not compiled";
    } else if (!isFloat) {
      return "integer form is not compiled";
    }
  }
  if (isElementwiseBinary(op)) {
    if (isa<shlo::PowOp, shlo::Atan2Op>(op) && !isFloat)
      return "integer form is not compiled";
    if ((isShift(op) || isa<shlo::AndOp, shlo::OrOp, shlo::XorOp>(op)) &&
        isFloat)
      return "float operand";
    if (isPred(et) && (isShift(op) || isa<shlo::DivOp, shlo::RemOp>(op)))
      return "pred form is not compiled";
    if (isa<shlo::SubtractOp>(op) && isPred(et))
      return "pred form is not compiled";
  }
  if (isa<chlo::NextAfterOp>(op) || specialFunctionSymbol(op)) {
    if (!isFloat)
      return "integer form is not compiled";
    for (Value v : op->getOperands())
      if (shapeOf(v) != shapeOf(op->getResult(0)))
        return "operand shapes differ from the result's";
  }
  if (auto cmp = dyn_cast<shlo::CompareOp>(op)) {
    if (cmp.getCompareType() &&
        *cmp.getCompareType() == shlo::ComparisonType::TOTALORDER)
      return "TOTALORDER comparison is not compiled";
  }
  if (auto reduce = dyn_cast<shlo::ReduceOp>(op)) {
    if (std::string why = whyReduceShapesInvalid(reduce); !why.empty())
      return why;
    Operation *combiner = reductionCombiner(reduce.getBody());
    if (!combiner || reduce.getInputs().size() != 1)
      return whyBodyNotLowerable(reduce.getBody(),
                                 foldBody("reduce body", reduce.getInputs()));
    for (Type t : combiner->getOperandTypes())
      if (!isa<RankedTensorType>(t) ||
          cast<RankedTensorType>(t).getElementType() != et)
        return "reduce body element type differs from the input's";
    if (isa<shlo::AndOp, shlo::OrOp>(combiner) && isFloat)
      return "float operand";
  }
  return "";
}

// The map of an operand of an elementwise op: identity, or () for the rank-0
// operands that select and clamp broadcast.
static std::string operandMap(Value operand, unsigned rank) {
  if (shapeOf(operand).empty() && rank != 0)
    return mapText(rank, {});
  return identityMap(rank);
}

static void emitOp(Emitter &e, Operation *op) {
  if (isa<shlo::OptimizationBarrierOp>(op)) {
    for (auto [r, x] : llvm::zip(op->getResults(), op->getOperands()))
      e.bind(r, e.valueName(x));
    return;
  }
  Value result = op->getResult(0);
  llvm::SmallVector<int64_t> shape = e.shapeOf(result);
  unsigned rank = shape.size();
  Type outEt = elementOf(result);
  std::vector<std::string> parallel(rank, "parallel");
  std::vector<std::string> ins;
  std::vector<InType> inTypes;
  std::vector<std::string> maps;
  auto addOperand = [&](Value v, std::string map) {
    ins.push_back(e.valueName(v));
    inTypes.push_back(e.inTypeOf(v));
    maps.push_back(std::move(map));
  };

  if (emitSlicing(e, op))
    return;
  if (isChloBroadcast(op)) {
    emitChloBroadcast(e, op);
    return;
  }
  if (isBatchNorm(op)) {
    emitBatchNorm(e, op);
    return;
  }
  if (computesQuant(op)) {
    emitQuantOp(e, op);
    return;
  }
  if (isa<chlo::ConstantLikeOp>(op)) {
    emitConstantLike(e, op);
    return;
  }
  if (auto window = dyn_cast<shlo::ReduceWindowOp>(op)) {
    emitReduceWindow(e, window);
    return;
  }
  if (auto map = dyn_cast<shlo::MapOp>(op)) {
    emitMap(e, map);
    return;
  }
  if (auto bitcast = dyn_cast<shlo::BitcastConvertOp>(op);
      bitcast && shapeOf(bitcast.getOperand()).size() != rank) {
    emitWidthBitcast(e, bitcast);
    return;
  }

  if (auto reshape = dyn_cast<shlo::ReshapeOp>(op)) {
    Value x = reshape.getOperand();
    std::string src = e.valueName(x);
    if (e.shapeOf(x) == shape) {
      e.bind(result, src);
      return;
    }
    std::string shapeConst = e.fresh();
    std::string dims;
    for (size_t i = 0; i < shape.size(); ++i)
      dims += (i ? ", " : "") + std::to_string(shape[i]);
    std::string shapeType = "tensor<" + std::to_string(rank) + "xindex>";
    e.line(shapeConst + " = arith.constant dense<[" + dims +
           "]> : " + shapeType);
    std::string r = e.fresh();
    e.line(r + " = tensor.reshape " + src + "(" + shapeConst + ") : (" +
           tensorText(e.shapeOf(x), outEt) + ", " + shapeType + ") -> " +
           tensorText(shape, outEt));
    e.bind(result, r);
    return;
  }

  if (auto reduce = dyn_cast<shlo::ReduceOp>(op)) {
    emitReduce(e, reduce);
    return;
  }

  if (auto bcast = dyn_cast<shlo::BroadcastInDimOp>(op)) {
    Value x = bcast.getOperand();
    llvm::SmallVector<int64_t> inShape = e.shapeOf(x);
    std::vector<std::string> exprs;
    for (auto [i, d] : llvm::enumerate(bcast.getBroadcastDimensions()))
      exprs.push_back(
          inShape[i] == 1 && shape[d] != 1 ? "0" : "d" + std::to_string(d));
    addOperand(x, mapText(rank, exprs));
  } else if (auto transpose = dyn_cast<shlo::TransposeOp>(op)) {
    Value x = transpose.getOperand();
    ArrayRef<int64_t> perm = transpose.getPermutation();
    std::vector<std::string> exprs(perm.size());
    for (auto [i, p] : llvm::enumerate(perm))
      exprs[p] = "d" + std::to_string(i);
    addOperand(x, mapText(rank, exprs));
  } else if (auto reverse = dyn_cast<shlo::ReverseOp>(op)) {
    std::vector<std::string> exprs;
    for (unsigned d = 0; d < rank; ++d)
      exprs.push_back((llvm::is_contained(reverse.getDimensions(), d)
                           ? std::to_string(shape[d] - 1) + " - "
                           : std::string()) +
                      "d" + std::to_string(d));
    addOperand(reverse.getOperand(), mapText(rank, exprs));
  } else {
    for (Value v : op->getOperands())
      addOperand(v, operandMap(v, rank));
  }

  ScalarFn computed = [&](std::string &body,
                          const std::vector<std::string> &a) {
    return computedScalar(e, op, body, a);
  };
  std::string r = e.generic(ins, inTypes, maps, shape, outEt, identityMap(rank),
                            parallel, computed);
  e.bind(result, r);
}

// pred crosses the kernel boundary as bytes (the runtime's storage).
static Type boundaryElementType(Value v, MLIRContext *ctx) {
  Type et = elementOf(v);
  return isPred(et) ? IntegerType::get(ctx, 8) : et;
}

std::string emitClusterFunction(const Cluster &cluster,
                                const std::string &name) {
  Emitter e(cluster);
  std::string params;
  auto param = [&](Value v, const std::string &argName) {
    Type bt = boundaryElementType(v, v.getContext());
    params += std::string(params.empty() ? "" : ", ") + argName + ": " +
              memrefText(e.shapeOf(v), bt);
  };
  for (auto [i, v] : llvm::enumerate(cluster.inputs))
    param(v, "%in" + std::to_string(i));
  for (auto [i, v] : llvm::enumerate(cluster.outputs))
    param(v, "%out" + std::to_string(i));

  for (auto [i, v] : llvm::enumerate(cluster.inputs)) {
    Type bt = boundaryElementType(v, v.getContext());
    std::string t = e.fresh();
    e.line(t + " = bufferization.to_tensor %in" + std::to_string(i) +
           " restrict : " + memrefText(e.shapeOf(v), bt) + " to " +
           tensorText(e.shapeOf(v), bt));
    if (bt != elementOf(v)) {
      unsigned rank = e.shapeOf(v).size();
      t = e.generic({t}, {{tensorText(e.shapeOf(v), bt), bt}},
                    {identityMap(rank)}, e.shapeOf(v), elementOf(v),
                    identityMap(rank),
                    std::vector<std::string>(rank, "parallel"),
                    [&](std::string &body, const std::vector<std::string> &a) {
                      return e.scalar(body, "arith.trunci", a[0], "i8 to i1");
                    });
    }
    e.bind(v, t);
  }
  for (Operation *op : cluster.ops)
    emitOp(e, op);
  for (auto [i, v] : llvm::enumerate(cluster.outputs)) {
    Type bt = boundaryElementType(v, v.getContext());
    std::string t = e.valueName(v);
    if (bt != elementOf(v)) {
      unsigned rank = e.shapeOf(v).size();
      t = e.generic({t}, {e.inTypeOf(v)}, {identityMap(rank)}, e.shapeOf(v), bt,
                    identityMap(rank),
                    std::vector<std::string>(rank, "parallel"),
                    [&](std::string &body, const std::vector<std::string> &a) {
                      return e.scalar(body, "arith.extui", a[0], "i1 to i8");
                    });
    }
    e.line("bufferization.materialize_in_destination " + t +
           " in restrict writable %out" + std::to_string(i) + " : (" +
           tensorText(e.shapeOf(v), bt) + ", " + memrefText(e.shapeOf(v), bt) +
           ") -> ()");
  }
  e.line("return");
  return "func.func @" + name + "(" + params + ") {\n" + e.text() + "}\n";
}

} // namespace sdy::compiler
