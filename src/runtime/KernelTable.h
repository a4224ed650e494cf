//===- KernelTable.h - the interpreter's op kernels by op type --*- C++ -*-===//
//
// Every op the interpreter executes has one kernel: a function that decodes
// the op's attributes and calls the tensor kernels of Kernels.h. Each kernel
// file registers its kernels next to their definitions (register*Kernels),
// keyed by the op's TypeID; the interpreter looks an op's kernel up once per
// executed op. Adding an op is adding one kernel and its `add` line.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_RUNTIME_KERNELTABLE_H
#define SDY_RUNTIME_KERNELTABLE_H

#include "runtime/Interpreter.h"

#include "mlir/IR/OperationSupport.h"
#include "mlir/Support/TypeID.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

namespace sdy::runtime {

// One execution of an op: its operands' tensors, the results to fill, and
// the type of result 0 (F32 and rank 0 when the op has no results).
struct OpCall {
  Interpreter &interp;
  mlir::Operation *op;
  // Resolves the values that the op's regions use from outside.
  const Interpreter::Env &env;
  const std::vector<Tensor> &in;
  std::vector<Tensor> &out;
  ElementType resultType;
  const Shape &resultShape;

  // Operands first.. as scalar indices (dynamic_slice start indices).
  std::vector<int64_t> indicesFrom(size_t first) const {
    std::vector<int64_t> indices;
    for (size_t i = first; i < in.size(); ++i)
      indices.push_back(in[i].getInt(0));
    return indices;
  }
};

using Kernel = Status (*)(OpCall &call);

class KernelTable {
public:
  // Registers `kernel` for each op class in OpTys.
  template <typename... OpTys>
  void add(Kernel kernel) {
    (add(mlir::TypeID::get<OpTys>(), kernel), ...);
  }
  void add(mlir::TypeID opType, Kernel kernel);

  // The kernel of ops named `name`, or null.
  Kernel lookup(mlir::OperationName name) const {
    return kernels_.lookup(name.getTypeID());
  }

  // The interpreter's table, filled on first use by the register*Kernels
  // below.
  static const KernelTable &get();

private:
  llvm::DenseMap<mlir::TypeID, Kernel> kernels_;
};

// The registrations, one per kernel file.
void registerElementwiseKernels(KernelTable &table);   // Elementwise.cpp
void registerShapeKernels(KernelTable &table);         // Shape.cpp
void registerContractionKernels(KernelTable &table);   // Contraction.cpp
void registerReductionKernels(KernelTable &table);     // Reduction.cpp
void registerGatherScatterKernels(KernelTable &table); // GatherScatter.cpp
void registerCollectiveKernels(KernelTable &table);    // Collectives.cpp
void registerControlFlowKernels(KernelTable &table);   // ControlFlow.cpp
void registerInterpreterKernels(KernelTable &table);   // Interpreter.cpp
void registerChloKernels(KernelTable &table);          // Chlo.cpp
void registerChloBroadcastKernels(KernelTable &table); // ChloBroadcast.cpp
void registerRaggedDotKernels(KernelTable &table);     // RaggedDot.cpp
void registerConvolutionKernels(KernelTable &table);   // Convolution.cpp
void registerLinalgKernels(KernelTable &table);        // Linalg.cpp
void registerRngKernels(KernelTable &table);           // Rng.cpp

// The kernel of a LAPACK custom_call target (JAX's CPU cholesky and
// triangular solve, and the factorizations below), or null (Linalg.cpp).
Kernel lookupLapackCustomCall(llvm::StringRef target);
// JAX's CPU LU, QR, Hermitian eigendecomposition and SVD (getrf, geqrf,
// orgqr/ungqr, syevd/heevd, gesdd), or null (Lapack.cpp).
Kernel lookupLapackFactorization(llvm::StringRef target);
void registerWindowKernels(KernelTable &table); // Window.cpp
void registerSortKernels(KernelTable &table);   // Sort.cpp
// custom_call @ApproxTopK (Sort.cpp).
Status runApproxTopK(OpCall &call);
void registerCheckKernels(KernelTable &table);       // Checks.cpp
void registerRunParallelKernels(KernelTable &table); // RunParallel.cpp
// custom_call @check.* (Checks.cpp).
Status runCheckCustomCall(OpCall &call);
void registerTypesKernels(KernelTable &table); // Types.cpp

// Unsupported when `op` has complex, sub-byte integer or narrow float
// tensors and its kernel does not handle them (Types.cpp).
Status checkElementTypes(mlir::Operation *op);
void registerMiscKernels(KernelTable &table);      // MiscOps.cpp
void registerCompositeKernels(KernelTable &table); // Composite.cpp
void registerTuplesKernels(KernelTable &table);    // Tuples.cpp
void registerIoKernels(KernelTable &table);        // Io.cpp
void registerQuantKernels(KernelTable &table);     // Quant.cpp

// Runs `kernel` on `call`, taking quantized tensors (held as their storage
// values) through the expressed type where the op computes (Quant.cpp).
Status runKernel(Kernel kernel, OpCall &call);

// An attribute's integers as a vector.
inline std::vector<int64_t> toVector(llvm::ArrayRef<int64_t> values) {
  return {values.begin(), values.end()};
}

} // namespace sdy::runtime

#endif // SDY_RUNTIME_KERNELTABLE_H
