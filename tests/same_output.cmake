# Runs two programs and fails unless both succeed with the same output:
#   cmake -DFIRST=<program> -DSECOND=<program> -P same_output.cmake
execute_process(COMMAND "${FIRST}" OUTPUT_VARIABLE first RESULT_VARIABLE first_status)
execute_process(COMMAND "${SECOND}" OUTPUT_VARIABLE second RESULT_VARIABLE second_status)
if(NOT first_status EQUAL 0 OR NOT second_status EQUAL 0)
  message(FATAL_ERROR "exit statuses ${first_status} and ${second_status}")
endif()
if(first STREQUAL "")
  message(FATAL_ERROR "no output")
endif()
if(NOT first STREQUAL second)
  message(FATAL_ERROR "outputs differ:\n${first}---\n${second}")
endif()
