# Runs one golden CLI case and compares stdout, stderr and the exit status
# byte for byte with what the case expects.
#
#   cmake -DBITDOKU=<binary> -DCASE=<case dir> [-DWRAPPER=<cmd;args>]
#         [-DSCRATCH=<dir>] -P run_case.cmake
#
# A case directory holds:
#   args      the arguments, one per line (optional; none if absent)
#   command   instead of args: a shell command line, run by sh -c with
#             $BITDOKU set (for pipes and redirections)
#   stdin     the standard input (optional; empty if absent)
#   stdout    the expected standard output (optional; empty if absent)
#   stdout.re instead of stdout: a regular expression it must match
#   stderr    the expected standard error (optional; empty if absent)
#   status    the expected exit status (optional; 0 if absent)
# The command runs in the case directory, so args may name files there.
# A `command` case given SCRATCH runs in a copy of the case directory made
# of links, inside a tree of links shaped like the source tree (so
# ../../../puzzles and ../<other case> still resolve): the files it writes
# land in SCRATCH, never in the sources, and two builds' runs never meet.

set(args "")
if(EXISTS "${CASE}/args")
  file(STRINGS "${CASE}/args" args)
endif()
set(input "/dev/null")
if(EXISTS "${CASE}/stdin")
  set(input "${CASE}/stdin")
endif()

string(REPLACE ";" " " WRAPPER_STRING "${WRAPPER}")
if(WRAPPER_STRING)
  string(APPEND WRAPPER_STRING " ")
endif()
# Links `dir`/<name> to each entry of `from` except `skip`.
function(link_entries from dir skip)
  file(GLOB entries LIST_DIRECTORIES true "${from}/*")
  foreach(entry ${entries})
    get_filename_component(name "${entry}" NAME)
    if(NOT name STREQUAL skip)
      file(CREATE_LINK "${entry}" "${dir}/${name}" SYMBOLIC)
    endif()
  endforeach()
endfunction()

set(workdir "${CASE}")
if(EXISTS "${CASE}/command" AND SCRATCH)
  get_filename_component(case_name "${CASE}" NAME)
  get_filename_component(root "${CASE}/../../.." ABSOLUTE)
  set(workdir "${SCRATCH}/tests/cli/${case_name}")
  file(REMOVE_RECURSE "${SCRATCH}")
  file(MAKE_DIRECTORY "${workdir}")
  link_entries("${root}" "${SCRATCH}" tests)
  link_entries("${root}/tests" "${SCRATCH}/tests" cli)
  link_entries("${root}/tests/cli" "${SCRATCH}/tests/cli" "${case_name}")
  link_entries("${CASE}" "${workdir}" "")
endif()

if(EXISTS "${CASE}/command")
  file(READ "${CASE}/command" shell_command)
  set(ENV{BITDOKU} "${WRAPPER_STRING}${BITDOKU}")
  execute_process(COMMAND sh -c "${shell_command}"
    WORKING_DIRECTORY "${workdir}" INPUT_FILE "${input}"
    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
else()
  execute_process(COMMAND ${WRAPPER} "${BITDOKU}" ${args}
    WORKING_DIRECTORY "${CASE}" INPUT_FILE "${input}"
    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
endif()

set(failures "")
function(expect what actual file)
  set(expected "")
  if(EXISTS "${CASE}/${file}")
    file(READ "${CASE}/${file}" expected)
  endif()
  if(NOT actual STREQUAL expected)
    set(failures "${failures}--- ${what}: expected\n${expected}--- but got\n${actual}---\n" PARENT_SCOPE)
  endif()
endfunction()

if(EXISTS "${CASE}/stdout.re")
  file(READ "${CASE}/stdout.re" pattern)
  string(STRIP "${pattern}" pattern)
  if(NOT out MATCHES "${pattern}")
    set(failures "${failures}--- stdout does not match ${pattern}:\n${out}---\n")
  endif()
else()
  expect("stdout" "${out}" stdout)
endif()
expect("stderr" "${err}" stderr)
set(expected_status 0)
if(EXISTS "${CASE}/status")
  file(STRINGS "${CASE}/status" expected_status)
endif()
if(NOT status STREQUAL expected_status)
  set(failures "${failures}--- exit status: expected ${expected_status}, got ${status}\n")
endif()

if(failures)
  message(FATAL_ERROR "${CASE}\n${failures}")
endif()
