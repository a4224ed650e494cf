// Invalid unreduced axes and unreduced conversions. Each case is rejected by
// the real Shardy too (with the message quoted in its comment).
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>

// Shardy: duplicate axis ref: "a"
// expected-error @+1 {{axis "a" is used more than once (in dimension 0 and in unreduced axes)}}
func.func @unreduced_overlaps_dim(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"a"}>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>

// Shardy: duplicate axis ref: "b"
// expected-error @+1 {{axis "b" is used more than once (in replicated axes and in unreduced axes)}}
func.func @unreduced_overlaps_replicated(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], replicated={"b"}, unreduced={"b"}>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>

// Shardy: unreduced axes are not ordered w.r.t. mesh
// expected-error @+1 {{unreduced axes must be sorted in mesh order: "c" must come after "b"}}
func.func @unreduced_unsorted(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"c", "b"}>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>

// Shardy: unknown axis name: "z"
// expected-error @+1 {{unreduced axes: unknown axis "z"}}
func.func @unreduced_unknown_axis(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"z"}>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>

// Shardy: two consecutive sub-axes can be merged: "b":(1)2, "b":(2)2
// expected-error @+1 {{unreduced axes: adjacent sub-axes "b":(1)2 and "b":(2)2 can be merged; write "b"}}
func.func @unreduced_mergeable(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"b":(1)2, "b":(2)2}>}) {
  return
}

// -----

sdy.mesh @maximal = <[], device_ids=[3]>

// Shardy: a maximal sharding can only have a sharding with rank 0 and no
// replicated or unreduced axes.
// expected-error @+1 {{a sharding on a maximal mesh cannot have unreduced axes}}
func.func @unreduced_on_maximal(%arg0: tensor<f32> {sdy.sharding = #sdy.sharding<@maximal, [], unreduced={"a"}>}) {
  return
}

// -----

// Shardy: expected valid named axis list after comma
// expected-error @+1 {{'unreduced' given twice}}
func.func @unreduced_twice() attributes {a = #sdy.sharding<@mesh, [], unreduced={"b"}, unreduced={"c"}>} {
  return
}

// -----

// expected-error @+1 {{expected 'replicated' or 'unreduced', got 'reduced'}}
func.func @unknown_axis_set() attributes {a = #sdy.sharding<@mesh, [], reduced={"b"}>} {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>

// Shardy: can't apply shard-to-unreduce axis "b" to operand sharding on
// dimension 0
func.func @sharded_to_unreduced_not_suffix(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x16xf32> {
  // expected-error @+1 {{axes of dimension 0 must be a suffix of the operand's dimension sharding [{"a"}]}}
  %0 = sdy.sharded_to_unreduced [{"b"}, {}] %arg0 out_sharding=<@mesh, [{"a"}, {}], unreduced={"b"}> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>

// Shardy: out_unreduced_axes should be in_unreduced_axes +
// sharded_to_unreduced_axes
func.func @sharded_to_unreduced_wrong_out(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x16xf32> {
  // expected-error @+1 {{out_sharding's unreduced axes [{"b"}] do not match the unreduced axes inferred from the operand and the op: [{"a"}]}}
  %0 = sdy.sharded_to_unreduced [{"a"}, {}] %arg0 out_sharding=<@mesh, [{}, {}], unreduced={"b"}> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>

// Shardy: duplicate axis ref: "a"
func.func @replicated_to_unreduced_sharded_axis(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x16xf32> {
  // expected-error @+1 {{axis "a" overlaps with axis "a" that shards dimension 0 of the operand; only replicated axes can become unreduced}}
  %0 = sdy.replicated_to_unreduced {"a"} %arg0 out_sharding=<@mesh, [{"a"}, {}], unreduced={"b"}> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>

// Shardy: out_unreduced_axes should be in_unreduced_axes + r2u_axes
func.func @replicated_to_unreduced_wrong_out(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x16xf32> {
  // expected-error @+1 {{out_sharding's unreduced axes [{"c"}] do not match the unreduced axes inferred from the operand and the op: [{"b"}]}}
  %0 = sdy.replicated_to_unreduced {"b"} %arg0 out_sharding=<@mesh, [{"a"}, {}], unreduced={"c"}> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
