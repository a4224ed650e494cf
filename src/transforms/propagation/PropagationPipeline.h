//===- PropagationPipeline.h - -sdy-propagation-pipeline --------*- C++ -*-===//

#ifndef SDY_TRANSFORMS_PROPAGATION_PROPAGATIONPIPELINE_H
#define SDY_TRANSFORMS_PROPAGATION_PROPAGATIONPIPELINE_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
namespace sdy {

struct PropagationPipelineOptions
    : public PassPipelineOptions<PropagationPipelineOptions> {
  Option<bool> keepShardingRules{
      *this, "keep-sharding-rules",
      llvm::cl::desc("Keep the sharding rules computed for ops"),
      llvm::cl::init(false)};
  Option<bool> conservativePropagation{
      *this, "conservative-propagation",
      llvm::cl::desc("Never create sub-axes or indivisible shardings"),
      llvm::cl::init(false)};
  Option<bool> debugShardingOrigins{
      *this, "debug-sharding-origins",
      llvm::cl::desc("Record which user sharding each axis came from"),
      llvm::cl::init(false)};
  Option<std::string> propagationStrategy{
      *this, "propagation-strategy",
      llvm::cl::desc("basic, aggressive or basic-then-aggressive"),
      llvm::cl::init("aggressive")};
};

/// Adds the propagation pipeline to `pm` (anchored on builtin.module).
void addPropagationPipeline(OpPassManager &pm,
                            const PropagationPipelineOptions &options);

/// Registers `-sdy-propagation-pipeline`.
void registerPropagationPipeline();

} // namespace sdy
} // namespace mlir

#endif // SDY_TRANSFORMS_PROPAGATION_PROPAGATIONPIPELINE_H
