// Quantized activations and weights: x is quantized per-tensor and the
// weight per-axis (over its rows, which stay unsharded: each device would
// need its own slice of the scales), the quantized sum x + x is
// dequantized and multiplied by the quantized weight (a hybrid
// dot_general), batch over "x" and output columns over "y".
// MESH @mesh = xy
// TOL: 1e-5
sdy.mesh @mesh = MESH
func.func @main(%x: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                %w: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %xq = stablehlo.uniform_quantize %x : (tensor<8x16xf32>) -> tensor<8x16x!quant.uniform<i8:f32, 1.0e-02:-3>>
  %sum = stablehlo.add %xq, %xq : tensor<8x16x!quant.uniform<i8:f32, 1.0e-02:-3>>
  %xf = stablehlo.uniform_dequantize %sum : (tensor<8x16x!quant.uniform<i8:f32, 1.0e-02:-3>>) -> tensor<8x16xf32>
  %wq = stablehlo.uniform_quantize %w : (tensor<16x8xf32>) -> tensor<16x8x!quant.uniform<i8:f32:0, {1.0e-02, 2.0e-02:1, 1.0e-02, 2.0e-02:1, 1.0e-02, 2.0e-02:1, 1.0e-02, 2.0e-02:1, 1.0e-02, 2.0e-02:1, 1.0e-02, 2.0e-02:1, 1.0e-02, 2.0e-02:1, 1.0e-02, 2.0e-02:1}>>
  %y = stablehlo.dot_general %xf, %wq, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8x!quant.uniform<i8:f32:0, {1.0e-02, 2.0e-02:1, 1.0e-02, 2.0e-02:1, 1.0e-02, 2.0e-02:1, 1.0e-02, 2.0e-02:1, 1.0e-02, 2.0e-02:1, 1.0e-02, 2.0e-02:1, 1.0e-02, 2.0e-02:1, 1.0e-02, 2.0e-02:1}>>) -> tensor<8x8xf32>
  return %y : tensor<8x8xf32>
}
