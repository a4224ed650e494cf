// The propagation options are parsed with the pass or pipeline: a strategy
// that is not one of the declared values is refused before anything runs.
// RUN: not sdy-opt %s -sdy-propagation-pipeline='propagation-strategy=bogus' 2>&1 | FileCheck %s
// RUN: not sdy-opt %s -sdy-aggressive-propagate='propagation-strategy=bogus' 2>&1 | FileCheck %s
// RUN: not sdy-opt %s -pass-pipeline='builtin.module(sdy-partition-pipeline{propagation-strategy=bogus})' 2>&1 | FileCheck %s
// CHECK: for the --propagation-strategy option: Cannot find option named 'bogus'!

// Basic propagation resolves no conflicts: it takes no strategy.
// RUN: not sdy-opt %s -sdy-basic-propagate='propagation-strategy=basic' 2>&1 | FileCheck %s --check-prefix=BASIC
// BASIC: no such option propagation-strategy

// The pipelines hand their option values to the propagation pass.
// RUN: sdy-opt %s -sdy-propagation-pipeline='propagation-strategy=basic-then-aggressive keep-sharding-rules=true' -dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: sdy-opt %s -pass-pipeline='builtin.module(sdy-partition-pipeline{propagation-strategy=basic-then-aggressive keep-sharding-rules=true})' -dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// DUMP: sdy-user-priority-propagate{conservative-propagation=false debug-propagation-edge-sharding=false debug-sharding-origins=false keep-sharding-rules=true module-dump-directory= propagation-strategy=basic-then-aggressive report-sharding-conflicts=false run-op-priority-propagation=true}

module {}
