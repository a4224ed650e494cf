//===- StablehloIoOps.td - send, recv, infeed, outfeed ------*- tablegen -*-===//
//
// Included at the end of StablehloOps.td. Upstream prints them generically;
// they have side effects (no trait says otherwise), so they are never
// folded away.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_STABLEHLO_IO_OPS
#define SDY_STABLEHLO_IO_OPS

def HLO_TensorOrToken : AnyTypeOf<[HLO_Tensor, HLO_Token]>;

def StableHLO_SendOp : StableHLO_Op<"send"> {
  let summary = "Sends `inputs` on the channel `channel_handle`.";
  let arguments = (ins
    Variadic<HLO_Tensor>:$inputs,
    HLO_Token:$token,
    StableHLO_ChannelHandle:$channel_handle,
    DefaultValuedOptionalAttr<BoolAttr, "false">:$is_host_transfer,
    OptionalAttr<I64ElementsAttr>:$source_target_pairs
  );
  let results = (outs HLO_Token);
  let hasVerifier = 1;
}

def StableHLO_RecvOp : StableHLO_Op<"recv"> {
  let summary = "Receives values from the channel `channel_handle`.";
  let arguments = (ins
    HLO_Token:$token,
    StableHLO_ChannelHandle:$channel_handle,
    DefaultValuedOptionalAttr<BoolAttr, "false">:$is_host_transfer,
    OptionalAttr<I64ElementsAttr>:$source_target_pairs
  );
  let results = (outs Variadic<HLO_TensorOrToken>);
  let hasVerifier = 1;
}

def StableHLO_InfeedOp : StableHLO_Op<"infeed"> {
  let summary = "Reads values from the infeed queue.";
  let arguments = (ins
    HLO_Token:$token,
    DefaultValuedStrAttr<StrAttr, "">:$infeed_config,
    OptionalAttr<ArrayAttr>:$layout
  );
  let results = (outs Variadic<HLO_TensorOrToken>);
  let hasVerifier = 1;
}

def StableHLO_OutfeedOp : StableHLO_Op<"outfeed"> {
  let summary = "Writes `inputs` to the outfeed queue.";
  let arguments = (ins
    Variadic<HLO_Tensor>:$inputs,
    HLO_Token:$token,
    DefaultValuedStrAttr<StrAttr, "">:$outfeed_config
  );
  let results = (outs HLO_Token);
}

#endif // SDY_STABLEHLO_IO_OPS
