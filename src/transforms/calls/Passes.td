//===- Passes.td - sdy call-graph passes --------------------*- tablegen -*-===//
//
// The passes that let propagation see across func.call boundaries. Names and
// options are Shardy's (docs/tools.md).
//
//===----------------------------------------------------------------------===//

#ifndef SDY_TRANSFORMS_CALLS_PASSES
#define SDY_TRANSFORMS_CALLS_PASSES

include "mlir/Pass/PassBase.td"

def FlattenCallGraphPass : Pass<"sdy-flatten-call-graph", "ModuleOp"> {
  let summary = "Gives every call its own callee by cloning functions called more than once.";
  let description = [{
    Functions are visited callees first; every call after the first one to
    a function gets a private clone of it (recursively cloning the callees
    of the clone), named after the function with the module's uniquing
    suffix and marked with `sdy.original_func_name`.
  }];
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def UnflattenCallGraphPass : Pass<"sdy-unflatten-call-graph", "ModuleOp"> {
  let summary = "Makes calls to clones of one function with the same shardings call one of them.";
  let description = [{
    Functions are grouped by their `sdy.original_func_name` (their own name
    without one) and their argument and result shardings; every call is
    redirected to the first function of its group that a call reaches, in
    module order. With `dedup-functions-fully`, the shardings are ignored and
    the functions are visited last to first. `sdy.original_func_name` is
    removed; functions left without calls stay (`symbol-dce` removes them).
  }];
  let options = [
    Option<"dedupFunctionsFully", "dedup-functions-fully", "bool",
           /*default=*/"false",
           "Keep one function per original function whatever its shardings.">,
  ];
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def AddFuncDataFlowEdgesPass
    : Pass<"sdy-add-func-data-flow-edges", "ModuleOp"> {
  let summary = "Inserts sdy.func_data_flow_edge for the arguments of called functions and the results of calls.";
  let description = [{
    Every block argument of every function but `@main`, and every result of
    every `func.call`, gets an `sdy.func_data_flow_edge` as its only use,
    holding a copy of the value's sharding. Fails on a module without
    `@main`.
  }];
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def SinkFuncDataFlowEdgesPass
    : Pass<"sdy-sink-func-data-flow-edges", "func::FuncOp"> {
  let summary = "Moves the shardings of sdy.func_data_flow_edge ops to their function arguments and call results.";
  let description = [{
    An edge with a sharding gives it to its owner; an edge without one
    leaves its owner fully open on the mesh of the owner's sharding (or
    unsharded). The edges are removed.
  }];
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def ExportNamedComputationsPass
    : Pass<"sdy-export-named-computations", "ModuleOp"> {
  let summary = "Turns sdy.named_computation ops into private functions and func.call ops.";
  let description = [{
    Innermost first, each named computation becomes a private function
    named after it (uniqued), marked with `sdy.original_func_name`, whose
    arguments carry the in shardings; the call carries the out shardings as
    its `sdy.sharding` and keeps the named computation's other attributes.
  }];
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def PropagateToFuncResultsPass
    : Pass<"sdy-propagate-to-func-results", "ModuleOp"> {
  let summary = "Gives the results of every function but @main the shardings of the values they return.";
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def InsertFuncCallReshardsPass
    : Pass<"sdy-insert-func-call-reshards", "ModuleOp"> {
  let summary = "Gives calls their callee's result shardings and reshards the results to the call's own shardings.";
  let description = [{
    A call takes its callee's result shardings (results the callee leaves
    unsharded become fully open on the mesh of a sharded one); each result
    that had a sharding of its own on the call is followed by an
    `sdy.reshard` to it, which its users read instead.
  }];
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def PreOrderFuncsPass : Pass<"sdy-pre-order-funcs", "ModuleOp"> {
  let summary = "Orders the functions of the module callers first.";
  let description = [{
    Sorts the functions in the reverse of a post-order walk of the call
    graph that starts from every function in module order, so that a
    function comes before the functions it calls.
  }];
}

#endif // SDY_TRANSFORMS_CALLS_PASSES
