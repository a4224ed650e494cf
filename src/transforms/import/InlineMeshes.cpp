//===- InlineMeshes.cpp - -sdy-inline-meshes ------------------------------===//

#include "ir/sdy/ShardingUtils.h"
#include "transforms/Passes.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_INLINEMESHESPASS
#include "transforms/Passes.h.inc"

namespace {

struct InlineMeshesPass : impl::InlineMeshesPassBase<InlineMeshesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::DenseMap<StringAttr, MeshAttr> meshes;
    for (MeshOp meshOp : module.getOps<MeshOp>())
      meshes[meshOp.getSymNameAttr()] = meshOp.getMesh();

    bool changed = false;
    module.walk([&](Operation *op) {
      changed |= transformShardings(op, [&](TensorShardingAttr sharding) {
        auto ref = dyn_cast<FlatSymbolRefAttr>(sharding.getMeshOrRef());
        MeshAttr mesh = ref ? meshes.lookup(ref.getAttr()) : MeshAttr();
        if (!mesh)
          return sharding;
        return TensorShardingAttr::get(op->getContext(), mesh,
                                       sharding.getDimShardings(),
                                       sharding.getReplicatedAxes());
      });
    });

    for (MeshOp meshOp : llvm::make_early_inc_range(module.getOps<MeshOp>()))
      if (SymbolTable::symbolKnownUseEmpty(meshOp, module)) {
        meshOp.erase();
        changed = true;
      }
    // Nothing changed: tell the pass manager, which then skips verifying.
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace mlir::sdy
