// Every verifier rule of send, recv, infeed and outfeed (the messages are
// upstream's).
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @send_host_type(%t: !stablehlo.token, %x: tensor<2xf32>) {
  // expected-error@+1 {{channel_type should be DEVICE_TO_DEVICE when is_host_transfer is false}}
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

func.func @send_device_type(%t: !stablehlo.token, %x: tensor<2xf32>) {
  // expected-error@+1 {{channel_type should be DEVICE_TO_HOST when is_host_transfer is true}}
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = true} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

func.func @send_result(%t: !stablehlo.token, %x: tensor<2xf32>) {
  // expected-error@+1 {{result #0 must be token}}
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2xf32>, !stablehlo.token) -> tensor<2xf32>
  return
}

// -----

func.func @send_pairs(%t: !stablehlo.token, %x: tensor<2xf32>) {
  // expected-error@+1 {{attribute 'source_target_pairs' failed to satisfy constraint: 64-bit signless integer elements attribute}}
  %0 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi32>} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

func.func @send_no_channel(%t: !stablehlo.token, %x: tensor<2xf32>) {
  // expected-error@+1 {{requires attribute 'channel_handle'}}
  %0 = "stablehlo.send"(%x, %t) : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

func.func @recv_host_type(%t: !stablehlo.token) {
  // expected-error@+1 {{channel_type should be HOST_TO_DEVICE when is_host_transfer is true}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return
}

// -----

func.func @recv_device_type(%t: !stablehlo.token) {
  // expected-error@+1 {{channel_type should be DEVICE_TO_DEVICE when is_host_transfer is false}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return
}

// -----

func.func @recv_no_result(%t: !stablehlo.token) {
  // expected-error@+1 {{result is expected to be at least of size 1, but got 0}}
  "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> ()
  return
}

// -----

func.func @recv_token_first(%t: !stablehlo.token) {
  // expected-error@+1 {{everything but the last element of result types is expected to be of tensor type, but got '!stablehlo.token'}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> (!stablehlo.token, tensor<2xf32>)
  return
}

// -----

func.func @recv_no_token(%t: !stablehlo.token) {
  // expected-error@+1 {{last element of result types is expected to be of token type, but got 'tensor<2xf32>'}}
  %0 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> tensor<2xf32>
  return
}

// -----

func.func @recv_tuple(%t: !stablehlo.token) {
  // expected-error@+1 {{result #0 must be variadic of}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> (tuple<tensor<2xf32>>, !stablehlo.token)
  return
}

// -----

func.func @infeed_no_result(%t: !stablehlo.token) {
  // expected-error@+1 {{result is expected to be at least of size 1, but got 0}}
  "stablehlo.infeed"(%t) : (!stablehlo.token) -> ()
  return
}

// -----

func.func @infeed_token_first(%t: !stablehlo.token) {
  // expected-error@+1 {{all elements of result types, except the last element, are expected to be of tensor type, but got '!stablehlo.token'}}
  %0:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (!stablehlo.token, tensor<2xf32>)
  return
}

// -----

func.func @infeed_no_token(%t: !stablehlo.token) {
  // expected-error@+1 {{last element of result types is expected to be of token type, but got 'tensor<2xf32>'}}
  %0 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> tensor<2xf32>
  return
}

// -----

func.func @infeed_dynamic(%t: !stablehlo.token) {
  // expected-error@+1 {{result #0 must be variadic of}}
  %0:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<?xf32>, !stablehlo.token)
  return
}

// -----

func.func @infeed_layout_size(%t: !stablehlo.token) {
  // expected-error@+1 {{layout-attribute size must be 1 (which is the number of op-results - 1 (for token result)), but got 2}}
  %0:2 = "stablehlo.infeed"(%t) {layout = [[0], [0]]} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return
}

// -----

func.func @infeed_layout_element(%t: !stablehlo.token) {
  // expected-error@+1 {{layout-attribute expected to have elements of type array, but got 0 : i64}}
  %0:2 = "stablehlo.infeed"(%t) {layout = [0]} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return
}

// -----

func.func @infeed_layout_leaf(%t: !stablehlo.token) {
  // expected-error@+1 {{layout-attribute's leaf elements are expected to be of type integer, but got "a"}}
  %0:2 = "stablehlo.infeed"(%t) {layout = [["a"]]} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return
}

// -----

func.func @infeed_layout_kind(%t: !stablehlo.token) {
  // expected-error@+1 {{attribute 'layout' failed to satisfy constraint: array attribute}}
  %0:2 = "stablehlo.infeed"(%t) {layout = 3} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return
}

// -----

func.func @outfeed_result(%t: !stablehlo.token, %x: tensor<2xf32>) {
  // expected-error@+1 {{result #0 must be token}}
  %0 = "stablehlo.outfeed"(%x, %t) : (tensor<2xf32>, !stablehlo.token) -> tensor<2xf32>
  return
}

// -----

func.func @outfeed_no_token(%t: !stablehlo.token, %x: tensor<2xf32>) {
  // expected-error@+1 {{operand #0 must be token}}
  %0 = "stablehlo.outfeed"(%x) : (tensor<2xf32>) -> !stablehlo.token
  return
}

// -----

func.func @outfeed_config(%t: !stablehlo.token, %x: tensor<2xf32>) {
  // expected-error@+1 {{attribute 'outfeed_config' failed to satisfy constraint: string attribute}}
  %0 = "stablehlo.outfeed"(%x, %t) {outfeed_config = 3} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

func.func @while_tuple(%u: tuple<tensor<2xf32>>, %p: tensor<i1>) {
  // expected-error@+1 {{operand #0 must be variadic of}}
  %0 = stablehlo.while(%a = %u) : tuple<tensor<2xf32>>
   cond {
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.return %a : tuple<tensor<2xf32>>
  }
  return
}

// -----

func.func @probe_type(%x: tensor<2xf32>) {
  // expected-error@+1 {{all of {operand, result} have same type}}
  %0 = "interpreter.probe"(%x) {probe_id = "p"} : (tensor<2xf32>) -> tensor<2xi32>
  return
}
