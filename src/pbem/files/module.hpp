#pragma once

#include <string>

namespace pbem {

/// A part of the program kept in a shared module of its own (a `MODULE` library of CMake) and
/// loaded the first time it is needed, so that a command that draws no map and sends no mail
/// loads neither cairo nor libcurl nor GLib: every process pays the start-up of what it links.
///
/// Returns the address of the exported `symbol` in the module file `file` ("pbem-curl.so"), which
/// is looked for beside the running program (the directory PBEM_MODULES_BESIDE_PROGRAM names,
/// relative to the program's own directory, as the build tree and an installed tree have it), and
/// only when there is none there in the installed directory (PBEM_MODULES_INSTALLED). A module and
/// its directory must belong to root or to the program's owner and be writable by no one else (a
/// program run from a shared directory must not run what another user put beside it), and a
/// module of another build than the program's (its `pbem_module_build` string differs: version,
/// source commit, build type, compiler and flags) is refused. `what_for` says in a few words what
/// the module does, for the error when it cannot be loaded ("libcurl, to send mail").
/// Thread-safe; a module, once loaded, stays loaded.
const void* module_symbol(const std::string& file, const char* symbol, const std::string& what_for);

/// The build string every module exports as `pbem_module_build` and the program checks.
const char* module_build();

}  // namespace pbem

/// Marks the symbols a module exports: everything else in it is hidden.
#define PBEM_MODULE_EXPORT extern "C" __attribute__((visibility("default")))
