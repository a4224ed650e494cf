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
	var out *C.sdy_pipeline_t
	l := ctx.lib
	if options == "" {
		if err := l.check(C.call_sdy_pipeline_create_preset(l.fn("sdy_pipeline_create_preset"), ctx.ptr, cname, &out)); err != nil {
			return nil, err
		}
		return newPipeline(l, out), nil
	}
	copts := C.CString(options)
	defer C.free(unsafe.Pointer(copts))
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

// EnableTiming enables or disables per-pass timing of later runs.
func (p *Pipeline) EnableTiming(enable bool) error {
	v := C.int32_t(0)
	if enable {
		v = 1
	}
	return p.lib.check(C.call_sdy_pipeline_enable_timing(p.lib.fn("sdy_pipeline_enable_timing"), p.ptr, v))
}

// TimingReport is the timing report of the last run with timing enabled
// (FailedPrecondition when there is none).
func (p *Pipeline) TimingReport() (string, error) {
	var s *C.char
	if err := p.lib.check(C.call_sdy_pipeline_timing_report(p.lib.fn("sdy_pipeline_timing_report"), p.ptr, &s)); err != nil {
		return "", err
	}
	return p.lib.takeString(s), nil
}

// String is the pipeline, fully anchored ("" after Close).
func (p *Pipeline) String() string {
	var s *C.char
	if p.lib.check(C.call_sdy_pipeline_print(p.lib.fn("sdy_pipeline_print"), p.ptr, &s)) != nil {
		return ""
	}
	return p.lib.takeString(s)
}

// Close releases the pipeline. Calling it again does nothing.
func (p *Pipeline) Close() {
	if p.ptr != nil {
		C.call_sdy_pipeline_destroy(p.lib.fn("sdy_pipeline_destroy"), p.ptr)
		p.ptr = nil
		runtime.SetFinalizer(p, nil)
	}
}
