//===- ClusterLowering.cpp - stablehlo clusters to linalg on tensors ------===//
#include "compiler/ClusterLowering.h"

#include "ir/chlo/ChloDialect.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>

#include <unistd.h>

namespace sdy::compiler {

using namespace mlir;
namespace shlo = mlir::stablehlo;

namespace {

// f32, f64, and signless integers of 1 to 64 bits (i1 is pred).
bool isLowerableElementType(Type t) {
  if (t.isF32() || t.isF64())
    return true;
  auto i = dyn_cast<IntegerType>(t);
  if (!i || !i.isSignless())
    return false;
  unsigned w = i.getWidth();
  return w == 1 || w == 8 || w == 16 || w == 32 || w == 64;
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

bool isPred(Type t) { return t.isInteger(1); }

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

bool isElementwiseBinary(Operation *op) {
  return isa<shlo::AddOp, shlo::SubtractOp, shlo::MulOp, shlo::DivOp,
             shlo::MaxOp, shlo::MinOp, shlo::PowOp, shlo::RemOp, shlo::Atan2Op,
             shlo::AndOp, shlo::OrOp, shlo::XorOp>(op);
}

// Ops whose integer forms have no exact arith equivalent here (division by
// zero and overflow follow the interpreter's own rules).
bool floatOnly(Operation *op) {
  return isa<shlo::DivOp, shlo::PowOp, shlo::RemOp>(op);
}

} // namespace

bool isFoldedConstant(Operation *op) {
  auto c = dyn_cast<shlo::ConstantOp>(op);
  return c && op->getNumResults() == 1 &&
         isLowerableTensor(op->getResult(0).getType()) &&
         isa<DenseElementsAttr>(c.getValue());
}

std::string whyNotLowerable(Operation *op) {
  bool known = isElementwiseUnary(op) || isElementwiseBinary(op) ||
               isa<shlo::CompareOp, shlo::SelectOp, shlo::ClampOp,
                   shlo::ConvertOp, shlo::BroadcastInDimOp, shlo::ReshapeOp,
                   shlo::TransposeOp, shlo::ReduceOp>(op);
  if (!known)
    return "no compiled lowering for this op (interpreted)";
  for (Type t : op->getOperandTypes())
    if (!isLowerableTensor(t))
      return "operand type " + printed(t) +
             " is not compiled (f32, f64, pred and signless integers are)";
  for (Type t : op->getResultTypes())
    if (!isLowerableTensor(t))
      return "result type " + printed(t) +
             " is not compiled (f32, f64, pred and signless integers are)";
  // A kernel's own buffers are not checked when it runs: a result the
  // machine cannot hold is left to the interpreter, which reports it.
  for (Type t : op->getResultTypes())
    if (!fitsInMemory(cast<RankedTensorType>(t)))
      return "result " + printed(t) +
             " needs more bytes than this machine's memory (interpreted)";
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
    if (isa<shlo::Expm1Op>(op) && !et.isF32())
      return "f64 form is not compiled";
  }
  if (isElementwiseBinary(op)) {
    if (floatOnly(op) && !isFloat)
      return "integer form is not compiled";
    if (isa<shlo::Atan2Op>(op) && !isFloat)
      return "integer form is not compiled";
    if (isa<shlo::AndOp, shlo::OrOp, shlo::XorOp>(op) && isFloat)
      return "float operand";
    if (isa<shlo::SubtractOp>(op) && isPred(et))
      return "pred form is not compiled";
  }
  if (auto cmp = dyn_cast<shlo::CompareOp>(op)) {
    if (cmp.getCompareType() &&
        *cmp.getCompareType() == shlo::ComparisonType::TOTALORDER)
      return "TOTALORDER comparison is not compiled";
  }
  if (auto conv = dyn_cast<shlo::ConvertOp>(op)) {
    Type to = elementOf(op->getResult(0));
    if (isFloat && !isa<FloatType>(to))
      return "float to integer conversion is not compiled";
  }
  if (auto reduce = dyn_cast<shlo::ReduceOp>(op)) {
    if (reduce.getInputs().size() != 1)
      return "variadic reduce is not compiled";
    Operation *combiner = reductionCombiner(reduce.getBody());
    if (!combiner)
      return "reduce body is not a single add, mul, max, min, and or or";
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

std::string elementText(Type t) { return printed(t); }

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

  // Appends a statement line to the function body.
  void line(const std::string &s) { text_ += "  " + s + "\n"; }

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
        return f ? "arith.maximumf" : pred ? "arith.ori" : "arith.maxsi";
      })
      .Case<shlo::MinOp>([&](auto) {
        return f ? "arith.minimumf" : pred ? "arith.andi" : "arith.minsi";
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
  bool u = isPred(et);
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

// `from` converted to `to` (see whyNotLowerable for what is refused).
std::string convertScalar(Emitter &e, std::string &body, const std::string &x,
                          Type from, Type to) {
  if (from == to)
    return x;
  std::string ft = elementText(from), tt = elementText(to);
  if (isa<FloatType>(from))
    return e.scalar(body,
                    from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth()
                        ? "arith.extf"
                        : "arith.truncf",
                    x, ft + " to " + tt);
  if (isa<FloatType>(to))
    return e.scalar(body, isPred(from) ? "arith.uitofp" : "arith.sitofp", x,
                    ft + " to " + tt);
  unsigned fw = from.getIntOrFloatBitWidth(), tw = to.getIntOrFloatBitWidth();
  if (tw == 1) {
    std::string zero = e.constant(body, "0", from);
    return e.scalar(body, "arith.cmpi ne,", x + ", " + zero, ft);
  }
  if (fw == tw)
    return x;
  if (tw > fw)
    return e.scalar(body, fw == 1 ? "arith.extui" : "arith.extsi", x,
                    ft + " to " + tt);
  return e.scalar(body, "arith.trunci", x, ft + " to " + tt);
}

// The map of an operand of an elementwise op: identity, or () for the rank-0
// operands that select and clamp broadcast.
std::string operandMap(Value operand, unsigned rank) {
  if (shapeOf(operand).empty() && rank != 0)
    return mapText(rank, {});
  return identityMap(rank);
}

void emitOp(Emitter &e, Operation *op) {
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
    std::string initScalar = e.fresh();
    e.line(initScalar + " = tensor.extract " + e.valueName(init) +
           "[] : " + tensorText({}, outEt));
    std::string empty = e.fresh();
    std::string outType = tensorText(shape, outEt);
    e.line(empty + " = tensor.empty() : " + outType);
    std::string filled = e.fresh();
    e.line(filled + " = linalg.fill ins(" + initScalar + " : " +
           elementText(outEt) + ") outs(" + empty + " : " + outType + ") -> " +
           outType);
    Operation *combiner = reductionCombiner(reduce.getBody());
    const char *opName = binaryOpFor(combiner, outEt);
    // Float sums and products may be reassociated: LLVM then keeps partial
    // results in vector lanes instead of one scalar chain. The order stays
    // fixed by the compiled code (a row block holds whole rows), so results
    // do not depend on the threads.
    std::string flags =
        isa<FloatType>(outEt) && isa<shlo::AddOp, shlo::MulOp>(combiner)
            ? " fastmath<reassoc>"
            : "";
    addOperand(x, identityMap(inRank));
    std::string r = e.generic(
        ins, inTypes, maps, shape, outEt, mapText(inRank, outExprs), iterators,
        [&](std::string &body, const std::vector<std::string> &a) {
          return e.scalar(body, opName, a[1] + ", " + a[0] + flags,
                          elementText(outEt));
        },
        filled);
    e.bind(result, r);
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
  } else {
    for (Value v : op->getOperands())
      addOperand(v, operandMap(v, rank));
  }

  ScalarFn fn = [&](std::string &body,
                    const std::vector<std::string> &a) -> std::string {
    Type et = elementOf(op->getOperand(0));
    std::string ets = elementText(et);
    if (isa<shlo::BroadcastInDimOp, shlo::TransposeOp>(op))
      return a[0];
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
      Type xt = elementOf(op->getOperand(1));
      bool f = isa<FloatType>(xt);
      std::string t = elementText(xt);
      std::string lo = e.scalar(body, f ? "arith.maximumf" : "arith.maxsi",
                                a[1] + ", " + a[0], t);
      return e.scalar(body, f ? "arith.minimumf" : "arith.minsi",
                      lo + ", " + a[2], t);
    }
    if (isa<shlo::ConvertOp>(op))
      return convertScalar(e, body, a[0], et, outEt);
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
  };
  std::string r = e.generic(ins, inTypes, maps, shape, outEt, identityMap(rank),
                            parallel, fn);
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
