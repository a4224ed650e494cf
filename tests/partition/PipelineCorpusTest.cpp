//===- PipelineCorpusTest.cpp - the partitioner on the propagation corpus -===//
//
// Takes every module of the propagation lit corpus (each `// -----` segment
// of tests/lit/propagation/*.mlir, under each propagation pipeline named by
// the file's RUN lines, and under -sdy-propagation-pipeline), runs
// propagation, -sdy-insert-explicit-reshards, -sdy-reshard-to-collectives
// and -sdy-canonicalize-collectives with the verifier, and checks the
// collectives semantically with the CollectiveSimulator:
//
// - For every value that feeds an sdy collective (a "producer"), its layout
//   (its sharding, partial along the sharded reduction factors of the op
//   that defines it) is pushed through every chain of collectives between it
//   and its consumers. After each collective the data must sit exactly where
//   the collective's out_sharding says; at each consumer it must sit exactly
//   where the consumer expects its operand, fully reduced.
// - What a consumer expects is derived from the consumer, not from the
//   collectives: for an op with a sharding rule, the factor shardings of its
//   results (of its operands for factors no result has) projected onto the
//   operand; need-replication and permutation factors unsharded; for
//   func.return the function's result sharding; for data-flow ops the
//   sharding of the edge the operand feeds (while/optimization_barrier/
//   case/if results, named/manual computation in/out shardings).
// - Every value that is partial (its op has sharded reduction factors) is
//   checked the same way even if no collective follows it: a consumer that
//   sees unreduced partial sums is a failure.
//
// Segments that do not parse, that propagation rejects, or that the
// partitioner rejects with a diagnostic (unreduced axes among them) are
// skipped and counted; chains
// through indivisible shardings (the simulator does not model their padding
// through collectives) are skipped and counted. A GoogleTest program.
//
// Usage: partition_pipeline_corpus [gtest flags] <dir with *.mlir>
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "CollectiveSimulator.h"
#include "ir/Registration.h"
#include "ir/sdy/SdyDialect.h"
#include "ir/sdy/ShardingLayout.h"
#include "ir/sdy/ShardingUtils.h"
#include "ir/stablehlo/StablehloDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "rules/ShardingRules.h"
#include "transforms/Registration.h"
#include "transforms/partition/RejectUnreduced.h"
#include "transforms/propagation/FactorSharding.h"
#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::sdy;
using namespace mlir::sdy::testing;

namespace {

struct Stats {
  int64_t segments = 0; // (segment, pipeline) pairs
  int64_t parseFailed = 0;
  int64_t propagationRejected = 0;
  int64_t partitionRejected = 0;
  int64_t checkedModules = 0; // modules that went through the pipeline
  int64_t modulesWithCollectives = 0;
  int64_t producers = 0;        // values whose uses were simulated
  int64_t partialProducers = 0; // of which partial
  int64_t collectives = 0;      // collective applications checked
  int64_t allReduces = 0;       // of which all_reduce/reduce_scatter
  int64_t consumers = 0;        // consumer operands checked
  int64_t consumersFromRule = 0;
  int64_t consumersFromEdge = 0;  // return, data-flow edges
  int64_t consumersUnknown = 0;   // checked against the value's sharding
  int64_t skippedIndivisible = 0; // producers skipped
  int64_t skippedDynamic = 0;
  std::map<std::string, int64_t> collectivesByName;
  std::map<std::string, int64_t> rejections; // first line of the diagnostic
};

Stats stats;
// Failures found by the checker; the first 30 are reported one by one as
// test failures, the corpus test then checks that the count is zero.
int failures = 0;
std::string currentModule;
bool quiet = false;    // during the self-check
std::string corpusDir; // the command-line argument

void fail(const std::string &message) {
  static std::set<std::string> reported;
  if (!reported.insert(currentModule + message).second)
    return; // the same op-level failure seen from another use
  if (failures < 30 && !quiet)
    ADD_FAILURE() << "[" << currentModule << "]: " << message;
  ++failures;
}

bool isCollective(Operation *op) {
  return isa<AllGatherOp, AllSliceOp, AllToAllOp, CollectivePermuteOp,
             AllReduceOp, ReduceScatterOp>(op);
}

bool isDataFlowOp(Operation *op) {
  return isa<stablehlo::WhileOp, stablehlo::OptimizationBarrierOp,
             stablehlo::CaseOp, stablehlo::IfOp, NamedComputationOp,
             ManualComputationOp, func::CallOp>(op);
}

bool divisible(ArrayRef<int64_t> shape, ArrayRef<AxisList> dims,
               MeshAttr mesh) {
  for (auto [size, axes] : llvm::zip(shape, dims))
    if (size % getAxesSize(axes, mesh) != 0)
      return false;
  return true;
}

/// A layout: mesh and per-dimension axes.
struct Layout {
  MeshAttr mesh;
  DimAxes dims;
};

/// The layout of `sharding` (null: replicated on `fallback`).
std::optional<Layout> layoutOf(TensorShardingAttr sharding, Operation *context,
                               MeshAttr fallback, int64_t rank) {
  if (!sharding)
    return Layout{fallback, DimAxes(rank)};
  MeshAttr mesh = sharding.getMesh(context);
  if (!mesh)
    return std::nullopt;
  return Layout{mesh, getDimAxes(sharding, rank)};
}

/// The factor shardings of `op` as its operands and results declare them:
/// per factor, the axes of the first result that has it, else of the first
/// operand. Null mesh if the op has no sharded tensor.
struct FactorView {
  MeshAttr mesh;
  SmallVector<AxisList> factors;
  ShardingProjection projection;
};

std::optional<FactorView> getFactorView(Operation *op,
                                        OpShardingRuleAttr rule) {
  SmallVector<TensorShardingAttr> operands, results;
  for (Value v : op->getOperands())
    operands.push_back(getSharding(v));
  for (Value v : op->getResults())
    results.push_back(getSharding(v));
  FactorView view;
  for (TensorShardingAttr s :
       llvm::concat<TensorShardingAttr>(results, operands))
    if (s && !view.mesh)
      view.mesh = s.getMesh(op);
  view.factors.resize(rule.getNumFactors());
  if (!view.mesh)
    return view;
  view.projection =
      ShardingProjection::build(operands, results, rule, view.mesh);
  SmallVector<bool> set(rule.getNumFactors(), false);
  auto visit = [&](const TensorFactorShardings &tensor) {
    for (const auto &[f, sharding] : tensor.factors) {
      if (!sharding.overflowAxes.empty()) {
        fail("'" + op->getName().getStringRef().str() + "': factor " +
             std::to_string(f) + " has overflow axes (indivisible)");
        return;
      }
      if (set[f])
        continue;
      set[f] = true;
      view.factors[f] = sharding.axisRefs;
    }
  };
  for (const TensorFactorShardings &t : view.projection.results)
    visit(t);
  for (const TensorFactorShardings &t : view.projection.operands)
    visit(t);
  for (int64_t f = 0; f < rule.getNumFactors(); ++f)
    if ((rule.isNeedReplicationFactor(f) || rule.isPermutationFactor(f)) &&
        !view.factors[f].empty())
      fail("'" + op->getName().getStringRef().str() +
           "': need-replication/permutation factor " + std::to_string(f) +
           " is sharded");
  return view;
}

/// The axes along which `value` holds partial results: the sharded
/// reduction factors of its defining op.
AxisList getPartialAxes(Value value) {
  auto result = dyn_cast<OpResult>(value);
  if (!result)
    return {};
  Operation *op = result.getOwner();
  if (isDataFlowOp(op) ||
      (op->getDialect() && isa<SdyDialect>(op->getDialect())))
    return {};
  OpShardingRuleAttr rule = getOrCreateShardingRule(op);
  if (!rule)
    return {};
  std::optional<FactorView> view = getFactorView(op, rule);
  if (!view || !view->mesh)
    return {};
  AxisList axes;
  for (int64_t f : rule.getReductionFactors())
    llvm::append_range(axes, view->factors[f]);
  return axes;
}

/// What the consumer of `use` expects, derived from the consumer; nullopt
/// if it has no independent expectation. `fallback`: the mesh of a
/// replicated expectation. `kind` says where it came from.
std::optional<Layout> getExpectedLayout(OpOperand &use, MeshAttr fallback,
                                        int64_t rank, std::string &kind) {
  Operation *owner = use.getOwner();
  unsigned index = use.getOperandNumber();
  Operation *parent = owner->getParentOp();
  kind = "edge";
  auto ofSharding = [&](TensorShardingAttr s, Operation *context) {
    return layoutOf(s, context, fallback, rank);
  };
  if (auto ret = dyn_cast<func::ReturnOp>(owner)) {
    auto func = cast<func::FuncOp>(parent);
    return ofSharding(func.getResultAttrOfType<TensorShardingAttr>(
                          index, SdyDialect::kShardingAttr),
                      owner);
  }
  if (owner->hasTrait<OpTrait::IsTerminator>() && parent) {
    if (auto whileOp = dyn_cast<stablehlo::WhileOp>(parent)) {
      if (owner->getParentRegion() == &whileOp.getCond())
        return Layout{fallback, DimAxes(rank)}; // the i1 predicate
      return ofSharding(getSharding(parent->getResult(index)), parent);
    }
    if (isa<stablehlo::CaseOp, stablehlo::IfOp>(parent))
      return ofSharding(getSharding(parent->getResult(index)), parent);
    if (auto named = dyn_cast<NamedComputationOp>(parent)) {
      std::optional<TensorShardingPerValueAttr> out = named.getOutShardings();
      return ofSharding(out ? out->getShardings()[index] : TensorShardingAttr(),
                        parent);
    }
    if (auto manual = dyn_cast<ManualComputationOp>(parent))
      return ofSharding(
          removeAxes(manual.getOutShardings().getShardings()[index],
                     manual.getManualAxes().getValue()),
          parent);
    kind = "unknown";
    return std::nullopt;
  }
  if (isa<stablehlo::WhileOp, stablehlo::OptimizationBarrierOp>(owner))
    return ofSharding(getSharding(owner->getResult(index)), owner);
  if (isa<stablehlo::CaseOp, stablehlo::IfOp>(owner))
    return Layout{fallback, DimAxes(rank)}; // the predicate / branch index
  if (auto named = dyn_cast<NamedComputationOp>(owner)) {
    std::optional<TensorShardingPerValueAttr> in = named.getInShardings();
    return ofSharding(in ? in->getShardings()[index] : TensorShardingAttr(),
                      owner);
  }
  if (auto manual = dyn_cast<ManualComputationOp>(owner))
    return ofSharding(manual.getInShardings().getShardings()[index], owner);
  if (isDataFlowOp(owner) ||
      (owner->getDialect() && isa<SdyDialect>(owner->getDialect()))) {
    kind = "unknown";
    return std::nullopt;
  }
  OpShardingRuleAttr rule = getOrCreateShardingRule(owner);
  if (!rule) {
    kind = "unknown";
    return std::nullopt;
  }
  kind = "rule";
  std::optional<FactorView> view = getFactorView(owner, rule);
  if (!view || !view->mesh)
    return Layout{fallback, DimAxes(rank)};
  TensorMappingAttr mapping = rule.getOperandMappings()[index];
  Layout layout{view->mesh, DimAxes()};
  for (DimMappingAttr dim : mapping.getDimMappings()) {
    AxisList axes;
    for (int64_t f : dim.getFactorIndices())
      llvm::append_range(axes, view->factors[f]);
    layout.dims.push_back(AxisList(mergeSubAxes(axes, view->mesh)));
  }
  return layout;
}

/// Pushes `tensor` (the data of `value`) through every use of `value`.
void simulateUses(const DistributedTensor &tensor, Value value,
                  ArrayRef<int64_t> shape, ArrayRef<AxisRefAttr> partialAxes,
                  bool reduced, const std::string &path) {
  int64_t rank = shape.size();
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    if (isCollective(user)) {
      std::string name = user->getName().getStringRef().str();
      std::string step = path + " -> " + name;
      DistributedTensor next = tensor;
      ++stats.collectives;
      ++stats.collectivesByName[name];
      bool reduces = isa<AllReduceOp, ReduceScatterOp>(user);
      if (reduces)
        ++stats.allReduces;
      if (std::string error = next.apply(user); !error.empty()) {
        fail(step + ": " + error);
        continue;
      }
      TensorShardingAttr out = getSharding(user->getResult(0));
      std::optional<Layout> outLayout =
          layoutOf(out, user, tensor.getMesh(), rank);
      if (!outLayout) {
        fail(step + ": cannot resolve the out_sharding mesh");
        continue;
      }
      bool nowReduced = reduced || reduces;
      DistributedTensor declared =
          nowReduced
              ? DistributedTensor::expected(outLayout->mesh, outLayout->dims,
                                            shape, tensor.getNumParts())
              : DistributedTensor::fromLayout(outLayout->mesh, outLayout->dims,
                                              shape, partialAxes);
      if (std::string diff = next.compare(declared); !diff.empty()) {
        fail(step + ": the data does not match out_sharding " +
             formatDimAxes(outLayout->dims) + ": " + diff);
        continue;
      }
      simulateUses(next, user->getResult(0), shape, partialAxes, nowReduced,
                   step);
      continue;
    }
    std::string kind;
    std::optional<Layout> expected =
        getExpectedLayout(use, tensor.getMesh(), rank, kind);
    if (!expected) {
      // No independent expectation: at least the value's own sharding.
      ++stats.consumersUnknown;
      expected = layoutOf(getSharding(value), user, tensor.getMesh(), rank);
      if (!expected) {
        fail(path + ": cannot resolve the consumer's mesh");
        continue;
      }
    } else if (kind == "rule") {
      ++stats.consumersFromRule;
    } else {
      ++stats.consumersFromEdge;
    }
    ++stats.consumers;
    std::string step = path + " -> operand " +
                       std::to_string(use.getOperandNumber()) + " of '" +
                       user->getName().getStringRef().str() + "'";
    if (!divisible(shape, expected->dims, expected->mesh)) {
      ++stats.skippedIndivisible;
      continue;
    }
    DistributedTensor want = DistributedTensor::expected(
        expected->mesh, expected->dims, shape, tensor.getNumParts());
    if (std::string diff = tensor.compare(want); !diff.empty())
      fail(step + ": the consumer expects " + formatDimAxes(expected->dims) +
           (tensor.getNumParts() > 1 && !reduced ? " fully reduced" : "") +
           ": " + diff);
  }
}

/// True if every collective reachable from `value` has a divisible
/// out_sharding.
bool chainsDivisible(Value value, ArrayRef<int64_t> shape) {
  for (Operation *user : value.getUsers()) {
    if (!isCollective(user))
      continue;
    TensorShardingAttr out = getSharding(user->getResult(0));
    MeshAttr mesh = out ? out.getMesh(user) : MeshAttr();
    if (mesh && !divisible(shape, getDimAxes(out, shape.size()), mesh))
      return false;
    if (!chainsDivisible(user->getResult(0), shape))
      return false;
  }
  return true;
}

void checkProducer(Value value, std::string where) {
  bool feedsCollective = llvm::any_of(value.getUsers(), isCollective);
  AxisList partial = getPartialAxes(value);
  if (!feedsCollective && partial.empty())
    return;
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.hasStaticShape()) {
    ++stats.skippedDynamic;
    return;
  }
  ArrayRef<int64_t> shape = type.getShape();
  // The mesh: the producer's, else the first collective's.
  TensorShardingAttr sharding = getSharding(value);
  MeshAttr mesh;
  Operation *context = value.getDefiningOp();
  if (!context)
    context = cast<BlockArgument>(value).getOwner()->getParentOp();
  if (sharding)
    mesh = sharding.getMesh(context);
  for (Operation *user : value.getUsers())
    if (!mesh && isCollective(user))
      if (TensorShardingAttr out = getSharding(user->getResult(0)))
        mesh = out.getMesh(user);
  if (!mesh) {
    fail(where + ": cannot resolve the producer's mesh");
    return;
  }
  DimAxes dims = getDimAxes(sharding, shape.size());
  if (!divisible(shape, dims, mesh) || !chainsDivisible(value, shape)) {
    ++stats.skippedIndivisible;
    return;
  }
  ++stats.producers;
  if (!partial.empty())
    ++stats.partialProducers;
  if (getAxesSize(partial, mesh) > 64) {
    fail(where + ": more than 64 partial parts");
    return;
  }
  DistributedTensor tensor =
      DistributedTensor::fromLayout(mesh, dims, shape, partial);
  simulateUses(tensor, value, shape, partial, partial.empty(), where);
}

std::string describe(Value value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (Operation *op = value.getDefiningOp()) {
    os << "'" << op->getName() << "' result "
       << cast<OpResult>(value).getResultNumber();
  } else {
    auto arg = cast<BlockArgument>(value);
    os << "argument " << arg.getArgNumber() << " of '"
       << arg.getOwner()->getParentOp()->getName() << "'";
  }
  os << " at " << value.getLoc();
  return text;
}

void checkModule(ModuleOp module) {
  bool hasCollective = false;
  module.walk([&](Operation *op) {
    if (isa<ReshardOp>(op))
      fail("an sdy.reshard is left after -sdy-reshard-to-collectives");
    if (isCollective(op)) {
      hasCollective = true;
      return;
    }
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          checkProducer(arg, describe(arg));
    for (Value result : op->getResults())
      checkProducer(result, describe(result));
  });
  if (hasCollective)
    ++stats.modulesWithCollectives;
}

/// The propagation pipelines of the RUN lines of `text`, as textual pass
/// pipelines (`-sdy-x='a=b'` → `sdy-x{a=b}`).
std::vector<std::string> getRunPipelines(const std::string &text) {
  std::vector<std::string> pipelines;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    size_t run = line.find("// RUN:");
    if (run == std::string::npos)
      continue;
    std::string command = line.substr(run + 7);
    command = command.substr(0, command.find('|'));
    std::vector<std::string> passes;
    std::istringstream tokens(command);
    std::string token;
    while (tokens >> token) {
      if (token.rfind("-sdy-", 0) != 0)
        continue;
      std::string name = token.substr(1);
      size_t eq = name.find('=');
      if (eq != std::string::npos) {
        std::string options = name.substr(eq + 1);
        name = name.substr(0, eq);
        options.erase(std::remove(options.begin(), options.end(), '\''),
                      options.end());
        name += "{" + options + "}";
      }
      passes.push_back(name);
    }
    std::string pipeline;
    for (const std::string &pass : passes)
      pipeline += (pipeline.empty() ? "" : ",") + pass;
    if (!pipeline.empty())
      pipelines.push_back(pipeline);
  }
  if (std::find(pipelines.begin(), pipelines.end(),
                "sdy-propagation-pipeline") == pipelines.end())
    pipelines.push_back("sdy-propagation-pipeline");
  return pipelines;
}

std::vector<std::string> splitSegments(const std::string &text) {
  std::vector<std::string> segments;
  std::istringstream lines(text);
  std::string line, current;
  while (std::getline(lines, line)) {
    if (line.rfind("// -----", 0) == 0) {
      segments.push_back(current);
      current.clear();
      continue;
    }
    current += line + "\n";
  }
  segments.push_back(current);
  return segments;
}

// The checker itself must notice wrong collectives: each of these already
// partitioned modules has exactly one mistake.
const char *const kBrokenModules[] = {
    // A dot whose contracting dimension is sharded, without all_reduce.
    R"mlir(sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @f(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %b: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
})mlir",
    // An all_reduce over the wrong axis.
    R"mlir(sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @f(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %b: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = sdy.all_reduce {"y"} %0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
})mlir",
    // An all_reduce of a value that is not partial (its parts would be
    // counted twice). (A collective whose out_sharding lies does not
    // pass the verifier.)
    R"mlir(sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @f(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = sdy.all_reduce {"y"} %a out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
})mlir",
    // A correct chain whose result the consumer (an add with a
    // differently sharded operand) cannot use.
    R"mlir(sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @f(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, %b: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) {
  %0 = sdy.all_gather [{"y"}, {}] %a out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  %1 = stablehlo.add %0, %b {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
})mlir",
};

/// A context with the dialects and the passes of the pipelines.
std::unique_ptr<MLIRContext> createContext() {
  // Registers each pass and pipeline once per process.
  registerAllPassesAndPipelines();
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  auto ctx = std::make_unique<MLIRContext>(registry);
  ctx->loadAllAvailableDialects();
  ctx->allowUnregisteredDialects(false);
  return ctx;
}

TEST(PipelineCorpusTest, CollectivesDeliverWhatConsumersExpect) {
  auto start = std::chrono::steady_clock::now();
  std::unique_ptr<MLIRContext> ctx = createContext();
  stats = Stats();
  failures = 0;
  std::vector<std::filesystem::path> files;
  for (const auto &entry : std::filesystem::directory_iterator(corpusDir))
    if (entry.path().extension() == ".mlir")
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  ASSERT_FALSE(files.empty()) << "no .mlir files in " << corpusDir;

  const std::string partition =
      "func.func(sdy-insert-explicit-reshards{enable-full-version=true},"
      "sdy-reshard-to-collectives,"
      "sdy-canonicalize-collectives)";
  for (const std::filesystem::path &file : files) {
    std::ifstream in(file);
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string text = buffer.str();
    std::vector<std::string> pipelines = getRunPipelines(text);
    std::vector<std::string> segments = splitSegments(text);
    int64_t fileCollectivesBefore = stats.collectives;
    int64_t fileModules = 0;
    for (const std::string &pipeline : pipelines) {
      for (auto [i, segment] : llvm::enumerate(segments)) {
        currentModule = file.filename().string() + " #" + std::to_string(i) +
                        " (" + pipeline + ")";
        ++stats.segments;
        std::string firstError;
        ScopedDiagnosticHandler handler(ctx.get(), [&](Diagnostic &diag) {
          if (diag.getSeverity() == DiagnosticSeverity::Error &&
              firstError.empty())
            firstError = diag.str();
          return success();
        });
        OwningOpRef<ModuleOp> module =
            parseSourceString<ModuleOp>(segment, ctx.get());
        if (!module) {
          ++stats.parseFailed;
          continue;
        }
        PassManager prop(ctx.get(), ModuleOp::getOperationName(),
                         OpPassManager::Nesting::Implicit);
        if (failed(parsePassPipeline(pipeline, prop))) {
          fail("cannot parse the pipeline '" + pipeline + "'");
          continue;
        }
        if (failed(prop.run(*module))) {
          ++stats.propagationRejected;
          continue;
        }
        PassManager part(ctx.get(), ModuleOp::getOperationName(),
                         OpPassManager::Nesting::Implicit);
        // As -sdy-partition-pipeline, which the simulator follows: programs
        // with unreduced axes are refused (and counted as rejected).
        part.addPass(createRejectUnreducedPass());
        ASSERT_TRUE(succeeded(parsePassPipeline(partition, part)))
            << "cannot parse the partition pipeline";
        firstError.clear();
        if (failed(part.run(*module))) {
          ++stats.partitionRejected;
          ++stats.rejections[firstError.substr(0, 160)];
          continue;
        }
        ++stats.checkedModules;
        ++fileModules;
        checkModule(*module);
      }
    }
    std::printf(
        "%-28s %2zu segments x %zu pipelines: %3lld partitioned, "
        "%3lld collectives checked\n",
        file.filename().string().c_str(), segments.size(), pipelines.size(),
        static_cast<long long>(fileModules),
        static_cast<long long>(stats.collectives - fileCollectivesBefore));
  }

  std::printf("\nmodules (segment x pipeline): %lld; parse failed %lld, "
              "propagation rejected %lld, partitioner rejected %lld; "
              "partitioned and checked %lld (%lld with collectives)\n",
              static_cast<long long>(stats.segments),
              static_cast<long long>(stats.parseFailed),
              static_cast<long long>(stats.propagationRejected),
              static_cast<long long>(stats.partitionRejected),
              static_cast<long long>(stats.checkedModules),
              static_cast<long long>(stats.modulesWithCollectives));
  for (const auto &[message, n] : stats.rejections)
    std::printf("  rejected %lldx: %s\n", static_cast<long long>(n),
                message.c_str());
  std::printf("producers simulated: %lld (%lld partial); collectives checked: "
              "%lld (%lld all_reduce/reduce_scatter):",
              static_cast<long long>(stats.producers),
              static_cast<long long>(stats.partialProducers),
              static_cast<long long>(stats.collectives),
              static_cast<long long>(stats.allReduces));
  for (const auto &[name, n] : stats.collectivesByName)
    std::printf(" %s=%lld", name.c_str(), static_cast<long long>(n));
  std::printf("\nconsumer operands checked: %lld (%lld from the op's "
              "sharding rule, %lld from returns/data-flow edges, %lld "
              "against the value's own sharding only)\n",
              static_cast<long long>(stats.consumers),
              static_cast<long long>(stats.consumersFromRule),
              static_cast<long long>(stats.consumersFromEdge),
              static_cast<long long>(stats.consumersUnknown));
  std::printf("skipped: %lld indivisible, %lld dynamic\n",
              static_cast<long long>(stats.skippedIndivisible),
              static_cast<long long>(stats.skippedDynamic));
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  std::printf("%.1f s: %d failures\n", seconds, failures);
  EXPECT_EQ(failures, 0) << "failures in total (the first 30 are shown)";
  EXPECT_GT(stats.collectives, 0)
      << "no collective was checked: the corpus or the pipeline is broken";
}

TEST(PipelineCorpusTest, CheckerRejectsBrokenModules) {
  std::unique_ptr<MLIRContext> ctx = createContext();
  Stats saved = stats;
  int savedFailures = failures;
  quiet = true;
  for (auto [i, text] : llvm::enumerate(kBrokenModules)) {
    currentModule = "self-check #" + std::to_string(i);
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, ctx.get());
    int before = failures;
    if (module)
      checkModule(*module);
    EXPECT_TRUE(module && failures > before)
        << "the checker accepted broken module #" << i;
  }
  failures = savedFailures;
  stats = saved;
  quiet = false;
  if (!HasFailure())
    std::printf("self-check: %zu broken modules rejected\n",
                std::size(kBrokenModules));
}

} // namespace

int main(int argc, char **argv) {
  ::testing::InitGoogleTest(&argc, argv);
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s [gtest flags] <corpus dir>\n", argv[0]);
    return 2;
  }
  corpusDir = argv[1];
  return RUN_ALL_TESTS();
}
