//===- ModelledCollectiveCost.h - HTML report costs from the model -*- C++
//-*-===//
//
// The cost column of the HTML report filled from the communication model
// (src/analysis): what the report shows for the collectives the model can
// count.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_VISUALIZE_MODELLEDCOLLECTIVECOST_H
#define SDY_VISUALIZE_MODELLEDCOLLECTIVECOST_H

#include "visualize/HtmlReport.h"

namespace mlir::sdy {

/// Costs under the local backend's calibrated model: the estimated time of
/// one execution and the busiest device's bytes. Collectives the
/// communication report cannot count get nullopt, so the report says "not
/// modelled" for them.
CollectiveCostFn localBackendCollectiveCost();

} // namespace mlir::sdy

#endif // SDY_VISUALIZE_MODELLEDCOLLECTIVECOST_H
