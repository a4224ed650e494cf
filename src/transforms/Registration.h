//===- Registration.h - the passes of sdy -----------------------*- C++ -*-===//

#ifndef SDY_TRANSFORMS_REGISTRATION_H
#define SDY_TRANSFORMS_REGISTRATION_H

namespace mlir {
class DialectRegistry;
namespace sdy {

/// Adds the dialect extensions the registered passes need: the func inliner
/// interface, for `inline`. Kept apart from registerAllDialects() because it
/// also loads the cf dialect, which the runtime does not accept.
void registerAllExtensions(DialectRegistry &registry);

/// Registers every pass and pipeline a textual pipeline may name: all sdy
/// passes and pipelines (transforms, rules, partition) and the upstream
/// canonicalize, cse, symbol-dce and inline. Safe to call more than once.
void registerAllPassesAndPipelines();

} // namespace sdy
} // namespace mlir

#endif // SDY_TRANSFORMS_REGISTRATION_H
