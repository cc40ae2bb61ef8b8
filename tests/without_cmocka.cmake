# Configures and builds bitdoku with cmocka hidden and checks what a user
# without cmocka gets: configure succeeds and says the unit tests are
# skipped and why; the README's first command builds (everything, as
# `cmake --build build` does) and its binary scores the bundled NOIP
# sample (2829); the golden CLI tests are still registered; a unit test
# asked for fails, saying it was not built.
#
#   cmake -DSOURCE=<top> -DBINARY=<scratch dir> -DCOMPILER=<cc>
#         "-DHIDE=<dirs holding cmocka, separated by |>" -P without_cmocka.cmake

string(REPLACE "|" ";" HIDE "${HIDE}")
file(REMOVE_RECURSE "${BINARY}")
execute_process(
  COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${BINARY} -DCMAKE_C_COMPILER=${COMPILER}
          -DBITDOKU_BENCH=OFF "-DCMAKE_IGNORE_PATH=${HIDE}"
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "configuring without cmocka failed:\n${out}\n${err}")
endif()
string(REGEX REPLACE "[ \n]+" " " said "${err}")
if(NOT said MATCHES "cmocka was not found .* the unit tests are skipped")
  message(FATAL_ERROR "configuring without cmocka did not say the unit tests are skipped:\n${err}")
endif()

execute_process(COMMAND ${CMAKE_COMMAND} --build ${BINARY} -j 2
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "building without cmocka failed:\n${out}\n${err}")
endif()
execute_process(COMMAND ${BINARY}/bitdoku target ${SOURCE}/puzzles/noip2009_sample1.txt
  RESULT_VARIABLE status OUTPUT_VARIABLE scored ERROR_VARIABLE err)
if(NOT status EQUAL 0 OR NOT scored STREQUAL "2829\n")
  message(FATAL_ERROR "the binary built without cmocka did not score the NOIP sample 2829 "
    "(status ${status}):\n${scored}${err}")
endif()

execute_process(COMMAND ${CMAKE_CTEST_COMMAND} --test-dir ${BINARY} -N
  RESULT_VARIABLE status OUTPUT_VARIABLE listed)
foreach(test cli_help cli_noip1_target_judge fuzz_reader_replay test_grid)
  if(NOT listed MATCHES "Test +#[0-9]+: ${test}\n")
    message(FATAL_ERROR "without cmocka, test ${test} is not registered:\n${listed}")
  endif()
endforeach()

execute_process(COMMAND ${CMAKE_CTEST_COMMAND} --test-dir ${BINARY} -R "^test_grid$"
                        --output-on-failure
  RESULT_VARIABLE status OUTPUT_VARIABLE ran ERROR_VARIABLE ran_err)
if(status EQUAL 0 OR NOT ran MATCHES "test_grid was not built: cmocka was not found")
  message(FATAL_ERROR "without cmocka, a unit test asked for does not fail loudly:\n${ran}")
endif()
file(REMOVE_RECURSE "${BINARY}")
