# One INTERFACE target carries the project's warning flags; every target of ours links it.
add_library(wallenstein_warnings INTERFACE)
target_compile_options(wallenstein_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion
  -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual -Wnull-dereference
  $<$<BOOL:${WALLENSTEIN_WERROR}>:-Werror>)
