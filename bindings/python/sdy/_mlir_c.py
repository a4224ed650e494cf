"""ctypes declarations of MLIR's C API value types and of the functions of
``sdy_c/dialect.h`` (Shardy's MLIR-style attribute API).

MLIR's handles (MlirContext, MlirAttribute, ...) are structs holding one
pointer, passed by value; MlirStringRef is a (data, length) pair. To bind a
function added to dialect.h, add its line to DIALECT_PROTOTYPES (the
manifest test, tests/test_abi_manifest.py, names any function of the ABI
manifest that is missing).
"""

from typing import Any, Dict, List, Tuple

from ctypes import (POINTER, Structure, c_bool, c_char_p, c_int64, c_size_t,
                    c_ssize_t, c_void_p)

__all__ = ["MlirAttributeStruct", "MlirContextStruct",
           "MlirDialectHandleStruct", "MlirModuleStruct",
           "MlirStringRefStruct", "DIALECT_PROTOTYPES"]


class MlirContextStruct(Structure):
    """``MlirContext`` of MLIR's C API (a struct holding one pointer)."""
    _fields_ = [("ptr", c_void_p)]


class MlirModuleStruct(Structure):
    """``MlirModule`` of MLIR's C API (a struct holding one pointer)."""
    _fields_ = [("ptr", c_void_p)]


class MlirAttributeStruct(Structure):
    """``MlirAttribute`` (one pointer; a null attribute has ptr None)."""
    _fields_ = [("ptr", c_void_p)]


class MlirDialectHandleStruct(Structure):
    """``MlirDialectHandle`` (one pointer)."""
    _fields_ = [("ptr", c_void_p)]


class MlirStringRefStruct(Structure):
    """``MlirStringRef``: `length` bytes at `data`, not NUL-terminated."""
    _fields_ = [("data", c_char_p), ("length", c_size_t)]

    def __str__(self) -> str:
        data: bytes = self.data[:self.length] if self.data else b""
        return data.decode()


_ATTR = MlirAttributeStruct
_CTX = MlirContextStruct
_STR = MlirStringRefStruct
_DIALECT = MlirDialectHandleStruct
_PATTR = POINTER(MlirAttributeStruct)
_PI64 = POINTER(c_int64)

DIALECT_PROTOTYPES: Dict[str, Tuple[Any, List[Any]]] = {
    "mlirGetDialectHandle__sdy__": (_DIALECT, []),
    "mlirGetDialectHandle__stablehlo__": (_DIALECT, []),
    "sdyAttributeIsAMeshAxisAttr": (c_bool, [_ATTR]),
    "sdyMeshAxisAttrGet": (_ATTR, [_CTX, _STR, c_int64]),
    "sdyMeshAxisAttrGetName": (_STR, [_ATTR]),
    "sdyMeshAxisAttrGetSize": (c_int64, [_ATTR]),
    "sdyAttributeIsAMeshAttr": (c_bool, [_ATTR]),
    "sdyMeshAttrGet": (_ATTR, [_CTX, c_ssize_t, _PATTR, c_ssize_t, _PI64]),
    "sdyMeshAttrGetDeviceIdsSize": (c_int64, [_ATTR]),
    "sdyMeshAttrGetDeviceIdsElem": (c_int64, [_ATTR, c_int64]),
    "sdyMeshAttrGetAxesSize": (c_ssize_t, [_ATTR]),
    "sdyMeshAttrGetAxesElem": (_ATTR, [_ATTR, c_ssize_t]),
    "sdyAttributeIsASubAxisInfoAttr": (c_bool, [_ATTR]),
    "sdySubAxisInfoAttrGet": (_ATTR, [_CTX, c_int64, c_int64]),
    "sdySubAxisInfoAttrGetPreSize": (c_int64, [_ATTR]),
    "sdySubAxisInfoAttrGetSize": (c_int64, [_ATTR]),
    "sdyAttributeIsAnAxisRefAttr": (c_bool, [_ATTR]),
    "sdyAxisRefAttrGet": (_ATTR, [_CTX, _STR, _ATTR]),
    "sdyAxisRefAttrGetName": (_STR, [_ATTR]),
    "sdyAxisRefAttrGetSubAxisInfo": (_ATTR, [_ATTR]),
    "sdyAttributeIsADimensionShardingAttr": (c_bool, [_ATTR]),
    "sdyDimensionShardingAttrGet": (
        _ATTR, [_CTX, c_ssize_t, _PATTR, c_bool, c_int64]),
    "sdyDimensionShardingAttrGetAxesSize": (c_ssize_t, [_ATTR]),
    "sdyDimensionShardingAttrGetAxesElem": (_ATTR, [_ATTR, c_ssize_t]),
    "sdyDimensionShardingAttrGetIsClosed": (c_bool, [_ATTR]),
    "sdyDimensionShardingAttrGetPriority": (c_int64, [_ATTR]),
    "sdyAttributeIsATensorShardingAttr": (c_bool, [_ATTR]),
    "sdyTensorShardingAttrGet": (
        _ATTR, [_CTX, _ATTR, c_ssize_t, _PATTR, c_ssize_t, _PATTR, c_ssize_t,
            _PATTR]),
    "sdyTensorShardingAttrGetMeshOrRef": (_ATTR, [_ATTR]),
    "sdyTensorShardingAttrGetDimShardingsSize": (c_ssize_t, [_ATTR]),
    "sdyTensorShardingAttrGetDimShardingsElem": (_ATTR, [_ATTR, c_ssize_t]),
    "sdyTensorShardingAttrGetReplicatedAxesSize": (c_ssize_t, [_ATTR]),
    "sdyTensorShardingAttrGetReplicatedAxesElem": (_ATTR, [_ATTR, c_ssize_t]),
    "sdyTensorShardingAttrGetUnreducedAxesSize": (c_ssize_t, [_ATTR]),
    "sdyTensorShardingAttrGetUnreducedAxesElem": (_ATTR, [_ATTR, c_ssize_t]),
    "sdyAttributeIsATensorShardingPerValueAttr": (c_bool, [_ATTR]),
    "sdyTensorShardingPerValueAttrGet": (_ATTR, [_CTX, c_ssize_t, _PATTR]),
    "sdyTensorShardingPerValueAttrGetShardingsSize": (c_ssize_t, [_ATTR]),
    "sdyTensorShardingPerValueAttrGetShardingsElem": (
        _ATTR, [_ATTR, c_ssize_t]),
    "sdyAttributeIsADimMappingAttr": (c_bool, [_ATTR]),
    "sdyDimMappingAttrGet": (_ATTR, [_CTX, c_ssize_t, _PI64]),
    "sdyDimMappingAttrGetFactorIndicesSize": (c_ssize_t, [_ATTR]),
    "sdyDimMappingAttrGetFactorIndicesElem": (c_int64, [_ATTR, c_ssize_t]),
    "sdyAttributeIsATensorMappingAttr": (c_bool, [_ATTR]),
    "sdyTensorMappingAttrGet": (_ATTR, [_CTX, c_ssize_t, _PATTR]),
    "sdyTensorMappingAttrGetRank": (c_ssize_t, [_ATTR]),
    "sdyTensorMappingAttrGetDimMappingsSize": (c_ssize_t, [_ATTR]),
    "sdyTensorMappingAttrGetDimMappingsElem": (_ATTR, [_ATTR, c_ssize_t]),
    "sdyAttributeIsAOpShardingRuleAttr": (c_bool, [_ATTR]),
    "sdyOpShardingRuleAttrGet": (
        _ATTR, [_CTX, c_ssize_t, _PI64, c_ssize_t, _PATTR, c_ssize_t, _PATTR,
            c_ssize_t, _PI64, c_ssize_t, _PI64, c_ssize_t, _PI64, c_ssize_t,
            _PI64, c_bool]),
    "sdyOpShardingRuleAttrGetIsCustom": (c_bool, [_ATTR]),
    "sdyOpShardingRuleAttrGetFactorSizesSize": (c_ssize_t, [_ATTR]),
    "sdyOpShardingRuleAttrGetFactorSizesElem": (c_int64, [_ATTR, c_ssize_t]),
    "sdyOpShardingRuleAttrGetOperandMappingsSize": (c_ssize_t, [_ATTR]),
    "sdyOpShardingRuleAttrGetOperandMappingsElem": (_ATTR, [_ATTR, c_ssize_t]),
    "sdyOpShardingRuleAttrGetResultMappingsSize": (c_ssize_t, [_ATTR]),
    "sdyOpShardingRuleAttrGetResultMappingsElem": (_ATTR, [_ATTR, c_ssize_t]),
    "sdyOpShardingRuleAttrGetReductionFactorsSize": (c_ssize_t, [_ATTR]),
    "sdyOpShardingRuleAttrGetReductionFactorsElem": (
        c_int64, [_ATTR, c_ssize_t]),
    "sdyOpShardingRuleAttrGetNeedReplicationFactorsSize": (c_ssize_t, [_ATTR]),
    "sdyOpShardingRuleAttrGetNeedReplicationFactorsElem": (
        c_int64, [_ATTR, c_ssize_t]),
    "sdyOpShardingRuleAttrGetPermutationFactorsSize": (c_ssize_t, [_ATTR]),
    "sdyOpShardingRuleAttrGetPermutationFactorsElem": (
        c_int64, [_ATTR, c_ssize_t]),
    "sdyOpShardingRuleAttrGetBlockedPropagationFactorsSize": (
        c_ssize_t, [_ATTR]),
    "sdyOpShardingRuleAttrGetBlockedPropagationFactorsElem": (
        c_int64, [_ATTR, c_ssize_t]),
    "sdyAttributeIsAManualAxesAttr": (c_bool, [_ATTR]),
    "sdyManualAxesAttrGet": (_ATTR, [_CTX, c_ssize_t, _PATTR]),
    "sdyManualAxesAttrGetSize": (c_ssize_t, [_ATTR]),
    "sdyManualAxesAttrGetAxesElem": (_STR, [_ATTR, c_ssize_t]),
    "sdyManualAxesAttrGetAxesSize": (c_ssize_t, [_ATTR]),
    "mlirRegisterAllSdyPassesAndPipelines": (None, []),
    "mlirRegisterAllXlaSdyPassesAndPipelines": (None, []),
}
