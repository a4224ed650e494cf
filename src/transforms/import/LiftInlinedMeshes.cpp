//===- LiftInlinedMeshes.cpp - -sdy-lift-inlined-meshes -------------------===//

#include "ir/sdy/ShardingUtils.h"
#include "transforms/Passes.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::sdy {
#define GEN_PASS_DEF_LIFTINLINEDMESHESPASS
#include "transforms/Passes.h.inc"

namespace {

struct LiftInlinedMeshesPass
    : impl::LiftInlinedMeshesPassBase<LiftInlinedMeshesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = module.getContext();
    SymbolTable symbolTable(module);

    // Existing meshes: the first of equal meshes keeps its name.
    llvm::DenseMap<MeshAttr, StringAttr> nameOfMesh;
    llvm::DenseMap<StringAttr, StringAttr> renamed;
    Operation *lastMesh = nullptr;
    bool changed = false;
    for (MeshOp meshOp : llvm::make_early_inc_range(module.getOps<MeshOp>())) {
      auto [it, inserted] =
          nameOfMesh.try_emplace(meshOp.getMesh(), meshOp.getSymNameAttr());
      if (inserted) {
        lastMesh = meshOp;
        continue;
      }
      renamed[meshOp.getSymNameAttr()] = it->second;
      symbolTable.erase(meshOp);
      changed = true;
    }

    OpBuilder builder(ctx);
    auto getOrCreateName = [&](MeshAttr mesh) -> StringAttr {
      if (StringAttr name = nameOfMesh.lookup(mesh))
        return name;
      std::string name;
      if (mesh.isMaximal()) {
        name = "maximal_mesh_" + std::to_string(mesh.getDeviceIds().front());
        for (int64_t i = 0; symbolTable.lookup(name); ++i)
          name = "maximal_mesh_" + std::to_string(mesh.getDeviceIds().front()) +
                 "_" + std::to_string(i);
      } else {
        name = "mesh";
        for (int64_t i = 0; symbolTable.lookup(name); ++i)
          name = "mesh_" + std::to_string(i);
      }
      if (lastMesh)
        builder.setInsertionPointAfter(lastMesh);
      else
        builder.setInsertionPointToStart(module.getBody());
      auto meshOp = MeshOp::create(builder, module.getLoc(), name, mesh);
      symbolTable.insert(meshOp);
      lastMesh = meshOp;
      nameOfMesh[mesh] = meshOp.getSymNameAttr();
      return meshOp.getSymNameAttr();
    };

    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) { ops.push_back(op); });
    for (Operation *op : ops)
      changed |= transformShardings(op, [&](TensorShardingAttr sharding) {
        Attribute meshOrRef = sharding.getMeshOrRef();
        StringAttr name;
        if (MeshAttr mesh = sharding.getInlinedMesh())
          name = getOrCreateName(mesh);
        else if (auto ref = dyn_cast<FlatSymbolRefAttr>(meshOrRef))
          name = renamed.lookup(ref.getAttr());
        if (!name)
          return sharding;
        return TensorShardingAttr::get(ctx, FlatSymbolRefAttr::get(name),
                                       sharding.getDimShardings(),
                                       sharding.getReplicatedAxes());
      });
    // Nothing changed: tell the pass manager, which then skips verifying.
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace mlir::sdy
