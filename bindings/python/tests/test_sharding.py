"""sdy.Sharding, sdy.Dim, sdy.AxisRef."""

import pytest

import sdy
from sdy import AxisRef, Dim, Sharding


@pytest.fixture
def mesh_xyz(ctx):
    with sdy.Mesh([("x", 2), ("y", 4), ("z", 2)], context=ctx) as mesh:
        yield mesh


# --- helpers -----------------------------------------------------------------

def test_axis_ref_bytes_name_is_rejected_by_helper():
    with pytest.raises(TypeError, match="axis name must be str"):
        AxisRef(b"x")


def test_axis_ref():
    assert str(AxisRef("x")) == '"x"'
    assert str(AxisRef("x", 1, 2)) == '"x":(1)2'
    assert AxisRef.of("x") == AxisRef("x")
    assert AxisRef.of(("y", 2, 4)) == AxisRef("y", 2, 4)
    assert AxisRef("y", 2, 4).is_sub_axis and not AxisRef("y").is_sub_axis
    with pytest.raises(TypeError, match="pre_size and size"):
        AxisRef("x", 1)
    with pytest.raises(TypeError, match="axis name must be str"):
        AxisRef(3)
    with pytest.raises(TypeError, match="an axis must be"):
        AxisRef.of(3)


def test_dim():
    assert str(Dim()) == "{}"
    assert str(Dim(closed=False)) == "{?}"
    assert str(Dim(["x", ("y", 1, 2)], closed=False, priority=1)) == \
        '{"x", "y":(1)2, ?}p1'
    assert Dim("x") == Dim(["x"]) == Dim.of(["x"])
    assert Dim.of(Dim(["x"], priority=2)).priority == 2
    with pytest.raises(TypeError, match=r"write \['x'\]"):
        Dim.of("x")
    with pytest.raises(TypeError, match="a dimension sharding must be"):
        Dim.of(3)


# --- construction ------------------------------------------------------------

def test_create_referenced_mesh(mesh_xyz):
    s = Sharding(mesh_xyz, [["x"], ["z", "y"]], mesh_name="mesh_xy")
    assert str(s) == '#sdy.sharding<@mesh_xy, [{"x"}, {"z", "y"}]>'
    assert s.mesh_name == "mesh_xy"
    assert s.mesh == mesh_xyz
    assert s.rank == len(s) == 2
    assert s.dims == [Dim(["x"]), Dim(["z", "y"])]
    assert s.replicated == []
    assert s.context is mesh_xyz.context
    assert repr(s) == "<sdy.Sharding %s>" % s


def test_create_inlined_mesh(ctx):
    mesh = sdy.Mesh([("x", 2)], context=ctx)
    s = Sharding(mesh, [["x"], []])
    assert str(s) == '#sdy.sharding<mesh<["x"=2]>, [{"x"}, {}]>'
    assert s.mesh_name is None
    assert s.mesh == mesh


def test_open_priorities_subaxes_replicated(mesh_xyz):
    s = Sharding(mesh_xyz,
                 [Dim(["x"], priority=1), Dim([("y", 1, 2)], closed=False),
                  Dim(closed=False, priority=0)],
                 "mesh", replicated=["z", ("y", 2, 2)])
    assert str(s) == ('#sdy.sharding<@mesh, [{"x"}p1, {"y":(1)2, ?}, {?}p0], '
                      'replicated={"y":(2)2, "z"}>')
    assert s.dims == [Dim(["x"], True, 1), Dim([AxisRef("y", 1, 2)], False),
                      Dim([], False, 0)]
    assert s.dim(1).axes[0] == AxisRef("y", 1, 2)
    assert s.replicated == [AxisRef("y", 2, 2), AxisRef("z")]


def test_replicated_sorted_in_mesh_order(ctx):
    mesh = sdy.Mesh([("x", 2), ("y", 8)], context=ctx)
    s = Sharding(mesh, [[]], "m",
                 replicated=[("y", 4, 2), "x", ("y", 1, 2)])
    assert str(s) == ('#sdy.sharding<@m, [{}], '
                      'replicated={"x", "y":(1)2, "y":(4)2}>')


def test_scalar_sharding(mesh_xy):
    s = Sharding(mesh_xy, [], "mesh")
    assert str(s) == "#sdy.sharding<@mesh, []>"
    assert s.rank == 0
    assert s.local_shape([]) == []
    assert s.device_slice([], 3) == []


@pytest.mark.parametrize("dims, replicated, message", [
    ([["w"]], (), 'unknown axis "w"'),
    ([["x"], ["x"]], (), 'axis "x" is used more than once'),
    ([["x"]], ["x"], "in replicated axes"),
    ([[("y", 1, 4)]], (), "sub-axis"),
    ([[("y", 1, 1)]], (), "dims[0].axes[0]"),
    ([[("y", 3, 2)]], (), "sub-axis"),
    ([Dim([], priority=1)], (), "dims[0]"),
    ([[("y", 2, 4)]], (), "must divide the size of axis"),
    ([[("y", 1, 2), ("y", 2, 2)]], (), "can be merged"),
])
def test_create_invalid(mesh_xy, dims, replicated, message):
    with pytest.raises(sdy.VerificationError) as info:
        Sharding(mesh_xy, dims, "mesh", replicated=replicated)
    assert info.value.code == 3
    assert message in info.value.message, info.value.message


@pytest.mark.parametrize("dims, message", [
    ([Dim(["x"], priority=-2)], "priority must be -1 (none) or >= 0"),
    ([[""]], "is empty"),
])
def test_create_bad_arguments(mesh_xy, dims, message):
    with pytest.raises(sdy.InvalidArgumentError) as info:
        Sharding(mesh_xy, dims, "mesh")
    assert info.value.code == 1
    assert message in info.value.message, info.value.message


@pytest.mark.parametrize("text", ['<@mesh, [{"x"}', '<@mesh, [{"x', '<@mesh',
                                  '<@mesh, [{"y":(1', '<@mesh, [{}], '
                                  'replicated={"x"'])
def test_truncated_text_names_what_is_missing(mesh_xy, text):
    with pytest.raises(sdy.ParseError, match="unexpected end of text") as info:
        Sharding.parse(text, mesh_xy)
    assert "pretty dialect name" not in info.value.message


def test_create_bad_python_arguments(mesh_xy):
    with pytest.raises(TypeError, match="mesh must be an sdy.Mesh"):
        Sharding("mesh", [["x"]])
    with pytest.raises(TypeError, match="a dimension sharding must be"):
        Sharding(mesh_xy, ["x"])
    with pytest.raises(ValueError, match="NUL"):
        Sharding(mesh_xy, [["x"]], "me\0sh")
    with pytest.raises(sdy.InvalidArgumentError, match="mesh_name"):
        Sharding(mesh_xy, [["x"]], "")


# --- parsing -----------------------------------------------------------------

def test_parse_forms(mesh_xyz):
    text = '#sdy.sharding<@mesh, [{"x"}, {"z", "y", ?}p1], replicated={}>'
    a = Sharding.parse('#sdy.sharding<@mesh, [{"x"}, {"z", "y", ?}p1]>',
                       mesh_xyz)
    b = Sharding.parse('<@mesh, [{"x"},{"z","y",?}p1]>', mesh_xyz)
    assert a == b
    assert str(a) == '#sdy.sharding<@mesh, [{"x"}, {"z", "y", ?}p1]>'
    assert a.dims[1] == Dim(["z", "y"], closed=False, priority=1)
    assert Sharding.parse(text, mesh_xyz) == a


def test_parse_inlined_mesh(ctx):
    text = '#sdy.sharding<mesh<["x"=4]>, [{"x"}]>'
    s = Sharding.parse(text, context=ctx)
    assert str(s) == text
    assert s.mesh_name is None
    assert s.mesh.axes == [("x", 4)]
    assert s.context is ctx
    same = Sharding.parse(text, sdy.Mesh([("x", 4)], context=ctx))
    assert same == s


def test_round_trip_equals_constructed(mesh_xyz):
    built = Sharding(mesh_xyz, [Dim(["x"]), Dim(["z", "y"], closed=False,
                                                priority=1)],
                     "mesh", replicated=[])
    parsed = Sharding.parse(str(built), mesh_xyz)
    assert parsed == built and hash(parsed) == hash(built)
    other = Sharding(mesh_xyz, [["x"], ["y"]], "mesh")
    assert other != built
    assert built != "text"


def test_equality_across_contexts(mesh_xy):
    s = Sharding(mesh_xy, [["x"]], "mesh")
    with sdy.Context() as other:
        mesh2 = sdy.Mesh([("x", 2), ("y", 4)], context=other)
        assert s == Sharding(mesh2, [["x"]], "mesh")
        assert s != Sharding(mesh2, [["y"]], "mesh")


def test_parse_errors(ctx, mesh_xy):
    with pytest.raises(sdy.ParseError, match="sdy_sharding_parse"):
        Sharding.parse('<@mesh, [{"x"}', mesh_xy)
    with pytest.raises(sdy.ParseError, match="expected a #sdy.sharding"):
        Sharding.parse('#sdy.mesh<["x"=2]>', mesh_xy)
    with pytest.raises(sdy.ParseError) as info:
        Sharding.parse("", mesh_xy)
    assert info.value.message == ("sdy_sharding_parse: <sharding>:1:1: "
                                  "error: expected attribute value")
    with pytest.raises(sdy.InvalidArgumentError,
                       match="refers to mesh @mesh; pass that mesh"):
        Sharding.parse('<@mesh, [{"x"}]>', context=ctx)
    with pytest.raises(sdy.InvalidArgumentError,
                       match="the sharding inlines mesh"):
        Sharding.parse('<mesh<["x"=4]>, [{"x"}]>', mesh_xy)
    with pytest.raises(sdy.VerificationError, match='unknown axis "w"'):
        Sharding.parse('<@mesh, [{"w"}]>', mesh_xy)
    with pytest.raises(TypeError, match="mesh must be an sdy.Mesh"):
        Sharding.parse('<@mesh, [{"x"}]>', "mesh")


def test_parse_with_mesh_of_another_context(mesh_xy):
    with sdy.Context() as other:
        with pytest.raises(sdy.InvalidArgumentError, match="context"):
            Sharding.parse('<@mesh, [{"x"}]>', mesh_xy, context=other)


# --- shapes ------------------------------------------------------------------

def test_local_shape_seed_example(mesh_xyz):
    s = Sharding(mesh_xyz, [["x"], ["z", "y"]], "mesh_xy")
    assert s.local_shape([4, 8]) == [2, 1]
    assert s.local_shape((10, 9)) == [5, 2]


def test_local_shape_subaxes(ctx):
    mesh = sdy.Mesh([("x", 8)], context=ctx)
    s = Sharding(mesh, [[("x", 1, 4)], [("x", 4, 2)]], "m")
    assert s.local_shape([16, 16]) == [4, 8]


def test_indivisible_device_slices(ctx):
    mesh = sdy.Mesh([("x", 4)], context=ctx)
    s = Sharding(mesh, [["x"], []], "m")
    assert s.local_shape([7, 3]) == [2, 3]
    slices = [s.device_slice([7, 3], d) for d in range(4)]
    assert slices == [[(0, 2), (0, 3)], [(2, 4), (0, 3)],
                      [(4, 6), (0, 3)], [(6, 7), (0, 3)]]
    # An empty last shard: 5 rows over 4 devices, L = 2.
    assert [s.device_slice([5, 1], d)[0] for d in range(4)] == \
        [(0, 2), (2, 4), (4, 5), (5, 5)]


def test_device_slices_mixed_radix_and_device_order(ctx):
    mesh = sdy.Mesh([("x", 2), ("y", 2)], device_ids=[3, 2, 1, 0],
                    context=ctx)
    s = Sharding(mesh, [["y", "x"]], "m")
    # Device 3 is at (0, 0); device 2 at (0, 1): shard index y*2 + x.
    assert s.device_slice([8], 3) == [(0, 2)]
    assert s.device_slice([8], 2) == [(4, 6)]
    assert s.device_slice([8], 1) == [(2, 4)]
    assert s.device_slice([8], 0) == [(6, 8)]


def test_device_slice_errors(mesh_xy):
    s = Sharding(mesh_xy, [["x"]], "mesh")
    with pytest.raises(sdy.InvalidArgumentError,
                       match="device 8 is not in the mesh"):
        s.device_slice([4], 8)
    with pytest.raises(sdy.VerificationError, match="sdy_sharding_device_slice"):
        s.device_slice([4, 4], 0)


def test_validate(mesh_xy):
    s = Sharding(mesh_xy, [["x"], ["y"]], "mesh")
    s.validate([4, 8])
    s.validate([3, 5])   # indivisible is legal
    assert s.is_valid_for([4, 8])
    assert not s.is_valid_for([4])
    with pytest.raises(sdy.VerificationError) as info:
        s.validate([4])
    assert info.value.code == 3
    assert "sdy_sharding_validate" in info.value.message
    assert "rank" in info.value.message
    # A size-0 dimension may be sharded (every shard is empty), as in Shardy.
    s.validate([0, 8])
    assert s.is_valid_for([0, 8])
    with pytest.raises(sdy.InvalidArgumentError, match="dimension sizes must be >= 0"):
        s.validate([-1, 8])
    with pytest.raises(sdy.VerificationError):
        s.local_shape([4])


def test_dim_index_errors(mesh_xy):
    s = Sharding(mesh_xy, [["x"]], "mesh")
    with pytest.raises(sdy.InvalidArgumentError, match="dimension 1"):
        s.dim(1)
    with pytest.raises(IndexError, match="non-negative"):
        s.dim(-1)


def test_device_slice_of_huge_dimension(ctx):
    mesh = sdy.Mesh([("x", 4)], context=ctx)
    s = Sharding(mesh, [["x"]])
    d = 2 ** 63 - 1
    chunk = -(-d // 4)
    assert s.device_slice([d], 3) == [(3 * chunk, d)]
    assert s.device_slice([d], 0) == [(0, chunk)]
    # Every shard, for sizes near the limit: contiguous, in order, covering
    # [0, d).
    for size in (d, d - 1, d - 2, 2 ** 62 + 1):
        slices = [s.device_slice([size], i)[0] for i in range(4)]
        assert slices[0][0] == 0 and slices[-1][1] == size
        for (_, limit), (start, _) in zip(slices, slices[1:]):
            assert limit == start
