// Invalid sdy.manual_computation
// (docs/attaching-shardings.md#sdymanual_computation).
// RUN: sdy-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @in_shardings_count(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op has 1 operands but 2 in_shardings}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>, <@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<4xf32>) {
    sdy.return %arg1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @out_shardings_count(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op has 1 results but 0 out_shardings}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[] manual_axes={"a"} (%arg1: tensor<4xf32>) {
    sdy.return %arg1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh2 = <["a"=2, "b"=2]>

func.func @different_meshes(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op all in/out shardings must refer to the same mesh, got @mesh and @mesh2}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh2, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<4xf32>) {
    sdy.return %arg1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @symbol_and_inlined_mesh(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{all in/out shardings must refer to the same mesh, got @mesh and #sdy.mesh<["a"=2, "b"=2]>}}
  %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"a"}]>, <mesh<["a"=2, "b"=2]>, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg2: tensor<4xf32>, %arg3: tensor<4xf32>) {
    sdy.return %arg2 : tensor<4xf32>
  } : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @manual_axes_without_shardings() {
  // expected-error @+1 {{'sdy.manual_computation' op has manual axes but no in/out shardings that name their mesh}}
  sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={"a"} () {
    sdy.return
  } : () -> ()
  return
}

// -----

func.func @unknown_mesh(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op unknown mesh @nowhere (no sdy.mesh with that name in the module)}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@nowhere, [{"a"}]>] out_shardings=[<@nowhere, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<4xf32>) {
    sdy.return %arg1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @unknown_manual_axis(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op unknown manual axis "c" (not an axis of the mesh)}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a", "c"} (%arg1: tensor<4xf32>) {
    sdy.return %arg1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @duplicate_manual_axis(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op manual axis "a" is listed twice}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a", "a"} (%arg1: tensor<4xf32>) {
    sdy.return %arg1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @unsorted_manual_axes(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op manual axes must be sorted in mesh order: "b" must come after "a"}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {"b"}]>] out_shardings=[<@mesh, [{"a"}, {"b"}]>] manual_axes={"b", "a"} (%arg1: tensor<4x4xf32>) {
    sdy.return %arg1 : tensor<4x4xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=4, "b"=2]>

// Manual axes are never split into sub-axes.
func.func @manual_sub_axis_in_dim(%arg0: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op in sharding 0: dimension 0: sub-axis "a":(1)2 splits manual axis "a"; manual axes cannot be split}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a":(1)2}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<8xf32>) {
    sdy.return %arg1 : tensor<8xf32>
  } : (tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

sdy.mesh @mesh = <["a"=4, "b"=2]>

func.func @manual_sub_axis_replicated(%arg0: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op out sharding 0: replicated axes: sub-axis "a":(2)2 splits manual axis "a"; manual axes cannot be split}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"b"}], replicated={"a":(2)2}>] manual_axes={"a"} (%arg1: tensor<4xf32>) {
    sdy.return %arg1 : tensor<4xf32>
  } : (tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

sdy.mesh @mesh = <["a"=4, "b"=2]>

// A sub-axis after a free axis: the split is reported first.
func.func @manual_sub_axis_after_free(%arg0: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op in sharding 0: dimension 0: sub-axis "a":(2)2 splits manual axis "a"}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"b", "a":(2)2}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<8xf32>) {
    sdy.return %arg1 : tensor<8xf32>
  } : (tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// An unmentioned manual axis does not divide the local type.
func.func @unmentioned_manual_axis_local_type(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op body returns type 'tensor<4xf32>' for result 0 but the local type of result 0 is 'tensor<8xf32>'}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{?}]>] manual_axes={"a"} (%arg1: tensor<4xf32>) {
    sdy.return %arg1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh_name = <["data"=2, "model"=2]>

// The documented invalid dimension sharding: {"model", "data"}
// when only "data" is manual.
func.func @manual_after_free(%arg0: tensor<16x32xf32>) -> tensor<16x32xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op in sharding 0: dimension 0: manual axis "data" must come before the free (non-manual) axes}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh_name, [{"model", "data"}, {}]>] out_shardings=[<@mesh_name, [{"data"}, {}]>] manual_axes={"data"} (%arg1: tensor<8x32xf32>) {
    sdy.return %arg1 : tensor<8x32xf32>
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

func.func @manual_after_free_out(%arg0: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op out sharding 0: dimension 0: manual axis "c" must come before the free (non-manual) axes}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", "c"}]>] out_shardings=[<@mesh, [{"a", "b", "c"}]>] manual_axes={"a", "c"} (%arg1: tensor<4xf32>) {
    sdy.return %arg1 : tensor<4xf32>
  } : (tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

sdy.mesh @mesh = <["a"=4, "b"=2]>

func.func @manual_axis_padding(%arg0: tensor<6xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op in sharding 0: dimension 0 of size 6 is not divisible by the product of its manual axes (4); manual axes cannot be padded}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<2xf32>) {
    sdy.return %arg1 : tensor<2xf32>
  } : (tensor<6xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=3]>

func.func @manual_axis_padding_out(%arg0: tensor<4x6xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op out sharding 0: dimension 1 of size 4 is not divisible by the product of its manual axes (3); manual axes cannot be padded}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {"b"}]>] out_shardings=[<@mesh, [{"a"}, {"b"}]>] manual_axes={"a", "b"} (%arg1: tensor<2x2xf32>) {
    sdy.return %arg1 : tensor<2x2xf32>
  } : (tensor<4x6xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>

// Free axes may pad (only manual axes may not).
func.func @free_axis_padding_ok_manual_wrong_type(%arg0: tensor<6xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op body argument 0 has type 'tensor<6xf32>' but the local type of operand 0 is 'tensor<3xf32>'}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", "b"}]>] out_shardings=[<@mesh, [{"a", "b"}]>] manual_axes={"a"} (%arg1: tensor<6xf32>) {
    sdy.return %arg1 : tensor<6xf32>
  } : (tensor<6xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @global_block_arg_type(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op body argument 0 has type 'tensor<8x8xf32>' but the local type of operand 0 is 'tensor<4x8xf32>'}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {"b"}]>] out_shardings=[<@mesh, [{"a"}, {"b"}]>] manual_axes={"a"} (%arg1: tensor<8x8xf32>) {
    sdy.return %arg1 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @wrong_element_type(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op body argument 0 has type 'tensor<4xf16>' but the local type of operand 0 is 'tensor<4xf32>'}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<4xf16>) {
    %1 = sdy.constant dense<0.0> : tensor<4xf32>
    sdy.return %1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @block_arg_count(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op body has 0 arguments but the op has 1 operands}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} () {
    %1 = sdy.constant dense<0.0> : tensor<4xf32>
    sdy.return %1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @wrong_return_type(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op body returns type 'tensor<8x8xf32>' for result 0 but the local type of result 0 is 'tensor<4x4xf32>'}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {"b"}]>] out_shardings=[<@mesh, [{"a"}, {"b"}]>] manual_axes={"a", "b"} (%arg1: tensor<4x4xf32>) {
    %1 = sdy.constant dense<0.0> : tensor<8x8xf32>
    sdy.return %1 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @return_count(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op body returns 0 values but the op has 1 results}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<4xf32>) {
    sdy.return
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @bad_in_sharding(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op in sharding 0: dimension 0: unknown axis "c"}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", "c"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<4xf32>) {
    sdy.return %arg1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @bad_out_sharding_rank(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op out sharding 0: sharding has 2 dimension shardings but the tensor 'tensor<8xf32>' has rank 1}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg1: tensor<4xf32>) {
    sdy.return %arg1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

func.func @nested_overlapping_manual_axes(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<4xf32>) {
    // expected-error @+1 {{'sdy.manual_computation' op manual axis "a" is already manual in an enclosing sdy.manual_computation}}
    %1 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{"b"}]>] out_shardings=[<@mesh, [{"b"}]>] manual_axes={"a", "b"} (%arg2: tensor<2xf32>) {
      sdy.return %arg2 : tensor<2xf32>
    } : (tensor<4xf32>) -> tensor<4xf32>
    sdy.return %1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

// Disjointness holds across two levels of nesting.
func.func @doubly_nested_overlap(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<4xf32>) {
    %1 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{"b"}]>] out_shardings=[<@mesh, [{"b"}]>] manual_axes={"b"} (%arg2: tensor<2xf32>) {
      %2 = sdy.named_computation<"inner">(%arg2) (%arg3: tensor<2xf32>) {
        // expected-error @+1 {{manual axis "a" is already manual in an enclosing sdy.manual_computation}}
        %3 = sdy.manual_computation(%arg3) in_shardings=[<@mesh, [{}], replicated={"a"}>] out_shardings=[<@mesh, [{}], replicated={"a"}>] manual_axes={"a"} (%arg4: tensor<2xf32>) {
          sdy.return %arg4 : tensor<2xf32>
        } : (tensor<2xf32>) -> tensor<2xf32>
        sdy.return %3 : tensor<2xf32>
      } : (tensor<2xf32>) -> tensor<2xf32>
      sdy.return %2 : tensor<2xf32>
    } : (tensor<4xf32>) -> tensor<4xf32>
    sdy.return %1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @manual_axis_in_body_constraint(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<4xf32>) {
    // expected-error @+1 {{'sdy.sharding_constraint' op sharding: axis "a" is a manual axis of an enclosing sdy.manual_computation and cannot shard a value inside its body}}
    %1 = sdy.sharding_constraint %arg1 <@mesh, [{"a"}]> : tensor<4xf32>
    sdy.return %1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @manual_axis_replicated_in_body(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<4xf32>) {
    // expected-error @+1 {{'test.op' op sharding of result 0: axis "a" is a manual axis of an enclosing sdy.manual_computation and cannot shard a value inside its body}}
    %1 = "test.op"(%arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}], replicated={"a"}>]>} : (tensor<4xf32>) -> tensor<4xf32>
    sdy.return %1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=4, "b"=2]>

// A sub-axis of a manual axis is the manual axis too.
func.func @manual_sub_axis_in_body(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<2xf32>) {
    // expected-error @+1 {{'sdy.reshard' op sharding: axis "a":(1)2 is a manual axis of an enclosing sdy.manual_computation}}
    %1 = sdy.reshard %arg1 <@mesh, [{"a":(1)2}]> : tensor<2xf32>
    sdy.return %1 : tensor<2xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @manual_axis_in_nested_in_sharding(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<4xf32>) {
    // expected-error @+1 {{'sdy.manual_computation' op in sharding 0: axis "a" is a manual axis of an enclosing sdy.manual_computation}}
    %1 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{"a", "b"}]>] out_shardings=[<@mesh, [{"b"}]>] manual_axes={"b"} (%arg2: tensor<2xf32>) {
      sdy.return %arg2 : tensor<2xf32>
    } : (tensor<4xf32>) -> tensor<4xf32>
    sdy.return %1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @manual_axis_in_body_collective(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<4xf32>) {
    // expected-error @+1 {{'sdy.all_slice' op out_sharding: axis "a" is a manual axis of an enclosing sdy.manual_computation}}
    %1 = sdy.all_slice [{"a"}] %arg1 out_sharding=<@mesh, [{"a"}]> : tensor<4xf32>
    sdy.return %1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2]>

func.func @non_tensor_operand(%arg0: i32) -> i32 {
  // expected-error @+1 {{'sdy.manual_computation' op operand #0 must be variadic of ranked tensor of any type values, but got 'i32'}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, []>] out_shardings=[<@mesh, []>] manual_axes={} (%arg1: i32) {
    sdy.return %arg1 : i32
  } : (i32) -> i32
  return %0 : i32
}

// -----

sdy.mesh @mesh = <["a"=2]>

func.func @isolated_from_above(%arg0: tensor<4xf32>) -> tensor<8xf32> {
  // expected-note @+1 {{required by region isolation constraints}}
  %0 = sdy.manual_computation() in_shardings=[] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} () {
    // expected-error @+1 {{using value defined outside the region}}
    %1 = sdy.propagation_barrier %arg0 allowed_direction=NONE : tensor<4xf32>
    sdy.return %1 : tensor<4xf32>
  } : () -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
