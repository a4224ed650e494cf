// RUN: sdy-run --interpret -split-input-file %s | FileCheck %s

// interpreter.run_parallel on a 2x2 grid: device (r, p) runs programs[r][p]
// and gets input r * 2 + p: [1, 2], [10, 20], [100, 200], [1000, 2000].
// Each replica_groups mode, with hand-computed results.

// CHECK: PASS @main
func.func @ids() -> (tensor<ui32>, tensor<ui32>) {
  %r = stablehlo.replica_id : tensor<ui32>
  %p = stablehlo.partition_id : tensor<ui32>
  func.return %r, %p : tensor<ui32>, tensor<ui32>
}
func.func @main() {
  %r:8 = "interpreter.run_parallel"() {programs = [[@ids, @ids], [@ids, @ids]]} : () -> (tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>)
  check.expect_eq_const %r#0, dense<0> : tensor<ui32>
  check.expect_eq_const %r#1, dense<0> : tensor<ui32>
  check.expect_eq_const %r#2, dense<0> : tensor<ui32>
  check.expect_eq_const %r#3, dense<1> : tensor<ui32>
  check.expect_eq_const %r#4, dense<1> : tensor<ui32>
  check.expect_eq_const %r#5, dense<0> : tensor<ui32>
  check.expect_eq_const %r#6, dense<1> : tensor<ui32>
  check.expect_eq_const %r#7, dense<1> : tensor<ui32>
  func.return
}

// -----

// No channel: cross_replica. Groups of replicas within each partition:
// {(0,0), (1,0)} and {(0,1), (1,1)}.
// CHECK: PASS @main
func.func @f(%x: tensor<2xi64>) -> tensor<2xi64> {
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi64>) -> tensor<2xi64>
  func.return %0 : tensor<2xi64>
}
func.func @main() {
  %x0 = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %x1 = stablehlo.constant dense<[10, 20]> : tensor<2xi64>
  %x2 = stablehlo.constant dense<[100, 200]> : tensor<2xi64>
  %x3 = stablehlo.constant dense<[1000, 2000]> : tensor<2xi64>
  %a:4 = "interpreter.run_parallel"(%x0, %x1, %x2, %x3) {programs = [[@f, @f], [@f, @f]]} : (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>)
  check.expect_eq_const %a#0, dense<[101, 202]> : tensor<2xi64>
  check.expect_eq_const %a#1, dense<[1010, 2020]> : tensor<2xi64>
  check.expect_eq_const %a#2, dense<[101, 202]> : tensor<2xi64>
  check.expect_eq_const %a#3, dense<[1010, 2020]> : tensor<2xi64>
  func.return
}

// -----

// Channel, replica ids: cross_replica_and_partition. [[0], [1]] is
// {(0,0), (0,1)} and {(1,0), (1,1)}.
// CHECK: PASS @main
func.func @f(%x: tensor<2xi64>) -> tensor<2xi64> {
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0], [1]]> : tensor<2x1xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2xi64>) -> tensor<2xi64>
  func.return %0 : tensor<2xi64>
}
func.func @main() {
  %x0 = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %x1 = stablehlo.constant dense<[10, 20]> : tensor<2xi64>
  %x2 = stablehlo.constant dense<[100, 200]> : tensor<2xi64>
  %x3 = stablehlo.constant dense<[1000, 2000]> : tensor<2xi64>
  %a:4 = "interpreter.run_parallel"(%x0, %x1, %x2, %x3) {programs = [[@f, @f], [@f, @f]]} : (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>)
  check.expect_eq_const %a#0, dense<[11, 22]> : tensor<2xi64>
  check.expect_eq_const %a#1, dense<[11, 22]> : tensor<2xi64>
  check.expect_eq_const %a#2, dense<[1100, 2200]> : tensor<2xi64>
  check.expect_eq_const %a#3, dense<[1100, 2200]> : tensor<2xi64>
  func.return
}

// -----

// cross_replica_and_partition orders a group partition-major:
// [[0, 1]] is (0,0), (1,0), (0,1), (1,1).
// CHECK: PASS @main
func.func @g(%x: tensor<2xi64>) -> tensor<8xi64> {
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2xi64>) -> tensor<8xi64>
  func.return %0 : tensor<8xi64>
}
func.func @main() {
  %x0 = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %x1 = stablehlo.constant dense<[10, 20]> : tensor<2xi64>
  %x2 = stablehlo.constant dense<[100, 200]> : tensor<2xi64>
  %x3 = stablehlo.constant dense<[1000, 2000]> : tensor<2xi64>
  %a:4 = "interpreter.run_parallel"(%x0, %x1, %x2, %x3) {programs = [[@g, @g], [@g, @g]]} : (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> (tensor<8xi64>, tensor<8xi64>, tensor<8xi64>, tensor<8xi64>)
  check.expect_eq_const %a#0, dense<[1, 2, 100, 200, 10, 20, 1000, 2000]> : tensor<8xi64>
  check.expect_eq_const %a#3, dense<[1, 2, 100, 200, 10, 20, 1000, 2000]> : tensor<8xi64>
  func.return
}

// -----

// Channel and use_global_device_ids: flattened_ids, device ids r * 2 + p.
// CHECK: PASS @main
func.func @g(%x: tensor<2xi64>) -> tensor<4xi64> {
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[3, 0], [1, 2]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<2xi64>) -> tensor<4xi64>
  func.return %0 : tensor<4xi64>
}
func.func @main() {
  %x0 = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %x1 = stablehlo.constant dense<[10, 20]> : tensor<2xi64>
  %x2 = stablehlo.constant dense<[100, 200]> : tensor<2xi64>
  %x3 = stablehlo.constant dense<[1000, 2000]> : tensor<2xi64>
  %a:4 = "interpreter.run_parallel"(%x0, %x1, %x2, %x3) {programs = [[@g, @g], [@g, @g]]} : (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> (tensor<4xi64>, tensor<4xi64>, tensor<4xi64>, tensor<4xi64>)
  check.expect_eq_const %a#0, dense<[1000, 2000, 1, 2]> : tensor<4xi64>
  check.expect_eq_const %a#1, dense<[10, 20, 100, 200]> : tensor<4xi64>
  check.expect_eq_const %a#2, dense<[10, 20, 100, 200]> : tensor<4xi64>
  check.expect_eq_const %a#3, dense<[1000, 2000, 1, 2]> : tensor<4xi64>
  func.return
}

// -----

// reduce_scatter, flattened_ids [[0, 1], [2, 3]].
// CHECK: PASS @main
func.func @rs(%x: tensor<2xi64>) -> tensor<1xi64> {
  %0 = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<2xi64>) -> tensor<1xi64>
  func.return %0 : tensor<1xi64>
}
func.func @main() {
  %x0 = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %x1 = stablehlo.constant dense<[10, 20]> : tensor<2xi64>
  %x2 = stablehlo.constant dense<[100, 200]> : tensor<2xi64>
  %x3 = stablehlo.constant dense<[1000, 2000]> : tensor<2xi64>
  %a:4 = "interpreter.run_parallel"(%x0, %x1, %x2, %x3) {programs = [[@rs, @rs], [@rs, @rs]]} : (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> (tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>)
  check.expect_eq_const %a#0, dense<[11]> : tensor<1xi64>
  check.expect_eq_const %a#1, dense<[22]> : tensor<1xi64>
  check.expect_eq_const %a#2, dense<[1100]> : tensor<1xi64>
  check.expect_eq_const %a#3, dense<[2200]> : tensor<1xi64>
  func.return
}

// -----

// all_to_all with a channel: cross_partition, within each replica.
// CHECK: PASS @main
func.func @a2a(%x: tensor<2xi64>) -> tensor<2xi64> {
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2xi64>) -> tensor<2xi64>
  func.return %0 : tensor<2xi64>
}
func.func @main() {
  %x0 = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %x1 = stablehlo.constant dense<[10, 20]> : tensor<2xi64>
  %x2 = stablehlo.constant dense<[100, 200]> : tensor<2xi64>
  %x3 = stablehlo.constant dense<[1000, 2000]> : tensor<2xi64>
  %a:4 = "interpreter.run_parallel"(%x0, %x1, %x2, %x3) {programs = [[@a2a, @a2a], [@a2a, @a2a]]} : (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>)
  check.expect_eq_const %a#0, dense<[1, 10]> : tensor<2xi64>
  check.expect_eq_const %a#1, dense<[2, 20]> : tensor<2xi64>
  check.expect_eq_const %a#2, dense<[100, 1000]> : tensor<2xi64>
  check.expect_eq_const %a#3, dense<[200, 2000]> : tensor<2xi64>
  func.return
}

// -----

// collective_permute: replica ids without a channel, partition ids with one;
// a device that is no target gets zeros.
// CHECK: PASS @main
func.func @swap_replicas(%x: tensor<2xi64>) -> tensor<2xi64> {
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<2xi64>) -> tensor<2xi64>
  func.return %0 : tensor<2xi64>
}
func.func @shift_partitions(%x: tensor<2xi64>) -> tensor<2xi64> {
  %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2xi64>) -> tensor<2xi64>
  func.return %0 : tensor<2xi64>
}
func.func @main() {
  %x0 = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %x1 = stablehlo.constant dense<[10, 20]> : tensor<2xi64>
  %x2 = stablehlo.constant dense<[100, 200]> : tensor<2xi64>
  %x3 = stablehlo.constant dense<[1000, 2000]> : tensor<2xi64>
  %a:4 = "interpreter.run_parallel"(%x0, %x1, %x2, %x3) {programs = [[@swap_replicas, @swap_replicas], [@swap_replicas, @swap_replicas]]} : (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>)
  check.expect_eq_const %a#0, dense<[100, 200]> : tensor<2xi64>
  check.expect_eq_const %a#1, dense<[1000, 2000]> : tensor<2xi64>
  check.expect_eq_const %a#2, dense<[1, 2]> : tensor<2xi64>
  check.expect_eq_const %a#3, dense<[10, 20]> : tensor<2xi64>
  %b:4 = "interpreter.run_parallel"(%x0, %x1, %x2, %x3) {programs = [[@shift_partitions, @shift_partitions], [@shift_partitions, @shift_partitions]]} : (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>)
  check.expect_eq_const %b#0, dense<[0, 0]> : tensor<2xi64>
  check.expect_eq_const %b#1, dense<[1, 2]> : tensor<2xi64>
  check.expect_eq_const %b#2, dense<[0, 0]> : tensor<2xi64>
  check.expect_eq_const %b#3, dense<[100, 200]> : tensor<2xi64>
  func.return
}

// -----

// collective_broadcast: the first of each group sends; replica 1 of
// cross_replica [[1, 0]] sends in each partition. With a channel
// (cross_partition) [[1]], each device is alone in its group or in none
// (zeros).
// CHECK: PASS @main
func.func @bcast(%x: tensor<2xi64>) -> tensor<2xi64> {
  %0 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<2xi64>) -> tensor<2xi64>
  func.return %0 : tensor<2xi64>
}
func.func @bcast_partition(%x: tensor<2xi64>) -> tensor<2xi64> {
  %0 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[1]]> : tensor<1x1xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2xi64>) -> tensor<2xi64>
  func.return %0 : tensor<2xi64>
}
func.func @main() {
  %x0 = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %x1 = stablehlo.constant dense<[10, 20]> : tensor<2xi64>
  %x2 = stablehlo.constant dense<[100, 200]> : tensor<2xi64>
  %x3 = stablehlo.constant dense<[1000, 2000]> : tensor<2xi64>
  %a:4 = "interpreter.run_parallel"(%x0, %x1, %x2, %x3) {programs = [[@bcast, @bcast], [@bcast, @bcast]]} : (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>)
  check.expect_eq_const %a#0, dense<[100, 200]> : tensor<2xi64>
  check.expect_eq_const %a#1, dense<[1000, 2000]> : tensor<2xi64>
  check.expect_eq_const %a#2, dense<[100, 200]> : tensor<2xi64>
  check.expect_eq_const %a#3, dense<[1000, 2000]> : tensor<2xi64>
  %b:4 = "interpreter.run_parallel"(%x0, %x1, %x2, %x3) {programs = [[@bcast_partition, @bcast_partition], [@bcast_partition, @bcast_partition]]} : (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>)
  check.expect_eq_const %b#0, dense<[0, 0]> : tensor<2xi64>
  check.expect_eq_const %b#1, dense<[10, 20]> : tensor<2xi64>
  check.expect_eq_const %b#2, dense<[0, 0]> : tensor<2xi64>
  check.expect_eq_const %b#3, dense<[1000, 2000]> : tensor<2xi64>
  func.return
}

// -----

// Different programs per device, inputs handed out by arity.
// CHECK: PASS @main
func.func @two(%a: tensor<i32>, %b: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.add %a, %b : tensor<i32>
  func.return %0 : tensor<i32>
}
func.func @none() -> tensor<i32> {
  %0 = stablehlo.constant dense<7> : tensor<i32>
  func.return %0 : tensor<i32>
}
func.func @main() {
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c2 = stablehlo.constant dense<2> : tensor<i32>
  %r:2 = "interpreter.run_parallel"(%c1, %c2) {programs = [[@two, @none]]} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  check.expect_eq_const %r#0, dense<3> : tensor<i32>
  check.expect_eq_const %r#1, dense<7> : tensor<i32>
  func.return
}
