package sdy

// #include "shims.h"
import "C"

import (
	"encoding/binary"
	"math"
)

// Dtype is DLPack's data type of an array (code, bits, lanes).
type Dtype struct {
	Code  uint8
	Bits  uint8
	Lanes uint16
}

// DLPack type codes (SDY_DL_*).
const (
	DLInt     = 0
	DLUInt    = 1
	DLFloat   = 2
	DLBfloat  = 4
	DLComplex = 5
	DLBool    = 6
)

// Float32 is f32.
var Float32 = Dtype{Code: DLFloat, Bits: 32, Lanes: 1}

// Array is a host array: element type, shape and the row-major bytes.
type Array struct {
	Dtype Dtype
	Shape []int64
	Data  []byte
}

// NewFloat32 makes an f32 array of shape from values (row-major).
func NewFloat32(shape []int64, values []float32) Array {
	data := make([]byte, 4*len(values))
	for i, v := range values {
		binary.LittleEndian.PutUint32(data[4*i:], math.Float32bits(v))
	}
	return Array{Dtype: Float32, Shape: shape, Data: data}
}

// Float32s returns the elements of an f32 array (nil for another type).
func (a Array) Float32s() []float32 {
	if a.Dtype != Float32 {
		return nil
	}
	out := make([]float32, len(a.Data)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(a.Data[4*i:]))
	}
	return out
}

func elements(shape []int64) int64 {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	return n
}
