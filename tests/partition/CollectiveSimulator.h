//===- CollectiveSimulator.h - semantic checker for collectives -*- C++ -*-===//
//
// A reusable test library that follows, per device, which global elements of
// a tensor it holds and where in its local buffer, and applies the semantics
// of the sdy collectives to that bookkeeping. It is independent
// of the planner and of the collectives' out_sharding: every collective
// moves data between devices according to its device groups only (the
// devices that share every coordinate outside the listed axes, ordered by
// the mixed-radix number of their coordinates along the listed axes), so
// comparing the result with the layout of the expected sharding proves the
// collectives correct.
//
// Each local element is a (global linear index, set of partial parts) pair:
// padding rows (indivisible shardings) have index -1; a partial tensor
// (e.g. a dot whose contracting dimension is sharded along "model") holds,
// on each device, the part numbered by its coordinates along the partial
// axes, and all_reduce unions the parts (a part counted twice is an error).
//
// Lower-level, device-id based primitives (groups, pairs) are exposed for
// checking a StableHLO-level lowering (replica_groups, source_target_pairs).
//
// Limitations: all_gather/all_slice/all_to_all require the local dimension
// sizes involved to be divisible by the group size (the padded layout of
// indivisible shardings is not simulated through them); fromLayout and
// compare do handle padding.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_TESTS_PARTITION_COLLECTIVESIMULATOR_H
#define SDY_TESTS_PARTITION_COLLECTIVESIMULATOR_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ir/sdy/SdyDialect.h"
#include "ir/sdy/ShardingLayout.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::sdy::testing {

/// The device groups of `axes`, as device ids: devices sharing
/// every coordinate outside `axes`, each group ordered by getShardIndex.
/// Groups are listed in the order of their first device in the mesh.
std::vector<std::vector<int64_t>> getDeviceGroups(MeshAttr mesh,
                                                  ArrayRef<AxisRefAttr> axes);

/// Source-target device-id pairs of a collective_permute from the layout
/// `source` on `sourceMesh` to `target` on `targetMesh` (same axes, same
/// per-dimension sharded sizes): every device receives its target block from
/// one device that holds it, devices that already hold it keep it (self
/// pairs are listed). Every device is a source once and a target once.
/// Empty if the per-dimension sizes differ.
std::vector<std::pair<int64_t, int64_t>>
getCollectivePermutePairs(MeshAttr sourceMesh, ArrayRef<AxisList> source,
                          MeshAttr targetMesh, ArrayRef<AxisList> target);

/// One element of a local buffer.
struct Element {
  int64_t index = -1; // global linear index, -1 for padding
  uint64_t parts = 0; // bit p: holds partial part p
  bool operator==(const Element &other) const {
    return index == other.index && parts == other.parts;
  }
};

/// A tensor distributed over the devices of a mesh.
class DistributedTensor {
public:
  /// The tensor of `shape` laid out as `dims` on `mesh`. With
  /// `partialAxes`, every device holds the partial part numbered by its
  /// coordinates along them (getShardIndex), e.g. the result of a dot whose
  /// contracting dimension is sharded along them.
  static DistributedTensor fromLayout(MeshAttr mesh, ArrayRef<AxisList> dims,
                                      ArrayRef<int64_t> shape,
                                      ArrayRef<AxisRefAttr> partialAxes = {});
  /// The expected layout of a fully reduced tensor: like fromLayout, with
  /// every element holding all `numParts` parts.
  static DistributedTensor expected(MeshAttr mesh, ArrayRef<AxisList> dims,
                                    ArrayRef<int64_t> shape,
                                    int64_t numParts = 1);
  static DistributedTensor fromSharding(TensorShardingAttr sharding,
                                        MeshAttr mesh, ArrayRef<int64_t> shape);

  MeshAttr getMesh() const { return mesh; }
  const DimAxes &getDims() const { return dims; }
  int64_t getNumParts() const { return numParts; }
  /// Local shape and elements of device `deviceId`.
  ArrayRef<int64_t> getLocalShape(int64_t deviceId) const {
    return locals[deviceId].shape;
  }
  ArrayRef<Element> getLocalData(int64_t deviceId) const {
    return locals[deviceId].data;
  }

  // sdy collectives. Each returns an empty string on success and
  // the reason otherwise (the tensor is then unspecified).
  std::string allGather(ArrayRef<AxisList> gatheringAxes);
  std::string allSlice(ArrayRef<AxisList> slicingAxes);
  /// Each param: (axes, srcDim, tgtDim).
  std::string allToAll(ArrayRef<std::tuple<AxisList, int64_t, int64_t>> params);
  std::string collectivePermute(MeshAttr newMesh, ArrayRef<AxisList> newDims);
  std::string allReduce(ArrayRef<AxisRefAttr> reductionAxes);
  std::string reduceScatter(ArrayRef<AxisList> scatterAxes);
  /// Applies an sdy collective op (all_gather, all_slice, all_to_all,
  /// collective_permute, all_reduce (any kind: each part
  /// is combined once), reduce_scatter).
  std::string apply(Operation *op);

  // Device-id based primitives (the tracked sharding is not updated).
  /// Concatenates the buffers of each group along `dim` in group order.
  std::string gatherGroups(int64_t dim,
                           const std::vector<std::vector<int64_t>> &groups);
  /// Member i of each group keeps piece i of `dim` (group size pieces).
  std::string sliceGroups(int64_t dim,
                          const std::vector<std::vector<int64_t>> &groups);
  /// StableHLO all_to_all within each group.
  std::string allToAllGroups(int64_t splitDim, int64_t concatDim,
                             const std::vector<std::vector<int64_t>> &groups);
  /// StableHLO collective_permute; devices that receive nothing get padding.
  std::string permutePairs(ArrayRef<std::pair<int64_t, int64_t>> pairs);
  /// Sum (union of parts) within each group.
  std::string reduceGroups(const std::vector<std::vector<int64_t>> &groups);

  /// Empty if every device holds exactly what `expected` holds, in the same
  /// local positions; the first difference otherwise.
  std::string compare(const DistributedTensor &expected) const;

private:
  struct Local {
    SmallVector<int64_t> shape;
    std::vector<Element> data;
  };
  MeshAttr mesh;
  DimAxes dims;
  SmallVector<int64_t> shape;
  int64_t numParts = 1;
  std::vector<Local> locals; // indexed by device id
};

} // namespace mlir::sdy::testing

#endif // SDY_TESTS_PARTITION_COLLECTIVESIMULATOR_H
