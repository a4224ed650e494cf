// RUN: sdy-run --interpret -split-input-file %s | FileCheck %s

// In the StableHLO reference interpreter's test format: data movement: broadcast_in_dim, concatenate, pad, slice, dynamic_slice, dynamic_update_slice, reverse, transpose, reshape, iota, gather (with batching dims), scatter, select, clamp, sort, get_dimension_size.
// Expected values are the StableHLO spec's examples or computed by hand
// (rng_bit_generator's are XLA's on CPU).

// CHECK: 18 passed, 0 failed

func.func @broadcast_in_dim() {
  %operand = stablehlo.constant dense<[[1], [2], [3]]> : tensor<3x1xi64>
  %result = stablehlo.broadcast_in_dim %operand, dims = [0, 2] : (tensor<3x1xi64>) -> tensor<3x2x2xi64>
  check.expect_eq_const %result, dense<[[[1, 1], [1, 1]], [[2, 2], [2, 2]], [[3, 3], [3, 3]]]> : tensor<3x2x2xi64>
  func.return
}

// -----

func.func @concatenate() {
  %input0 = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
  %input1 = stablehlo.constant dense<[[7, 8]]> : tensor<1x2xi64>
  %result = stablehlo.concatenate %input0, %input1, dim = 0 : (tensor<3x2xi64>, tensor<1x2xi64>) -> tensor<4x2xi64>
  check.expect_eq_const %result, dense<[[1, 2], [3, 4], [5, 6], [7, 8]]> : tensor<4x2xi64>
  func.return
}

// -----

func.func @pad() {
  %operand = stablehlo.constant dense<[[0, 0, 0, 0],
                                       [0, 1, 2, 0],
                                       [0, 3, 4, 0],
                                       [0, 5, 6, 0],
                                       [0, 0, 0, 0]]> : tensor<5x4xi64>
  %padding_value = stablehlo.constant dense<-1> : tensor<i64>
  %result = stablehlo.pad %operand, %padding_value, low = [1, -1], high = [1, -1], interior = [0, 1]
    : (tensor<5x4xi64>, tensor<i64>) -> tensor<7x5xi64>
  check.expect_eq_const %result, dense<[[-1, -1, -1, -1, -1], [-1, 0, -1, 0, -1], [-1, 1, -1, 2, -1],
                                        [-1, 3, -1, 4, -1], [-1, 5, -1, 6, -1], [-1, 0, -1, 0, -1],
                                        [-1, -1, -1, -1, -1]]> : tensor<7x5xi64>
  func.return
}

// -----

func.func @slice() {
  %operand = stablehlo.constant dense<[[0, 0, 0, 0],
                                       [0, 0, 1, 1],
                                       [0, 0, 1, 1]]> : tensor<3x4xi64>
  %result = "stablehlo.slice"(%operand) {
    start_indices = array<i64: 1, 2>,
    limit_indices = array<i64: 3, 4>,
    strides = array<i64: 1, 1>
  } : (tensor<3x4xi64>) -> tensor<2x2xi64>
  check.expect_eq_const %result, dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>
  func.return
}

// -----

func.func @slice_pretty() {
  %operand = stablehlo.constant dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]> : tensor<3x4xi64>
  %result = stablehlo.slice %operand [0:3:2, 1:4:2] : (tensor<3x4xi64>) -> tensor<2x2xi64>
  check.expect_eq_const %result, dense<[[1, 3], [9, 11]]> : tensor<2x2xi64>
  func.return
}

// -----

func.func @dynamic_slice() {
  %operand = stablehlo.constant dense<[[0, 0, 1, 1],
                                       [0, 0, 1, 1],
                                       [0, 0, 0, 0],
                                       [0, 0, 0, 0]]> : tensor<4x4xi64>
  %start_indices0 = stablehlo.constant dense<-1> : tensor<i64>
  %start_indices1 = stablehlo.constant dense<3> : tensor<i64>
  %result = stablehlo.dynamic_slice %operand, %start_indices0, %start_indices1, sizes = [2, 2] : (tensor<4x4xi64>, tensor<i64>, tensor<i64>) -> tensor<2x2xi64>
  check.expect_eq_const %result, dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>
  func.return
}

// -----

func.func @dynamic_update_slice() {
  %operand = stablehlo.constant dense<[[1, 1, 0, 0],
                                       [1, 1, 0, 0],
                                       [1, 1, 1, 1],
                                       [1, 1, 1, 1]]> : tensor<4x4xi64>
  %update = stablehlo.constant dense<[[1, 1],
                                      [1, 1]]> : tensor<2x2xi64>
  %start_indices0 = stablehlo.constant dense<4> : tensor<i64>
  %start_indices1 = stablehlo.constant dense<4> : tensor<i64>
  %result = stablehlo.dynamic_update_slice %operand, %update, %start_indices0, %start_indices1 :
      (tensor<4x4xi64>, tensor<2x2xi64>, tensor<i64>, tensor<i64>) -> tensor<4x4xi64>
  check.expect_eq_const %result, dense<[[1, 1, 0, 0], [1, 1, 0, 0], [1, 1, 1, 1], [1, 1, 1, 1]]> : tensor<4x4xi64>
  func.return
}

// -----

func.func @reverse() {
  %operand = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
  %result = stablehlo.reverse %operand, dims = [1] : tensor<3x2xi64>
  check.expect_eq_const %result, dense<[[2, 1], [4, 3], [6, 5]]> : tensor<3x2xi64>
  func.return
}

// -----

func.func @transpose() {
  %operand = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6]],
                                       [[7, 8], [9, 10], [11, 12]]]> : tensor<2x3x2xi64>
  %result = stablehlo.transpose %operand, dims = [2, 1, 0] : (tensor<2x3x2xi64>) -> tensor<2x3x2xi64>
  check.expect_eq_const %result, dense<[[[1, 7], [3, 9], [5, 11]],
                                        [[2, 8], [4, 10], [6, 12]]]> : tensor<2x3x2xi64>
  func.return
}

// -----

func.func @reshape() {
  %operand = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %result = stablehlo.reshape %operand : (tensor<2x3xi64>) -> tensor<3x2xi64>
  check.expect_eq_const %result, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
  func.return
}

// -----

func.func @iota() {
  %0 = stablehlo.iota dim = 1 : tensor<4x5xi32>
  check.expect_eq_const %0, dense<[[0, 1, 2, 3, 4], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4]]> : tensor<4x5xi32>
  %1 = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<3xcomplex<f32>>
  check.expect_eq_const %1, dense<[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)]> : tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @gather() {
  %operand = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6], [7, 8]],
                                       [[9, 10],[11, 12], [13, 14], [15, 16]],
                                       [[17, 18], [19, 20], [21, 22], [23, 24]]]> : tensor<3x4x2xi64>
  %start_indices = stablehlo.constant dense<[[[0, 0], [1, 0], [2, 1]],
                                             [[0, 1], [1, 1], [0, 9]]]> : tensor<2x3x2xi64>
  %result = "stablehlo.gather"(%operand, %start_indices) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [2, 3],
      collapsed_slice_dims = [0],
      start_index_map = [1, 0],
      index_vector_dim = 2>,
    slice_sizes = array<i64: 1, 2, 2>,
    indices_are_sorted = false
  } : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  check.expect_eq_const %result, dense<[[[[1, 2], [3, 4]], [[3, 4], [5, 6]], [[13, 14], [15, 16]]],
                                        [[[9, 10], [11, 12]], [[11, 12], [13, 14]], [[17, 18], [19, 20]]]]> : tensor<2x3x2x2xi64>
  func.return
}

// -----

func.func @gather_batching() {
  %operand = stablehlo.constant dense<[[[[1, 2], [3, 4], [5, 6], [7, 8]],
                                        [[9, 10],[11, 12], [13, 14], [15, 16]],
                                        [[17, 18], [19, 20], [21, 22], [23, 24]]],
                                       [[[25, 26], [27, 28], [29, 30], [31, 32]],
                                        [[33, 34], [35, 36], [37, 38], [39, 40]],
                                        [[41, 42], [43, 44], [45, 46], [47, 48]]]]> : tensor<2x3x4x2xi32>
  %start_indices = stablehlo.constant dense<[[[[0, 0], [1, 0], [2, 1]],
                                              [[0, 1], [1, 1], [0, 9]]],
                                             [[[0, 0], [2, 1], [2, 2]],
                                              [[1, 2], [0, 1], [1, 0]]]]> : tensor<2x2x3x2xi64>
  %result = "stablehlo.gather"(%operand, %start_indices) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [3, 4],
      collapsed_slice_dims = [1],
      operand_batching_dims = [0],
      start_indices_batching_dims = [1],
      start_index_map = [2, 1],
      index_vector_dim = 3>,
    slice_sizes = array<i64: 1, 1, 2, 2>,
    indices_are_sorted = false
  } : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  check.expect_eq_const %result, dense<[[[[[1, 2], [3, 4]], [[3, 4], [5, 6]], [[13, 14], [15, 16]]],
                                         [[[33, 34], [35, 36]], [[35, 36], [37, 38]], [[41, 42], [43, 44]]]],
                                        [[[[1, 2], [3, 4]], [[13, 14], [15, 16]], [[21, 22], [23, 24]]],
                                         [[[43, 44], [45, 46]], [[33, 34], [35, 36]], [[27, 28], [29, 30]]]]]> : tensor<2x2x3x2x2xi32>
  func.return
}

// -----

func.func @scatter() {
  %input = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6], [7, 8]],
                                     [[9, 10], [11, 12], [13, 14], [15, 16]],
                                     [[17, 18], [19, 20], [21, 22], [23, 24]]]> : tensor<3x4x2xi64>
  %scatter_indices = stablehlo.constant dense<[[[0, 2], [1, 0], [2, 1]],
                                               [[0, 1], [1, 0], [0, 9]]]> : tensor<2x3x2xi64>
  %update = stablehlo.constant dense<1> : tensor<2x3x2x2xi64>
  %result = "stablehlo.scatter"(%input, %scatter_indices, %update) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %0 = stablehlo.add %arg0, %arg1 : tensor<i64>
      stablehlo.return %0 : tensor<i64>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<
      update_window_dims = [2, 3],
      inserted_window_dims = [0],
      scatter_dims_to_operand_dims = [1, 0],
      index_vector_dim = 2>,
    indices_are_sorted = false,
    unique_indices = false
  } : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  check.expect_eq_const %result, dense<[[[1, 2], [5, 6], [7, 8], [7, 8]],
                                        [[10, 11], [12, 13], [14, 15], [16, 17]],
                                        [[18, 19], [20, 21], [21, 22], [23, 24]]]> : tensor<3x4x2xi64>
  func.return
}

// -----

func.func @select() {
  %pred = stablehlo.constant dense<[[false, true], [true, false]]> : tensor<2x2xi1>
  %on_true = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %on_false = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>
  %result = stablehlo.select %pred, %on_true, %on_false : tensor<2x2xi1>, tensor<2x2xi32>
  check.expect_eq_const %result, dense<[[5, 2], [3, 8]]> : tensor<2x2xi32>
  %pred2 = stablehlo.constant dense<true> : tensor<i1>
  %r2 = stablehlo.select %pred2, %on_true, %on_false : tensor<i1>, tensor<2x2xi32>
  check.expect_eq_const %r2, dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  func.return
}

// -----

func.func @clamp() {
  %min = stablehlo.constant dense<[5, 10, 15]> : tensor<3xi32>
  %operand = stablehlo.constant dense<[3, 13, 23]> : tensor<3xi32>
  %max = stablehlo.constant dense<[10, 15, 20]> : tensor<3xi32>
  %result = stablehlo.clamp %min, %operand, %max : tensor<3xi32>
  check.expect_eq_const %result, dense<[5, 13, 20]> : tensor<3xi32>
  %smin = stablehlo.constant dense<5> : tensor<i32>
  %r2 = stablehlo.clamp %smin, %operand, %max : (tensor<i32>, tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  check.expect_eq_const %r2, dense<[5, 13, 20]> : tensor<3xi32>
  func.return
}

// -----

func.func @sort() {
  %input0 = stablehlo.constant dense<[[1, 2, 3], [3, 2, 1]]> : tensor<2x3xi64>
  %input1 = stablehlo.constant dense<[[3, 2, 1], [1, 2, 3]]> : tensor<2x3xi64>
  %result0, %result1 = "stablehlo.sort"(%input0, %input1) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<i64>, %arg3: tensor<i64>):
      %predicate = stablehlo.compare GT, %arg0, %arg1 : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %predicate : tensor<i1>
  }) {
    dimension = 0 : i64,
    is_stable = true
  } : (tensor<2x3xi64>, tensor<2x3xi64>) -> (tensor<2x3xi64>, tensor<2x3xi64>)
  check.expect_eq_const %result0, dense<[[3, 2, 3], [1, 2, 1]]> : tensor<2x3xi64>
  check.expect_eq_const %result1, dense<[[1, 2, 1], [3, 2, 3]]> : tensor<2x3xi64>
  func.return
}

// -----

func.func @get_dimension_size() {
  %operand = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
  %result = stablehlo.get_dimension_size %operand, dim = 1 : (tensor<3x2xi64>) -> tensor<i32>
  check.expect_eq_const %result, dense<2> : tensor<i32>
  func.return
}
