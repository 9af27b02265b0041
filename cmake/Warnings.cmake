# One INTERFACE target carries the project's warning flags; every target of ours links it.
add_library(project_warnings INTERFACE)
target_compile_options(project_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion
  -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual
  # GCC 12 reports std::string concatenation at -O2/-O3 as overlapping memcpy (GCC bug 105329).
  $<$<CXX_COMPILER_ID:GNU>:-Wno-restrict>
  $<$<BOOL:${WALLENSTEIN_WERROR}>:-Werror>)
