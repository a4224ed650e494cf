// Invalid placement of sdy.sharding / sdy.sharding_rule, and invalid
// annotation ops and named_computation (docs/attaching-shardings.md).
// RUN: sdy-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

sdy.mesh @mesh = <["x"=2]>

func.func @not_per_value(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{'test.op' op attribute 'sdy.sharding' must be a #sdy.sharding_per_value (one sharding per result), got #sdy.sharding<@mesh, [{"x"}]>}}
  %0 = "test.op"(%arg0) {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>} : (tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @not_an_sdy_attr(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{'test.op' op attribute 'sdy.sharding' must be a #sdy.sharding_per_value (one sharding per result), got "x"}}
  %0 = "test.op"(%arg0) {sdy.sharding = "x"} : (tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

sdy.mesh @mesh = <["x"=2]>

func.func @per_value_too_many(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{'test.op' op has 1 results but 2 shardings; expected one sharding per result}}
  %0 = "test.op"(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>, <@mesh, [{}]>]>} : (tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

sdy.mesh @mesh = <["x"=2]>

func.func @per_value_too_few(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{'test.op' op has 2 results but 1 shardings; expected one sharding per result}}
  %0:2 = "test.op"(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  return
}

// -----

sdy.mesh @mesh = <["x"=2]>

// An op without results takes one sharding at most (its placement), of
// rank 0.
func.func @no_results_two_shardings(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{'test.op' op has 0 results but 2 shardings; expected one sharding per result}}
  "test.op"(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, []>]>} : (tensor<8xf32>) -> ()
  return
}

// -----

sdy.mesh @mesh = <["x"=2]>

func.func @no_results_ranked_sharding(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{'test.op' op sharding of an op without results: sharding has 1 dimension shardings but the tensor 'tensor<f32>' has rank 0}}
  "test.op"(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<8xf32>) -> ()
  return
}

// -----

sdy.mesh @mesh = <["x"=2]>

func.func @per_value_bad_sharding(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{'test.op' op sharding of result 1: sharding has 2 dimension shardings but the tensor 'tensor<4xf32>' has rank 1}}
  %0:2 = "test.op"(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>, <@mesh, [{}, {}]>]>} : (tensor<8xf32>) -> (tensor<8xf32>, tensor<4xf32>)
  return
}

// -----

sdy.mesh @mesh = <["x"=2]>

func.func @per_value_unknown_axis(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{'test.op' op sharding of result 0: dimension 0: unknown axis "y"}}
  %0 = "test.op"(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}]>]>} : (tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

// The discardable sdy.sharding on an sdy op is checked too.
func.func @constant_bad_sharding() {
  // expected-error @+1 {{'sdy.constant' op sharding of result 0: unknown mesh @nowhere}}
  %0 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@nowhere, [{}]>]>} dense<1.0> : tensor<4xf32>
  return
}

// -----

sdy.mesh @mesh = <["x"=2]>

// expected-error @+1 {{'func.func' op attribute 'sdy.sharding' of argument 0 must be a #sdy.sharding, got #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>}}
func.func @func_arg_per_value(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op attribute 'sdy.sharding' of argument 1 must be a #sdy.sharding, got 1 : i64}}
func.func @func_arg_integer(%arg0: tensor<8xf32>, %arg1: tensor<8xf32> {sdy.sharding = 1}) {
  return
}

// -----

sdy.mesh @mesh = <["x"=2]>

// expected-error @+1 {{'func.func' op attribute 'sdy.sharding' of result 0 must be a #sdy.sharding, got #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>}}
func.func @func_result_per_value(%arg0: tensor<8xf32>) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>}) {
  return %arg0 : tensor<8xf32>
}

// -----

// expected-error @+1 {{'func.func' op attribute 'sdy.sharding' of result 0 must be a #sdy.sharding, got #sdy<axis_ref_list{"x"}>}}
func.func @func_result_axis_list(%arg0: tensor<8xf32>) -> (tensor<8xf32> {sdy.sharding = #sdy.axis_ref_list<{"x"}>}) {
  return %arg0 : tensor<8xf32>
}

// -----

func.func @rule_wrong_kind(%arg0: tensor<8xf32>) {
  // expected-error @+1 {{'test.op' op attribute 'sdy.sharding_rule' must be a #sdy.op_sharding_rule, got #sdy.sharding_per_value<[]>}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.sharding_per_value<[]>} : (tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

sdy.mesh @mesh = <["x"=2]>

func.func @sharding_constraint_unknown_axis(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.sharding_constraint' op sharding: dimension 0: unknown axis "y" (the mesh has axes "x")}}
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"y"}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2]>

func.func @sharding_constraint_rank(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.sharding_constraint' op sharding: sharding has 2 dimension shardings but the tensor 'tensor<8xf32>' has rank 1}}
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"x"}, {}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @sharding_constraint_unknown_mesh(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.sharding_constraint' op sharding: unknown mesh @mesh}}
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"x"}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @sharding_constraint_types(%arg0: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'sdy.sharding_constraint' op requires the same type for all operands and results}}
  %0 = "sdy.sharding_constraint"(%arg0) {sharding = #sdy.sharding<mesh<["x"=2]>, [{}]>} : (tensor<8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @reshard_overlap(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.reshard' op sharding: axis "x" is used more than once (in dimension 0 and in dimension 1)}}
  %0 = sdy.reshard %arg0 <@mesh, [{"x"}, {"x"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @reshard_replicated_order(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.reshard' op sharding: replicated axes must be sorted in mesh order: "y" must come after "x"}}
  %0 = sdy.reshard %arg0 <@mesh, [{}], replicated={"y", "x"}> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @reshard_types(%arg0: tensor<8xf32>) -> tensor<8xf16> {
  // expected-error @+1 {{'sdy.reshard' op requires the same type for all operands and results}}
  %0 = "sdy.reshard"(%arg0) {sharding = #sdy.sharding<mesh<["x"=2]>, [{}]>} : (tensor<8xf32>) -> tensor<8xf16>
  return %0 : tensor<8xf16>
}

// -----

func.func @propagation_barrier_both(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.propagation_barrier' op allowed_direction=BOTH is not allowed}}
  %0 = sdy.propagation_barrier %arg0 allowed_direction=BOTH : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @propagation_barrier_unknown_direction(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'allowed_direction' [NONE, FORWARD, BACKWARD, BOTH]}}
  %0 = sdy.propagation_barrier %arg0 allowed_direction=SIDEWAYS : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @propagation_barrier_not_tensor(%arg0: i32) -> i32 {
  // expected-error @+1 {{invalid kind of type specified}}
  %0 = sdy.propagation_barrier %arg0 allowed_direction=NONE : i32
  return %0 : i32
}

// -----

func.func @sharding_group_not_tensor(%arg0: i32) {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.tensor, but found 'i32'}}
  sdy.sharding_group %arg0 group_id=0 : i32
  return
}

// -----

func.func @constant_not_tensor() {
  // expected-error @+1 {{'sdy.constant' op result #0 must be statically shaped tensor of any type values, but got 'vector<4xi32>'}}
  %0 = sdy.constant dense<1> : vector<4xi32>
  return
}

// -----

func.func @data_flow_edge_other_uses(%arg0: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = "test.op"(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  // expected-error @+1 {{'sdy.data_flow_edge' op input must have no other uses than this sdy.data_flow_edge}}
  %1 = sdy.data_flow_edge %0 : tensor<8xf32>
  return %0, %1 : tensor<8xf32>, tensor<8xf32>
}

// -----

func.func @data_flow_edge_two_edges(%arg0: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = "test.op"(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  // expected-error @+1 {{input must have no other uses than this sdy.data_flow_edge}}
  %1 = sdy.data_flow_edge %0 : tensor<8xf32>
  %2 = sdy.data_flow_edge %0 : tensor<8xf32>
  return %1, %2 : tensor<8xf32>, tensor<8xf32>
}

// -----

func.func @data_flow_edge_sdy_input(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.propagation_barrier %arg0 allowed_direction=NONE : tensor<8xf32>
  // expected-error @+1 {{'sdy.data_flow_edge' op input must not be defined by an sdy op, got 'sdy.propagation_barrier'}}
  %1 = sdy.data_flow_edge %0 : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

func.func @data_flow_edge_of_data_flow_edge(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = "test.op"(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  %1 = sdy.data_flow_edge %0 : tensor<8xf32>
  // expected-error @+1 {{input must not be defined by an sdy op, got 'sdy.data_flow_edge'}}
  %2 = sdy.data_flow_edge %1 : tensor<8xf32>
  return %2 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2]>

func.func @data_flow_edge_bad_sharding(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = "test.op"(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  // expected-error @+1 {{'sdy.data_flow_edge' op sharding: dimension 0: unknown axis "y"}}
  %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{"y"}]> : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2]>

func.func @named_computation_in_shardings_count(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.named_computation' op has 1 operands but 2 shardings; expected one sharding per operand}}
  %0 = sdy.named_computation<"foo">(%arg0) in_shardings=[<@mesh, [{"x"}]>, <@mesh, [{}]>] (%arg1: tensor<8xf32>) {
    sdy.return %arg1 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2]>

func.func @named_computation_out_shardings_count(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.named_computation' op has 1 results but 0 shardings; expected one sharding per result}}
  %0 = sdy.named_computation<"foo">(%arg0) out_shardings=[] (%arg1: tensor<8xf32>) {
    sdy.return %arg1 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2]>

func.func @named_computation_bad_in_sharding(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.named_computation' op sharding of operand 0: dimension 0: unknown axis "y"}}
  %0 = sdy.named_computation<"foo">(%arg0) in_shardings=[<@mesh, [{"y"}]>] (%arg1: tensor<8xf32>) {
    sdy.return %arg1 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2]>

func.func @named_computation_bad_out_sharding(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.named_computation' op sharding of result 0: sharding has 0 dimension shardings but the tensor 'tensor<8xf32>' has rank 1}}
  %0 = sdy.named_computation<"foo">(%arg0) out_shardings=[<@mesh, []>] (%arg1: tensor<8xf32>) {
    sdy.return %arg1 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @named_computation_arg_count(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.named_computation' op body has 2 arguments but the op has 1 operands}}
  %0 = sdy.named_computation<"foo">(%arg0) (%arg1: tensor<8xf32>, %arg2: tensor<8xf32>) {
    sdy.return %arg1 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @named_computation_arg_type(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.named_computation' op body argument 0 has type 'tensor<4xf32>' but the type of operand 0 is 'tensor<8xf32>'}}
  %0 = sdy.named_computation<"foo">(%arg0) (%arg1: tensor<4xf32>) {
    %1 = sdy.constant dense<0.0> : tensor<8xf32>
    sdy.return %1 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @named_computation_return_count(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.named_computation' op body returns 2 values but the op has 1 results}}
  %0 = sdy.named_computation<"foo">(%arg0) (%arg1: tensor<8xf32>) {
    sdy.return %arg1, %arg1 : tensor<8xf32>, tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @named_computation_return_type(%arg0: tensor<8xf32>) -> tensor<8xf16> {
  // expected-error @+1 {{'sdy.named_computation' op body returns type 'tensor<8xf32>' for result 0 but the type of result 0 is 'tensor<8xf16>'}}
  %0 = sdy.named_computation<"foo">(%arg0) (%arg1: tensor<8xf32>) {
    sdy.return %arg1 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf16>
  return %0 : tensor<8xf16>
}

// -----
// A body not ended by a registered terminator gets an implicit sdy.return.
func.func @named_computation_wrong_terminator(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.named_computation' op body returns 0 values but the op has 1 results}}
  %0 = sdy.named_computation<"foo">(%arg0) (%arg1: tensor<8xf32>) {
    "test.terminator"(%arg1) : (tensor<8xf32>) -> ()
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @named_computation_isolated(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-note @+1 {{required by region isolation constraints}}
  %0 = sdy.named_computation<"foo">() () {
    // expected-error @+1 {{using value defined outside the region}}
    sdy.return %arg0 : tensor<8xf32>
  } : () -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
