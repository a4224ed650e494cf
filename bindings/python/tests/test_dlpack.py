"""DLPack: exporters (numpy, JAX, PyTorch: anything with __dlpack__) go in
without a copy, results come out as numpy arrays that export __dlpack__."""

import pytest

import sdy

np = pytest.importorskip("numpy")

NEGATE = """\
sdy.mesh @mesh = <["x"=2]>
func.func @main(%a: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<4x2xf32> {
  %0 = stablehlo.negate %a : tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}
"""


class Exporter:
    """A foreign array: only the DLPack protocol, over a numpy array."""

    def __init__(self, array, device=(1, 0)):
        self.array, self.device = array, device
        self.exported = 0

    def __dlpack__(self, stream=None):
        self.exported += 1
        return self.array.__dlpack__()

    def __dlpack_device__(self):
        return self.device


@pytest.fixture
def exe(ctx):
    with sdy.Module.parse(NEGATE, context=ctx) as m:
        m.partition()
        with sdy.Backend.local(2) as backend:
            yield m.compile(backend)


def test_from_dlpack_views_the_memory_without_copy():
    base = np.arange(8, dtype=np.float32).reshape(4, 2)
    view = sdy.from_dlpack(Exporter(base))
    assert np.shares_memory(view, base)
    assert view.shape == (4, 2)


def test_strided_exporter_runs_without_copy(exe):
    base = np.arange(16, dtype=np.float32).reshape(4, 4)
    strided = base[:, ::2]  # not contiguous: passed with its strides
    assert np.shares_memory(sdy.from_dlpack(Exporter(strided)), base)
    exporter = Exporter(strided)
    (y,) = exe.run(exporter)
    assert exporter.exported == 1
    np.testing.assert_array_equal(y, -strided)
    # Results are numpy arrays: DLPack exporters themselves.
    back = np.from_dlpack(y)
    assert np.shares_memory(back, y)


def test_device_memory_is_refused_with_the_device(exe):
    foreign = Exporter(np.zeros((4, 2), np.float32), device=(2, 3))
    with pytest.raises(TypeError) as e:
        exe.run(foreign)
    assert str(e.value) == (
        "argument 0 lives in memory of DLPack device type 2 (id 3); sdy "
        "runs on host memory: copy it to the host first")


def test_not_an_exporter():
    with pytest.raises(TypeError) as e:
        sdy.from_dlpack(object(), "x")
    assert str(e.value) == "x (object) does not export __dlpack__"


def test_dtype_mismatch_through_dlpack(exe):
    with pytest.raises(TypeError) as e:
        exe.run(Exporter(np.zeros((4, 2), np.float64)))
    assert "argument 0 has dtype float64, the program expects float32" in \
        str(e.value)
