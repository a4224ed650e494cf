//===- CollectiveReportPass.h - the -sdy-collective-report pass -*- C++ -*-===//

#ifndef SDY_ANALYSIS_COLLECTIVEREPORTPASS_H
#define SDY_ANALYSIS_COLLECTIVEREPORTPASS_H

namespace sdy::analysis {

/// Registers -sdy-collective-report: prints (or writes to `file`) the
/// communication report of the module and leaves the IR unchanged.
void registerAnalysisPasses();

} // namespace sdy::analysis

#endif // SDY_ANALYSIS_COLLECTIVEREPORTPASS_H
