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


def make_mesh(n=8):
    d, m = MESHES[n]
    return jax.make_mesh((d, m), ("data", "model"),
                         axis_types=(AxisType.Auto,) * 2,
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
            per_mesh=False, platform=None):
    """Registers f(*args). out: out_shardings spec (or a tuple of specs);
    tol: multiplier of the per-type float tolerance; exact: float results
    compared bit for bit (data movement); per_mesh: f takes the mesh first
    and is exported once per device count; platform: the module is lowered
    for that platform (ops that XLA on CPU lowers away, such as
    chlo.ragged_dot, are kept) while the outputs still come from the CPU."""
    def register(fn):
        assert name not in PROGRAMS, name
        PROGRAMS[name] = dict(fn=fn, args=args, out=out, tol=tol, exact=exact,
                              x64=x64, per_mesh=per_mesh, platform=platform)
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
