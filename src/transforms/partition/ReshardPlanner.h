//===- ReshardPlanner.h - collectives that implement a reshard --*- C++ -*-===//
//
// A pure function (no IR is touched) that computes the sequence of sdy
// collectives turning a tensor sharded one way into the same tensor sharded
// another way (docs/partitioning.md#step-2-reshards-become-collectives).
// Used by -sdy-reshard-to-collectives and by the exhaustive checker in
// tests/partition.
//
// Shardings are compared as written (axis lists per dimension): two
// shardings with the same axes per dimension have the same layout, whatever
// their replicated axes, open/closed dims or priorities. Every step is valid
// for the sdy verifiers: all_gather removes an exact suffix of a dimension's
// axes, all_slice appends axes (the result must be written as is, so a
// dimension `{"a":(1)2}` cannot be sliced by `"a":(2)2` into `{"a"}`),
// all_to_all moves exact suffixes, collective_permute keeps every
// dimension's sharded size.
//
// Plans:
// * 0 steps if the layouts are equal (same mesh, or meshes equal up to
//   device order are handled with one collective_permute, see below);
// * 1 step when one collective suffices: all_slice (source is a prefix of
//   the target in every dimension), all_gather (target a prefix of the
//   source), all_to_all (axes move between dimensions, several at once),
//   collective_permute (every dimension keeps its sharded size: reorders,
//   swaps, replacing axes by unused ones of the same size);
// * 2 steps otherwise. All_gather of the non-common suffixes followed by
//   all_slice of the target's always works; other two-step plans (all_to_all,
//   collective_permute, slice-first) are preferred when they need less memory
//   (largest local shard over the plan) and then less traffic.
// Since one all_gather + one all_slice implements every reshard, two steps
// are always the minimum when one is not enough.
//
// Meshes that differ only in device order: the layout change is planned on
// the source mesh, and the move to the target mesh is folded into a
// collective_permute of the plan if it has one, otherwise one
// collective_permute is added (before the plan if the source is the more
// sharded end, after it otherwise).
//
//===----------------------------------------------------------------------===//

#ifndef SDY_TRANSFORMS_PARTITION_RESHARDPLANNER_H
#define SDY_TRANSFORMS_PARTITION_RESHARDPLANNER_H

#include <string>
#include <vector>

#include "ir/sdy/SdyDialect.h"
#include "ir/sdy/ShardingLayout.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::sdy {

/// One parameter of an all_to_all: `axes` (a suffix of `srcDim`'s axes) move
/// to the end of `tgtDim`'s axes.
struct AllToAllMove {
  AxisList axes;
  int64_t srcDim;
  int64_t tgtDim;
  bool operator==(const AllToAllMove &other) const {
    return axes == other.axes && srcDim == other.srcDim &&
           tgtDim == other.tgtDim;
  }
};

/// One collective of a plan.
struct ReshardStep {
  enum class Kind { AllGather, AllSlice, AllToAll, CollectivePermute };
  Kind kind;
  /// AllGather: gathered axes per dimension; AllSlice: sliced axes per
  /// dimension. Empty otherwise.
  DimAxes axesPerDim;
  /// AllToAll: the moves, sorted by srcDim.
  SmallVector<AllToAllMove> moves;
  /// The axes per dimension after this step.
  DimAxes result;
  /// The mesh of the result (the target mesh after the step that moves the
  /// tensor to it, the source mesh before).
  MeshAttr mesh;
  /// True from the collective_permute that moves the tensor to the target
  /// mesh on (always false when no move is needed).
  bool onTargetMesh = false;

  StringRef getKindName() const;
  /// E.g. `all_to_all [{"x"}: 0->1] -> [{}, {"x"}]`.
  std::string toString() const;
};

/// A sequence of collectives.
using ReshardPlan = std::vector<ReshardStep>;

/// The collectives that turn `source` (on `sourceMesh`) into `target` (on
/// `targetMesh`). Fails (with `error` set) if the meshes do not have the same
/// axes, the ranks differ, or a sharding uses an axis the mesh lacks. A move
/// between the meshes is planned when they differ or `forceMeshChange` is
/// set (the same mesh under two symbol names).
FailureOr<ReshardPlan>
planReshard(MeshAttr sourceMesh, ArrayRef<AxisList> source, MeshAttr targetMesh,
            ArrayRef<AxisList> target, std::string *error = nullptr,
            bool forceMeshChange = false);

/// Same mesh.
inline FailureOr<ReshardPlan> planReshard(MeshAttr mesh,
                                          ArrayRef<AxisList> source,
                                          ArrayRef<AxisList> target,
                                          std::string *error = nullptr) {
  return planReshard(mesh, source, mesh, target, error);
}

/// If `target` is reachable from `source` (on `mesh`) by exactly one
/// collective, that collective (with `mesh` set); nullopt otherwise (also
/// when they are equal).
std::optional<ReshardStep> findSingleStep(MeshAttr mesh,
                                          ArrayRef<AxisList> source,
                                          ArrayRef<AxisList> target);

} // namespace mlir::sdy

#endif // SDY_TRANSFORMS_PARTITION_RESHARDPLANNER_H
