//===- KernelTable.cpp - the interpreter's op kernels by op type ----------===//
#include "runtime/KernelTable.h"

#include <cassert>

namespace sdy::runtime {

void KernelTable::add(mlir::TypeID opType, Kernel kernel) {
  [[maybe_unused]] bool inserted = kernels_.try_emplace(opType, kernel).second;
  assert(inserted && "an op has one kernel");
}

const KernelTable &KernelTable::get() {
  static const KernelTable table = [] {
    KernelTable t;
    registerElementwiseKernels(t);
    registerShapeKernels(t);
    registerContractionKernels(t);
    registerReductionKernels(t);
    registerGatherScatterKernels(t);
    registerCollectiveKernels(t);
    registerControlFlowKernels(t);
    registerInterpreterKernels(t);
    registerChloKernels(t);
    registerChloBroadcastKernels(t);
    registerRaggedDotKernels(t);
    registerConvolutionKernels(t);
    registerLinalgKernels(t);
    registerRngKernels(t);
    registerWindowKernels(t);
    registerSortKernels(t);
    registerCheckKernels(t);
    registerRunParallelKernels(t);
    registerTypesKernels(t);
    registerMiscKernels(t);
    registerCompositeKernels(t);
    registerTuplesKernels(t);
    registerIoKernels(t);
    registerQuantKernels(t);
    return t;
  }();
  return table;
}

} // namespace sdy::runtime
