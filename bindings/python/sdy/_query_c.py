"""ctypes layouts of the structs of ``sdy_c/query.h`` (checked against the
ABI manifest by the tests)."""

import ctypes
from ctypes import POINTER, Structure, c_char_p, c_int32, c_int64, c_size_t

__all__ = ["QueryOpStruct", "QueryValueStruct", "ShardingOriginStruct"]


class QueryOpStruct(Structure):
    """``sdy_query_op_t``: 112 bytes, no padding."""
    _fields_ = [("name", c_char_p), ("location", c_char_p),
                ("file", c_char_p), ("line", c_int64), ("column", c_int64),
                ("parent", c_int64), ("region", c_int64), ("depth", c_int64),
                ("operands", POINTER(c_size_t)), ("num_operands", c_size_t),
                ("results", POINTER(c_size_t)), ("num_results", c_size_t),
                ("num_regions", c_size_t), ("origin_name", c_char_p)]


class QueryValueStruct(Structure):
    """``sdy_query_value_t``: 80 bytes, no padding."""
    _fields_ = [("kind", c_int32), ("has_sharding", c_int32),
                ("op", c_int64), ("region", c_int64), ("block", c_int64),
                ("number", c_int64), ("type", c_char_p),
                ("element_type", c_char_p), ("shape", POINTER(c_int64)),
                ("rank", c_int64), ("num_origins", c_size_t)]


class ShardingOriginStruct(Structure):
    """``sdy_sharding_origin_t``: 40 bytes, no padding."""
    _fields_ = [("axis", c_char_p), ("origin", c_char_p), ("kind", c_int32),
                ("reserved", c_int32), ("index", c_int64), ("dim", c_int64)]


assert ctypes.sizeof(QueryOpStruct) == 112
assert ctypes.sizeof(QueryValueStruct) == 80
assert ctypes.sizeof(ShardingOriginStruct) == 40
