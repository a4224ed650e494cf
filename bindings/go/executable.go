package sdy

// #include "shims.h"
import "C"

import (
	"runtime"
	"unsafe"
)

// Executable is a function prepared to run on N devices. Runs may happen
// from several goroutines at once.
type Executable struct {
	lib *Library
	ptr *C.sdy_executable_t
}

// Compile prepares function ("" for "main") of a partitioned module.
func Compile(module *Module, function string) (*Executable, error) {
	var cfn *C.char
	if function != "" {
		cfn = C.CString(function)
		defer C.free(unsafe.Pointer(cfn))
	}
	var out *C.sdy_executable_t
	l := module.lib
	if err := l.check(C.call_sdy_executable_compile(l.fn("sdy_executable_compile"), module.ptr, cfn, &out)); err != nil {
		return nil, err
	}
	e := &Executable{lib: l, ptr: out}
	runtime.SetFinalizer(e, (*Executable).Close)
	return e, nil
}

// NumDevices is the number of devices the program runs on.
func (e *Executable) NumDevices() (int64, error) {
	var n C.int64_t
	err := e.lib.check(C.call_sdy_executable_num_devices(e.lib.fn("sdy_executable_num_devices"), e.ptr, &n))
	return int64(n), err
}

// NumArgs is the number of arguments.
func (e *Executable) NumArgs() (int, error) {
	var n C.size_t
	err := e.lib.check(C.call_sdy_executable_num_args(e.lib.fn("sdy_executable_num_args"), e.ptr, &n))
	return int(n), err
}

// NumResults is the number of results.
func (e *Executable) NumResults() (int, error) {
	var n C.size_t
	err := e.lib.check(C.call_sdy_executable_num_results(e.lib.fn("sdy_executable_num_results"), e.ptr, &n))
	return int(n), err
}

// ResultType is the local (per-device) element type and shape of result
// index.
func (e *Executable) ResultType(index int) (Dtype, []int64, error) {
	f := e.lib.fn("sdy_executable_result_type")
	var dt C.sdy_dtype_t
	var rank C.size_t
	if err := e.lib.check(C.call_sdy_executable_result_type(f, e.ptr, C.size_t(index), &dt, &rank, nil, 0)); err != nil {
		return Dtype{}, nil, err
	}
	shape := make([]C.int64_t, rank+1)
	if err := e.lib.check(C.call_sdy_executable_result_type(f, e.ptr, C.size_t(index), &dt, &rank, &shape[0], rank)); err != nil {
		return Dtype{}, nil, err
	}
	return Dtype{Code: uint8(dt.code), Bits: uint8(dt.bits), Lanes: uint16(dt.lanes)}, fromC(shape[:rank]), nil
}

// ResultGlobalShape is the global shape of result index (what RunGlobal
// returns).
func (e *Executable) ResultGlobalShape(index int) ([]int64, error) {
	_, local, err := e.ResultType(index)
	if err != nil {
		return nil, err
	}
	shape := make([]C.int64_t, len(local)+1)
	err = e.lib.check(C.call_sdy_executable_result_global_shape(e.lib.fn("sdy_executable_result_global_shape"),
		e.ptr, C.size_t(index), &shape[0], C.size_t(len(local)), nil))
	return fromC(shape[:len(local)]), err
}

// cTensors holds descriptors, shapes and data in C memory (cgo forbids C
// memory holding Go pointers).
type cTensors struct {
	descs *C.sdy_tensor_t
	n     int
	frees []unsafe.Pointer
}

func newCTensors(arrays []Array) *cTensors {
	t := &cTensors{n: len(arrays)}
	size := C.size_t(unsafe.Sizeof(C.sdy_tensor_t{})) * C.size_t(len(arrays)+1)
	t.descs = (*C.sdy_tensor_t)(C.calloc(1, size))
	t.frees = append(t.frees, unsafe.Pointer(t.descs))
	descs := unsafe.Slice(t.descs, len(arrays)+1)
	for i, a := range arrays {
		shape := (*C.int64_t)(C.calloc(C.size_t(len(a.Shape)+1), 8))
		for j, d := range a.Shape {
			*(*C.int64_t)(unsafe.Add(unsafe.Pointer(shape), 8*j)) = C.int64_t(d)
		}
		data := C.calloc(C.size_t(len(a.Data)+8), 1)
		if len(a.Data) > 0 {
			C.memcpy(data, unsafe.Pointer(&a.Data[0]), C.size_t(len(a.Data)))
		}
		t.frees = append(t.frees, unsafe.Pointer(shape), data)
		descs[i].data = data
		descs[i].device.device_type = 1
		descs[i].ndim = C.int32_t(len(a.Shape))
		descs[i].dtype = C.sdy_dtype_t{code: C.uint8_t(a.Dtype.Code), bits: C.uint8_t(a.Dtype.Bits), lanes: C.uint16_t(a.Dtype.Lanes)}
		descs[i].shape = shape
	}
	return t
}

func (t *cTensors) copyOut(arrays []Array) {
	descs := unsafe.Slice(t.descs, t.n+1)
	for i := range arrays {
		copy(arrays[i].Data, unsafe.Slice((*byte)(descs[i].data), len(arrays[i].Data)))
	}
}

func (t *cTensors) free() {
	for _, p := range t.frees {
		C.free(p)
	}
}

// RunGlobal runs on the devices of backend with global arrays: each
// argument is scattered by its sharding, each result gathered by its
// sharding.
func (e *Executable) RunGlobal(backend *Backend, args []Array) ([]Array, error) {
	for i, a := range args {
		if int64(len(a.Data)) != elements(a.Shape)*int64((int(a.Dtype.Bits)+7)/8) {
			return nil, invalid("argument %d: %d bytes of data for shape %v", i, len(a.Data), a.Shape)
		}
	}
	n, err := e.NumResults()
	if err != nil {
		return nil, err
	}
	results := make([]Array, n)
	for j := range results {
		dt, _, err := e.ResultType(j)
		if err != nil {
			return nil, err
		}
		shape, err := e.ResultGlobalShape(j)
		if err != nil {
			return nil, err
		}
		results[j] = Array{Dtype: dt, Shape: shape, Data: make([]byte, elements(shape)*int64((int(dt.Bits)+7)/8))}
	}
	ins, outs := newCTensors(args), newCTensors(results)
	defer ins.free()
	defer outs.free()
	err = e.lib.check(C.call_sdy_executable_run_global(e.lib.fn("sdy_executable_run_global"), e.ptr, backend.ptr,
		ins.descs, C.size_t(len(args)), outs.descs, C.size_t(n)))
	if err != nil {
		return nil, err
	}
	outs.copyOut(results)
	return results, nil
}

// Close releases the executable. Calling it again does nothing.
func (e *Executable) Close() {
	if e.ptr != nil {
		C.call_sdy_executable_destroy(e.lib.fn("sdy_executable_destroy"), e.ptr)
		e.ptr = nil
		runtime.SetFinalizer(e, nil)
	}
}
