# Runs sdy-run on the modules in inputs/ and checks its output.
function(run_and_expect expected)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${ARGN} failed (${rc}):\n${out}\n${err}")
  endif()
  if(NOT out MATCHES "${expected}")
    message(FATAL_ERROR "${ARGN}: output does not match '${expected}':\n${out}")
  endif()
endfunction()

run_and_expect("device 0 result 0: tensor<4x2xf32>"
  ${SDY_RUN} ${SRC}/inputs/mlp.mlir --seed 3)
# Zero inputs: each device adds its id, the sum is 0+1+2+3 = 6.
run_and_expect("device 3 result 0: tensor<2xi32> \\[[0-9]+, [0-9]+\\]"
  ${SDY_RUN} ${SRC}/inputs/sum_partitioned.mlir --devices 4 --seed 1)
run_and_expect("device 2 result 0: tensor<2xi32> \\[6, 6\\]"
  ${SDY_RUN} ${SRC}/inputs/sum_partitioned.mlir --devices 4 --inputs ${SRC}/inputs/zeros_2xi32.npy)
# The device count is the library's (sdy_executable_num_devices): the mesh
# of the shardings gives 4 devices without --devices.
run_and_expect("device 3 result 0: tensor<2xi32>"
  ${SDY_RUN} ${SRC}/inputs/mesh_all_reduce.mlir --seed 2)
# chlo ops: top_k (+NaN first, ties to the lower index), erf + lgamma.
run_and_expect("result 0: tensor<2x2xf32> \\[4, 4, nan, 3\\].*result 1: tensor<2x2xi32> \\[1, 2, 1, 2\\].*result 2: tensor<3xf32> \\[1.09286, inf, inf\\].*result 3: tensor<3xi1> \\[false, true, false\\]"
  ${SDY_RUN} ${SRC}/inputs/chlo_ops.mlir)
# mhlo.topk: largest first as chlo.top_k; largest = false: smallest first,
# ties to the lower index.
run_and_expect("result 0: tensor<2x2xf32> \\[4, 4, nan, 3\\].*result 1: tensor<2x2xi32> \\[1, 2, 1, 2\\].*result 2: tensor<2x3xi32> \\[-1, -1, 3, 2, 5, 5\\].*result 3: tensor<2x3xi32> \\[1, 3, 0, 2, 0, 1\\]"
  ${SDY_RUN} ${SRC}/inputs/mhlo_topk.mlir)
