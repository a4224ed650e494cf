// The same case evaluated for the indices 0, 1 and 5 (clamped to the last
// branch), with a contraction inside one branch and a resharded result.
// MESH @mesh = x
// TOL: 1e-5
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %w: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %i1 = stablehlo.constant dense<1> : tensor<i32>
  %i5 = stablehlo.constant dense<5> : tensor<i32>
  %r0 = "stablehlo.case"(%i0) ({
    %1 = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    stablehlo.return %1 : tensor<8x8xf32>
  }, {
    %1 = stablehlo.add %a, %w : tensor<8x8xf32>
    stablehlo.return %1 : tensor<8x8xf32>
  }, {
    %1 = stablehlo.subtract %a, %w : tensor<8x8xf32>
    stablehlo.return %1 : tensor<8x8xf32>
  }) : (tensor<i32>) -> tensor<8x8xf32>
  %r1 = "stablehlo.case"(%i1) ({
    %1 = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    stablehlo.return %1 : tensor<8x8xf32>
  }, {
    %1 = stablehlo.add %a, %w : tensor<8x8xf32>
    stablehlo.return %1 : tensor<8x8xf32>
  }) : (tensor<i32>) -> tensor<8x8xf32>
  %r5 = "stablehlo.case"(%i5) ({
    %1 = stablehlo.add %a, %w : tensor<8x8xf32>
    stablehlo.return %1 : tensor<8x8xf32>
  }, {
    %1 = stablehlo.subtract %a, %w : tensor<8x8xf32>
    stablehlo.return %1 : tensor<8x8xf32>
  }) : (tensor<i32>) -> tensor<8x8xf32>
  return %r0, %r1, %r5 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}
