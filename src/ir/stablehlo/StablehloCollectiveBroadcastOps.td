//===- StablehloCollectiveBroadcastOps.td - collective_broadcast -*- tablegen -*-===//
//
// Included at the end of StablehloOps.td. Printed generically, as upstream.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_STABLEHLO_COLLECTIVE_BROADCAST_OPS
#define SDY_STABLEHLO_COLLECTIVE_BROADCAST_OPS

def StableHLO_CollectiveBroadcastOp : StableHLO_Op<"collective_broadcast",
                                                   [SameOperandsAndResultType]> {
  let summary = "Sends the operand of each group's first process to the "
                "group.";
  let arguments = (ins
    HLO_Tensor:$operand,
    I64ElementsAttr:$replica_groups,
    OptionalAttr<StableHLO_ChannelHandle>:$channel_handle
  );
  let results = (outs HLO_Tensor);
  let hasVerifier = 1;
}

#endif // SDY_STABLEHLO_COLLECTIVE_BROADCAST_OPS
