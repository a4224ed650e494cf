# Runs one fault scenario of sdy-runtime-mpi-plugin-test on 3 ranks under
# `mpirun --enable-recovery` and judges it by the survivors' own report
# lines: mpirun's exit status reflects the rank that was killed.
#   -DMPIRUN= -DTEST= -DPLUGIN= -DWHEN= -DWHAT= -DBYTES= [-DOPTIONS=]
#   [-DEXPECT=UNAVAILABLE|TIMEOUT]
set(args ${TEST} ${PLUGIN} fault ${WHEN} ${WHAT} ${BYTES})
if(OPTIONS)
  list(APPEND args ${OPTIONS})
endif()
string(TIMESTAMP t0 "%s")
execute_process(
  COMMAND ${MPIRUN} --enable-recovery --oversubscribe --allow-run-as-root
          -n 3 ${args}
  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc TIMEOUT 45)
string(TIMESTAMP t1 "%s")
math(EXPR secs "${t1} - ${t0}")
message("mpirun exit: ${rc} after ${secs} s\n--- stdout\n${out}--- stderr\n${err}")
string(REGEX MATCHALL "SURVIVOR [0-9]+ OK" ok "${out}")
list(LENGTH ok nok)
if(NOT nok EQUAL 2)
  message(FATAL_ERROR "expected 2 surviving ranks to report OK, got ${nok}")
endif()
if(EXPECT AND NOT out MATCHES "failed with ${EXPECT}")
  message(FATAL_ERROR "expected the survivors to fail with ${EXPECT}")
endif()
# The victim logs where it died; 'mid' must be inside the collective.
if(WHEN STREQUAL "before")
  set(want "VICTIM rank 2 dies before")
elseif(WHEN STREQUAL "mid")
  set(want "VICTIM rank 2 dies inside [a-z_]+ #[0-9]+ \\([0-9]+ bytes\\): inside")
else()
  set(want "VICTIM rank 2 dies inside")
endif()
if(NOT err MATCHES "${want}")
  message(FATAL_ERROR "the victim did not report '${want}'")
endif()
