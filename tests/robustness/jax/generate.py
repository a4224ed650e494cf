#!/usr/bin/env python3
"""Writes real JAX programs (jax.jit(f).lower(...).as_text()) as fixtures.

Not run by the test suite (which must not depend on JAX): run it by hand in a
virtual environment with `pip install jax==0.10.2` to refresh the fixtures in
programs/. The programs are what a framework really hands sdy: training steps
(whose gradients leave dead constants), transformers, convolutions, pooling,
sorting, random numbers, scans and shard_map, on a 2x4 mesh of Auto axes.

usage: generate.py OUT_DIR
"""
import os
import sys

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import AxisType, NamedSharding  # noqa: E402
from jax.sharding import PartitionSpec as P  # noqa: E402

mesh = jax.make_mesh((2, 4), ("data", "model"),
                     axis_types=(AxisType.Auto,) * 2)


def ns(*spec):
    return NamedSharding(mesh, P(*spec))


def f32(*shape):
    return jax.ShapeDtypeStruct(shape, jnp.float32)


def i32(*shape):
    return jax.ShapeDtypeStruct(shape, jnp.int32)


PROGRAMS = {}


def program(name, shardings, *args):
    def register(fn):
        PROGRAMS[name] = (fn, shardings, args)
        return fn
    return register


def mlp(params, x):
    w1, b1, w2, b2 = params
    h = jax.nn.relu(x @ w1 + b1)
    return h @ w2 + b2


def mlp_loss(params, x, y):
    return jnp.mean((mlp(params, x) - y) ** 2)


@program("mlp_train_step",
         ((ns(None, "model"), ns("model"), ns("model", None), ns()),
          ns("data", None), ns("data", None)),
         (f32(64, 256), f32(256), f32(256, 64), f32(64)), f32(32, 64),
         f32(32, 64))
def mlp_train_step(params, x, y):
    loss, grads = jax.value_and_grad(mlp_loss)(params, x, y)
    return loss, jax.tree.map(lambda p, g: p - 0.01 * g, params, grads)


@program("mlp_grad_unsharded", None,
         (f32(8, 16), f32(16), f32(16, 8), f32(8)), f32(4, 8), f32(4, 8))
def mlp_grad_unsharded(params, x, y):
    return jax.grad(mlp_loss)(params, x, y)


def attention(x, wq, wk, wv, wo):
    q, k, v = x @ wq, x @ wk, x @ wv
    b, s, d = q.shape
    h = 4
    q = q.reshape(b, s, h, d // h)
    k = k.reshape(b, s, h, d // h)
    v = v.reshape(b, s, h, d // h)
    logits = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(d // h)
    mask = jnp.tril(jnp.ones((s, s), bool))
    logits = jnp.where(mask, logits, -1e9)
    p = jax.nn.softmax(logits, axis=-1)
    o = jnp.einsum("bhqk,bkhd->bqhd", p, v).reshape(b, s, d)
    return o @ wo


@program("transformer_block_grad",
         (ns("data", None, None), ns(None, "model"), ns(None, "model"),
          ns(None, "model"), ns("model", None), ns(None, "model"),
          ns("model", None)),
         f32(4, 16, 32), f32(32, 32), f32(32, 32), f32(32, 32), f32(32, 32),
         f32(32, 128), f32(128, 32))
def transformer_block_grad(x, wq, wk, wv, wo, w1, w2):
    def loss(ws):
        wq, wk, wv, wo, w1, w2 = ws
        y = x + attention(jax.nn.standardize(x, axis=-1), wq, wk, wv, wo)
        y = y + jax.nn.gelu(jax.nn.standardize(y, axis=-1) @ w1) @ w2
        return jnp.sum(y ** 2)
    return jax.grad(loss)((wq, wk, wv, wo, w1, w2))


@program("layernorm_softmax", (ns("data", None),), f32(16, 64))
def layernorm_softmax(x):
    m = jnp.mean(x, axis=-1, keepdims=True)
    v = jnp.var(x, axis=-1, keepdims=True)
    return jax.nn.softmax((x - m) / jnp.sqrt(v + 1e-5), axis=-1)


@program("conv2d", (ns("data", None, None, None), ns()), f32(4, 3, 16, 16),
         f32(8, 3, 3, 3))
def conv2d(x, w):
    return jax.lax.conv(x, w, (1, 1), "SAME")


@program("maxpool_grad", (ns("data", None, None, None),), f32(4, 2, 8, 8))
def maxpool_grad(x):
    def pool(x):
        return jnp.sum(jax.lax.reduce_window(x, -jnp.inf, jax.lax.max,
                                             (1, 1, 2, 2), (1, 1, 2, 2),
                                             "VALID"))
    return jax.grad(pool)(x)


@program("cumsum", (ns("data", None),), f32(8, 32))
def cumsum(x):
    return jnp.cumsum(x, axis=1)


@program("sort_topk", (ns("data", None),), f32(8, 32))
def sort_topk(x):
    return jnp.sort(x, axis=-1), jax.lax.top_k(x, 4)[0], jnp.argsort(x)


@program("random_bits", None, jax.ShapeDtypeStruct((2,), jnp.uint32))
def random_bits(key):
    k = jax.random.wrap_key_data(key)
    return jax.random.normal(k, (8, 8))


@program("scatter_add", (ns("data", None), ns()), f32(8, 16), f32(8))
def scatter_add(x, y):
    return x.at[:, 3].add(y)


@program("gather_embedding", (ns("model", None), ns("data", None)),
         f32(64, 16), i32(8, 4))
def gather_embedding(table, ids):
    return jnp.take(table, ids, axis=0)


@program("scan_rnn", (ns(None, "model"), ns("data", None)), f32(16, 16),
         f32(8, 16))
def scan_rnn(w, x):
    def step(h, _):
        h = jnp.tanh(h @ w)
        return h, jnp.sum(h)
    return jax.lax.scan(step, x, None, length=5)


@program("while_loop", (ns("data"),), f32(16))
def while_loop(x):
    return jax.lax.while_loop(lambda c: c[0] < 10,
                              lambda c: (c[0] + 1, c[1] * 1.5),
                              (0, x))[1]


@program("cond", (ns(), ns("data", None)), i32(), f32(8, 8))
def cond(p, x):
    return jax.lax.cond(p > 0, lambda x: x * 2.0, lambda x: -x, x)


@program("reshape_transpose", (ns("data", "model", None),), f32(4, 8, 16))
def reshape_transpose(x):
    return jnp.transpose(x.reshape(32, 16)).reshape(16, 4, 8)


@program("slice_pad_concat", (ns("data", None),), f32(8, 16))
def slice_pad_concat(x):
    a = x[:, :7]
    b = jnp.pad(x[:, 7:], ((0, 0), (1, 0)))
    return jnp.concatenate([a, b, jnp.flip(x, 1)], axis=1)


@program("integer_ops", (ns("data"), ns("data")), i32(16), i32(16))
def integer_ops(a, b):
    return (a << 2) ^ (b >> 1), jnp.bitwise_and(a, b), a // (b | 1)


@program("dtypes", (ns("data"),), f32(16))
def dtypes(x):
    return (x.astype(jnp.bfloat16) * 2).astype(jnp.float16), x.astype(
        jnp.int8), x > 0


@program("shard_map_psum", (ns("data", "model"),), f32(8, 16))
def shard_map_psum(x):
    return jax.shard_map(lambda b: jax.lax.psum(b, "model"), mesh=mesh,
                         in_specs=P("data", "model"), out_specs=P("data"))(x)


@program("constraint_reshard", (ns("data", None),), f32(16, 16))
def constraint_reshard(x):
    y = jnp.sin(x)
    y = jax.lax.with_sharding_constraint(y, ns(None, "model"))
    return y @ y.T


@program("argmax_reduce", (ns("data", None),), f32(8, 32))
def argmax_reduce(x):
    return jnp.argmax(x, axis=-1), jnp.max(x, axis=0), jnp.prod(x, axis=1)


@program("erf_special", (ns("data"),), f32(16))
def erf_special(x):
    return jax.scipy.special.erf(x), jax.scipy.special.erfc(x), jnp.log1p(x)


@program("dead_values_only", (ns("data"),), f32(8))
def dead_values_only(x):
    return -x


@program("cross_entropy_step", (ns(None, "model"), ns("data", None),
                                ns("data")), f32(32, 12), f32(16, 32),
         i32(16))
def cross_entropy_step(w, x, labels):
    def loss(w):
        logits = x @ w
        logp = jax.nn.log_softmax(logits)
        return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], 1))
    l, g = jax.value_and_grad(loss)(w)
    return l, w - 0.1 * g


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "programs"
    os.makedirs(out, exist_ok=True)
    for name, (fn, shardings, args) in PROGRAMS.items():
        jitted = jax.jit(fn, in_shardings=shardings) if shardings else \
            jax.jit(fn)
        try:
            text = jitted.lower(*args).as_text()
        except Exception as e:  # report, keep going
            print(f"{name}: {type(e).__name__}: {e}")
            continue
        with open(os.path.join(out, f"{name}.mlir"), "w") as f:
            f.write(f"// Generated by generate.py from jax {jax.__version__}"
                    f" ({name}); do not edit.\n")
            f.write(text)
        print(f"{name}: {len(text.splitlines())} lines")


if __name__ == "__main__":
    main()
