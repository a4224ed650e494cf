//===- Pipeline.cpp - sdy_pipeline_t --------------------------------------===//

#include "Internal.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/Timing.h"
#include "transforms/partition/PartitionPipeline.h"
#include "transforms/propagation/PropagationPipeline.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace sdycapi;
using namespace mlir;

namespace {

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
  sdy::PropagationPipelineOptions parsed;
  if (failed(parseOptions(parsed, options, error)))
    return failure();
  sdy::addPropagationPipeline(pm, parsed);
  return success();
}

LogicalResult buildPartition(OpPassManager &pm, llvm::StringRef options,
                             std::string &error) {
  sdy::PartitionPipelineOptions parsed;
  if (failed(parseOptions(parsed, options, error)))
    return failure();
  sdy::addPartitionPipeline(pm, parsed);
  return success();
}

struct Preset {
  const char *name;
  const char *pipeline;  // textual presets (no options)
  PresetBuilder builder; // presets with options
  // Neither: planned, not implemented yet.
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

/// Registers a pipeline handle for the passes of `pm`.
sdy_status_t *finishPipeline(const char *fn, const ContextRef &ctx,
                             OpPassManager &pm, sdy_pipeline_t **out_pipeline) {
  std::string anchored;
  llvm::raw_string_ostream os(anchored);
  pm.printAsTextualPipeline(os);
  os.flush();
  // The stored text is parsed again for every run: check it round-trips.
  OpPassManager check("builtin.module");
  std::string error;
  if (failed(parseInto(anchored, check, error)))
    return makeStatus(SDY_INTERNAL, std::string(fn) +
                                        ": the pipeline does not print in a "
                                        "form that parses again: " +
                                        error);
  auto *pipeline = new sdy_pipeline;
  pipeline->ctx = ctx;
  pipeline->pipeline = anchored;
  registerHandle(pipeline, HandleKind::Pipeline);
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
  if (failed(parseInto(text, pm, error))) {
    std::string message = error.empty() ? diags.take("invalid pipeline") : error;
    return makeStatus(SDY_PARSE_ERROR,
                      std::string(fn) + ": " + trimMessage(message));
  }
  return finishPipeline(fn, ctx, pm, out_pipeline);
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
    if (!preset.pipeline && !preset.builder)
      return makeStatus(SDY_UNIMPLEMENTED,
                        std::string(fn) + ": preset '" + name +
                            "' is not implemented yet (its passes have "
                            "not landed)");
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
    return finishPipeline(fn, ctx, pm, out_pipeline);
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
    if (sdy_status_t *s =
            checkHandle(fn, "context", context, HandleKind::Context))
      return s;
    if (sdy_status_t *s = checkString(fn, "pipeline", pipeline))
      return s;
    if (sdy_status_t *s = checkOut(fn, "out_pipeline", out_pipeline))
      return s;
    return createPipeline(fn, context, pipeline, out_pipeline);
  });
}

sdy_status_t *sdy_pipeline_create_preset(sdy_context_t *context,
                                         const char *name,
                                         sdy_pipeline_t **out_pipeline) {
  static constexpr const char *fn = "sdy_pipeline_create_preset";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s =
            checkHandle(fn, "context", context, HandleKind::Context))
      return s;
    if (sdy_status_t *s = checkString(fn, "name", name, false))
      return s;
    if (sdy_status_t *s = checkOut(fn, "out_pipeline", out_pipeline))
      return s;
    return createPreset(fn, context, name, nullptr, out_pipeline);
  });
}

sdy_status_t *sdy_pipeline_create_preset_with_options(
    sdy_context_t *context, const char *name, const char *options,
    sdy_pipeline_t **out_pipeline) {
  static constexpr const char *fn = "sdy_pipeline_create_preset_with_options";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s =
            checkHandle(fn, "context", context, HandleKind::Context))
      return s;
    if (sdy_status_t *s = checkString(fn, "name", name, false))
      return s;
    if (options)
      if (sdy_status_t *s = checkString(fn, "options", options))
        return s;
    if (sdy_status_t *s = checkOut(fn, "out_pipeline", out_pipeline))
      return s;
    return createPreset(fn, context, name, options, out_pipeline);
  });
}

void sdy_pipeline_destroy(sdy_pipeline_t *pipeline) {
  if (!pipeline || !unregisterHandle(pipeline, HandleKind::Pipeline))
    return;
  delete pipeline;
}

sdy_status_t *sdy_pipeline_print(const sdy_pipeline_t *pipeline,
                                 char **out_text) {
  static constexpr const char *fn = "sdy_pipeline_print";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s =
            checkHandle(fn, "pipeline", pipeline, HandleKind::Pipeline))
      return s;
    if (sdy_status_t *s = checkOut(fn, "out_text", out_text))
      return s;
    *out_text = copyString(pipeline->pipeline);
    return nullptr;
  });
}

sdy_status_t *sdy_pipeline_enable_timing(sdy_pipeline_t *pipeline,
                                         int32_t enable) {
  static constexpr const char *fn = "sdy_pipeline_enable_timing";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s =
            checkHandle(fn, "pipeline", pipeline, HandleKind::Pipeline))
      return s;
    pipeline->timing = enable != 0;
    return nullptr;
  });
}

sdy_status_t *sdy_pipeline_run(sdy_pipeline_t *pipeline, sdy_module_t *module) {
  static constexpr const char *fn = "sdy_pipeline_run";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s =
            checkHandle(fn, "pipeline", pipeline, HandleKind::Pipeline))
      return s;
    if (sdy_status_t *s = checkHandle(fn, "module", module, HandleKind::Module))
      return s;
    if (sdy_status_t *s =
            checkSameContext(fn, "module", pipeline->ctx, module->ctx))
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

    PassManager pm(mlirCtx, "builtin.module");
    std::string error;
    if (failed(parseInto(pipeline->pipeline, pm, error)))
      return makeStatus(SDY_INTERNAL,
                        std::string(fn) + ": stored pipeline does not parse: " +
                            error);
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
    if (sdy_status_t *s =
            checkHandle(fn, "pipeline", pipeline, HandleKind::Pipeline))
      return s;
    if (sdy_status_t *s = checkOut(fn, "out_report", out_report))
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
