//===- CollectiveReport.cpp - sdy_c/collectives.h -------------------------===//

#include "analysis/CollectiveReport.h"
#include "Internal.h"
#include "sdy_c/collectives.h"

using namespace sdycapi;

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
    sdy::analysis::CollectiveReportRequest request;
    sdy::analysis::CollectiveReportOptions resolved;
    bool json = false;
    std::string error;
    if (!sdy::analysis::parseReportRequest(options ? options : "", request,
                                           error) ||
        !sdy::analysis::resolveReportRequest(request, resolved, json, error))
      return invalidArgument(fn, error);
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

} // extern "C"
