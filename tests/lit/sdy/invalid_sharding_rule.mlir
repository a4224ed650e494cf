// Invalid sharding rules (OpShardingRuleAttr, TensorMappingAttr and
// DimMappingAttr constraints), checked when parsed and against the op they
// are attached to.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

func.func @no_mappings(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{a sharding rule needs at least one operand or result mapping}}
  %0 = "test.op"() {sdy.sharding_rule = #sdy.op_sharding_rule<()->() {}>} : () -> tensor<8x8xf32>
  return
}

// -----

func.func @factor_out_of_range(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{operand 0 dimension 1: factor index 1 is out of range [0, 1)}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, *]) {i=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @factor_out_of_range_result(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{result 0 dimension 1: factor index 2 is out of range [0, 2)}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, *])->([i, k]) {i=8, j=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @unused_factor(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{factor 'j' is not used by any operand or result}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, *])->([i, *]) {i=8, j=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @factor_twice_in_tensor(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{operand 0 uses factor 'i' more than once}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, i])->([i, *]) {i=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @factor_twice_in_compound(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{operand 0 uses factor 'i' more than once}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([ii, *])->([i, *]) {i=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @factor_twice_in_result(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{result 0 uses factor 'j' more than once}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([j, j]) {i=8, j=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @size_one_factor_in_compound(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{operand 0 dimension 0: factor 'i' of size 1 cannot be part of a compound dimension}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([ij, *])->([i, j]) {i=1, j=8}>} : (tensor<8x8xf32>) -> tensor<1x8xf32>
  return
}

// -----

func.func @size_one_factor_in_compound_minor(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{result 0 dimension 0: factor 'j' of size 1 cannot be part of a compound dimension}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, *])->([ij, *]) {i=8, j=1}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @negative_factor_size(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{factor 'i' has negative size -1}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=-1, j=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @reduction_unsorted(%arg0: tensor<2x2x2xf32>) {
  // expected-error @+1 {{reduction factors must be sorted and unique, got 'k' before 'i'}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([]) {i=2, j=2, k=2} reduction={k, i}>} : (tensor<2x2x2xf32>) -> tensor<f32>
  return
}

// -----

func.func @reduction_duplicate(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{reduction factors must be sorted and unique, got 'j' before 'j'}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([]) {i=8, j=8} reduction={j, j}>} : (tensor<8x8xf32>) -> tensor<f32>
  return
}

// -----

func.func @need_replication_unsorted(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{need_replication factors must be sorted and unique, got 'j' before 'i'}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} need_replication={j, i}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @permutation_duplicate(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{permutation factors must be sorted and unique, got 'i' before 'i'}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} permutation={i, i}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @blocked_unsorted(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{blocked_propagation factors must be sorted and unique, got 'j' before 'i'}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} blocked_propagation={j, i}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @special_out_of_range(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{need_replication factor index 2 is out of range [0, 2)}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} need_replication={k}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @blocked_out_of_range(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{blocked_propagation factor index 18 is out of range [0, 2)}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} blocked_propagation={z_1}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @reduction_and_need_replication(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{factor 'j' is both reduction and need_replication}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, *]) {i=8, j=8} reduction={j} need_replication={j}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @reduction_and_permutation(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{factor 'j' is both reduction and permutation}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, *]) {i=8, j=8} reduction={j} permutation={j}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @need_replication_and_permutation(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{factor 'i' is both need_replication and permutation}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} need_replication={i} permutation={i}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @reduction_in_result(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{reduction factor 'j' must not appear in a result, but result 0 uses it}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} reduction={j}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @reduction_in_second_result(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{reduction factor 'j' must not appear in a result, but result 1 uses it}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, *], [i, j]) {i=8, j=8} reduction={j}>} : (tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>)
  return
}

// -----

func.func @operand_count(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{'test.op' op sharding rule has 2 operand mappings but the op has 1 operands}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @result_count(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{'test.op' op sharding rule has 2 result mappings but the op has 1 results}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j], [i, j]) {i=8, j=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @result_count_zero(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{'test.op' op sharding rule has 1 result mappings but the op has 0 results}}
  "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8}>} : (tensor<8x8xf32>) -> ()
  return
}

// -----

func.func @operand_rank(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{'test.op' op sharding rule maps 1 dimensions of operand 0 but its type 'tensor<8x8xf32>' has rank 2}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=8, j=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @result_rank(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{'test.op' op sharding rule maps 3 dimensions of result 0 but its type 'tensor<8x8xf32>' has rank 2}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j, *]) {i=8, j=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @scalar_rank(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{sharding rule maps 1 dimensions of result 0 but its type 'tensor<f32>' has rank 0}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=8, j=8}>} : (tensor<8x8xf32>) -> tensor<f32>
  return
}

// -----

func.func @non_shaped_rank(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{sharding rule maps 1 dimensions of result 0 but its type 'i32' has rank 0}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=8, j=8}>} : (tensor<8x8xf32>) -> i32
  return
}

// -----

func.func @invalid_factor_name(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{invalid factor name in 'a': factors are named i..z, then z_1, z_2, ...}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([a, j])->([a, j]) {a=8, j=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @invalid_factor_name_h(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{invalid factor name in 'h'}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, h])->([i, h]) {i=8, h=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

// A suffix whose factor index would overflow (found by the mesh_sharding
// fuzzer: the addition was undefined behaviour).
func.func @invalid_factor_name_z_int64_max(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{invalid factor name in 'z_9223372036854775807'}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, z_9223372036854775807])->([i, z_9223372036854775807]) {i=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @invalid_factor_name_z0(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{invalid factor name in 'z_0'}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, z_0])->([i, z_0]) {i=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @invalid_factor_name_i1(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{invalid factor name in 'i_1'}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, i_1])->([i, i_1]) {i=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @invalid_factor_name_in_sizes(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{invalid factor name 'A'}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8, A=2}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @compound_name_in_sizes(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{invalid factor name 'ij'}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([ij, *])->([i, j]) {ij=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @invalid_factor_name_in_kind(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{invalid factor name 'ij'}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} need_replication={ij}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @missing_factor_size(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{factor 'j' has no size}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k])->([i, k]) {i=8, k=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @factor_size_twice(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{factor 'i' has more than one size}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8, i=4}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @unknown_factor_kind(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{unknown factor kind 'replication', expected reduction, need_replication, permutation or blocked_propagation}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} replication={j}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @factor_kind_twice(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{factor kind 'reduction' given twice}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([]) {i=8, j=8} reduction={i} reduction={j}>} : (tensor<8x8xf32>) -> tensor<f32>
  return
}

// -----

func.func @custom_misspelled(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{expected 'custom'}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8}, costum>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @custom_without_comma(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{unknown factor kind 'custom'}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} custom>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

// Without sizes the rule has no factors (Shardy omits `{}` then).
func.func @missing_factor_sizes(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{operand 0 dimension 0: factor index 0 is out of range [0, 0)}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j])>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @missing_arrow(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{expected '->'}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j]) ([i, j]) {i=8, j=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @missing_star(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{expected valid keyword}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, ])->([i, j]) {i=8, j=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}

// -----

func.func @factor_limit(%arg0: tensor<8x8xf32>) {
  // expected-error @+1 {{factor 'z_70000' exceeds the limit of 65536 factors}}
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8, z_70000=2}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return
}
