//===- Emitter.h - the MLIR text of a cluster function ----------*- C++ -*-===//
//
// Private to the cluster lowering: the Emitter builds the text of one
// func.func (statements, linalg.generic ops and their scalar bodies, SSA
// names of the cluster's values); the helpers spell types and maps.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_COMPILER_EMITTER_H
#define SDY_COMPILER_EMITTER_H

#include "compiler/CompiledFunction.h"
#include "compiler/LoweringTypes.h"

#include "mlir/IR/Value.h"
#include "mlir/IR/ValueRange.h"
#include "llvm/ADT/DenseMap.h"

#include <functional>
#include <string>
#include <vector>

namespace sdy::compiler {

// The kernel's element type: arith takes signless integers, the ops pick
// the unsigned forms themselves.
std::string elementText(mlir::Type t);
std::string shapeText(llvm::ArrayRef<int64_t> shape);
std::string tensorText(llvm::ArrayRef<int64_t> shape, mlir::Type et);
std::string memrefText(llvm::ArrayRef<int64_t> shape, mlir::Type et);
std::string dimsText(unsigned rank);
// affine_map<(d0, ..) -> (exprs)>.
std::string mapText(unsigned rank, llvm::ArrayRef<std::string> exprs);
std::string identityMap(unsigned rank);
// "[a, b, c]".
std::string listText(const std::vector<std::string> &items);
std::string listText(llvm::ArrayRef<int64_t> items);

// A scalar computation inside a linalg.generic body: appends lines to
// `body` and returns the SSA name of the value.
using ScalarFn = std::function<std::string(
    std::string &body, const std::vector<std::string> &args)>;

// The tensor type of a generic's input and its element type.
struct InType {
  std::string tensor;
  mlir::Type element;
};

class Emitter {
public:
  explicit Emitter(const Cluster &cluster) : cluster_(cluster) {}

  // The shape the kernel sees: a block of the rows for a row-split value.
  llvm::SmallVector<int64_t> shapeOf(mlir::Value v) const {
    llvm::SmallVector<int64_t> s(compiler::shapeOf(v));
    if (cluster_.parts > 1 && !s.empty() && cluster_.splitValues.count(v))
      s[0] /= cluster_.parts;
    return s;
  }

  InType inTypeOf(mlir::Value v) const {
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
                      llvm::ArrayRef<int64_t> outShape, mlir::Type outEt,
                      const std::string &outMap,
                      const std::vector<std::string> &iterators,
                      const ScalarFn &fn, std::string init = "");

  // A scalar statement `%r = <op> <operands> : <type>` in a generic body.
  std::string scalar(std::string &body, const std::string &op,
                     const std::string &operands, const std::string &type) {
    std::string r = fresh();
    body += "    " + r + " = " + op + " " + operands + " : " + type + "\n";
    return r;
  }
  std::string constant(std::string &body, const std::string &value,
                       mlir::Type type) {
    std::string r = fresh();
    body += "    " + r + " = arith.constant " + value + " : " +
            elementText(type) + "\n";
    return r;
  }

  // The SSA name of `v` (a folded constant is emitted on first use).
  std::string valueName(mlir::Value v);
  void bind(mlir::Value v, const std::string &name) { names_[v] = name; }

  std::string &text() { return text_; }

private:
  const Cluster &cluster_;
  std::string text_;
  int next_ = 0;
  llvm::DenseMap<mlir::Value, std::string> names_;
};

} // namespace sdy::compiler

#endif // SDY_COMPILER_EMITTER_H
