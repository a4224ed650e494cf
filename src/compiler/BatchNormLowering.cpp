//===- BatchNormLowering.cpp - batch_norm_inference/training/grad ---------===//
#include "compiler/BatchNormLowering.h"
#include "compiler/ScalarLowering.h"

#include "ir/stablehlo/StablehloDialect.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

namespace sdy::compiler {

using namespace mlir;
namespace shlo = mlir::stablehlo;

namespace {

// The operand x, the feature index and epsilon of a batch norm op.
struct BatchNorm {
  Value x;
  int64_t feature;
  APFloat epsilon;
};

BatchNorm batchNormOf(Operation *op) {
  if (auto o = dyn_cast<shlo::BatchNormInferenceOp>(op))
    return {o.getOperand(), int64_t(o.getFeatureIndex()), o.getEpsilon()};
  if (auto o = dyn_cast<shlo::BatchNormTrainingOp>(op))
    return {o.getOperand(), int64_t(o.getFeatureIndex()), o.getEpsilon()};
  auto o = cast<shlo::BatchNormGradOp>(op);
  return {o.getOperand(), int64_t(o.getFeatureIndex()), o.getEpsilon()};
}

// A float constant of type `t` (f32 or f64) written as its bits.
std::string floatBits(double v, Type t) {
  if (t.isF64())
    return f64Bits(v);
  float f = static_cast<float>(v);
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  std::string s;
  llvm::raw_string_ostream os(s);
  os << llvm::format_hex(bits, 10);
  return s;
}

// The loops of one batch norm: over x's dimensions (elementwise), or with
// the feature first and the other dimensions after it in order (per-feature
// reductions, in the interpreter's order).
class Loops {
public:
  Loops(Emitter &e, const BatchNorm &bn)
      : e_(e), shape_(e.shapeOf(bn.x)), feature_(bn.feature),
        et_(elementOf(bn.x)) {
    unsigned rank = shape_.size();
    std::vector<std::string> exprs(rank);
    unsigned next = 1;
    for (unsigned d = 0; d < rank; ++d)
      exprs[d] = d == feature_ ? "d0" : "d" + std::to_string(next++);
    xReduced_ = mapText(rank, exprs);
    featureReduced_ = mapText(rank, {"d0"});
    featureElementwise_ = mapText(rank, {"d" + std::to_string(feature_)});
  }

  // A per-feature sum of `fn` over the elements of `ins` (read as x is,
  // or per feature when `perFeature`).
  std::string sum(const std::vector<std::string> &ins,
                  const std::vector<bool> &perFeature,
                  const std::function<std::string(
                      std::string &, const std::vector<std::string> &)> &term) {
    unsigned rank = shape_.size();
    std::vector<InType> types;
    std::vector<std::string> maps;
    for (bool f : perFeature) {
      types.push_back({f ? vectorType() : tensorText(shape_, et_), et_});
      maps.push_back(f ? featureReduced_ : xReduced_);
    }
    std::vector<std::string> iterators(rank, "reduction");
    iterators[0] = "parallel";
    std::string init = e_.reductionInit(vectorType());
    std::string zero = e_.stmt("arith.constant 0.0 : " + elementText(et_));
    std::string filled = e_.stmt("linalg.fill ins(" + zero + " : " +
                                 elementText(et_) + ") outs(" + init + " : " +
                                 vectorType() + ") -> " + vectorType());
    return e_.generic(
        ins, types, maps, {shape_[feature_]}, et_, featureReduced_, iterators,
        [&](std::string &body, const std::vector<std::string> &a) {
          std::string t = term(body, a);
          return e_.scalar(body, "arith.addf", a.back() + ", " + t,
                           elementText(et_));
        },
        filled);
  }

  // `fn` on each element of `ins` (x-shaped, or per feature when
  // `perFeature`), into a tensor of x's shape, or of one per feature when
  // `vectorResult`.
  std::string map(const std::vector<std::string> &ins,
                  const std::vector<bool> &perFeature, bool vectorResult,
                  const ScalarFn &fn) {
    unsigned rank = vectorResult ? 1 : shape_.size();
    std::vector<InType> types;
    std::vector<std::string> maps;
    for (bool f : perFeature) {
      types.push_back({f ? vectorType() : tensorText(shape_, et_), et_});
      maps.push_back(vectorResult ? identityMap(1)
                     : f          ? featureElementwise_
                                  : identityMap(rank));
    }
    llvm::SmallVector<int64_t> out =
        vectorResult ? llvm::SmallVector<int64_t>{shape_[feature_]} : shape_;
    return e_.generic(ins, types, maps, out, et_, identityMap(rank),
                      std::vector<std::string>(rank, "parallel"), fn);
  }

  std::string vectorType() const { return tensorText({shape_[feature_]}, et_); }

  int64_t perFeature() const {
    int64_t n = 1;
    for (auto [d, s] : llvm::enumerate(shape_))
      if (int64_t(d) != feature_)
        n *= s;
    return n;
  }

private:
  Emitter &e_;
  llvm::SmallVector<int64_t> shape_;
  int64_t feature_;
  Type et_;
  std::string xReduced_, featureReduced_, featureElementwise_;
};

} // namespace

bool isBatchNorm(Operation *op) {
  return isa<shlo::BatchNormInferenceOp, shlo::BatchNormTrainingOp,
             shlo::BatchNormGradOp>(op);
}

std::string whyBatchNormNotLowerable(Operation *op) {
  BatchNorm bn = batchNormOf(op);
  Type et = elementOf(bn.x);
  if (!et.isF32() && !et.isF64())
    return "only the f32 and f64 forms are compiled";
  ArrayRef<int64_t> shape = shapeOf(bn.x);
  if (bn.feature < 0 || bn.feature >= int64_t(shape.size()))
    return "feature index out of range";
  int64_t features = shape[bn.feature];
  for (Value v : llvm::concat<Value>(op->getOperands(), op->getResults())) {
    if (elementOf(v) != et)
      return "element types differ";
    ArrayRef<int64_t> s = shapeOf(v);
    if (s != shape && s != ArrayRef<int64_t>(features))
      return "shapes inconsistent with the feature index";
  }
  int64_t n = 1;
  for (auto [d, s] : llvm::enumerate(shape))
    if (int64_t(d) != bn.feature)
      n *= s;
  if (n == 0 || features == 0)
    return "empty batch norm is not compiled";
  return "";
}

void emitBatchNorm(Emitter &e, Operation *op) {
  BatchNorm bn = batchNormOf(op);
  Type et = elementOf(bn.x);
  std::string t = elementText(et);
  Loops loops(e, bn);
  // As the interpreter: epsilon read as a float, then in the type.
  double eps = bn.epsilon.convertToFloat();
  auto constant = [&](std::string &body, double v) {
    return e.constant(body, floatBits(v, et), et);
  };
  auto op2 = [&](std::string &body, const char *name, const std::string &a,
                 const std::string &b) {
    return e.scalar(body, name, a + ", " + b, t);
  };
  // scale * ((x - mean) / sqrt(var + eps)) + offset, in that order.
  auto normalize = [&](const std::string &x, const std::string &scale,
                       const std::string &offset, const std::string &mean,
                       const std::string &var) {
    return loops.map(
        {x, scale, offset, mean, var}, {false, true, true, true, true}, false,
        [&](std::string &body, const std::vector<std::string> &a) {
          std::string sd =
              e.scalar(body, "math.sqrt",
                       op2(body, "arith.addf", a[4], constant(body, eps)), t);
          std::string centered = op2(body, "arith.subf", a[0], a[3]);
          std::string scaled = op2(body, "arith.mulf", a[1],
                                   op2(body, "arith.divf", centered, sd));
          return op2(body, "arith.addf", scaled, a[2]);
        });
  };
  double n = double(loops.perFeature());
  auto divideByN = [&](const std::string &sum) {
    return loops.map({sum}, {true}, true,
                     [&](std::string &body, const std::vector<std::string> &a) {
                       return op2(body, "arith.divf", a[0], constant(body, n));
                     });
  };
  if (auto o = dyn_cast<shlo::BatchNormInferenceOp>(op)) {
    e.bind(o.getResult(),
           normalize(e.valueName(o.getOperand()), e.valueName(o.getScale()),
                     e.valueName(o.getOffset()), e.valueName(o.getMean()),
                     e.valueName(o.getVariance())));
    return;
  }
  if (auto o = dyn_cast<shlo::BatchNormTrainingOp>(op)) {
    std::string x = e.valueName(o.getOperand());
    std::string mean = divideByN(loops.sum(
        {x}, {false},
        [](std::string &, const std::vector<std::string> &a) { return a[0]; }));
    std::string var = divideByN(
        loops.sum({x, mean}, {false, true},
                  [&](std::string &body, const std::vector<std::string> &a) {
                    std::string d = op2(body, "arith.subf", a[0], a[1]);
                    return op2(body, "arith.mulf", d, d);
                  }));
    e.bind(o.getOutput(), normalize(x, e.valueName(o.getScale()),
                                    e.valueName(o.getOffset()), mean, var));
    e.bind(o.getBatchMean(), mean);
    e.bind(o.getBatchVar(), var);
    return;
  }
  auto o = cast<shlo::BatchNormGradOp>(op);
  std::string x = e.valueName(o.getOperand()),
              scale = e.valueName(o.getScale()),
              mean = e.valueName(o.getMean()),
              var = e.valueName(o.getVariance()),
              gy = e.valueName(o.getGradOutput());
  auto stddev = [&](std::string &body, const std::string &v) {
    return e.scalar(body, "math.sqrt",
                    op2(body, "arith.addf", v, constant(body, eps)), t);
  };
  std::string sumGy = loops.sum(
      {gy}, {false},
      [](std::string &, const std::vector<std::string> &a) { return a[0]; });
  std::string sumGyCentered =
      loops.sum({gy, x, mean}, {false, false, true},
                [&](std::string &body, const std::vector<std::string> &a) {
                  return op2(body, "arith.mulf", a[0],
                             op2(body, "arith.subf", a[1], a[2]));
                });
  std::string sumGyNormalized = loops.sum(
      {gy, x, mean, var}, {false, false, true, true},
      [&](std::string &body, const std::vector<std::string> &a) {
        std::string centered = op2(body, "arith.subf", a[1], a[2]);
        return op2(body, "arith.mulf", a[0],
                   op2(body, "arith.divf", centered, stddev(body, a[3])));
      });
  // factor * (g * n - sumGy - sumGyCentered * centered / (var + eps)), with
  // factor = scale / stddev / n.
  std::string gx = loops.map(
      {gy, x, mean, var, scale, sumGy, sumGyCentered},
      {false, false, true, true, true, true, true}, false,
      [&](std::string &body, const std::vector<std::string> &a) {
        std::string nC = constant(body, n);
        std::string factor =
            op2(body, "arith.divf",
                op2(body, "arith.divf", a[4], stddev(body, a[3])), nC);
        std::string centered = op2(body, "arith.subf", a[1], a[2]);
        std::string i5 =
            op2(body, "arith.divf", op2(body, "arith.mulf", a[6], centered),
                op2(body, "arith.addf", a[3], constant(body, eps)));
        std::string inner = op2(
            body, "arith.subf",
            op2(body, "arith.subf", op2(body, "arith.mulf", a[0], nC), a[5]),
            i5);
        return op2(body, "arith.mulf", factor, inner);
      });
  e.bind(o.getGradOperand(), gx);
  e.bind(o.getGradScale(), sumGyNormalized);
  e.bind(o.getGradOffset(), sumGy);
}

} // namespace sdy::compiler
