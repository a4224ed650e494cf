package sdy

// #include "shims.h"
import "C"

import (
	"runtime"
	"unsafe"
)

// Pipeline is a list of passes. One goroutine at a time.
type Pipeline struct {
	lib *Library
	ptr *C.sdy_pipeline_t
}

func newPipeline(l *Library, ptr *C.sdy_pipeline_t) *Pipeline {
	p := &Pipeline{lib: l, ptr: ptr}
	runtime.SetFinalizer(p, (*Pipeline).Close)
	return p
}

// NewPipeline parses a textual pipeline, e.g. "canonicalize,cse".
func NewPipeline(ctx *Context, text string) (*Pipeline, error) {
	ctext := C.CString(text)
	defer C.free(unsafe.Pointer(ctext))
	var out *C.sdy_pipeline_t
	l := ctx.lib
	if err := l.check(C.call_sdy_pipeline_create(l.fn("sdy_pipeline_create"), ctx.ptr, ctext, &out)); err != nil {
		return nil, err
	}
	return newPipeline(l, out), nil
}

// NewPreset creates a preset ("canonicalize", "cleanup", "inline",
// "propagation", "partition") with options such as
// "propagation-strategy=basic" ("" for the defaults).
func NewPreset(ctx *Context, name, options string) (*Pipeline, error) {
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	copts := C.CString(options)
	defer C.free(unsafe.Pointer(copts))
	var out *C.sdy_pipeline_t
	l := ctx.lib
	err := l.check(C.call_sdy_pipeline_create_preset_with_options(l.fn("sdy_pipeline_create_preset_with_options"),
		ctx.ptr, cname, copts, &out))
	if err != nil {
		return nil, err
	}
	return newPipeline(l, out), nil
}

// Run runs the pipeline on module; a failure leaves it unchanged.
func (p *Pipeline) Run(module *Module) error {
	return p.lib.check(C.call_sdy_pipeline_run(p.lib.fn("sdy_pipeline_run"), p.ptr, module.ptr))
}

// Close releases the pipeline. Calling it again does nothing.
func (p *Pipeline) Close() {
	if p.ptr != nil {
		C.call_sdy_pipeline_destroy(p.lib.fn("sdy_pipeline_destroy"), p.ptr)
		p.ptr = nil
		runtime.SetFinalizer(p, nil)
	}
}
