//===- DropShardingAndMesh.cpp - -sdy-drop-sharding-and-mesh --------------===//
//
// After -sdy-convert-global-to-local, meshes and shardings only document the
// global program. This removes them (every `sdy.*` discardable attribute on
// ops, function arguments and results, and the `sdy.mesh` ops) so that the
// module is plain StableHLO.
//
//===----------------------------------------------------------------------===//

#include "transforms/partition/Passes.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_DROPSHARDINGANDMESHPASS
#include "transforms/partition/Passes.h.inc"

namespace {

bool isSdyAttr(NamedAttribute attr) {
  return attr.getName().getValue().starts_with("sdy.");
}

struct DropShardingAndMeshPass
    : impl::DropShardingAndMeshPassBase<DropShardingAndMeshPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Operation *> meshes;
    module.walk([&](Operation *op) {
      if (isa<MeshOp>(op)) {
        meshes.push_back(op);
        return;
      }
      for (NamedAttribute attr : llvm::to_vector(op->getDiscardableAttrs()))
        if (isSdyAttr(attr))
          op->removeDiscardableAttr(attr.getName());
      if (auto func = dyn_cast<FunctionOpInterface>(op)) {
        for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
          for (NamedAttribute attr : llvm::to_vector(func.getArgAttrs(i)))
            if (isSdyAttr(attr))
              func.removeArgAttr(i, attr.getName());
        for (unsigned i = 0, e = func.getNumResults(); i < e; ++i)
          for (NamedAttribute attr : llvm::to_vector(func.getResultAttrs(i)))
            if (isSdyAttr(attr))
              func.removeResultAttr(i, attr.getName());
      }
    });
    for (Operation *mesh : meshes)
      mesh->erase();
  }
};

} // namespace
} // namespace mlir::sdy
