package sdy

// #include "shims.h"
import "C"

import (
	"runtime"
	"unsafe"
)

// Backend provides the devices and the collectives. It runs one program at
// a time: one goroutine at a time.
type Backend struct {
	lib     *Library
	ptr     *C.sdy_backend_t
	goTable *goTable // a Go backend's table, borrowed by the handle
}

func newBackend(l *Library, ptr *C.sdy_backend_t) *Backend {
	b := &Backend{lib: l, ptr: ptr}
	runtime.SetFinalizer(b, (*Backend).Close)
	return b
}

// NewLocalBackend is the built-in local backend: numDevices devices as
// threads of this process.
func (l *Library) NewLocalBackend(numDevices int) (*Backend, error) {
	var out *C.sdy_backend_t
	if err := l.check(C.call_sdy_backend_create_local(l.fn("sdy_backend_create_local"), C.int32_t(numDevices), &out)); err != nil {
		return nil, err
	}
	return newBackend(l, out), nil
}

// LoadBackend loads a backend plugin (.so) with backend-defined options.
func (l *Library) LoadBackend(path, options string) (*Backend, error) {
	cpath := C.CString(path)
	defer C.free(unsafe.Pointer(cpath))
	copts := C.CString(options)
	defer C.free(unsafe.Pointer(copts))
	var out *C.sdy_backend_t
	if err := l.check(C.call_sdy_backend_load(l.fn("sdy_backend_load"), cpath, copts, &out)); err != nil {
		return nil, err
	}
	return newBackend(l, out), nil
}

// wrapTable wraps a device-backend table (sdy_backend_table_t *) that
// outlives the handle.
func (l *Library) wrapTable(table unsafe.Pointer) (*Backend, error) {
	var out *C.sdy_backend_t
	if err := l.check(C.call_sdy_backend_wrap(l.fn("sdy_backend_wrap"), (*C.sdy_backend_table_t)(table), &out)); err != nil {
		return nil, err
	}
	return newBackend(l, out), nil
}

// DeviceCount is the number of devices of the whole system.
func (b *Backend) DeviceCount() (int, error) {
	var n C.int32_t
	err := b.lib.check(C.call_sdy_backend_device_count(b.lib.fn("sdy_backend_device_count"), b.ptr, &n))
	return int(n), err
}

// LocalDevices are the ids of the devices this process drives.
func (b *Backend) LocalDevices() ([]int64, error) {
	f := b.lib.fn("sdy_backend_local_devices")
	var n C.size_t
	if err := b.lib.check(C.call_sdy_backend_local_devices(f, b.ptr, nil, 0, &n)); err != nil {
		return nil, err
	}
	ids := make([]C.int64_t, n+1)
	if err := b.lib.check(C.call_sdy_backend_local_devices(f, b.ptr, &ids[0], n, &n)); err != nil {
		return nil, err
	}
	return fromC(ids[:n]), nil
}

// Close releases the backend. Calling it again does nothing.
func (b *Backend) Close() {
	if b.ptr != nil {
		C.call_sdy_backend_destroy(b.lib.fn("sdy_backend_destroy"), b.ptr)
		b.ptr = nil
		if b.goTable != nil {
			b.goTable.free()
			b.goTable = nil
		}
		runtime.SetFinalizer(b, nil)
	}
}
