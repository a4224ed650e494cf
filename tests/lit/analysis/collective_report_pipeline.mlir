// The report before and after partitioning the Megatron MLP block: the
// sdy.all_reduce that reshard-to-collectives leaves is counted as what the
// partitioner lowers it to, the same bytes as after -sdy-partition-pipeline:
// a
// stablehlo.all_reduce of the local 8x16xf32 result (512 B) over the 4
// devices of "model". On the local backend each device owns a 32-element
// (128 B) part: it sends the other 384 B of its buffer and its reduced
// part 3 times, (512 - 128) + 3 x 128 = 768 B, and receives as much.
// RUN: sdy-opt %s -sdy-propagation-pipeline -sdy-insert-explicit-reshards='enable-full-version=true' -sdy-reshard-to-collectives -sdy-collective-report -o /dev/null | FileCheck %s --check-prefix=SDY
// RUN: sdy-opt %s -sdy-partition-pipeline -sdy-collective-report -o /dev/null | FileCheck %s --check-prefix=PART

// SDY: collective report: 4 device(s), backend local
// SDY-NEXT: bytes per device
// SDY-NEXT: #0 sdy.all_reduce in @mlp_block at
// SDY-NEXT: axes: model  operands: tensor<8x16xf32>
// SDY-NEXT: groups: {{\[}}[0,1,2,3]]
// SDY-NEXT: max sent 768 B, max received 768 B, estimated
// SDY-NEXT: per device sent/received: 0:768/768 1:768/768 2:768/768 3:768/768
// SDY-NEXT: total @mlp_block: 1 collective(s), max sent 768 B

// PART: #0 stablehlo.all_reduce in @mlp_block at
// PART-NEXT: axes: model  operands: tensor<8x16xf32>
// PART-NEXT: groups: {{\[}}[0,1,2,3]]
// PART-NEXT: max sent 768 B, max received 768 B, estimated
// PART-NEXT: per device sent/received: 0:768/768 1:768/768 2:768/768 3:768/768
// PART-NEXT: total @mlp_block: 1 collective(s), max sent 768 B

sdy.mesh @mesh = <["model"=4]>

func.func @mlp_block(%x: tensor<8x16xf32>,
                     %w1: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>},
                     %w2: tensor<64x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x64xf32>) -> tensor<8x64xf32>
  %1 = stablehlo.tanh %0 : tensor<8x64xf32>
  %2 = stablehlo.dot_general %1, %w2, contracting_dims = [1] x [0] : (tensor<8x64xf32>, tensor<64x16xf32>) -> tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}
