#!/usr/bin/env python3
"""Exports the JAX differential fixtures (programs, inputs, JAX's outputs).

Run by developers, never by the test suite (which must not depend on JAX), in
a virtual environment outside the repository:

    python3 -m venv /tmp/jax && /tmp/jax/bin/pip install jax==0.10.2
    /tmp/jax/bin/python tests/jax_diff/generate.py [--filter RE] [OUT_DIR]

OUT_DIR defaults to tests/jax_diff/fixtures. Each program is
`jax.jit(f, in_shardings=..., out_shardings=...)` on a 2x4 mesh of Auto axes
("data", "model") over 8 host devices; `.lower(...).as_text()` is written to
OUT_DIR/NAME/module.mlir, the deterministic inputs to in_K.npy, what JAX
computes for them to out_K.npy and a meta.json (mesh, dtypes, shapes,
tolerances). bf16, f8 and f4 values are stored as their raw bits (uint16 /
uint8 arrays) since plain numpy has no such types; meta.json names the real
type. Programs whose body depends on the mesh (shard_map: the body has
per-device shapes) are exported once per device count N of the runner, on
the meshes of MESHES, as fixtures NAME_nN that run on N devices only.
"""
import argparse
import json
import os
import re
import shutil
import sys
import zlib

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import ml_dtypes  # noqa: E402
import numpy as np  # noqa: E402
from jax import lax  # noqa: E402
from jax.sharding import AxisType, NamedSharding  # noqa: E402
from jax.sharding import PartitionSpec as P  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

# Device count -> (data, model); the runner adapts meshes the same way.
MESHES = {1: (1, 1), 2: (1, 2), 4: (2, 2), 8: (2, 4)}


def make_mesh(n=8, axis_type=AxisType.Auto):
    d, m = MESHES[n]
    return jax.make_mesh((d, m), ("data", "model"),
                         axis_types=(axis_type,) * 2,
                         devices=jax.devices()[:n])


MESH = make_mesh()

# numpy dtype name -> MLIR element type name.
MLIR_TYPES = {
    "float32": "f32", "float64": "f64", "float16": "f16", "bfloat16": "bf16",
    "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
    "uint8": "ui8", "uint16": "ui16", "uint32": "ui32", "uint64": "ui64",
    "bool": "i1", "complex64": "complex<f32>", "complex128": "complex<f64>",
    "float8_e4m3fn": "f8E4M3FN", "float8_e5m2": "f8E5M2",
    "float8_e4m3fnuz": "f8E4M3FNUZ", "float8_e5m2fnuz": "f8E5M2FNUZ",
    "float8_e4m3b11fnuz": "f8E4M3B11FNUZ", "float8_e4m3": "f8E4M3",
    "float8_e3m4": "f8E3M4", "float8_e8m0fnu": "f8E8M0FNU",
    "float4_e2m1fn": "f4E2M1FN",
}

# Default float tolerance per element type: |got - expected| <= TOL *
# max(1, max |expected|) (the scale of the whole result, as a reduction's
# rounding error scales with its terms). Programs may multiply it.
TOLERANCES = {
    "f64": 1e-12, "f32": 1e-5, "f16": 2e-3, "bf16": 1.6e-2,
    "complex<f64>": 1e-12, "complex<f32>": 1e-5,
    "f8E4M3FN": 0.125, "f8E5M2": 0.25, "f8E4M3FNUZ": 0.125,
    "f8E5M2FNUZ": 0.25, "f8E4M3B11FNUZ": 0.125, "f8E4M3": 0.125,
    "f8E3M4": 0.0625, "f8E8M0FNU": 1.0, "f4E2M1FN": 0.5,
}

# ------------------------------------------------------------ declarations


class Arg:
    """One argument: shape, dtype, value range, partition spec."""

    def __init__(self, shape, dtype=jnp.float32, lo=-1.0, hi=1.0, spec=None,
                 special=False, values=None):
        self.shape = tuple(shape)
        self.dtype = jnp.dtype(dtype)
        self.lo, self.hi = lo, hi
        self.spec = spec if spec is not None else P()
        self.special = special  # mix in NaN, +-inf, +-0
        self.values = values

    def make(self, rng):
        if self.values is not None:
            return np.asarray(self.values, dtype=self.dtype).reshape(self.shape)
        n = int(np.prod(self.shape))
        dt = self.dtype
        if dt == np.bool_:
            v = rng.integers(0, 2, n).astype(bool)
        elif jnp.issubdtype(dt, np.integer):
            info = np.iinfo(dt)
            lo = max(int(self.lo), int(info.min))
            hi = min(int(self.hi), int(info.max))
            v = rng.integers(lo, hi, n, endpoint=True, dtype=np.int64 if
                             dt != np.uint64 else np.uint64).astype(dt)
        elif jnp.issubdtype(dt, np.complexfloating):
            v = (rng.uniform(self.lo, self.hi, n) +
                 1j * rng.uniform(self.lo, self.hi, n)).astype(dt)
        else:
            v = rng.uniform(self.lo, self.hi, n)
            if self.special and n >= 8:
                v[:6] = [np.nan, np.inf, -np.inf, 0.0, -0.0, 0.5]
                rng.shuffle(v)
            v = v.astype(np.float32).astype(dt) if dt != np.float64 else v
        return v.reshape(self.shape)


def A(*shape, dtype=jnp.float32, lo=-1.0, hi=1.0, spec=None, special=False,
      values=None):
    return Arg(shape, dtype, lo, hi, spec, special, values)


PROGRAMS = {}


def program(name, *args, out=None, tol=1.0, exact=False, x64=False,
            per_mesh=False, platform=None, reference_devices=None,
            explicit=False):
    """Registers f(*args). out: out_shardings spec (or a tuple of specs);
    tol: multiplier of the per-type float tolerance; exact: float results
    compared bit for bit (data movement); per_mesh: f takes the mesh first
    and is exported once per device count; platform: the module is lowered
    for that platform (ops that XLA on CPU lowers away, such as
    chlo.ragged_dot, are kept) while the outputs still come from the CPU;
    reference_devices=1: JAX's outputs are computed on one device, where
    XLA's SPMD partitioner miscomputes the program on the 2x4 mesh;
    explicit: the mesh's axes are Explicit (sharding in types) and the
    program is traced under jax.set_mesh, so it may name PartitionSpecs."""
    def register(fn):
        assert name not in PROGRAMS, name
        PROGRAMS[name] = dict(fn=fn, args=args, out=out, tol=tol, exact=exact,
                              x64=x64, per_mesh=per_mesh, platform=platform,
                              reference_devices=reference_devices,
                              explicit=explicit)
        return fn
    return register


def spec_2d(rows_axis="data", cols_axis="model"):
    return P(rows_axis, cols_axis)


D, M = "data", "model"
F32, F64, F16, BF16 = jnp.float32, jnp.float64, jnp.float16, jnp.bfloat16
I8, I16, I32, I64 = jnp.int8, jnp.int16, jnp.int32, jnp.int64
U8, U16, U32, U64 = jnp.uint8, jnp.uint16, jnp.uint32, jnp.uint64
C64, C128 = jnp.complex64, jnp.complex128

# ----------------------------------------------------- elementwise (f32)

UNARY = {
    # name: (fn, lo, hi, tol multiplier)
    "abs": (jnp.abs, -2, 2, 1), "negate": (jnp.negative, -2, 2, 1),
    "sign": (jnp.sign, -2, 2, 1), "floor": (jnp.floor, -4, 4, 1),
    "ceil": (jnp.ceil, -4, 4, 1), "round_even": (jnp.round, -4, 4, 1),
    "round_away": (lambda x: lax.round(x, lax.RoundingMethod.AWAY_FROM_ZERO),
                   -4, 4, 1),
    "exp": (jnp.exp, -3, 3, 1), "exp2": (jnp.exp2, -3, 3, 1),
    "expm1": (jnp.expm1, -1, 1, 1), "log": (jnp.log, 0.01, 4, 1),
    "log1p": (jnp.log1p, -0.9, 2, 1), "sqrt": (jnp.sqrt, 0, 4, 1),
    "rsqrt": (lax.rsqrt, 0.1, 4, 1), "cbrt": (jnp.cbrt, -8, 8, 1),
    "sin": (jnp.sin, -4, 4, 1), "cos": (jnp.cos, -4, 4, 1),
    "tan": (jnp.tan, -1.2, 1.2, 4), "tanh": (jnp.tanh, -3, 3, 1),
    "logistic": (jax.nn.sigmoid, -6, 6, 1),
    "asin": (jnp.arcsin, -0.99, 0.99, 1), "acos": (jnp.arccos, -0.99, 0.99, 1),
    "atan": (jnp.arctan, -4, 4, 1), "sinh": (jnp.sinh, -3, 3, 1),
    "cosh": (jnp.cosh, -3, 3, 1), "asinh": (jnp.arcsinh, -4, 4, 1),
    "acosh": (jnp.arccosh, 1, 5, 1), "atanh": (jnp.arctanh, -0.95, 0.95, 1),
    "erf": (jax.scipy.special.erf, -3, 3, 1),
    "erfc": (jax.scipy.special.erfc, -3, 3, 1),
    "erfinv": (jax.scipy.special.erfinv, -0.99, 0.99, 10),
    "lgamma": (jax.scipy.special.gammaln, 0.1, 6, 10),
    "digamma": (jax.scipy.special.digamma, 0.1, 6, 10),
    "is_finite": (jnp.isfinite, -2, 2, 1),
    "square": (jnp.square, -3, 3, 1), "reciprocal": (jnp.reciprocal, 0.5, 3, 1),
    "bessel_i0e": (jax.scipy.special.i0e, -4, 4, 10),
    "bessel_i1e": (jax.scipy.special.i1e, -4, 4, 10),
    "softplus": (jax.nn.softplus, -4, 4, 1), "gelu": (jax.nn.gelu, -3, 3, 1),
    "gelu_exact": (lambda x: jax.nn.gelu(x, approximate=False), -3, 3, 1),
    "silu": (jax.nn.silu, -3, 3, 1),
    "reduce_precision": (lambda x: lax.reduce_precision(x, 5, 10), -3, 3, 1),
    "logsumexp_row": (lambda x: jax.nn.logsumexp(x, axis=1), -3, 3, 1),
}

for _name, (_fn, _lo, _hi, _tol) in UNARY.items():
    program("unary_" + _name, A(8, 16, lo=_lo, hi=_hi, spec=P(D, M)),
            tol=_tol)(lambda x, _fn=_fn: _fn(x))

program("unary_specials", A(8, 16, spec=P(D, M), special=True))(
    lambda x: (jnp.abs(x), jnp.floor(x), jnp.sign(x), jnp.isfinite(x),
               jnp.exp(x), jnp.tanh(x), jnp.sqrt(x), x * 2))

BINARY = {
    "add": (jnp.add, -2, 2), "subtract": (jnp.subtract, -2, 2),
    "multiply": (jnp.multiply, -2, 2), "divide": (jnp.divide, 0.5, 3),
    "remainder": (lax.rem, 0.5, 3), "power": (jnp.power, 0.5, 2),
    "maximum": (jnp.maximum, -2, 2), "minimum": (jnp.minimum, -2, 2),
    "atan2": (jnp.arctan2, -2, 2), "nextafter": (jnp.nextafter, -2, 2),
    "copysign": (jnp.copysign, -2, 2), "hypot": (jnp.hypot, -2, 2),
    "logaddexp": (jnp.logaddexp, -2, 2), "floor_divide": (jnp.floor_divide, 0.5, 3),
    "mod": (jnp.mod, 0.5, 3),
}

for _name, (_fn, _lo, _hi) in BINARY.items():
    program("binary_" + _name, A(8, 16, lo=_lo, hi=_hi, spec=P(D, M)),
            A(8, 16, lo=_lo, hi=_hi, spec=P(D, M)), out=P(D, M))(
        lambda x, y, _fn=_fn: _fn(x, y))

program("binary_specials", A(8, 16, special=True, spec=P(D, None)),
        A(8, 16, special=True, spec=P(D, None)))(
    lambda x, y: (jnp.maximum(x, y), jnp.minimum(x, y), x + y, x * y, x / y))

program("broadcast_scalar_mixed", A(8, 16, spec=P(D, M)), A(16, spec=P(M)),
        A())(lambda x, b, s: x * s + b)

# ---------------------------------------------------- every dtype (arith)

ARITH_TYPES = {
    "f16": (F16, -2, 2, False), "bf16": (BF16, -2, 2, False),
    "f64": (F64, -2, 2, True), "i8": (I8, -100, 100, False),
    "i16": (I16, -1000, 1000, False), "i32": (I32, -100000, 100000, False),
    "i64": (I64, -10**12, 10**12, True), "u8": (U8, 0, 255, False),
    "u16": (U16, 0, 65535, False), "u32": (U32, 0, 2**32 - 1, False),
    "u64": (U64, 0, 2**40, True),
}

for _name, (_dt, _lo, _hi, _x64) in ARITH_TYPES.items():
    # Integer add/multiply wrap around; the values are chosen to overflow.
    program("arith_" + _name, A(8, 16, dtype=_dt, lo=_lo, hi=_hi, spec=P(D, M)),
            A(8, 16, dtype=_dt, lo=_lo, hi=_hi, spec=P(D, M)), x64=_x64)(
        lambda x, y: (x + y, x - y, x * y, jnp.maximum(x, y),
                      jnp.minimum(x, y), -x, jnp.abs(x), jnp.sum(x, axis=1)))

for _name, (_dt, _x64) in {"f16": (F16, False), "bf16": (BF16, False),
                           "f64": (F64, True)}.items():
    program("math_" + _name, A(8, 16, dtype=_dt, lo=0.1, hi=2, spec=P(D, M)),
            x64=_x64)(
        lambda x: (jnp.exp(x), jnp.log(x), jnp.sqrt(x), jnp.tanh(x),
                   jnp.sin(x), x / (x + 1), jax.scipy.special.erf(x),
                   jax.nn.sigmoid(x)))

program("bool_ops", A(8, 16, dtype=bool, spec=P(D, M)),
        A(8, 16, dtype=bool, spec=P(D, M)))(
    lambda a, b: (a & b, a | b, a ^ b, ~a, jnp.any(a, axis=1),
                  jnp.all(b, axis=0)))

for _name in ["float8_e4m3fn", "float8_e5m2", "float8_e4m3fnuz",
              "float8_e5m2fnuz", "float8_e4m3b11fnuz", "float8_e4m3",
              "float8_e3m4", "float8_e8m0fnu", "float4_e2m1fn"]:
    _dt = getattr(jnp, _name)
    lo = 0.25 if "e8m0" in _name else -2
    program("f8_convert_" + _name, A(8, 16, lo=lo, hi=2, spec=P(D, M)))(
        lambda x, _dt=_dt: (x.astype(_dt), x.astype(_dt).astype(jnp.float32)))
for _name in ["float8_e4m3fn", "float8_e5m2"]:
    _dt = getattr(jnp, _name)
    program("f8_arith_" + _name, A(8, 16, dtype=_dt, spec=P(D, M)),
            A(8, 16, dtype=_dt, spec=P(D, M)))(
        lambda x, y: (x + y, x * y, jnp.maximum(x, y), x > y))
    program("f8_matmul_" + _name, A(8, 16, dtype=_dt, spec=P(D, None)),
            A(16, 8, dtype=_dt, spec=P(None, M)), tol=4)(
        lambda x, y: jnp.matmul(x, y, preferred_element_type=jnp.float32))

# ------------------------------------------------------------ integer ops

for _name, (_dt, _bits, _x64) in {"i32": (I32, 32, False), "u32": (U32, 32, False),
                                  "i8": (I8, 8, False), "u8": (U8, 8, False),
                                  "i64": (I64, 64, True), "u16": (U16, 16, False)
                                  }.items():
    info = np.iinfo(_dt)
    program("int_bits_" + _name,
            A(8, 16, dtype=_dt, lo=info.min, hi=info.max, spec=P(D, M)),
            A(8, 16, dtype=_dt, lo=0, hi=_bits + 2, spec=P(D, M)), x64=_x64)(
        lambda a, s: (a << s, a >> s, lax.shift_right_logical(a, s),
                      lax.population_count(a), lax.clz(a), a & s, a | s,
                      a ^ s, ~a))
    program("int_divrem_" + _name,
            A(8, 16, dtype=_dt, lo=info.min, hi=info.max, spec=P(D, M)),
            A(8, 16, dtype=_dt, lo=1, hi=7, spec=P(D, M)), x64=_x64)(
        lambda a, b: (lax.div(a, b), lax.rem(a, b), a // b, a % b))

program("int_pow", A(8, 16, dtype=I32, lo=-5, hi=5, spec=P(D, M)),
        A(8, 16, dtype=I32, lo=0, hi=9, spec=P(D, M)))(
    lambda a, b: (jnp.power(a, b), a ** 3, jnp.sign(a)))
program("int_minmax_clamp", A(8, 16, dtype=I32, lo=-50, hi=50, spec=P(D, M)))(
    lambda a: (jnp.clip(a, -10, 20), jnp.max(a, axis=0), jnp.min(a, axis=1),
               jnp.prod(a % 3 + 1, axis=1)))

# ------------------------------------------------------------ comparisons


def _cmp(a, b):
    return (a == b, a != b, a < b, a <= b, a > b, a >= b)


for _name, (_dt, _lo, _hi, _special) in {
        "f32": (F32, -2, 2, True), "i32": (I32, -3, 3, False),
        "u32": (U32, 0, 5, False), "f16": (F16, -2, 2, True),
        "bf16": (BF16, -2, 2, True), "i1": (jnp.bool_, 0, 1, False),
        "u8": (U8, 0, 5, False)}.items():
    program("compare_" + _name,
            A(8, 16, dtype=_dt, lo=_lo, hi=_hi, spec=P(D, M), special=_special),
            A(8, 16, dtype=_dt, lo=_lo, hi=_hi, spec=P(D, M), special=_special))(
        _cmp)

program("compare_f64_x64", A(8, 16, dtype=F64, spec=P(D, M), special=True),
        A(8, 16, dtype=F64, spec=P(D, M), special=True), x64=True)(_cmp)
program("isnan_where", A(8, 16, spec=P(D, M), special=True))(
    lambda x: (jnp.isnan(x), jnp.where(jnp.isnan(x), 0.0, x), jnp.isinf(x)))

# --------------------------------------------------------- select / clamp

program("select_where", A(8, 16, dtype=bool, spec=P(D, M)),
        A(8, 16, spec=P(D, M)), A(8, 16, spec=P(D, M)), exact=True)(jnp.where)
program("select_scalar_pred", A(dtype=bool), A(8, 16, spec=P(D, None)),
        A(8, 16, spec=P(D, None)), exact=True)(lambda p, a, b: lax.select(
            jnp.broadcast_to(p, a.shape), a, b))
program("clamp_f32", A(8, 16, lo=-3, hi=3, spec=P(D, M)), A(), exact=True)(
    lambda x, hi: (lax.clamp(-1.0, x, 1.0), jnp.clip(x, -0.5, hi)))
program("clamp_tensor_bounds", A(8, 16, lo=-1, hi=0, spec=P(D, M)),
        A(8, 16, lo=-2, hi=2, spec=P(D, M)), A(8, 16, lo=0, hi=1, spec=P(D, M)),
        exact=True)(lambda lo, x, hi: lax.clamp(lo, x, hi))

# ------------------------------------------------------------ conversions

CONVERTS = {
    "f32_i32": (F32, I32, -100, 100, False), "i32_f32": (I32, F32, -10**6, 10**6, False),
    "f32_f16": (F32, F16, -100, 100, False), "f32_bf16": (F32, BF16, -100, 100, False),
    "f16_f32": (F16, F32, -100, 100, False), "bf16_f32": (BF16, F32, -100, 100, False),
    "f64_f32": (F64, F32, -100, 100, True), "f32_f64": (F32, F64, -100, 100, True),
    "i64_i8": (I64, I8, -10**6, 10**6, True), "i32_u8": (I32, U8, -1000, 1000, False),
    "u32_f32": (U32, F32, 0, 2**32 - 1, False), "i1_i32": (jnp.bool_, I32, 0, 1, False),
    "f32_i1": (F32, jnp.bool_, -1, 1, False), "i8_u8": (I8, U8, -128, 127, False),
    "u8_i8": (U8, I8, 0, 255, False), "f32_u8": (F32, U8, 0, 255, False),
    "i32_bf16": (I32, BF16, -10**5, 10**5, False), "f16_bf16": (F16, BF16, -60, 60, False),
    "u64_f64": (U64, F64, 0, 2**62, True), "i16_f16": (I16, F16, -3000, 3000, False),
}
for _name, (_src, _dst, _lo, _hi, _x64) in CONVERTS.items():
    program("convert_" + _name, A(8, 16, dtype=_src, lo=_lo, hi=_hi, spec=P(D, M)),
            x64=_x64, exact=True)(lambda x, _dst=_dst: lax.convert_element_type(x, _dst))

program("convert_f32_i32_sat", A(8, 16, dtype=F32, spec=P(D, M), values=np.tile(
    np.array([0.5, -0.5, 1.5, -1.5, 2.5, 1e9, -1e9, 3.99], np.float32), 16)),
    exact=True)(lambda x: (x.astype(I32), x.astype(I8), x.astype(U8)))
program("convert_f32_bf16_ties", A(8, 16, spec=P(D, M), values=np.arange(
    128, dtype=np.float32) * (2.0 ** -8) + 1.0 + 2.0 ** -9), exact=True)(
    lambda x: (x.astype(BF16), x.astype(F16)))

BITCASTS = {
    "f32_i32": (F32, I32, False), "i32_f32": (I32, F32, False),
    "f32_u16": (F32, U16, False), "u8_f32": (U8, F32, False),
    "f16_i16": (F16, I16, False), "f64_u32": (F64, U32, True),
    "bf16_u16": (BF16, U16, False), "u32_u8": (U32, U8, False),
}
for _name, (_src, _dst, _x64) in BITCASTS.items():
    shape = (8, 16, 4) if jnp.dtype(_src).itemsize < jnp.dtype(_dst).itemsize and \
        jnp.dtype(_dst).itemsize // jnp.dtype(_src).itemsize == 4 else \
        (8, 16, 2) if jnp.dtype(_src).itemsize < jnp.dtype(_dst).itemsize else (8, 16)
    lo, hi = (0, 255) if _src == U8 else (-1000, 1000) if jnp.issubdtype(
        _src, np.integer) else (-2, 2)
    program("bitcast_" + _name, A(*shape, dtype=_src, lo=lo, hi=hi,
                                  spec=P(D, M)), x64=_x64, exact=True)(
        lambda x, _dst=_dst: lax.bitcast_convert_type(x, _dst))

# ------------------------------------------------------------- reductions

program("reduce_sum_max_min", A(8, 16, spec=P(D, M)))(
    lambda x: (jnp.sum(x), jnp.sum(x, axis=0), jnp.max(x, axis=1),
               jnp.min(x, axis=0), jnp.mean(x, axis=1)))
program("reduce_prod", A(8, 16, lo=0.5, hi=1.5, spec=P(D, M)))(
    lambda x: (jnp.prod(x, axis=1), jnp.prod(x)))
program("reduce_argmax_argmin", A(8, 16, spec=P(D, M)))(
    lambda x: (jnp.argmax(x, axis=1), jnp.argmin(x, axis=0), jnp.argmax(x)))
program("reduce_argmax_ties_int", A(8, 16, dtype=I32, lo=0, hi=3, spec=P(D, M)))(
    lambda x: (jnp.argmax(x, axis=1), jnp.argmin(x, axis=1)))
program("reduce_any_all", A(8, 16, dtype=bool, spec=P(D, M)))(
    lambda x: (jnp.any(x, axis=0), jnp.all(x, axis=1), jnp.any(x), jnp.all(x)))
program("reduce_int", A(8, 16, dtype=I32, lo=-100, hi=100, spec=P(D, M)))(
    lambda x: (jnp.sum(x, axis=1), jnp.max(x, axis=0), jnp.min(x),
               jnp.prod(x % 3, axis=1)))
program("reduce_3d_multi_axis", A(4, 8, 16, spec=P(D, None, M)))(
    lambda x: (jnp.sum(x, axis=(0, 2)), jnp.max(x, axis=(1, 2))))
# XLA:CPU's max/min reductions skip NaN (the elementwise ops propagate it,
# as the StableHLO spec says for both), so NaN goes only through nanmax.
program("reduce_nan", A(8, 16, spec=P(D, M), special=True))(
    lambda x: (jnp.max(jnp.nan_to_num(x, nan=0.0), axis=1),
               jnp.min(jnp.nan_to_num(x, nan=0.0), axis=0), jnp.nanmax(x, axis=1)))
program("reduce_bf16_f32acc", A(8, 64, dtype=BF16, spec=P(D, M)))(
    lambda x: (jnp.sum(x, axis=1, dtype=jnp.float32), jnp.sum(x, axis=0)))
program("reduce_variance", A(8, 16, spec=P(D, M)))(
    lambda x: (jnp.var(x, axis=1), jnp.std(x, axis=0)))
program("reduce_u8_sum", A(8, 16, dtype=U8, lo=0, hi=255, spec=P(D, M)))(
    lambda x: (jnp.sum(x, axis=1, dtype=U8), jnp.max(x, axis=0)))

# ----------------------------------------------------------------- dot

program("dot_matmul", A(8, 16, spec=P(D, None)), A(16, 8, spec=P(None, M)),
        out=P(D, M))(jnp.matmul)

# ragged_dot as TPU modules print it (chlo.ragged_dot; on CPU JAX lowers it
# to dots and selects): rows in groups of 5, 0, 7 and 3 (the last row in
# none), and the weight gradient (a ragged contracting dimension).
jax.config.update("jax_ragged_dot_use_ragged_dot_instruction", True)
GROUPS = A(4, dtype=I32, values=[5, 0, 7, 3])
program("ragged_dot_rows", A(16, 8, spec=P(D, M)), A(4, 8, 12, spec=P(None, M)),
        GROUPS, platform="tpu")(lax.ragged_dot)
program("ragged_dot_i8_i32acc", A(16, 8, dtype=I8, lo=-128, hi=127, spec=P(D)),
        A(4, 8, 12, dtype=I8, lo=-128, hi=127, spec=P(None, None, M)), GROUPS,
        platform="tpu")(
    lambda a, b, g: lax.ragged_dot(a, b, g, preferred_element_type=jnp.int32))
program("ragged_dot_contracting", A(16, 8, spec=P(D, M)), A(16, 12, spec=P(M)),
        GROUPS, platform="tpu")(
    lambda a, b, g: lax.ragged_dot_general(
        a, b, g, lax.RaggedDotDimensionNumbers(
            dot_dimension_numbers=(([0], [0]), ([], [])),
            lhs_ragged_dimensions=[0], rhs_group_dimensions=[])))
program("dot_contract_sharded", A(8, 16, spec=P(D, M)), A(16, 8, spec=P(M, None)))(
    jnp.matmul)
program("dot_matvec", A(8, 16, spec=P(D, M)), A(16, spec=P(M)))(jnp.matmul)
program("dot_vecvec", A(16, spec=P(M)), A(16, spec=P(M)))(jnp.dot)
program("dot_outer", A(8, spec=P(D)), A(16, spec=P(M)))(jnp.outer)
program("dot_batched", A(4, 8, 16, spec=P(D, None, M)), A(4, 16, 8, spec=P(D, M, None)))(
    jnp.matmul)
program("einsum_multi_contract", A(4, 8, 4, spec=P(D, M, None)), A(8, 4, 16, spec=P(M)))(
    lambda a, b: jnp.einsum("bij,ijk->bk", a, b))
program("einsum_batch_transpose", A(2, 4, 8, 8, spec=P(D, M)), A(2, 8, 4, 8, spec=P(D)))(
    lambda a, b: jnp.einsum("bhqd,bkhd->bhqk", a, b))
program("dot_bf16_f32acc", A(8, 32, dtype=BF16, spec=P(D, None)),
        A(32, 16, dtype=BF16, spec=P(None, M)))(
    lambda a, b: jnp.matmul(a, b, preferred_element_type=jnp.float32))
program("dot_f16_f32acc", A(8, 32, dtype=F16, spec=P(D, M)),
        A(32, 16, dtype=F16, spec=P(M, None)))(
    lambda a, b: lax.dot(a, b, preferred_element_type=jnp.float32))
program("dot_bf16", A(8, 32, dtype=BF16, spec=P(D, None)),
        A(32, 16, dtype=BF16, spec=P(None, M)), tol=2)(jnp.matmul)
program("dot_i8_i32acc", A(8, 32, dtype=I8, lo=-128, hi=127, spec=P(D, None)),
        A(32, 16, dtype=I8, lo=-128, hi=127, spec=P(None, M)))(
    lambda a, b: lax.dot(a, b, preferred_element_type=jnp.int32))
program("dot_i32", A(8, 16, dtype=I32, lo=-50, hi=50, spec=P(D, M)),
        A(16, 8, dtype=I32, lo=-50, hi=50, spec=P(M, None)))(jnp.matmul)
program("dot_f64", A(8, 16, dtype=F64, spec=P(D, M)), A(16, 8, dtype=F64, spec=P(M)),
        x64=True)(jnp.matmul)
program("dot_precision_highest", A(8, 16, spec=P(D, M)), A(16, 8, spec=P(M)))(
    lambda a, b: jnp.matmul(a, b, precision=lax.Precision.HIGHEST))

# ---------------------------------------------------------- convolutions


def conv(lhs, rhs, **kw):
    return lax.conv_general_dilated(lhs, rhs, **kw)


program("conv1d", A(4, 3, 32, spec=P(D)), A(8, 3, 5))(
    lambda x, w: conv(x, w, window_strides=(1,), padding="VALID"))
program("conv1d_stride_same", A(4, 3, 32, spec=P(D)), A(8, 3, 3))(
    lambda x, w: conv(x, w, window_strides=(2,), padding="SAME"))
program("conv2d_valid", A(4, 3, 8, 8, spec=P(D)), A(8, 3, 3, 3, spec=P(M)))(
    lambda x, w: conv(x, w, window_strides=(1, 1), padding="VALID"))
program("conv2d_stride_pad", A(4, 3, 9, 9, spec=P(D)), A(8, 3, 3, 3))(
    lambda x, w: conv(x, w, window_strides=(2, 2), padding=((1, 2), (0, 1))))
program("conv2d_rhs_dilation", A(4, 2, 10, 10, spec=P(D)), A(4, 2, 3, 3))(
    lambda x, w: conv(x, w, window_strides=(1, 1), padding="SAME",
                      rhs_dilation=(2, 2)))
program("conv2d_lhs_dilation", A(4, 2, 6, 6, spec=P(D)), A(4, 2, 3, 3))(
    lambda x, w: conv(x, w, window_strides=(1, 1), padding=((2, 2), (2, 2)),
                      lhs_dilation=(2, 2)))
program("conv2d_depthwise", A(4, 8, 8, 8, spec=P(D)), A(8, 1, 3, 3))(
    lambda x, w: conv(x, w, window_strides=(1, 1), padding="SAME",
                      feature_group_count=8))
program("conv2d_groups", A(2, 8, 6, 6, spec=P(D)), A(4, 4, 3, 3))(
    lambda x, w: conv(x, w, window_strides=(1, 1), padding="VALID",
                      feature_group_count=2))
program("conv2d_nhwc", A(4, 8, 8, 3, spec=P(D)), A(3, 3, 3, 8, spec=P(None, None, None, M)))(
    lambda x, w: conv(x, w, window_strides=(1, 1), padding="SAME",
                      dimension_numbers=("NHWC", "HWIO", "NHWC")))
program("conv_transpose", A(2, 6, 6, 4, spec=P(D)), A(3, 3, 4, 2))(
    lambda x, w: lax.conv_transpose(x, w, (2, 2), "SAME",
                                    dimension_numbers=("NHWC", "HWIO", "NHWC")))
program("conv2d_grads", A(4, 3, 8, 8, spec=P(D)), A(4, 3, 3, 3))(
    lambda x, w: jax.grad(lambda x, w: jnp.sum(
        conv(x, w, window_strides=(1, 1), padding="SAME") ** 2),
        argnums=(0, 1))(x, w))
program("conv1d_grads_strided", A(2, 2, 16, spec=P(D)), A(3, 2, 4))(
    lambda x, w: jax.grad(lambda x, w: jnp.sum(jnp.sin(
        conv(x, w, window_strides=(2,), padding="VALID"))), argnums=(0, 1))(x, w))
program("conv2d_bf16_f32", A(2, 4, 8, 8, dtype=BF16, spec=P(D)),
        A(4, 4, 3, 3, dtype=BF16))(
    lambda x, w: conv(x, w, window_strides=(1, 1), padding="SAME",
                      preferred_element_type=jnp.float32))

# ------------------------------------------------ pooling / reduce_window


def pool(x, init, op, window, strides, padding):
    return lax.reduce_window(x, init, op, window, strides, padding)


program("maxpool2d", A(4, 2, 8, 8, spec=P(D)))(
    lambda x: pool(x, -jnp.inf, lax.max, (1, 1, 2, 2), (1, 1, 2, 2), "VALID"))
program("avgpool2d_same", A(4, 2, 9, 9, spec=P(D)))(
    lambda x: pool(x, 0.0, lax.add, (1, 1, 3, 3), (1, 1, 2, 2), "SAME") / 9.0)
program("minpool_int", A(4, 16, dtype=I32, lo=-100, hi=100, spec=P(D)))(
    lambda x: pool(x, jnp.iinfo(jnp.int32).max, lax.min, (1, 3), (1, 1), "VALID"))
program("reduce_window_dilated", A(4, 16, spec=P(D)))(
    lambda x: lax.reduce_window(x, 0.0, lax.add, (1, 3), (1, 2), ((0, 0), (1, 1)),
                                window_dilation=(1, 2)))
program("reduce_window_base_dilated", A(4, 8, spec=P(D)))(
    lambda x: lax.reduce_window(x, -jnp.inf, lax.max, (1, 2), (1, 1), ((0, 0), (0, 0)),
                                base_dilation=(1, 2)))
program("cumsum", A(8, 16, spec=P(D)))(lambda x: jnp.cumsum(x, axis=1))
program("cumsum_int_reverse", A(8, 16, dtype=I32, lo=-9, hi=9, spec=P(D)))(
    lambda x: lax.cumsum(x, axis=1, reverse=True))
program("cummax_cummin", A(8, 16, spec=P(None, M)))(
    lambda x: (lax.cummax(x, axis=0), lax.cummin(x, axis=0)))
program("cumprod", A(8, 16, lo=0.5, hi=1.5, spec=P(D)))(lambda x: jnp.cumprod(x, axis=1))
program("cumlogsumexp", A(8, 16, spec=P(D)))(lambda x: lax.cumlogsumexp(x, axis=1))
program("maxpool_grad", A(4, 2, 8, 8, spec=P(D)))(
    lambda x: jax.grad(lambda x: jnp.sum(pool(
        x, -jnp.inf, lax.max, (1, 1, 2, 2), (1, 1, 2, 2), "VALID") ** 2))(x))
program("maxpool_grad_overlap", A(2, 10, 10, 3, spec=P(D)))(
    lambda x: jax.grad(lambda x: jnp.sum(jnp.sin(pool(
        x, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME"))))(x))
program("avgpool_grad", A(4, 2, 8, 8, spec=P(D)))(
    lambda x: jax.grad(lambda x: jnp.sum(pool(
        x, 0.0, lax.add, (1, 1, 2, 2), (1, 1, 2, 2), "VALID") ** 2))(x))

# ------------------------------------------------------------------ sort

program("sort_1d", A(64, spec=P(M)), exact=True)(jnp.sort)
program("sort_rows", A(8, 16, spec=P(D)), exact=True)(lambda x: jnp.sort(x, axis=1))
program("sort_cols_int", A(8, 16, dtype=I32, lo=-5, hi=5, spec=P(None, M)))(
    lambda x: jnp.sort(x, axis=0))
program("sort_nan", A(8, 16, spec=P(D), special=True), exact=True)(
    lambda x: jnp.sort(x, axis=1))
program("argsort_stable", A(8, 16, dtype=I32, lo=0, hi=3, spec=P(D)))(
    lambda x: jnp.argsort(x, axis=1, stable=True))
program("argsort_desc", A(8, 16, spec=P(D)))(
    lambda x: jnp.argsort(x, axis=1, descending=True))
program("sort_multi_operand", A(8, 16, dtype=I32, lo=0, hi=3, spec=P(D)),
        A(8, 16, spec=P(D)), exact=True)(
    lambda k, v: lax.sort((k, v), dimension=1, num_keys=1))
program("sort_two_keys", A(16, dtype=I32, lo=0, hi=2), A(16, dtype=I32, lo=0, hi=3),
        A(16))(lambda a, b, c: lax.sort((a, b, c), num_keys=2))
program("top_k", A(8, 32, spec=P(D)), exact=True)(lambda x: lax.top_k(x, 4))
program("top_k_int", A(8, 32, dtype=I32, lo=-4, hi=4, spec=P(D)))(
    lambda x: lax.top_k(x, 5))

# ---------------------------------------------------------------- random

KEY = A(2, dtype=U32, values=[0, 42])
program("random_uniform", KEY)(
    lambda k: jax.random.uniform(jax.random.wrap_key_data(k), (8, 16)))
program("random_normal", KEY, tol=10)(
    lambda k: jax.random.normal(jax.random.wrap_key_data(k), (8, 16)))
program("random_bits", KEY)(
    lambda k: jax.random.bits(jax.random.wrap_key_data(k), (8, 16)))
program("random_split", KEY)(
    lambda k: jax.random.key_data(jax.random.split(jax.random.wrap_key_data(k), 4)))
program("random_randint_bernoulli", KEY)(
    lambda k: (jax.random.randint(jax.random.wrap_key_data(k), (16,), 0, 10),
               jax.random.bernoulli(jax.random.fold_in(jax.random.wrap_key_data(k), 3),
                                    0.3, (16,))))
program("random_permutation", KEY)(
    lambda k: jax.random.permutation(jax.random.wrap_key_data(k), 16))
program("random_dropout", KEY, A(8, 16, spec=P(D, M)))(
    lambda k, x: jnp.where(jax.random.bernoulli(jax.random.wrap_key_data(k), 0.5,
                                                x.shape), x * 2, 0.0))
program("random_rbg", A(4, dtype=U32, values=[1, 2, 3, 4]))(
    lambda k: jax.random.bits(jax.random.wrap_key_data(k, impl="rbg"), (8, 4)))
program("random_uniform_sharded_out", KEY, out=P(D, M))(
    lambda k: jax.random.uniform(jax.random.wrap_key_data(k), (8, 16)))

# ---------------------------------------------------------- gather/scatter

IDX = A(6, dtype=I32, values=[0, 3, 7, 3, 1, 5])
program("scatter_set", A(8, 16, spec=P(None, M)), IDX, A(6, 16, spec=P(None, M)),
        exact=True)(lambda x, i, u: x.at[i].set(u))
program("scatter_add_dup", A(8, 16, spec=P(None, M)), IDX, A(6, 16, spec=P(None, M)))(
    lambda x, i, u: x.at[i].add(u))
program("scatter_mul", A(8, 16, spec=P(D)), IDX, A(8, 6, spec=P(D)))(
    lambda x, i, u: x.at[:, i].multiply(u))
program("scatter_min_max", A(8, 16, spec=P(D)), IDX, A(8, 6, spec=P(D)), exact=True)(
    lambda x, i, u: (x.at[:, i].min(u), x.at[:, i].max(u)))
program("scatter_add_int", A(16, dtype=I32, lo=-5, hi=5, spec=P(M)),
        A(10, dtype=I32, values=[0, 1, 1, 15, 4, 4, 4, 9, 2, 0]),
        A(10, dtype=I32, lo=-5, hi=5))(lambda x, i, u: x.at[i].add(u))
program("scatter_point", A(8, 16, spec=P(D, M)), A(), exact=True)(
    lambda x, v: x.at[3, 5].set(v))
program("scatter_oob_dropped", A(8, 16, spec=P(D)),
        A(4, dtype=I32, values=[1, 20, -30, 2]), A(4, 16), exact=True)(
    lambda x, i, u: x.at[i].set(u, mode="drop"))
program("segment_sum", A(16, 4, spec=P(M)),
        A(16, dtype=I32, values=[0, 0, 1, 2, 2, 2, 3, 5, 5, 6, 7, 7, 7, 7, 1, 0]))(
    lambda x, s: jax.ops.segment_sum(x, s, num_segments=8))
program("gather_take", A(16, 8, spec=P(None, M)), IDX, exact=True)(
    lambda t, i: jnp.take(t, i, axis=0))
program("gather_take_axis1", A(8, 16, spec=P(D)), IDX, exact=True)(
    lambda t, i: jnp.take(t, i, axis=1))
program("gather_take_along_axis", A(8, 16, spec=P(D)),
        A(8, 3, dtype=I32, lo=0, hi=15, spec=P(D)), exact=True)(
    lambda x, i: jnp.take_along_axis(x, i, axis=1))
program("gather_clip_mode", A(8, 16, spec=P(D)),
        A(4, dtype=I32, values=[-3, 2, 40, 7]), exact=True)(
    lambda x, i: jnp.take(x, i, axis=1, mode="clip"))
program("gather_fill_mode", A(8, 16, spec=P(D)),
        A(4, dtype=I32, values=[-3, 2, 40, 7]), exact=True)(
    lambda x, i: jnp.take(x, i, axis=1, mode="fill", fill_value=-7.0))
program("gather_embedding", A(32, 16, spec=P(M)), A(4, 8, dtype=I32, lo=0, hi=31,
                                                    spec=P(D)), exact=True)(
    lambda t, i: t[i])
program("gather_2d_index", A(8, 16, spec=P(D, M)), A(5, 2, dtype=I32, values=[
    [0, 0], [7, 15], [3, 4], [3, 4], [1, 9]]), exact=True)(
    lambda x, i: x[i[:, 0], i[:, 1]])
program("dynamic_slice", A(8, 16, spec=P(D)), A(dtype=I32, values=5),
        A(dtype=I32, values=30), exact=True)(
    lambda x, i, j: (lax.dynamic_slice(x, (i, 2), (4, 8)),
                     lax.dynamic_slice(x, (0, j), (8, 4))))
program("dynamic_update_slice", A(8, 16, spec=P(D, M)), A(3, 4),
        A(dtype=I32, values=6), exact=True)(
    lambda x, u, i: (lax.dynamic_update_slice(x, u, (i, 3)),
                     lax.dynamic_update_slice(x, u, (1, i))))
program("one_hot", A(8, dtype=I32, lo=0, hi=9, spec=P(D)), exact=True)(
    lambda i: jax.nn.one_hot(i, 10))
program("scatter_grad_of_gather", A(16, 8, spec=P(None, M)), IDX)(
    lambda t, i: jax.grad(lambda t: jnp.sum(jnp.take(t, i, axis=0) ** 2))(t))

# --------------------------------------------------------- control flow

program("scan_cumulative", A(8, 16, spec=P(None, M)))(
    lambda xs: lax.scan(lambda c, x: (c + x, c * x), jnp.zeros(16), xs))
program("scan_reverse", A(8, 4, spec=P(None, M)))(
    lambda xs: lax.scan(lambda c, x: (jnp.tanh(c + x), c), jnp.ones(4), xs,
                        reverse=True))
program("while_loop", A(16, spec=P(M)))(
    lambda x: lax.while_loop(lambda c: c[0] < 10, lambda c: (c[0] + 1, c[1] * 1.1),
                             (0, x))[1])
program("while_data_dependent", A(8, lo=1, hi=2, spec=P(D)))(
    lambda x: lax.while_loop(lambda c: jnp.sum(c) < 100.0, lambda c: c * 1.5, x))
program("fori_loop", A(8, 8, spec=P(D)))(
    lambda x: lax.fori_loop(0, 5, lambda i, c: c @ x * 0.5 + i, x))
program("fori_loop_int", A(16, dtype=I32, lo=0, hi=9, spec=P(M)))(
    lambda x: lax.fori_loop(0, 7, lambda i, c: c * 3 + i, x))
program("cond", A(dtype=I32, values=1), A(8, 8, spec=P(D)))(
    lambda p, x: lax.cond(p > 0, lambda x: x * 2.0, lambda x: -x, x))
program("cond_false", A(dtype=I32, values=-1), A(8, 8, spec=P(D)))(
    lambda p, x: lax.cond(p > 0, lambda x: x * 2.0, lambda x: jnp.sin(x), x))
program("switch", A(dtype=I32, values=2), A(8, 8, spec=P(D)))(
    lambda i, x: lax.switch(i, [lambda x: x + 1, lambda x: x * 3, jnp.cos], x))
program("switch_clamped", A(dtype=I32, values=7), A(8, 8, spec=P(D)))(
    lambda i, x: lax.switch(i, [lambda x: x + 1, lambda x: x * 3], x))
program("nested_loops", A(4, 4, spec=P(D)))(
    lambda x: lax.fori_loop(0, 3, lambda i, c: lax.fori_loop(
        0, 2, lambda j, d: d + jnp.sin(d) * 0.1, c), x))
program("map", A(8, 16, spec=P(D)))(lambda x: lax.map(lambda r: jnp.sort(r) * 2, x))

# ---------------------------------------------------------- data movement

program("reshape_transpose", A(4, 8, 16, spec=P(D, M)), exact=True)(
    lambda x: jnp.transpose(x.reshape(32, 16)).reshape(16, 4, 8))
program("transpose_3d", A(4, 8, 16, spec=P(D, None, M)), exact=True)(
    lambda x: jnp.transpose(x, (2, 0, 1)))
program("broadcast_in_dim", A(16, spec=P(M)), A(8, 1, spec=P(D)), exact=True)(
    lambda a, b: (jnp.broadcast_to(a, (4, 8, 16)), jnp.broadcast_to(b, (8, 16))))
program("concatenate", A(8, 16, spec=P(D, M)), A(8, 4, spec=P(D)), A(2, 20),
        exact=True)(lambda a, b, c: jnp.concatenate([jnp.concatenate([a, b], 1), c], 0))
program("pad_edge_interior", A(8, 16, spec=P(D, M)), A(), exact=True)(
    lambda x, v: lax.pad(x, v, ((1, 2, 0), (-2, 3, 1))))
program("slice_strided", A(8, 16, spec=P(D, M)), exact=True)(
    lambda x: (x[1:7:2, ::3], x[:, 5:], x[-1]))
program("reverse", A(8, 16, spec=P(D, M)), exact=True)(
    lambda x: (jnp.flip(x, 1), jnp.flip(x, (0, 1))))
program("iota_arange", A(8, 16, spec=P(D, M)))(
    lambda x: (x + jnp.arange(16), lax.broadcasted_iota(jnp.int32, (8, 16), 0),
               jnp.arange(10, dtype=jnp.float32) * 0.5))
program("squeeze_expand", A(8, 1, 16, spec=P(D, None, M)), exact=True)(
    lambda x: (jnp.squeeze(x, 1), x[:, :, None, :]))
program("tile_repeat", A(4, 8, spec=P(D)), exact=True)(
    lambda x: (jnp.tile(x, (2, 3)), jnp.repeat(x, 2, axis=1)))
program("roll", A(8, 16, spec=P(D, M)), exact=True)(
    lambda x: (jnp.roll(x, 3, axis=1), jnp.roll(x, -1, axis=0)))
program("triu_tril", A(16, 16, spec=P(D, M)), exact=True)(
    lambda x: (jnp.triu(x), jnp.tril(x, -1)))
program("indivisible_shapes", A(6, 10, spec=P(D)), A(10, 3))(
    lambda a, b: (a @ b, jnp.sin(a), jnp.sum(a, axis=0)))
program("reshape_split_merge", A(8, 16, spec=P(D, M)), exact=True)(
    lambda x: (x.reshape(2, 4, 4, 4), x.reshape(128), x.reshape(16, 8)))
program("sharding_constraint", A(16, 16, spec=P(D)))(
    lambda x: jnp.sin(jax.lax.with_sharding_constraint(
        x * 2, NamedSharding(MESH, P(None, M)))) @ x)
program("out_sharding_reshard", A(8, 16, spec=P(D, M)), out=P(M, None), exact=True)(
    lambda x: x * 2)
program("diagonal_eye", A(16, 16, spec=P(D, M)), exact=True)(
    lambda x: (jnp.diagonal(x), x * jnp.eye(16)))

# ---------------------------------------------------------------- complex

program("complex_ops", A(8, 16, dtype=C64, spec=P(D, M)), A(8, 16, dtype=C64, spec=P(D, M)))(
    lambda a, b: (a * b, a + b, a / b, jnp.abs(a), jnp.real(a), jnp.imag(b),
                  jnp.conj(a)))
program("complex_from_parts", A(8, 16, spec=P(D, M)), A(8, 16, spec=P(D, M)))(
    lambda r, i: (lax.complex(r, i), jnp.angle(lax.complex(r, i))))
program("complex_math", A(8, 16, dtype=C64, spec=P(D, M)))(
    lambda a: (jnp.exp(a), jnp.log(a), jnp.sqrt(a), a ** 2))
program("complex_matmul", A(8, 16, dtype=C64, spec=P(D)), A(16, 8, dtype=C64, spec=P(None, M)))(
    jnp.matmul)
program("complex128_ops", A(8, 16, dtype=C128, spec=P(D, M)),
        A(8, 16, dtype=C128, spec=P(D, M)), x64=True)(
    lambda a, b: (a * b, jnp.abs(a), jnp.sum(a, axis=1)))
program("fft", A(8, 16, dtype=C64, spec=P(D)))(lambda x: jnp.fft.fft(x))
program("ifft", A(8, 16, dtype=C64, spec=P(D)))(lambda x: jnp.fft.ifft(x))
program("rfft_irfft", A(8, 16, spec=P(D)))(
    lambda x: (jnp.fft.rfft(x), jnp.fft.irfft(jnp.fft.rfft(x), n=16)))
program("fft2", A(4, 8, 8, dtype=C64, spec=P(D)))(lambda x: jnp.fft.fft2(x))
program("complex_convert", A(8, 16, spec=P(D, M)))(
    lambda x: (x.astype(C64), (x.astype(C64) * 1j).real))

# ------------------------------------------------------------ model pieces


def mlp(params, x):
    w1, b1, w2, b2 = params
    return jax.nn.relu(x @ w1 + b1) @ w2 + b2


MLP_ARGS = (A(16, 64, spec=P(None, M)), A(64, spec=P(M)), A(64, 16, spec=P(M, None)),
            A(16), A(8, 16, spec=P(D)))
program("model_mlp", *MLP_ARGS, out=P(D))(
    lambda w1, b1, w2, b2, x: mlp((w1, b1, w2, b2), x))
program("model_mlp_grad", *MLP_ARGS, A(8, 16, spec=P(D)))(
    lambda w1, b1, w2, b2, x, y: jax.value_and_grad(
        lambda p: jnp.mean((mlp(p, x) - y) ** 2))((w1, b1, w2, b2)))
program("model_mlp_bf16", A(16, 64, dtype=BF16, spec=P(None, M)),
        A(64, 16, dtype=BF16, spec=P(M, None)), A(8, 16, spec=P(D)), tol=2)(
    lambda w1, w2, x: jnp.matmul(jax.nn.relu(jnp.matmul(
        x.astype(BF16), w1, preferred_element_type=F32)).astype(BF16), w2,
        preferred_element_type=F32))
program("model_layernorm_softmax", A(16, 64, spec=P(D)), A(64), A(64))(
    lambda x, g, b: jax.nn.softmax((x - jnp.mean(x, -1, keepdims=True)) / jnp.sqrt(
        jnp.var(x, -1, keepdims=True) + 1e-5) * g + b, axis=-1))


def attention(x, wq, wk, wv, wo):
    q, k, v = x @ wq, x @ wk, x @ wv
    b, s, d = q.shape
    h = 4
    q, k, v = (t.reshape(b, s, h, d // h) for t in (q, k, v))
    logits = jnp.einsum("bqhd,bkhd->bhqk", q, k) / np.sqrt(d // h)
    mask = jnp.tril(jnp.ones((s, s), bool))
    p = jax.nn.softmax(jnp.where(mask, logits, -1e9), axis=-1)
    return jnp.einsum("bhqk,bkhd->bqhd", p, v).reshape(b, s, d) @ wo


ATT_ARGS = (A(2, 8, 16, spec=P(D)), A(16, 16, spec=P(None, M)), A(16, 16, spec=P(None, M)),
            A(16, 16, spec=P(None, M)), A(16, 16, spec=P(M, None)))
program("model_attention", *ATT_ARGS)(attention)
program("model_attention_grad", *ATT_ARGS, tol=4)(
    lambda x, *ws: jax.grad(lambda ws: jnp.sum(attention(
        jax.nn.standardize(x, axis=-1), *ws) ** 2))(ws))


def convnet(params, x):
    w1, w2, wd = params
    y = jax.nn.relu(conv(x, w1, window_strides=(1, 1), padding="SAME"))
    y = pool(y, -jnp.inf, lax.max, (1, 1, 2, 2), (1, 1, 2, 2), "VALID")
    y = jax.nn.relu(conv(y, w2, window_strides=(1, 1), padding="SAME"))
    y = jnp.mean(y, axis=(2, 3))
    return y @ wd


CONV_ARGS = (A(4, 1, 3, 3), A(8, 4, 3, 3), A(8, 5), A(4, 1, 8, 8, spec=P(D)))
program("model_convnet", *CONV_ARGS)(lambda w1, w2, wd, x: convnet((w1, w2, wd), x))
program("model_convnet_grad", *CONV_ARGS, A(4, dtype=I32, lo=0, hi=4, spec=P(D)), tol=4)(
    lambda w1, w2, wd, x, y: jax.grad(lambda p: -jnp.mean(jnp.take_along_axis(
        jax.nn.log_softmax(convnet(p, x)), y[:, None], 1)))((w1, w2, wd)))
program("model_rnn_scan", A(16, 16, spec=P(None, M)), A(8, 4, 16, spec=P(None, D)))(
    lambda w, xs: lax.scan(lambda h, x: (jnp.tanh(h @ w + x),) * 2,
                           jnp.zeros((4, 16)), xs))
program("model_rnn_grad", A(8, 8, spec=P(None, M)), A(6, 4, 8, spec=P(None, D)), tol=4)(
    lambda w, xs: jax.grad(lambda w: jnp.sum(lax.scan(
        lambda h, x: (jnp.tanh(h @ w + x), None), jnp.zeros((4, 8)), xs)[0]))(w))
program("model_cross_entropy", A(32, 12, spec=P(None, M)), A(16, 32, spec=P(D)),
        A(16, dtype=I32, lo=0, hi=11, spec=P(D)))(
    lambda w, x, y: jax.value_and_grad(lambda w: -jnp.mean(jnp.take_along_axis(
        jax.nn.log_softmax(x @ w), y[:, None], 1)))(w))
program("model_transformer_layer", *ATT_ARGS, A(16, 64, spec=P(None, M)),
        A(64, 16, spec=P(M, None)), tol=4)(
    lambda x, wq, wk, wv, wo, w1, w2: (lambda y: y + jax.nn.gelu(
        jax.nn.standardize(y, axis=-1) @ w1) @ w2)(
        x + attention(jax.nn.standardize(x, axis=-1), wq, wk, wv, wo)))
program("model_adam_step", A(16, 16, spec=P(D, M)), A(16, 16, spec=P(D, M)),
        A(16, 16, spec=P(D, M)), A(16, 16, spec=P(D, M)))(
    lambda p, g, m, v: (lambda m, v: (p - 1e-3 * m / (jnp.sqrt(v) + 1e-8), m, v))(
        0.9 * m + 0.1 * g, 0.999 * v + 0.001 * g * g))
program("model_embedding_lookup_grad", A(32, 16, spec=P(None, M)),
        A(4, 8, dtype=I32, lo=0, hi=31, spec=P(D)))(
    lambda t, i: jax.grad(lambda t: jnp.sum(jnp.tanh(t[i])))(t))


def _shard_map_psum(mesh):
    return lambda x: jax.shard_map(lambda b: jax.lax.psum(b, M), mesh=mesh,
                                   in_specs=P(D, M), out_specs=P(D))(x)


def _shard_map_matmul(mesh):
    def f(x, w):
        def body(xb, wb):
            return jax.lax.psum(xb @ wb, M)
        return jax.shard_map(body, mesh=mesh, in_specs=(P(D, M), P(M, None)),
                             out_specs=P(D, None))(x, w)
    return f


def _shard_map_ppermute(mesh):
    n = mesh.shape[M]
    return lambda x: jax.shard_map(
        lambda b: jax.lax.ppermute(b, M, [(i, (i + 1) % n) for i in range(n)]),
        mesh=mesh, in_specs=P(None, M), out_specs=P(None, M))(x)


def _shard_map_all_gather(mesh):
    return lambda x: jax.shard_map(
        lambda b: jax.lax.all_gather(b, M, tiled=True) * 2, mesh=mesh,
        in_specs=P(D, M), out_specs=P(D, None), check_vma=False)(x)


def _shard_map_psum_scatter(mesh):
    return lambda x: jax.shard_map(
        lambda b: jax.lax.psum_scatter(b, M, scatter_dimension=1, tiled=True),
        mesh=mesh, in_specs=P(D, None), out_specs=P(D, M))(x)


def _shard_map_all_to_all(mesh):
    return lambda x: jax.shard_map(
        lambda b: jax.lax.all_to_all(b, M, 0, 1, tiled=True), mesh=mesh,
        in_specs=P(None, M), out_specs=P(M, None))(x)


def _shard_map_axis_index(mesh):
    return lambda x: jax.shard_map(
        lambda b: b * (jax.lax.axis_index(M) + 1).astype(b.dtype), mesh=mesh,
        in_specs=P(D, M), out_specs=P(D, M))(x)


program("shard_map_psum_scatter", A(8, 16, spec=P(D)), per_mesh=True)(
    _shard_map_psum_scatter)
program("shard_map_all_to_all", A(8, 16, spec=P(None, M)), per_mesh=True, exact=True)(
    _shard_map_all_to_all)
program("shard_map_axis_index", A(8, 16, spec=P(D, M)), per_mesh=True, exact=True)(
    _shard_map_axis_index)
program("optimization_barrier", A(8, 16, spec=P(D, M)), A(8, 16, spec=P(D, M)))(
    lambda x, y: (lambda t: t[0] * t[1])(lax.optimization_barrier((x + 1, y))))
program("triangular_solve", A(8, 8, lo=0.5, hi=1, spec=P(D)), A(8, 4, spec=P(None, M)),
        tol=10)(lambda a, b: jax.scipy.linalg.solve_triangular(
            jnp.tril(a) + 4 * jnp.eye(8), b, lower=True))
program("complex_cholesky_solve", A(4, 6, 6, dtype=C64, spec=P(D)),
        A(4, 6, 3, dtype=C64, spec=P(D)), tol=10)(
    lambda a, b: (lambda h: (
        jax.scipy.linalg.solve_triangular(
            jnp.linalg.cholesky(h), b, lower=True, trans="C"),
        jax.scipy.linalg.cholesky(h, lower=False),
        jax.scipy.linalg.solve_triangular(
            jnp.linalg.cholesky(h), b, lower=True, trans="T")))(
        a @ jnp.conj(jnp.swapaxes(a, -1, -2)) + 6 * jnp.eye(6)))
program("reduce_precision_bf16", A(8, 16, lo=-3, hi=3, spec=P(D, M)))(
    lambda x: lax.reduce_precision(x, 8, 7))
program("expand_dims_broadcast_compare", A(8, spec=P(D)), A(16, spec=P(M)))(
    lambda a, b: (a[:, None] > b[None, :], jnp.where(a[:, None] > b, a[:, None], b)))
program("argmax_bf16_f16", A(8, 16, dtype=BF16, spec=P(D)), A(8, 16, dtype=F16, spec=P(D)))(
    lambda a, b: (jnp.argmax(a, axis=1), jnp.max(b, axis=1), jnp.sort(b, axis=1)))
program("sort_i64_u64", A(16, dtype=I64, lo=-10**12, hi=10**12),
        A(16, dtype=U64, lo=0, hi=2**60), x64=True)(
    lambda a, b: (jnp.sort(a), jnp.sort(b), jnp.argsort(a)))
program("gather_scatter_bool_u8", A(16, dtype=bool, spec=P(M)), A(16, dtype=U8, lo=0, hi=255),
        IDX)(lambda m, u, i: (m[i], m.at[i].set(True), u.at[i].add(200)))

program("shard_map_psum", A(8, 16, spec=P(D, M)), per_mesh=True)(_shard_map_psum)
program("shard_map_matmul", A(8, 16, spec=P(D, M)), A(16, 8, spec=P(M, None)),
        per_mesh=True)(_shard_map_matmul)
program("shard_map_ppermute", A(8, 16, spec=P(None, M)), per_mesh=True, exact=True)(
    _shard_map_ppermute)
program("shard_map_all_gather", A(8, 16, spec=P(D, M)), per_mesh=True, exact=True)(
    _shard_map_all_gather)

# ---------------------------------------------- breadth: a new user's programs
# Programs as a new user writes them, in the families above thinly covered:
# jax.numpy and jax.scipy breadth, jax.nn, image resizing, linear algebra
# (LAPACK custom calls on CPU), more samplers, vmapped gathers/scatters,
# autodiff transforms, more convolutions and pooling, more shard_map
# collectives.

SPD = A(4, 4, lo=-1, hi=1, values=np.array(
    [[4.0, 1.0, 0.5, 0.2], [1.0, 3.0, 0.3, 0.1], [0.5, 0.3, 2.5, 0.4],
     [0.2, 0.1, 0.4, 2.0]], np.float32))

# jax.numpy
program("jnp_linalg_norm", A(8, 16, spec=P(D, M)))(
    lambda x: (jnp.linalg.norm(x), jnp.linalg.norm(x, axis=1),
               jnp.linalg.norm(x, ord=1, axis=0), jnp.linalg.norm(x, ord=jnp.inf,
                                                                   axis=1)))
program("jnp_interp", A(16, lo=-1, hi=5, spec=P(M)),
        A(8, values=np.array([0, 0.5, 1, 2, 2.5, 3, 3.5, 4], np.float32)),
        A(8, lo=-2, hi=2))(lambda x, xp, fp: jnp.interp(x, xp, fp))
program("jnp_searchsorted", A(8, values=np.array([0, 0.5, 1, 2, 2.5, 3, 3.5, 4],
                                                 np.float32)),
        A(16, lo=-1, hi=5, spec=P(M)))(
    lambda a, v: (jnp.searchsorted(a, v), jnp.searchsorted(a, v, side="right"),
                  jnp.searchsorted(a, v, method="sort"),
                  jnp.searchsorted(a, v, method="compare_all")))
program("jnp_histogram_bincount", A(64, lo=0, hi=1, spec=P(M)),
        A(32, dtype=I32, lo=0, hi=9, spec=P(M)))(
    lambda x, i: (jnp.histogram(x, bins=8, range=(0.0, 1.0))[0],
                  jnp.bincount(i, length=10)))
program("jnp_convolve_correlate", A(32, spec=P(M)), A(5))(
    lambda a, v: (jnp.convolve(a, v), jnp.convolve(a, v, mode="same"),
                  jnp.correlate(a, v, mode="valid")))
program("jnp_polyval_diff", A(5), A(16, spec=P(M)))(
    lambda c, x: (jnp.polyval(c, x), jnp.diff(x), jnp.diff(x, n=2)))
program("jnp_kron_outer_trace", A(4, 4), A(3, 3), A(8, 8, spec=P(D, M)))(
    lambda a, b, c: (jnp.kron(a, b), jnp.outer(a, b), jnp.trace(c),
                     jnp.cross(a[:, :3], b[:4 % 3 + 1:, :][:1].repeat(4, 0))))
program("jnp_median_quantile", A(8, 16, spec=P(D)))(
    lambda x: (jnp.median(x, axis=1), jnp.quantile(x, 0.25, axis=1),
               jnp.percentile(x, jnp.array([10.0, 90.0]), axis=0)))
program("jnp_nan_reductions", A(8, 16, spec=P(D, M), special=True))(
    lambda x: (jnp.nanmean(jnp.where(jnp.isinf(x), 0.0, x), axis=1),
               jnp.nansum(jnp.where(jnp.isinf(x), 0.0, x), axis=0),
               jnp.nanmin(x, axis=1), jnp.nanargmax(x, axis=1)))
program("jnp_argmax_keepdims_flat", A(4, 8, 16, spec=P(D, None, M)))(
    lambda x: (jnp.argmax(x, axis=2, keepdims=True), jnp.argmin(x.reshape(4, -1), 1),
               jnp.unravel_index(jnp.argmax(x), x.shape)))
program("jnp_cumulative_int", A(8, 16, dtype=I32, lo=-3, hi=3, spec=P(D)))(
    lambda x: (jnp.cumsum(x, axis=0), jnp.cumprod(x, axis=1),
               lax.cummax(x, axis=1), jnp.cumsum(x, axis=1, dtype=jnp.float32)))
program("jnp_nonzero_sized", A(8, 16, spec=P(D, M)))(
    lambda x: (jnp.nonzero(x > 0.5, size=10, fill_value=-1),
               jnp.argwhere(x[0] > 0, size=4)))
program("jnp_unique_sized", A(16, dtype=I32, lo=0, hi=6, spec=P(M)))(
    lambda x: jnp.unique(x, size=8, fill_value=-1))
program("jnp_where_clip_round", A(8, 16, lo=-3, hi=3, spec=P(D, M)))(
    lambda x: (jnp.round(x, 2), jnp.trunc(x), jnp.rint(x),
               jnp.heaviside(x, 0.5), jnp.sinc(x), jnp.deg2rad(x)))
program("jnp_logical_bitwise_int", A(8, 16, dtype=I16, lo=-300, hi=300, spec=P(D, M)),
        A(8, 16, dtype=I16, lo=-300, hi=300, spec=P(D, M)))(
    lambda a, b: (jnp.gcd(a, b), jnp.lcm(a % 20, b % 20), jnp.bitwise_count(a),
                  jnp.left_shift(a, 2), jnp.right_shift(a, 3)))
program("jnp_einsum_chain", A(4, 8, spec=P(D)), A(8, 6), A(6, 8, spec=P(None, M)))(
    lambda a, b, c: (jnp.einsum("ij,jk,kl->il", a, b, c),
                     jnp.einsum("ij,ij->i", a, a), jnp.einsum("ii->i", b[:6, :6])))
program("jnp_stack_split_pad_modes", A(8, 16, spec=P(D)))(
    lambda x: (jnp.stack(jnp.split(x, 4, axis=1)), jnp.pad(x, 2, mode="reflect"),
               jnp.pad(x, ((1, 1), (2, 0)), mode="edge"),
               jnp.pad(x, 1, mode="wrap")))
program("jnp_sort_complex_lexsort", A(16, dtype=I32, lo=0, hi=3),
        A(16, dtype=I32, lo=0, hi=3))(
    lambda a, b: (jnp.lexsort((a, b)), jnp.sort(a + 1j * b.astype(F32))))

# jax.scipy.special and jax.nn
SS = jax.scipy.special
program("special_xlogy_entr", A(8, 16, lo=0, hi=3, spec=P(D, M)),
        A(8, 16, lo=0.1, hi=3, spec=P(D, M)))(
    lambda x, y: (SS.xlogy(x, y), SS.xlog1py(x, y), SS.entr(x),
                  SS.logsumexp(x, axis=1, b=y), SS.logit(x / 4), SS.expit(y)))
program("special_gamma_family", A(8, 16, lo=0.5, hi=5, spec=P(D, M)),
        A(8, 16, lo=0.1, hi=5, spec=P(D, M)), tol=10)(
    lambda a, x: (SS.gammainc(a, x), SS.gammaincc(a, x), SS.gamma(a),
                  SS.polygamma(1, a), SS.zeta(a + 1.5, x + 1)))
program("special_betainc_ndtr", A(8, 16, lo=0.5, hi=4, spec=P(D, M)),
        A(8, 16, lo=0.5, hi=4, spec=P(D, M)), A(8, 16, lo=0.01, hi=0.99, spec=P(D, M)),
        tol=10)(
    lambda a, b, x: (SS.betainc(a, b, x), SS.ndtr(a - 2), SS.ndtri(x),
                     SS.log_ndtr(a - 3), SS.betaln(a, b)))
program("special_bessel_i0_i1", A(8, 16, lo=-4, hi=4, spec=P(D, M)), tol=10)(
    lambda x: (SS.i0(x), SS.i1(x), SS.i0e(x) * SS.i1e(x)))
program("nn_activations", A(8, 16, lo=-3, hi=3, spec=P(D, M)))(
    lambda x: (jax.nn.relu6(x), jax.nn.hard_sigmoid(x), jax.nn.hard_tanh(x),
               jax.nn.elu(x), jax.nn.celu(x), jax.nn.selu(x), jax.nn.leaky_relu(x),
               jax.nn.log_sigmoid(x), jax.nn.hard_swish(x), jax.nn.squareplus(x),
               jax.nn.mish(x), jax.nn.sparse_plus(x), jax.nn.glu(x)))
program("nn_softmax_where", A(8, 16, spec=P(D, M)), A(8, 16, dtype=bool, spec=P(D, M)))(
    lambda x, m: (jax.nn.softmax(x, where=m), jax.nn.log_softmax(x, axis=0),
                  jax.nn.standardize(x, axis=1), jax.nn.one_hot(
                      jnp.argmax(x, 1), 16, dtype=jnp.int8)))
program("nn_dot_product_attention", A(2, 8, 4, 8, spec=P(D)), A(2, 8, 4, 8, spec=P(D)),
        A(2, 8, 4, 8, spec=P(D)))(
    lambda q, k, v: (jax.nn.dot_product_attention(q, k, v),
                     jax.nn.dot_product_attention(q, k, v, is_causal=True)))
program("nn_activation_grads", A(8, 16, lo=-3, hi=3, spec=P(D, M)))(
    lambda x: jax.grad(lambda x: jnp.sum(jax.nn.gelu(x) + jax.nn.elu(x) +
                                         jax.nn.relu(x) * jax.nn.softplus(x)))(x))

# jax.image
program("image_resize_linear_cubic", A(2, 8, 8, 3, spec=P(D)))(
    lambda x: (jax.image.resize(x, (2, 16, 12, 3), "linear"),
               jax.image.resize(x, (2, 5, 6, 3), "cubic")))
program("image_resize_nearest_lanczos", A(2, 8, 8, 3, spec=P(D)))(
    lambda x: (jax.image.resize(x, (2, 16, 4, 3), "nearest"),
               jax.image.resize(x, (2, 12, 12, 3), "lanczos3")))
program("image_scale_and_translate", A(2, 8, 8, 3, spec=P(D)))(
    lambda x: jax.image.scale_and_translate(
        x, (2, 10, 10, 3), (1, 2), jnp.array([1.25, 1.25]), jnp.array([0.5, -0.5]),
        "linear"))

# linear algebra (LAPACK custom calls on CPU)
program("linalg_det_slogdet", A(4, 4, 4, lo=-1, hi=1, spec=P(D)), tol=10)(
    lambda a: (jnp.linalg.det(a), jnp.linalg.slogdet(a)[1]))
program("linalg_inv_solve", A(4, 4), A(4, 4, spec=P(None, M)), tol=10)(
    lambda a, b: (jnp.linalg.inv(a + 4 * jnp.eye(4)),
                  jnp.linalg.solve(a + 4 * jnp.eye(4), b)))
program("linalg_cholesky_f32", A(2, 4, 4, spec=P(D)), tol=10)(
    lambda a: jnp.linalg.cholesky(a @ jnp.swapaxes(a, 1, 2) + 4 * jnp.eye(4)))
program("linalg_qr", A(6, 4), tol=10)(lambda a: jnp.linalg.qr(a))
program("linalg_eigh", SPD, tol=10)(lambda a: jnp.linalg.eigvalsh(a))
program("linalg_eigh_vectors", SPD, tol=10)(lambda a: jnp.linalg.eigh(a))
program("linalg_svd_vectors", A(2, 6, 4, spec=P(D)), tol=10)(
    lambda a: jnp.linalg.svd(a, full_matrices=False))
program("linalg_svd_full_f64", A(5, 3, dtype=F64), x64=True, tol=10)(
    lambda a: jnp.linalg.svd(a, full_matrices=True))
program("linalg_complex", A(4, 4, dtype=C64), tol=10)(
    lambda a: (lambda h: (jnp.linalg.eigh(h), jnp.linalg.qr(a),
                          jnp.linalg.svd(a), jnp.linalg.det(a), jnp.linalg.inv(h)))(
        a @ jnp.conj(a.T) + 4 * jnp.eye(4)))
program("linalg_svd", A(6, 4), tol=10)(
    lambda a: jnp.linalg.svd(a, compute_uv=False))
program("linalg_lstsq_pinv", A(6, 4), A(6, 2), tol=10)(
    lambda a, b: (jnp.linalg.pinv(a), jnp.linalg.lstsq(a, b)[0]))
program("linalg_lu", A(4, 4), tol=10)(lambda a: jax.scipy.linalg.lu(a))
program("linalg_eig", A(5, 5), tol=10)(
    lambda a: (lambda w, v: (w, v / v[0:1]))(*jnp.linalg.eig(a)))
program("linalg_eigvals_complex", A(2, 4, 4, dtype=C64, spec=P(D)), tol=10)(
    lambda a: jnp.sort(jnp.linalg.eigvals(a), axis=-1))
program("linalg_schur_hessenberg", A(5, 5), tol=10)(
    lambda a: (jnp.diagonal(jax.scipy.linalg.schur(a @ a.T)[0]),
               jax.scipy.linalg.hessenberg(a)))
program("linalg_tridiagonal", A(4, 8, spec=P(D)), A(4, 8, spec=P(D)), A(4, 8, spec=P(D)),
        A(4, 8, 3, spec=P(D)), tol=10)(
    lambda dl, d, du, b: lax.linalg.tridiagonal_solve(
        dl.at[:, 0].set(0.0), d + 4.0, du.at[:, -1].set(0.0), b))
program("linalg_svd_qr_pivoting", A(6, 4), tol=10)(
    lambda a: (lax.linalg.svd(a, algorithm=lax.linalg.SvdAlgorithm.QR),
               jax.scipy.linalg.qr(a, pivoting=True, mode="economic")))
program("linalg_sytrd", SPD, tol=10)(lambda a: lax.linalg.tridiagonal(a))

# random numbers
RK = lambda k: jax.random.wrap_key_data(k)  # noqa: E731
program("rand_truncated_normal_gamma", KEY, tol=10)(
    lambda k: (jax.random.truncated_normal(RK(k), -1.0, 2.0, (8, 16)),
               jax.random.gamma(RK(k), 2.5, (16,))))
program("rand_beta_dirichlet", KEY, tol=10)(
    lambda k: (jax.random.beta(RK(k), 2.0, 3.0, (16,)),
               jax.random.dirichlet(RK(k), jnp.array([1.0, 2.0, 3.0]), (4,))))
program("rand_categorical_choice", KEY, A(4, 10, spec=P(D)))(
    lambda k, l: (jax.random.categorical(RK(k), l, axis=1),
                  jax.random.choice(RK(k), 10, (5,), replace=False),
                  jax.random.choice(RK(k), 10, (8,), p=jax.nn.softmax(l[0]))))
program("rand_poisson_exponential", KEY, tol=10)(
    lambda k: (jax.random.poisson(RK(k), 3.0, (16,)),
               jax.random.exponential(RK(k), (16,)),
               jax.random.laplace(RK(k), (8,)), jax.random.logistic(RK(k), (8,)),
               jax.random.rademacher(RK(k), (8,))))
program("rand_unsafe_rbg", A(4, dtype=U32, values=[5, 6, 7, 8]))(
    lambda k: (jax.random.bits(jax.random.wrap_key_data(k, impl="unsafe_rbg"), (8, 4)),
               jax.random.uniform(jax.random.wrap_key_data(k, impl="unsafe_rbg"), (8,))))
program("rand_key_from_seed", A(dtype=I32, values=7))(
    lambda s: jax.random.normal(jax.random.split(jax.random.key(s))[1], (4, 4)))
program("rand_orthogonal_mvn", KEY, tol=10)(
    lambda k: (jax.random.orthogonal(RK(k), 4),
               jax.random.multivariate_normal(RK(k), jnp.zeros(3), jnp.eye(3) * 2, (5,))))

# lax
program("lax_integer_pow_rem", A(8, 16, lo=-2, hi=2, spec=P(D, M)),
        A(8, 16, dtype=I32, lo=-50, hi=50, spec=P(D, M)))(
    lambda x, i: (lax.integer_pow(x, -2), lax.integer_pow(x, 5), lax.rem(i, 7),
                  lax.rem(-i, -3), lax.integer_pow(i, 3)))
program("lax_igamma_grad", A(8, 16, lo=0.5, hi=4, spec=P(D, M)),
        A(8, 16, lo=0.2, hi=4, spec=P(D, M)), tol=10)(
    lambda a, x: (lax.igamma(a, x), lax.igammac(a, x), lax.random_gamma_grad(a, x),
                  jax.grad(lambda a: jnp.sum(lax.igamma(a, x)))(a)))
program("lax_reduce_variadic", A(8, 16, spec=P(D, M)), A(8, 16, dtype=I32, lo=0, hi=9,
                                                         spec=P(D, M)))(
    lambda x, i: lax.reduce((x, i), (-jnp.inf, 0),
                            lambda a, b: (jnp.maximum(a[0], b[0]),
                                          jnp.where(a[0] > b[0], a[1], b[1])), (1,)))
program("lax_reduce_window_variadic", A(4, 16, spec=P(D)))(
    lambda x: lax.reduce_window((x, lax.broadcasted_iota(jnp.int32, x.shape, 1)),
                                (-jnp.inf, 0),
                                lambda a, b: (jnp.maximum(a[0], b[0]),
                                              jnp.where(a[0] >= b[0], a[1], b[1])),
                                (1, 4), (1, 2), "VALID"))
program("lax_associative_scan", A(8, 16, spec=P(D)))(
    lambda x: (lax.associative_scan(jnp.add, x, axis=1),
               lax.associative_scan(jnp.maximum, x, axis=0, reverse=True)))
program("lax_dynamic_index_loop", A(8, 16, spec=P(D)))(
    lambda x: lax.fori_loop(0, 8, lambda i, c: c + lax.dynamic_index_in_dim(
        x, i, 0, keepdims=False), jnp.zeros(16)))
program("lax_reduce_precision_f8", A(8, 16, lo=-300, hi=300, spec=P(D, M)))(
    lambda x: (lax.reduce_precision(x, 4, 3), lax.reduce_precision(x, 5, 2),
               lax.reduce_precision(x, 11, 52 - 29)))
program("lax_sort_stable_3d", A(4, 8, 6, dtype=I32, lo=0, hi=3, spec=P(D)),
        A(4, 8, 6, spec=P(D)))(
    lambda k, v: lax.sort((k, v), dimension=1, is_stable=True, num_keys=1))
program("lax_top_k_bf16", A(4, 32, dtype=BF16, spec=P(D)))(lambda x: lax.top_k(x, 3))

# convolutions and pooling
program("conv3d", A(2, 2, 6, 6, 6, spec=P(D)), A(4, 2, 3, 3, 3))(
    lambda x, w: conv(x, w, window_strides=(1, 2, 1), padding="SAME"))
# The weight gradients of grouped convolutions are batch-grouped
# convolutions over the sharded batch; XLA's SPMD partitioner computes them
# 4x too large on the 2x4 mesh (JAX 0.10.2), so JAX's outputs come from one
# device.
program("conv_batch_group_grad", A(2, 8, 6, 6, spec=P(D)), A(4, 4, 3, 3),
        reference_devices=1)(
    lambda x, w: jax.grad(lambda w: jnp.sum(conv(
        x, w, window_strides=(1, 1), padding="VALID", feature_group_count=2) ** 2))(w))
program("conv_batch_group", A(8, 3, 6, spec=P(D)), A(4, 3, 3))(
    lambda x, w: conv(x, w, window_strides=(1,), padding="VALID", batch_group_count=2))
program("conv_depthwise_grads", A(2, 6, 8, 8, spec=P(D)), A(6, 1, 3, 3),
        reference_devices=1)(
    lambda x, w: jax.grad(lambda x, w: jnp.sum(jnp.tanh(conv(
        x, w, window_strides=(2, 2), padding="SAME", feature_group_count=6))),
        argnums=(0, 1))(x, w))
program("conv_1x1_f16", A(2, 8, 6, 6, dtype=F16, spec=P(D)), A(4, 8, 1, 1, dtype=F16), tol=2)(
    lambda x, w: conv(x, w, window_strides=(1, 1), padding="VALID"))
program("conv_transpose_1d_strided", A(2, 10, 3, spec=P(D)), A(4, 3, 5))(
    lambda x, w: lax.conv_transpose(x, w, (3,), "VALID",
                                    dimension_numbers=("NWC", "WIO", "NWC")))
program("conv_i8_i32", A(2, 3, 8, 8, dtype=I8, lo=-20, hi=20, spec=P(D)),
        A(4, 3, 3, 3, dtype=I8, lo=-20, hi=20))(
    lambda x, w: conv(x, w, window_strides=(1, 1), padding="SAME",
                      preferred_element_type=jnp.int32))
program("pool_avg_exclude_pad", A(2, 7, 7, 3, spec=P(D)))(
    lambda x: pool(x, 0.0, lax.add, (1, 3, 3, 1), (1, 2, 2, 1), "SAME") /
    pool(jnp.ones_like(x), 0.0, lax.add, (1, 3, 3, 1), (1, 2, 2, 1), "SAME"))
program("pool_max3d_grad", A(2, 1, 6, 6, 6, spec=P(D)))(
    lambda x: jax.grad(lambda x: jnp.sum(pool(
        x, -jnp.inf, lax.max, (1, 1, 2, 2, 2), (1, 1, 2, 2, 2), "VALID") ** 2))(x))
program("pool_global_max_int", A(4, 6, 6, dtype=I32, lo=-99, hi=99, spec=P(D)))(
    lambda x: (jnp.max(x, axis=(1, 2)),
               pool(x, jnp.iinfo(jnp.int32).min, lax.max, (1, 2, 3), (1, 2, 3), "VALID")))

# control flow and autodiff transforms
program("ctrl_scan_pytree_unroll", A(8, 4, spec=P(None, M)), A(4))(
    lambda xs, h0: lax.scan(lambda c, x: ((c[0] * 0.9 + x, c[1] + 1),
                                          {"y": c[0] * x, "n": c[1]}),
                            (h0, jnp.int32(0)), xs, unroll=3))
program("ctrl_while_pytree", A(8, spec=P(D)))(
    lambda x: lax.while_loop(lambda c: (c["i"] < 6) & (jnp.max(c["x"]) < 50.0),
                             lambda c: {"i": c["i"] + 1, "x": c["x"] * 2 + 1},
                             {"i": 0, "x": x}))
program("ctrl_cond_multi", A(dtype=F32, values=0.3), A(8, 8, spec=P(D)), A(8, dtype=I32, lo=0, hi=5))(
    lambda p, x, i: lax.cond(p > 0, lambda x, i: (x.T, i + 1), lambda x, i: (x, i * 2), x, i))
program("ctrl_remat_grad", A(8, 16, spec=P(D)), A(16, 16, spec=P(None, M)))(
    lambda x, w: jax.grad(lambda w: jnp.sum(jax.checkpoint(
        lambda x: jnp.tanh(jnp.sin(x @ w) @ w))(x)))(w))
program("ctrl_custom_jvp_vjp", A(8, 16, spec=P(D, M)))(
    lambda x: jax.grad(lambda x: jnp.sum(_clip_grad(_safe_log(x * x + 1))))(x))
program("ctrl_jacfwd_hessian", A(4))(
    lambda x: (jax.jacfwd(lambda x: jnp.sin(x) * x[0])(x),
               jax.hessian(lambda x: jnp.sum(x ** 3) * x[1])(x),
               jax.jacrev(lambda x: jnp.cumsum(x) ** 2)(x)))
program("ctrl_vmap_while", A(8, dtype=I32, lo=1, hi=9, spec=P(D)))(
    jax.vmap(lambda n: lax.while_loop(lambda c: c[0] < n, lambda c: (c[0] + 1, c[1] * 2),
                                      (0, 1))[1]))
program("ctrl_switch_grad", A(dtype=I32, values=1), A(8, 8, spec=P(D)))(
    lambda i, x: jax.grad(lambda x: jnp.sum(lax.switch(
        i, [jnp.sin, jnp.cos, jnp.tanh], x)))(x))

# gathers and scatters
program("vmap_gather_rows", A(4, 16, spec=P(D)), A(4, 3, dtype=I32, lo=0, hi=15, spec=P(D)),
        exact=True)(jax.vmap(lambda x, i: x[i]))
program("vmap_scatter_add", A(4, 16, spec=P(D)), A(4, 5, dtype=I32, lo=0, hi=15, spec=P(D)),
        A(4, 5, spec=P(D)))(jax.vmap(lambda x, i, u: x.at[i].add(u)))
program("vmap_dynamic_slice_update", A(4, 16, spec=P(D)), A(4, dtype=I32, lo=0, hi=14),
        exact=True)(jax.vmap(lambda x, i: (lax.dynamic_slice(x, (i,), (3,)),
                                           lax.dynamic_update_slice(x, x[:2] * 0, (i,)))))
program("at_modes", A(8, 16, spec=P(D)), A(5, dtype=I32, values=[-1, 3, 20, 7, -20]))(
    lambda x, i: (x.at[i].get(mode="fill", fill_value=9.0), x.at[:, i].get(mode="clip"),
                  x.at[i].set(1.0, mode="clip"), x.at[i].add(2.0, mode="drop"),
                  x.at[i].mul(3.0, mode="promise_in_bounds"), x.at[2:4].divide(2.0),
                  x.at[i].power(2.0, mode="drop")))
program("at_2d_index_minmax", A(8, 16, spec=P(D, M)),
        A(6, dtype=I32, values=[0, 7, 3, 3, 1, 0]), A(6, dtype=I32, values=[1, 15, 4, 4, 9, 1]),
        A(6), exact=True)(
    lambda x, i, j, u: (x.at[i, j].min(u), x.at[i, j].max(u), x.at[i, j].set(u),
                        x.at[i, :4].set(u[:, None])))
program("at_sorted_unique", A(16, spec=P(M)), A(4, dtype=I32, values=[1, 4, 6, 9]), A(4))(
    lambda x, i, u: (x.at[i].set(u, indices_are_sorted=True, unique_indices=True),
                     x.at[i].add(u, unique_indices=True)))

# mixed precision, f64, complex
program("mixed_bf16_attention", A(2, 8, 16, dtype=BF16, spec=P(D)),
        A(16, 16, dtype=BF16, spec=P(None, M)), tol=4)(
    lambda x, w: jax.nn.softmax(jnp.einsum("bqd,bkd->bqk", x @ w, x,
                                           preferred_element_type=F32), -1))
program("mixed_u8_i8_matmul", A(8, 16, dtype=U8, lo=0, hi=255, spec=P(D)),
        A(16, 8, dtype=I8, lo=-128, hi=127, spec=P(None, M)))(
    lambda a, b: lax.dot(a.astype(I32), b.astype(I32)))
program("mixed_f16_layernorm", A(8, 32, dtype=F16, spec=P(D)), tol=2)(
    lambda x: jax.nn.standardize(x.astype(F32), axis=-1).astype(F16) * x)
program("f64_mlp_grad", A(8, 16, dtype=F64, spec=P(None, M)), A(4, 8, dtype=F64, spec=P(D)),
        x64=True)(lambda w, x: jax.grad(lambda w: jnp.sum(jnp.tanh(x @ w) ** 2))(w))
program("f64_linalg_solve", A(4, 4, dtype=F64), A(4, 2, dtype=F64), x64=True, tol=10)(
    lambda a, b: (jnp.linalg.solve(a + 4 * jnp.eye(4), b), jnp.linalg.det(a)))
program("fft_nd", A(2, 8, 8, dtype=C64, spec=P(D)), A(2, 8, 8, spec=P(D)))(
    lambda c, r: (jnp.fft.ifftn(c, axes=(1, 2)), jnp.fft.rfft2(r),
                  jnp.fft.irfft2(jnp.fft.rfft2(r), s=(8, 8)),
                  jnp.fft.fftshift(jnp.fft.fft(r, axis=2), axes=2)))
program("fft_convolution", A(4, 16, spec=P(D)), A(4, 16, spec=P(D)))(
    lambda a, b: jnp.fft.irfft(jnp.fft.rfft(a) * jnp.fft.rfft(b), n=16))
program("complex_c128_eig_free", A(4, 8, dtype=C128, spec=P(D)), x64=True)(
    lambda a: (jnp.cumsum(a, axis=1), jnp.prod(a, axis=1), jnp.sort(a, axis=1),
               jnp.exp(a) @ jnp.conj(a.T)))


@jax.custom_jvp
def _safe_log(x):
    return jnp.log(x)


_safe_log.defjvp(lambda p, t: (jnp.log(p[0]), t[0] / jnp.maximum(p[0], 1e-3)))


@jax.custom_vjp
def _clip_grad(x):
    return x


_clip_grad.defvjp(lambda x: (x, None), lambda _, g: (jnp.clip(g, -0.5, 0.5),))


# shard_map collectives
def _sm_pmax_pmean(mesh):
    return lambda x: jax.shard_map(
        lambda b: (jax.lax.pmax(b, M), jax.lax.pmean(b, (D, M)), jax.lax.pmin(b, D)),
        mesh=mesh, in_specs=P(D, M), out_specs=(P(D), P(), P(None, M)))(x)


def _sm_all_gather_untiled(mesh):
    return lambda x: jax.shard_map(
        lambda b: jax.lax.all_gather(b, M, axis=1), mesh=mesh,
        in_specs=P(D, M), out_specs=P(D, None), check_vma=False)(x).reshape(8, -1)


def _sm_axis_index_both(mesh):
    return lambda x: jax.shard_map(
        lambda b: b + jax.lax.axis_index(D) * 10 + jax.lax.axis_index(M),
        mesh=mesh, in_specs=P(D, M), out_specs=P(D, M))(x)


def _sm_ppermute_data(mesh):
    n = mesh.shape[D]
    return lambda x: jax.shard_map(
        lambda b: jax.lax.ppermute(b, D, [(i, (n - 1 - i)) for i in range(n)]) + 1,
        mesh=mesh, in_specs=P(D, M), out_specs=P(D, M))(x)


def _sm_ring_matmul(mesh):
    def f(x, w):
        def body(xb, wb):
            return jax.lax.psum_scatter(xb @ wb, M, scatter_dimension=0, tiled=True)
        return jax.shard_map(body, mesh=mesh, in_specs=(P(None, M), P(M, None)),
                             out_specs=P(M, None))(x, w)
    return f


program("sm_pmax_pmean", A(8, 16, spec=P(D, M)), per_mesh=True)(_sm_pmax_pmean)
program("sm_all_gather_untiled", A(8, 16, spec=P(D, M)), per_mesh=True, exact=True)(
    _sm_all_gather_untiled)
program("sm_axis_index_both", A(8, 16, dtype=I32, lo=0, hi=9, spec=P(D, M)),
        per_mesh=True)(_sm_axis_index_both)
program("sm_ppermute_data", A(8, 16, spec=P(D, M)), per_mesh=True)(_sm_ppermute_data)
program("sm_psum_scatter_matmul", A(8, 16, spec=P(None, M)), A(16, 8, spec=P(M, None)),
        per_mesh=True)(_sm_ring_matmul)


# More breadth: PRNG implementations chosen by configuration, initializers,
# optimizers, losses and layers as written with jax.numpy.
def _prng_cfg(impl):
    def f(seed):
        key = jax.random.key(seed, impl=impl)
        k1, k2 = jax.random.split(key)
        return (jax.random.normal(k1, (8, 4)), jax.random.randint(k2, (16,), 0, 100),
                jax.random.key_data(jax.random.fold_in(key, 5)))
    return f


for _impl in ["threefry2x32", "rbg", "unsafe_rbg"]:
    program("rand_impl_" + _impl, A(dtype=U32, values=11), tol=10)(_prng_cfg(_impl))

program("rand_initializers", KEY)(
    lambda k: (jax.nn.initializers.glorot_uniform()(RK(k), (8, 16)),
               jax.nn.initializers.he_normal()(RK(k), (8, 16)),
               jax.nn.initializers.lecun_normal()(RK(k), (3, 3, 4, 8)),
               jax.nn.initializers.variance_scaling(
                   1.0, "fan_avg", "truncated_normal")(RK(k), (16, 4))))
program("rand_shuffle_split_many", KEY)(
    lambda k: (jax.random.permutation(RK(k), jnp.arange(24).reshape(6, 4), axis=1,
                                      independent=True),
               jax.random.key_data(jax.random.split(RK(k), (2, 3)))))
program("model_sgd_momentum_loop", A(16, 8, spec=P(None, M)), A(32, 16, spec=P(D)),
        A(32, 8, spec=P(D)))(
    lambda w, x, y: lax.fori_loop(0, 3, lambda i, s: (lambda g: (
        s[0] - 0.1 * (0.9 * s[1] + g), 0.9 * s[1] + g))(
        jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(s[0])), (w, jnp.zeros_like(w))))
program("model_losses", A(16, 10, spec=P(D)), A(16, dtype=I32, lo=0, hi=9, spec=P(D)),
        A(16, 10, lo=0, hi=1, spec=P(D)))(
    lambda logits, labels, p: (
        -jnp.mean(jnp.sum(jax.nn.one_hot(labels, 10) * jax.nn.log_softmax(logits), -1)),
        jnp.mean(jnp.maximum(logits, 0) - logits * p + jnp.log1p(jnp.exp(-jnp.abs(logits)))),
        jnp.mean(jnp.where(jnp.abs(logits - p) < 1, 0.5 * (logits - p) ** 2,
                           jnp.abs(logits - p) - 0.5)),
        jnp.mean(jnp.argmax(logits, -1) == labels)))
program("model_batchnorm_train", A(8, 4, 6, 6, spec=P(D)), A(4), A(4))(
    lambda x, g, b: (lambda m, v: (g[:, None, None] * (x - m) / jnp.sqrt(v + 1e-5) +
                                   b[:, None, None], m, v))(
        jnp.mean(x, (0, 2, 3), keepdims=True), jnp.var(x, (0, 2, 3), keepdims=True)))
program("model_groupnorm_conv_block", A(2, 8, 8, 8, spec=P(D)), A(8, 8, 3, 3))(
    lambda x, w: jax.nn.silu((lambda y: (lambda g: ((g - g.mean((2, 3, 4), keepdims=True)) /
                                                   jnp.sqrt(g.var((2, 3, 4), keepdims=True) + 1e-5)
                                                   ).reshape(y.shape))(
        y.reshape(2, 4, 2, 8, 8)))(conv(x, w, window_strides=(1, 1), padding="SAME"))))
def _gru_cell(wx, wh, h, x):
    z = jax.nn.sigmoid(x @ wx[:, :8] + h @ wh[:, :8])
    r = jax.nn.sigmoid(x @ wx[:, 8:16] + h @ wh[:, 8:16])
    n = jnp.tanh(x @ wx[:, 16:] + r * (h @ wh[:, 16:]))
    return (1 - z) * n + z * h


program("model_gru_scan_grad", A(8, 24, spec=P(None, M)), A(8, 24), A(5, 4, 8, spec=P(None, D)),
        tol=4)(
    lambda wx, wh, xs: jax.grad(lambda wx: jnp.sum(lax.scan(
        lambda h, x: (_gru_cell(wx, wh, h, x), None), jnp.zeros((4, 8)), xs)[0]))(wx))
program("model_rope_attention", A(2, 8, 4, 8, spec=P(D)), A(2, 8, 4, 8, spec=P(D)))(
    lambda q, k: (lambda cos, sin: jnp.einsum(
        "bqhd,bkhd->bhqk", q * cos + jnp.roll(q, 4, -1) * sin,
        k * cos + jnp.roll(k, 4, -1) * sin))(
        jnp.cos(jnp.arange(8)[:, None, None] * jnp.arange(8) * 0.1),
        jnp.sin(jnp.arange(8)[:, None, None] * jnp.arange(8) * 0.1)))
program("model_vit_patchify", A(2, 3, 16, 16, spec=P(D)), A(48, 32, spec=P(None, M)))(
    lambda x, w: (x.reshape(2, 3, 4, 4, 4, 4).transpose(0, 2, 4, 1, 3, 5)
                  .reshape(2, 16, 48) @ w))
program("model_moe_top2", A(16, 8, spec=P(D)), A(8, 4), A(4, 8, 8, spec=P(M)))(
    lambda x, wg, we: (lambda vals, idx: jnp.einsum(
        "tk,tkd->td", jax.nn.softmax(vals, -1),
        jnp.einsum("td,tkde->tke", x, we[idx])))(*lax.top_k(x @ wg, 2)))
program("model_ctc_like_logsumexp_scan", A(6, 4, 5, spec=P(None, D)))(
    lambda lp: lax.scan(lambda a, l: (jax.nn.logsumexp(
        jnp.stack([a, jnp.roll(a, 1, -1)]), 0) + l,) * 2,
        jnp.zeros((4, 5)), jax.nn.log_softmax(lp, -1)))
program("model_kmeans_step", A(32, 4, spec=P(D)), A(5, 4))(
    lambda x, c: (lambda a: (jax.ops.segment_sum(x, a, 5) /
                             jnp.maximum(jax.ops.segment_sum(jnp.ones(32), a, 5), 1)[:, None],
                             a))(jnp.argmin(jnp.sum((x[:, None] - c) ** 2, -1), -1)))
program("model_beam_topk_gather", A(4, 3, 10, spec=P(D)))(
    lambda lp: (lambda v, i: (v, i // 10, i % 10, jnp.take_along_axis(
        lp.reshape(4, 30), i, 1)))(*lax.top_k(lp.reshape(4, 30), 3)))
program("model_cumsum_mask_padding", A(8, 16, spec=P(D)), A(8, dtype=I32, lo=1, hi=16, spec=P(D)))(
    lambda x, n: (lambda m: (jnp.sum(x * m, 1) / n, jnp.cumsum(m, 1),
                             jnp.max(jnp.where(m > 0, x, -jnp.inf), 1)))(
        (jnp.arange(16) < n[:, None]).astype(F32)))
program("jnp_linspace_meshgrid_hist2d", A(32, lo=0, hi=1), A(32, lo=0, hi=1))(
    lambda x, y: (jnp.histogram2d(x, y, bins=4, range=[[0, 1], [0, 1]])[0],
                  jnp.stack(jnp.meshgrid(jnp.linspace(0, 1, 5), jnp.arange(3.0))),
                  jnp.digitize(x, jnp.linspace(0, 1, 6))))
program("jnp_take_put_compress", A(16, spec=P(M)), A(4, dtype=I32, values=[3, 0, 9, 3]))(
    lambda x, i: (jnp.take(x, i), x.at[i].set(-1.0), jnp.compress(
        jnp.arange(16) % 3 == 0, x, size=6), jnp.extract(x > 0, x, size=8, fill_value=0)))
program("jnp_matrix_power_vander", A(4, 4), A(5))(
    lambda a, x: (jnp.linalg.matrix_power(a, 3), jnp.vander(x, 4), jnp.linalg.multi_dot(
        [a, a.T, a])))
program("jnp_isclose_allclose_count", A(8, 16, spec=P(D, M)), A(8, 16, spec=P(D, M)))(
    lambda a, b: (jnp.isclose(a, b + 1e-7), jnp.count_nonzero(a > b, axis=1),
                  jnp.allclose(a, a), jnp.array_equal(a, b), jnp.signbit(a)))
program("jnp_float_ops_misc", A(8, 16, lo=0.1, hi=8, spec=P(D, M)))(
    lambda x: (jnp.frexp(x)[0], jnp.frexp(x)[1], jnp.ldexp(x, 3), jnp.modf(x)[0],
               jnp.log2(x), jnp.log10(x), jnp.float_power(x, 1.5), jnp.fmod(x, 1.5),
               jnp.logaddexp2(x, x), jnp.spacing(x)))
program("jnp_int_div_variants", A(8, 16, dtype=I8, lo=-128, hi=127, spec=P(D, M)),
        A(8, 16, dtype=I8, lo=-5, hi=5, spec=P(D, M)))(
    lambda a, b: (lambda b: (a // b, a % b, jnp.divmod(a, b)[0], jnp.fmod(a, b),
                             jnp.abs(a), jnp.negative(a)))(jnp.where(b == 0, 1, b)))
program("jnp_bool_logic_reductions", A(8, 16, dtype=bool, spec=P(D, M)))(
    lambda m: (jnp.logical_xor(m, m.T.reshape(8, 16)), jnp.cumsum(m, 1), jnp.argmax(m, 1),
               jnp.sum(m), jnp.packbits(m, axis=1), jnp.unpackbits(jnp.packbits(m, axis=1), axis=1)))


# Sharding as a new user writes it: Explicit mesh axes (sharding in types,
# jax.sharding.reshard, out_sharding=), unconstrained dimensions, pmap.
program("explicit_matmul_reshard", A(8, 16, spec=P(D, M)), A(16, 8, spec=P(M, None)),
        explicit=True)(
    lambda a, w: jax.sharding.reshard(
        jnp.matmul(jnp.sin(a), w, out_sharding=P(D, None)), P(None, D)))
program("explicit_mlp_grad", A(8, 16, spec=P(D, None)), A(16, 32, spec=P(None, M)),
        A(32, 16, spec=P(M, None)), explicit=True, tol=4)(
    lambda x, w1, w2: jax.grad(lambda w1, w2: jnp.sum(jnp.matmul(
        jax.nn.relu(x @ w1), w2, out_sharding=P(D, None)) ** 2), argnums=(0, 1))(w1, w2))
program("explicit_reduce_broadcast", A(8, 16, spec=P(D, M)), explicit=True)(
    lambda x: (jnp.sum(x, axis=1), x - jnp.mean(x, axis=0, keepdims=True),
               jax.sharding.reshard(x, P(M, None)).T))
program("constraint_unconstrained", A(8, 16, spec=P(D)))(
    lambda x: jnp.cos(jax.lax.with_sharding_constraint(
        x * 2, NamedSharding(MESH, P(P.UNCONSTRAINED, M)))) + 1)
program("constraint_multi_axis_dim", A(16, 8, spec=P(D)))(
    lambda x: jax.lax.with_sharding_constraint(
        jnp.exp(x), NamedSharding(MESH, P((D, M), None))) * 3)
program("out_sharding_two_axes", A(16, 8, spec=P(D)), out=P((M, D), None))(
    lambda x: jnp.tanh(x) @ jnp.ones((8, 8)))
program("lax_approx_max_k", A(8, 32, spec=P(D)), exact=True)(
    lambda x: (lax.approx_max_k(x, 3), lax.approx_min_k(x, 2)))
program("int4_convert", A(8, 16, dtype=I32, lo=-8, hi=7, spec=P(D, M)), exact=True)(
    lambda a: (a.astype(jnp.int4).astype(I32) * 2, a.astype(jnp.int4).astype(I8),
               a.astype(jnp.uint4).astype(I32)))
program("platform_dependent", A(8, 16, spec=P(D, M)))(
    lambda x: lax.platform_dependent(x, cpu=jnp.sin, default=jnp.cos))
program("fft_hfft_fftn3", A(8, 16, spec=P(D)), A(2, 4, 4, 4, dtype=C64, spec=P(D)))(
    lambda x, c: (jnp.fft.hfft(x, axis=1), jnp.fft.fftn(c, axes=(1, 2, 3)),
                  jnp.fft.fft(x, norm="ortho"), jnp.fft.ifft(x, norm="forward")))


def _sm_nested_scan_psum(mesh):
    return lambda x: jax.shard_map(
        lambda b: lax.scan(lambda c, r: (c + jax.lax.psum(r, M), c), jnp.zeros(b.shape[1:]),
                           b), mesh=mesh, in_specs=P(None, M), out_specs=(P(), P(None)),
        check_vma=False)(x)


def _sm_partial_manual(mesh):
    return lambda x: jax.shard_map(
        lambda b: jax.lax.psum(jnp.sin(b), M), mesh=mesh, in_specs=P(None, M),
        out_specs=P(), axis_names={M})(x)


def _sm_all_to_all_untiled(mesh):
    n = mesh.shape[M]
    return lambda x: jax.shard_map(
        lambda b: jax.lax.all_to_all(b.reshape(n, -1, b.shape[1]), M, 0, 0).reshape(
            -1, b.shape[1]), mesh=mesh, in_specs=P(M), out_specs=P(M))(x)


def _sm_psum_both_grad(mesh):
    def f(x, w):
        return jax.grad(lambda w: jax.shard_map(
            lambda xb, wb: jax.lax.psum(jnp.sum(jnp.tanh(xb @ wb)), (D, M)),
            mesh=mesh, in_specs=(P(D, None), P(None, M)), out_specs=P())(x, w))(w)
    return f


program("sm_nested_scan_psum", A(4, 16, spec=P(None, M)), per_mesh=True)(
    _sm_nested_scan_psum)
program("sm_partial_manual", A(8, 16, spec=P(D, M)), per_mesh=True)(_sm_partial_manual)
program("sm_all_to_all_untiled", A(16, 8, spec=P(M)), per_mesh=True, exact=True)(
    _sm_all_to_all_untiled)
program("sm_psum_both_grad", A(8, 16, spec=P(D)), A(16, 8, spec=P(None, M)),
        per_mesh=True)(_sm_psum_both_grad)
def _pmap_psum(mesh):
    n = mesh.devices.size
    return lambda x: jax.tree.map(lambda y: y.reshape(8, 4), jax.pmap(
        lambda r: (jax.lax.psum(r, "i"), jax.lax.pmax(r, "i") * r), axis_name="i",
        devices=list(mesh.devices.flat))(x.reshape(n, -1, 4)))


program("pmap_psum", A(8, 4, spec=P((D, M))), per_mesh=True)(_pmap_psum)


# More of jax.numpy and typical loops.
program("jnp_set_ops_sized", A(16, dtype=I32, lo=0, hi=9), A(8, dtype=I32, lo=0, hi=9))(
    lambda a, b: (jnp.isin(a, b), jnp.setdiff1d(a, b, size=6, fill_value=-1),
                  jnp.intersect1d(a, b, size=6, fill_value=-1),
                  jnp.union1d(a, b, size=12, fill_value=-1)))
program("jnp_partition_argpartition", A(8, 16, spec=P(D)))(
    lambda x: (jnp.partition(x, 3, axis=1)[:, 3], jnp.sort(jnp.argpartition(x, 3, axis=1)[:, :3], 1)))
program("jnp_select_piecewise", A(8, 16, lo=-3, hi=3, spec=P(D, M)))(
    lambda x: (jnp.select([x < -1, x > 1], [x * 2, x ** 2], default=0.0),
               jnp.piecewise(x, [x < 0, x >= 0], [lambda t: -t, jnp.sqrt]),
               lax.select_n((x > 0).astype(I32) + (x > 1).astype(I32), x, -x, x * 3)))
program("jnp_tensordot_inner_vdot", A(4, 8, spec=P(D)), A(8, 6), A(8, dtype=C64))(
    lambda a, b, c: (jnp.tensordot(a, b, 1), jnp.inner(a, a), jnp.vdot(c, c),
                     jnp.trace(a[:, :4], offset=1), jnp.apply_along_axis(jnp.cumsum, 1, a)))
program("jnp_put_along_axis_segment_ops", A(8, 16, spec=P(D)), A(8, 2, dtype=I32, lo=0, hi=15, spec=P(D)),
        A(16, dtype=I32, values=[0, 0, 1, 2, 2, 2, 3, 5, 5, 6, 7, 7, 7, 7, 1, 0]))(
    lambda x, i, s: (jnp.put_along_axis(x, i, -1.0, axis=1, inplace=False),
                     jax.ops.segment_max(x.T, s, 8), jax.ops.segment_min(x.T, s, 8),
                     jax.ops.segment_prod(x.T, s, 8)))
program("at_apply", A(16, spec=P(M)), A(4, dtype=I32, values=[1, 3, 3, 9]))(
    lambda x, i: x.at[i].apply(jnp.sin))
program("model_kv_cache_decode", A(4, 8, spec=P(None, M)), A(6, 2, 8, spec=P(None, D)),
        tol=4)(
    lambda w, xs: lax.scan(
        lambda cache, t_x: (lambda t, x: (lambda k, c: (c, jnp.einsum(
            "bd,bsd->bs", x @ w.T @ w, c) + jnp.where(jnp.arange(6) <= t, 0.0, -1e9)))(
            x, lax.dynamic_update_slice(cache, x[:, None], (0, t, 0))))(*t_x),
        jnp.zeros((2, 6, 8)), (jnp.arange(6), xs)))
program("model_dropout_transformer_step", KEY, A(2, 8, 16, spec=P(D)), A(16, 16, spec=P(None, M)))(
    lambda k, x, w: jnp.sum(jnp.where(jax.random.bernoulli(RK(k), 0.9, (2, 8, 16)),
                                      jax.nn.gelu(x @ w) / 0.9, 0.0), axis=-1))
program("model_scan_fold_in_noise", KEY, A(5, 4, spec=P(None, M)))(
    lambda k, xs: lax.scan(lambda c, ix: (c + ix[1] + 0.1 * jax.random.normal(
        jax.random.fold_in(RK(k), ix[0]), (4,)), c), jnp.zeros(4), (jnp.arange(5), xs)))
program("model_uint8_image_normalize_pool", A(2, 8, 8, 3, dtype=U8, lo=0, hi=255, spec=P(D)))(
    lambda img: pool((img.astype(F32) / 255.0 - 0.5) / 0.25, -jnp.inf, lax.max,
                     (1, 2, 2, 1), (1, 2, 2, 1), "VALID").mean(axis=(1, 2)))
program("jnp_matrix_norms", A(6, 4), tol=10)(
    lambda a: (jnp.linalg.norm(a, ord=2), jnp.linalg.norm(a, ord="nuc"),
               jnp.linalg.norm(a, ord="fro"), jnp.linalg.matrix_rank(a), jnp.linalg.cond(a)))
program("lax_reduce_bitwise", A(8, 16, dtype=U32, lo=0, hi=2**32 - 1))(
    lambda x: (lax.reduce(x, np.uint32(0xFFFFFFFF), lax.bitwise_and, (1,)),
               lax.reduce(x, np.uint32(0xFFFFFFFF), lax.bitwise_and, (0,)),
               lax.reduce(x, np.uint32(0), lax.bitwise_or, (0, 1))))
program("lax_sort_float_keys_nan", A(8, 16, spec=P(D), special=True), A(8, 16, dtype=I32, lo=0, hi=99, spec=P(D)),
        exact=True)(
    lambda k, v: (lax.sort((k, v), dimension=1, num_keys=1),
                  jnp.argsort(k, axis=1, descending=True, stable=True)))
program("vmap_cond_switch", A(8, dtype=I32, lo=0, hi=2, spec=P(D)), A(8, 4, spec=P(D)))(
    jax.vmap(lambda i, x: (lax.cond(i > 0, jnp.sin, jnp.cos, x),
                           lax.switch(i, [jnp.tanh, jnp.exp, jnp.negative], x))))


# Windowed, sorting and data-movement ops along the sharded dimension.
# XLA's SPMD partitioner pads cummax's window along the sharded dimension
# with 0 instead of -inf on the 2x4 mesh (JAX 0.10.2: negative prefixes
# come out 0), so JAX's outputs come from one device.
program("sharded_dim_top_k_cumsum", A(8, 32, spec=P(None, M)), reference_devices=1)(
    lambda x: (lax.top_k(x, 3), jnp.cumsum(x, axis=1), lax.cummax(x, axis=1)))
program("sharded_dim_conv_spatial", A(2, 3, 16, 16, spec=P(None, None, M)), A(4, 3, 3, 3))(
    lambda x, w: conv(x, w, window_strides=(1, 1), padding="SAME"))
program("sharded_dim_pool_spatial", A(2, 16, 16, 3, spec=P(None, M, D)))(
    lambda x: (pool(x, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME"),
               pool(x, 0.0, lax.add, (1, 2, 2, 1), (1, 1, 1, 1), "VALID")))
program("sharded_dim_fft_sort", A(16, 8, spec=P(M)), exact=False)(
    lambda x: (jnp.fft.fft(x, axis=0), jnp.sort(x, axis=0), jnp.argsort(x, axis=0)))
program("sharded_dim_movement", A(16, 8, spec=P(M, D)), A(dtype=I32, values=5), exact=True)(
    lambda x, i: (jnp.flip(x, 0), jnp.roll(x, 3, axis=0), lax.dynamic_slice_in_dim(x, i, 4, 0),
                  jnp.pad(x, ((3, 1), (0, 0))), jnp.concatenate([x, x[:4]], 0), x[1::3]))
program("sharded_dim_gather_scatter", A(16, 8, spec=P(M)), A(8, dtype=I32, lo=0, hi=15, spec=P(M)),
        A(8, 8, spec=P(M)))(
    lambda x, i, u: (x[i], x.at[i].add(u), jnp.take(x, i, axis=0, mode="clip")))


program("sharded_dim_pool_grads", A(2, 1, 16, 16, spec=P(None, None, M, D)))(
    lambda x: jax.grad(lambda x: jnp.sum(pool(x, -jnp.inf, lax.max, (1, 1, 3, 3), (1, 1, 2, 2),
                                              "SAME") ** 2) + jnp.sum(jnp.sin(pool(
        x, 0.0, lax.add, (1, 1, 2, 2), (1, 1, 2, 2), "VALID"))))(x))
# XLA's SPMD partitioner doubles the weight gradient of a strided
# convolution sharded along a spatial dimension (JAX 0.10.2, 2x4 mesh), so
# JAX's outputs come from one device.
program("sharded_dim_conv_grads", A(2, 2, 16, 8, spec=P(None, None, M)), A(3, 2, 3, 3),
        reference_devices=1)(
    lambda x, w: jax.grad(lambda x, w: jnp.sum(jnp.tanh(conv(
        x, w, window_strides=(2, 1), padding="SAME"))), argnums=(0, 1))(x, w))
program("sharded_dim_scan_ops", A(8, 32, spec=P(D, M)))(
    lambda x: (lax.cumlogsumexp(x, axis=1), lax.associative_scan(jnp.add, x, axis=1),
               jnp.argmax(x, axis=1), lax.cummin(x, axis=0), jnp.cumprod(1 + 0.1 * x, axis=1)))
program("sharded_dim_fft2_rfft", A(8, 16, spec=P(D, M)))(
    lambda x: (jnp.fft.fft2(x.astype(C64)), jnp.fft.rfft(x, axis=1), jnp.fft.irfft(
        jnp.fft.rfft(x, axis=0), n=8, axis=0)))
program("sharded_dim_sort_keys_topk_grad", A(32, spec=P(M)), A(32, dtype=I32, lo=0, hi=3, spec=P(M)))(
    lambda x, k: (lax.sort((k, x), num_keys=1),
                  jax.grad(lambda x: jnp.sum(lax.top_k(x, 4)[0] ** 2))(x)))


program("sharded_dim_linalg", A(8, 8, spec=P(D, M)), A(8, 4, spec=P(M)), tol=10)(
    lambda a, b: (lambda s: (jnp.linalg.inv(s), jnp.linalg.solve(s, b), jnp.linalg.eigvalsh(s),
                             jnp.linalg.qr(a)[1]))(a @ a.T + 8 * jnp.eye(8)))
program("sharded_dim_updates", A(16, 8, spec=P(M, D)), A(4, 8), A(dtype=I32, values=6),
        A(16, 2, dtype=I32, lo=0, hi=7, spec=P(M)), exact=True)(
    lambda x, u, i, j: (lax.dynamic_update_slice(x, u, (i, 0)),
                        jnp.take_along_axis(x, j, axis=1), jnp.sort(x, axis=None)[:8],
                        x.at[j[:, 0], j[:, 1]].set(7.0)))


program("reshape_sharded_subaxes", A(16, 12, spec=P((D, M))), A(8, 24, spec=P(M, D)), exact=True)(
    lambda a, b: (a.reshape(4, 4, 12), a.reshape(192).reshape(8, 24) + b, b.reshape(2, 4, 6, 4)
                  .transpose(1, 0, 3, 2).reshape(8, 24), b.T.reshape(6, 32)))
program("reshape_indivisible_mix", A(6, 10, spec=P(D)), A(10, 6))(
    lambda a, b: (jax.lax.with_sharding_constraint(a @ b, NamedSharding(MESH, P(None, M))).reshape(36),
                  jnp.sum(a.reshape(3, 20), 0), (a.T @ a).reshape(2, 5, 10)))


def _debug_print_step(x, w):
    y = jnp.tanh(x @ w)
    jax.debug.print("loss {l}", l=jnp.mean(y ** 2))
    jax.debug.callback(lambda v: None, jnp.max(y))
    return y * 2


program("debug_print_callback", A(8, 16, spec=P(D, M)), A(16, 16, spec=P(M)))(_debug_print_step)


program("rand_dtypes", KEY, x64=True, tol=10)(
    lambda k: (jax.random.bits(RK(k), (8,), dtype=jnp.uint8), jax.random.bits(RK(k), (8,), dtype=jnp.uint16),
               jax.random.bits(RK(k), (8,), dtype=jnp.uint64), jax.random.uniform(RK(k), (8,), dtype=BF16),
               jax.random.normal(RK(k), (8,), dtype=F16), jax.random.uniform(RK(k), (8,), dtype=F64),
               jax.random.randint(RK(k), (8,), -5, 5, dtype=I8)))
program("nn_attention_mask_bias_bf16", A(2, 8, 4, 8, dtype=BF16, spec=P(D)), A(2, 8, 4, 8, dtype=BF16, spec=P(D)),
        A(2, 4, 8, 8, dtype=BF16, spec=P(D)), A(2, 1, 8, 8, dtype=bool, spec=P(D)), tol=2)(
    lambda q, k, b, m: jax.nn.dot_product_attention(q, k, k, bias=b, mask=m))


# ------------------------------------------------------------------ export


def storage(a):
    """The array as plain numpy can store it, and its MLIR element type."""
    a = np.asarray(a)
    et = MLIR_TYPES[a.dtype.name]
    if a.dtype.name not in np.sctypeDict and a.dtype.kind == "V" or \
            a.dtype.name in ("bfloat16",) or a.dtype.name.startswith("float8") or \
            a.dtype.name.startswith("float4"):
        a = a.view(np.uint16 if a.dtype.itemsize == 2 else np.uint8)
    return a, et


def tolerance(et, prog):
    if prog["exact"] or et not in TOLERANCES:
        return 0.0
    return TOLERANCES[et] * prog["tol"]


def shardings(mesh, specs):
    if specs is None:
        return None
    if isinstance(specs, tuple):
        return tuple(NamedSharding(mesh, s) for s in specs)
    return NamedSharding(mesh, specs)


def lower_and_run(prog, fn, mesh, inputs):
    in_sh = tuple(NamedSharding(mesh, a.spec) for a in prog["args"])
    out_sh = shardings(mesh, prog["out"])
    kw = {"in_shardings": in_sh}
    if out_sh is not None:
        kw["out_shardings"] = out_sh
    jitted = jax.jit(fn, **kw)
    placed = [jax.device_put(x, s) for x, s in zip(inputs, in_sh)]
    if prog["platform"]:
        text = jitted.trace(*placed).lower(
            lowering_platforms=(prog["platform"],)).as_text()
    else:
        text = jitted.lower(*placed).as_text()
    if prog["reference_devices"] == 1:
        outs = jax.tree.leaves(jax.jit(fn)(*inputs))
    else:
        outs = jax.tree.leaves(jitted(*placed))
    return text, [np.asarray(o) for o in outs]


def export(name, prog, out_dir):
    """Writes fixture `name` (or, for per-mesh programs, one fixture
    `name_nN` per device count N, restricted to N by meta.json)."""
    seed = zlib.crc32(name.encode())
    rng = np.random.default_rng(seed)
    with jax.enable_x64(prog["x64"]):
        inputs = [a.make(rng) for a in prog["args"]]
        if prog["per_mesh"]:
            for n in MESHES:
                mesh = make_mesh(n)
                text, outs = lower_and_run(prog, prog["fn"](mesh), mesh, inputs)
                write_fixture(os.path.join(out_dir, "%s_n%d" % (name, n)),
                              prog, text, inputs, outs, n)
        elif prog["explicit"]:
            mesh = make_mesh(8, AxisType.Explicit)
            with jax.set_mesh(mesh):
                text, outs = lower_and_run(prog, prog["fn"], mesh, inputs)
            write_fixture(os.path.join(out_dir, name), prog, text, inputs, outs)
        else:
            text, outs = lower_and_run(prog, prog["fn"], MESH, inputs)
            write_fixture(os.path.join(out_dir, name), prog, text, inputs, outs)


def write_fixture(d, prog, text, inputs, outs, devices=None):
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    d_, m_ = MESHES[devices or 8]
    meta = {"name": os.path.basename(d), "jax": jax.__version__,
            "mesh": {"data": d_, "model": m_}}
    if devices:
        meta["devices"] = [devices]
    meta["inputs"], meta["outputs"] = [], []
    open(os.path.join(d, "module.mlir"), "w").write(text)
    for k, x in enumerate(inputs):
        x, et = storage(x)
        np.save(os.path.join(d, "in_%d.npy" % k), x)
        meta["inputs"].append({"file": "in_%d.npy" % k, "type": et,
                               "shape": list(x.shape)})
    for k, x in enumerate(outs):
        x, et = storage(x)
        np.save(os.path.join(d, "out_%d.npy" % k), x)
        meta["outputs"].append({"file": "out_%d.npy" % k, "type": et,
                                "shape": list(x.shape),
                                "tol": tolerance(et, prog)})
    with open(os.path.join(d, "meta.json"), "w") as f:
        f.write(write_meta(meta))


def write_meta(meta):
    """JSON with one line per input and output (short and diffable)."""
    lines = []
    for k, v in meta.items():
        if isinstance(v, list) and v and isinstance(v[0], dict):
            items = ",\n".join("  " + json.dumps(x) for x in v)
            lines.append(" %s: [\n%s\n ]" % (json.dumps(k), items))
        else:
            lines.append(" %s: %s" % (json.dumps(k), json.dumps(v)))
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", nargs="?", default=os.path.join(HERE, "fixtures"))
    ap.add_argument("--filter", default=None)
    opts = ap.parse_args()
    os.makedirs(opts.out, exist_ok=True)
    ok = 0
    for name, prog in PROGRAMS.items():
        if opts.filter and not re.search(opts.filter, name):
            continue
        try:
            export(name, prog, opts.out)
            ok += 1
        except Exception as e:  # report, keep going
            print("%s: %s: %s" % (name, type(e).__name__, str(e)[:300]))
    print("%d programs exported to %s" % (ok, opts.out))
    if not opts.filter:  # a full run drops the fixtures of removed programs
        names = set()
        for n, p in PROGRAMS.items():
            names |= {"%s_n%d" % (n, k) for k in MESHES} if p["per_mesh"] \
                else {n}
        for d in sorted(os.listdir(opts.out)):
            if d not in names and os.path.exists(
                    os.path.join(opts.out, d, "meta.json")):
                shutil.rmtree(os.path.join(opts.out, d))
                print("removed %s (no such program)" % d)
    return 0


if __name__ == "__main__":
    sys.exit(main())
