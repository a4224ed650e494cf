//===- StablehloIoOps.cpp - send, recv, infeed, outfeed -------------------===//
//
// Verifiers with the upstream rules and messages: the channel type follows
// is_host_transfer, and recv and infeed return tensors then one token.
//
//===----------------------------------------------------------------------===//
#include "ir/stablehlo/StablehloDialect.h"

using namespace mlir;
using namespace mlir::stablehlo;

namespace {

// Channel types of a channel handle.
constexpr int64_t kDeviceToDevice = 1;
constexpr int64_t kDeviceToHost = 2;
constexpr int64_t kHostToDevice = 3;

LogicalResult checkChannelType(Operation *op, ChannelHandleAttr handle,
                               bool isHostTransfer, int64_t hostType,
                               StringRef hostTypeName) {
  if (!isHostTransfer && handle.getType() != kDeviceToDevice)
    return op->emitError(
        "channel_type should be DEVICE_TO_DEVICE when is_host_transfer is "
        "false");
  if (isHostTransfer && handle.getType() != hostType)
    return op->emitError("channel_type should be ")
           << hostTypeName << " when is_host_transfer is true";
  return success();
}

// Tensors, then one token. `tensorsMessage` differs between recv and infeed
// upstream.
LogicalResult checkTensorsThenToken(Operation *op, StringRef tensorsMessage) {
  TypeRange types = op->getResultTypes();
  if (types.empty())
    return op->emitError("result is expected to be at least of size 1, but "
                         "got 0");
  for (Type t : types.drop_back())
    if (isa<TokenType>(t))
      return op->emitError(tensorsMessage) << ", but got " << t;
  if (!isa<TokenType>(types.back()))
    return op->emitError("last element of result types is expected to be of "
                         "token type, but got ")
           << types.back();
  return success();
}

} // namespace

LogicalResult SendOp::verify() {
  return checkChannelType(*this, getChannelHandle(), getIsHostTransfer(),
                          kDeviceToHost, "DEVICE_TO_HOST");
}

LogicalResult RecvOp::verify() {
  if (failed(checkChannelType(*this, getChannelHandle(), getIsHostTransfer(),
                              kHostToDevice, "HOST_TO_DEVICE")))
    return failure();
  return checkTensorsThenToken(*this,
                               "everything but the last element of result "
                               "types is expected to be of tensor type");
}

LogicalResult InfeedOp::verify() {
  if (failed(checkTensorsThenToken(*this,
                                   "all elements of result types, except the "
                                   "last element, are expected to be of "
                                   "tensor type")))
    return failure();
  std::optional<ArrayAttr> layout = getLayout();
  if (!layout)
    return success();
  size_t tensors = getNumResults() - 1;
  if (layout->size() != tensors)
    return emitError("layout-attribute size must be ")
           << tensors
           << " (which is the number of op-results - 1 (for token result)), "
              "but got "
           << layout->size();
  for (Attribute child : *layout) {
    auto array = dyn_cast<ArrayAttr>(child);
    if (!array)
      return emitError("layout-attribute expected to have elements of type "
                       "array, but got ")
             << child;
    for (Attribute leaf : array)
      if (!isa<IntegerAttr>(leaf))
        return emitError("layout-attribute's leaf elements are expected to "
                         "be of type integer, but got ")
               << leaf;
  }
  return success();
}
