// Mistakes in the options of -sdy-collective-report, in model files and in
// the program are errors that say what is wrong; nothing is printed.
// RUN: not sdy-opt %s -sdy-collective-report='format=xml' 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not sdy-opt %s -sdy-collective-report='backend=nccl' 2>&1 | FileCheck %s --check-prefix=BACKEND
// RUN: not sdy-opt %s -sdy-collective-report='model=%t.missing' 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: printf 'sdy-comm-model 2\n' > %t.v2
// RUN: not sdy-opt %s -sdy-collective-report='model=%t.v2' 2>&1 | FileCheck %s --check-prefix=VERSION
// RUN: printf 'sdy-comm-model 1\nbackend local\nall_reduce 1e-6 -2\n' > %t.neg
// RUN: not sdy-opt %s -sdy-collective-report='model=%t.neg' 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: printf 'sdy-comm-model 1\nbackend local\nall_reduce 1 1\nall_gather 1 1\nall_to_all 1 1\nreduce_scatter 1 1\n' > %t.short
// RUN: not sdy-opt %s -sdy-collective-report='model=%t.short' 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: printf 'sdy-comm-model 1\nbackend local\nall_reduce 1 1\nall_gather 1 1\nall_to_all 1 1\nreduce_scatter 1 1\ncollective_permute 1 1\nspeed 3\n' > %t.key
// RUN: not sdy-opt %s -sdy-collective-report='model=%t.key' 2>&1 | FileCheck %s --check-prefix=KEY
// RUN: printf 'sdy-comm-model 1\nbackend mpi\nall_reduce 1 1\nall_gather 1 1\nall_to_all 1 1\nreduce_scatter 1 1\ncollective_permute 1 1\n' > %t.mpi
// RUN: not sdy-opt %s -sdy-collective-report='model=%t.mpi backend=local' 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: not sdy-opt %s -sdy-collective-report='num-devices=-1' 2>&1 | FileCheck %s --check-prefix=NEGDEV
// RUN: not sdy-opt %s -sdy-collective-report='num-devices=5000' 2>&1 | FileCheck %s --check-prefix=MANY
// RUN: not sdy-opt %s -sdy-collective-report='num-devices=4' 2>&1 | FileCheck %s --check-prefix=NOGROUP
// RUN: not sdy-opt %s -sdy-collective-report='file=%t.dir/no/such/report.txt' 2>&1 | FileCheck %s --check-prefix=FILE

// FORMAT: error: sdy-collective-report: unknown format 'xml' (text or json)
// BACKEND: error: sdy-collective-report: unknown backend 'nccl' (local or mpi)
// MISSING: error: sdy-collective-report: cannot read model file '{{.*}}.missing'
// VERSION: error: sdy-collective-report: model file '{{.*}}': line 1: expected 'sdy-comm-model 1' as the first line, got 'sdy-comm-model 2'
// NEGATIVE: error: sdy-collective-report: model file '{{.*}}': line 3: all_reduce: expected two non-negative numbers (alpha seconds, beta seconds per byte), got '1e-6 -2'
// SHORT: error: sdy-collective-report: model file '{{.*}}': no 'collective_permute' line
// KEY: error: sdy-collective-report: model file '{{.*}}': line 8: unknown key 'speed'
// MISMATCH: error: sdy-collective-report: model file '{{.*}}' is for backend 'mpi', not 'local'
// NEGDEV: error: sdy-collective-report: num-devices must be positive (0: inferred), got -1
// MANY: error: sdy-collective-report: the number of devices must be in [1, 4096], got 5000
// NOGROUP: error: sdy-collective-report: {{.*}}: stablehlo.all_reduce: device 2 is in no replica group
// FILE: error: sdy-collective-report: cannot write '{{.*}}report.txt':

sdy.mesh @mesh = <["x"=2]>
func.func @main(%a: tensor<10xf32>) -> tensor<10xf32> {
  %0 = "stablehlo.all_reduce"(%a) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %t = stablehlo.add %p, %q : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<10xf32>) -> tensor<10xf32>
  return %0 : tensor<10xf32>
}
