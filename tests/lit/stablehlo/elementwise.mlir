// Round trips of the elementwise ops, in the pretty and the generic form.
// RUN: sdy-opt %s -split-input-file | sdy-opt -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | sdy-opt -split-input-file | FileCheck %s

func.func @cbrt(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.cbrt %a : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @cbrt(
// CHECK-NEXT: [[CBRT:%.+]] = stablehlo.cbrt %arg0 : tensor<2x3xf32>
// CHECK-NEXT: return [[CBRT]] : tensor<2x3xf32>
// CHECK-NEXT: }

// -----

func.func @ceil(%a: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
  %0 = stablehlo.ceil %a : tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// CHECK-LABEL: func.func @ceil(
// CHECK-NEXT: [[CEIL:%.+]] = stablehlo.ceil %arg0 : tensor<2x3xbf16>
// CHECK-NEXT: return [[CEIL]] : tensor<2x3xbf16>
// CHECK-NEXT: }

// -----

func.func @cosine(%a: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = stablehlo.cosine %a : tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// CHECK-LABEL: func.func @cosine(
// CHECK-NEXT: [[COSINE:%.+]] = stablehlo.cosine %arg0 : tensor<2x3xf16>
// CHECK-NEXT: return [[COSINE]] : tensor<2x3xf16>
// CHECK-NEXT: }

// -----

func.func @exponential(%a: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = stablehlo.exponential %a : tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

// CHECK-LABEL: func.func @exponential(
// CHECK-NEXT: [[EXPONENTIAL:%.+]] = stablehlo.exponential %arg0 : tensor<2x3xf64>
// CHECK-NEXT: return [[EXPONENTIAL]] : tensor<2x3xf64>
// CHECK-NEXT: }

// -----

func.func @exponential_minus_one(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.exponential_minus_one %a : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @exponential_minus_one(
// CHECK-NEXT: [[EXPONENTIAL_MINUS_ONE:%.+]] = stablehlo.exponential_minus_one %arg0 : tensor<2x3xf32>
// CHECK-NEXT: return [[EXPONENTIAL_MINUS_ONE]] : tensor<2x3xf32>
// CHECK-NEXT: }

// -----

func.func @floor(%a: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
  %0 = stablehlo.floor %a : tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// CHECK-LABEL: func.func @floor(
// CHECK-NEXT: [[FLOOR:%.+]] = stablehlo.floor %arg0 : tensor<2x3xbf16>
// CHECK-NEXT: return [[FLOOR]] : tensor<2x3xbf16>
// CHECK-NEXT: }

// -----

func.func @log(%a: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = stablehlo.log %a : tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// CHECK-LABEL: func.func @log(
// CHECK-NEXT: [[LOG:%.+]] = stablehlo.log %arg0 : tensor<2x3xf16>
// CHECK-NEXT: return [[LOG]] : tensor<2x3xf16>
// CHECK-NEXT: }

// -----

func.func @log_plus_one(%a: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = stablehlo.log_plus_one %a : tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

// CHECK-LABEL: func.func @log_plus_one(
// CHECK-NEXT: [[LOG_PLUS_ONE:%.+]] = stablehlo.log_plus_one %arg0 : tensor<2x3xf64>
// CHECK-NEXT: return [[LOG_PLUS_ONE]] : tensor<2x3xf64>
// CHECK-NEXT: }

// -----

func.func @logistic(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.logistic %a : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @logistic(
// CHECK-NEXT: [[LOGISTIC:%.+]] = stablehlo.logistic %arg0 : tensor<2x3xf32>
// CHECK-NEXT: return [[LOGISTIC]] : tensor<2x3xf32>
// CHECK-NEXT: }

// -----

func.func @round_nearest_even(%a: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
  %0 = stablehlo.round_nearest_even %a : tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// CHECK-LABEL: func.func @round_nearest_even(
// CHECK-NEXT: [[ROUND_NEAREST_EVEN:%.+]] = stablehlo.round_nearest_even %arg0 : tensor<2x3xbf16>
// CHECK-NEXT: return [[ROUND_NEAREST_EVEN]] : tensor<2x3xbf16>
// CHECK-NEXT: }

// -----

func.func @rsqrt(%a: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = stablehlo.rsqrt %a : tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// CHECK-LABEL: func.func @rsqrt(
// CHECK-NEXT: [[RSQRT:%.+]] = stablehlo.rsqrt %arg0 : tensor<2x3xf16>
// CHECK-NEXT: return [[RSQRT]] : tensor<2x3xf16>
// CHECK-NEXT: }

// -----

func.func @sine(%a: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = stablehlo.sine %a : tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

// CHECK-LABEL: func.func @sine(
// CHECK-NEXT: [[SINE:%.+]] = stablehlo.sine %arg0 : tensor<2x3xf64>
// CHECK-NEXT: return [[SINE]] : tensor<2x3xf64>
// CHECK-NEXT: }

// -----

func.func @sqrt(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.sqrt %a : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @sqrt(
// CHECK-NEXT: [[SQRT:%.+]] = stablehlo.sqrt %arg0 : tensor<2x3xf32>
// CHECK-NEXT: return [[SQRT]] : tensor<2x3xf32>
// CHECK-NEXT: }

// -----

func.func @tan(%a: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
  %0 = stablehlo.tan %a : tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// CHECK-LABEL: func.func @tan(
// CHECK-NEXT: [[TAN:%.+]] = stablehlo.tan %arg0 : tensor<2x3xbf16>
// CHECK-NEXT: return [[TAN]] : tensor<2x3xbf16>
// CHECK-NEXT: }

// -----

func.func @tanh(%a: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = stablehlo.tanh %a : tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// CHECK-LABEL: func.func @tanh(
// CHECK-NEXT: [[TANH:%.+]] = stablehlo.tanh %arg0 : tensor<2x3xf16>
// CHECK-NEXT: return [[TANH]] : tensor<2x3xf16>
// CHECK-NEXT: }

// -----

func.func @abs(%a: tensor<4xf32>, %b: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %0 = stablehlo.abs %a : tensor<4xf32>
  %1 = stablehlo.abs %b : tensor<4xi32>
  return %0, %1 : tensor<4xf32>, tensor<4xi32>
}

// CHECK-LABEL: func.func @abs(
// CHECK-NEXT: [[ABS:%.+]] = stablehlo.abs %arg0 : tensor<4xf32>
// CHECK-NEXT: [[ABS_1:%.+]] = stablehlo.abs %arg1 : tensor<4xi32>
// CHECK-NEXT: return [[ABS]], [[ABS_1]] : tensor<4xf32>, tensor<4xi32>
// CHECK-NEXT: }

// -----

func.func @negate_sign(%a: tensor<4xi64>, %b: tensor<4xf64>) -> (tensor<4xi64>, tensor<4xf64>) {
  %0 = stablehlo.negate %a : tensor<4xi64>
  %1 = stablehlo.sign %b : tensor<4xf64>
  return %0, %1 : tensor<4xi64>, tensor<4xf64>
}

// CHECK-LABEL: func.func @negate_sign(
// CHECK-NEXT: [[NEGATE:%.+]] = stablehlo.negate %arg0 : tensor<4xi64>
// CHECK-NEXT: [[SIGN:%.+]] = stablehlo.sign %arg1 : tensor<4xf64>
// CHECK-NEXT: return [[NEGATE]], [[SIGN]] : tensor<4xi64>, tensor<4xf64>
// CHECK-NEXT: }

// -----

func.func @not(%a: tensor<4xi1>, %b: tensor<4xui8>) -> (tensor<4xi1>, tensor<4xui8>) {
  %0 = stablehlo.not %a : tensor<4xi1>
  %1 = stablehlo.not %b : tensor<4xui8>
  return %0, %1 : tensor<4xi1>, tensor<4xui8>
}

// CHECK-LABEL: func.func @not(
// CHECK-NEXT: [[NOT:%.+]] = stablehlo.not %arg0 : tensor<4xi1>
// CHECK-NEXT: [[NOT_1:%.+]] = stablehlo.not %arg1 : tensor<4xui8>
// CHECK-NEXT: return [[NOT]], [[NOT_1]] : tensor<4xi1>, tensor<4xui8>
// CHECK-NEXT: }

// -----

func.func @is_finite(%a: tensor<2x2xbf16>) -> tensor<2x2xi1> {
  %0 = stablehlo.is_finite %a : (tensor<2x2xbf16>) -> tensor<2x2xi1>
  return %0 : tensor<2x2xi1>
}

// CHECK-LABEL: func.func @is_finite(
// CHECK-NEXT: [[IS_FINITE:%.+]] = stablehlo.is_finite %arg0 : (tensor<2x2xbf16>) -> tensor<2x2xi1>
// CHECK-NEXT: return [[IS_FINITE]] : tensor<2x2xi1>
// CHECK-NEXT: }

// -----

func.func @convert(%a: tensor<4xf32>, %b: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xbf16>) {
  %0 = stablehlo.convert %a : (tensor<4xf32>) -> tensor<4xi32>
  %1 = stablehlo.convert %b : tensor<4xi32>
  %2 = stablehlo.convert %a : (tensor<4xf32>) -> tensor<4xbf16>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xi32>, tensor<4xbf16>
}

// CHECK-LABEL: func.func @convert(
// CHECK-NEXT: [[CONVERT:%.+]] = stablehlo.convert %arg0 : (tensor<4xf32>) -> tensor<4xi32>
// CHECK-NEXT: [[CONVERT_1:%.+]] = stablehlo.convert %arg1 : tensor<4xi32>
// CHECK-NEXT: [[CONVERT_2:%.+]] = stablehlo.convert %arg0 : (tensor<4xf32>) -> tensor<4xbf16>
// CHECK-NEXT: return [[CONVERT]], [[CONVERT_1]], [[CONVERT_2]] : tensor<4xi32>, tensor<4xi32>, tensor<4xbf16>
// CHECK-NEXT: }

// -----

func.func @add(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.add %a, %b : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// CHECK-LABEL: func.func @add(
// CHECK-NEXT: [[ADD:%.+]] = stablehlo.add %arg0, %arg1 : tensor<8xf32>
// CHECK-NEXT: return [[ADD]] : tensor<8xf32>
// CHECK-NEXT: }

// -----

func.func @atan2(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.atan2 %a, %b : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// CHECK-LABEL: func.func @atan2(
// CHECK-NEXT: [[ATAN2:%.+]] = stablehlo.atan2 %arg0, %arg1 : tensor<8xf32>
// CHECK-NEXT: return [[ATAN2]] : tensor<8xf32>
// CHECK-NEXT: }

// -----

func.func @divide(%a: tensor<8xi32>, %b: tensor<8xi32>) -> tensor<8xi32> {
  %0 = stablehlo.divide %a, %b : tensor<8xi32>
  return %0 : tensor<8xi32>
}

// CHECK-LABEL: func.func @divide(
// CHECK-NEXT: [[DIVIDE:%.+]] = stablehlo.divide %arg0, %arg1 : tensor<8xi32>
// CHECK-NEXT: return [[DIVIDE]] : tensor<8xi32>
// CHECK-NEXT: }

// -----

func.func @maximum(%a: tensor<8xbf16>, %b: tensor<8xbf16>) -> tensor<8xbf16> {
  %0 = stablehlo.maximum %a, %b : tensor<8xbf16>
  return %0 : tensor<8xbf16>
}

// CHECK-LABEL: func.func @maximum(
// CHECK-NEXT: [[MAXIMUM:%.+]] = stablehlo.maximum %arg0, %arg1 : tensor<8xbf16>
// CHECK-NEXT: return [[MAXIMUM]] : tensor<8xbf16>
// CHECK-NEXT: }

// -----

func.func @minimum(%a: tensor<8xui32>, %b: tensor<8xui32>) -> tensor<8xui32> {
  %0 = stablehlo.minimum %a, %b : tensor<8xui32>
  return %0 : tensor<8xui32>
}

// CHECK-LABEL: func.func @minimum(
// CHECK-NEXT: [[MINIMUM:%.+]] = stablehlo.minimum %arg0, %arg1 : tensor<8xui32>
// CHECK-NEXT: return [[MINIMUM]] : tensor<8xui32>
// CHECK-NEXT: }

// -----

func.func @multiply(%a: tensor<8xf64>, %b: tensor<8xf64>) -> tensor<8xf64> {
  %0 = stablehlo.multiply %a, %b : tensor<8xf64>
  return %0 : tensor<8xf64>
}

// CHECK-LABEL: func.func @multiply(
// CHECK-NEXT: [[MULTIPLY:%.+]] = stablehlo.multiply %arg0, %arg1 : tensor<8xf64>
// CHECK-NEXT: return [[MULTIPLY]] : tensor<8xf64>
// CHECK-NEXT: }

// -----

func.func @power(%a: tensor<8xf16>, %b: tensor<8xf16>) -> tensor<8xf16> {
  %0 = stablehlo.power %a, %b : tensor<8xf16>
  return %0 : tensor<8xf16>
}

// CHECK-LABEL: func.func @power(
// CHECK-NEXT: [[POWER:%.+]] = stablehlo.power %arg0, %arg1 : tensor<8xf16>
// CHECK-NEXT: return [[POWER]] : tensor<8xf16>
// CHECK-NEXT: }

// -----

func.func @remainder(%a: tensor<8xi64>, %b: tensor<8xi64>) -> tensor<8xi64> {
  %0 = stablehlo.remainder %a, %b : tensor<8xi64>
  return %0 : tensor<8xi64>
}

// CHECK-LABEL: func.func @remainder(
// CHECK-NEXT: [[REMAINDER:%.+]] = stablehlo.remainder %arg0, %arg1 : tensor<8xi64>
// CHECK-NEXT: return [[REMAINDER]] : tensor<8xi64>
// CHECK-NEXT: }

// -----

func.func @subtract(%a: tensor<8xi8>, %b: tensor<8xi8>) -> tensor<8xi8> {
  %0 = stablehlo.subtract %a, %b : tensor<8xi8>
  return %0 : tensor<8xi8>
}

// CHECK-LABEL: func.func @subtract(
// CHECK-NEXT: [[SUBTRACT:%.+]] = stablehlo.subtract %arg0, %arg1 : tensor<8xi8>
// CHECK-NEXT: return [[SUBTRACT]] : tensor<8xi8>
// CHECK-NEXT: }

// -----

func.func @and(%a: tensor<8xi1>, %b: tensor<8xi1>) -> tensor<8xi1> {
  %0 = stablehlo.and %a, %b : tensor<8xi1>
  return %0 : tensor<8xi1>
}

// CHECK-LABEL: func.func @and(
// CHECK-NEXT: [[AND:%.+]] = stablehlo.and %arg0, %arg1 : tensor<8xi1>
// CHECK-NEXT: return [[AND]] : tensor<8xi1>
// CHECK-NEXT: }

// -----

func.func @or(%a: tensor<8xui64>, %b: tensor<8xui64>) -> tensor<8xui64> {
  %0 = stablehlo.or %a, %b : tensor<8xui64>
  return %0 : tensor<8xui64>
}

// CHECK-LABEL: func.func @or(
// CHECK-NEXT: [[OR:%.+]] = stablehlo.or %arg0, %arg1 : tensor<8xui64>
// CHECK-NEXT: return [[OR]] : tensor<8xui64>
// CHECK-NEXT: }

// -----

func.func @xor(%a: tensor<8xi16>, %b: tensor<8xi16>) -> tensor<8xi16> {
  %0 = stablehlo.xor %a, %b : tensor<8xi16>
  return %0 : tensor<8xi16>
}

// CHECK-LABEL: func.func @xor(
// CHECK-NEXT: [[XOR:%.+]] = stablehlo.xor %arg0, %arg1 : tensor<8xi16>
// CHECK-NEXT: return [[XOR]] : tensor<8xi16>
// CHECK-NEXT: }

// -----

func.func @add_functional_type(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.add %a, %b : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// CHECK-LABEL: func.func @add_functional_type(
// CHECK-NEXT: [[ADD:%.+]] = stablehlo.add %arg0, %arg1 : tensor<8xf32>
// CHECK-NEXT: return [[ADD]] : tensor<8xf32>
// CHECK-NEXT: }

// -----

func.func @clamp(%lo: tensor<f32>, %a: tensor<4xf32>, %hi: tensor<f32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.clamp %lo, %a, %hi : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = stablehlo.clamp %b, %a, %b : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @clamp(
// CHECK-NEXT: [[CLAMP:%.+]] = stablehlo.clamp %arg0, %arg1, %arg2 : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: [[CLAMP_1:%.+]] = stablehlo.clamp %arg3, %arg1, %arg3 : tensor<4xf32>
// CHECK-NEXT: return [[CLAMP]], [[CLAMP_1]] : tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT: }

// -----

func.func @compare(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xi32>, %d: tensor<4xui32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = stablehlo.compare  LT, %a, %b,  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = stablehlo.compare EQ, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = stablehlo.compare GE, %c, %c, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %3 = stablehlo.compare NE, %d, %d, UNSIGNED : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  return %0, %1, %2, %3 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// CHECK-LABEL: func.func @compare(
// CHECK-NEXT: [[COMPARE:%.+]] = stablehlo.compare LT, %arg0, %arg1, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT: [[COMPARE_1:%.+]] = stablehlo.compare EQ, %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT: [[COMPARE_2:%.+]] = stablehlo.compare GE, %arg2, %arg2, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
// CHECK-NEXT: [[COMPARE_3:%.+]] = stablehlo.compare NE, %arg3, %arg3, UNSIGNED : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
// CHECK-NEXT: return [[COMPARE]], [[COMPARE_1]], [[COMPARE_2]], [[COMPARE_3]] : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
// CHECK-NEXT: }

// -----

func.func @compare_totalorder(%a: tensor<f64>) -> (tensor<i1>, tensor<i1>) {
  %0 = stablehlo.compare GT, %a, %a, TOTALORDER : (tensor<f64>, tensor<f64>) -> tensor<i1>
  %1 = stablehlo.compare LE, %a, %a, NOTYPE : (tensor<f64>, tensor<f64>) -> tensor<i1>
  return %0, %1 : tensor<i1>, tensor<i1>
}

// CHECK-LABEL: func.func @compare_totalorder(
// CHECK-NEXT: [[COMPARE:%.+]] = stablehlo.compare GT, %arg0, %arg0, TOTALORDER : (tensor<f64>, tensor<f64>) -> tensor<i1>
// CHECK-NEXT: [[COMPARE_1:%.+]] = stablehlo.compare LE, %arg0, %arg0, NOTYPE : (tensor<f64>, tensor<f64>) -> tensor<i1>
// CHECK-NEXT: return [[COMPARE]], [[COMPARE_1]] : tensor<i1>, tensor<i1>
// CHECK-NEXT: }

// -----

func.func @select(%p: tensor<4xi1>, %s: tensor<i1>, %a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.select %p, %a, %b : tensor<4xi1>, tensor<4xf32>
  %1 = stablehlo.select %s, %a, %b : (tensor<i1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @select(
// CHECK-NEXT: [[SELECT:%.+]] = stablehlo.select %arg0, %arg2, %arg3 : tensor<4xi1>, tensor<4xf32>
// CHECK-NEXT: [[SELECT_1:%.+]] = stablehlo.select %arg1, %arg2, %arg3 : tensor<i1>, tensor<4xf32>
// CHECK-NEXT: return [[SELECT]], [[SELECT_1]] : tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT: }
