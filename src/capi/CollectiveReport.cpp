//===- CollectiveReport.cpp - sdy_c/collectives.h -------------------------===//

#include "analysis/CollectiveReport.h"
#include "Internal.h"
#include "analysis/ShardingComparison.h"
#include "sdy_c/collectives.h"

using namespace sdycapi;

namespace {

// The options of a report or comparison; SDY_INVALID_ARGUMENT when bad.
sdy_status_t *resolveOptions(const char *fn, const char *options,
                             sdy::analysis::CollectiveReportOptions &resolved,
                             bool &json) {
  sdy::analysis::CollectiveReportRequest request;
  std::string error;
  if (!sdy::analysis::parseReportRequest(options ? options : "", request,
                                         error) ||
      !sdy::analysis::resolveReportRequest(request, resolved, json, error))
    return invalidArgument(fn, error);
  return nullptr;
}

} // namespace

extern "C" {

sdy_status_t *sdy_module_collective_report(const sdy_module_t *module,
                                           const char *options,
                                           char **out_report) {
  static constexpr const char *fn = "sdy_module_collective_report";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .handle(module, "module")
                              .optionalString(options, "options")
                              .out(out_report, "out_report"))
      return s;
    sdy::analysis::CollectiveReportOptions resolved;
    bool json = false;
    if (sdy_status_t *s = resolveOptions(fn, options, resolved, json))
      return s;
    std::string error;
    std::lock_guard<std::recursive_mutex> lock(module->ctx->mutex);
    sdy::analysis::CollectiveReport report;
    if (!sdy::analysis::buildCollectiveReport(*module->module, resolved, report,
                                              error))
      return makeStatus(SDY_FAILED_PRECONDITION,
                        std::string(fn) + ": " + error);
    *out_report = copyString(json ? sdy::analysis::renderReportJson(report)
                                  : sdy::analysis::renderReportText(report));
    return nullptr;
  });
}

sdy_status_t *sdy_collective_compare(const sdy_module_t *const *modules,
                                     const char *const *names,
                                     size_t num_modules, const char *options,
                                     char **out_ranking) {
  static constexpr const char *fn = "sdy_collective_compare";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s =
            ArgCheck(fn)
                .require(num_modules > 0,
                         [] { return "num_modules is 0: nothing to compare"; })
                .array(modules, num_modules, "modules"))
      return s;
    ArgCheck checks(fn);
    for (size_t i = 0; i < num_modules; ++i)
      checks.handle(modules[i], ("modules[" + std::to_string(i) + "]").c_str());
    if (names)
      checks.strings(names, num_modules, "names");
    checks.optionalString(options, "options").out(out_ranking, "out_ranking");
    if (sdy_status_t *s = checks)
      return s;
    sdy::analysis::CollectiveReportOptions resolved;
    bool json = false;
    if (sdy_status_t *s = resolveOptions(fn, options, resolved, json))
      return s;
    std::string error;
    std::vector<sdy::analysis::ComparedVersion> versions(num_modules);
    for (size_t i = 0; i < num_modules; ++i) {
      std::string name = names ? names[i] : std::to_string(i);
      std::lock_guard<std::recursive_mutex> lock(modules[i]->ctx->mutex);
      if (!sdy::analysis::summarizeVersion(name, i, *modules[i]->module,
                                           resolved, versions[i], error))
        return makeStatus(SDY_FAILED_PRECONDITION,
                          std::string(fn) + ": " + error);
    }
    if (!sdy::analysis::rankVersions(versions, error))
      return makeStatus(SDY_FAILED_PRECONDITION,
                        std::string(fn) + ": " + error);
    // The reports hold copies of what they print: no module is read here.
    *out_ranking =
        copyString(json ? sdy::analysis::renderComparisonJson(versions)
                        : sdy::analysis::renderComparisonText(versions));
    return nullptr;
  });
}

} // extern "C"
