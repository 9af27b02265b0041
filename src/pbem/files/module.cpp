#include "pbem/files/module.hpp"

#include <dlfcn.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <system_error>
#include <vector>

namespace pbem {
namespace {

namespace fs = std::filesystem;

/// The running program's file (Linux: /proc/self/exe, links resolved), if known.
std::optional<fs::path> program_file() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return std::nullopt;
  return exe;
}

/// Why `path` (a module or its directory) may not be loaded, if it may not: code is run from it,
/// so it must belong to root or to the program's owner, and no one else may write to it (a
/// program run from a shared directory must not run what another user put beside it).
std::optional<std::string> unsafe(const fs::path& path, uid_t program_owner) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::string(std::strerror(errno));
  if (st.st_uid != 0 && st.st_uid != program_owner)
    return "belongs to user " + std::to_string(st.st_uid) + ", not to root or the program's owner";
  if ((st.st_mode & (S_IWGRP | S_IWOTH)) != 0) return std::string("others may write to it");
  return std::nullopt;
}

/// dlerror's text, which dlopen and dlsym leave (dlerror is not thread-safe: callers hold the
/// lock).
std::string last_error() {
  const char* text = dlerror();
  return text ? text : "unknown error";
}

/// Loads `path` and finds `symbol` in it, or says why not.
const void* load(const fs::path& path, const char* symbol, uid_t owner, std::string& why) {
  for (const fs::path& p : {path.parent_path(), path}) {
    if (auto problem = unsafe(p, owner)) {
      why = p.string() + ": " + *problem;
      return nullptr;
    }
  }
  // RTLD_NOW: a module that does not fit fails here, with its reason, and not at a first call.
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    why = last_error();  // it names the file
    return nullptr;
  }
  const auto* build = static_cast<const char* const*>(dlsym(handle, "pbem_module_build"));
  if (!build) {
    why = path.string() + ": not one of this program's modules (it has no build string)";
    return nullptr;  // stays loaded, unused: unloading a library is never safe for sure
  }
  if (std::string(*build) != module_build()) {
    why = path.string() + ": made by another build (" + *build + ", not " + module_build() + ")";
    return nullptr;
  }
  if (const void* found = dlsym(handle, symbol)) return found;
  why = path.string() + ": has no " + symbol + " (" + last_error() + ")";
  return nullptr;
}

}  // namespace

const char* module_build() { return PBEM_MODULE_BUILD; }

const void* module_symbol(const std::string& file, const char* symbol,
                          const std::string& what_for) {
  static std::mutex mutex;
  const std::lock_guard lock(mutex);
  const auto exe = program_file();
  struct stat st {};
  const uid_t owner = exe && ::stat(exe->c_str(), &st) == 0 ? st.st_uid : 0;
  // Beside the program first; the installed directory only when there is none there, so that a
  // module that is there but broken is reported rather than passed over for another.
  std::vector<fs::path> places;
  if (exe)
    places.push_back((exe->parent_path() / PBEM_MODULES_BESIDE_PROGRAM / file).lexically_normal());
  const fs::path installed = fs::path(PBEM_MODULES_INSTALLED) / file;
  if (places.empty() || places.front() != installed) places.push_back(installed);
  std::string tried;
  for (const fs::path& path : places) {
    std::error_code ec;
    const bool there = fs::exists(path, ec);
    if (!there && !ec) {
      tried += (tried.empty() ? "" : "; ") + path.string() + ": no such file";
      continue;
    }
    std::string why = ec ? path.string() + ": " + ec.message() : std::string();
    if (!ec) {
      if (const void* found = load(path, symbol, owner, why)) return found;
    }
    tried += (tried.empty() ? "" : "; ") + why;
    break;
  }
  throw std::runtime_error("cannot load the module " + file + " (" + what_for +
                           "); the program is not installed whole (reinstall it): " + tried);
}

}  // namespace pbem
