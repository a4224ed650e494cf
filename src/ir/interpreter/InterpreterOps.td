//===- InterpreterOps.td - multi-device interpreter tests ---*- tablegen -*-===//
//
// The `interpreter` dialect of StableHLO's interpreter tests: run_parallel
// runs a grid of functions, one per (replica, partition), as one program.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_INTERPRETER_OPS
#define SDY_INTERPRETER_OPS

include "mlir/IR/OpBase.td"

def Interpreter_Dialect : Dialect {
  let name = "interpreter";
  let cppNamespace = "::mlir::interpreter";
  let summary = "Multi-device execution in interpreter tests.";
}

def Interpreter_RunParallelOp : Op<Interpreter_Dialect, "run_parallel"> {
  let summary = "Runs a [replicas][partitions] grid of functions in parallel.";
  let description = [{
    `programs[r][p]` names the function that device (r, p) runs. The inputs
    are handed out to the programs in row-major order, each taking as many
    as its function has arguments; the results are their results, in the
    same order. `infeed` names the functions (without arguments) whose
    results the programs' infeed ops read, one function per infeed, in
    order.
  }];
  let arguments = (ins Variadic<AnyType>:$inputs, ArrayAttr:$programs,
                       OptionalAttr<ArrayAttr>:$infeed);
  let results = (outs Variadic<AnyType>:$results);
  let hasVerifier = 1;
}

def Interpreter_ProbeOp : Op<Interpreter_Dialect, "probe",
                             [AllTypesMatch<["operand", "result"]>]> {
  let summary = "Records its operand under `probe_id`; returns it.";
  let description = [{
    Each execution records the next iteration of the probe (0, 1, ...);
    `check.expect_serialized_eq` compares a value with a recorded one.
  }];
  let arguments = (ins AnyRankedTensor:$operand, StrAttr:$probe_id);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $operand `,` `probe_id` `=` $probe_id attr-dict `:` type($result)
  }];
}

#endif // SDY_INTERPRETER_OPS
