package sdy

// #include "shims.h"
import "C"

import (
	"runtime"
	"unsafe"
)

// ValueKind says what a Value is (SDY_VALUE_* of sdy_c/query.h).
type ValueKind int

// The kinds of values.
const (
	ValueArgument       ValueKind = 0 // argument Number of the function
	ValueOpResult       ValueKind = 1 // result Number of op Op
	ValueBlockArgument  ValueKind = 2 // argument Number of block Block of region Region of op Op (-1: the function body)
	ValueFunctionResult ValueKind = 3 // result Number of the function
)

// OriginKind says what an Origin names (SDY_ORIGIN_*).
type OriginKind int

// The kinds of sharding origins.
const (
	OriginSelf       OriginKind = 0 // "self": the value's own user sharding
	OriginInput      OriginKind = 1 // "input: N"
	OriginOutput     OriginKind = 2 // "output: N"
	OriginConstraint OriginKind = 3 // "constraint_N"
	OriginGroup      OriginKind = 4 // "group_N"
	OriginOther      OriginKind = 5 // any other text
)

// QueryOp is one op of the function. Parent is the op whose region holds
// it (-1 in the function body); Operands and Results are value indices;
// File, Line and Column those of its file location ("", 0, 0 if none).
type QueryOp struct {
	Name, Location, File string
	Line, Column         int64
	Parent, Region       int64
	Depth                int64
	Operands, Results    []int
	NumRegions           int
	OriginName           string // sdy.sharding_origin_name ("constraint_0"), else ""
}

// Origin says where one axis of a value's sharding came from; Index is
// the N of input/output/constraint/group (else -1), Dim the dimension
// holding the axis (-1 if none does).
type Origin struct {
	Axis, Origin string
	Kind         OriginKind
	Index, Dim   int64
}

// QueryValue is one value of the function. Shape is nil for a non-shaped
// or unranked type (-1 for a dynamic size); Sharding is nil when the value
// has none.
type QueryValue struct {
	Kind                      ValueKind
	Op, Region, Block, Number int64
	Type, ElementType         string
	Shape                     []int64
	Sharding                  *Sharding
	Origins                   []Origin
}

// Query is a snapshot of one function of a module: its ops in program
// order (an op before the ops of its regions) and its values (arguments
// first, the function's results last), read without parsing text. It does
// not change when the module changes afterwards.
type Query struct {
	Ops    []QueryOp
	Values []QueryValue
}

// NewQuery takes a snapshot of function `function` of m.
func NewQuery(m *Module, function string) (*Query, error) {
	l := m.lib
	cname := C.CString(function)
	defer C.free(unsafe.Pointer(cname))
	var raw *C.sdy_query_t
	if err := l.check(C.call_sdy_query_create(l.fn("sdy_query_create"), m.ptr, cname, &raw)); err != nil {
		return nil, err
	}
	defer C.call_sdy_query_destroy(l.fn("sdy_query_destroy"), raw)
	runtime.KeepAlive(m)
	q := &Query{}
	var numOps, numValues C.size_t
	if err := l.check(C.call_sdy_query_num_ops(l.fn("sdy_query_num_ops"), raw, &numOps)); err != nil {
		return nil, err
	}
	for i := C.size_t(0); i < numOps; i++ {
		var op C.sdy_query_op_t
		if err := l.check(C.call_sdy_query_op(l.fn("sdy_query_op"), raw, i, &op)); err != nil {
			return nil, err
		}
		q.Ops = append(q.Ops, QueryOp{
			Name: C.GoString(op.name), Location: C.GoString(op.location), File: C.GoString(op.file),
			Line: int64(op.line), Column: int64(op.column), Parent: int64(op.parent),
			Region: int64(op.region), Depth: int64(op.depth),
			Operands: indices(op.operands, op.num_operands), Results: indices(op.results, op.num_results),
			NumRegions: int(op.num_regions), OriginName: C.GoString(op.origin_name),
		})
	}
	if err := l.check(C.call_sdy_query_num_values(l.fn("sdy_query_num_values"), raw, &numValues)); err != nil {
		return nil, err
	}
	for i := C.size_t(0); i < numValues; i++ {
		var v C.sdy_query_value_t
		if err := l.check(C.call_sdy_query_value(l.fn("sdy_query_value"), raw, i, &v)); err != nil {
			return nil, err
		}
		value := QueryValue{
			Kind: ValueKind(v.kind), Op: int64(v.op), Region: int64(v.region), Block: int64(v.block),
			Number: int64(v.number), Type: C.GoString(v._type), ElementType: C.GoString(v.element_type),
		}
		if v.rank >= 0 {
			value.Shape = make([]int64, int(v.rank))
			if v.rank > 0 {
				copy(value.Shape, fromC(unsafe.Slice(v.shape, int(v.rank))))
			}
		}
		var sharding *C.sdy_sharding_t
		if err := l.check(C.call_sdy_query_value_sharding(l.fn("sdy_query_value_sharding"), raw, i, &sharding)); err != nil {
			return nil, err
		}
		if sharding != nil {
			value.Sharding = newSharding(l, sharding)
		}
		for k := C.size_t(0); k < v.num_origins; k++ {
			var o C.sdy_sharding_origin_t
			if err := l.check(C.call_sdy_query_value_origin(l.fn("sdy_query_value_origin"), raw, i, k, &o)); err != nil {
				return nil, err
			}
			value.Origins = append(value.Origins, Origin{
				Axis: C.GoString(o.axis), Origin: C.GoString(o.origin), Kind: OriginKind(o.kind),
				Index: int64(o.index), Dim: int64(o.dim),
			})
		}
		q.Values = append(q.Values, value)
	}
	return q, nil
}

// indices copies a borrowed size_t array.
func indices(data *C.size_t, n C.size_t) []int {
	out := make([]int, int(n))
	if n == 0 {
		return out
	}
	for i, v := range unsafe.Slice(data, int(n)) {
		out[i] = int(v)
	}
	return out
}

// queryStructLayouts gives the size and field offsets of the structs of
// sdy_c/query.h as cgo lays them out (the tests compare them with the ABI
// manifest).
func queryStructLayouts() map[string][]uintptr {
	var op C.sdy_query_op_t
	var v C.sdy_query_value_t
	var o C.sdy_sharding_origin_t
	return map[string][]uintptr{
		"sdy_query_op": {unsafe.Sizeof(op), unsafe.Offsetof(op.name), unsafe.Offsetof(op.location),
			unsafe.Offsetof(op.file), unsafe.Offsetof(op.line), unsafe.Offsetof(op.column), unsafe.Offsetof(op.parent),
			unsafe.Offsetof(op.region), unsafe.Offsetof(op.depth), unsafe.Offsetof(op.operands),
			unsafe.Offsetof(op.num_operands), unsafe.Offsetof(op.results), unsafe.Offsetof(op.num_results),
			unsafe.Offsetof(op.num_regions), unsafe.Offsetof(op.origin_name)},
		"sdy_query_value": {unsafe.Sizeof(v), unsafe.Offsetof(v.kind), unsafe.Offsetof(v.has_sharding),
			unsafe.Offsetof(v.op), unsafe.Offsetof(v.region), unsafe.Offsetof(v.block), unsafe.Offsetof(v.number),
			unsafe.Offsetof(v._type), unsafe.Offsetof(v.element_type), unsafe.Offsetof(v.shape),
			unsafe.Offsetof(v.rank), unsafe.Offsetof(v.num_origins)},
		"sdy_sharding_origin": {unsafe.Sizeof(o), unsafe.Offsetof(o.axis), unsafe.Offsetof(o.origin),
			unsafe.Offsetof(o.kind), unsafe.Offsetof(o.reserved), unsafe.Offsetof(o.index), unsafe.Offsetof(o.dim)},
	}
}
