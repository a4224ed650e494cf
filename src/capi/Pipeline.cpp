//===- Pipeline.cpp - sdy_pipeline_t --------------------------------------===//

#include "Internal.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/Timing.h"
#include "transforms/partition/PartitionPipeline.h"
#include "transforms/propagation/PropagationPipeline.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include "llvm/Support/raw_ostream.h"
#include <optional>

using namespace sdycapi;
using namespace mlir;

namespace {

//===----------------------------------------------------------------------===//
// Option checks
//
// llvm::cl reports a malformed option value (a boolean that is not
// true/false, a number that is not one) on stderr and MLIR only says
// "failed to add ... with options ...". The library never prints, so option
// strings are checked here first, against the options of the pass or
// pipeline they are given to, and the status names the option and why.
//===----------------------------------------------------------------------===//

enum class OptionKind { Bool, Integer, Unsigned32, Choice, Text };

struct OptionSpec {
  std::string name;
  OptionKind kind;
  std::vector<std::string> choices; // for Choice
};

struct OptionSchema {
  std::string owner; // the pass or pipeline the options are for
  std::vector<OptionSpec> options;
};

/// One `key[=value]` of an option string; values may be quoted or braced.
struct OptionItem {
  std::string key;
  std::optional<std::string> value;
};

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n'; }

/// Where a scan of pipeline text stopped, and what it left open: the quote
/// character or '{' (0 if nothing).
struct Scan {
  size_t end;
  char unclosed;
};

/// Scans `text` from `pos` over an option value or the inside of a
/// `pass{...}`: quoted parts ('...', "...") are kept whole and braces nest.
/// Stops at a '}' that closes nothing, at whitespace outside braces if
/// `stopAtSpace`, or at the end of the text.
Scan scanBalanced(llvm::StringRef text, size_t pos, bool stopAtSpace) {
  int depth = 0;
  char quote = 0;
  for (; pos < text.size(); ++pos) {
    char c = text[pos];
    if (quote) {
      if (c == quote)
        quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}') {
      if (depth == 0)
        break;
      --depth;
    } else if (stopAtSpace && isSpace(c) && depth == 0) {
      break;
    }
  }
  return {pos, quote ? quote : depth ? '{' : '\0'};
}

/// Splits an option string like llvm::cl does (whitespace separated,
/// `'...'`, `"..."` and `{...}` values kept whole).
LogicalResult splitOptions(llvm::StringRef text,
                           SmallVectorImpl<OptionItem> &items,
                           std::string &error) {
  size_t i = 0, n = text.size();
  while (i < n) {
    while (i < n && isSpace(text[i]))
      ++i;
    if (i == n)
      break;
    size_t start = i;
    while (i < n && text[i] != '=' && !isSpace(text[i]))
      ++i;
    OptionItem item;
    item.key = text.slice(start, i).str();
    if (i < n && text[i] == '=') {
      size_t valueStart = ++i;
      Scan scan = scanBalanced(text, valueStart, /*stopAtSpace=*/true);
      i = scan.end;
      if (scan.unclosed) {
        error = "pipeline option '" + item.key + "': unterminated " +
                (scan.unclosed == '{' ? std::string("'{'")
                                      : std::string("quote ") + scan.unclosed) +
                " in its value";
        return failure();
      }
      llvm::StringRef value = text.slice(valueStart, i);
      if (value.size() >= 2 &&
          (value.front() == '\'' || value.front() == '"') &&
          value.back() == value.front())
        value = value.drop_front().drop_back();
      item.value = value.str();
    }
    items.push_back(std::move(item));
  }
  return success();
}

/// A decimal int64 (what llvm::cl accepts for the integer options here).
bool isInteger(llvm::StringRef text) {
  llvm::StringRef digits = text;
  digits.consume_front("-");
  int64_t value;
  return !digits.empty() &&
         digits.find_first_not_of("0123456789") == llvm::StringRef::npos &&
         !text.getAsInteger(10, value);
}

bool isUnsigned32(llvm::StringRef text) {
  uint64_t value;
  return !text.empty() &&
         text.find_first_not_of("0123456789") == llvm::StringRef::npos &&
         !text.getAsInteger(10, value) && value <= 0xffffffffull;
}

/// Checks `options` against `schema`; on failure sets `error`.
LogicalResult checkOptions(llvm::StringRef options, const OptionSchema &schema,
                           std::string &error) {
  SmallVector<OptionItem> items;
  if (failed(splitOptions(options, items, error)))
    return failure();
  std::string known;
  for (const OptionSpec &spec : schema.options)
    known += (known.empty() ? "" : ", ") + spec.name;
  for (const OptionItem &item : items) {
    const OptionSpec *spec = nullptr;
    for (const OptionSpec &candidate : schema.options)
      if (candidate.name == item.key)
        spec = &candidate;
    std::string prefix = "pipeline option '" + item.key + "'";
    if (!spec) {
      error = prefix + " is not an option of " + schema.owner +
              (known.empty() ? " (it takes none)"
                             : " (its options: " + known + ")");
      return failure();
    }
    if (!item.value) {
      if (spec->kind == OptionKind::Bool)
        continue; // `flag` alone means flag=true
      error = prefix + " of " + schema.owner + " needs a value (" + item.key +
              "=...)";
      return failure();
    }
    llvm::StringRef value = *item.value;
    prefix += " of " + schema.owner + ": '" + value.str() + "'";
    switch (spec->kind) {
    case OptionKind::Bool:
      if (value != "true" && value != "false" && value != "1" && value != "0") {
        error = prefix + " is not a boolean (true, false, 1 or 0)";
        return failure();
      }
      break;
    case OptionKind::Integer:
      if (!isInteger(value)) {
        error = prefix + " is not a 64-bit integer";
        return failure();
      }
      break;
    case OptionKind::Unsigned32:
      if (!isUnsigned32(value)) {
        error = prefix + " is not an integer in [0, 4294967295]";
        return failure();
      }
      break;
    case OptionKind::Choice:
      if (!llvm::is_contained(spec->choices, value.str())) {
        error = prefix + " is not one of " + llvm::join(spec->choices, ", ");
        return failure();
      }
      break;
    case OptionKind::Text:
      break;
    }
  }
  return success();
}

void addBool(OptionSchema &schema, const llvm::cl::Option &option) {
  schema.options.push_back({option.ArgStr.str(), OptionKind::Bool, {}});
}

/// The values of propagation-strategy, from its declaration.
std::vector<std::string> getStrategies() {
  sdy::PropagationPipelineOptions o;
  auto &parser = o.propagation.propagationStrategy.getParser();
  std::vector<std::string> strategies;
  for (unsigned i = 0, e = parser.getNumOptions(); i < e; ++i)
    strategies.push_back(parser.getOption(i).str());
  return strategies;
}

/// The options of the sdy pipelines, from their option structs.
void addPropagationOptions(OptionSchema &schema,
                           const sdy::PipelinePropagationOptions &o) {
  addBool(schema, o.keepShardingRules);
  addBool(schema, o.conservativePropagation);
  addBool(schema, o.debugShardingOrigins);
  schema.options.push_back({o.propagationStrategy.ArgStr.str(),
                            OptionKind::Choice, getStrategies()});
}

OptionSchema propagationSchema(llvm::StringRef owner) {
  sdy::PropagationPipelineOptions o;
  OptionSchema schema{owner.str(), {}};
  addPropagationOptions(schema, o.propagation);
  return schema;
}

OptionSchema partitionSchema(llvm::StringRef owner) {
  sdy::PartitionPipelineOptions o;
  OptionSchema schema{owner.str(), {}};
  addPropagationOptions(schema, o.propagation);
  addBool(schema, o.skipPropagation);
  addBool(schema, o.dropShardingAndMesh);
  return schema;
}

/// Options of the upstream passes the library registers (Registration.cpp)
/// whose kind their printed default does not show.
struct KnownOption {
  const char *pass, *option;
  OptionKind kind;
  std::vector<std::string> choices;
};
const KnownOption kKnownOptions[] = {
    {"canonicalize",
     "region-simplify",
     OptionKind::Choice,
     {"disabled", "normal", "aggressive"}},
    {"inline", "max-iterations", OptionKind::Unsigned32, {}},
    {"inline", "inlining-threshold", OptionKind::Unsigned32, {}},
};

/// The options of a registered pass, inferred from how it prints its
/// defaults (`name{a=false b=10 c=text}`) and kKnownOptions: booleans,
/// integers and choices are checked, other values are left to the pass.
/// False if `name` is not a pass.
bool passSchema(llvm::StringRef name, OptionSchema &schema) {
  if (name == "sdy-propagation-pipeline") {
    schema = propagationSchema(name);
    return true;
  }
  if (name == "sdy-partition-pipeline") {
    schema = partitionSchema(name);
    return true;
  }
  const PassInfo *info = PassInfo::lookup(name);
  if (!info)
    return false;
  OpPassManager scratch("builtin.module", OpPassManager::Nesting::Implicit);
  std::string ignored;
  if (failed(info->addToPipeline(scratch, "", [&](const llvm::Twine &msg) {
        ignored = msg.str();
        return failure();
      })))
    return false;
  std::string printed;
  llvm::raw_string_ostream os(printed);
  scratch.printAsTextualPipeline(os);
  os.flush();
  schema = OptionSchema{name.str(), {}};
  size_t at = printed.find((name + "{").str());
  if (at == std::string::npos)
    return true; // no options
  size_t open = at + name.size();
  size_t close = scanBalanced(printed, open + 1, /*stopAtSpace=*/false).end;
  SmallVector<OptionItem> defaults;
  std::string error;
  if (failed(splitOptions(llvm::StringRef(printed).slice(open + 1, close),
                          defaults, error)))
    return false;
  for (const OptionItem &item : defaults) {
    // Owned: value_or returns a temporary.
    std::string value = item.value.value_or("");
    OptionKind kind = OptionKind::Text;
    std::vector<std::string> choices;
    const KnownOption *known = nullptr;
    for (const KnownOption &k : kKnownOptions)
      if (name == k.pass && item.key == k.option)
        known = &k;
    if (known) {
      kind = known->kind;
      choices = known->choices;
    } else if (item.key == "propagation-strategy") {
      kind = OptionKind::Choice;
      choices = getStrategies();
    } else if (value == "true" || value == "false") {
      kind = OptionKind::Bool;
    } else if (isInteger(value)) {
      kind = OptionKind::Integer;
    }
    schema.options.push_back({item.key, kind, choices});
  }
  return true;
}

/// Checks the options of every `pass{options}` in a textual pipeline.
LogicalResult checkPipelineOptions(llvm::StringRef text, std::string &error) {
  auto isNameChar = [](char c) {
    return llvm::isAlnum(c) || c == '-' || c == '_' || c == '.';
  };
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '{')
      continue;
    size_t start = i;
    while (start > 0 && isNameChar(text[start - 1]))
      --start;
    llvm::StringRef name = text.slice(start, i);
    size_t close = scanBalanced(text, i + 1, /*stopAtSpace=*/false).end;
    if (close == text.size()) {
      error = "the options of '" + name.str() + "' have no closing '}'";
      return failure();
    }
    OptionSchema schema;
    if (!name.empty() && passSchema(name, schema) &&
        failed(checkOptions(text.slice(i + 1, close), schema, error)))
      return failure();
    i = close;
  }
  return success();
}

/// Adds a preset's passes to `pm` given its option string (MLIR pass-option
/// syntax, `key=value` separated by whitespace); on failure sets `error`.
using PresetBuilder = LogicalResult (*)(OpPassManager &pm,
                                        llvm::StringRef options,
                                        std::string &error);

/// Parses `options` into `parsed`. llvm::cl reports a malformed value (a
/// boolean that is not true/false/1/0) on stderr only, so options without
/// quotes or braces are parsed one at a time to name the one that fails.
template <typename Options>
LogicalResult parseOptions(Options &parsed, llvm::StringRef options,
                           std::string &error) {
  llvm::raw_string_ostream os(error);
  if (options.find_first_of("{}\"'") != llvm::StringRef::npos) {
    if (succeeded(parsed.parseFromString(options, os)))
      return success();
    os.flush();
    if (error.empty())
      error = "malformed options '" + options.str() + "'";
    return failure();
  }
  llvm::SmallVector<llvm::StringRef> items;
  llvm::SplitString(options, items);
  for (llvm::StringRef item : items) {
    if (failed(parsed.parseFromString(item, os))) {
      os.flush();
      if (error.empty())
        error = "malformed option '" + item.str() + "'";
      return failure();
    }
  }
  return success();
}

LogicalResult buildPropagation(OpPassManager &pm, llvm::StringRef options,
                               std::string &error) {
  if (failed(checkOptions(
          options, propagationSchema("sdy-propagation-pipeline"), error)))
    return failure();
  sdy::PropagationPipelineOptions parsed;
  if (failed(parseOptions(parsed, options, error)))
    return failure();
  sdy::addPropagationPipeline(pm, parsed.propagation);
  return success();
}

LogicalResult buildPartition(OpPassManager &pm, llvm::StringRef options,
                             std::string &error) {
  if (failed(checkOptions(options, partitionSchema("sdy-partition-pipeline"),
                          error)))
    return failure();
  sdy::PartitionPipelineOptions parsed;
  if (failed(parseOptions(parsed, options, error)))
    return failure();
  sdy::addPartitionPipeline(pm, parsed);
  return success();
}

/// A preset is a textual pipeline (no options) or a builder (options).
struct Preset {
  const char *name;
  const char *pipeline;
  PresetBuilder builder;
};

constexpr Preset kPresets[] = {
    {"canonicalize", "canonicalize", nullptr},
    {"cleanup", "canonicalize,cse,symbol-dce", nullptr},
    {"inline", "inline,symbol-dce", nullptr},
    {"propagation", nullptr, buildPropagation},
    {"partition", nullptr, buildPartition},
};

/// Parses `text` into a module pass manager; on failure returns the error.
/// `builtin.module(...)` is the module pass manager itself; anything else
/// is a list of passes run on the module.
LogicalResult parseInto(llvm::StringRef text, OpPassManager &pm,
                        std::string &error) {
  llvm::raw_string_ostream os(error);
  llvm::StringRef trimmed = text.trim();
  llvm::StringRef inner = trimmed;
  if (inner.consume_front("builtin.module")) {
    inner = inner.ltrim();
    if (inner.consume_front("(")) {
      if (!inner.consume_back(")")) {
        os << "encountered unbalanced parentheses while parsing pipeline: "
              "'builtin.module(' has no matching ')' at the end of '"
           << trimmed << "'";
        return failure();
      }
      return parsePassPipeline(inner, pm, os);
    }
  }
  return parsePassPipeline(trimmed, pm, os);
}

/// Registers a pipeline handle that keeps the passes of `pm`.
sdy_status_t *finishPipeline(const ContextRef &ctx, OpPassManager &pm,
                             sdy_pipeline_t **out_pipeline) {
  auto *pipeline = new sdy_pipeline;
  pipeline->ctx = ctx;
  llvm::raw_string_ostream os(pipeline->text);
  pm.printAsTextualPipeline(os);
  os.flush();
  pipeline->passes = std::move(pm);
  *out_pipeline = pipeline;
  return nullptr;
}

std::string trimMessage(std::string message) {
  while (!message.empty() && message.back() == '\n')
    message.pop_back();
  return message;
}

sdy_status_t *createPipeline(const char *fn, sdy_context_t *context,
                             llvm::StringRef text,
                             sdy_pipeline_t **out_pipeline) {
  ContextRef ctx = context->impl;
  std::lock_guard<std::recursive_mutex> lock(ctx->mutex);
  OpPassManager pm("builtin.module");
  std::string error;
  DiagnosticCapture diags(&ctx->context);
  if (failed(checkPipelineOptions(text, error)))
    return makeStatus(SDY_PARSE_ERROR, std::string(fn) + ": " + error);
  if (failed(parseInto(text, pm, error))) {
    std::string message =
        error.empty() ? diags.take("invalid pipeline") : error;
    return makeStatus(SDY_PARSE_ERROR,
                      std::string(fn) + ": " + trimMessage(message));
  }
  return finishPipeline(ctx, pm, out_pipeline);
}

/// sdy_pipeline_create_preset*(): `options` may be null (the defaults).
sdy_status_t *createPreset(const char *fn, sdy_context_t *context,
                           const char *name, const char *options,
                           sdy_pipeline_t **out_pipeline) {
  std::string known;
  for (const Preset &preset : kPresets) {
    if (llvm::StringRef(name) != preset.name) {
      known += known.empty() ? "" : ", ";
      known += preset.name;
      continue;
    }
    llvm::StringRef optionText = options ? llvm::StringRef(options).trim() : "";
    if (preset.pipeline) {
      if (!optionText.empty())
        return invalidArgument(fn, std::string("preset '") + name +
                                       "' takes no options, got '" +
                                       optionText.str() + "'");
      return createPipeline(fn, context, preset.pipeline, out_pipeline);
    }
    ContextRef ctx = context->impl;
    std::lock_guard<std::recursive_mutex> lock(ctx->mutex);
    OpPassManager pm("builtin.module");
    std::string error;
    DiagnosticCapture diags(&ctx->context);
    if (failed(preset.builder(pm, optionText, error))) {
      std::string message =
          error.empty() ? diags.take("invalid options") : error;
      return makeStatus(SDY_PARSE_ERROR,
                        std::string(fn) + ": invalid options for preset '" +
                            name + "': " + trimMessage(message));
    }
    return finishPipeline(ctx, pm, out_pipeline);
  }
  return invalidArgument(fn, std::string("unknown preset '") + name +
                                 "' (known presets: " + known + ")");
}

} // namespace

extern "C" {

sdy_status_t *sdy_pipeline_create(sdy_context_t *context, const char *pipeline,
                                  sdy_pipeline_t **out_pipeline) {
  static constexpr const char *fn = "sdy_pipeline_create";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .handle(context, "context")
                              .string(pipeline, "pipeline")
                              .out(out_pipeline, "out_pipeline"))
      return s;
    return createPipeline(fn, context, pipeline, out_pipeline);
  });
}

sdy_status_t *sdy_pipeline_create_preset(sdy_context_t *context,
                                         const char *name,
                                         sdy_pipeline_t **out_pipeline) {
  static constexpr const char *fn = "sdy_pipeline_create_preset";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .handle(context, "context")
                              .nonEmptyString(name, "name")
                              .out(out_pipeline, "out_pipeline"))
      return s;
    return createPreset(fn, context, name, nullptr, out_pipeline);
  });
}

sdy_status_t *
sdy_pipeline_create_preset_with_options(sdy_context_t *context,
                                        const char *name, const char *options,
                                        sdy_pipeline_t **out_pipeline) {
  static constexpr const char *fn = "sdy_pipeline_create_preset_with_options";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .handle(context, "context")
                              .nonEmptyString(name, "name")
                              .optionalString(options, "options")
                              .out(out_pipeline, "out_pipeline"))
      return s;
    return createPreset(fn, context, name, options, out_pipeline);
  });
}

void sdy_pipeline_destroy(sdy_pipeline_t *pipeline) { destroyHandle(pipeline); }

sdy_status_t *sdy_pipeline_print(const sdy_pipeline_t *pipeline,
                                 char **out_text) {
  return query("sdy_pipeline_print", pipeline, "pipeline", out_text, "out_text",
               [](const sdy_pipeline_t &p) { return copyString(p.text); });
}

sdy_status_t *sdy_pipeline_enable_timing(sdy_pipeline_t *pipeline,
                                         int32_t enable) {
  static constexpr const char *fn = "sdy_pipeline_enable_timing";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn).handle(pipeline, "pipeline"))
      return s;
    pipeline->timing = enable != 0;
    return nullptr;
  });
}

sdy_status_t *sdy_pipeline_run(sdy_pipeline_t *pipeline, sdy_module_t *module) {
  static constexpr const char *fn = "sdy_pipeline_run";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .handle(pipeline, "pipeline")
                              .handle(module, "module")
                              .sameContext(pipeline, module, "module"))
      return s;
    ContextRef ctx = pipeline->ctx;
    std::lock_guard<std::recursive_mutex> lock(ctx->mutex);
    MLIRContext *mlirCtx = &ctx->context;
    DiagnosticCapture diags(mlirCtx);
    ModuleOp original = *module->module;
    if (failed(verify(original)))
      return makeStatus(SDY_VERIFICATION_ERROR,
                        std::string(fn) + ": the module does not verify: " +
                            diags.take("verification failed"));

    // A copy of the passes: every run starts from fresh pass state.
    PassManager pm(mlirCtx, "builtin.module");
    static_cast<OpPassManager &>(pm) = pipeline->passes;
    pm.enableVerifier(true);

    // Run on a copy so that a failure leaves the module unchanged.
    OwningOpRef<ModuleOp> copy(original.clone());
    std::string report;
    LogicalResult result = failure();
    {
      llvm::raw_string_ostream reportStream(report);
      reportStream.SetUnbuffered();
      DefaultTimingManager timing;
      if (pipeline->timing) {
        timing.setEnabled(true);
        timing.setOutput(createOutputStrategy(
            DefaultTimingManager::OutputFormat::Text, reportStream));
      }
      {
        TimingScope root = timing.getRootScope();
        if (pipeline->timing)
          pm.enableTiming(root);
        result = pm.run(*copy);
      }
      // The timing manager prints its report when destroyed, here.
    }
    if (failed(result))
      return makeStatus(SDY_FAILED_PRECONDITION,
                        std::string(fn) + ": pass pipeline failed: " +
                            diags.take("a pass failed"));

    // Move the result into the original module op, so that MlirModule
    // handles to it stay valid.
    Block *body = original.getBody();
    for (Operation &op : *body)
      op.dropAllReferences();
    while (!body->empty()) {
      body->back().dropAllUses();
      body->back().erase();
    }
    body->getOperations().splice(body->end(), copy->getBody()->getOperations());
    original->setAttrs((*copy)->getAttrDictionary());
    if (pipeline->timing) {
      pipeline->timingReport = report;
      pipeline->hasReport = true;
    }
    return nullptr;
  });
}

sdy_status_t *sdy_pipeline_timing_report(const sdy_pipeline_t *pipeline,
                                         char **out_report) {
  static constexpr const char *fn = "sdy_pipeline_timing_report";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .handle(pipeline, "pipeline")
                              .out(out_report, "out_report"))
      return s;
    if (!pipeline->hasReport)
      return makeStatus(SDY_FAILED_PRECONDITION,
                        std::string(fn) +
                            ": no timing report: enable timing with "
                            "sdy_pipeline_enable_timing and run the pipeline");
    *out_report = copyString(pipeline->timingReport);
    return nullptr;
  });
}

} // extern "C"
