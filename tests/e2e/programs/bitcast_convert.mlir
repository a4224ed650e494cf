// bitcast_convert: u32 -> 4 x u8 (the new byte dim needs replication) and
// back to ui32, rows sharded over "x", columns over "y".
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x8x4xui8> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}, tensor<8x8xui32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  %0 = stablehlo.bitcast_convert %a : (tensor<8x8xi32>) -> tensor<8x8x4xui8>
  %1 = stablehlo.bitcast_convert %0 : (tensor<8x8x4xui8>) -> tensor<8x8xui32>
  return %0, %1 : tensor<8x8x4xui8>, tensor<8x8xui32>
}
