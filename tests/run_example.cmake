# Runs the library example on a NOIP sample: it must print a boxed grid and
# the published target score, 2829.
execute_process(COMMAND "${EXAMPLE}" INPUT_FILE "${PUZZLE}"
  OUTPUT_VARIABLE out RESULT_VARIABLE status)
if(NOT status EQUAL 0 OR NOT out MATCHES "\\+-------\\+" OR NOT out MATCHES "target score: 2829\n$")
  message(FATAL_ERROR "example failed (status ${status}):\n${out}")
endif()
