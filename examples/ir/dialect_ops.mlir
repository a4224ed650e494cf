// Every op and attribute of the sdy dialect.

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=4, "d"=2, "e"=2, "f"=2]>
sdy.mesh @mesh_xy = <["x"=2, "y"=4]>
sdy.mesh @empty_mesh = <[]>

func.func @collectives(%arg0: tensor<8x8x8xf32>) -> tensor<8x8x8xf32> {
  %1 = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", "c"}, {}, {"d"}]>]>} : tensor<8x8x8xf32>
  %2 = sdy.all_gather [{"b", "c"}, {}, {"d"}] %1 out_sharding=<@mesh, [{"a"}, {}, {}]> : tensor<8x8x8xf32>
  %3 = sdy.all_slice [{"b", "c"}, {}, {"d"}] %2 out_sharding=<@mesh, [{"a", "b", "c"}, {}, {"d"}]> : tensor<8x8x8xf32>
  %4 = sdy.all_reduce {"e"} %3 out_sharding=<@mesh, [{"a", "b", "c"}, {}, {"d"}]> : tensor<8x8x8xf32>
  %5 = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "c"}, {"f"}, {"d", "e"}]>]>} : tensor<8x8x8xf32>
  %6 = sdy.collective_permute %5 out_sharding=<@mesh, [{"c":(1)2, "b", "f"}, {"a"}, {"e", "d"}]> : tensor<8x8x8xf32>
  return %6 : tensor<8x8x8xf32>
}

func.func @all_to_all(%arg0: tensor<8x8x4x4x32xf32>) -> tensor<8x8x4x4x32xf32> {
  %1 = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}, {"c"}, {}, {}, {}]>]>} : tensor<8x8x4x4x32xf32>
  %2 = sdy.all_to_all [{"b"}: 0->2, {"c"}: 1->3] %1 out_sharding=<@mesh, [{"a"}, {}, {"b"}, {"c"}, {}]> : tensor<8x8x4x4x32xf32>
  return %2 : tensor<8x8x4x4x32xf32>
}

func.func @annotations(%arg0: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %c = sdy.constant dense<1.0> : tensor<16x32xf32>
  %0 = sdy.reshard %arg0 <@mesh_xy, [{"x"}, {"y"}]> : tensor<16x32xf32>
  %1 = sdy.propagation_barrier %0 allowed_direction=BACKWARD : tensor<16x32xf32>
  %2 = sdy.named_computation<"foo">(%1) (%arg1: tensor<16x32xf32>) {
    sdy.return %arg1 : tensor<16x32xf32>
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %3 = stablehlo.add %2, %c {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=16, j=32}>} : tensor<16x32xf32>
  return %3 : tensor<16x32xf32>
}

func.func @rules(%arg0: tensor<8x8xf32>, %arg1: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=16, k=8} reduction={k}>} : (tensor<8x8xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.reshape %0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, jk])->([i, j, k]) {i=8, j=2, k=8}>} : (tensor<8x16xf32>) -> tensor<8x2x8xf32>
  return %0 : tensor<8x16xf32>
}

func.func @data_flow_edge(%arg0: tensor<32x96xf32>, %arg1: tensor<i32>) -> tensor<32x96xf32> {
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<32x96xf32>, tensor<i32>
    cond {
    %c = stablehlo.constant dense<4> : tensor<i32>
    %p = stablehlo.compare  LT, %iterArg_0, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.return %iterArg, %iterArg_0 : tensor<32x96xf32>, tensor<i32>
  }
  %1 = sdy.data_flow_edge %0#0 sharding=<@mesh_xy, [{"x"}, {?}]> : tensor<32x96xf32>
  return %1 : tensor<32x96xf32>
}
