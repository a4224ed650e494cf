#!/usr/bin/env python3
"""sdy-run refuses every bad argument and input file with exit code 2 and a
message that names the problem; a failure of the run itself exits 1.

usage: sdy_run_errors_test.py SDY_RUN INPUTS_DIR WORK_DIR
"""

import os
import re
import struct
import subprocess
import sys

SDY_RUN, INPUTS, WORK = sys.argv[1:4]
MODULE = os.path.join(INPUTS, "sum_partitioned.mlir")  # @main(tensor<2xi32>)
MLP = os.path.join(INPUTS, "mlp.mlir")  # 3 f32 arguments
os.makedirs(WORK, exist_ok=True)
failures = []


def run(args):
    proc = subprocess.run([SDY_RUN] + args, capture_output=True, text=True,
                          errors="replace", timeout=120)
    return proc.returncode, proc.stdout, proc.stderr


def expect(args, code, *fragments):
    rc, out, err = run(args)
    problems = []
    if rc != code:
        problems.append("exit %d, expected %d" % (rc, code))
    for fragment in fragments:
        if fragment not in err:
            problems.append("stderr lacks %r" % fragment)
    if rc < 0 or "terminate called" in err:
        problems.append("crashed")
    if problems:
        failures.append("sdy-run %s: %s\n  stderr: %s" %
                        (" ".join(args), "; ".join(problems), err.strip()))


def npy_bytes(header, data=b"", version=(1, 0), length=None, terminate=True):
    """A .npy file with `header` (the dict text) padded like numpy does."""
    text = header.encode("latin1")
    size_bytes = 2 if version[0] == 1 else 4
    pad = (64 - (10 + len(text) + 1) % 64) % 64 if terminate else 0
    text += b" " * pad + (b"\n" if terminate else b"")
    if length is None:
        length = len(text)
    size = struct.pack("<H" if size_bytes == 2 else "<I", length)
    return b"\x93NUMPY" + bytes(version) + size + text + data


def npy(name, content):
    path = os.path.join(WORK, name)
    with open(path, "wb") as f:
        f.write(content)
    return path


def header(descr="<i4", fortran="False", shape="(2,)"):
    return "{'descr': '%s', 'fortran_order': %s, 'shape': %s, }" % (
        descr, fortran, shape)


GOOD = struct.pack("<2i", 0, 0)

# --- numeric options: strict integers in range --------------------------
for value in ["0", "-1", "abc", "", "1.5", "0x4", "4097", "99999999999",
              " 4", "4 ", "+4", "1e3", "99999999999999999999999"]:
    expect([MODULE, "--devices", value], 2,
           "--devices expects an integer in [1, 4096], got")
expect([MODULE, "-n", "0"], 2, "--devices expects an integer in [1, 4096]")
expect([MODULE, "--devices=0"], 2, "--devices expects an integer in [1, 4096]")
for value in ["-1", "x", "", "1.0", "18446744073709551616"]:
    expect([MODULE, "--seed", value], 2,
           "--seed expects an integer in [0, 18446744073709551615]")
for value in ["-5", "abc", "1s", ""]:
    expect([MODULE, "--timeout-ms", value], 2,
           "--timeout-ms expects an integer in [0, 9223372036854775807]")
for value in ["-1", "ten", "9223372036854775808"]:
    expect([MODULE, "--print", value], 2,
           "--print expects an integer in [0, 9223372036854775807]")

for value in ["jit", "Auto"]:
    expect([MODULE, "--exec-mode=" + value], 2,
           "--exec-mode expects interpret, auto or compile, got '%s'" % value)
expect([MODULE, "--exec-mode="], 2, "--exec-mode needs a non-empty value")
expect([MODULE, "--exec-report=yes"], 2,
       "--exec-report takes no value, got '--exec-report=yes'")
expect(["--interpret", MODULE, "--exec-mode", "auto"], 2,
       "--exec-mode cannot be used with --interpret")

# --- unknown, missing, duplicate, misplaced -----------------------------
expect([MODULE, "--bogus"], 2, "unknown option '--bogus'")
expect([MODULE, "-x"], 2, "unknown option '-x'")
for option in ["--devices", "--seed", "--entry", "--backend", "--output-dir",
               "--timeout-ms", "--print"]:
    expect([MODULE, option], 2, option + " needs a value")
expect([MODULE, "--entry", ""], 2, "--entry needs a non-empty value")
expect([MODULE, "--backend", ""], 2, "--backend needs a non-empty value")
expect([MODULE, "--devices", "2", "--devices", "2"], 2,
       "--devices is given more than once")
expect([MODULE, "-n", "2", "--devices", "2"], 2,
       "--devices is given more than once")
expect([MODULE, "--quiet", "--quiet"], 2, "--quiet is given more than once")
expect([MODULE, "--quiet=yes"], 2, "--quiet takes no value")
expect([MODULE, "--inputs"], 2, "--inputs needs at least one .npy file")
expect([MODULE, "extra.mlir"], 2, "unexpected argument 'extra.mlir'")
expect([], 2, "no module given")
expect(["--devices", "4"], 2, "no module given")

# --- the module and the entry function ----------------------------------
expect([os.path.join(WORK, "missing.mlir")], 2, "cannot read module",
       "missing.mlir")
broken = npy("broken.mlir", b"func.func @main( {\n")
expect([broken], 2, "cannot parse module", "broken.mlir:1:")
# It parses, but a dynamic_pad's padding is computed: it cannot become a
# static pad.
computed = npy("computed_padding.mlir", b"""
func.func @main(%low: tensor<1xi64>) -> tensor<5xi64> {
  %c = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %0 = stablehlo.dynamic_pad %c, %z, %low, %low, %low : (tensor<3xi64>, tensor<i64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<5xi64>
  return %0 : tensor<5xi64>
}
""")
expect([computed], 2, "cannot run module", "computed_padding.mlir:5:",
       "edge_padding_low must be a stablehlo.constant")
expect([MODULE, "--entry", "nope"], 2,
       "the module has no function @nope (public functions: @main)")
two = npy("two.mlir", b"""
func.func @a(%x: tensor<2xi32>) -> tensor<2xi32> { return %x : tensor<2xi32> }
func.func @b(%x: tensor<2xi32>) -> tensor<2xi32> { return %x : tensor<2xi32> }
""")
expect([two], 2, "the module has no function @main and 2 public functions "
       "(@a, @b): name the function to run")
expect([two, "--entry", "c"], 2,
       "the module has no function @c (public functions: @a, @b)")
expect([two, "--entry", "b", "--quiet"], 0)
unsupported = npy("unsupported.mlir", b"""
func.func @main(%x: tensor<?xi32>) -> tensor<?xi32> {
  return %x : tensor<?xi32>
}
""")
expect([unsupported], 2,
       "argument 0 has type tensor<?xi32>: only statically shaped tensors "
       "can be run")
deep = npy("deep.mlir", ("func.func @main(%a: tensor<2xi32>) -> tensor<2xi32> {\n"
            + '%0 = "t.op"() ({\n' * 3000 + "})" * 3000 +
            "\nreturn %a : tensor<2xi32> }").encode())
expect([deep], 2, "deep.mlir:513:16: error: nesting deeper than 1024 brackets")
expect([MODULE, "--output-dir", os.path.join(WORK, "no-such-dir")], 2,
       "--output-dir", "No such file or directory")
expect([MODULE, "--output-dir", MODULE], 2, "is not a directory")
expect([MODULE, "--backend", os.path.join(WORK, "no-such-plugin.so")], 2,
       "--backend")

# --- --inputs against the entry function --------------------------------
good = npy("good.npy", npy_bytes(header(), GOOD))
expect([MODULE, "--devices", "4", "--inputs", good, good], 2,
       "@main takes 1 argument(s), got 2 file(s)")
expect([MLP, "--inputs", good], 2, "@main takes 3 argument(s), got 1 file(s)")
f32 = npy("f32.npy", npy_bytes(header("<f4"), struct.pack("<2f", 0, 0)))
expect([MODULE, "--devices", "4", "--inputs", f32], 2,
       "has element type f32 but argument 0 of @main is 2xi32")
i4x3 = npy("i4x3.npy", npy_bytes(header(shape="(3,)"), b"\0" * 12))
expect([MODULE, "--devices", "4", "--inputs", i4x3], 2,
       "has shape 3xi32 but argument 0 of @main is 2xi32 (or give 4x2xi32")
expect([MODULE, "--devices", "4", "--inputs",
        os.path.join(WORK, "absent.npy")], 2, "cannot open",
       "No such file or directory")

# --- .npy validation ----------------------------------------------------
BAD_NPY = [
    ("empty", b"", "not a .npy file (too short"),
    ("magic", b"\x93NUMPZ\x01\x00" + b"\0" * 64, "magic string"),
    ("version99", npy_bytes(header(), GOOD, version=(9, 9)),
     "unsupported .npy format version 9.9 (supported: 1.0, 2.0, 3.0)"),
    ("version11", npy_bytes(header(), GOOD, version=(1, 1)),
     "unsupported .npy format version 1.1"),
    ("version0", npy_bytes(header(), GOOD, version=(0, 0)),
     "unsupported .npy format version 0.0"),
    ("nolength", b"\x93NUMPY\x02\x00\x10\x00\x00", "truncated before the header"),
    ("hlen_zero", npy_bytes(header(), GOOD, length=0), "the header is empty"),
    ("hlen_past_end", npy_bytes(header(), GOOD, length=60000),
     "runs past the end of the file"),
    ("hlen_huge", npy_bytes(header(), GOOD, version=(2, 0),
                            length=0xFFFFFFFF),
     "runs past the end of the file"),
    ("unterminated", npy_bytes(header(), GOOD, terminate=False),
     "the header is not terminated by a newline"),
    ("not_dict", npy_bytes("['descr', '<i4']", GOOD),
     "malformed header: the header does not start with '{'"),
    ("unclosed_dict", npy_bytes("{'descr': '<i4', 'shape': (2,)", GOOD),
     "malformed header: expected ',' or '}'"),
    ("bad_key", npy_bytes("{descr: '<i4'}", GOOD),
     "malformed header: expected a quoted key"),
    ("unknown_key", npy_bytes(header()[:-1] + "'extra': 1}", GOOD),
     "unknown key 'extra'"),
    ("dup_key", npy_bytes(header()[:-1] + "'shape': (2,)}", GOOD),
     "key 'shape' appears twice"),
    ("no_shape", npy_bytes("{'descr': '<i4', 'fortran_order': False}", GOOD),
     "the header has no 'shape'"),
    ("no_descr", npy_bytes("{'fortran_order': False, 'shape': (2,)}", GOOD),
     "the header has no 'descr'"),
    ("no_fortran", npy_bytes("{'descr': '<i4', 'shape': (2,)}", GOOD),
     "the header has no 'fortran_order'"),
    ("descr_unknown", npy_bytes(header(">i4"), GOOD),
     "unsupported dtype '>i4' (supported: |b1,"),
    ("descr_not_string", npy_bytes(header().replace("'<i4'", "4"), GOOD),
     "'descr' must be a quoted string"),
    ("fortran_bad", npy_bytes(header(fortran="maybe"), GOOD),
     "'fortran_order' must be True or False"),
    ("fortran_true", npy_bytes(header(fortran="True"), GOOD),
     "Fortran-ordered arrays are not supported"),
    ("shape_negative", npy_bytes(header(shape="(-1,)"), GOOD),
     "dimension 0 is -1; dimensions must be >= 0"),
    ("shape_2_63", npy_bytes(header(shape="(9223372036854775808,)"), GOOD),
     "dimension 0 is 9223372036854775808, more than 2^63 - 1"),
    ("shape_huge", npy_bytes(header(shape="(2, 99999999999999999999999)"),
                             GOOD),
     "dimension 1 is 99999999999999999999999, more than 2^63 - 1"),
    ("shape_overflow",
     npy_bytes(header(shape="(4294967296, 4294967296)"), GOOD),
     "has more bytes than fit in 64 bits"),
    ("shape_not_tuple", npy_bytes(header(shape="(2)"), GOOD),
     "'shape' (2) is not a tuple; a 1-d shape is written (2,)"),
    ("shape_list", npy_bytes(header(shape="[2]"), GOOD),
     "'shape' must be a tuple of integers"),
    ("shape_float", npy_bytes(header(shape="(2.0,)"), GOOD),
     "expected ',' or ')' in 'shape'"),
    ("data_short", npy_bytes(header(), GOOD[:5]),
     "the data is 5 bytes but shape 2xi32 needs 8"),
    ("data_long", npy_bytes(header(), GOOD + b"\0"),
     "the data is 9 bytes but shape 2xi32 needs 8"),
    ("nul_header", npy_bytes(header()[:-1] + "\0}", GOOD),
     "the header contains a NUL byte"),
]
for name, content, message in BAD_NPY:
    path = npy(name + ".npy", content)
    expect([MODULE, "--devices", "4", "--inputs", path], 2,
           "'%s': " % path, message)

# --- accepted inputs ----------------------------------------------------
for version in [(1, 0), (2, 0), (3, 0)]:
    path = npy("v%d.npy" % version[0], npy_bytes(header(), GOOD, version))
    expect([MODULE, "--devices", "4", "--quiet", "--inputs", path], 0)
stacked = npy("stacked.npy",
              npy_bytes(header(shape="(4, 2)"), b"\0" * 32, (1, 0)))
expect([MODULE, "--devices=4", "--inputs", stacked, "--seed", "7",
        "--timeout-ms", "0", "--print", "0", "--quiet"], 0)
# A global array of an argument split by its sdy.sharding is scattered: the
# 4 devices get [0, 1], [2, 3], [4, 5], [6, 7] and sum them.
MESH = os.path.join(INPUTS, "mesh_all_reduce.mlir")
iota8 = npy("iota8.npy", npy_bytes(header(shape="(8,)"),
                                   struct.pack("<8i", *range(8))))
rc, out, err = run([MESH, "--inputs", iota8])
if rc != 0 or "device 3 result 0: tensor<2xi32> [12, 16]" not in out:
    failures.append("global input: exit %d, output %r %r" % (rc, out, err))
# An uneven split: the last device's shard is padded with a zero.
iota7 = npy("iota7.npy", npy_bytes(header(shape="(7,)"),
                                   struct.pack("<7i", *range(7))))
rc, out, err = run([MESH, "--inputs", iota7])
if rc != 0 or "device 0 result 0: tensor<2xi32> [12, 9]" not in out:
    failures.append("uneven global input: exit %d, output %r %r" %
                    (rc, out, err))
i9 = npy("i9.npy", npy_bytes(header(shape="(9,)"), b"\0" * 36))
expect([MESH, "--inputs", i9], 2, "has shape 9xi32 but argument 0 of @main "
       "is 2xi32 (or give 4x2xi32, one slice per device, or the global "
       "array)")
rc, out, _ = run([MODULE, "--help"])
if rc != 0 or "exit status" not in out or "2 for a usage" not in out:
    failures.append("--help: exit %d, output %r" % (rc, out))

# --- --warmup / --repeat: timed steps ----------------------------------
for value in ["0", "-1", "x", "", "1.5", "1000001"]:
    expect([MODULE, "--devices", "4", "--repeat", value], 2,
           "--repeat expects an integer in [1, 1000000], got")
for value in ["-1", "x", "", "1000001"]:
    expect([MODULE, "--devices", "4", "--repeat", "2", "--warmup", value], 2,
           "--warmup expects an integer in [0, 1000000], got")
expect([MODULE, "--devices", "4", "--warmup", "2"], 2,
       "--warmup needs --repeat (the number of timed steps)")
expect([MODULE, "--repeat"], 2, "--repeat needs a value")
expect([MODULE, "--repeat", "2", "--repeat", "3"], 2,
       "--repeat is given more than once")
expect([MODULE, "--interpret", "--repeat", "2"], 2,
       "--repeat cannot be used with --interpret")
# A failing step stops the timing: exit 1, and no step times are printed.
rc, out, err = run([MODULE, "--devices", "2", "--repeat", "3"])
if rc != 1 or "step " in out or "replica group names device 2" not in err:
    failures.append("failing --repeat: exit %d, output %r %r" % (rc, out, err))
# Zero inputs: every device's sum is 0+1+2+3 = 6, printed once after 3
# steps, then one line per step and the summary.
zeros = os.path.join(INPUTS, "zeros_2xi32.npy")
rc, out, err = run([MODULE, "--devices", "4", "--inputs", zeros,
                    "--warmup", "2", "--repeat", "3"])
lines = out.splitlines()
step_re = r"step %d time_ms=[0-9]+\.[0-9]{6}"
summary_re = (r"steady-state warmup=2 repeat=3 min_ms=([0-9.]+) "
              r"median_ms=([0-9.]+)")
ok = (rc == 0 and len(lines) == 8 and
      all(lines[d] == "device %d result 0: tensor<2xi32> [6, 6] sum=12" % d
          for d in range(4)) and
      all(re.fullmatch(step_re % (i + 1), lines[4 + i]) for i in range(3)))
summary = re.fullmatch(summary_re, lines[7]) if ok else None
if summary:
    times = sorted(float(line.split("=")[1]) for line in lines[4:7])
    ok = (abs(float(summary.group(1)) - times[0]) < 2e-6 and
          abs(float(summary.group(2)) - times[1]) < 2e-6)
if not ok or not summary:
    failures.append("--warmup 2 --repeat 3: exit %d, output %r %r" %
                    (rc, out, err))
# --quiet keeps the step times only; --warmup 0 is allowed.
rc, out, err = run([MODULE, "--devices", "4", "--repeat", "2", "--warmup",
                    "0", "--quiet"])
lines = out.splitlines()
if (rc != 0 or len(lines) != 3 or not lines[0].startswith("step 1 ") or
        not lines[2].startswith("steady-state warmup=0 repeat=2 ")):
    failures.append("--quiet --repeat 2: exit %d, output %r %r" %
                    (rc, out, err))

# --- a failure of the run itself: exit 1 --------------------------------
expect([MODULE, "--devices", "2"], 1,
       "replica group names device 2 but only 2 devices run the program")

if failures:
    print("\n".join(failures))
    print("%d failure(s)" % len(failures))
    sys.exit(1)
print("all sdy-run error cases pass")
