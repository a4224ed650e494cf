package sdy

// #include "shims.h"
import "C"

import (
	"runtime"
	"unsafe"
)

// Module is a program (sdy and StableHLO ops). One goroutine at a time.
type Module struct {
	lib *Library
	ptr *C.sdy_module_t
}

// ParseModule parses and verifies MLIR text.
func ParseModule(ctx *Context, text string) (*Module, error) {
	return ParseModuleNamed(ctx, text, "")
}

// ParseModuleNamed parses with sourceName as the file name of diagnostics
// (name:LINE:COL: error: ...; "" for <input>).
func ParseModuleNamed(ctx *Context, text, sourceName string) (*Module, error) {
	ctext := C.CString(text)
	defer C.free(unsafe.Pointer(ctext))
	var cname *C.char
	if sourceName != "" {
		cname = C.CString(sourceName)
		defer C.free(unsafe.Pointer(cname))
	}
	var out *C.sdy_module_t
	l := ctx.lib
	if err := l.check(C.call_sdy_module_parse(l.fn("sdy_module_parse"), ctx.ptr, ctext, cname, &out)); err != nil {
		return nil, err
	}
	return newModule(l, out), nil
}

// NewEmptyModule is an empty module (add meshes to it).
func NewEmptyModule(ctx *Context) (*Module, error) {
	var out *C.sdy_module_t
	l := ctx.lib
	if err := l.check(C.call_sdy_module_create_empty(l.fn("sdy_module_create_empty"), ctx.ptr, &out)); err != nil {
		return nil, err
	}
	return newModule(l, out), nil
}

// WrapMLIRModule wraps an MlirModule (its `ptr` field) of the MLIR context
// of ctx; the module takes ownership of it (on failure the caller keeps
// it).
func WrapMLIRModule(ctx *Context, mlirModule unsafe.Pointer) (*Module, error) {
	var out *C.sdy_module_t
	l := ctx.lib
	in := C.MlirModule{ptr: mlirModule}
	if err := l.check(C.call_sdy_module_wrap_mlir_module(l.fn("sdy_module_wrap_mlir_module"), ctx.ptr, in, &out)); err != nil {
		return nil, err
	}
	return newModule(l, out), nil
}

func newModule(l *Library, ptr *C.sdy_module_t) *Module {
	m := &Module{lib: l, ptr: ptr}
	runtime.SetFinalizer(m, (*Module).Close)
	return m
}

// Clone is a deep copy.
func (m *Module) Clone() (*Module, error) {
	var out *C.sdy_module_t
	if err := m.lib.check(C.call_sdy_module_clone(m.lib.fn("sdy_module_clone"), m.ptr, &out)); err != nil {
		return nil, err
	}
	return newModule(m.lib, out), nil
}

// MLIRModule is the MlirModule behind this module (its `ptr` field),
// borrowed: for MLIR's C API. Never destroy it.
func (m *Module) MLIRModule() (unsafe.Pointer, error) {
	var out C.MlirModule
	if err := m.lib.check(C.call_sdy_module_get_mlir_module(m.lib.fn("sdy_module_get_mlir_module"), m.ptr, &out)); err != nil {
		return nil, err
	}
	return unsafe.Pointer(out.ptr), nil
}

// Verify runs the verifier.
func (m *Module) Verify() error {
	return m.lib.check(C.call_sdy_module_verify(m.lib.fn("sdy_module_verify"), m.ptr))
}

// FunctionSignature is the number of arguments and results of function.
func (m *Module) FunctionSignature(function string) (args, results int, err error) {
	cfn := C.CString(function)
	defer C.free(unsafe.Pointer(cfn))
	var a, r C.size_t
	err = m.lib.check(C.call_sdy_module_function_signature(m.lib.fn("sdy_module_function_signature"), m.ptr, cfn, &a, &r))
	return int(a), int(r), err
}

// AddMesh adds `sdy.mesh @name = <mesh>`.
func (m *Module) AddMesh(name string, mesh *Mesh) error {
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	return m.lib.check(C.call_sdy_module_add_mesh(m.lib.fn("sdy_module_add_mesh"), m.ptr, cname, mesh.ptr))
}

// MeshNames lists the meshes in module order.
func (m *Module) MeshNames() ([]string, error) {
	var n C.size_t
	if err := m.lib.check(C.call_sdy_module_num_meshes(m.lib.fn("sdy_module_num_meshes"), m.ptr, &n)); err != nil {
		return nil, err
	}
	names := make([]string, n)
	for i := range names {
		var s *C.char
		if err := m.lib.check(C.call_sdy_module_mesh_name(m.lib.fn("sdy_module_mesh_name"), m.ptr, C.size_t(i), &s)); err != nil {
			return nil, err
		}
		names[i] = m.lib.takeString(s)
	}
	return names, nil
}

// Mesh is the mesh @name (FailedPrecondition when absent).
func (m *Module) Mesh(name string) (*Mesh, error) {
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	var out *C.sdy_mesh_t
	if err := m.lib.check(C.call_sdy_module_get_mesh(m.lib.fn("sdy_module_get_mesh"), m.ptr, cname, &out)); err != nil {
		return nil, err
	}
	return newMesh(m.lib, out), nil
}

// ResultSharding is the sharding of result result of function (nil if
// none).
func (m *Module) ResultSharding(function string, result int) (*Sharding, error) {
	cfn := C.CString(function)
	defer C.free(unsafe.Pointer(cfn))
	var out *C.sdy_sharding_t
	err := m.lib.check(C.call_sdy_module_get_result_sharding(m.lib.fn("sdy_module_get_result_sharding"), m.ptr, cfn, C.size_t(result), &out))
	if err != nil || out == nil {
		return nil, err
	}
	return newSharding(m.lib, out), nil
}

func shardingPtr(s *Sharding) *C.sdy_sharding_t {
	if s == nil {
		return nil
	}
	return s.ptr
}

// SetArgSharding sets (nil: removes) the sharding of argument arg.
func (m *Module) SetArgSharding(function string, arg int, sharding *Sharding) error {
	cfn := C.CString(function)
	defer C.free(unsafe.Pointer(cfn))
	return m.lib.check(C.call_sdy_module_set_arg_sharding(m.lib.fn("sdy_module_set_arg_sharding"), m.ptr, cfn, C.size_t(arg), shardingPtr(sharding)))
}

// SetResultSharding sets (nil: removes) the sharding of result result.
func (m *Module) SetResultSharding(function string, result int, sharding *Sharding) error {
	cfn := C.CString(function)
	defer C.free(unsafe.Pointer(cfn))
	return m.lib.check(C.call_sdy_module_set_result_sharding(m.lib.fn("sdy_module_set_result_sharding"), m.ptr, cfn, C.size_t(result), shardingPtr(sharding)))
}

// AddArgShardingConstraint inserts sdy.sharding_constraint on argument arg
// at the start of function (its uses then see the constrained value).
func (m *Module) AddArgShardingConstraint(function string, arg int, sharding *Sharding) error {
	cfn := C.CString(function)
	defer C.free(unsafe.Pointer(cfn))
	return m.lib.check(C.call_sdy_module_add_arg_sharding_constraint(m.lib.fn("sdy_module_add_arg_sharding_constraint"), m.ptr, cfn, C.size_t(arg), shardingPtr(sharding)))
}

// AddResultShardingConstraint inserts sdy.sharding_constraint on result
// result before the return of function.
func (m *Module) AddResultShardingConstraint(function string, result int, sharding *Sharding) error {
	cfn := C.CString(function)
	defer C.free(unsafe.Pointer(cfn))
	return m.lib.check(C.call_sdy_module_add_result_sharding_constraint(m.lib.fn("sdy_module_add_result_sharding_constraint"), m.ptr, cfn, C.size_t(result), shardingPtr(sharding)))
}

// Print flags of Text.
const (
	PrintGeneric   uint32 = 1 // the generic op form ("sdy.reshard"(%0) <{...}>)
	PrintDebugInfo uint32 = 2 // locations
)

// Text prints the module with flags (PrintGeneric | PrintDebugInfo, or 0).
func (m *Module) Text(flags uint32) (string, error) {
	var s *C.char
	if err := m.lib.check(C.call_sdy_module_print(m.lib.fn("sdy_module_print"), m.ptr, C.uint32_t(flags), &s)); err != nil {
		return "", err
	}
	return m.lib.takeString(s), nil
}

// FunctionNames lists the functions in module order.
func (m *Module) FunctionNames() ([]string, error) {
	var n C.size_t
	if err := m.lib.check(C.call_sdy_module_num_functions(m.lib.fn("sdy_module_num_functions"), m.ptr, &n)); err != nil {
		return nil, err
	}
	names := make([]string, n)
	for i := range names {
		var s *C.char
		if err := m.lib.check(C.call_sdy_module_function_name(m.lib.fn("sdy_module_function_name"), m.ptr, C.size_t(i), &s)); err != nil {
			return nil, err
		}
		names[i] = m.lib.takeString(s)
	}
	return names, nil
}

// ArgSharding is the sharding of argument arg of function (nil if none).
func (m *Module) ArgSharding(function string, arg int) (*Sharding, error) {
	cfn := C.CString(function)
	defer C.free(unsafe.Pointer(cfn))
	var out *C.sdy_sharding_t
	err := m.lib.check(C.call_sdy_module_get_arg_sharding(m.lib.fn("sdy_module_get_arg_sharding"), m.ptr, cfn, C.size_t(arg), &out))
	if err != nil || out == nil {
		return nil, err
	}
	return newSharding(m.lib, out), nil
}

// Propagate runs the "propagation" preset (ctx: the module's context).
func (m *Module) Propagate(ctx *Context) error { return m.runPreset(ctx, "propagation") }

// Partition runs the "partition" preset: the module becomes the
// per-device program (ctx: the module's context).
func (m *Module) Partition(ctx *Context) error { return m.runPreset(ctx, "partition") }

func (m *Module) runPreset(ctx *Context, name string) error {
	p, err := NewPreset(ctx, name, "")
	if err != nil {
		return err
	}
	defer p.Close()
	return p.Run(m)
}

// String prints the module ("" after Close).
func (m *Module) String() string {
	s, _ := m.Text(0)
	return s
}

// Close releases the module. Calling it again does nothing.
func (m *Module) Close() {
	if m.ptr != nil {
		C.call_sdy_module_destroy(m.lib.fn("sdy_module_destroy"), m.ptr)
		m.ptr = nil
		runtime.SetFinalizer(m, nil)
	}
}
