# Shared modules: the parts of the program that need large libraries (cairo and pango for the
# map, libcurl for SMTP and IMAP, GMime and GLib for reading mail) are built twice over the same
# static library: linked into the tests as they are, and as a `MODULE` the program loads the first
# time it needs one (src/pbem/files/module.hpp). A command that draws no map and sends no mail
# then loads 10 shared libraries instead of 77.
#
# The static libraries that go into a module are position-independent, so every library is;
# -fno-semantic-interposition keeps the compiler inlining across functions as it does without.
set(CMAKE_POSITION_INDEPENDENT_CODE ON)
add_compile_options(-fno-semantic-interposition)

# Where modules go: lib/wallenstein (or the platform's lib directory) under the prefix, and the
# same place in the build tree, which is laid out like an install. The program looks beside itself
# first (the path from its bin directory), then in the installed directory.
set(PBEM_MODULE_DIR ${CMAKE_INSTALL_LIBDIR}/wallenstein)
file(RELATIVE_PATH PBEM_MODULES_BESIDE_PROGRAM ${CMAKE_INSTALL_FULL_BINDIR}
  ${CMAKE_INSTALL_FULL_LIBDIR}/wallenstein)
set(PBEM_MODULES_INSTALLED ${CMAKE_INSTALL_FULL_LIBDIR}/wallenstein)

# The build a module must come from (src/pbem/files/module.cpp): the program and its modules pass
# C++ types to each other, so one of another version, source, build type or compiler flags (a
# sanitizer) is refused rather than run. The source is the commit at configure time, when built
# from git ("dirty" with changes not committed).
execute_process(COMMAND git describe --always --dirty --abbrev=12
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR} OUTPUT_VARIABLE PBEM_SOURCE_ID
  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
string(MD5 PBEM_FLAGS_ID "${CMAKE_CXX_FLAGS} ${CMAKE_CXX_FLAGS_${CMAKE_BUILD_TYPE}}")
string(SUBSTRING ${PBEM_FLAGS_ID} 0 8 PBEM_FLAGS_ID)
set(PBEM_MODULE_BUILD "${PROJECT_VERSION} ${PBEM_SOURCE_ID} ${CMAKE_BUILD_TYPE} ${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION} flags ${PBEM_FLAGS_ID}")

# pbem_add_module(TARGET FILE_NAME SOURCE LIBRARY LOADERS): the module FILE_NAME.so, made of SOURCE
# (which exports its entries with PBEM_MODULE_EXPORT) and the static LIBRARY, with the LOADERS (a
# comma-separated list, or "") of the other modules linked whole: what a module is made of may call
# a function another module defines, and must find its loader then. Only the exported symbols are
# visible, so the module's copies of the static libraries never meet the program's; GCC links it
# with --no-undefined, so a symbol nothing defines fails the build rather than the dlopen.
function(pbem_add_module target file_name source library loaders)
  add_library(${target} MODULE ${source})
  target_link_libraries(${target} PRIVATE ${library} project_warnings)
  if(loaders)
    target_link_libraries(${target} PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,${loaders}>")
  endif()
  target_link_options(${target} PRIVATE -Wl,--exclude-libs,ALL -Wl,--as-needed
    $<$<CXX_COMPILER_ID:GNU>:-Wl,--no-undefined>)
  set_target_properties(${target} PROPERTIES
    PREFIX ""
    OUTPUT_NAME ${file_name}
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/${PBEM_MODULE_DIR})
  install(TARGETS ${target} LIBRARY DESTINATION ${PBEM_MODULE_DIR})
endfunction()
