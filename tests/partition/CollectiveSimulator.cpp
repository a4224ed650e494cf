//===- CollectiveSimulator.cpp - semantic checker for collectives ---------===//

#include "CollectiveSimulator.h"

#include <map>

#include "ir/utils/DeviceLayout.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::sdy;
using namespace mlir::sdy::testing;

namespace {

int64_t product(ArrayRef<int64_t> values) {
  int64_t result = 1;
  for (int64_t v : values)
    result *= v;
  return result;
}

std::string formatAxes(ArrayRef<AxisRefAttr> axes) {
  std::string text = "{";
  llvm::interleave(
      axes, [&](AxisRefAttr a) { text += a.toString(); },
      [&] { text += ", "; });
  return text + "}";
}

SmallVector<int64_t> coordsOf(MeshAttr mesh, int64_t deviceId) {
  std::optional<SmallVector<int64_t>> coords =
      getMeshCoordinates(mesh, deviceId);
  assert(coords && "device not in mesh");
  return *coords;
}

/// The piece [begin, end) of `data` (shape `shape`) along `dim`.
std::vector<Element> slicePiece(ArrayRef<Element> data, ArrayRef<int64_t> shape,
                                int64_t dim, int64_t begin, int64_t end) {
  int64_t outer = product(shape.take_front(dim));
  int64_t inner = product(shape.drop_front(dim + 1));
  int64_t size = shape[dim];
  std::vector<Element> out;
  out.reserve(outer * (end - begin) * inner);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t r = begin; r < end; ++r) {
      const Element *row = data.data() + (o * size + r) * inner;
      out.insert(out.end(), row, row + inner);
    }
  return out;
}

/// Concatenates `pieces` (each of shape `pieceShape`) along `dim`.
std::vector<Element> concatPieces(ArrayRef<std::vector<Element>> pieces,
                                  ArrayRef<int64_t> pieceShape, int64_t dim) {
  int64_t outer = product(pieceShape.take_front(dim));
  int64_t chunk = product(pieceShape.drop_front(dim));
  std::vector<Element> out;
  out.reserve(outer * chunk * pieces.size());
  for (int64_t o = 0; o < outer; ++o)
    for (const std::vector<Element> &piece : pieces)
      out.insert(out.end(), piece.begin() + o * chunk,
                 piece.begin() + (o + 1) * chunk);
  return out;
}

} // namespace

std::vector<std::vector<int64_t>>
mlir::sdy::testing::getDeviceGroups(MeshAttr mesh, ArrayRef<AxisRefAttr> axes) {
  int64_t total = mesh.getTotalSize();
  // Key: the mesh coordinates with the listed (sub-)axes' part set to 0.
  std::map<SmallVector<int64_t>, std::vector<std::pair<int64_t, int64_t>>>
      byKey;
  std::vector<SmallVector<int64_t>> keyOrder;
  for (int64_t pos = 0; pos < total; ++pos) {
    SmallVector<int64_t> coords = delinearizeMeshIndex(mesh, pos);
    SmallVector<int64_t> key(coords);
    for (AxisRefAttr axis : axes) {
      int64_t i = mesh.getAxisIndex(axis.getName());
      int64_t n = mesh.getAxes()[i].getSize();
      int64_t minor =
          axis.isSubAxis() ? n / axis.getSubAxisInfo().getNextPreSize() : 1;
      key[i] -= getAxisCoordinate(axis, mesh, coords) * minor;
    }
    auto [it, inserted] = byKey.try_emplace(key);
    if (inserted)
      keyOrder.push_back(key);
    it->second.push_back(
        {getShardIndex(axes, mesh, coords), mesh.getDeviceId(pos)});
  }
  std::vector<std::vector<int64_t>> groups;
  for (const SmallVector<int64_t> &key : keyOrder) {
    auto members = byKey[key];
    llvm::sort(members);
    std::vector<int64_t> group;
    for (auto [index, id] : members)
      group.push_back(id);
    groups.push_back(std::move(group));
  }
  return groups;
}

std::vector<std::pair<int64_t, int64_t>>
mlir::sdy::testing::getCollectivePermutePairs(MeshAttr sourceMesh,
                                              ArrayRef<AxisList> source,
                                              MeshAttr targetMesh,
                                              ArrayRef<AxisList> target) {
  if (source.size() != target.size())
    return {};
  for (auto [s, t] : llvm::zip(source, target))
    if (getAxesSize(s, sourceMesh) != getAxesSize(t, targetMesh))
      return {};
  int64_t total = sourceMesh.getTotalSize();
  auto blockOf = [](MeshAttr mesh, ArrayRef<AxisList> dims, int64_t id) {
    SmallVector<int64_t> coords = coordsOf(mesh, id);
    SmallVector<int64_t> block;
    for (const AxisList &axes : dims)
      block.push_back(getShardIndex(axes, mesh, coords));
    return block;
  };
  std::map<SmallVector<int64_t>, std::vector<int64_t>> holders, receivers;
  for (int64_t id = 0; id < total; ++id) {
    holders[blockOf(sourceMesh, source, id)].push_back(id);
    receivers[blockOf(targetMesh, target, id)].push_back(id);
  }
  std::vector<std::pair<int64_t, int64_t>> pairs;
  for (auto &[block, targets] : receivers) {
    std::vector<int64_t> &sources = holders[block];
    if (sources.size() != targets.size())
      return {};
    // Devices that already hold their block keep it.
    std::vector<int64_t> restSources, restTargets;
    for (int64_t id : targets)
      if (llvm::is_contained(sources, id))
        pairs.push_back({id, id});
      else
        restTargets.push_back(id);
    for (int64_t id : sources)
      if (!llvm::is_contained(targets, id))
        restSources.push_back(id);
    for (auto [s, t] : llvm::zip(restSources, restTargets))
      pairs.push_back({s, t});
  }
  llvm::sort(pairs, [](auto a, auto b) { return a.second < b.second; });
  return pairs;
}

DistributedTensor DistributedTensor::fromLayout(MeshAttr mesh,
                                                ArrayRef<AxisList> dims,
                                                ArrayRef<int64_t> shape,
                                                ArrayRef<AxisRefAttr> partial) {
  DistributedTensor tensor;
  tensor.mesh = mesh;
  tensor.dims.assign(dims.begin(), dims.end());
  tensor.shape.assign(shape.begin(), shape.end());
  tensor.numParts = getAxesSize(partial, mesh);
  int64_t total = mesh.getTotalSize();
  int64_t rank = shape.size();
  tensor.locals.resize(total);
  for (int64_t id = 0; id < total; ++id) {
    SmallVector<int64_t> coords = coordsOf(mesh, id);
    uint64_t part = uint64_t{1} << getShardIndex(partial, mesh, coords);
    Local &local = tensor.locals[id];
    SmallVector<int64_t> start;
    for (int64_t d = 0; d < rank; ++d) {
      int64_t n = getAxesSize(dims[d], mesh);
      int64_t l = (shape[d] + n - 1) / n;
      local.shape.push_back(l);
      start.push_back(getShardIndex(dims[d], mesh, coords) * l);
    }
    int64_t size = product(local.shape);
    local.data.resize(size);
    SmallVector<int64_t> pos(rank, 0);
    for (int64_t i = 0; i < size; ++i) {
      int64_t index = 0;
      bool padding = false;
      for (int64_t d = 0; d < rank; ++d) {
        int64_t g = start[d] + pos[d];
        padding |= g >= shape[d];
        index = index * shape[d] + g;
      }
      local.data[i] = padding ? Element{-1, 0} : Element{index, part};
      for (int64_t d = rank - 1; d >= 0; --d) {
        if (++pos[d] < local.shape[d])
          break;
        pos[d] = 0;
      }
    }
  }
  return tensor;
}

DistributedTensor DistributedTensor::expected(MeshAttr mesh,
                                              ArrayRef<AxisList> dims,
                                              ArrayRef<int64_t> shape,
                                              int64_t numParts) {
  DistributedTensor tensor = fromLayout(mesh, dims, shape);
  tensor.numParts = numParts;
  uint64_t all = numParts >= 64 ? ~uint64_t{0} : (uint64_t{1} << numParts) - 1;
  for (Local &local : tensor.locals)
    for (Element &e : local.data)
      if (e.index >= 0)
        e.parts = all;
  return tensor;
}

DistributedTensor DistributedTensor::fromSharding(TensorShardingAttr sharding,
                                                  MeshAttr mesh,
                                                  ArrayRef<int64_t> shape) {
  DimAxes dims(shape.size());
  for (auto [d, dim] : llvm::enumerate(sharding.getDimShardings()))
    dims[d].assign(dim.getAxes().begin(), dim.getAxes().end());
  return fromLayout(mesh, dims, shape);
}

std::string DistributedTensor::gatherGroups(
    int64_t dim, const std::vector<std::vector<int64_t>> &groups) {
  for (const std::vector<int64_t> &group : groups) {
    SmallVector<int64_t> pieceShape = locals[group.front()].shape;
    std::vector<std::vector<Element>> pieces;
    for (int64_t id : group) {
      if (locals[id].shape != pieceShape)
        return "all_gather: local shapes differ within a group";
      pieces.push_back(locals[id].data);
    }
    std::vector<Element> gathered = concatPieces(pieces, pieceShape, dim);
    SmallVector<int64_t> newShape = pieceShape;
    newShape[dim] *= group.size();
    for (int64_t id : group)
      locals[id] = {newShape, gathered};
  }
  return "";
}

std::string DistributedTensor::sliceGroups(
    int64_t dim, const std::vector<std::vector<int64_t>> &groups) {
  for (const std::vector<int64_t> &group : groups) {
    int64_t n = group.size();
    for (auto [i, id] : llvm::enumerate(group)) {
      Local &local = locals[id];
      if (local.shape[dim] % n != 0)
        return "all_slice: local dimension " + std::to_string(dim) +
               " of size " + std::to_string(local.shape[dim]) +
               " not divisible by " + std::to_string(n);
      int64_t piece = local.shape[dim] / n;
      local.data =
          slicePiece(local.data, local.shape, dim, i * piece, (i + 1) * piece);
      local.shape[dim] = piece;
    }
  }
  return "";
}

std::string DistributedTensor::allToAllGroups(
    int64_t splitDim, int64_t concatDim,
    const std::vector<std::vector<int64_t>> &groups) {
  for (const std::vector<int64_t> &group : groups) {
    int64_t n = group.size();
    SmallVector<int64_t> shapeIn = locals[group.front()].shape;
    if (shapeIn[splitDim] % n != 0)
      return "all_to_all: local dimension " + std::to_string(splitDim) +
             " not divisible by the group size";
    int64_t piece = shapeIn[splitDim] / n;
    SmallVector<int64_t> pieceShape = shapeIn;
    pieceShape[splitDim] = piece;
    // chunks[sender][receiver]
    std::vector<std::vector<std::vector<Element>>> chunks(n);
    for (int64_t i = 0; i < n; ++i) {
      const Local &local = locals[group[i]];
      if (local.shape != shapeIn)
        return "all_to_all: local shapes differ within a group";
      for (int64_t j = 0; j < n; ++j)
        chunks[i].push_back(slicePiece(local.data, local.shape, splitDim,
                                       j * piece, (j + 1) * piece));
    }
    SmallVector<int64_t> shapeOut = pieceShape;
    shapeOut[concatDim] *= n;
    for (int64_t j = 0; j < n; ++j) {
      std::vector<std::vector<Element>> received;
      for (int64_t i = 0; i < n; ++i)
        received.push_back(std::move(chunks[i][j]));
      locals[group[j]] = {shapeOut,
                          concatPieces(received, pieceShape, concatDim)};
    }
  }
  return "";
}

std::string
DistributedTensor::permutePairs(ArrayRef<std::pair<int64_t, int64_t>> pairs) {
  std::vector<Local> next(locals.size());
  std::vector<bool> received(locals.size(), false), sent(locals.size(), false);
  for (auto [src, tgt] : pairs) {
    if (src < 0 || tgt < 0 || src >= static_cast<int64_t>(locals.size()) ||
        tgt >= static_cast<int64_t>(locals.size()))
      return "collective_permute: device id out of range";
    if (received[tgt] || sent[src])
      return "collective_permute: device " + std::to_string(tgt) +
             " receives twice or " + std::to_string(src) + " sends twice";
    received[tgt] = sent[src] = true;
    next[tgt] = locals[src];
  }
  for (size_t id = 0; id < locals.size(); ++id)
    if (!received[id]) {
      next[id].shape = locals[id].shape;
      next[id].data.assign(locals[id].data.size(), Element{-1, 0});
    }
  locals = std::move(next);
  return "";
}

std::string DistributedTensor::reduceGroups(
    const std::vector<std::vector<int64_t>> &groups) {
  for (const std::vector<int64_t> &group : groups) {
    Local sum = locals[group.front()];
    for (int64_t id : ArrayRef<int64_t>(group).drop_front()) {
      const Local &local = locals[id];
      if (local.shape != sum.shape)
        return "all_reduce: local shapes differ within a group";
      for (size_t i = 0; i < sum.data.size(); ++i) {
        Element &acc = sum.data[i];
        const Element &e = local.data[i];
        if (e.index != acc.index)
          return "all_reduce: devices of a group hold different elements (" +
                 std::to_string(acc.index) + " and " + std::to_string(e.index) +
                 ")";
        if (acc.parts & e.parts)
          return "all_reduce: a partial part is counted twice for element " +
                 std::to_string(e.index);
        acc.parts |= e.parts;
      }
    }
    for (int64_t id : group)
      locals[id] = sum;
  }
  return "";
}

std::string DistributedTensor::allGather(ArrayRef<AxisList> gatheringAxes) {
  if (gatheringAxes.size() != dims.size())
    return "all_gather: one axis list per dimension expected";
  for (auto [d, axes] : llvm::enumerate(gatheringAxes)) {
    AxisList &cur = dims[d];
    if (axes.size() > cur.size() ||
        !llvm::equal(axes, ArrayRef<AxisRefAttr>(cur).take_back(axes.size())))
      return "all_gather: " + formatAxes(axes) + " is not a suffix of " +
             formatAxes(cur);
  }
  for (auto [d, axes] : llvm::enumerate(gatheringAxes)) {
    if (axes.empty())
      continue;
    if (std::string error = gatherGroups(d, getDeviceGroups(mesh, axes));
        !error.empty())
      return error;
    dims[d].resize(dims[d].size() - axes.size());
  }
  return "";
}

std::string DistributedTensor::allSlice(ArrayRef<AxisList> slicingAxes) {
  if (slicingAxes.size() != dims.size())
    return "all_slice: one axis list per dimension expected";
  for (auto [d, axes] : llvm::enumerate(slicingAxes)) {
    if (axes.empty())
      continue;
    if (std::string error = sliceGroups(d, getDeviceGroups(mesh, axes));
        !error.empty())
      return error;
    llvm::append_range(dims[d], axes);
  }
  return "";
}

std::string DistributedTensor::allToAll(
    ArrayRef<std::tuple<AxisList, int64_t, int64_t>> params) {
  for (const auto &[axes, src, tgt] : params) {
    if (src < 0 || tgt < 0 || src >= static_cast<int64_t>(dims.size()) ||
        tgt >= static_cast<int64_t>(dims.size()) || src == tgt)
      return "all_to_all: bad dimensions";
    AxisList &cur = dims[src];
    if (axes.empty() || axes.size() > cur.size() ||
        !llvm::equal(axes, ArrayRef<AxisRefAttr>(cur).take_back(axes.size())))
      return "all_to_all: " + formatAxes(axes) + " is not a suffix of " +
             formatAxes(cur);
    // Split along the target dimension, concatenate along the source one.
    if (std::string error =
            allToAllGroups(tgt, src, getDeviceGroups(mesh, axes));
        !error.empty())
      return error;
    cur.resize(cur.size() - axes.size());
    llvm::append_range(dims[tgt], axes);
  }
  return "";
}

std::string DistributedTensor::collectivePermute(MeshAttr newMesh,
                                                 ArrayRef<AxisList> newDims) {
  if (!newMesh.hasSameAxes(mesh))
    return "collective_permute: meshes with different axes";
  std::vector<std::pair<int64_t, int64_t>> pairs =
      getCollectivePermutePairs(mesh, dims, newMesh, newDims);
  if (pairs.empty())
    return "collective_permute: per-dimension sharded sizes differ: " +
           formatDimAxes(dims) + " vs " + formatDimAxes(newDims);
  if (std::string error = permutePairs(pairs); !error.empty())
    return error;
  mesh = newMesh;
  dims.assign(newDims.begin(), newDims.end());
  return "";
}

std::string DistributedTensor::allReduce(ArrayRef<AxisRefAttr> axes) {
  for (const AxisList &dimAxes : dims)
    for (AxisRefAttr used : dimAxes)
      for (AxisRefAttr axis : axes)
        if (axis.overlaps(used))
          return "all_reduce: reduction axis " + axis.toString() +
                 " shards the tensor";
  return reduceGroups(getDeviceGroups(mesh, axes));
}

std::string DistributedTensor::reduceScatter(ArrayRef<AxisList> scatterAxes) {
  AxisList all;
  for (const AxisList &axes : scatterAxes)
    llvm::append_range(all, axes);
  if (std::string error = allReduce(all); !error.empty())
    return error;
  return allSlice(scatterAxes);
}

std::string DistributedTensor::apply(Operation *op) {
  auto toDims = [](ListOfAxisRefListsAttr lists) {
    DimAxes result;
    for (AxisRefListAttr list : lists.getValue())
      result.push_back(AxisList(list.getValue()));
    return result;
  };
  if (auto gather = dyn_cast<AllGatherOp>(op))
    return allGather(toDims(gather.getGatheringAxes()));
  if (auto slice = dyn_cast<AllSliceOp>(op))
    return allSlice(toDims(slice.getSlicingAxes()));
  if (auto a2a = dyn_cast<AllToAllOp>(op)) {
    SmallVector<std::tuple<AxisList, int64_t, int64_t>> params;
    for (AllToAllParamAttr param : a2a.getParams().getValue())
      params.push_back(
          {AxisList(param.getAxes()), param.getSrcDim(), param.getTgtDim()});
    return allToAll(params);
  }
  if (auto permute = dyn_cast<CollectivePermuteOp>(op)) {
    TensorShardingAttr out = permute.getOutSharding();
    MeshAttr newMesh = out.getMesh(op);
    if (!newMesh)
      return "collective_permute: cannot resolve the mesh";
    DimAxes newDims;
    for (DimensionShardingAttr dim : out.getDimShardings())
      newDims.push_back(AxisList(dim.getAxes()));
    return collectivePermute(newMesh, newDims);
  }
  if (auto reduce = dyn_cast<AllReduceOp>(op)) {
    // Every reduction kind (sum, max, min, prod) combines the partial parts
    // the same way in this model: each part must be combined exactly once.
    return allReduce(AxisList(reduce.getReductionAxes().getValue()));
  }
  if (auto scatter = dyn_cast<ReduceScatterOp>(op))
    return reduceScatter(toDims(scatter.getReduceScatterAxes()));
  return "not an sdy collective: " + op->getName().getStringRef().str();
}

std::string DistributedTensor::compare(const DistributedTensor &other) const {
  if (locals.size() != other.locals.size())
    return "different device counts";
  for (size_t id = 0; id < locals.size(); ++id) {
    const Local &a = locals[id], &b = other.locals[id];
    if (a.shape != b.shape)
      return "device " + std::to_string(id) + ": local shape differs";
    for (size_t i = 0; i < a.data.size(); ++i)
      if (!(a.data[i] == b.data[i]))
        return "device " + std::to_string(id) + ": local element " +
               std::to_string(i) + " holds " + std::to_string(a.data[i].index) +
               " (parts " + std::to_string(a.data[i].parts) + "), expected " +
               std::to_string(b.data[i].index) + " (parts " +
               std::to_string(b.data[i].parts) + ")";
  }
  return "";
}
