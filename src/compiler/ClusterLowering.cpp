//===- ClusterLowering.cpp - stablehlo clusters to linalg on tensors ------===//
#include "compiler/ClusterLowering.h"

#include "ir/chlo/ChloDialect.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/SwapByteOrder.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>

#include <unistd.h>

namespace sdy::compiler {

using namespace mlir;
namespace shlo = mlir::stablehlo;

namespace {

// f16, bf16, f32, f64, signless integers of 1 to 64 bits (i1 is pred) and
// unsigned integers of 8 to 64 bits.
bool isLowerableElementType(Type t) {
  if (t.isF16() || t.isBF16() || t.isF32() || t.isF64())
    return true;
  auto i = dyn_cast<IntegerType>(t);
  if (!i || i.isSigned())
    return false;
  unsigned w = i.getWidth();
  return (w == 1 && i.isSignless()) || w == 8 || w == 16 || w == 32 || w == 64;
}

bool isUnsignedInt(Type t) { return t.isUnsignedInteger(); }

// f16 and bf16 are computed in f32 and rounded, as the interpreter does.
bool isNarrowFloat(Type t) { return t.isF16() || t.isBF16(); }
Type computeType(Type t) {
  return isNarrowFloat(t) ? Float32Type::get(t.getContext()) : t;
}

bool isLowerableTensor(Type t) {
  auto rt = dyn_cast<RankedTensorType>(t);
  return rt && rt.hasStaticShape() && !rt.getEncoding() &&
         isLowerableElementType(rt.getElementType());
}

std::string printed(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os);
  return s;
}

Type elementOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getElementType();
}

ArrayRef<int64_t> shapeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getShape();
}

bool isPred(Type t) { return t.isSignlessInteger(1); }

uint64_t physicalMemoryBytes() {
  long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || size <= 0)
    return UINT64_MAX;
  return static_cast<uint64_t>(pages) * static_cast<uint64_t>(size);
}

// Whether `t`'s bytes (one per pred, as the runtime stores it) fit in the
// machine's physical memory.
bool fitsInMemory(RankedTensorType t) {
  uint64_t bytes = (t.getElementTypeBitWidth() + 7) / 8;
  for (int64_t d : t.getShape()) {
    if (d < 0)
      return false;
    if (d != 0 && bytes > UINT64_MAX / static_cast<uint64_t>(d))
      return false;
    bytes *= static_cast<uint64_t>(d);
  }
  static const uint64_t limit = physicalMemoryBytes();
  return bytes <= limit;
}

// The binary op of a reduction body `^bb(a, b): r = OP(a, b); return r`.
Operation *reductionCombiner(Region &body) {
  if (body.empty())
    return nullptr;
  Block &b = body.front();
  if (b.getNumArguments() != 2 || b.getOperations().size() != 2)
    return nullptr;
  Operation &op = b.front();
  Operation &ret = b.back();
  if (op.getNumOperands() != 2 || op.getNumResults() != 1 ||
      ret.getNumOperands() != 1 || ret.getOperand(0) != op.getResult(0))
    return nullptr;
  Value a0 = b.getArgument(0), a1 = b.getArgument(1);
  bool argsInOrder = op.getOperand(0) == a0 && op.getOperand(1) == a1;
  bool argsSwapped = op.getOperand(0) == a1 && op.getOperand(1) == a0;
  if (!argsInOrder && !argsSwapped)
    return nullptr;
  if (!isa<shlo::AddOp, shlo::MulOp, shlo::MaxOp, shlo::MinOp, shlo::AndOp,
           shlo::OrOp>(op))
    return nullptr;
  return &op;
}

bool isElementwiseUnary(Operation *op) {
  return isa<shlo::AbsOp, shlo::NegOp, shlo::ExpOp, shlo::Expm1Op, shlo::LogOp,
             shlo::Log1pOp, shlo::LogisticOp, shlo::SqrtOp, shlo::RsqrtOp,
             shlo::TanhOp, shlo::SineOp, shlo::CosineOp, shlo::FloorOp,
             shlo::CeilOp, shlo::RoundNearestEvenOp, shlo::NotOp, chlo::ErfOp>(
      op);
}

// The libm function (as a math op) of a chlo op the interpreter computes
// in f64 with libm, or null.
const char *chloLibmOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, const char *>(op)
      .Case<chlo::TanOp>([](auto) { return "math.tan"; })
      .Case<chlo::AcosOp>([](auto) { return "math.acos"; })
      .Case<chlo::AcoshOp>([](auto) { return "math.acosh"; })
      .Case<chlo::AsinOp>([](auto) { return "math.asin"; })
      .Case<chlo::AsinhOp>([](auto) { return "math.asinh"; })
      .Case<chlo::AtanOp>([](auto) { return "math.atan"; })
      .Case<chlo::AtanhOp>([](auto) { return "math.atanh"; })
      .Case<chlo::CoshOp>([](auto) { return "math.cosh"; })
      .Case<chlo::SinhOp>([](auto) { return "math.sinh"; })
      .Case<chlo::ErfcOp>([](auto) { return "math.erfc"; })
      .Default([](auto) { return nullptr; });
}

// Unary ops on the bits of integers, or that test or round floats, or call
// libm as the interpreter does; each is computed exactly.
bool isExactUnary(Operation *op) {
  return isa<shlo::BitcastConvertOp, shlo::SignOp, shlo::PopulationCountOp,
             shlo::ClzOp, shlo::RoundOp, shlo::IsFiniteOp, shlo::CbrtOp,
             shlo::TanOp, shlo::ReducePrecisionOp, chlo::SquareOp,
             chlo::IsInfOp, chlo::IsPosInfOp, chlo::IsNegInfOp>(op) ||
         chloLibmOp(op);
}

bool isShift(Operation *op) {
  return isa<shlo::ShiftLeftOp, shlo::ShiftRightLogicalOp,
             shlo::ShiftRightArithmeticOp>(op);
}

bool isElementwiseBinary(Operation *op) {
  return isa<shlo::AddOp, shlo::SubtractOp, shlo::MulOp, shlo::DivOp,
             shlo::MaxOp, shlo::MinOp, shlo::PowOp, shlo::RemOp, shlo::Atan2Op,
             shlo::AndOp, shlo::OrOp, shlo::XorOp>(op) ||
         isShift(op);
}

// Ops that move data without computing: lowered to tensor slices and
// index maps.
bool isDataMovement(Operation *op) {
  return isa<shlo::BroadcastInDimOp, shlo::ReshapeOp, shlo::TransposeOp,
             shlo::SliceOp, shlo::ConcatenateOp, shlo::PadOp, shlo::ReverseOp,
             shlo::IotaOp, shlo::DynamicSliceOp, shlo::DynamicUpdateSliceOp>(
      op);
}

// Empty when the attributes of a data movement op are consistent with its
// shapes (the lowering indexes with them); otherwise why not.
std::string whyDataMovementInvalid(Operation *op) {
  const std::string bad = "attributes inconsistent with the shapes";
  if (auto slice = dyn_cast<shlo::SliceOp>(op)) {
    ArrayRef<int64_t> in = shapeOf(slice.getOperand());
    ArrayRef<int64_t> out = shapeOf(slice.getResult());
    ArrayRef<int64_t> lo = slice.getStartIndices(),
                      hi = slice.getLimitIndices(), st = slice.getStrides();
    if (lo.size() != in.size() || hi.size() != in.size() ||
        st.size() != in.size() || out.size() != in.size())
      return bad;
    for (size_t d = 0; d < in.size(); ++d)
      if (st[d] < 1 || lo[d] < 0 || hi[d] > in[d] || lo[d] > hi[d] ||
          out[d] != (hi[d] - lo[d] + st[d] - 1) / st[d])
        return bad;
  }
  if (auto concat = dyn_cast<shlo::ConcatenateOp>(op)) {
    ArrayRef<int64_t> out = shapeOf(concat.getResult());
    int64_t dim = concat.getDimension(), total = 0;
    if (dim < 0 || dim >= static_cast<int64_t>(out.size()))
      return bad;
    for (Value v : concat.getInputs()) {
      ArrayRef<int64_t> in = shapeOf(v);
      if (in.size() != out.size())
        return bad;
      for (size_t d = 0; d < in.size(); ++d)
        if (static_cast<int64_t>(d) != dim && in[d] != out[d])
          return bad;
      total += in[dim];
    }
    if (total != out[dim])
      return bad;
  }
  if (auto pad = dyn_cast<shlo::PadOp>(op)) {
    ArrayRef<int64_t> in = shapeOf(pad.getOperand());
    ArrayRef<int64_t> out = shapeOf(pad.getResult());
    ArrayRef<int64_t> lo = pad.getEdgePaddingLow(),
                      hi = pad.getEdgePaddingHigh(),
                      interior = pad.getInteriorPadding();
    if (lo.size() != in.size() || hi.size() != in.size() ||
        interior.size() != in.size() || out.size() != in.size() ||
        !shapeOf(pad.getPaddingValue()).empty())
      return bad;
    for (size_t d = 0; d < in.size(); ++d) {
      int64_t spread = in[d] == 0 ? 0 : in[d] + (in[d] - 1) * interior[d];
      if (interior[d] < 0 || out[d] != lo[d] + spread + hi[d])
        return bad;
    }
  }
  if (auto reverse = dyn_cast<shlo::ReverseOp>(op)) {
    for (int64_t d : reverse.getDimensions())
      if (d < 0 ||
          d >= static_cast<int64_t>(shapeOf(reverse.getOperand()).size()))
        return bad;
  }
  if (auto iota = dyn_cast<shlo::IotaOp>(op)) {
    int64_t d = iota.getIotaDimension();
    if (d < 0 || d >= static_cast<int64_t>(shapeOf(iota.getResult()).size()))
      return bad;
  }
  auto checkStarts = [&](ValueRange starts, ArrayRef<int64_t> in,
                         ArrayRef<int64_t> sizes) -> std::string {
    if (starts.size() != in.size() || sizes.size() != in.size())
      return bad;
    for (size_t d = 0; d < in.size(); ++d)
      if (sizes[d] < 0 || sizes[d] > in[d])
        return bad;
    for (Value s : starts)
      if (!shapeOf(s).empty() || isPred(elementOf(s)))
        return "start indices are not integer scalars";
    return "";
  };
  if (auto ds = dyn_cast<shlo::DynamicSliceOp>(op)) {
    if (ds.getSliceSizes() != shapeOf(ds.getResult()))
      return bad;
    return checkStarts(ds.getStartIndices(), shapeOf(ds.getOperand()),
                       ds.getSliceSizes());
  }
  if (auto dus = dyn_cast<shlo::DynamicUpdateSliceOp>(op)) {
    if (shapeOf(dus.getResult()) != shapeOf(dus.getOperand()))
      return bad;
    return checkStarts(dus.getStartIndices(), shapeOf(dus.getOperand()),
                       shapeOf(dus.getUpdate()));
  }
  return "";
}

// Empty when the inputs, inits, dimensions and results of `reduce` agree
// (the lowering indexes with them); otherwise why not.
std::string whyReduceShapesInvalid(shlo::ReduceOp reduce) {
  const std::string bad = "reduce shapes inconsistent with its dimensions";
  size_t n = reduce.getInputs().size();
  if (n == 0 || reduce.getInitValues().size() != n ||
      reduce->getNumResults() != n)
    return bad;
  ArrayRef<int64_t> in = shapeOf(reduce.getInputs()[0]);
  llvm::SmallVector<bool> reduced(in.size(), false);
  for (int64_t d : reduce.getDimensions()) {
    if (d < 0 || d >= static_cast<int64_t>(in.size()) || reduced[d])
      return bad;
    reduced[d] = true;
  }
  llvm::SmallVector<int64_t> kept;
  for (size_t d = 0; d < in.size(); ++d)
    if (!reduced[d])
      kept.push_back(in[d]);
  for (size_t k = 0; k < n; ++k) {
    Type et = elementOf(reduce.getInputs()[k]);
    Value init = reduce.getInitValues()[k], r = reduce->getResult(k);
    if (shapeOf(reduce.getInputs()[k]) != in || !shapeOf(init).empty() ||
        elementOf(init) != et || shapeOf(r) != ArrayRef<int64_t>(kept) ||
        elementOf(r) != et)
      return bad;
  }
  return "";
}

// reduce_window's window, one entry per dimension (absent lists are ones,
// absent padding zeros). The lists are checked to have the rank first.
struct WindowGeometry {
  llvm::SmallVector<int64_t> size, strides, baseDilations, windowDilations,
      padLow, padHigh;
};

WindowGeometry windowGeometry(shlo::ReduceWindowOp op) {
  size_t rank = shapeOf(op.getInputs()[0]).size();
  auto orOnes = [&](std::optional<ArrayRef<int64_t>> l) {
    return l ? llvm::SmallVector<int64_t>(*l)
             : llvm::SmallVector<int64_t>(rank, 1);
  };
  WindowGeometry w{
      orOnes(op.getWindowDimensions()),    orOnes(op.getWindowStrides()),
      orOnes(op.getBaseDilations()),       orOnes(op.getWindowDilations()),
      llvm::SmallVector<int64_t>(rank, 0), llvm::SmallVector<int64_t>(rank, 0)};
  if (auto pad = op.getPadding()) {
    auto values = llvm::to_vector(pad->getValues<int64_t>());
    for (size_t d = 0; d < rank && 2 * d + 1 < values.size(); ++d) {
      w.padLow[d] = values[2 * d];
      w.padHigh[d] = values[2 * d + 1];
    }
  }
  return w;
}

// What a region of a compiled op must be: its arguments and results, all
// scalars, and how the messages name them.
struct BodySpec {
  std::string name;  // "reduce body", ...
  std::string takes; // "an accumulator and an element per input", ...
  std::string gives; // "a value per input", ...
  std::string like;  // "its accumulator's", ...
  llvm::SmallVector<Type> args, results;
};

// Empty when `body` is as `spec` says and every op of it is a compiled
// elementwise op or a constant on its scalars; otherwise why not.
std::string whyBodyNotLowerable(Region &body, const BodySpec &spec) {
  if (!body.hasOneBlock() || body.front().getNumArguments() != spec.args.size())
    return spec.name + " does not take " + spec.takes;
  Block &b = body.front();
  for (auto [arg, et] : llvm::zip(b.getArguments(), spec.args)) {
    auto rt = dyn_cast<RankedTensorType>(arg.getType());
    if (!rt || rt.getRank() != 0 || rt.getElementType() != et)
      return spec.name + " argument type " + printed(arg.getType()) +
             " differs from its input's element type";
  }
  llvm::DenseSet<Value> defined(b.getArguments().begin(),
                                b.getArguments().end());
  for (Operation &op : b) {
    for (Value v : op.getOperands())
      if (!defined.count(v))
        return spec.name + " reads a value defined outside it";
    if (op.hasTrait<OpTrait::IsTerminator>()) {
      if (!isa<shlo::ReturnOp>(op) ||
          op.getNumOperands() != spec.results.size())
        return spec.name + " does not return " + spec.gives;
      for (auto [v, et] : llvm::zip(op.getOperands(), spec.results)) {
        auto rt = dyn_cast<RankedTensorType>(v.getType());
        if (!rt || rt.getRank() != 0 || rt.getElementType() != et)
          return spec.name + " returns a type other than " + spec.like;
      }
      continue;
    }
    std::string opName = op.getName().getStringRef().str();
    if (op.getNumRegions() || op.getNumResults() != 1)
      return spec.name + " op " + opName + " is not elementwise";
    if (!isFoldedConstant(&op)) {
      // A width-changing bitcast adds or drops a dimension.
      auto bitcast = dyn_cast<shlo::BitcastConvertOp>(op);
      if (isDataMovement(&op) || isa<shlo::OptimizationBarrierOp>(op) ||
          (bitcast && shapeOf(bitcast.getOperand()).size() !=
                          shapeOf(bitcast.getResult()).size()))
        return spec.name + " op " + opName + " is not elementwise";
      if (std::string why = whyNotLowerable(&op); !why.empty())
        return spec.name + " op " + opName + ": " + why;
    }
    defined.insert(op.getResult(0));
  }
  return "";
}

// The body of a reduce or reduce_window over `inputs`: an accumulator then
// an element per input, as scalars.
BodySpec foldBody(const std::string &name, ValueRange inputs) {
  BodySpec spec{name,
                "an accumulator and an element per input",
                "a value per input",
                "its accumulator's",
                {},
                {}};
  for (int pass = 0; pass < 2; ++pass)
    for (Value v : inputs)
      spec.args.push_back(elementOf(v));
  for (Value v : inputs)
    spec.results.push_back(elementOf(v));
  return spec;
}

// Empty when reduce_window's inputs, inits, window and results agree (the
// lowering indexes with them) and its body is compiled; otherwise why not.
std::string whyReduceWindowNotLowerable(shlo::ReduceWindowOp op) {
  const std::string bad = "reduce_window shapes inconsistent with its window";
  size_t n = op.getInputs().size();
  if (n == 0 || op.getInitValues().size() != n || op->getNumResults() != n)
    return bad;
  ArrayRef<int64_t> in = shapeOf(op.getInputs()[0]);
  ArrayRef<int64_t> out = shapeOf(op->getResult(0));
  size_t rank = in.size();
  for (size_t k = 0; k < n; ++k) {
    Value x = op.getInputs()[k], init = op.getInitValues()[k],
          r = op->getResult(k);
    if (shapeOf(x) != in || !shapeOf(init).empty() ||
        elementOf(init) != elementOf(x) || shapeOf(r) != out ||
        elementOf(r) != elementOf(x))
      return bad;
  }
  auto listOk = [&](std::optional<ArrayRef<int64_t>> l) {
    return !l || (l->size() == rank &&
                  llvm::all_of(*l, [](int64_t v) { return v >= 1; }));
  };
  if (!listOk(op.getWindowDimensions()) || !listOk(op.getWindowStrides()) ||
      !listOk(op.getBaseDilations()) || !listOk(op.getWindowDilations()) ||
      out.size() != rank)
    return bad;
  if (auto pad = op.getPadding())
    if (pad->getNumElements() != static_cast<int64_t>(2 * rank))
      return bad;
  WindowGeometry w = windowGeometry(op);
  // Every result element reads its window: an empty result or input is
  // left to the runtime kernel, as are windows it refuses to walk. The
  // extents are computed in doubles: attributes near 2^63 must not wrap.
  double steps = 1;
  llvm::SmallVector<int64_t> reach;
  for (size_t d = 0; d < rank; ++d) {
    if (in[d] < 1 || out[d] < 1)
      return "empty reduce_window input or result is not compiled";
    double dilated = double(in[d] - 1) * double(w.baseDilations[d]) + 1 +
                     double(w.padLow[d]) + double(w.padHigh[d]);
    double window = double(w.size[d] - 1) * double(w.windowDilations[d]) + 1;
    double reached = double(out[d] - 1) * double(w.strides[d]) + window;
    steps *= double(out[d]) * double(w.size[d]);
    if (steps > 4294967296.0 || reached > 4294967296.0 ||
        dilated > 4294967296.0)
      return "windows too large to compile (more than 2^32 window positions)";
    if (dilated < window ||
        out[d] != int64_t(dilated - window) / w.strides[d] + 1)
      return bad;
    reach.push_back(int64_t(reached));
  }
  // The padded inputs the windows read are buffers of the kernel.
  for (Value x : op.getInputs())
    if (!fitsInMemory(RankedTensorType::get(reach, elementOf(x))))
      return "padded input " +
             printed(RankedTensorType::get(reach, elementOf(x))) +
             " needs more bytes than this machine's memory (interpreted)";
  return whyBodyNotLowerable(op.getBody(),
                             foldBody("reduce_window body", op.getInputs()));
}

// Empty when map applies its computation elementwise (dimensions are all of
// them) with a compiled body; otherwise why not.
std::string whyMapNotLowerable(shlo::MapOp op) {
  ArrayRef<int64_t> shape = shapeOf(op.getResult());
  ArrayRef<int64_t> dims = op.getDimensions();
  if (dims.size() != shape.size())
    return "map dimensions are not all of the dimensions";
  for (auto [i, d] : llvm::enumerate(dims))
    if (d != static_cast<int64_t>(i))
      return "map dimensions are not all of the dimensions";
  BodySpec spec{"map computation",
                "an element per input",
                "one value",
                "its result's",
                {},
                {elementOf(op.getResult())}};
  for (Value v : op.getInputs()) {
    if (shapeOf(v) != shape)
      return "map input shapes differ from its result's";
    spec.args.push_back(elementOf(v));
  }
  return whyBodyNotLowerable(op.getComputation(), spec);
}

} // namespace

bool isFoldedConstant(Operation *op) {
  auto c = dyn_cast<shlo::ConstantOp>(op);
  return c && op->getNumResults() == 1 &&
         isLowerableTensor(op->getResult(0).getType()) &&
         isa<DenseElementsAttr>(c.getValue());
}

std::string whyNotLowerable(Operation *op) {
  bool known =
      isElementwiseUnary(op) || isElementwiseBinary(op) || isExactUnary(op) ||
      isDataMovement(op) ||
      isa<shlo::CompareOp, shlo::SelectOp, shlo::ClampOp, shlo::ConvertOp,
          shlo::ReduceOp, shlo::ReduceWindowOp, shlo::MapOp,
          shlo::OptimizationBarrierOp, chlo::NextAfterOp>(op);
  if (!known)
    return "no compiled lowering for this op (interpreted)";
  const std::string typesCompiled =
      " is not compiled (f16, bf16, f32, f64, pred, signless and unsigned "
      "integers are)";
  for (Type t : op->getOperandTypes())
    if (!isLowerableTensor(t))
      return "operand type " + printed(t) + typesCompiled;
  for (Type t : op->getResultTypes())
    if (!isLowerableTensor(t))
      return "result type " + printed(t) + typesCompiled;
  // A kernel's own buffers are not checked when it runs: a result the
  // machine cannot hold is left to the interpreter, which reports it.
  for (Type t : op->getResultTypes())
    if (!fitsInMemory(cast<RankedTensorType>(t)))
      return "result " + printed(t) +
             " needs more bytes than this machine's memory (interpreted)";
  if (isDataMovement(op))
    return whyDataMovementInvalid(op);
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
    if (isa<shlo::BitcastConvertOp>(op)) {
      Type to = elementOf(op->getResult(0));
      if (isPred(et) || isPred(to))
        return "pred form is not compiled";
      // A narrower result adds a last dimension of the ratio of the widths,
      // a wider one drops it.
      unsigned from = et.getIntOrFloatBitWidth(),
               width = to.getIntOrFloatBitWidth();
      llvm::SmallVector<int64_t> narrowSide(shapeOf(op->getResult(0))),
          wideSide(shapeOf(op->getOperand(0)));
      if (from < width)
        std::swap(narrowSide, wideSide);
      if (from != width)
        wideSide.push_back(std::max(from, width) / std::min(from, width));
      if (narrowSide != wideSide)
        return "bitcast shapes inconsistent with its element widths";
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
  if (isa<chlo::NextAfterOp>(op)) {
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

namespace {

// The kernel's element type: arith takes signless integers, the ops pick
// the unsigned forms themselves.
std::string elementText(Type t) {
  if (isUnsignedInt(t))
    return "i" + std::to_string(t.getIntOrFloatBitWidth());
  return printed(t);
}

std::string shapeText(ArrayRef<int64_t> shape) {
  std::string s;
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  return s;
}

std::string tensorText(ArrayRef<int64_t> shape, Type et) {
  return "tensor<" + shapeText(shape) + elementText(et) + ">";
}

std::string memrefText(ArrayRef<int64_t> shape, Type et) {
  return "memref<" + shapeText(shape) + elementText(et) + ">";
}

std::string dimsText(unsigned rank) {
  std::string s = "(";
  for (unsigned i = 0; i < rank; ++i)
    s += (i ? ", d" : "d") + std::to_string(i);
  return s + ")";
}

// affine_map<(d0, ..) -> (exprs)>.
std::string mapText(unsigned rank, ArrayRef<std::string> exprs) {
  std::string s = "affine_map<" + dimsText(rank) + " -> (";
  for (size_t i = 0; i < exprs.size(); ++i)
    s += (i ? ", " : "") + exprs[i];
  return s + ")>";
}

std::string identityMap(unsigned rank) {
  std::vector<std::string> e;
  for (unsigned i = 0; i < rank; ++i)
    e.push_back("d" + std::to_string(i));
  return mapText(rank, e);
}

// A scalar computation inside a linalg.generic body: appends lines to
// `body` and returns the SSA name of the value.
using ScalarFn = std::function<std::string(
    std::string &body, const std::vector<std::string> &args)>;

// The tensor type of a generic's input and its element type.
struct InType {
  std::string tensor;
  Type element;
};

class Emitter {
public:
  explicit Emitter(const Cluster &cluster) : cluster_(cluster) {}

  // The shape the kernel sees: a block of the rows for a row-split value.
  llvm::SmallVector<int64_t> shapeOf(Value v) const {
    llvm::SmallVector<int64_t> s(compiler::shapeOf(v));
    if (cluster_.parts > 1 && !s.empty() && cluster_.splitValues.count(v))
      s[0] /= cluster_.parts;
    return s;
  }

  InType inTypeOf(Value v) const {
    return {tensorText(shapeOf(v), elementOf(v)), elementOf(v)};
  }

  std::string fresh() { return "%v" + std::to_string(next_++); }

  // A tensor.empty that CSE keeps apart from the others: a reduction's
  // init, filled then read by its loops. Two inits of one shape merged into
  // one would be bufferized into one buffer that the first reduction
  // overwrites before the second reads it.
  std::string reductionInit(const std::string &type) {
    std::string r = fresh();
    line(r + " = tensor.empty() {sdy.init = " + std::to_string(next_) +
         " : i64} : " + type);
    return r;
  }

  // Appends a statement line to the function body.
  void line(const std::string &s) { text_ += "  " + s + "\n"; }
  // Appends `%new = <rhs>` to the function body and returns %new.
  std::string stmt(const std::string &rhs) {
    std::string r = fresh();
    line(r + " = " + rhs);
    return r;
  }

  // One linalg.generic: `ins` with their types and maps, an output of
  // `outType` (init: a fresh tensor.empty unless `init` is given), the
  // iterators, and the scalar body.
  std::string generic(const std::vector<std::string> &ins,
                      const std::vector<InType> &inTypes,
                      const std::vector<std::string> &inMaps,
                      ArrayRef<int64_t> outShape, Type outEt,
                      const std::string &outMap,
                      const std::vector<std::string> &iterators,
                      const ScalarFn &fn, std::string init = "") {
    std::string outType = tensorText(outShape, outEt);
    if (init.empty()) {
      init = fresh();
      line(init + " = tensor.empty() : " + outType);
    }
    std::string result = fresh();
    std::string maps;
    for (const std::string &m : inMaps)
      maps += m + ", ";
    maps += outMap;
    std::string iters;
    for (size_t i = 0; i < iterators.size(); ++i)
      iters += std::string(i ? ", " : "") + "\"" + iterators[i] + "\"";
    std::string insText, insTypes, bbArgs;
    std::vector<std::string> args;
    for (size_t i = 0; i < ins.size(); ++i) {
      insText += (i ? ", " : "") + ins[i];
      insTypes += std::string(i ? ", " : "") + inTypes[i].tensor;
      std::string a = fresh();
      args.push_back(a);
      bbArgs += a + ": " + elementText(inTypes[i].element) + ", ";
    }
    std::string acc = fresh();
    args.push_back(acc);
    bbArgs += acc + ": " + elementText(outEt);
    std::string head = result + " = linalg.generic {indexing_maps = [" + maps +
                       "], iterator_types = [" + iters + "]}";
    if (!ins.empty())
      head += " ins(" + insText + " : " + insTypes + ")";
    head += " outs(" + init + " : " + outType + ") {";
    line(head);
    line("^bb0(" + bbArgs + "):");
    std::string body;
    std::string value = fn(body, args);
    text_ += body;
    line("  linalg.yield " + value + " : " + elementText(outEt));
    line("} -> " + outType);
    return result;
  }

  // A scalar statement `%r = <op> <operands> : <type>` in a generic body.
  std::string scalar(std::string &body, const std::string &op,
                     const std::string &operands, const std::string &type) {
    std::string r = fresh();
    body += "    " + r + " = " + op + " " + operands + " : " + type + "\n";
    return r;
  }
  std::string constant(std::string &body, const std::string &value, Type type) {
    std::string r = fresh();
    body += "    " + r + " = arith.constant " + value + " : " +
            elementText(type) + "\n";
    return r;
  }

  // The SSA name of `v` (a folded constant is emitted on first use).
  std::string valueName(Value v) {
    auto it = names_.find(v);
    if (it != names_.end())
      return it->second;
    auto c = cast<shlo::ConstantOp>(v.getDefiningOp());
    Attribute value = c.getValue();
    // A row-split constant is a splat (RowSplit.cpp): the block's splat.
    auto dense = cast<DenseElementsAttr>(value);
    if (dense.isSplat() && shapeOf(v) != compiler::shapeOf(v))
      value = DenseElementsAttr::get(
          RankedTensorType::get(shapeOf(v), elementOf(v)),
          dense.getSplatValue<Attribute>());
    if (isUnsignedInt(elementOf(v)))
      value = cast<DenseElementsAttr>(value).bitcast(IntegerType::get(
          v.getContext(), elementOf(v).getIntOrFloatBitWidth()));
    std::string attr;
    llvm::raw_string_ostream os(attr);
    value.print(os);
    std::string name = fresh();
    line(name + " = arith.constant " + attr);
    names_[v] = name;
    return name;
  }
  void bind(Value v, const std::string &name) { names_[v] = name; }

  std::string &text() { return text_; }

private:
  const Cluster &cluster_;
  std::string text_;
  int next_ = 0;
  llvm::DenseMap<Value, std::string> names_;
};

const char *floatUnaryOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, const char *>(op)
      .Case<shlo::AbsOp>([](auto) { return "math.absf"; })
      .Case<shlo::NegOp>([](auto) { return "arith.negf"; })
      .Case<shlo::ExpOp>([](auto) { return "math.exp"; })
      .Case<shlo::Expm1Op>([](auto) { return "math.expm1"; })
      .Case<shlo::LogOp>([](auto) { return "math.log"; })
      .Case<shlo::Log1pOp>([](auto) { return "math.log1p"; })
      .Case<shlo::SqrtOp>([](auto) { return "math.sqrt"; })
      .Case<shlo::TanhOp>([](auto) { return "math.tanh"; })
      .Case<shlo::SineOp>([](auto) { return "math.sin"; })
      .Case<shlo::CosineOp>([](auto) { return "math.cos"; })
      .Case<shlo::FloorOp>([](auto) { return "math.floor"; })
      .Case<shlo::CeilOp>([](auto) { return "math.ceil"; })
      .Case<shlo::RoundNearestEvenOp>([](auto) { return "math.roundeven"; })
      .Case<chlo::ErfOp>([](auto) { return "math.erf"; })
      .Default([](auto) { return nullptr; });
}

// The arith/math op of a binary stablehlo op on `et`, or null (logistic and
// integer negation are built from several ops by the caller).
const char *binaryOpFor(Operation *op, Type et) {
  bool f = isa<FloatType>(et);
  bool pred = isPred(et);
  bool u = isUnsignedInt(et);
  return llvm::TypeSwitch<Operation *, const char *>(op)
      .Case<shlo::AddOp>([&](auto) {
        return f ? "arith.addf" : pred ? "arith.ori" : "arith.addi";
      })
      .Case<shlo::SubtractOp>(
          [&](auto) { return f ? "arith.subf" : "arith.subi"; })
      .Case<shlo::MulOp>([&](auto) {
        return f ? "arith.mulf" : pred ? "arith.andi" : "arith.muli";
      })
      .Case<shlo::DivOp>([&](auto) { return "arith.divf"; })
      .Case<shlo::MaxOp>([&](auto) {
        return f      ? "arith.maximumf"
               : pred ? "arith.ori"
               : u    ? "arith.maxui"
                      : "arith.maxsi";
      })
      .Case<shlo::MinOp>([&](auto) {
        return f      ? "arith.minimumf"
               : pred ? "arith.andi"
               : u    ? "arith.minui"
                      : "arith.minsi";
      })
      .Case<shlo::PowOp>([&](auto) { return "math.powf"; })
      .Case<shlo::RemOp>([&](auto) { return "arith.remf"; })
      .Case<shlo::Atan2Op>([&](auto) { return "math.atan2"; })
      .Case<shlo::AndOp>([&](auto) { return "arith.andi"; })
      .Case<shlo::OrOp>([&](auto) { return "arith.ori"; })
      .Case<shlo::XorOp>([&](auto) { return "arith.xori"; })
      .Default([](auto) { return nullptr; });
}

const char *comparePredicate(shlo::ComparisonDirection d, Type et) {
  bool f = isa<FloatType>(et);
  bool u = isPred(et) || isUnsignedInt(et);
  switch (d) {
  case shlo::ComparisonDirection::EQ:
    return f ? "oeq" : "eq";
  case shlo::ComparisonDirection::NE:
    return f ? "une" : "ne";
  case shlo::ComparisonDirection::GE:
    return f ? "oge" : u ? "uge" : "sge";
  case shlo::ComparisonDirection::GT:
    return f ? "ogt" : u ? "ugt" : "sgt";
  case shlo::ComparisonDirection::LE:
    return f ? "ole" : u ? "ule" : "sle";
  case shlo::ComparisonDirection::LT:
    return f ? "olt" : u ? "ult" : "slt";
  }
  return "eq";
}

// f16/bf16 to f32 (exact). bf16 is widened by its bits: LLVM would call a
// runtime library function for it on hosts without bf16 instructions.
std::string widen(Emitter &e, std::string &body, const std::string &x, Type t) {
  if (t.isF16())
    return e.scalar(body, "arith.extf", x, "f16 to f32");
  Type i32 = IntegerType::get(t.getContext(), 32);
  std::string bits = e.scalar(body, "arith.bitcast", x, "bf16 to i16");
  std::string wide = e.scalar(body, "arith.extui", bits, "i16 to i32");
  std::string sixteen = e.constant(body, "16", i32);
  std::string high = e.scalar(body, "arith.shli", wide + ", " + sixteen, "i32");
  return e.scalar(body, "arith.bitcast", high, "i32 to f32");
}

// f32 to f16/bf16 as the runtime rounds: to nearest even; a NaN becomes the
// quiet NaN of its sign (f16) or keeps its high bits, quieted (bf16).
std::string narrow(Emitter &e, std::string &body, const std::string &x,
                   Type t) {
  Type i32 = IntegerType::get(t.getContext(), 32);
  std::string tt = elementText(t);
  std::string bits = e.scalar(body, "arith.bitcast", x, "f32 to i32");
  std::string nan = e.scalar(body, "arith.cmpf uno,", x + ", " + x, "f32");
  std::string sixteen = e.constant(body, "16", i32);
  std::string high =
      e.scalar(body, "arith.shrui", bits + ", " + sixteen, "i32");
  std::string rounded, quiet;
  if (t.isF16()) {
    rounded = e.scalar(body, "arith.truncf", x, "f32 to f16");
    std::string signMask = e.constant(body, "32768", i32);
    std::string sign =
        e.scalar(body, "arith.andi", high + ", " + signMask, "i32");
    std::string qnan = e.constant(body, "32256", i32); // 0x7e00
    quiet = e.scalar(body, "arith.ori", sign + ", " + qnan, "i32");
  } else {
    std::string quietBit = e.constant(body, "64", i32);
    quiet = e.scalar(body, "arith.ori", high + ", " + quietBit, "i32");
    std::string one = e.constant(body, "1", i32);
    std::string lsb = e.scalar(body, "arith.andi", high + ", " + one, "i32");
    std::string half = e.constant(body, "32767", i32);
    std::string up = e.scalar(body, "arith.addi", bits + ", " + half, "i32");
    std::string even = e.scalar(body, "arith.addi", up + ", " + lsb, "i32");
    std::string top =
        e.scalar(body, "arith.shrui", even + ", " + sixteen, "i32");
    std::string top16 = e.scalar(body, "arith.trunci", top, "i32 to i16");
    rounded = e.scalar(body, "arith.bitcast", top16, "i16 to bf16");
  }
  std::string quiet16 = e.scalar(body, "arith.trunci", quiet, "i32 to i16");
  std::string quietF = e.scalar(body, "arith.bitcast", quiet16, "i16 to " + tt);
  return e.scalar(body, "arith.select", nan + ", " + quietF + ", " + rounded,
                  tt);
}

// An f64 constant written as its bits (exact, whatever the value).
std::string f64Bits(double v) {
  uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  std::string s;
  llvm::raw_string_ostream os(s);
  os << llvm::format_hex(bits, 18);
  return s;
}

// The smallest and largest integer of `t` (unsigned ones by their bits).
std::string intMinText(Type t) {
  unsigned w = t.getIntOrFloatBitWidth();
  return isUnsignedInt(t) ? "0" : "-" + std::to_string(uint64_t(1) << (w - 1));
}
std::string intMaxText(Type t) {
  unsigned w = t.getIntOrFloatBitWidth();
  return isUnsignedInt(t) ? "-1" : std::to_string((uint64_t(1) << (w - 1)) - 1);
}

// Float to integer as the interpreter converts: truncated in f64, saturated
// at the integer's range, NaN gives 0. The value handed to fptosi/fptoui is
// always in range (out-of-range inputs would be poison).
std::string floatToInt(Emitter &e, std::string &body, const std::string &x,
                       Type from, Type to) {
  std::string ft = elementText(from), tt = elementText(to);
  if (isPred(to)) {
    std::string zero = e.constant(body, "0.0", from);
    return e.scalar(body, "arith.cmpf une,", x + ", " + zero, ft);
  }
  std::string d =
      from.isF64() ? x : e.scalar(body, "arith.extf", x, ft + " to f64");
  std::string t = e.scalar(body, "math.trunc", d, "f64");
  unsigned w = to.getIntOrFloatBitWidth();
  bool u = isUnsignedInt(to);
  double lo = u ? 0.0 : -std::ldexp(1.0, w - 1);
  double hi = u ? std::ldexp(1.0, w) - 1 : std::ldexp(1.0, w - 1) - 1;
  auto f64 = FloatType(Float64Type::get(from.getContext()));
  std::string loC = e.constant(body, f64Bits(lo), f64);
  std::string hiC = e.constant(body, f64Bits(hi), f64);
  std::string zeroF = e.constant(body, "0.0", f64);
  std::string below = e.scalar(body, "arith.cmpf ole,", t + ", " + loC, "f64");
  std::string above = e.scalar(body, "arith.cmpf oge,", t + ", " + hiC, "f64");
  std::string nan = e.scalar(body, "arith.cmpf uno,", t + ", " + t, "f64");
  std::string out = e.scalar(body, "arith.ori", below + ", " + above, "i1");
  std::string bad = e.scalar(body, "arith.ori", out + ", " + nan, "i1");
  std::string safe =
      e.scalar(body, "arith.select", bad + ", " + zeroF + ", " + t, "f64");
  std::string q =
      e.scalar(body, u ? "arith.fptoui" : "arith.fptosi", safe, "f64 to " + tt);
  std::string minC = e.constant(body, intMinText(to), to);
  std::string maxC = e.constant(body, intMaxText(to), to);
  std::string zeroI = e.constant(body, "0", to);
  std::string r1 =
      e.scalar(body, "arith.select", below + ", " + minC + ", " + q, tt);
  std::string r2 =
      e.scalar(body, "arith.select", above + ", " + maxC + ", " + r1, tt);
  return e.scalar(body, "arith.select", nan + ", " + zeroI + ", " + r2, tt);
}

// `from` converted to `to` as the interpreter converts (C++ conversions:
// integers wrap, signed sources sign-extend).
std::string convertScalar(Emitter &e, std::string &body, const std::string &x,
                          Type from, Type to) {
  if (from == to)
    return x;
  Type f32 = Float32Type::get(from.getContext());
  if (isNarrowFloat(from))
    return convertScalar(e, body, widen(e, body, x, from), f32, to);
  if (isNarrowFloat(to))
    return narrow(e, body, convertScalar(e, body, x, from, f32), to);
  std::string ft = elementText(from), tt = elementText(to);
  bool zeroExtended = isPred(from) || isUnsignedInt(from);
  if (isa<FloatType>(from) && isa<FloatType>(to))
    return e.scalar(body,
                    from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth()
                        ? "arith.extf"
                        : "arith.truncf",
                    x, ft + " to " + tt);
  if (isa<FloatType>(from))
    return floatToInt(e, body, x, from, to);
  if (isa<FloatType>(to))
    return e.scalar(body, zeroExtended ? "arith.uitofp" : "arith.sitofp", x,
                    ft + " to " + tt);
  unsigned fw = from.getIntOrFloatBitWidth(), tw = to.getIntOrFloatBitWidth();
  if (isPred(to)) {
    std::string zero = e.constant(body, "0", from);
    return e.scalar(body, "arith.cmpi ne,", x + ", " + zero, ft);
  }
  if (fw == tw)
    return x;
  if (tw > fw)
    return e.scalar(body, zeroExtended ? "arith.extui" : "arith.extsi", x,
                    ft + " to " + tt);
  return e.scalar(body, "arith.trunci", x, ft + " to " + tt);
}

// Integer division and remainder as the interpreter computes them, never a
// hardware trap: x / 0 is all ones and x % 0 is x; INT_MIN / -1 is INT_MIN
// and INT_MIN % -1 is 0. The divisor is replaced by 1 in those cases (which
// gives INT_MIN and 0 already).
std::string intDivRem(Emitter &e, std::string &body, bool rem,
                      const std::string &a, const std::string &b, Type et) {
  std::string t = elementText(et);
  bool u = isUnsignedInt(et);
  std::string zero = e.constant(body, "0", et);
  std::string one = e.constant(body, "1", et);
  std::string byZero = e.scalar(body, "arith.cmpi eq,", b + ", " + zero, t);
  std::string guard = byZero;
  if (!u) {
    std::string minusOne = e.constant(body, "-1", et);
    std::string minC = e.constant(body, intMinText(et), et);
    std::string isMin = e.scalar(body, "arith.cmpi eq,", a + ", " + minC, t);
    std::string isM1 = e.scalar(body, "arith.cmpi eq,", b + ", " + minusOne, t);
    std::string ovf = e.scalar(body, "arith.andi", isMin + ", " + isM1, "i1");
    guard = e.scalar(body, "arith.ori", byZero + ", " + ovf, "i1");
  }
  std::string safe =
      e.scalar(body, "arith.select", guard + ", " + one + ", " + b, t);
  const char *opName = rem ? (u ? "arith.remui" : "arith.remsi")
                           : (u ? "arith.divui" : "arith.divsi");
  std::string q = e.scalar(body, opName, a + ", " + safe, t);
  std::string byZeroResult = rem ? a : e.constant(body, "-1", et);
  return e.scalar(body, "arith.select", byZero + ", " + byZeroResult + ", " + q,
                  t);
}

// Shifts as StableHLO defines them: the amount read as unsigned; an amount
// of the bit width or more gives 0, or the sign fill for the arithmetic
// right shift. The amount handed to arith is always below the width (a
// larger one would be poison).
std::string shift(Emitter &e, std::string &body, Operation *op,
                  const std::string &a, const std::string &s, Type et) {
  std::string t = elementText(et);
  unsigned w = et.getIntOrFloatBitWidth();
  std::string width = e.constant(body, std::to_string(w), et);
  std::string big = e.scalar(body, "arith.cmpi uge,", s + ", " + width, t);
  if (isa<shlo::ShiftRightArithmeticOp>(op)) {
    std::string last = e.constant(body, std::to_string(w - 1), et);
    std::string safe =
        e.scalar(body, "arith.select", big + ", " + last + ", " + s, t);
    return e.scalar(body, "arith.shrsi", a + ", " + safe, t);
  }
  std::string zero = e.constant(body, "0", et);
  std::string safe =
      e.scalar(body, "arith.select", big + ", " + zero + ", " + s, t);
  std::string r =
      e.scalar(body, isa<shlo::ShiftLeftOp>(op) ? "arith.shli" : "arith.shrui",
               a + ", " + safe, t);
  return e.scalar(body, "arith.select", big + ", " + zero + ", " + r, t);
}

// The map of an operand of an elementwise op: identity, or () for the rank-0
// operands that select and clamp broadcast.
std::string operandMap(Value operand, unsigned rank) {
  if (shapeOf(operand).empty() && rank != 0)
    return mapText(rank, {});
  return identityMap(rank);
}

// "[a, b, c]".
std::string listText(const std::vector<std::string> &items) {
  std::string s = "[";
  for (size_t i = 0; i < items.size(); ++i)
    s += (i ? ", " : "") + items[i];
  return s + "]";
}
std::string listText(ArrayRef<int64_t> items) {
  std::vector<std::string> s;
  for (int64_t i : items)
    s.push_back(std::to_string(i));
  return listText(s);
}

// The clamped start indices of a dynamic slice (as index values): each
// start is clamped to [0, dim - size], as StableHLO defines it.
std::vector<std::string> clampedStarts(Emitter &e, Operation *op,
                                       ValueRange starts,
                                       ArrayRef<int64_t> dims,
                                       ArrayRef<int64_t> sizes) {
  std::vector<std::string> out;
  Type i64 = IntegerType::get(op->getContext(), 64);
  for (auto [d, v] : llvm::enumerate(starts)) {
    Type it = elementOf(v);
    std::string s = e.stmt("tensor.extract " + e.valueName(v) +
                           "[] : " + tensorText({}, it));
    s = convertScalar(e, e.text(), s, it, i64);
    std::string zero = e.constant(e.text(), "0", i64);
    std::string hi =
        e.constant(e.text(), std::to_string(dims[d] - sizes[d]), i64);
    std::string lo = e.scalar(e.text(), "arith.maxsi", s + ", " + zero, "i64");
    std::string c = e.scalar(e.text(), "arith.minsi", lo + ", " + hi, "i64");
    out.push_back(e.stmt("arith.index_cast " + c + " : i64 to index"));
  }
  return out;
}

// `src` (of shape `in`, rank 1 or more) spread into a tensor of `shape`
// filled with the scalar `fill`: element i of dimension d lands at
// low[d] + i * step[d]; the positions outside the result (negative low
// padding, or past its end) are dropped. A pad, and reduce_window's padded
// inputs.
std::string spread(Emitter &e, const std::string &src, ArrayRef<int64_t> in,
                   Type et, ArrayRef<int64_t> low, ArrayRef<int64_t> step,
                   ArrayRef<int64_t> shape, const std::string &fill) {
  std::string outType = tensorText(shape, et);
  std::string empty = e.stmt("tensor.empty() : " + outType);
  std::string r =
      e.stmt("linalg.fill ins(" + fill + " : " + elementText(et) + ") outs(" +
             empty + " : " + outType + ") -> " + outType);
  std::vector<int64_t> first, count, at, ones(in.size(), 1);
  bool anyKept = true, whole = true;
  for (size_t d = 0; d < in.size(); ++d) {
    int64_t lo = low[d], s = step[d];
    int64_t i0 = lo >= 0 ? 0 : (-lo + s - 1) / s;
    int64_t last = shape[d] - 1 - lo;
    int64_t i1 = last < 0 ? -1 : std::min(in[d] - 1, last / s);
    if (i1 < i0)
      anyKept = false;
    first.push_back(i0);
    count.push_back(std::max<int64_t>(0, i1 - i0 + 1));
    at.push_back(lo + i0 * s);
    whole = whole && i0 == 0 && i1 == in[d] - 1;
  }
  if (!anyKept)
    return r;
  std::string kept = src;
  if (!whole)
    kept = e.stmt("tensor.extract_slice " + src + listText(first) +
                  listText(count) + listText(ones) + " : " +
                  tensorText(in, et) + " to " + tensorText(count, et));
  return e.stmt("tensor.insert_slice " + kept + " into " + r + listText(at) +
                listText(count) + listText(step) + " : " +
                tensorText(count, et) + " into " + outType);
}

// Slices, concatenation, padding and dynamic slices: tensor.extract_slice
// and tensor.insert_slice (views and copies after bufferization). Returns
// false for the other ops.
bool emitSlicing(Emitter &e, Operation *op) {
  Value result = op->getResult(0);
  ArrayRef<int64_t> shape = shapeOf(result);
  Type et = elementOf(result);
  std::string outType = tensorText(shape, et);
  std::vector<int64_t> ones(shape.size(), 1);
  auto extract = [&](const std::string &src, Value from, const std::string &at,
                     ArrayRef<int64_t> sizes, ArrayRef<int64_t> strides) {
    return e.stmt("tensor.extract_slice " + src + at + listText(sizes) +
                  listText(strides) + " : " + tensorText(shapeOf(from), et) +
                  " to " + tensorText(sizes, et));
  };
  auto insert = [&](const std::string &src, ArrayRef<int64_t> srcShape,
                    const std::string &into, const std::string &at,
                    ArrayRef<int64_t> strides) {
    return e.stmt("tensor.insert_slice " + src + " into " + into + at +
                  listText(srcShape) + listText(strides) + " : " +
                  tensorText(srcShape, et) + " into " + outType);
  };
  if (auto slice = dyn_cast<shlo::SliceOp>(op)) {
    std::string src = e.valueName(slice.getOperand());
    e.bind(result, shape.empty() ? src
                                 : extract(src, slice.getOperand(),
                                           listText(slice.getStartIndices()),
                                           shape, slice.getStrides()));
    return true;
  }
  if (auto concat = dyn_cast<shlo::ConcatenateOp>(op)) {
    std::string r = e.stmt("tensor.empty() : " + outType);
    int64_t dim = concat.getDimension(), offset = 0;
    for (Value v : concat.getInputs()) {
      ArrayRef<int64_t> in = shapeOf(v);
      std::vector<int64_t> at(in.size(), 0);
      at[dim] = offset;
      offset += in[dim];
      if (in[dim] != 0)
        r = insert(e.valueName(v), in, r, listText(at), ones);
    }
    e.bind(result, r);
    return true;
  }
  if (auto pad = dyn_cast<shlo::PadOp>(op)) {
    std::string value =
        e.stmt("tensor.extract " + e.valueName(pad.getPaddingValue()) +
               "[] : " + tensorText({}, et));
    Value x = pad.getOperand();
    if (shape.empty()) {
      e.bind(result, e.valueName(x));
      return true;
    }
    llvm::SmallVector<int64_t> step;
    for (int64_t i : pad.getInteriorPadding())
      step.push_back(i + 1);
    e.bind(result, spread(e, e.valueName(x), shapeOf(x), et,
                          pad.getEdgePaddingLow(), step, shape, value));
    return true;
  }
  if (auto ds = dyn_cast<shlo::DynamicSliceOp>(op)) {
    Value x = ds.getOperand();
    std::string src = e.valueName(x);
    if (shape.empty()) {
      e.bind(result, src);
      return true;
    }
    std::vector<std::string> at =
        clampedStarts(e, op, ds.getStartIndices(), shapeOf(x), shape);
    e.bind(result, extract(src, x, listText(at), shape, ones));
    return true;
  }
  if (auto dus = dyn_cast<shlo::DynamicUpdateSliceOp>(op)) {
    Value update = dus.getUpdate();
    ArrayRef<int64_t> us = shapeOf(update);
    if (shape.empty()) {
      e.bind(result, e.valueName(update));
      return true;
    }
    std::vector<std::string> at =
        clampedStarts(e, op, dus.getStartIndices(), shape, us);
    e.bind(result, insert(e.valueName(update), us,
                          e.valueName(dus.getOperand()), listText(at), ones));
    return true;
  }
  return false;
}

// The exact unary ops on scalar `x` of compute type `et`.
std::string exactUnaryScalar(Emitter &e, Operation *op, std::string &body,
                             const std::string &x, Type et, Type outEt) {
  std::string t = elementText(et);
  if (isa<shlo::BitcastConvertOp>(op)) {
    std::string to = elementText(outEt);
    // Signless and unsigned integers share their kernel type.
    if (to == t)
      return x;
    return e.scalar(body, "arith.bitcast", x, t + " to " + to);
  }
  if (isa<shlo::PopulationCountOp>(op))
    return e.scalar(body, "math.ctpop", x, t);
  if (isa<shlo::ClzOp>(op))
    return e.scalar(body, "math.ctlz", x, t);
  if (isa<shlo::RoundOp>(op))
    return e.scalar(body, "math.round", x, t);
  if (isa<shlo::CbrtOp>(op))
    return e.scalar(body, "math.cbrt", x, t);
  if (isa<shlo::TanOp>(op))
    return e.scalar(body, "math.tan", x, t);
  if (const char *libm = chloLibmOp(op)) {
    // As the interpreter: libm's function in f64, rounded once to the type.
    if (et.isF64())
      return e.scalar(body, libm, x, t);
    std::string wide = e.scalar(body, "arith.extf", x, t + " to f64");
    std::string r = e.scalar(body, libm, wide, "f64");
    return e.scalar(body, "arith.truncf", r, "f64 to " + t);
  }
  if (isa<chlo::SquareOp>(op))
    return e.scalar(body, "arith.mulf", x + ", " + x, t);
  if (isa<chlo::IsInfOp, chlo::IsPosInfOp, chlo::IsNegInfOp>(op)) {
    // x == +inf, x == -inf, or |x| == +inf (NaN is neither).
    bool negative = isa<chlo::IsNegInfOp>(op);
    std::string inf = e.constant(
        body,
        et.isF64() ? (negative ? "0xFFF0000000000000" : "0x7FF0000000000000")
                   : (negative ? "0xFF800000" : "0x7F800000"),
        et);
    std::string v =
        isa<chlo::IsInfOp>(op) ? e.scalar(body, "math.absf", x, t) : x;
    return e.scalar(body, "arith.cmpf oeq,", v + ", " + inf, t);
  }
  if (isa<shlo::IsFiniteOp>(op)) {
    // |x| < inf is false for infinities and NaN.
    std::string inf =
        e.constant(body, et.isF64() ? "0x7FF0000000000000" : "0x7F800000", et);
    std::string abs = e.scalar(body, "math.absf", x, t);
    return e.scalar(body, "arith.cmpf olt,", abs + ", " + inf, t);
  }
  // sign (of signed integers and floats): -1, 0 or 1; a float zero keeps its
  // sign and NaN stays NaN.
  if (isa<FloatType>(et)) {
    std::string zero = e.constant(body, "0.0", et);
    std::string one = e.constant(body, "1.0", et);
    std::string isSigned =
        e.scalar(body, "arith.cmpf one,", x + ", " + zero, t);
    std::string unit = e.scalar(body, "math.copysign", one + ", " + x, t);
    return e.scalar(body, "arith.select", isSigned + ", " + unit + ", " + x, t);
  }
  std::string zero = e.constant(body, "0", et);
  std::string positive = e.scalar(body, "arith.cmpi sgt,", x + ", " + zero, t);
  std::string up = e.scalar(body, "arith.extui", positive, "i1 to " + t);
  std::string negative = e.scalar(body, "arith.cmpi slt,", x + ", " + zero, t);
  std::string down = e.scalar(body, "arith.extui", negative, "i1 to " + t);
  return e.scalar(body, "arith.subi", up + ", " + down, t);
}

// reduce_precision of `x` (of float type `t`, on its own bits, f16 and bf16
// included) as the interpreter computes it, after XLA: the mantissa rounded
// to nearest even, then +-inf on exponent overflow and +-0 on underflow; a
// NaN stays itself (the infinity of all ones when no mantissa bit is kept).
std::string reducePrecisionScalar(Emitter &e, std::string &body,
                                  const std::string &x, Type t,
                                  int64_t exponentBits, int64_t mantissaBits) {
  auto ft = cast<FloatType>(t);
  unsigned width = ft.getWidth();
  int64_t srcMantissa = ft.getFPMantissaWidth() - 1;
  int64_t srcExponent = width - 1 - srcMantissa;
  Type it = IntegerType::get(t.getContext(), width);
  std::string its = elementText(it);
  auto c = [&](uint64_t v) {
    // Two's complement in the width (arith reads the literal as signed).
    int64_t s = width == 64
                    ? static_cast<int64_t>(v)
                    : static_cast<int64_t>(v << (64 - width)) >> (64 - width);
    return e.constant(body, std::to_string(s), it);
  };
  auto op = [&](const char *name, const std::string &a, const std::string &b) {
    return e.scalar(body, name, a + ", " + b, its);
  };
  std::string in =
      e.scalar(body, "arith.bitcast", x, elementText(t) + " to " + its);
  std::string bits = in;
  if (mantissaBits < srcMantissa) {
    int64_t drop = srcMantissa - mantissaBits;
    uint64_t lastBit = uint64_t(1) << drop;
    std::string odd =
        op("arith.shrui", op("arith.andi", bits, c(lastBit)), c(drop));
    std::string bias = op("arith.addi", odd, c((lastBit >> 1) - 1));
    bits = op("arith.andi", op("arith.addi", bits, bias), c(~(lastBit - 1)));
  }
  uint64_t exponentAll = ((uint64_t(1) << srcExponent) - 1) << srcMantissa;
  if (exponentBits < srcExponent) {
    uint64_t bias = (uint64_t(1) << (srcExponent - 1)) - 1;
    uint64_t reducedBias = (uint64_t(1) << (exponentBits - 1)) - 1;
    std::string exponent = op("arith.andi", bits, c(exponentAll));
    std::string sign = op("arith.andi", bits, c(uint64_t(1) << (width - 1)));
    std::string over =
        e.scalar(body, "arith.cmpi ugt,",
                 exponent + ", " + c((bias + reducedBias) << srcMantissa), its);
    std::string under =
        e.scalar(body, "arith.cmpi ule,",
                 exponent + ", " + c((bias - reducedBias) << srcMantissa), its);
    std::string inf = op("arith.ori", sign, c(exponentAll));
    bits =
        e.scalar(body, "arith.select", under + ", " + sign + ", " + bits, its);
    bits = e.scalar(body, "arith.select", over + ", " + inf + ", " + bits, its);
  }
  uint64_t mantissaMask = (uint64_t(1) << srcMantissa) - 1;
  std::string allOnes = e.scalar(
      body, "arith.cmpi eq,",
      op("arith.andi", in, c(exponentAll)) + ", " + c(exponentAll), its);
  std::string payload =
      e.scalar(body, "arith.cmpi ne,",
               op("arith.andi", in, c(mantissaMask)) + ", " + c(0), its);
  std::string nan =
      e.scalar(body, "arith.andi", allOnes + ", " + payload, "i1");
  bits = e.scalar(
      body, "arith.select",
      nan + ", " + (mantissaBits > 0 ? in : c(exponentAll)) + ", " + bits, its);
  return e.scalar(body, "arith.bitcast", bits, its + " to " + elementText(t));
}

// chlo.next_after of `x` towards `y` (of float type `t`, f16 and bf16 on
// their own bits) as the interpreter computes it: compared in their compute
// type, the neighbour taken on the bit patterns; NaN gives the quiet NaN,
// x == y gives y and 0 gives the smallest subnormal of y's sign.
std::string nextAfterScalar(Emitter &e, std::string &body, const std::string &x,
                            const std::string &y, Type t) {
  unsigned width = t.getIntOrFloatBitWidth();
  Type it = IntegerType::get(t.getContext(), width);
  std::string its = elementText(it), ts = elementText(t);
  Type ct = computeType(t);
  std::string cts = elementText(ct);
  std::string fx = isNarrowFloat(t) ? widen(e, body, x, t) : x;
  std::string fy = isNarrowFloat(t) ? widen(e, body, y, t) : y;
  std::string bx = e.scalar(body, "arith.bitcast", x, ts + " to " + its);
  std::string by = e.scalar(body, "arith.bitcast", y, ts + " to " + its);
  auto c = [&](int64_t v) { return e.constant(body, std::to_string(v), it); };
  // The sign bit, as the signed literal of the width.
  int64_t signBit = width == 64 ? std::numeric_limits<int64_t>::min()
                                : -(int64_t(1) << (width - 1));
  std::string zero = e.constant(body, "0.0", ct);
  std::string sign = e.scalar(body, "arith.andi", by + ", " + c(signBit), its);
  std::string one = c(1);
  std::string tiny = e.scalar(body, "arith.ori", sign + ", " + one, its);
  std::string up = e.scalar(body, "arith.addi", bx + ", " + one, its);
  std::string down = e.scalar(body, "arith.subi", bx + ", " + one, its);
  std::string lt = e.scalar(body, "arith.cmpf olt,", fx + ", " + fy, cts);
  std::string pos = e.scalar(body, "arith.cmpf ogt,", fx + ", " + zero, cts);
  std::string away = e.scalar(body, "arith.cmpi eq,", lt + ", " + pos, "i1");
  std::string r =
      e.scalar(body, "arith.select", away + ", " + up + ", " + down, its);
  std::string isZero = e.scalar(body, "arith.cmpf oeq,", fx + ", " + zero, cts);
  r = e.scalar(body, "arith.select", isZero + ", " + tiny + ", " + r, its);
  std::string eq = e.scalar(body, "arith.cmpf oeq,", fx + ", " + fy, cts);
  r = e.scalar(body, "arith.select", eq + ", " + by + ", " + r, its);
  // The quiet NaN of the type: 0x7FF8000000000000, 0x7FC00000, 0x7E00
  // (f16), 0x7FC0 (bf16).
  int64_t qnan = t.isF64()   ? int64_t(0x7FF8000000000000)
                 : t.isF32() ? int64_t(0x7FC00000)
                 : t.isF16() ? int64_t(0x7E00)
                             : int64_t(0x7FC0);
  std::string nan = e.scalar(body, "arith.cmpf uno,", fx + ", " + fy, cts);
  r = e.scalar(body, "arith.select", nan + ", " + c(qnan) + ", " + r, its);
  return e.scalar(body, "arith.bitcast", r, its + " to " + ts);
}

// The scalar result of elementwise `op` (iota included) on the scalars `a`,
// read in the op's compute types.
std::string elementwiseScalar(Emitter &e, Operation *op, std::string &body,
                              const std::vector<std::string> &a) {
  Type outEt = elementOf(op->getResult(0));
  if (auto iota = dyn_cast<shlo::IotaOp>(op)) {
    std::string i = e.scalar(
        body, "linalg.index " + std::to_string(iota.getIotaDimension()), "",
        "index");
    std::string i64 = e.scalar(body, "arith.index_cast", i, "index to i64");
    return convertScalar(e, body, i64, IntegerType::get(op->getContext(), 64),
                         outEt);
  }
  Type et = computeType(elementOf(op->getOperand(0)));
  std::string ets = elementText(et);
  if (isa<shlo::BroadcastInDimOp, shlo::TransposeOp, shlo::ReverseOp>(op))
    return a[0];
  if (isShift(op))
    return shift(e, body, op, a[0], a[1], et);
  if (isa<shlo::DivOp, shlo::RemOp>(op) && !isa<FloatType>(et))
    return intDivRem(e, body, isa<shlo::RemOp>(op), a[0], a[1], et);
  if (auto cmp = dyn_cast<shlo::CompareOp>(op)) {
    const char *p = comparePredicate(cmp.getComparisonDirection(), et);
    return e.scalar(
        body,
        std::string(isa<FloatType>(et) ? "arith.cmpf " : "arith.cmpi ") + p +
            ",",
        a[0] + ", " + a[1], ets);
  }
  if (isa<shlo::SelectOp>(op))
    return e.scalar(body, "arith.select", a[0] + ", " + a[1] + ", " + a[2],
                    elementText(outEt));
  if (isa<shlo::ClampOp>(op)) {
    Type xt = computeType(elementOf(op->getOperand(1)));
    bool f = isa<FloatType>(xt), u = isUnsignedInt(xt) || isPred(xt);
    std::string t = elementText(xt);
    std::string lo = e.scalar(body,
                              f   ? "arith.maximumf"
                              : u ? "arith.maxui"
                                  : "arith.maxsi",
                              a[1] + ", " + a[0], t);
    return e.scalar(body,
                    f   ? "arith.minimumf"
                    : u ? "arith.minui"
                        : "arith.minsi",
                    lo + ", " + a[2], t);
  }
  if (isa<shlo::ConvertOp>(op))
    return convertScalar(e, body, a[0], elementOf(op->getOperand(0)), outEt);
  if (isa<shlo::BitcastConvertOp>(op))
    return exactUnaryScalar(e, op, body, a[0], elementOf(op->getOperand(0)),
                            outEt);
  if (isa<chlo::NextAfterOp>(op))
    return nextAfterScalar(e, body, a[0], a[1], elementOf(op->getOperand(0)));
  if (auto rp = dyn_cast<shlo::ReducePrecisionOp>(op))
    return reducePrecisionScalar(e, body, a[0], elementOf(rp.getOperand()),
                                 rp.getExponentBits(), rp.getMantissaBits());
  if (isExactUnary(op))
    return exactUnaryScalar(e, op, body, a[0], et, outEt);
  if (isa<shlo::RsqrtOp>(op)) {
    std::string root = e.scalar(body, "math.sqrt", a[0], ets);
    std::string one = e.constant(body, "1.0", et);
    return e.scalar(body, "arith.divf", one + ", " + root, ets);
  }
  if (isa<shlo::LogisticOp>(op)) {
    std::string n = e.scalar(body, "arith.negf", a[0], ets);
    std::string x = e.scalar(body, "math.exp", n, ets);
    std::string one = e.constant(body, "1.0", et);
    std::string d = e.scalar(body, "arith.addf", one + ", " + x, ets);
    return e.scalar(body, "arith.divf", one + ", " + d, ets);
  }
  if (isElementwiseUnary(op)) {
    if (isa<shlo::NotOp>(op)) {
      std::string ones = e.constant(body, "-1", et);
      return e.scalar(body, "arith.xori", a[0] + ", " + ones, ets);
    }
    if (!isa<FloatType>(et)) {
      if (isa<shlo::AbsOp>(op))
        return e.scalar(body, "math.absi", a[0], ets);
      std::string zero = e.constant(body, "0", et);
      return e.scalar(body, "arith.subi", zero + ", " + a[0], ets);
    }
    return e.scalar(body, floatUnaryOp(op), a[0], ets);
  }
  return e.scalar(body, binaryOpFor(op, et), a[0] + ", " + a[1], ets);
}

// The same on the op's own element types: ops that compute on f16/bf16 read
// them widened to f32 and round their float results back; selects and data
// movement copy them as they are.
std::string computedScalar(Emitter &e, Operation *op, std::string &body,
                           const std::vector<std::string> &a) {
  bool widened =
      !isa<shlo::ConvertOp, shlo::BitcastConvertOp, shlo::ReducePrecisionOp,
           chlo::NextAfterOp, shlo::SelectOp, shlo::BroadcastInDimOp,
           shlo::TransposeOp, shlo::ReverseOp, shlo::IotaOp>(op) &&
      llvm::any_of(op->getOperands(),
                   [](Value v) { return isNarrowFloat(elementOf(v)); });
  if (!widened)
    return elementwiseScalar(e, op, body, a);
  std::vector<std::string> wide = a;
  for (auto [i, v] : llvm::enumerate(op->getOperands()))
    if (isNarrowFloat(elementOf(v)))
      wide[i] = widen(e, body, a[i], elementOf(v));
  std::string r = elementwiseScalar(e, op, body, wide);
  Type outEt = elementOf(op->getResult(0));
  return isNarrowFloat(outEt) ? narrow(e, body, r, outEt) : r;
}

// The scalar ops of `b` (a region of elementwise ops and constants) on the
// scalars its arguments are bound to in `scalars`, appended to `body`;
// returns the scalars it returns. The body's constants must be bound
// already (read before the loops).
std::vector<std::string>
bodyScalars(Emitter &e, Block &b, std::string &body,
            llvm::DenseMap<Value, std::string> &scalars) {
  for (Operation &op : b) {
    if (op.hasTrait<OpTrait::IsTerminator>()) {
      std::vector<std::string> returned;
      for (Value v : op.getOperands())
        returned.push_back(scalars[v]);
      return returned;
    }
    if (isFoldedConstant(&op))
      continue;
    std::vector<std::string> args;
    for (Value v : op.getOperands())
      args.push_back(scalars[v]);
    scalars[op.getResult(0)] = computedScalar(e, &op, body, args);
  }
  return {};
}

// Binds the constants of `b` to scalars read before the loops.
void bindBodyConstants(Emitter &e, Block &b,
                       llvm::DenseMap<Value, std::string> &scalars) {
  for (Operation &op : b)
    if (isFoldedConstant(&op))
      scalars[op.getResult(0)] =
          e.stmt("tensor.extract " + e.valueName(op.getResult(0)) +
                 "[] : " + tensorText({}, elementOf(op.getResult(0))));
}

// An input read only for its shape (i8 elements, never read): it gives
// linalg the extents of loops that no other operand indexes by a plain
// dimension (a window's positions), as the window of linalg's pooling ops.
struct ExtentInput {
  std::string name, type, map;
};

ExtentInput extentInput(Emitter &e, MLIRContext *ctx, ArrayRef<int64_t> shape,
                        const std::string &map) {
  Type i8 = IntegerType::get(ctx, 8);
  std::string type = tensorText(shape, i8);
  return {e.stmt("tensor.empty() : " + type), type, map};
}

// A fold by `b` (accumulators, then an element per input) as one
// linalg.generic: the inputs `ins` (of types `inTypes`) read through
// `inMap`, an output per input of `outShape` through `outMap`, filled with
// the scalars `inits`; `iterators` quoted. Each output element folds its
// elements in loop order from its inits, as the interpreter folds them: the
// results are the interpreter's, bit for bit, up to the approximations of
// the body's math. Returns the outputs.
std::vector<std::string>
emitFold(Emitter &e, Block &b, const std::vector<std::string> &ins,
         const std::vector<InType> &inTypes, const std::string &inMap,
         ArrayRef<int64_t> outShape, const std::string &outMap,
         const std::vector<std::string> &iterators,
         const std::vector<std::string> &inits,
         const ExtentInput *extent = nullptr) {
  size_t n = ins.size();
  llvm::DenseMap<Value, std::string> scalars;
  bindBodyConstants(e, b, scalars);
  std::vector<std::string> maps, inTexts, outs, outTypes, elems;
  for (size_t k = 0; k < n; ++k) {
    elems.push_back(elementText(inTypes[k].element));
    maps.push_back(inMap);
    inTexts.push_back(inTypes[k].tensor);
    outTypes.push_back(tensorText(outShape, inTypes[k].element));
    std::string empty = e.reductionInit(outTypes.back());
    outs.push_back(e.stmt("linalg.fill ins(" + inits[k] + " : " + elems.back() +
                          ") outs(" + empty + " : " + outTypes.back() +
                          ") -> " + outTypes.back()));
  }
  std::vector<std::string> allIns = ins;
  if (extent) {
    allIns.push_back(extent->name);
    inTexts.push_back(extent->type);
    maps.push_back(extent->map);
  }
  for (size_t k = 0; k < n; ++k)
    maps.push_back(outMap);
  std::string result = e.fresh();
  std::vector<std::string> elemArgs, accArgs;
  std::string bbArgs;
  for (size_t k = 0; k < n; ++k) {
    elemArgs.push_back(e.fresh());
    bbArgs += elemArgs.back() + ": " + elems[k] + ", ";
  }
  if (extent)
    bbArgs += e.fresh() + ": i8, ";
  for (size_t k = 0; k < n; ++k) {
    accArgs.push_back(e.fresh());
    bbArgs += accArgs.back() + ": " + elems[k] + (k + 1 < n ? ", " : "");
  }
  // The body's arguments: the accumulators, then the elements.
  for (size_t k = 0; k < n; ++k) {
    scalars[b.getArgument(k)] = accArgs[k];
    scalars[b.getArgument(n + k)] = elemArgs[k];
  }
  std::string text;
  std::vector<std::string> yielded = bodyScalars(e, b, text, scalars);
  e.line(result + (n > 1 ? ":" + std::to_string(n) : "") +
         " = linalg.generic {indexing_maps = [" + llvm::join(maps, ", ") +
         "], iterator_types = [" + llvm::join(iterators, ", ") + "]} ins(" +
         llvm::join(allIns, ", ") + " : " + llvm::join(inTexts, ", ") +
         ") outs(" + llvm::join(outs, ", ") + " : " +
         llvm::join(outTypes, ", ") + ") {");
  e.line("^bb0(" + bbArgs + "):");
  e.text() += text;
  e.line("  linalg.yield " + llvm::join(yielded, ", ") + " : " +
         llvm::join(elems, ", "));
  e.line("} -> (" + llvm::join(outTypes, ", ") + ")");
  std::vector<std::string> results;
  for (size_t k = 0; k < n; ++k)
    results.push_back(n > 1 ? result + "#" + std::to_string(k) : result);
  return results;
}

// The scalar init of each of `inits`, read before the loops.
std::vector<std::string> initScalars(Emitter &e, ValueRange inits) {
  std::vector<std::string> out;
  for (Value v : inits)
    out.push_back(e.stmt("tensor.extract " + e.valueName(v) +
                         "[] : " + tensorText({}, elementOf(v))));
  return out;
}

// A reduce of any number of inputs whose body is elementwise: one fold whose
// loops run over the kept dimensions, then the reduced ones in the order the
// op lists them.
void emitGeneralReduce(Emitter &e, shlo::ReduceOp reduce) {
  llvm::SmallVector<int64_t> outShape = e.shapeOf(reduce->getResult(0));
  unsigned inRank = e.shapeOf(reduce.getInputs()[0]).size();
  ArrayRef<int64_t> dims = reduce.getDimensions();
  std::vector<std::string> inExprs(inRank), outExprs, iterators;
  unsigned loop = 0;
  for (unsigned d = 0; d < inRank; ++d)
    if (!llvm::is_contained(dims, d)) {
      outExprs.push_back("d" + std::to_string(loop));
      inExprs[d] = "d" + std::to_string(loop++);
      iterators.push_back("\"parallel\"");
    }
  for (int64_t d : dims) {
    inExprs[d] = "d" + std::to_string(loop++);
    iterators.push_back("\"reduction\"");
  }
  std::vector<std::string> ins;
  std::vector<InType> inTypes;
  for (Value x : reduce.getInputs()) {
    ins.push_back(e.valueName(x));
    inTypes.push_back(e.inTypeOf(x));
  }
  std::vector<std::string> results =
      emitFold(e, reduce.getBody().front(), ins, inTypes,
               mapText(inRank, inExprs), outShape, mapText(inRank, outExprs),
               iterators, initScalars(e, reduce.getInitValues()));
  for (auto [r, name] : llvm::zip(reduce->getResults(), results))
    e.bind(r, name);
}

// A single-input fold by `combiner` (add, multiply, maximum, minimum, and,
// or) of `x` (read through `inMap`) into `outShape`: f16/bf16 accumulate in
// f32, rounded once at the end (as the interpreter). `flags` go on the
// combining op.
std::string emitCombine(Emitter &e, Operation *combiner, const std::string &x,
                        const InType &xType, const std::string &init,
                        const std::string &inMap, ArrayRef<int64_t> outShape,
                        const std::string &outMap,
                        const std::vector<std::string> &iterators,
                        const std::string &flags,
                        const ExtentInput *extent = nullptr) {
  Type outEt = xType.element;
  Type accEt = computeType(outEt);
  std::string initScalar = init;
  if (accEt != outEt)
    initScalar = widen(e, e.text(), initScalar, outEt);
  std::string outType = tensorText(outShape, accEt);
  std::string empty = e.reductionInit(outType);
  std::string filled =
      e.stmt("linalg.fill ins(" + initScalar + " : " + elementText(accEt) +
             ") outs(" + empty + " : " + outType + ") -> " + outType);
  const char *opName = binaryOpFor(combiner, accEt);
  std::vector<std::string> ins = {x}, maps = {inMap};
  std::vector<InType> inTypes = {xType};
  if (extent) {
    ins.push_back(extent->name);
    inTypes.push_back({extent->type, IntegerType::get(outEt.getContext(), 8)});
    maps.push_back(extent->map);
  }
  std::string r = e.generic(
      ins, inTypes, maps, outShape, accEt, outMap, iterators,
      [&](std::string &body, const std::vector<std::string> &a) {
        std::string v = accEt != outEt ? widen(e, body, a[0], outEt) : a[0];
        return e.scalar(body, opName, a.back() + ", " + v + flags,
                        elementText(accEt));
      },
      filled);
  if (accEt == outEt)
    return r;
  unsigned rank = outShape.size();
  return e.generic({r}, {{outType, accEt}}, {identityMap(rank)}, outShape,
                   outEt, identityMap(rank),
                   std::vector<std::string>(rank, "parallel"),
                   [&](std::string &body, const std::vector<std::string> &a) {
                     return narrow(e, body, a[0], outEt);
                   });
}

// reduce_window: each input padded with its init value (the padding and the
// holes of base dilation, as a pad op would), then one fold whose loops run
// over the result, then over the window positions in row-major order, each
// reading the padded input at index * stride + position * dilation: the
// interpreter's order.
void emitReduceWindow(Emitter &e, shlo::ReduceWindowOp op) {
  WindowGeometry w = windowGeometry(op);
  llvm::SmallVector<int64_t> in = e.shapeOf(op.getInputs()[0]);
  llvm::SmallVector<int64_t> out = e.shapeOf(op->getResult(0));
  unsigned rank = in.size();
  // The part of the padded input the windows reach; the input itself when
  // it is not padded or dilated.
  llvm::SmallVector<int64_t> reach;
  bool direct = true;
  for (unsigned d = 0; d < rank; ++d) {
    reach.push_back((out[d] - 1) * w.strides[d] +
                    (w.size[d] - 1) * w.windowDilations[d] + 1);
    direct = direct && w.padLow[d] == 0 && w.baseDilations[d] == 1 &&
             reach[d] <= in[d];
  }
  std::vector<std::string> inExprs, outExprs, iterators, plain;
  for (unsigned d = 0; d < rank; ++d) {
    std::string o = "d" + std::to_string(d);
    std::string p = "d" + std::to_string(rank + d);
    outExprs.push_back(o);
    inExprs.push_back(o + " * " + std::to_string(w.strides[d]) + " + " + p +
                      " * " + std::to_string(w.windowDilations[d]));
    iterators.push_back("\"parallel\"");
    plain.push_back("parallel");
  }
  for (unsigned d = 0; d < rank; ++d) {
    iterators.push_back("\"reduction\"");
    plain.push_back("reduction");
  }
  std::vector<std::string> inits = initScalars(e, op.getInitValues());
  std::vector<std::string> ins;
  std::vector<InType> inTypes;
  for (auto [k, x] : llvm::enumerate(op.getInputs())) {
    Type et = elementOf(x);
    if (direct) {
      ins.push_back(e.valueName(x));
      inTypes.push_back(e.inTypeOf(x));
    } else {
      ins.push_back(spread(e, e.valueName(x), in, et, w.padLow, w.baseDilations,
                           reach, inits[k]));
      inTypes.push_back({tensorText(reach, et), et});
    }
  }
  std::string inMap = mapText(2 * rank, inExprs);
  std::string outMap = mapText(2 * rank, outExprs);
  std::vector<std::string> windowExprs;
  for (unsigned d = 0; d < rank; ++d)
    windowExprs.push_back("d" + std::to_string(rank + d));
  ExtentInput extent =
      extentInput(e, op->getContext(), w.size, mapText(2 * rank, windowExprs));
  Operation *combiner = reductionCombiner(op.getBody());
  if (ins.size() == 1 && combiner) {
    e.bind(op->getResult(0),
           emitCombine(e, combiner, ins[0], inTypes[0], inits[0], inMap, out,
                       outMap, plain, "", &extent));
    return;
  }
  std::vector<std::string> results =
      emitFold(e, op.getBody().front(), ins, inTypes, inMap, out, outMap,
               iterators, inits, &extent);
  for (auto [r, name] : llvm::zip(op->getResults(), results))
    e.bind(r, name);
}

// map: its computation on the elements of its inputs, one linalg.generic.
void emitMap(Emitter &e, shlo::MapOp op) {
  Value result = op.getResult();
  llvm::SmallVector<int64_t> shape = e.shapeOf(result);
  unsigned rank = shape.size();
  Block &b = op.getComputation().front();
  llvm::DenseMap<Value, std::string> scalars;
  bindBodyConstants(e, b, scalars);
  std::vector<std::string> ins, maps;
  std::vector<InType> inTypes;
  for (Value x : op.getInputs()) {
    ins.push_back(e.valueName(x));
    inTypes.push_back(e.inTypeOf(x));
    maps.push_back(identityMap(rank));
  }
  e.bind(result,
         e.generic(ins, inTypes, maps, shape, elementOf(result),
                   identityMap(rank),
                   std::vector<std::string>(rank, "parallel"),
                   [&](std::string &body, const std::vector<std::string> &a) {
                     for (size_t k = 0; k < ins.size(); ++k)
                       scalars[b.getArgument(k)] = a[k];
                     return bodyScalars(e, b, body, scalars).front();
                   }));
}

// A bitcast_convert between element widths: `ratio` narrow elements (the
// last dimension of the narrow side) hold the bits of one wide element, in
// the order the host's memory holds them (the runtime reinterprets the
// bytes): the first in the lowest bits on a little-endian host.
void emitWidthBitcast(Emitter &e, shlo::BitcastConvertOp op) {
  Value x = op.getOperand(), result = op.getResult();
  Type inEt = elementOf(x), outEt = elementOf(result);
  unsigned wi = inEt.getIntOrFloatBitWidth(),
           wo = outEt.getIntOrFloatBitWidth();
  llvm::SmallVector<int64_t> shape = e.shapeOf(result);
  unsigned rank = shape.size();
  MLIRContext *ctx = op->getContext();
  std::string inInt = "i" + std::to_string(wi),
              outInt = "i" + std::to_string(wo);
  auto toBits = [&](std::string &body, const std::string &v, Type t,
                    const std::string &intText) {
    return isa<FloatType>(t) ? e.scalar(body, "arith.bitcast", v,
                                        elementText(t) + " to " + intText)
                             : v;
  };
  auto fromBits = [&](std::string &body, const std::string &v, Type t,
                      const std::string &intText) {
    return isa<FloatType>(t) ? e.scalar(body, "arith.bitcast", v,
                                        intText + " to " + elementText(t))
                             : v;
  };
  bool little = llvm::sys::IsLittleEndianHost;
  std::vector<std::string> parallel(rank, "parallel");
  std::vector<std::string> ins, maps;
  std::vector<InType> inTypes;
  if (wi < wo) {
    // Narrow to wide: the result's element i reads x[i, 0 .. ratio - 1].
    unsigned ratio = wo / wi;
    std::vector<std::string> dims;
    for (unsigned d = 0; d < rank; ++d)
      dims.push_back("d" + std::to_string(d));
    for (unsigned j = 0; j < ratio; ++j) {
      std::vector<std::string> exprs = dims;
      exprs.push_back(std::to_string(j));
      ins.push_back(e.valueName(x));
      inTypes.push_back(e.inTypeOf(x));
      maps.push_back(mapText(rank, exprs));
    }
    Type wide = IntegerType::get(ctx, wo);
    e.bind(result,
           e.generic(
               ins, inTypes, maps, shape, outEt, identityMap(rank), parallel,
               [&](std::string &body, const std::vector<std::string> &a) {
                 std::string acc;
                 for (unsigned j = 0; j < ratio; ++j) {
                   std::string bits = toBits(body, a[j], inEt, inInt);
                   std::string z = e.scalar(body, "arith.extui", bits,
                                            inInt + " to " + outInt);
                   unsigned at = (little ? j : ratio - 1 - j) * wi;
                   if (at) {
                     std::string c = e.constant(body, std::to_string(at), wide);
                     z = e.scalar(body, "arith.shli", z + ", " + c, outInt);
                   }
                   acc = acc.empty() ? z
                                     : e.scalar(body, "arith.ori",
                                                acc + ", " + z, outInt);
                 }
                 return fromBits(body, acc, outEt, outInt);
               }));
    return;
  }
  // Wide to narrow: the result's element [i, j] is part j of x[i].
  unsigned ratio = wi / wo;
  std::vector<std::string> dims;
  for (unsigned d = 0; d + 1 < rank; ++d)
    dims.push_back("d" + std::to_string(d));
  Type wide = IntegerType::get(ctx, wi);
  e.bind(result,
         e.generic(
             {e.valueName(x)}, {e.inTypeOf(x)}, {mapText(rank, dims)}, shape,
             outEt, identityMap(rank), parallel,
             [&](std::string &body, const std::vector<std::string> &a) {
               std::string bits = toBits(body, a[0], inEt, inInt);
               std::string j =
                   e.scalar(body, "linalg.index " + std::to_string(rank - 1),
                            "", "index");
               std::string part =
                   e.scalar(body, "arith.index_cast", j, "index to " + inInt);
               if (!little) {
                 std::string last =
                     e.constant(body, std::to_string(ratio - 1), wide);
                 part = e.scalar(body, "arith.subi", last + ", " + part, inInt);
               }
               std::string w = e.constant(body, std::to_string(wo), wide);
               std::string at =
                   e.scalar(body, "arith.muli", part + ", " + w, inInt);
               std::string shifted =
                   e.scalar(body, "arith.shrui", bits + ", " + at, inInt);
               std::string low = e.scalar(body, "arith.trunci", shifted,
                                          inInt + " to " + outInt);
               return fromBits(body, low, outEt, outInt);
             }));
}

void emitOp(Emitter &e, Operation *op) {
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
    if (reduce.getInputs().size() != 1 ||
        !reductionCombiner(reduce.getBody())) {
      emitGeneralReduce(e, reduce);
      return;
    }
    Value x = reduce.getInputs()[0];
    Value init = reduce.getInitValues()[0];
    unsigned inRank = shapeOf(x).size();
    llvm::SmallVector<bool> reduced(inRank, false);
    for (int64_t d : reduce.getDimensions())
      if (d >= 0 && d < inRank)
        reduced[d] = true;
    std::vector<std::string> outExprs, iterators;
    for (unsigned d = 0; d < inRank; ++d) {
      iterators.push_back(reduced[d] ? "reduction" : "parallel");
      if (!reduced[d])
        outExprs.push_back("d" + std::to_string(d));
    }
    Operation *combiner = reductionCombiner(reduce.getBody());
    // Float sums and products may be reassociated: LLVM then keeps partial
    // results in vector lanes instead of one scalar chain. The order stays
    // fixed by the compiled code (a row block holds whole rows), so results
    // do not depend on the threads.
    std::string flags =
        isa<FloatType>(outEt) && isa<shlo::AddOp, shlo::MulOp>(combiner)
            ? " fastmath<reassoc>"
            : "";
    std::string initScalar = initScalars(e, init).front();
    e.bind(result, emitCombine(e, combiner, e.valueName(x), e.inTypeOf(x),
                               initScalar, identityMap(inRank), shape,
                               mapText(inRank, outExprs), iterators, flags));
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
Type boundaryElementType(Value v, MLIRContext *ctx) {
  Type et = elementOf(v);
  return isPred(et) ? IntegerType::get(ctx, 8) : et;
}

} // namespace

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
