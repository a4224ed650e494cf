//===- DataFlowOpInterface.td - data-flow edges ---------*- tablegen -*-===//

#ifndef SDY_DATA_FLOW_OP_INTERFACE
#define SDY_DATA_FLOW_OP_INTERFACE

include "mlir/IR/OpBase.td"

def Sdy_DataFlowOpInterface : OpInterface<"DataFlowOpInterface"> {
  let cppNamespace = "::mlir::sdy";
  let description = [{
    An op whose results (and possibly region arguments) are tied to other
    values rather than computed by a sharding rule: control flow, barriers,
    and ops that wrap a body. Each tied value is an edge with an owner (the
    value that holds the edge's sharding), sources (the values flowing into
    it) and possibly other targets (values that must share the owner's
    sharding, e.g. the region arguments of a loop).

    Ops of dialects that do not know sdy (StableHLO) get it as an external
    model at registration.
  }];

  let methods = [
    InterfaceMethod<
      /*desc=*/"The owners of the op's edges.",
      /*retTy=*/"::llvm::SmallVector<::mlir::Value>",
      /*methodName=*/"getEdgeOwners", /*args=*/(ins), /*methodBody=*/"",
      /*defaultImplementation=*/[{
        return ::llvm::SmallVector<::mlir::Value>($_op->getResults());
      }]>,
    InterfaceMethod<
      /*desc=*/"The sources of the edge owned by `owner`.",
      /*retTy=*/"::llvm::SmallVector<::mlir::Value>",
      /*methodName=*/"getEdgeSources", /*args=*/(ins "::mlir::Value":$owner)>,
    InterfaceMethod<
      /*desc=*/[{
        The targets of the edge owned by `owner` other than `owner` itself.
      }],
      /*retTy=*/"::llvm::SmallVector<::mlir::Value>",
      /*methodName=*/"getEdgeOtherTargets",
      /*args=*/(ins "::mlir::Value":$owner), /*methodBody=*/"",
      /*defaultImplementation=*/"return {};">,
    InterfaceMethod<
      /*desc=*/[{
        The owner of the edge that `target` is one of the other targets of,
        or null.
      }],
      /*retTy=*/"::mlir::Value",
      /*methodName=*/"getEdgeOwnerOfTarget",
      /*args=*/(ins "::mlir::Value":$target), /*methodBody=*/"",
      /*defaultImplementation=*/"return {};">,
  ];
}

#endif // SDY_DATA_FLOW_OP_INTERFACE
