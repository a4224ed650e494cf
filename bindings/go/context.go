package sdy

// #include "shims.h"
import "C"

import (
	"runtime"
	"unsafe"
)

// Context owns the MLIR context in which meshes, shardings, modules and
// pipelines live. One goroutine at a time.
type Context struct {
	lib *Library
	ptr *C.sdy_context_t
}

// NewContext creates a context (MLIR multithreading disabled).
func (l *Library) NewContext() (*Context, error) {
	var out *C.sdy_context_t
	if err := l.check(C.call_sdy_context_create(l.fn("sdy_context_create"), &out)); err != nil {
		return nil, err
	}
	c := &Context{lib: l, ptr: out}
	runtime.SetFinalizer(c, (*Context).Close)
	return c, nil
}

// SetMultithreading enables or disables MLIR's multithreading in pass
// pipelines.
func (c *Context) SetMultithreading(enable bool) error {
	v := C.int32_t(0)
	if enable {
		v = 1
	}
	return c.lib.check(C.call_sdy_context_set_multithreading(c.lib.fn("sdy_context_set_multithreading"), c.ptr, v))
}

// MLIRContext is the MlirContext behind this context (its `ptr` field),
// borrowed: for MLIR's C API and the MLIR-style functions of dialect.h.
// Never destroy it.
func (c *Context) MLIRContext() (unsafe.Pointer, error) {
	var out C.MlirContext
	if err := c.lib.check(C.call_sdy_context_get_mlir_context(c.lib.fn("sdy_context_get_mlir_context"), c.ptr, &out)); err != nil {
		return nil, err
	}
	return out.ptr, nil
}

// Close releases the context (objects made from it stay usable). Calling
// it again does nothing.
func (c *Context) Close() {
	if c.ptr != nil {
		C.call_sdy_context_destroy(c.lib.fn("sdy_context_destroy"), c.ptr)
		c.ptr = nil
		runtime.SetFinalizer(c, nil)
	}
}
