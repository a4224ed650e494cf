// RUN: sdy-run --interpret -split-input-file %s | FileCheck %s

// cholesky, triangular_solve and top_k on complex numbers. The matrices are
// built from known factors, so every expected value is exact:
//   L = [[1, 0, 0], [i, 2, 0], [1-i, 1+i, 1]],
//   A = L L^H = [[1, -i, 1+i], [i, 5, 1-i], [1-i, 1+i, 5]].

// CHECK: PASS @cholesky_lower_c64
func.func @cholesky_lower_c64() {
  %a = stablehlo.constant dense<[[(1.0, 0.0), (0.0, -1.0), (1.0, 1.0)], [(0.0, 1.0), (5.0, 0.0), (1.0, -1.0)], [(1.0, -1.0), (1.0, 1.0), (5.0, 0.0)]]> : tensor<3x3xcomplex<f32>>
  %l = stablehlo.cholesky %a, lower = true : tensor<3x3xcomplex<f32>>
  check.expect_eq_const %l, dense<[[(1.0, 0.0), (0.0, 0.0), (0.0, 0.0)], [(0.0, 1.0), (2.0, 0.0), (0.0, 0.0)], [(1.0, -1.0), (1.0, 1.0), (1.0, 0.0)]]> : tensor<3x3xcomplex<f32>>
  func.return
}

// -----

// The upper factor U = L^H with A = U^H U; [[4, 2-2i], [2+2i, 11]] is
// L L^H for L = [[2, 0], [1+i, 3]]. Only the upper triangle is read (the
// lower one holds garbage).
// CHECK: PASS @cholesky_upper_c128
func.func @cholesky_upper_c128() {
  %a = stablehlo.constant dense<[[(4.0, 0.0), (2.0, -2.0)], [(99.0, 7.0), (11.0, 0.0)]]> : tensor<2x2xcomplex<f64>>
  %u = stablehlo.cholesky %a : tensor<2x2xcomplex<f64>>
  check.expect_eq_const %u, dense<[[(2.0, 0.0), (1.0, -1.0)], [(0.0, 0.0), (3.0, 0.0)]]> : tensor<2x2xcomplex<f64>>
  func.return
}

// -----

// x = [1, i, 2]: L x = [1, 3i, 2], L^T x = [2-2i, 2+4i, 2],
// L^H x = [4+2i, 2, 2].
// CHECK: PASS @triangular_solve_left_c64
func.func @triangular_solve_left_c64() {
  %l = stablehlo.constant dense<[[(1.0, 0.0), (0.0, 0.0), (0.0, 0.0)], [(0.0, 1.0), (2.0, 0.0), (0.0, 0.0)], [(1.0, -1.0), (1.0, 1.0), (1.0, 0.0)]]> : tensor<3x3xcomplex<f32>>
  %b0 = stablehlo.constant dense<[[(1.0, 0.0)], [(0.0, 3.0)], [(2.0, 0.0)]]> : tensor<3x1xcomplex<f32>>
  %b1 = stablehlo.constant dense<[[(2.0, -2.0)], [(2.0, 4.0)], [(2.0, 0.0)]]> : tensor<3x1xcomplex<f32>>
  %b2 = stablehlo.constant dense<[[(4.0, 2.0)], [(2.0, 0.0)], [(2.0, 0.0)]]> : tensor<3x1xcomplex<f32>>
  %x0 = "stablehlo.triangular_solve"(%l, %b0) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xcomplex<f32>>, tensor<3x1xcomplex<f32>>) -> tensor<3x1xcomplex<f32>>
  %x1 = "stablehlo.triangular_solve"(%l, %b1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<3x3xcomplex<f32>>, tensor<3x1xcomplex<f32>>) -> tensor<3x1xcomplex<f32>>
  %x2 = "stablehlo.triangular_solve"(%l, %b2) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<3x3xcomplex<f32>>, tensor<3x1xcomplex<f32>>) -> tensor<3x1xcomplex<f32>>
  check.expect_eq_const %x0, dense<[[(1.0, 0.0)], [(0.0, 1.0)], [(2.0, 0.0)]]> : tensor<3x1xcomplex<f32>>
  check.expect_eq_const %x1, dense<[[(1.0, 0.0)], [(0.0, 1.0)], [(2.0, 0.0)]]> : tensor<3x1xcomplex<f32>>
  check.expect_eq_const %x2, dense<[[(1.0, 0.0)], [(0.0, 1.0)], [(2.0, 0.0)]]> : tensor<3x1xcomplex<f32>>
  func.return
}

// -----

// Right side: x L^H = [1, i, 4+2i] for x = [1, i, 2].
// CHECK: PASS @triangular_solve_right_adjoint_c128
func.func @triangular_solve_right_adjoint_c128() {
  %l = stablehlo.constant dense<[[(1.0, 0.0), (0.0, 0.0), (0.0, 0.0)], [(0.0, 1.0), (2.0, 0.0), (0.0, 0.0)], [(1.0, -1.0), (1.0, 1.0), (1.0, 0.0)]]> : tensor<3x3xcomplex<f64>>
  %b = stablehlo.constant dense<[[(1.0, 0.0), (0.0, 1.0), (4.0, 2.0)]]> : tensor<1x3xcomplex<f64>>
  %x = "stablehlo.triangular_solve"(%l, %b) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<3x3xcomplex<f64>>, tensor<1x3xcomplex<f64>>) -> tensor<1x3xcomplex<f64>>
  check.expect_eq_const %x, dense<[[(1.0, 0.0), (0.0, 1.0), (2.0, 0.0)]]> : tensor<1x3xcomplex<f64>>
  func.return
}

// -----

// Upper triangle with a unit diagonal (the stored diagonal and the lower
// triangle are ignored): U = [[1, 1+i], [0, 1]], U [i, 2] = [2+3i, 2].
// CHECK: PASS @triangular_solve_upper_unit_c64
func.func @triangular_solve_upper_unit_c64() {
  %u = stablehlo.constant dense<[[(9.0, 0.0), (1.0, 1.0)], [(7.0, 0.0), (9.0, 0.0)]]> : tensor<2x2xcomplex<f32>>
  %b = stablehlo.constant dense<[[(2.0, 3.0)], [(2.0, 0.0)]]> : tensor<2x1xcomplex<f32>>
  %x = "stablehlo.triangular_solve"(%u, %b) {left_side = true, lower = false, unit_diagonal = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x2xcomplex<f32>>, tensor<2x1xcomplex<f32>>) -> tensor<2x1xcomplex<f32>>
  check.expect_eq_const %x, dense<[[(0.0, 1.0)], [(2.0, 0.0)]]> : tensor<2x1xcomplex<f32>>
  func.return
}

// -----

// top_k on complex numbers orders them as stablehlo.compare GT (which
// chlo.top_k lowers to) does: by real part, then imaginary part; equal
// values keep the lower index first.
// CHECK: PASS @top_k_complex
func.func @top_k_complex() {
  %c = stablehlo.constant dense<[(1.0, 2.0), (1.0, 3.0), (3.0, -1.0), (1.0, 2.0), (-5.0, 0.0), (3.0, 0.0), (3.0, 5.0), (2.0, 0.0)]> : tensor<8xcomplex<f32>>
  %v, %i = chlo.top_k(%c, k = 7) : tensor<8xcomplex<f32>> -> (tensor<7xcomplex<f32>>, tensor<7xi32>)
  check.expect_eq_const %v, dense<[(3.0, 5.0), (3.0, 0.0), (3.0, -1.0), (2.0, 0.0), (1.0, 3.0), (1.0, 2.0), (1.0, 2.0)]> : tensor<7xcomplex<f32>>
  check.expect_eq_const %i, dense<[6, 5, 2, 7, 1, 0, 3]> : tensor<7xi32>
  func.return
}

// -----

// Rows of complex<f64>: -0 equals +0 in each part, as compare GT has it.
// CHECK: PASS @top_k_complex_rows_c128
func.func @top_k_complex_rows_c128() {
  %c = stablehlo.constant dense<[[(0.0, -0.0), (0.0, 0.0), (-1.0, 9.0)], [(-0.0, 1.0), (0.0, -1.0), (-2.0, 0.0)]]> : tensor<2x3xcomplex<f64>>
  %v, %i = chlo.top_k(%c, k = 2) : tensor<2x3xcomplex<f64>> -> (tensor<2x2xcomplex<f64>>, tensor<2x2xi32>)
  check.expect_eq_const %i, dense<[[0, 1], [0, 1]]> : tensor<2x2xi32>
  func.return
}
