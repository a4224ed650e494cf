"""The six benchmark programs in JAX, with their shardings.

Imported by export.py and run.py (both need JAX). Each program is a
function of global arrays; its arguments, their partition specs over a 1-d
mesh "model" and the result's spec are in PROGRAMS (the same shapes and
specs are written to programs/programs.json by export.py, for the runs that
have no JAX).

  mlp          gelu(x @ w1 + b1) @ w2 + b2: batch 256, 1024 -> 4096 -> 1024,
               gelu with the tanh approximation (jax.nn.gelu's default)
  transformer  a pre-layernorm transformer block on one sequence of 256
               tokens, d_model 512, 8 heads of 64, ffn 2048: y = x +
               attention(ln1(x)); out = y + mlp(ln2(y)), with a gelu mlp and
               no attention mask
  elementwise  layernorm(gelu(gelu(gelu(gelu(x))))) over the last dimension
               of a 2048x2048 (4M) f32 tensor, no scale or bias

On 2 devices (mesh "model"=2): the mlp is model-parallel (w1 and b1 split by
columns, w2 by rows: one all_reduce), the transformer Megatron-style (q, k,
v by columns, i.e. by heads, the output projection by rows, and the mlp as
above: two all_reduces), the elementwise program split by rows. Inputs and
results that are not split are replicated.
"""
import jax
import jax.numpy as jnp
from jax.sharding import AxisType
from jax.sharding import PartitionSpec as P

M = "model"
R = None  # a replicated dimension
SEQ, D_MODEL, HEADS, FFN = 256, 512, 8, 2048


def gelu(x):
    return jax.nn.gelu(x, approximate=True)


def layernorm(x, eps=1e-5):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    centered = x - mean
    var = jnp.mean(centered * centered, axis=-1, keepdims=True)
    return centered * jax.lax.rsqrt(var + eps)


def mlp(x, w1, b1, w2, b2):
    return gelu(x @ w1 + b1) @ w2 + b2


def transformer(x, g1, c1, wq, wk, wv, wo, g2, c2, w1, b1, w2, b2):
    def heads(t):
        return t.reshape(SEQ, HEADS, D_MODEL // HEADS)

    h = layernorm(x) * g1 + c1
    q, k, v = heads(h @ wq), heads(h @ wk), heads(h @ wv)
    scores = jnp.einsum("qhd,khd->hqk", q, k) / jnp.sqrt(
        jnp.float32(D_MODEL // HEADS))
    att = jnp.einsum("hqk,khd->qhd", jax.nn.softmax(scores, axis=-1), v)
    y = x + att.reshape(SEQ, D_MODEL) @ wo
    return y + mlp(layernorm(y) * g2 + c2, w1, b1, w2, b2)


def elementwise(x):
    return layernorm(gelu(gelu(gelu(gelu(x)))))


# An argument: (name, shape, kind, spec on 2 devices). kind sets its values
# (inputs.py): "x" activations, "w" weights scaled by 1/sqrt(fan-in), "b"
# biases, "g" layernorm scales.
MLP_ARGS = [("x", (256, 1024), "x", P(R, R)),
            ("w1", (1024, 4096), "w", P(R, M)),
            ("b1", (4096,), "b", P(M)),
            ("w2", (4096, 1024), "w", P(M, R)),
            ("b2", (1024,), "b", P(R))]
TRANSFORMER_ARGS = [("x", (SEQ, D_MODEL), "x", P(R, R)),
                    ("g1", (D_MODEL,), "g", P(R)),
                    ("c1", (D_MODEL,), "b", P(R)),
                    ("wq", (D_MODEL, D_MODEL), "w", P(R, M)),
                    ("wk", (D_MODEL, D_MODEL), "w", P(R, M)),
                    ("wv", (D_MODEL, D_MODEL), "w", P(R, M)),
                    ("wo", (D_MODEL, D_MODEL), "w", P(M, R)),
                    ("g2", (D_MODEL,), "g", P(R)),
                    ("c2", (D_MODEL,), "b", P(R)),
                    ("w1", (D_MODEL, FFN), "w", P(R, M)),
                    ("b1", (FFN,), "b", P(M)),
                    ("w2", (FFN, D_MODEL), "w", P(M, R)),
                    ("b2", (D_MODEL,), "b", P(R))]
ELEMENTWISE_ARGS = [("x", (2048, 2048), "x", P(M, R))]

# name -> (function, arguments, result spec on 2 devices)
BASE = {
    "mlp": (mlp, MLP_ARGS, P(R, R)),
    "transformer": (transformer, TRANSFORMER_ARGS, P(R, R)),
    "elementwise": (elementwise, ELEMENTWISE_ARGS, P(M, R)),
}
# The table's rows, in order: (program, base, devices).
PROGRAMS = [("%s_%ddev" % (base, n), base, n)
            for base in ("mlp", "transformer", "elementwise") for n in (1, 2)]


def make_mesh(devices):
    return jax.make_mesh((devices,), (M,), axis_types=(AxisType.Auto,),
                         devices=jax.devices()[:devices])


def jitted(base, devices):
    """jax.jit of the program with its shardings on `devices` devices (no
    shardings on 1 device), and the mesh (None on 1 device)."""
    fn, args, out = BASE[base]
    if devices == 1:
        return jax.jit(fn), None
    mesh = make_mesh(devices)
    return jax.jit(fn,
                   in_shardings=tuple(jax.NamedSharding(mesh, a[3])
                                      for a in args),
                   out_shardings=jax.NamedSharding(mesh, out)), mesh


def spec_list(spec, rank):
    """A partition spec as a JSON list: the axis name or None per dim."""
    dims = list(spec) + [None] * (rank - len(spec))
    return dims
