"""sdy.Mesh: construction, parsing, printing, queries, errors."""

import pytest

import sdy


def test_create_and_query(ctx):
    mesh = sdy.Mesh([("x", 2), ("y", 4)], context=ctx)
    assert str(mesh) == '<["x"=2, "y"=4]>'
    assert mesh.axes == [("x", 2), ("y", 4)]
    assert mesh.axis_names == ["x", "y"]
    assert mesh.shape == (2, 4)
    assert mesh.num_axes == 2
    assert mesh.axis(1) == ("y", 4)
    assert mesh.num_devices == 8
    assert mesh.device_ids == list(range(8))
    assert not mesh.has_explicit_device_ids
    assert mesh.context is ctx
    assert mesh.coordinates(5) == (1, 1)
    assert mesh.device_id((1, 1)) == 5
    assert mesh.device_id([0, 3]) == 3
    for d in range(8):
        assert mesh.device_id(mesh.coordinates(d)) == d


def test_create_from_mapping(ctx):
    mesh = sdy.Mesh({"a": 3, "b": 2}, context=ctx)
    assert mesh.axes == [("a", 3), ("b", 2)]


def test_explicit_device_ids(ctx):
    mesh = sdy.Mesh([("a", 3), ("b", 2)], device_ids=[0, 2, 4, 1, 3, 5],
                    context=ctx)
    assert str(mesh) == '<["a"=3, "b"=2], device_ids=[0, 2, 4, 1, 3, 5]>'
    assert mesh.has_explicit_device_ids
    assert mesh.device_ids == [0, 2, 4, 1, 3, 5]
    # Device 1 sits at linear position 3: coordinates (1, 1).
    assert mesh.coordinates(1) == (1, 1)
    assert mesh.device_id((1, 1)) == 1
    assert mesh.device_id((0, 1)) == 2


def test_explicit_iota_is_dropped(ctx):
    mesh = sdy.Mesh([("x", 4)], device_ids=range(4), context=ctx)
    assert not mesh.has_explicit_device_ids
    assert str(mesh) == '<["x"=4]>'
    assert mesh == sdy.Mesh([("x", 4)], context=ctx)


def test_maximal_and_empty_meshes(ctx):
    maximal = sdy.Mesh([], device_ids=[3], context=ctx)
    assert str(maximal) == "<[], device_ids=[3]>"
    assert maximal.axes == []
    assert maximal.num_devices == 1
    assert maximal.device_ids == [3]
    assert maximal.coordinates(3) == ()
    assert maximal.device_id(()) == 3
    empty = sdy.Mesh(context=ctx)
    assert str(empty) == "<[]>"
    assert empty.num_devices == 1
    assert empty.device_ids == [0]


def test_parse_forms(ctx):
    a = sdy.Mesh.parse('<["x"=2, "y"=4]>', context=ctx)
    b = sdy.Mesh.parse('#sdy.mesh<["x"=2,   "y"=4]>', context=ctx)
    c = sdy.Mesh.parse('  <["x"=2, "y"=4]>', context=ctx)
    assert a == b == c
    assert str(b) == '<["x"=2, "y"=4]>'
    d = sdy.Mesh.parse('<["a"=3, "b"=2], device_ids=[0, 2, 4, 1, 3, 5]>',
                       context=ctx)
    assert d.device_ids == [0, 2, 4, 1, 3, 5]


def test_print_parse_round_trip(ctx):
    for text in ('<["x"=2, "y"=4]>', '<[], device_ids=[7]>', "<[]>",
                 '<["a"=3, "b"=2], device_ids=[0, 2, 4, 1, 3, 5]>',
                 '<["data"=1, "model"=8]>'):
        mesh = sdy.Mesh.parse(text, context=ctx)
        assert str(mesh) == text
        assert str(sdy.Mesh.parse(str(mesh), context=ctx)) == text


def test_default_context():
    mesh = sdy.Mesh([("x", 2)])
    assert mesh.context is sdy.default_context()
    assert sdy.Mesh.parse('<["x"=2]>') == mesh


def test_equality_and_hash(ctx):
    a = sdy.Mesh([("x", 2), ("y", 4)], context=ctx)
    b = sdy.Mesh.parse('<["x"=2, "y"=4]>', context=ctx)
    c = sdy.Mesh([("x", 2), ("y", 4)], device_ids=[1, 0, 2, 3, 4, 5, 6, 7],
                 context=ctx)
    d = sdy.Mesh([("y", 4), ("x", 2)], context=ctx)
    assert a == b and not (a != b)
    assert a != c and a != d
    assert hash(a) == hash(b)
    assert len({a, b, c}) == 2
    assert a != "not a mesh"
    # Meshes of different contexts compare by value.
    with sdy.Context() as other:
        assert a == sdy.Mesh([("x", 2), ("y", 4)], context=other)
        assert a != sdy.Mesh([("x", 8)], context=other)


def test_repr(ctx):
    mesh = sdy.Mesh([("x", 2)], context=ctx)
    assert repr(mesh) == "sdy.Mesh.parse('<[\"x\"=2]>')"
    mesh.close()
    assert repr(mesh) == "<sdy.Mesh closed>"


def test_unicode_axis_names(ctx):
    mesh = sdy.Mesh([("données", 2), ("模型", 2)], context=ctx)
    assert mesh.axis_names == ["données", "模型"]
    assert sdy.Mesh.parse(str(mesh), context=ctx) == mesh


# --- errors ------------------------------------------------------------------

@pytest.mark.parametrize("axes, device_ids, message", [
    ([("x", 2), ("x", 4)], None, "duplicate mesh axis name"),
    ([("x", 0)], None, "size"),
    ([("x", -2)], None, "size"),
    ([("x", 2), ("y", 2)], [0, 1, 2], "device"),
    ([("x", 2), ("y", 2)], [0, 1, 1, 3], "device"),
    ([], [0, 1], "device"),
    ([("x", 4)], [0, 1, 2, -3], "device"),
])
def test_create_invalid(ctx, axes, device_ids, message):
    with pytest.raises(sdy.VerificationError) as info:
        sdy.Mesh(axes, device_ids=device_ids, context=ctx)
    assert info.value.code == 3
    assert message in info.value.message


def test_create_empty_name(ctx):
    with pytest.raises(sdy.VerificationError,
                       match="mesh axis names must not be empty"):
        sdy.Mesh([("", 2)], context=ctx)


def test_invalid_utf8_is_rejected_by_the_library(ctx):
    # bytes are passed through unchanged; the library checks UTF-8.
    with pytest.raises(sdy.InvalidArgumentError, match="not valid UTF-8"):
        sdy.Mesh([(b"\xff", 2)], context=ctx)
    with pytest.raises(sdy.InvalidArgumentError, match="not valid UTF-8"):
        sdy.Mesh.parse(b'<["\xff"=2]>', context=ctx)
    assert sdy.Mesh([(b"x", 2)], context=ctx).axes == [("x", 2)]


def test_too_many_devices(ctx):
    with pytest.raises(sdy.VerificationError, match="too many devices"):
        sdy.Mesh([("x", 2 ** 40), ("y", 2 ** 40)], context=ctx)


def test_create_bad_python_arguments(ctx):
    with pytest.raises(TypeError, match="pair"):
        sdy.Mesh(["x"], context=ctx)
    with pytest.raises(TypeError, match="must be str"):
        sdy.Mesh([(1, 2)], context=ctx)
    with pytest.raises(TypeError, match="integer"):
        sdy.Mesh([("x", "2")], context=ctx)
    with pytest.raises(OverflowError, match="int64"):
        sdy.Mesh([("x", 2 ** 64)], context=ctx)
    with pytest.raises(ValueError, match="NUL"):
        sdy.Mesh([("x\0y", 2)], context=ctx)
    with pytest.raises(TypeError, match="sdy.Context"):
        sdy.Mesh([("x", 2)], context="ctx")


@pytest.mark.parametrize("text, message", [
    ('<["x"=2', "sdy_mesh_parse"),
    ("not a mesh", "sdy_mesh_parse"),
    ("#sdy.sharding<@m, []>", "sdy_mesh_parse"),
    ("", "sdy_mesh_parse: <mesh>:1:1: error: expected attribute value"),
])
def test_parse_invalid(ctx, text, message):
    with pytest.raises(sdy.ParseError) as info:
        sdy.Mesh.parse(text, context=ctx)
    assert info.value.code == 2
    assert message in info.value.message


@pytest.mark.parametrize("text, message", [
    ('<["x"=2, "x"=4]>', "duplicate mesh axis name"),
    ('<["x"=2], device_ids=[0, 0]>', "device"),
    ('<["x"=0]>', 'mesh axis "x" has size 0'),
])
def test_parse_well_formed_but_invalid(ctx, text, message):
    with pytest.raises(sdy.VerificationError) as info:
        sdy.Mesh.parse(text, context=ctx)
    assert info.value.code == 3
    assert message in info.value.message


def test_one_code_for_an_invalid_mesh_at_every_entry_point(ctx):
    """A duplicate axis is SDY_VERIFICATION_ERROR whether the mesh is
    created, parsed, inlined in a sharding or declared in a module."""
    message = 'duplicate mesh axis name "a"'
    with pytest.raises(sdy.VerificationError, match=message):
        sdy.Mesh([("a", 2), ("a", 2)], context=ctx)
    with pytest.raises(sdy.VerificationError, match=message):
        sdy.Mesh.parse('<["a"=2, "a"=2]>', context=ctx)
    with pytest.raises(sdy.VerificationError, match=message):
        sdy.Sharding.parse('<mesh<["a"=2, "a"=2]>, [{}]>', context=ctx)
    with pytest.raises(sdy.VerificationError, match=message):
        sdy.Module.parse('sdy.mesh @m = <["a"=2, "a"=2]>', context=ctx)


@pytest.mark.parametrize("text", ['<["x"=2', '<["x', '<[', '<',
                                  '#sdy.mesh<["x"=2, "y"=4], device_ids=[0'])
def test_truncated_text_names_what_is_missing(ctx, text):
    with pytest.raises(sdy.ParseError, match="unexpected end of text") as info:
        sdy.Mesh.parse(text, context=ctx)
    assert "pretty dialect name" not in info.value.message


def test_coordinates_of_unknown_device(mesh_xy):
    with pytest.raises(sdy.InvalidArgumentError,
                       match="device 8 is not in the mesh"):
        mesh_xy.coordinates(8)
    with pytest.raises(sdy.InvalidArgumentError,
                       match="device -1 is not in the mesh"):
        mesh_xy.coordinates(-1)


def test_device_id_errors(mesh_xy):
    with pytest.raises(sdy.InvalidArgumentError,
                       match="num_coords is 1 but the mesh has 2 axes"):
        mesh_xy.device_id([0])
    with pytest.raises(sdy.InvalidArgumentError,
                       match=r'coordinate 4 of axis "y" is out of range'):
        mesh_xy.device_id([0, 4])
    with pytest.raises(sdy.InvalidArgumentError, match="out of range"):
        mesh_xy.device_id([-1, 0])


def test_axis_index_out_of_range(mesh_xy):
    with pytest.raises(sdy.InvalidArgumentError,
                       match="axis index 2 is out of range"):
        mesh_xy.axis(2)
    with pytest.raises(IndexError, match="non-negative"):
        mesh_xy.axis(-1)
