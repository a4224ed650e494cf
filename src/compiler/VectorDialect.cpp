//===- VectorDialect.cpp - vectorizing linalg ops with MLIR's vector dialect
//===//
#include "compiler/VectorDialect.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace sdy::compiler {

using namespace mlir;

namespace {

// 256-bit vectors (AVX2): 8 lanes of 32 bits, 4 of 64, ...
constexpr int64_t kVectorBits = 256;

// The lanes of a tile of `op`: kVectorBits over its widest element type, or
// 0 when the op is not vectorized (rank 0, dynamic, a reduction innermost,
// whose lanes would change the order of the fold, an innermost extent the
// lanes do not divide, i1 buffers, whose vectors LLVM would load as packed
// bits, and indices, which an iota along the innermost dimension reads).
int64_t lanesOf(linalg::LinalgOp op) {
  unsigned n = op.getNumLoops();
  if (n == 0)
    return 0;
  if (op.getIteratorTypesArray()[n - 1] != utils::IteratorType::parallel)
    return 0;
  unsigned widest = 8;
  for (OpOperand &o : op->getOpOperands()) {
    auto mt = dyn_cast<MemRefType>(o.get().getType());
    if (!mt || !mt.getElementType().isIntOrFloat() ||
        mt.getElementType().getIntOrFloatBitWidth() % 8)
      return 0;
    widest = std::max(widest, mt.getElementType().getIntOrFloatBitWidth());
  }
  if (!op.getBlock()->getOps<linalg::IndexOp>().empty())
    return 0;
  int64_t lanes = kVectorBits / widest;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (llvm::any_of(ranges, ShapedType::isDynamic) || ranges[n - 1] % lanes)
    return 0;
  return lanes;
}

} // namespace

LogicalResult vectorizeLinalgOps(ModuleOp module) {
  SmallVector<linalg::LinalgOp> ops;
  module.walk([&](linalg::LinalgOp op) {
    if (op.hasPureBufferSemantics())
      ops.push_back(op);
  });
  IRRewriter rewriter(module.getContext());
  for (linalg::LinalgOp op : ops) {
    int64_t lanes = lanesOf(op);
    if (!lanes)
      continue;
    SmallVector<int64_t> tiles(op.getNumLoops(), 1);
    tiles.back() = lanes;
    linalg::LinalgTilingOptions options;
    options.setTileSizes(tiles);
    rewriter.setInsertionPoint(op);
    FailureOr<linalg::TiledLinalgOp> tiled =
        linalg::tileLinalgOp(rewriter, op, options);
    if (failed(tiled))
      continue;
    rewriter.eraseOp(op);
    // A tile the vectorizer refuses stays a (small) loop nest.
    rewriter.setInsertionPoint(tiled->op);
    if (succeeded(linalg::vectorize(rewriter, tiled->op)))
      rewriter.eraseOp(tiled->op);
  }

  RewritePatternSet patterns(module.getContext());
  vector::populateVectorToVectorCanonicalizationPatterns(patterns);
  vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
  vector::populateVectorTransferDropUnitDimsPatterns(patterns);
  vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
  vector::populateVectorMultiReductionLoweringPatterns(
      patterns, vector::VectorMultiReductionLowering::InnerParallel);
  vector::populateVectorBroadcastLoweringPatterns(patterns);
  vector::populateVectorShapeCastLoweringPatterns(patterns);
  vector::populateVectorTransposeLoweringPatterns(
      patterns, vector::VectorTransposeLowering::EltWise);
  vector::populateVectorTransferLoweringPatterns(patterns,
                                                 /*maxTransferRank=*/1);
  vector::populateVectorStepLoweringPatterns(patterns);
  return applyPatternsGreedily(module, std::move(patterns));
}

} // namespace sdy::compiler
