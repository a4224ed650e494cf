"""sdy.collective_report / collectives / compare_shardings."""

import pytest

import sdy

# A partitioned program for 4 devices: an all_reduce of 10 x f32 (40 B)
# over all of them and an all_gather of 4 x f32 (16 B) over pairs.
PARTITIONED = """\
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%a: tensor<10xf32>, %b: tensor<4xf32>) -> (tensor<10xf32>, tensor<8xf32>) {
  %0 = "stablehlo.all_reduce"(%a) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %t = stablehlo.add %p, %q : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<10xf32>) -> tensor<10xf32>
  %1 = "stablehlo.all_gather"(%b) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>, use_global_device_ids}> : (tensor<4xf32>) -> tensor<8xf32>
  return %0, %1 : tensor<10xf32>, tensor<8xf32>
}
"""

# One matmul x @ w on a mesh of 4 devices, sharded two ways.
MATMUL = """\
sdy.mesh @mesh = <["m"=4]>
func.func @main(%x: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [XSH]>},
                %w: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [WSH]>}) -> tensor<8x32xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}
"""


def test_collectives_bytes(ctx):
    with sdy.Module.parse(PARTITIONED, context=ctx) as m:
        cs = sdy.collectives(m)
        assert [c["kind"] for c in cs] == ["stablehlo.all_reduce",
                                           "stablehlo.all_gather"]
        # Local backend: device 0 owns the whole (64-byte aligned) part of
        # the all_reduce: 3 x 40 B; the others only send their 40 B.
        assert cs[0]["sent"] == [120, 40, 40, 40]
        assert cs[0]["received"] == [120, 40, 40, 40]
        assert cs[0]["axes"] == ["x", "y"]
        assert cs[1]["groups"] == [[0, 2], [1, 3]]
        assert cs[1]["sent"] == [16, 16, 16, 16]
        assert cs[1]["axes"] == ["x"]
        # The buffers handed to the backend: all_gather sends 16 B and
        # receives the 32 B of the group.
        assert cs[1]["send_buffer_bytes"] == [16, 16, 16, 16]
        assert cs[1]["recv_buffer_bytes"] == [32, 32, 32, 32]
        assert cs[0]["send_buffer_bytes"] == [40, 40, 40, 40]
        # The mpi backend sends small buffers whole to every member.
        mpi = sdy.collectives(m, backend="mpi")
        assert mpi[0]["sent"] == [120, 120, 120, 120]
        text = sdy.collective_report(m)
        assert text.startswith("collective report: 4 device(s), backend local")
        assert "per device sent/received: 0:120/120 1:40/40" in text
        # The module is unchanged.
        assert str(m).count("stablehlo.all_reduce") == 1


def test_report_errors(ctx, tmp_path):
    with sdy.Module.parse(PARTITIONED, context=ctx) as m:
        with pytest.raises(sdy.InvalidArgumentError,
                           match="unknown backend 'nccl' \\(local or mpi\\)"):
            sdy.collective_report(m, backend="nccl")
        with pytest.raises(sdy.InvalidArgumentError,
                           match="unknown format 'xml'"):
            sdy.collective_report(m, format="xml")
        bad = tmp_path / "bad.model"
        bad.write_text("sdy-comm-model 1\nbackend local\n")
        with pytest.raises(sdy.InvalidArgumentError,
                           match="no 'all_reduce' line"):
            sdy.collective_report(m, model=str(bad))
        with pytest.raises(sdy.FailedPreconditionError,
                           match="device 4 is in no replica group"):
            sdy.collective_report(m, num_devices=8)
        with pytest.raises(ValueError, match="must not contain spaces"):
            sdy.collective_report(m, model="a b")
        with pytest.raises(TypeError):
            sdy.collective_report("not a module")


def test_compare_shardings(ctx):
    # Batch-sharded x with replicated w needs no communication; sharding
    # the contracting dimension of both needs an all_reduce of the result.
    def matmul(x, w):
        text = MATMUL.replace("XSH", x).replace("WSH", w)
        return sdy.Module.parse(text, context=ctx)

    variants = {"contracting": matmul('{}, {"m"}', '{"m"}, {}'),
                "batch": matmul('{"m"}, {}', '{}, {}')}
    try:
        ranked = sdy.compare_shardings(variants)
        assert [name for name, _, _ in ranked] == ["batch", "contracting"]
        assert ranked[0][1] == 0.0
        assert ranked[1][1] > 0.0
        kinds = [c["kind"] for c in ranked[1][2]["collectives"]]
        assert kinds == ["stablehlo.all_reduce"]
        # The variants themselves are not partitioned.
        assert "all_reduce" not in str(variants["contracting"])
    finally:
        for m in variants.values():
            m.close()


# A collective in sdy form (before the lowering): it counts as the
# all_gather of 8 local f32 (32 B) over the 2 devices of "x" it becomes.
SDY_FORM = """\
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%a: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<16xf32> {
  %b = sdy.all_gather [{"x"}] %a out_sharding=<@mesh, [{}]> : tensor<16xf32>
  return %b : tensor<16xf32>
}
"""


def test_compare_shardings_partitioned(ctx):
    # Already partitioned versions are ranked as they are (the C function
    # sdy_collective_compare); a program of the same @main without
    # collectives is cheapest; equal versions keep their order.
    idle_text = MATMUL.replace("XSH", "{}, {}").replace("WSH", "{}, {}")
    with sdy.Module.parse(PARTITIONED, context=ctx) as busy, \
            sdy.Module.parse(PARTITIONED, context=ctx) as same, \
            sdy.Module.parse(idle_text, context=ctx) as idle:
        ranked = sdy.compare_shardings({"busy": busy, "same": same,
                                        "idle": idle}, partition=False)
        assert [name for name, _, _ in ranked] == ["idle", "busy", "same"]
        assert ranked[0][1] == 0.0
        assert ranked[1][1] == ranked[2][1] > 0.0
        # all_reduce 120/40/40/40 B (local backend) + all_gather 16 B.
        assert ranked[1][2]["functions"][0]["sent"] == [136, 56, 56, 56]


def test_compare_shardings_errors(ctx):
    with pytest.raises(sdy.InvalidArgumentError,
                       match="num_modules is 0: nothing to compare"):
        sdy.compare_shardings({})
    with sdy.Module.parse(PARTITIONED, context=ctx) as m, \
            sdy.Module.parse(PARTITIONED.replace("@main", "@other"),
                             context=ctx) as other, \
            sdy.Module.parse(SDY_FORM, context=ctx) as early:
        with pytest.raises(sdy.FailedPreconditionError,
                           match="only versions of the same program"):
            sdy.compare_shardings({"m": m, "other": other}, partition=False)
        ranked = sdy.compare_shardings({"m": m, "early": early},
                                       partition=False)
        assert [name for name, _, _ in ranked] == ["early", "m"]
        assert ranked[0][2]["functions"][0]["sent"] == [32, 32, 32, 32]
        with pytest.raises(sdy.FailedPreconditionError,
                           match="version 'early': sdy.all_gather at .* has "
                                 "no byte count"):
            sdy.compare_shardings({"early": early}, partition=False,
                                  num_devices=8)
        with pytest.raises(sdy.InvalidArgumentError,
                           match="unknown backend 'nccl'"):
            sdy.compare_shardings({"m": m}, backend="nccl", partition=False)
    with pytest.raises(TypeError, match="variant 'x' must be an sdy.Module"):
        sdy.compare_shardings({"x": "text"})  # type: ignore[dict-item]
