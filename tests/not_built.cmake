# The stand-in for a unit test that was not built because cmocka was not
# found at configure time: it fails, saying so.
#   cmake -DNAME=<test> -P not_built.cmake
message(FATAL_ERROR "${NAME} was not built: cmocka was not found when the build was "
  "configured. Install cmocka (Debian: apt-get install libcmocka-dev) and configure "
  "again; the golden CLI tests and fuzz replays need no cmocka (ctest -R '^cli_|_replay$').")
