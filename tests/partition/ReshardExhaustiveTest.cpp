//===- ReshardExhaustiveTest.cpp - every reshard, checked semantically ----===//
//
// For every pair (source, target) of shardings of a rank-2 (8x8) and a
// rank-3 (8x8x8) tensor on the meshes ["x"=2, "y"=2, "z"=2] and
// ["a"=4, "b"=2] (all axis orders, every dimension/unsharded choice, the
// sub-axes "a":(1)2 and "a":(2)2), builds a function with one sdy.reshard,
// runs -sdy-reshard-to-collectives (with the verifier), and replays the
// emitted collectives in the CollectiveSimulator: the result must hold
// exactly the target layout on every device. Also a fixed-seed sample of
// reshards between two meshes that differ only in device order.
//
// The number of collectives is compared with the true minimum, computed by
// a breadth-first search over all shardings where one edge is one valid
// collective (generated here independently of the planner). Counts are
// printed per reshard class. A GoogleTest program.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "CollectiveSimulator.h"
#include "ir/sdy/SdyDialect.h"
#include "ir/sdy/ShardingLayout.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "transforms/partition/Passes.h"
#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::sdy;
using namespace mlir::sdy::testing;

namespace {

// Failures of the current test; the fixture resets it. Only the first 20
// are reported one by one, the test then checks that the count is zero.
int failures = 0;

void fail(const std::string &message) {
  if (failures < 20)
    ADD_FAILURE() << message;
  ++failures;
}

/// Every sharding of a rank-`rank` tensor that uses the `atoms` (each at
/// most once, in any dimension and order), written canonically (adjacent
/// mergeable sub-axes merged).
std::vector<DimAxes> enumerateShardings(ArrayRef<AxisRefAttr> atoms,
                                        int64_t rank, MeshAttr mesh) {
  std::vector<DimAxes> result;
  std::set<std::string> seen;
  DimAxes cur(rank);
  std::function<void(size_t)> recurse = [&](size_t i) {
    if (i == atoms.size()) {
      DimAxes merged;
      for (const AxisList &axes : cur)
        merged.push_back(mergeSubAxes(axes, mesh));
      if (seen.insert(formatDimAxes(merged)).second)
        result.push_back(merged);
      return;
    }
    recurse(i + 1); // unused
    for (int64_t d = 0; d < rank; ++d)
      for (size_t pos = 0; pos <= cur[d].size(); ++pos) {
        cur[d].insert(cur[d].begin() + pos, atoms[i]);
        recurse(i + 1);
        cur[d].erase(cur[d].begin() + pos);
      }
  };
  recurse(0);
  return result;
}

/// Minimum number of collectives between every pair of `nodes` (BFS over
/// single valid collectives); `edgesOut` gets the single-collective edges.
std::vector<std::vector<int>>
computeMinimum(const std::vector<DimAxes> &nodes, MeshAttr mesh,
               std::vector<std::set<size_t>> &edgesOut) {
  size_t n = nodes.size();
  std::map<std::string, size_t> index;
  for (size_t i = 0; i < n; ++i)
    index[formatDimAxes(nodes[i])] = i;
  std::vector<std::set<size_t>> edges(n);
  for (size_t s = 0; s < n; ++s) {
    const DimAxes &src = nodes[s];
    int64_t rank = src.size();
    auto addIfNode = [&](const DimAxes &dims) {
      auto it = index.find(formatDimAxes(dims));
      if (it != index.end() && it->second != s)
        edges[s].insert(it->second);
    };
    // all_gather: drop any suffixes.
    std::function<void(int64_t, DimAxes &)> gathers = [&](int64_t d,
                                                          DimAxes &cur) {
      if (d == rank) {
        addIfNode(cur);
        return;
      }
      for (size_t k = 0; k <= src[d].size(); ++k) {
        cur[d].assign(src[d].begin(), src[d].end() - k);
        gathers(d + 1, cur);
      }
      cur[d] = src[d];
    };
    DimAxes tmp = src;
    gathers(0, tmp);
    // all_to_all: move suffixes between disjoint (src, tgt) dim pairs.
    std::vector<bool> used(rank, false);
    std::function<void(int64_t, DimAxes &)> moves = [&](int64_t d,
                                                        DimAxes &cur) {
      if (d == rank) {
        addIfNode(cur);
        return;
      }
      moves(d + 1, cur);
      if (used[d])
        return;
      for (size_t k = 1; k <= src[d].size(); ++k)
        for (int64_t t = 0; t < rank; ++t) {
          if (t == d || used[t])
            continue;
          DimAxes next = cur;
          AxisList moved(src[d].end() - k, src[d].end());
          next[d].resize(next[d].size() - k);
          llvm::append_range(next[t], moved);
          used[d] = used[t] = true;
          moves(d + 1, next);
          used[d] = used[t] = false;
        }
    };
    tmp = src;
    moves(0, tmp);
    for (size_t t = 0; t < n; ++t) {
      if (t == s)
        continue;
      const DimAxes &tgt = nodes[t];
      bool slice = true, permute = true;
      for (int64_t d = 0; d < rank; ++d) {
        slice &= isAxesPrefix(src[d], tgt[d]);
        permute &= getAxesSize(src[d], mesh) == getAxesSize(tgt[d], mesh);
      }
      if (slice || permute)
        edges[s].insert(t);
    }
  }
  edgesOut = edges;
  std::vector<std::vector<int>> dist(n, std::vector<int>(n, -1));
  for (size_t s = 0; s < n; ++s) {
    std::vector<size_t> queue{s};
    dist[s][s] = 0;
    for (size_t q = 0; q < queue.size(); ++q)
      for (size_t t : edges[queue[q]])
        if (dist[s][t] < 0) {
          dist[s][t] = dist[s][queue[q]] + 1;
          queue.push_back(t);
        }
  }
  return dist;
}

enum Class { Identity, Slice, Gather, AllToAll, Permute, Mixed, NumClasses };
const char *kClassNames[] = {"identity",       "pure slice", "pure gather",
                             "one all_to_all", "permute",    "mixed"};

Class classify(const DimAxes &src, const DimAxes &tgt, int minimum,
               MeshAttr mesh) {
  if (src == tgt)
    return Identity;
  bool slice = true, gather = true, permute = true;
  for (size_t d = 0; d < src.size(); ++d) {
    slice &= isAxesPrefix(src[d], tgt[d]);
    gather &= isAxesPrefix(tgt[d], src[d]);
    permute &= getAxesSize(src[d], mesh) == getAxesSize(tgt[d], mesh);
  }
  if (slice)
    return Slice;
  if (gather)
    return Gather;
  if (permute)
    return Permute;
  return minimum == 1 ? AllToAll : Mixed;
}

struct ClassStats {
  int64_t pairs = 0, emitted = 0, minimum = 0, aboveMinimum = 0;
  // Two-step plans whose largest local shard exceeds the best two-step
  // plan's (over all shardings of the enumeration).
  int64_t abovePeak = 0;
  int maxEmitted = 0;
  std::map<std::string, int64_t> sequences;
};

std::string shardingText(StringRef mesh, ArrayRef<AxisList> dims) {
  return "<@" + mesh.str() + ", " + formatDimAxes(dims) + ">";
}

std::string tensorType(ArrayRef<int64_t> shape) {
  std::string text = "tensor<";
  for (int64_t d : shape)
    text += std::to_string(d) + "x";
  return text + "f32>";
}

struct Case {
  DimAxes source, target;
  StringRef sourceMesh, targetMesh;
  int minimum = -1; // -1: unknown
  Class cls = Mixed;
  int64_t bestPeak = 0; // smallest peak local size over minimal plans
};

/// Builds one function per case, runs the pass, simulates. Returns the
/// number of collectives per case (-1 on failure).
std::vector<int> runCases(MLIRContext &ctx, StringRef meshDecls,
                          ArrayRef<int64_t> shape, std::vector<Case> &cases,
                          std::map<std::string, MeshAttr> &meshes,
                          std::vector<std::string> *sequences,
                          std::vector<int64_t> *peaks = nullptr) {
  std::string type = tensorType(shape);
  std::string text = meshDecls.str();
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    text += "func.func @c" + std::to_string(i) + "(%arg0: " + type +
            " {sdy.sharding = #sdy.sharding" +
            shardingText(c.sourceMesh, c.source) + "}) -> " + type +
            " {\n  %0 = sdy.reshard %arg0 " +
            shardingText(c.targetMesh, c.target) + " : " + type +
            "\n  return %0 : " + type + "\n}\n";
  }
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &ctx);
  std::vector<int> counts(cases.size(), -1);
  if (!module) {
    fail("cannot parse the generated module");
    return counts;
  }
  PassManager pm(&ctx);
  pm.addNestedPass<func::FuncOp>(createReshardToCollectivesPass());
  if (failed(pm.run(*module))) {
    fail("-sdy-reshard-to-collectives failed (or the verifier rejected its "
         "output)");
    return counts;
  }
  size_t i = 0;
  for (auto func : module->getOps<func::FuncOp>()) {
    const Case &c = cases[i];
    DistributedTensor tensor = DistributedTensor::fromLayout(
        meshes[c.sourceMesh.str()], c.source, shape);
    int count = 0;
    std::string sequence, error;
    auto localSize = [&] {
      int64_t size = 1;
      for (int64_t d : tensor.getLocalShape(0))
        size *= d;
      return size;
    };
    int64_t peak = localSize();
    for (Operation &op : func.getBody().front().without_terminator()) {
      ++count;
      if (!sequence.empty())
        sequence += "+";
      sequence += op.getName().stripDialect().str();
      error = tensor.apply(&op);
      if (!error.empty())
        break;
      peak = std::max(peak, localSize());
    }
    if (peaks)
      peaks->push_back(peak);
    if (error.empty())
      error = tensor.compare(DistributedTensor::fromLayout(
          meshes[c.targetMesh.str()], c.target, shape));
    if (!error.empty()) {
      fail(formatDimAxes(c.source) + " @" + c.sourceMesh.str() + " -> " +
           formatDimAxes(c.target) + " @" + c.targetMesh.str() + " via " +
           sequence + ": " + error);
    } else {
      counts[i] = count;
    }
    if (sequences)
      sequences->push_back(sequence.empty() ? "(none)" : sequence);
    ++i;
  }
  return counts;
}

/// The meshes ["x"=2, "y"=2, "z"=2], the same with another device order,
/// and ["a"=4, "b"=2]; the atoms of the enumeration on the first and the
/// last; the shapes 8x8 and 8x8x8.
class ReshardExhaustiveTest : public ::testing::Test {
protected:
  void SetUp() override {
    failures = 0;
    ctx.loadDialect<SdyDialect, func::FuncDialect>();
    ctx.disableMultithreading();
    auto axis = [&](StringRef name, int64_t size) {
      return MeshAxisAttr::get(&ctx, name, size);
    };
    meshes["xyz"] =
        MeshAttr::get(&ctx, {axis("x", 2), axis("y", 2), axis("z", 2)}, {});
    meshes["xyz_perm"] =
        MeshAttr::get(&ctx, {axis("x", 2), axis("y", 2), axis("z", 2)},
                      {0, 2, 4, 6, 1, 3, 5, 7});
    meshes["ab"] = MeshAttr::get(&ctx, {axis("a", 4), axis("b", 2)}, {});
    setups = {
        {"xyz",
         {AxisRefAttr::get(&ctx, "x"), AxisRefAttr::get(&ctx, "y"),
          AxisRefAttr::get(&ctx, "z")}},
        {"ab",
         {AxisRefAttr::get(&ctx, "a", 1, 2), AxisRefAttr::get(&ctx, "a", 2, 2),
          AxisRefAttr::get(&ctx, "b")}},
    };
  }
  void TearDown() override {
    EXPECT_EQ(failures, 0) << "failures in total (the first 20 are shown)";
  }

  struct MeshSetup {
    std::string name;
    SmallVector<AxisRefAttr> atoms;
  };

  MLIRContext ctx;
  std::map<std::string, MeshAttr> meshes;
  const std::string meshDecls =
      "sdy.mesh @xyz = <[\"x\"=2, \"y\"=2, \"z\"=2]>\n"
      "sdy.mesh @xyz_perm = <[\"x\"=2, \"y\"=2, \"z\"=2], "
      "device_ids=[0, 2, 4, 6, 1, 3, 5, 7]>\n"
      "sdy.mesh @ab = <[\"a\"=4, \"b\"=2]>\n";
  std::vector<MeshSetup> setups;
  const std::vector<SmallVector<int64_t>> shapes = {{8, 8}, {8, 8, 8}};
};

TEST_F(ReshardExhaustiveTest, EveryReshardOnOneMeshIsCorrectAndMinimal) {
  auto start = std::chrono::steady_clock::now();
  ClassStats stats[NumClasses];
  int64_t totalPairs = 0;

  for (const MeshSetup &setup : setups) {
    MeshAttr mesh = meshes[setup.name];
    for (const SmallVector<int64_t> &shape : shapes) {
      int64_t rank = shape.size();
      std::vector<DimAxes> nodes = enumerateShardings(setup.atoms, rank, mesh);
      std::vector<std::set<size_t>> edges;
      std::vector<std::vector<int>> minimum =
          computeMinimum(nodes, mesh, edges);
      int64_t elements = 1;
      for (int64_t d : shape)
        elements *= d;
      auto local = [&](size_t i) {
        int64_t shards = 1;
        for (const AxisList &axes : nodes[i])
          shards *= getAxesSize(axes, mesh);
        return elements / shards;
      };
      std::vector<Case> cases;
      for (size_t s = 0; s < nodes.size(); ++s)
        for (size_t t = 0; t < nodes.size(); ++t) {
          Case c;
          c.source = nodes[s];
          c.target = nodes[t];
          c.sourceMesh = c.targetMesh = setup.name;
          c.minimum = minimum[s][t];
          c.cls = classify(c.source, c.target, c.minimum, mesh);
          c.bestPeak = std::max(local(s), local(t));
          if (c.minimum == 2) {
            c.bestPeak = INT64_MAX;
            for (size_t m : edges[s])
              if (edges[m].count(t))
                c.bestPeak = std::min(c.bestPeak,
                                      std::max({local(s), local(m), local(t)}));
          }
          cases.push_back(c);
        }
      std::printf("mesh %-4s rank %lld: %zu shardings, %zu pairs\n",
                  setup.name.c_str(), static_cast<long long>(rank),
                  nodes.size(), cases.size());
      std::vector<std::string> sequences;
      std::vector<int64_t> peaks;
      std::vector<int> counts =
          runCases(ctx, meshDecls, shape, cases, meshes, &sequences, &peaks);
      for (size_t i = 0; i < cases.size(); ++i) {
        const Case &c = cases[i];
        ClassStats &st = stats[c.cls];
        ++st.pairs;
        ++totalPairs;
        if (counts[i] < 0)
          continue;
        st.emitted += counts[i];
        st.minimum += c.minimum;
        st.maxEmitted = std::max(st.maxEmitted, counts[i]);
        if (peaks[i] > c.bestPeak) {
          ++st.abovePeak;
          if (st.abovePeak <= 3)
            std::printf("  larger peak (%lld > %lld elements): %s -> %s via "
                        "%s\n",
                        static_cast<long long>(peaks[i]),
                        static_cast<long long>(c.bestPeak),
                        formatDimAxes(c.source).c_str(),
                        formatDimAxes(c.target).c_str(), sequences[i].c_str());
        }
        if (counts[i] > c.minimum) {
          ++st.aboveMinimum;
          if (st.aboveMinimum <= 3)
            std::printf("  above minimum (%d > %d): %s -> %s via %s\n",
                        counts[i], c.minimum, formatDimAxes(c.source).c_str(),
                        formatDimAxes(c.target).c_str(), sequences[i].c_str());
        }
        if (c.minimum < 0)
          fail("no path in the BFS graph: " + formatDimAxes(c.source));
        ++st.sequences[sequences[i]];
      }
    }
  }

  std::printf("\n%-15s %7s %9s %9s %8s %5s %6s   sequences\n", "class", "pairs",
              "emitted", "minimum", ">min", "max", ">peak");
  for (int c = 0; c < NumClasses; ++c) {
    const ClassStats &st = stats[c];
    std::printf("%-15s %7lld %9lld %9lld %8lld %5d %6lld  ", kClassNames[c],
                static_cast<long long>(st.pairs),
                static_cast<long long>(st.emitted),
                static_cast<long long>(st.minimum),
                static_cast<long long>(st.aboveMinimum), st.maxEmitted,
                static_cast<long long>(st.abovePeak));
    for (const auto &[seq, n] : st.sequences)
      std::printf(" %s:%lld", seq.c_str(), static_cast<long long>(n));
    std::printf("\n");
    if (st.aboveMinimum)
      fail(std::to_string(st.aboveMinimum) + " reshards of class " +
           kClassNames[c] + " use more collectives than the minimum");
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  std::printf("\n%lld same-mesh pairs checked in %.1f s: %s\n",
              static_cast<long long>(totalPairs), seconds,
              failures ? "FAILED" : "all correct");
}

// Between meshes that differ only in device order: a fixed-seed sample of
// pairs of shardings of the enumeration on ["x"=2, "y"=2, "z"=2].
TEST_F(ReshardExhaustiveTest, ReshardsBetweenDeviceOrdersAreCorrect) {
  const MeshSetup &setup = setups.front();
  MeshAttr mesh = meshes[setup.name];
  std::mt19937 rng(42);
  int64_t crossEmitted = 0, crossPairs = 0, crossMax = 0;
  for (const SmallVector<int64_t> &shape : shapes) {
    std::vector<DimAxes> nodes =
        enumerateShardings(setup.atoms, shape.size(), mesh);
    std::uniform_int_distribution<size_t> pick(0, nodes.size() - 1);
    std::vector<Case> cases;
    for (int k = 0; k < 300; ++k) {
      Case c;
      c.source = nodes[pick(rng)];
      c.target = nodes[pick(rng)];
      c.sourceMesh = "xyz";
      c.targetMesh = "xyz_perm";
      cases.push_back(c);
    }
    std::vector<int> counts =
        runCases(ctx, meshDecls, shape, cases, meshes, nullptr);
    for (int count : counts) {
      ++crossPairs;
      if (count >= 0) {
        crossEmitted += count;
        crossMax = std::max<int64_t>(crossMax, count);
        if (count < 1)
          fail("a reshard between meshes emitted no collective_permute");
      }
    }
  }
  std::printf("across meshes (device order differs, %lld sampled pairs, "
              "seed 42): %lld collectives, at most %lld per reshard\n",
              static_cast<long long>(crossPairs),
              static_cast<long long>(crossEmitted),
              static_cast<long long>(crossMax));
}

// The checker itself must notice wrong data movement.
TEST_F(ReshardExhaustiveTest, SimulatorRejectsWrongMovement) {
  MeshAttr mesh = meshes["xyz"];
  AxisRefAttr x = AxisRefAttr::get(&ctx, "x"), y = AxisRefAttr::get(&ctx, "y");
  DimAxes src = {{x, y}, {}}, tgt = {{x}, {}};
  DistributedTensor t = DistributedTensor::fromLayout(mesh, src, {8, 8});
  auto groups = getDeviceGroups(mesh, {y});
  for (auto &g : groups)
    std::reverse(g.begin(), g.end());
  t.gatherGroups(0, groups);
  if (t.compare(DistributedTensor::fromLayout(mesh, tgt, {8, 8})).empty())
    fail("the simulator accepted an all_gather in the wrong group order");
  // Partial values: an all_reduce over "x" completes them; over "y" not.
  DistributedTensor p =
      DistributedTensor::fromLayout(mesh, {{y}, {}}, {8, 8}, {x});
  DistributedTensor q = p;
  if (!p.allReduce({x}).empty() ||
      !p.compare(DistributedTensor::expected(mesh, {{y}, {}}, {8, 8}, 2))
           .empty())
    fail("all_reduce of partial values");
  if (q.allReduce({y}).empty())
    fail("the simulator accepted an all_reduce over a sharding axis");
}

} // namespace
