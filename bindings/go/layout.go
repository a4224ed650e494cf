package sdy

// #include "shims.h"
import "C"

import "unsafe"

// structLayouts gives, for the C structs the binding uses, the size and
// the field offsets as cgo compiled them (checked against the ABI manifest
// by the tests).
func structLayouts() map[string][]uintptr {
	var tensor C.sdy_tensor_t
	var dtype C.sdy_dtype_t
	var device C.sdy_device_t
	var ref C.MlirStringRef
	return map[string][]uintptr{
		"sdy_tensor": {unsafe.Sizeof(tensor), unsafe.Offsetof(tensor.data), unsafe.Offsetof(tensor.device),
			unsafe.Offsetof(tensor.ndim), unsafe.Offsetof(tensor.dtype), unsafe.Offsetof(tensor.shape),
			unsafe.Offsetof(tensor.strides), unsafe.Offsetof(tensor.byte_offset)},
		"sdy_dtype":     {unsafe.Sizeof(dtype), unsafe.Offsetof(dtype.code), unsafe.Offsetof(dtype.bits), unsafe.Offsetof(dtype.lanes)},
		"sdy_device":    {unsafe.Sizeof(device), unsafe.Offsetof(device.device_type), unsafe.Offsetof(device.device_id)},
		"MlirStringRef": {unsafe.Sizeof(ref), unsafe.Offsetof(ref.data), unsafe.Offsetof(ref.length)},
	}
}
