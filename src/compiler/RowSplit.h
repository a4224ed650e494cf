//===- RowSplit.h - running a compiled cluster in blocks of rows ---------===//
//
// A cluster whose outputs all have the same leading dimension N, and whose
// ops keep that dimension independent (elementwise ops, broadcasts and
// transposes that keep it first, reshapes that keep it, reductions over the
// other dimensions), can compute any block of rows from the same block of
// its row-split inputs and all of its other inputs. Such a cluster is
// compiled for one block of N / parts rows and run once per block, the
// blocks spread over the device's threads; each block computes exactly
// what the whole kernel would (reductions keep their order within a row).
//
//===----------------------------------------------------------------------===//
#ifndef SDY_COMPILER_ROWSPLIT_H
#define SDY_COMPILER_ROWSPLIT_H

#include "compiler/CompiledFunction.h"

namespace sdy::compiler {

// Fills `cluster.parts`, `splitValues` and `inputSplit` (parts = 1 when the
// cluster cannot be split or is too small to gain from it): the largest
// divisor of N that is at most `maxParts` and leaves at least
// `minBlockElements` elements of the largest output per block.
void planRowSplit(Cluster &cluster, int64_t maxParts, int64_t minBlockElements);

} // namespace sdy::compiler

#endif // SDY_COMPILER_ROWSPLIT_H
