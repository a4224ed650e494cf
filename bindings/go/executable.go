package sdy

// #include "shims.h"
import "C"

import (
	"fmt"
	"runtime"
	"sync/atomic"
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

// ArgType is the local (per-device) element type and shape of argument
// index.
func (e *Executable) ArgType(index int) (Dtype, []int64, error) {
	return e.valueType(index, false)
}

// ResultType is the local (per-device) element type and shape of result
// index.
func (e *Executable) ResultType(index int) (Dtype, []int64, error) {
	return e.valueType(index, true)
}

func (e *Executable) valueType(index int, result bool) (Dtype, []int64, error) {
	call := func(dt *C.sdy_dtype_t, rank *C.size_t, shape *C.int64_t, capacity C.size_t) *C.sdy_status_t {
		if result {
			return C.call_sdy_executable_result_type(e.lib.fn("sdy_executable_result_type"), e.ptr, C.size_t(index), dt, rank, shape, capacity)
		}
		return C.call_sdy_executable_arg_type(e.lib.fn("sdy_executable_arg_type"), e.ptr, C.size_t(index), dt, rank, shape, capacity)
	}
	var dt C.sdy_dtype_t
	var rank C.size_t
	if err := e.lib.check(call(&dt, &rank, nil, 0)); err != nil {
		return Dtype{}, nil, err
	}
	shape := make([]C.int64_t, rank+1)
	if err := e.lib.check(call(&dt, &rank, &shape[0], rank)); err != nil {
		return Dtype{}, nil, err
	}
	return Dtype{Code: uint8(dt.code), Bits: uint8(dt.bits), Lanes: uint16(dt.lanes)}, fromC(shape[:rank]), nil
}

// ArgNumShards is how argument index is split: the number of shards of
// each dimension (1 where it is not split).
func (e *Executable) ArgNumShards(index int) ([]int64, error) { return e.numShards(index, false) }

// ResultNumShards is how result index is split.
func (e *Executable) ResultNumShards(index int) ([]int64, error) { return e.numShards(index, true) }

func (e *Executable) numShards(index int, result bool) ([]int64, error) {
	_, local, err := e.valueType(index, result)
	if err != nil {
		return nil, err
	}
	out := make([]C.int64_t, len(local)+1)
	n := C.size_t(len(local))
	if result {
		err = e.lib.check(C.call_sdy_executable_result_num_shards(e.lib.fn("sdy_executable_result_num_shards"), e.ptr, C.size_t(index), &out[0], n))
	} else {
		err = e.lib.check(C.call_sdy_executable_arg_num_shards(e.lib.fn("sdy_executable_arg_num_shards"), e.ptr, C.size_t(index), &out[0], n))
	}
	return fromC(out[:len(local)]), err
}

// GlobalShape is the global shape of an argument or result. Exact is true
// when global runs require exactly this shape; false for a split value of
// a module partitioned by hand (Shape is then the padded shape, and any
// shape whose ceil(size / shards) is the local size fits).
type GlobalShape struct {
	Shape []int64
	Exact bool
}

// ArgGlobalShape is the global shape of argument index (what RunGlobal
// takes).
func (e *Executable) ArgGlobalShape(index int) (GlobalShape, error) {
	return e.globalShape(index, false)
}

// ResultGlobalShape is the global shape of result index (what RunGlobal
// returns).
func (e *Executable) ResultGlobalShape(index int) (GlobalShape, error) {
	return e.globalShape(index, true)
}

func (e *Executable) globalShape(index int, result bool) (GlobalShape, error) {
	_, local, err := e.valueType(index, result)
	if err != nil {
		return GlobalShape{}, err
	}
	shape := make([]C.int64_t, len(local)+1)
	var exact C.int32_t
	n := C.size_t(len(local))
	if result {
		err = e.lib.check(C.call_sdy_executable_result_global_shape(e.lib.fn("sdy_executable_result_global_shape"), e.ptr, C.size_t(index), &shape[0], n, &exact))
	} else {
		err = e.lib.check(C.call_sdy_executable_arg_global_shape(e.lib.fn("sdy_executable_arg_global_shape"), e.ptr, C.size_t(index), &shape[0], n, &exact))
	}
	return GlobalShape{Shape: fromC(shape[:len(local)]), Exact: exact != 0}, err
}

// ArgDeviceSlice is the part [Start, Limit) of each dimension of a global
// argument index of globalShape that device receives in a global run.
func (e *Executable) ArgDeviceSlice(index int, globalShape []int64, device int64) ([]Range, error) {
	c := toC(globalShape)
	n := len(globalShape)
	starts, limits := make([]C.int64_t, n+1), make([]C.int64_t, n+1)
	err := e.lib.check(C.call_sdy_executable_arg_device_slice(e.lib.fn("sdy_executable_arg_device_slice"), e.ptr,
		C.size_t(index), &c[0], C.size_t(n), C.int64_t(device), &starts[0], &limits[0], C.size_t(n)))
	if err != nil {
		return nil, err
	}
	return ranges(starts, limits, n), nil
}

// RunOptions are the limits and cancellation of one run. The zero value
// means no run timeout and collectives that wait forever; use
// DefaultRunOptions for the library's defaults (60 s per collective).
type RunOptions struct {
	TimeoutMs           int64       // limit on the whole run; 0: none
	CollectiveTimeoutMs int64       // longest wait for peers in one collective; 0: forever
	Cancel              *CancelFlag // nil, or a flag whose Set stops the run with Cancelled
}

// DefaultRunOptions are the library's defaults.
func DefaultRunOptions() RunOptions { return RunOptions{CollectiveTimeoutMs: 60000} }

// CancelFlag stops runs that use it when set from another goroutine. It
// lives in C memory (the library reads it while the run goes on): Close
// it when no run uses it any more.
type CancelFlag struct {
	p *C.int32_t
}

// NewCancelFlag is a cleared flag.
func NewCancelFlag() *CancelFlag {
	f := &CancelFlag{p: (*C.int32_t)(C.calloc(1, 4))}
	runtime.SetFinalizer(f, (*CancelFlag).Close)
	return f
}

// Set asks the runs that use the flag to stop (SDY_CANCELLED).
func (f *CancelFlag) Set() { atomic.StoreInt32((*int32)(unsafe.Pointer(f.p)), 1) }

// Close releases the flag. Calling it again does nothing.
func (f *CancelFlag) Close() {
	if f.p != nil {
		C.free(unsafe.Pointer(f.p))
		f.p = nil
		runtime.SetFinalizer(f, nil)
	}
}

func (o *RunOptions) toC(l *Library) (*C.sdy_run_options_t, error) {
	if o == nil {
		return nil, nil
	}
	c := (*C.sdy_run_options_t)(C.calloc(1, C.size_t(unsafe.Sizeof(C.sdy_run_options_t{}))))
	C.call_sdy_run_options_init(l.fn("sdy_run_options_init"), c)
	c.timeout_ms = C.int64_t(o.TimeoutMs)
	c.collective_timeout_ms = C.int64_t(o.CollectiveTimeoutMs)
	if o.Cancel != nil {
		if o.Cancel.p == nil {
			C.free(unsafe.Pointer(c))
			return nil, invalid("the cancel flag was closed")
		}
		c.cancel = o.Cancel.p
	}
	return c, nil
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
	return e.RunGlobalWithOptions(backend, args, nil)
}

// RunGlobalWithOptions is RunGlobal with limits and cancellation (nil: the
// defaults).
func (e *Executable) RunGlobalWithOptions(backend *Backend, args []Array, options *RunOptions) ([]Array, error) {
	if err := checkData(args, "argument %d"); err != nil {
		return nil, err
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
		results[j] = zeros(dt, shape.Shape)
	}
	if err := e.run(backend, args, results, len(args), n, options, true); err != nil {
		return nil, err
	}
	return results, nil
}

// RunLocal runs with per-device arrays: args[i] holds the arguments (local
// shapes) of the i-th local device of backend, in the order of
// LocalDevices; it returns each device's results likewise.
func (e *Executable) RunLocal(backend *Backend, args [][]Array) ([][]Array, error) {
	return e.RunLocalWithOptions(backend, args, nil)
}

// RunLocalWithOptions is RunLocal with limits and cancellation (nil: the
// defaults).
func (e *Executable) RunLocalWithOptions(backend *Backend, args [][]Array, options *RunOptions) ([][]Array, error) {
	numArgs, err := e.NumArgs()
	if err != nil {
		return nil, err
	}
	var flat []Array
	for i, device := range args {
		if len(device) != numArgs {
			return nil, invalid("local device %d has %d arguments; the function takes %d", i, len(device), numArgs)
		}
		if err := checkData(device, fmt.Sprintf("local device %d, argument %%d", i)); err != nil {
			return nil, err
		}
		flat = append(flat, device...)
	}
	n, err := e.NumResults()
	if err != nil {
		return nil, err
	}
	results := make([]Array, 0, n*len(args))
	for range args {
		for j := 0; j < n; j++ {
			dt, shape, err := e.ResultType(j)
			if err != nil {
				return nil, err
			}
			results = append(results, zeros(dt, shape))
		}
	}
	if err := e.run(backend, flat, results, numArgs, n, options, false); err != nil {
		return nil, err
	}
	out := make([][]Array, len(args))
	for i := range out {
		out[i] = results[i*n : (i+1)*n]
	}
	return out, nil
}

func checkData(arrays []Array, what string) error {
	for i, a := range arrays {
		if int64(len(a.Data)) != elements(a.Shape)*int64((int(a.Dtype.Bits)+7)/8) {
			return invalid(what+": %d bytes of data for shape %v", i, len(a.Data), a.Shape)
		}
	}
	return nil
}

func zeros(dt Dtype, shape []int64) Array {
	return Array{Dtype: dt, Shape: shape, Data: make([]byte, elements(shape)*int64((int(dt.Bits)+7)/8))}
}

// run calls the C run function; numArgs and numResults are per device for
// local runs.
func (e *Executable) run(backend *Backend, args, results []Array, numArgs, numResults int, options *RunOptions, global bool) error {
	opts, err := options.toC(e.lib)
	if err != nil {
		return err
	}
	if opts != nil {
		defer C.free(unsafe.Pointer(opts))
	}
	ins, outs := newCTensors(args), newCTensors(results)
	defer ins.free()
	defer outs.free()
	na, nr := C.size_t(numArgs), C.size_t(numResults)
	var status *C.sdy_status_t
	switch {
	case global && opts == nil:
		status = C.call_sdy_executable_run_global(e.lib.fn("sdy_executable_run_global"), e.ptr, backend.ptr, ins.descs, na, outs.descs, nr)
	case global:
		status = C.call_sdy_executable_run_global_with_options(e.lib.fn("sdy_executable_run_global_with_options"), e.ptr, backend.ptr, ins.descs, na, outs.descs, nr, opts)
	case opts == nil:
		status = C.call_sdy_executable_run_local(e.lib.fn("sdy_executable_run_local"), e.ptr, backend.ptr, ins.descs, na, outs.descs, nr)
	default:
		status = C.call_sdy_executable_run_local_with_options(e.lib.fn("sdy_executable_run_local_with_options"), e.ptr, backend.ptr, ins.descs, na, outs.descs, nr, opts)
	}
	// The finalizers of the executable, the backend (a Go backend's table)
	// and the cancel flag must not run while the library uses them.
	runtime.KeepAlive(e)
	runtime.KeepAlive(backend)
	runtime.KeepAlive(options)
	if err := e.lib.check(status); err != nil {
		return err
	}
	outs.copyOut(results)
	return nil
}

// Close releases the executable. Calling it again does nothing.
func (e *Executable) Close() {
	if e.ptr != nil {
		C.call_sdy_executable_destroy(e.lib.fn("sdy_executable_destroy"), e.ptr)
		e.ptr = nil
		runtime.SetFinalizer(e, nil)
	}
}
