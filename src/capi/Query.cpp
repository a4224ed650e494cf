//===- Query.cpp - sdy_query_t: the ops and values of a function ----------===//
//
// A query copies what it reports out of the module when it is created, so
// that it never refers to ops or values the caller may change or destroy
// later; attributes are kept as they are (the context owns them for as long
// as the query holds the context).
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "ir/sdy/ShardingUtils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>

using namespace sdycapi;
using namespace mlir;
using namespace mlir::sdy;

static_assert(sizeof(sdy_query_op_t) == 112, "sdy_query_op_t layout");
static_assert(sizeof(sdy_query_value_t) == 80, "sdy_query_value_t layout");
static_assert(sizeof(sdy_sharding_origin_t) == 40,
              "sdy_sharding_origin_t layout");

namespace {

constexpr llvm::StringLiteral kOriginsAttr = "sdy.sharding_origins";
constexpr llvm::StringLiteral kOriginNameAttr = "sdy.sharding_origin_name";

struct QueryOrigin {
  std::string axis, origin;
  int32_t kind = SDY_ORIGIN_OTHER;
  int64_t index = -1, dim = -1;
};

struct QueryOp {
  std::string name, location, file, originName;
  int64_t line = 0, column = 0, parent = -1, region = 0, depth = 0;
  std::vector<size_t> operands, results;
  size_t numRegions = 0;
};

struct QueryValue {
  int32_t kind = SDY_VALUE_ARGUMENT;
  int64_t op = -1, region = -1, block = -1, number = 0;
  std::string type, elementType;
  std::vector<int64_t> shape;
  int64_t rank = -1;
  TensorShardingAttr sharding;
  MeshAttr mesh; // null when the module lacks the sharding's mesh
  std::vector<QueryOrigin> origins;
};

} // namespace

struct sdy_query : Handle<HandleKind::Query> {
  ContextRef ctx;
  std::vector<QueryOp> ops;
  std::vector<QueryValue> values;
};

namespace {

std::string printed(Location loc) {
  std::string text;
  llvm::raw_string_ostream os(text);
  loc.print(os);
  return text;
}

std::string printed(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

/// Location text, and file/line/column of the location or of the first file
/// location inside it (names and call sites wrap one).
void describeLocation(Location loc, QueryOp &op) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    op.location = (file.getFilename().getValue() + ":" + Twine(file.getLine()) +
                   ":" + Twine(file.getColumn()))
                      .str();
  else
    op.location = printed(loc);
  loc->walk([&](Location inner) {
    auto file = dyn_cast<FileLineColLoc>(inner);
    if (!file)
      return WalkResult::advance();
    op.file = file.getFilename().str();
    op.line = file.getLine();
    op.column = file.getColumn();
    return WalkResult::interrupt();
  });
}

/// Reads one origin label ("input: 0", "constraint_1", "self", ...).
void classifyOrigin(QueryOrigin &origin) {
  llvm::StringRef text = origin.origin;
  auto number = [&](llvm::StringRef prefix, int32_t kind) {
    llvm::StringRef rest = text;
    unsigned long long n;
    if (!rest.consume_front(prefix) || rest.getAsInteger(10, n) ||
        n > uint64_t(INT64_MAX))
      return false;
    origin.kind = kind;
    origin.index = static_cast<int64_t>(n);
    return true;
  };
  if (text == "self")
    origin.kind = SDY_ORIGIN_SELF;
  else if (!number("input: ", SDY_ORIGIN_INPUT) &&
           !number("output: ", SDY_ORIGIN_OUTPUT) &&
           !number("constraint_", SDY_ORIGIN_CONSTRAINT) &&
           !number("group_", SDY_ORIGIN_GROUP))
    origin.kind = SDY_ORIGIN_OTHER;
}

/// The `axis -> label` entries of an origins dictionary (null: none).
std::vector<QueryOrigin> readOrigins(DictionaryAttr dict,
                                     TensorShardingAttr sharding) {
  std::vector<QueryOrigin> origins;
  if (!dict)
    return origins;
  for (NamedAttribute entry : dict) {
    QueryOrigin origin;
    origin.axis = entry.getName().str();
    auto label = dyn_cast<StringAttr>(entry.getValue());
    origin.origin = label ? label.str() : printAttribute(entry.getValue());
    classifyOrigin(origin);
    // The writer names axes as AxisRefAttr prints them, without quotes.
    for (auto [dim, dimSharding] :
         llvm::enumerate(sharding ? sharding.getDimShardings()
                                  : ArrayRef<DimensionShardingAttr>()))
      for (AxisRefAttr axis : dimSharding.getAxes()) {
        std::string name = axis.toString();
        llvm::erase(name, '"');
        if (name == origin.axis)
          origin.dim = static_cast<int64_t>(dim);
      }
    origins.push_back(std::move(origin));
  }
  return origins;
}

/// The origins dictionary of result `number` of `op`: an entry of the
/// per-result array, or the dictionary itself for single-result ops.
DictionaryAttr resultOrigins(Operation *op, unsigned number) {
  Attribute attr = op->getAttr(kOriginsAttr);
  if (auto dict = dyn_cast_or_null<DictionaryAttr>(attr))
    return op->getNumResults() == 1 ? dict : DictionaryAttr();
  auto array = dyn_cast_or_null<ArrayAttr>(attr);
  if (!array || number >= array.size())
    return {};
  return dyn_cast<DictionaryAttr>(array[number]);
}

/// Builds the snapshot of `func`.
class QueryBuilder {
public:
  QueryBuilder(sdy_query &query, func::FuncOp func)
      : query(query), func(func) {}

  /// Returns false (with `error` set) if an op uses a value from outside
  /// the function.
  bool build() {
    // A declaration has argument types and attributes but no arguments.
    for (unsigned i = 0; i < func.getNumArguments(); ++i) {
      QueryValue &value =
          addValue(func.isExternal() ? Value() : func.getArgument(i),
                   SDY_VALUE_ARGUMENT, func.getArgumentTypes()[i],
                   func.getArgAttrOfType<TensorShardingAttr>(
                       i, SdyDialect::kShardingAttr));
      value.number = i;
      value.origins =
          readOrigins(func.getArgAttrOfType<DictionaryAttr>(i, kOriginsAttr),
                      value.sharding);
    }
    visitRegion(func.getBody(), /*owner=*/-1, /*region=*/0, /*depth=*/0);
    for (unsigned i = 0; i < func.getNumResults(); ++i) {
      QueryValue &value =
          addValue(Value(), SDY_VALUE_FUNCTION_RESULT, func.getResultTypes()[i],
                   func.getResultAttrOfType<TensorShardingAttr>(
                       i, SdyDialect::kShardingAttr));
      value.number = i;
      value.origins =
          readOrigins(func.getResultAttrOfType<DictionaryAttr>(i, kOriginsAttr),
                      value.sharding);
    }
    for (auto &[op, index] : opIndex)
      for (Value operand : op->getOperands()) {
        auto it = valueIndex.find(operand);
        if (it == valueIndex.end()) {
          error = "op " + std::to_string(index) + " ('" +
                  op->getName().getStringRef().str() +
                  "') uses a value defined outside @" + func.getSymName().str();
          return false;
        }
        query.ops[index].operands.push_back(it->second);
      }
    return true;
  }

  std::string error;

private:
  QueryValue &addValue(Value ssa, int32_t kind, Type type,
                       TensorShardingAttr sharding) {
    QueryValue &value = query.values.emplace_back();
    value.kind = kind;
    value.type = printed(type);
    if (auto shaped = dyn_cast<ShapedType>(type)) {
      value.elementType = printed(shaped.getElementType());
      if (shaped.hasRank()) {
        value.rank = shaped.getRank();
        for (int64_t size : shaped.getShape())
          value.shape.push_back(ShapedType::isDynamic(size) ? -1 : size);
      }
    }
    if (sharding) {
      value.sharding = sharding;
      value.mesh = lookupMesh(func, sharding.getMeshOrRef());
    }
    if (ssa)
      valueIndex[ssa] = query.values.size() - 1;
    return value;
  }

  void visitRegion(Region &region, int64_t owner, int64_t regionIndex,
                   int64_t depth) {
    for (auto [blockIndex, block] : llvm::enumerate(region)) {
      bool functionEntry = owner < 0 && blockIndex == 0;
      if (!functionEntry)
        for (BlockArgument arg : block.getArguments()) {
          QueryValue &value = addValue(arg, SDY_VALUE_BLOCK_ARGUMENT,
                                       arg.getType(), getSharding(arg));
          value.op = owner;
          value.region = regionIndex;
          value.block = static_cast<int64_t>(blockIndex);
          value.number = arg.getArgNumber();
        }
      for (Operation &op : block)
        visitOp(op, owner, regionIndex, depth);
    }
  }

  void visitOp(Operation &op, int64_t parent, int64_t region, int64_t depth) {
    auto index = static_cast<int64_t>(query.ops.size());
    opIndex.emplace_back(&op, index);
    {
      QueryOp &entry = query.ops.emplace_back();
      entry.name = op.getName().getStringRef().str();
      describeLocation(op.getLoc(), entry);
      entry.parent = parent;
      entry.region = region;
      entry.depth = depth;
      entry.numRegions = op.getNumRegions();
      if (auto name = op.getAttrOfType<StringAttr>(kOriginNameAttr))
        entry.originName = name.str();
    }
    for (OpResult result : op.getResults()) {
      QueryValue &value = addValue(result, SDY_VALUE_OP_RESULT,
                                   result.getType(), getSharding(result));
      value.op = index;
      value.number = result.getResultNumber();
      value.origins = readOrigins(resultOrigins(&op, result.getResultNumber()),
                                  value.sharding);
      query.ops[index].results.push_back(query.values.size() - 1);
    }
    for (auto [regionIndex, nested] : llvm::enumerate(op.getRegions()))
      visitRegion(nested, index, static_cast<int64_t>(regionIndex), depth + 1);
  }

  sdy_query &query;
  func::FuncOp func;
  llvm::DenseMap<Value, size_t> valueIndex;
  std::vector<std::pair<Operation *, int64_t>> opIndex;
};

sdy_status_t *checkIndex(const char *fn, const char *what, size_t index,
                         size_t count, const char *whats) {
  if (index < count)
    return nullptr;
  return invalidArgument(fn, std::string(what) + " index " +
                                 std::to_string(index) +
                                 " is out of range: the query has " +
                                 std::to_string(count) + " " + whats);
}

/// Checks (query, value index, out) and runs `body(value)`.
template <typename Out, typename Body>
sdy_status_t *withValue(const char *fn, const sdy_query_t *query, size_t index,
                        Out *out, const char *outParam, Body &&body) {
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s =
            ArgCheck(fn).handle(query, "query").out(out, outParam))
      return s;
    if (sdy_status_t *s =
            checkIndex(fn, "value", index, query->values.size(), "values"))
      return s;
    return body(query->values[index]);
  });
}

} // namespace

extern "C" {

sdy_status_t *sdy_query_create(const sdy_module_t *module, const char *function,
                               sdy_query_t **out_query) {
  static constexpr const char *fn = "sdy_query_create";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .handle(module, "module")
                              .nonEmptyString(function, "function")
                              .out(out_query, "out_query"))
      return s;
    std::lock_guard<std::recursive_mutex> lock(module->ctx->mutex);
    auto func = module->module->lookupSymbol<func::FuncOp>(function);
    if (!func)
      return invalidArgument(fn, std::string("the module has no function @") +
                                     function);
    std::unique_ptr<sdy_query> query(new sdy_query);
    query->ctx = module->ctx;
    QueryBuilder builder(*query, func);
    if (!builder.build())
      return makeStatus(SDY_FAILED_PRECONDITION,
                        std::string(fn) + ": " + builder.error);
    *out_query = query.release();
    return nullptr;
  });
}

void sdy_query_destroy(sdy_query_t *query) { destroyHandle(query); }

sdy_status_t *sdy_query_num_ops(const sdy_query_t *query, size_t *out_count) {
  return sdycapi::query(
      "sdy_query_num_ops", query, "query", out_count, "out_count",
      [](const sdy_query &query) { return query.ops.size(); });
}

sdy_status_t *sdy_query_op(const sdy_query_t *query, size_t index,
                           sdy_query_op_t *out_op) {
  static constexpr const char *fn = "sdy_query_op";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s =
            ArgCheck(fn).handle(query, "query").out(out_op, "out_op"))
      return s;
    if (sdy_status_t *s = checkIndex(fn, "op", index, query->ops.size(), "ops"))
      return s;
    const QueryOp &op = query->ops[index];
    sdy_query_op_t out = {};
    out.name = op.name.c_str();
    out.location = op.location.c_str();
    out.file = op.file.c_str();
    out.line = op.line;
    out.column = op.column;
    out.parent = op.parent;
    out.region = op.region;
    out.depth = op.depth;
    out.operands = op.operands.empty() ? nullptr : op.operands.data();
    out.num_operands = op.operands.size();
    out.results = op.results.empty() ? nullptr : op.results.data();
    out.num_results = op.results.size();
    out.num_regions = op.numRegions;
    out.origin_name = op.originName.c_str();
    *out_op = out;
    return nullptr;
  });
}

sdy_status_t *sdy_query_num_values(const sdy_query_t *query,
                                   size_t *out_count) {
  return sdycapi::query(
      "sdy_query_num_values", query, "query", out_count, "out_count",
      [](const sdy_query &query) { return query.values.size(); });
}

sdy_status_t *sdy_query_value(const sdy_query_t *query, size_t index,
                              sdy_query_value_t *out_value) {
  return withValue("sdy_query_value", query, index, out_value, "out_value",
                   [&](const QueryValue &value) -> sdy_status_t * {
                     sdy_query_value_t out = {};
                     out.kind = value.kind;
                     out.has_sharding = value.sharding ? 1 : 0;
                     out.op = value.op;
                     out.region = value.region;
                     out.block = value.block;
                     out.number = value.number;
                     out.type = value.type.c_str();
                     out.element_type = value.elementType.c_str();
                     out.shape =
                         value.shape.empty() ? nullptr : value.shape.data();
                     out.rank = value.rank;
                     out.num_origins = value.origins.size();
                     *out_value = out;
                     return nullptr;
                   });
}

sdy_status_t *sdy_query_value_sharding(const sdy_query_t *query, size_t index,
                                       sdy_sharding_t **out_sharding) {
  static constexpr const char *fn = "sdy_query_value_sharding";
  return withValue(
      fn, query, index, out_sharding, "out_sharding",
      [&](const QueryValue &value) -> sdy_status_t * {
        if (!value.sharding) {
          *out_sharding = nullptr;
          return nullptr;
        }
        if (!value.mesh)
          return makeStatus(SDY_VERIFICATION_ERROR,
                            std::string(fn) + ": the sharding " +
                                printAttribute(value.sharding) + " of value " +
                                std::to_string(index) +
                                " refers to a mesh the module lacks");
        std::lock_guard<std::recursive_mutex> lock(query->ctx->mutex);
        *out_sharding = newSharding(query->ctx, value.sharding, value.mesh);
        return nullptr;
      });
}

sdy_status_t *sdy_query_value_origin(const sdy_query_t *query, size_t value,
                                     size_t index,
                                     sdy_sharding_origin_t *out_origin) {
  static constexpr const char *fn = "sdy_query_value_origin";
  return withValue(fn, query, value, out_origin, "out_origin",
                   [&](const QueryValue &entry) -> sdy_status_t * {
                     if (index >= entry.origins.size())
                       return invalidArgument(
                           fn, "origin index " + std::to_string(index) +
                                   " is out of range: value " +
                                   std::to_string(value) + " has " +
                                   std::to_string(entry.origins.size()) +
                                   " origins");
                     const QueryOrigin &origin = entry.origins[index];
                     sdy_sharding_origin_t out = {};
                     out.axis = origin.axis.c_str();
                     out.origin = origin.origin.c_str();
                     out.kind = origin.kind;
                     out.index = origin.index;
                     out.dim = origin.dim;
                     *out_origin = out;
                     return nullptr;
                   });
}

} // extern "C"
