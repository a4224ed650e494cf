//===- ReshardPlanner.cpp - collectives that implement a reshard ----------===//
//
// See ReshardPlanner.h. The plan is found in two stages: first every single
// collective that could turn the source into the target is checked; if none
// does, candidate intermediate shardings X are generated (truncations of the
// source or target, all_to_all successors of the source and predecessors of
// the target, permutations that line the source up with the target, slices
// that line the source up with the target, the common prefix), and among the
// X for which source -> X and X -> target are single collectives the one
// with the smallest peak local size, then the least traffic, is taken. The
// common prefix is always such an X (all_gather then all_slice).
//
//===----------------------------------------------------------------------===//

#include "transforms/partition/ReshardPlanner.h"

#include <algorithm>
#include <functional>
#include <tuple>

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::sdy;

namespace {

/// Upper bound on the candidates produced by one enumerating generator.
constexpr int64_t kMaxCandidates = 4096;

int64_t getTotalShards(ArrayRef<AxisList> dims, MeshAttr mesh) {
  int64_t total = 1;
  for (const AxisList &axes : dims)
    total *= getAxesSize(axes, mesh);
  return total;
}

/// Merges adjacent mergeable sub-axes of every dimension.
void normalize(DimAxes &dims, MeshAttr mesh) {
  for (AxisList &axes : dims)
    axes = mergeSubAxes(axes, mesh);
}

/// True if no two axes of `dims` overlap and every axis exists in `mesh`.
bool isValidLayout(ArrayRef<AxisList> dims, MeshAttr mesh) {
  SmallVector<AxisRefAttr> all;
  for (const AxisList &axes : dims)
    for (AxisRefAttr axis : axes) {
      std::optional<int64_t> size = mesh.getAxisSize(axis.getName());
      if (!size)
        return false;
      if (axis.isSubAxis()) {
        SubAxisInfoAttr info = axis.getSubAxisInfo();
        if (info.getSize() <= 1 || info.getPreSize() < 1 ||
            *size % info.getNextPreSize() != 0 || info.getSize() >= *size)
          return false;
      }
      for (AxisRefAttr other : all)
        if (axis.overlaps(other))
          return false;
      all.push_back(axis);
    }
  return true;
}

/// Pieces of the mesh's axes not overlapping any axis of `used`: for every
/// mesh axis, the gaps between the used sub-axes (the full axis if unused).
SmallVector<AxisRefAttr> getFreePieces(MeshAttr mesh,
                                       ArrayRef<AxisRefAttr> used) {
  MLIRContext *ctx = mesh.getContext();
  SmallVector<AxisRefAttr> pieces;
  for (MeshAxisAttr meshAxis : mesh.getAxes()) {
    int64_t n = meshAxis.getSize();
    if (n <= 1)
      continue;
    SmallVector<std::pair<int64_t, int64_t>> spans; // [pre, pre*size)
    bool fullyUsed = false;
    for (AxisRefAttr axis : used) {
      if (axis.getName() != meshAxis.getName())
        continue;
      if (!axis.isSubAxis()) {
        fullyUsed = true;
        break;
      }
      spans.push_back({axis.getSubAxisInfo().getPreSize(),
                       axis.getSubAxisInfo().getNextPreSize()});
    }
    if (fullyUsed)
      continue;
    llvm::sort(spans);
    int64_t cur = 1;
    auto addGap = [&](int64_t from, int64_t to) {
      if (to <= from || to % from != 0)
        return;
      if (from == 1 && to == n)
        pieces.push_back(AxisRefAttr::get(ctx, meshAxis.getName()));
      else
        pieces.push_back(
            AxisRefAttr::get(ctx, meshAxis.getName(), from, to / from));
    };
    for (auto [from, to] : spans) {
      addGap(cur, from);
      cur = std::max(cur, to);
    }
    addGap(cur, n);
  }
  return pieces;
}

/// Takes pieces from `pool` (in order) whose sizes multiply to `factor`,
/// splitting a piece (keeping its major part) where needed. Returns false
/// if it cannot.
bool takeFromPool(SmallVector<AxisRefAttr> &pool, int64_t factor, MeshAttr mesh,
                  AxisList &taken) {
  MLIRContext *ctx = mesh.getContext();
  for (size_t i = 0; i < pool.size() && factor > 1;) {
    AxisRefAttr piece = pool[i];
    int64_t size = piece.getSize(mesh);
    if (factor % size == 0) {
      taken.push_back(piece);
      factor /= size;
      pool.erase(pool.begin() + i);
      continue;
    }
    if (size % factor == 0) {
      int64_t pre = piece.getSubAxisPreSize();
      taken.push_back(AxisRefAttr::get(ctx, piece.getName(), pre, factor));
      pool[i] =
          AxisRefAttr::get(ctx, piece.getName(), pre * factor, size / factor);
      factor = 1;
      break;
    }
    ++i;
  }
  return factor == 1;
}

/// Calls `fn` on every combination of per-dimension choices in
/// [lo[d], hi[d]] (inclusive), at most kMaxCandidates times.
void forEachCombination(ArrayRef<int64_t> lo, ArrayRef<int64_t> hi,
                        llvm::function_ref<void(ArrayRef<int64_t>)> fn) {
  SmallVector<int64_t> cur(lo.begin(), lo.end());
  int64_t count = 0;
  while (count++ < kMaxCandidates) {
    fn(cur);
    size_t d = 0;
    for (; d < cur.size(); ++d) {
      if (cur[d] < hi[d]) {
        ++cur[d];
        break;
      }
      cur[d] = lo[d];
    }
    if (d == cur.size())
      return;
  }
}

/// All sets of all_to_all moves out of `dims` (each move: a suffix of one
/// dimension to another; no dimension in two moves). `fn` gets the moves.
void forEachAllToAll(ArrayRef<AxisList> dims,
                     llvm::function_ref<void(ArrayRef<AllToAllMove>)> fn) {
  int64_t rank = dims.size();
  SmallVector<AllToAllMove> moves;
  SmallVector<bool> used(rank, false);
  int64_t count = 0;
  std::function<void(int64_t)> recurse = [&](int64_t src) {
    if (count >= kMaxCandidates)
      return;
    if (src == rank) {
      if (!moves.empty()) {
        ++count;
        fn(moves);
      }
      return;
    }
    recurse(src + 1);
    if (used[src])
      return;
    int64_t len = dims[src].size();
    for (int64_t k = 1; k <= len; ++k)
      for (int64_t tgt = 0; tgt < rank; ++tgt) {
        if (tgt == src || used[tgt])
          continue;
        used[src] = used[tgt] = true;
        moves.push_back(
            {AxisList(ArrayRef<AxisRefAttr>(dims[src]).take_back(k)), src,
             tgt});
        recurse(src + 1);
        moves.pop_back();
        used[src] = used[tgt] = false;
      }
  };
  recurse(0);
}

DimAxes applyMoves(ArrayRef<AxisList> dims, ArrayRef<AllToAllMove> moves) {
  DimAxes result(dims.begin(), dims.end());
  for (const AllToAllMove &move : moves) {
    AxisList &src = result[move.srcDim];
    src.resize(src.size() - move.axes.size());
  }
  for (const AllToAllMove &move : moves)
    llvm::append_range(result[move.tgtDim], move.axes);
  return result;
}

/// Local size of a tensor sharded as `dims`, in units of 1/meshSize of the
/// global tensor.
int64_t getLocalUnits(ArrayRef<AxisList> dims, MeshAttr mesh) {
  return mesh.getTotalSize() / std::max<int64_t>(1, getTotalShards(dims, mesh));
}

int64_t getTraffic(const ReshardStep &step, ArrayRef<AxisList> in,
                   MeshAttr mesh) {
  int64_t inUnits = getLocalUnits(in, mesh);
  switch (step.kind) {
  case ReshardStep::Kind::AllSlice:
    return 0;
  case ReshardStep::Kind::AllGather:
    return getLocalUnits(step.result, mesh) - inUnits;
  case ReshardStep::Kind::AllToAll:
  case ReshardStep::Kind::CollectivePermute:
    return inUnits;
  }
  return 0;
}

/// The best two-step plan from `source` to `target` (same mesh).
ReshardPlan planTwoSteps(MeshAttr mesh, ArrayRef<AxisList> source,
                         ArrayRef<AxisList> target) {
  int64_t rank = source.size();
  using Cost = std::tuple<int64_t, int64_t>;
  std::optional<Cost> bestCost;
  ReshardPlan best;

  DimAxes common(rank);
  for (int64_t d = 0; d < rank; ++d) {
    size_t p = 0;
    while (p < source[d].size() && p < target[d].size() &&
           source[d][p] == target[d][p])
      ++p;
    common[d].assign(source[d].begin(), source[d].begin() + p);
  }

  int64_t fixedPeak =
      std::max(getLocalUnits(source, mesh), getLocalUnits(target, mesh));
  auto consider = [&](DimAxes mid) {
    normalize(mid, mesh);
    if (mid == DimAxes(source.begin(), source.end()) ||
        mid == DimAxes(target.begin(), target.end()) ||
        !isValidLayout(mid, mesh))
      return;
    std::optional<ReshardStep> first = findSingleStep(mesh, source, mid);
    if (!first)
      return;
    std::optional<ReshardStep> second = findSingleStep(mesh, mid, target);
    if (!second)
      return;
    Cost cost{std::max(fixedPeak, getLocalUnits(mid, mesh)),
              getTraffic(*first, source, mesh) +
                  getTraffic(*second, mid, mesh)};
    if (bestCost && !(cost < *bestCost))
      return;
    bestCost = cost;
    best = {*first, *second};
  };

  // Slice first: slice what the target adds to dimensions the source is a
  // prefix of, gather the rest.
  {
    DimAxes mid(source.begin(), source.end());
    for (int64_t d = 0; d < rank; ++d)
      if (isAxesPrefix(source[d], target[d]))
        mid[d] = target[d];
    consider(mid);
  }
  // All_to_all successors of the source.
  forEachAllToAll(source, [&](ArrayRef<AllToAllMove> moves) {
    consider(applyMoves(source, moves));
  });
  // All_to_all predecessors of the target: X such that X -> target moves
  // suffixes of X into the target's dimensions.
  forEachAllToAll(target, [&](ArrayRef<AllToAllMove> moves) {
    // Moving suffixes of target[t] back to the end of target[s].
    consider(applyMoves(target, moves));
  });
  // Permute, then gather: target dims extended to the source's sizes.
  // Slice, then permute: source dims extended to the target's sizes.
  for (auto [permuteFirst, preferOther] :
       {std::pair{true, true}, std::pair{true, false}, std::pair{false, true},
        std::pair{false, false}}) {
    ArrayRef<AxisList> base = permuteFirst ? target : source;
    ArrayRef<AxisList> other = permuteFirst ? source : target;
    SmallVector<AxisRefAttr> usedByBase;
    for (const AxisList &axes : base)
      llvm::append_range(usedByBase, axes);
    SmallVector<AxisRefAttr> free = getFreePieces(mesh, usedByBase);
    // Prefer the pieces of `other` (in its order) then the rest, or the
    // pieces that do not overlap `other` first.
    SmallVector<AxisRefAttr> pool;
    auto inOther = [&](AxisRefAttr piece) {
      return llvm::any_of(other, [&](const AxisList &axes) {
        return llvm::any_of(
            axes, [&](AxisRefAttr axis) { return axis.overlaps(piece); });
      });
    };
    if (preferOther) {
      for (const AxisList &axes : other)
        for (AxisRefAttr axis : axes)
          if (llvm::is_contained(free, axis))
            pool.push_back(axis);
    } else {
      for (AxisRefAttr piece : free)
        if (!inOther(piece))
          pool.push_back(piece);
    }
    for (AxisRefAttr piece : free)
      if (!llvm::is_contained(pool, piece))
        pool.push_back(piece);
    DimAxes mid(base.begin(), base.end());
    bool ok = true;
    for (int64_t d = 0; d < rank && ok; ++d) {
      int64_t have = getAxesSize(base[d], mesh);
      int64_t want = getAxesSize(other[d], mesh);
      if (want % have != 0) {
        ok = false;
        break;
      }
      ok = takeFromPool(pool, want / have, mesh, mid[d]);
    }
    if (ok)
      consider(mid);
  }
  // Truncations of the source (gather first) and of the target (slice last).
  for (ArrayRef<AxisList> dims : {source, target}) {
    SmallVector<int64_t> lo(rank, 0), hi;
    for (const AxisList &axes : dims)
      hi.push_back(axes.size());
    forEachCombination(lo, hi, [&](ArrayRef<int64_t> lengths) {
      DimAxes mid;
      for (int64_t d = 0; d < rank; ++d)
        mid.push_back(
            AxisList(ArrayRef<AxisRefAttr>(dims[d]).take_front(lengths[d])));
      consider(mid);
    });
  }
  // The common prefix: all_gather then all_slice, always possible.
  consider(common);
  return best;
}

} // namespace

StringRef ReshardStep::getKindName() const {
  switch (kind) {
  case Kind::AllGather:
    return "all_gather";
  case Kind::AllSlice:
    return "all_slice";
  case Kind::AllToAll:
    return "all_to_all";
  case Kind::CollectivePermute:
    return "collective_permute";
  }
  return "";
}

std::string ReshardStep::toString() const {
  std::string text = getKindName().str();
  if (kind == Kind::AllGather || kind == Kind::AllSlice)
    text += " " + formatDimAxes(axesPerDim);
  if (kind == Kind::AllToAll) {
    text += " [";
    llvm::interleave(
        moves,
        [&](const AllToAllMove &move) {
          text += formatDimAxes({move.axes}).substr(1);
          text.pop_back();
          text += ": " + std::to_string(move.srcDim) + "->" +
                  std::to_string(move.tgtDim);
        },
        [&] { text += ", "; });
    text += "]";
  }
  return text + " -> " + formatDimAxes(result);
}

std::optional<ReshardStep>
mlir::sdy::findSingleStep(MeshAttr mesh, ArrayRef<AxisList> source,
                          ArrayRef<AxisList> target) {
  int64_t rank = source.size();
  if (static_cast<int64_t>(target.size()) != rank)
    return std::nullopt;
  if (llvm::equal(source, target))
    return std::nullopt;
  ReshardStep step;
  step.mesh = mesh;
  step.result.assign(target.begin(), target.end());

  // all_slice: the source is a prefix of the target in every dimension.
  if (llvm::all_of(llvm::seq<int64_t>(0, rank), [&](int64_t d) {
        return isAxesPrefix(source[d], target[d]);
      })) {
    step.kind = ReshardStep::Kind::AllSlice;
    for (int64_t d = 0; d < rank; ++d)
      step.axesPerDim.push_back(AxisList(
          ArrayRef<AxisRefAttr>(target[d]).drop_front(source[d].size())));
    return step;
  }
  // all_gather: the target is a prefix of the source in every dimension.
  if (llvm::all_of(llvm::seq<int64_t>(0, rank), [&](int64_t d) {
        return isAxesPrefix(target[d], source[d]);
      })) {
    step.kind = ReshardStep::Kind::AllGather;
    for (int64_t d = 0; d < rank; ++d)
      step.axesPerDim.push_back(AxisList(
          ArrayRef<AxisRefAttr>(source[d]).drop_front(target[d].size())));
    return step;
  }
  // all_to_all: every dimension is unchanged, loses a suffix, or gains one,
  // and every lost suffix is exactly one gained suffix.
  {
    SmallVector<std::pair<int64_t, AxisList>> lost, gained;
    bool ok = true;
    for (int64_t d = 0; d < rank && ok; ++d) {
      if (source[d] == target[d])
        continue;
      if (isAxesPrefix(target[d], source[d]))
        lost.push_back({d, AxisList(ArrayRef<AxisRefAttr>(source[d]).drop_front(
                               target[d].size()))});
      else if (isAxesPrefix(source[d], target[d]))
        gained.push_back(
            {d, AxisList(ArrayRef<AxisRefAttr>(target[d]).drop_front(
                    source[d].size()))});
      else
        ok = false;
    }
    if (ok && !lost.empty() && lost.size() == gained.size()) {
      SmallVector<bool> matched(gained.size(), false);
      for (size_t l = 0; l < lost.size() && ok; ++l) {
        size_t g = 0;
        while (g < gained.size() &&
               (matched[g] || gained[g].second != lost[l].second))
          ++g;
        if (g == gained.size()) {
          ok = false;
          break;
        }
        matched[g] = true;
        step.moves.push_back({lost[l].second, lost[l].first, gained[g].first});
      }
      if (ok) {
        step.kind = ReshardStep::Kind::AllToAll;
        return step;
      }
      step.moves.clear();
    }
  }
  // collective_permute: every dimension keeps its sharded size.
  if (llvm::all_of(llvm::seq<int64_t>(0, rank), [&](int64_t d) {
        return getAxesSize(source[d], mesh) == getAxesSize(target[d], mesh);
      })) {
    step.kind = ReshardStep::Kind::CollectivePermute;
    return step;
  }
  return std::nullopt;
}

FailureOr<ReshardPlan>
mlir::sdy::planReshard(MeshAttr sourceMesh, ArrayRef<AxisList> source,
                       MeshAttr targetMesh, ArrayRef<AxisList> target,
                       std::string *error, bool forceMeshChange) {
  auto fail = [&](std::string message) {
    if (error)
      *error = std::move(message);
    return failure();
  };
  if (!sourceMesh || !targetMesh || !sourceMesh.hasSameAxes(targetMesh))
    return fail("the source and target meshes must have the same axes (they "
                "may differ in device order only)");
  if (source.size() != target.size())
    return fail("the source and target shardings have different ranks");
  if (!isValidLayout(source, sourceMesh))
    return fail("invalid source sharding " + formatDimAxes(source));
  if (!isValidLayout(target, sourceMesh))
    return fail("invalid target sharding " + formatDimAxes(target));
  MeshAttr mesh = sourceMesh;

  ReshardPlan plan;
  if (!llvm::equal(source, target)) {
    if (std::optional<ReshardStep> step = findSingleStep(mesh, source, target))
      plan.push_back(*step);
    else
      plan = planTwoSteps(mesh, source, target);
    if (plan.empty())
      return fail("no plan found from " + formatDimAxes(source) + " to " +
                  formatDimAxes(target));
  }
  if (sourceMesh == targetMesh && !forceMeshChange)
    return plan;

  // Move to the target mesh with a collective_permute: fold it into one of
  // the plan, or add one at the more sharded end.
  auto permute = llvm::find_if(plan, [](const ReshardStep &step) {
    return step.kind == ReshardStep::Kind::CollectivePermute;
  });
  if (permute == plan.end()) {
    ReshardStep move;
    move.kind = ReshardStep::Kind::CollectivePermute;
    bool atStart = getLocalUnits(source, mesh) <= getLocalUnits(target, mesh);
    move.result.assign(atStart ? source.begin() : target.begin(),
                       atStart ? source.end() : target.end());
    permute = plan.insert(atStart ? plan.begin() : plan.end(), move);
  }
  for (auto step = permute; step != plan.end(); ++step) {
    step->mesh = targetMesh;
    step->onTargetMesh = true;
  }
  return plan;
}
