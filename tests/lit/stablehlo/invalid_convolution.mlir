// Verifier and parser errors of convolution.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3xf32>) {
  // expected-error @+1 {{'stablehlo.convolution' op expects lhs and rhs of the same rank, got 3 and 2}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'stablehlo.convolution' op expects operands of rank >= 2, got 1}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = raw input_batch_dimension = 0, input_feature_dimension = 1, input_spatial_dimensions = [], kernel_input_feature_dimension = 0, kernel_output_feature_dimension = 1, kernel_spatial_dimensions = [], output_batch_dimension = 0, output_feature_dimension = 1, output_spatial_dimensions = [] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{'stablehlo.convolution' op expects a result of rank 3, got 2}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{'stablehlo.convolution' op input dimensions (batch/feature, then spatial) [0, 2, 3] has dimension 3 out of range [0, 3)}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = raw input_batch_dimension = 0, input_feature_dimension = 2, input_spatial_dimensions = [3], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 2, output_spatial_dimensions = [1] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{'stablehlo.convolution' op kernel dimensions (batch/feature, then spatial) [1, 1, 0] has duplicate dimension 1}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = raw input_batch_dimension = 0, input_feature_dimension = 2, input_spatial_dimensions = [1], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 1, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 2, output_spatial_dimensions = [1] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{'stablehlo.convolution' op output spatial dimensions [] must number rank - 2 = 1}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = raw input_batch_dimension = 0, input_feature_dimension = 2, input_spatial_dimensions = [1], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 2, output_spatial_dimensions = [] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{'stablehlo.convolution' op window_strides must have one entry per spatial dimension (1), got 2}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{'stablehlo.convolution' op lhs_dilation must have one entry per spatial dimension (1), got 2}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {lhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{'stablehlo.convolution' op rhs_dilation must have one entry per spatial dimension (1), got 0}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {rhs_dilate = []} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{'stablehlo.convolution' op window_reversal must have one entry per spatial dimension (1), got 2}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{'stablehlo.convolution' op padding must have shape [1, 2], got 'tensor<2x2xi64>'}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[0, 0], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{'stablehlo.convolution' op window_strides must be positive, got 0 for spatial dimension 0}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [0]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{'stablehlo.convolution' op lhs_dilation must be positive, got -1 for spatial dimension 0}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {lhs_dilate = [-1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{'stablehlo.convolution' op rhs_dilation must be positive, got 0 for spatial dimension 0}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {rhs_dilate = [0]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<4x8x4xf32>, %b: tensor<3x2x4xf32>) {
  // expected-error @+1 {{'stablehlo.convolution' op expects feature_group_count (2) or batch_group_count (2) to be 1}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f] {batch_group_count = 2 : i64, feature_group_count = 2 : i64} : (tensor<4x8x4xf32>, tensor<3x2x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<3x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{'stablehlo.convolution' op input batch dimension size 3 must be divisible by batch_group_count 2}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f] {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<3x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{'stablehlo.convolution' op input feature dimension size 3 must be divisible by feature_group_count 2}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f] {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x2x4xf32>) {
  // expected-error @+1 {{'stablehlo.convolution' op input feature dimension size 3 / feature_group_count 1 must equal the kernel input feature dimension size 2}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x2x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x3xf32>) {
  // expected-error @+1 {{'stablehlo.convolution' op kernel output feature dimension size 3 must be divisible by batch_group_count 2}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f] {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x3xf32>) -> tensor<1x6x3xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x4xf32>, %b: tensor<3x2x3xf32>) {
  // expected-error @+1 {{'stablehlo.convolution' op kernel output feature dimension size 3 must be divisible by feature_group_count 2}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f] {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<2x8x4xf32>, tensor<3x2x3xf32>) -> tensor<2x6x3xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{'stablehlo.convolution' op expects at most 2 precision config values, got 3}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{'stablehlo.convolution' op inferred result shape [2, 6, 4] differs from the result type 'tensor<2x7x4xf32>'}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x7x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{'stablehlo.convolution' op inferred result shape [2, 3, 4] differs from the result type 'tensor<2x6x4xf32>'}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [2], pad = [[1, -1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{attribute 'feature_group_count' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f] {batch_group_count = 1 : i64, feature_group_count = 0 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{expected 'b', 'f' or a spatial dimension index, got 'x'}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, x, f]x[0, i, o]->[b, 0, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{duplicate dimension 'b'}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, b]x[0, i, o]->[b, 0, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{duplicate spatial dimension 0}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 0, f]x[0, i, o]->[b, 0, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{missing spatial dimension 0}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 1, f]x[0, i, o]->[b, 0, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{expected dimensions 'i' and 'o'}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i]->[b, 0, f] {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{expected 'stride', 'pad', 'lhs_dilate', 'rhs_dilate' or 'reverse', got 'strides'}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {strides = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{duplicate window entry 'stride'}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], stride = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{expected padding [low, high]}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[1, 1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{expected true, false, 0 or 1}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {reverse = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{unknown convolution dimension field 'input_batch'}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = raw input_batch = 0 {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

func.func @main(%a: tensor<2x8x3xf32>, %b: tensor<3x3x4xf32>) {
  // expected-error @+1 {{missing field 'output_spatial_dimensions'}}
  %0 = stablehlo.convolution(%a, %b) dim_numbers = raw input_batch_dimension = 0, input_feature_dimension = 2, input_spatial_dimensions = [1], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 2 {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x3xf32>, tensor<3x3x4xf32>) -> tensor<2x6x4xf32>
  return
}
