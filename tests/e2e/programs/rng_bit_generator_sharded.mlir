// rng_bit_generator with its output sharded: every device must hold its
// shard of the bits the whole output has on one device.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%x: tensor<8x6xui32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x6xui32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, tensor<8x6xui32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %s = stablehlo.constant dense<[81985529216486895, 18446744073709551614]> : tensor<2xui64>
  %st, %bits = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<8x6xui32>)
  %st2, %bits2 = stablehlo.rng_bit_generator %st, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<8x6xui32>)
  %0 = stablehlo.xor %bits, %x : tensor<8x6xui32>
  return %0, %bits2 : tensor<8x6xui32>, tensor<8x6xui32>
}
