// How users attach shardings (docs/attaching-shardings.md): input/output
// shardings, sharding constraints, sharding groups, manual computations.

sdy.mesh @mesh_xy = <["x"=2, "y"=2]>
sdy.mesh @mesh_name = <["data"=2, "model"=2]>

// Input and output shardings on the main function.
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {}]>},
                %arg1: tensor<8x16xf32>)
    -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{}, {"y"}]>}) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// A sharding constraint on an intermediate value; open dimension 1.
func.func @constraint(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh_xy, [{"x"}, {?}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// A sharding group: the input and the constant must be sharded alike.
func.func @group(%arg0: tensor<8x2xi64> {sdy.sharding = #sdy.sharding<@mesh_xy, [{"x"}, {"y"}]>}) -> tensor<8x2xi64> {
  sdy.sharding_group %arg0 group_id=0 : tensor<8x2xi64>
  %1 = stablehlo.constant dense<0> : tensor<8x2xi64>
  sdy.sharding_group %1 group_id=0 : tensor<8x2xi64>
  return %1 : tensor<8x2xi64>
}

// A manual computation: the body sees the local shape along "data".
func.func @manual(%arg0: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %1 = sdy.manual_computation(%arg0)
      in_shardings=[<@mesh_name, [{"data"}, {"model", ?}]>]
      out_shardings=[<@mesh_name, [{"data"}, {?}]>]
      manual_axes={"data"} (%arg1: tensor<8x32xf32>) {
    %2 = stablehlo.multiply %arg1, %arg1 : tensor<8x32xf32>
    sdy.return %2 : tensor<8x32xf32>
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}
