// A reduce_window whose windowed dimension stays sharded is listed by the
// report before partitioning, with the halo exchange the partitioner's
// lowering adds: a 3-wide centred window on 32x32xf32 sharded over x=2
// needs one column from each neighbour, a 32x1xf32 slice (128 B) sent by
// each device to the other (two collective_permutes, one per side, which
// the model estimates cheaper than gathering the 2 KiB shards). After
// -sdy-partition-pipeline the same two collective_permutes are listed. A
// reduce_window whose operand is replicated moves nothing and is not listed.
// RUN: sdy-opt %s -sdy-propagation-pipeline -sdy-insert-explicit-reshards='enable-full-version=true' -sdy-reshard-to-collectives -sdy-collective-report -o /dev/null | FileCheck %s --check-prefix=SDY
// RUN: sdy-opt %s -sdy-partition-pipeline -sdy-collective-report -o /dev/null | FileCheck %s --check-prefix=PART

// SDY: collective report: 2 device(s), backend local
// SDY: #0 stablehlo.reduce_window in @main at
// SDY-NEXT: axes: -  operands: tensor<32x32xf32> tensor<f32>
// SDY-NEXT: groups: {{\[}}[0,1], [1,0]]
// SDY-NEXT: max sent 128 B, max received 128 B, estimated
// SDY-NEXT: per device sent/received: 0:128/128 1:128/128
// SDY-NEXT: total @main: 1 collective(s), max sent 128 B
// SDY-NOT: #1

// PART: #0 stablehlo.collective_permute in @main at
// PART: pairs: [(0->1)]
// PART: #1 stablehlo.collective_permute in @main at
// PART: pairs: [(1->0)]
// PART: total @main: 2 collective(s), max sent 128 B, max received 128 B

sdy.mesh @mesh = <["x"=2]>

func.func @main(%a: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>},
                %b: tensor<4x32xf32>) -> (tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, tensor<4x32xf32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a, %z) <{padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 3>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<32x32xf32>, tensor<f32>) -> tensor<32x32xf32>
  %1 = "stablehlo.reduce_window"(%b, %z) <{padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 3>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x32xf32>, tensor<f32>) -> tensor<4x32xf32>
  return %0, %1 : tensor<32x32xf32>, tensor<4x32xf32>
}
