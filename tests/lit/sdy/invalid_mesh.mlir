// Invalid meshes (docs/sharding-model.md#meshes).
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{duplicate mesh axis name "x"}}
sdy.mesh @mesh = <["x"=2, "x"=4]>

// -----

// expected-error @+1 {{duplicate mesh axis name "b"}}
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2, "b"=1]>

// -----

// expected-error @+1 {{mesh axis "x" has size 0, axis sizes must be at least 1}}
sdy.mesh @mesh = <["x"=0]>

// -----

// expected-error @+1 {{mesh axis "y" has size -2, axis sizes must be at least 1}}
sdy.mesh @mesh = <["x"=2, "y"=-2]>

// -----

// expected-error @+1 {{mesh axis names must not be empty}}
sdy.mesh @mesh = <["x"=2, ""=2]>

// -----

// expected-error @+1 {{mesh has 3 device ids but the product of its axis sizes is 4}}
sdy.mesh @mesh = <["x"=2, "y"=2], device_ids=[0, 2, 1]>

// -----

// expected-error @+1 {{mesh has 5 device ids but the product of its axis sizes is 4}}
sdy.mesh @mesh = <["x"=4], device_ids=[3, 2, 1, 0, 4]>

// -----

// expected-error @+1 {{device ids must be a permutation of iota(4), got duplicate or out-of-range id}}
sdy.mesh @mesh = <["x"=2, "y"=2], device_ids=[0, 1, 1, 3]>

// -----

// expected-error @+1 {{device ids must be a permutation of iota(4), got duplicate or out-of-range id 4}}
sdy.mesh @mesh = <["x"=4], device_ids=[4, 2, 1, 0]>

// -----

// expected-error @+1 {{device ids must not be iota(6): omit device_ids for the default device order}}
sdy.mesh @mesh = <["a"=3, "b"=2], device_ids=[0, 1, 2, 3, 4, 5]>

// -----

// A single-device mesh with an axis still must not spell out iota(1).
// expected-error @+1 {{device ids must not be iota(1)}}
sdy.mesh @mesh = <["x"=1], device_ids=[0]>

// -----

// expected-error @+1 {{device id -1 at position 1 is negative, device ids must be non-negative}}
sdy.mesh @mesh = <["x"=2], device_ids=[1, -1]>

// -----

// expected-error @+1 {{device id -3 at position 0 is negative}}
sdy.mesh @maximal = <[], device_ids=[-3]>

// -----

// expected-error @+1 {{a mesh with no axes has at most one device id (a maximal mesh), got 2}}
sdy.mesh @mesh = <[], device_ids=[0, 1]>

// -----

// expected-error @+1 {{mesh has too many devices (product of axis sizes exceeds 2^40)}}
sdy.mesh @mesh = <["a"=1048576, "b"=1048576, "c"=2]>

// -----

// The same checks apply to an inlined mesh.
// expected-error @+1 {{duplicate mesh axis name "a"}}
func.func @f(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["a"=2, "a"=2]>, [{}]>}) {
  return
}

// -----

// expected-error @+1 {{device ids must not be iota(2)}}
func.func @f(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["a"=2], device_ids=[0, 1]>, [{}]>}) {
  return
}

// -----

// ... and to a standalone mesh attribute.
// expected-error @+1 {{mesh axis "x" has size 0}}
func.func @f() attributes {m = #sdy.mesh<["x"=0]>} {
  return
}

// -----

// sdy.mesh must be a child of a module.
func.func @f() {
  // expected-error @+1 {{'sdy.mesh' op expects parent op 'builtin.module'}}
  "sdy.mesh"() {sym_name = "mesh", mesh = #sdy.mesh<["x"=2]>} : () -> ()
  return
}

// -----

// expected-note @+1 {{see existing symbol definition here}}
sdy.mesh @mesh = <["x"=2]>
// expected-error @+1 {{redefinition of symbol named 'mesh'}}
sdy.mesh @mesh = <["y"=2]>
