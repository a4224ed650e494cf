//===- BitcastLowering.h - bitcast_convert between element widths *- C++
//-*-===//
//
// Private to the cluster lowering: a bitcast_convert that changes the
// element width, which adds or drops a last dimension.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_COMPILER_BITCASTLOWERING_H
#define SDY_COMPILER_BITCASTLOWERING_H

#include "compiler/Emitter.h"
#include "ir/stablehlo/StablehloDialect.h"

#include <string>
#include <vector>

namespace sdy::compiler {

// Empty when a bitcast_convert's shapes agree with its element widths: a
// narrower result adds a last dimension of the ratio of the widths, a wider
// one drops it; otherwise why not.
std::string whyBitcastInvalid(mlir::stablehlo::BitcastConvertOp op);

// A bitcast_convert between element widths: `ratio` narrow elements (the
// last dimension of the narrow side) hold the bits of one wide element, in
// the order the host's memory holds them (the runtime reinterprets the
// bytes): the first in the lowest bits on a little-endian host.
void emitWidthBitcast(Emitter &e, mlir::stablehlo::BitcastConvertOp op);

} // namespace sdy::compiler

#endif // SDY_COMPILER_BITCASTLOWERING_H
