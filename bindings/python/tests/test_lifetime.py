"""Deterministic release (close / with) and finalizers."""

import gc
import weakref

import pytest

import sdy
from conftest import MODULE_TEXT


def _objects(ctx):
    mesh = sdy.Mesh([("x", 2)], context=ctx)
    return [
        mesh,
        sdy.Sharding(mesh, [["x"]], "mesh"),
        sdy.Module.parse(MODULE_TEXT, context=ctx),
        sdy.Pipeline("canonicalize", context=ctx),
    ]


def test_close_is_idempotent_and_closed_use_raises(ctx):
    for obj in _objects(ctx):
        assert not obj.closed
        obj.close()
        assert obj.closed
        obj.close()   # safe
        kind = type(obj).__name__
        with pytest.raises(sdy.ClosedError, match="%s is closed" % kind):
            str(obj)
        with pytest.raises(sdy.ClosedError):
            obj.context
        with pytest.raises(sdy.ClosedError):
            with obj:
                pass
        assert "closed" in repr(obj)


def test_closed_objects_as_arguments(ctx):
    mesh = sdy.Mesh([("x", 2), ("y", 4)], context=ctx)
    module = sdy.Module.parse(MODULE_TEXT, context=ctx)
    sharding = sdy.Sharding(mesh, [["x"], []], "mesh")
    sharding.close()
    with pytest.raises(sdy.ClosedError, match="Sharding is closed"):
        module.set_arg_sharding("main", 1, sharding)
    mesh.close()
    with pytest.raises(sdy.ClosedError, match="Mesh is closed"):
        sdy.Sharding(mesh, [["x"]])
    with pytest.raises(sdy.ClosedError, match="Mesh is closed"):
        module.add_mesh("m", mesh)
    with pytest.raises(sdy.ClosedError, match="Mesh is closed"):
        sdy.Sharding.parse('<@mesh, [{"x"}]>', mesh)
    module.close()
    with pytest.raises(sdy.ClosedError, match="Module is closed"):
        sdy.Pipeline("canonicalize", context=ctx).run(module)


def test_context_manager_closes(ctx):
    with sdy.Mesh([("x", 2)], context=ctx) as mesh:
        assert str(mesh) == '<["x"=2]>'
    assert mesh.closed
    with pytest.raises(RuntimeError):
        with sdy.Module(context=ctx) as m:
            raise RuntimeError("boom")
    assert m.closed


def test_closed_context():
    ctx = sdy.Context()
    mesh = sdy.Mesh([("x", 2)], context=ctx)
    ctx.close()
    ctx.close()
    with pytest.raises(sdy.ClosedError, match="Context is closed"):
        sdy.Mesh([("x", 2)], context=ctx)
    with pytest.raises(sdy.ClosedError, match="Context is closed"):
        ctx.set_multithreading(True)
    with pytest.raises(sdy.ClosedError, match="Context is closed"):
        sdy.Module.parse(MODULE_TEXT, context=ctx)
    # Objects made before keep working (the library keeps the state alive),
    # but new objects need a live context handle.
    assert str(mesh) == '<["x"=2]>'
    assert mesh.axes == [("x", 2)]
    with pytest.raises(sdy.ClosedError, match="Context is closed"):
        sdy.Sharding(mesh, [["x"]])


def test_objects_outlive_their_python_context():
    def make():
        ctx = sdy.Context()
        m = sdy.Module.parse(MODULE_TEXT, context=ctx)
        return m, weakref.ref(ctx)
    module, ctx_ref = make()
    gc.collect()
    # The module keeps its context alive.
    assert ctx_ref() is not None
    assert module.functions == ["main", "helper"]
    module.close()
    gc.collect()
    assert ctx_ref() is None


def test_finalizers_release_handles(ctx):
    objs = _objects(ctx)
    finalizers = [o._finalizer for o in objs]
    assert all(f.alive for f in finalizers)
    del objs
    gc.collect()
    assert not any(f.alive for f in finalizers)


def test_many_objects_in_a_loop():
    for i in range(200):
        with sdy.Context() as ctx:
            mesh = sdy.Mesh([("x", 2), ("y", 2)], context=ctx)
            s = sdy.Sharding(mesh, [["x"], ["y"]], "mesh")
            assert s.local_shape([4, 4]) == [2, 2]
            m = sdy.Module.parse(MODULE_TEXT, context=ctx)
            assert m.get_arg_sharding("main", 0) is not None
            # mesh, s, m are released by finalizers (no close()).
    ctx = sdy.Context()
    for i in range(2000):
        mesh = sdy.Mesh([("x", i % 7 + 1)], context=ctx)
        sharding = sdy.Sharding(mesh, [["x"]])
        assert sharding.mesh == mesh
        if i % 2:
            sharding.close()
            mesh.close()
    gc.collect()
    ctx.close()


def test_default_context_is_reused():
    a = sdy.default_context()
    assert sdy.default_context() is a
    assert sdy.Mesh([("x", 2)]).context is a
