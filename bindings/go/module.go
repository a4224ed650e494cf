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
	ctext := C.CString(text)
	defer C.free(unsafe.Pointer(ctext))
	var out *C.sdy_module_t
	l := ctx.lib
	if err := l.check(C.call_sdy_module_parse(l.fn("sdy_module_parse"), ctx.ptr, ctext, nil, &out)); err != nil {
		return nil, err
	}
	m := &Module{lib: l, ptr: out}
	runtime.SetFinalizer(m, (*Module).Close)
	return m, nil
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
	var s *C.char
	if m.lib.check(C.call_sdy_module_print(m.lib.fn("sdy_module_print"), m.ptr, 0, &s)) != nil {
		return ""
	}
	return m.lib.takeString(s)
}

// Close releases the module. Calling it again does nothing.
func (m *Module) Close() {
	if m.ptr != nil {
		C.call_sdy_module_destroy(m.lib.fn("sdy_module_destroy"), m.ptr)
		m.ptr = nil
		runtime.SetFinalizer(m, nil)
	}
}
