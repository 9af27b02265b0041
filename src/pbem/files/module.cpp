#include "pbem/files/module.hpp"

#include <dlfcn.h>

#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <system_error>
#include <vector>

namespace pbem {
namespace {

namespace fs = std::filesystem;

/// The directories a module is looked for in, in order.
std::vector<fs::path> module_dirs() {
  std::vector<fs::path> dirs;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) dirs.push_back((exe.parent_path() / PBEM_MODULES_BESIDE_PROGRAM).lexically_normal());
  const fs::path installed(PBEM_MODULES_INSTALLED);
  if (dirs.empty() || dirs.front() != installed) dirs.push_back(installed);
  return dirs;
}

/// dlerror's text, which dlopen and dlsym leave (dlerror is not thread-safe: callers hold the
/// lock).
std::string last_error() {
  const char* text = dlerror();
  return text ? text : "unknown error";
}

}  // namespace

const char* module_build() { return PBEM_MODULE_BUILD; }

const void* module_symbol(const std::string& file, const char* symbol,
                          const std::string& what_for) {
  static std::mutex mutex;
  const std::lock_guard lock(mutex);
  std::string tried;
  for (const fs::path& dir : module_dirs()) {
    const fs::path path = dir / file;
    std::error_code ec;
    if (!fs::exists(path, ec)) {
      tried += "\n  " + path.string() + ": no such file";
      continue;
    }
    // RTLD_NOW: a module that does not fit fails here, with its reason, and not at a first call.
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      tried += "\n  " + path.string() + ": " + last_error();
      continue;
    }
    const auto* build = static_cast<const char* const*>(dlsym(handle, "pbem_module_build"));
    if (!build || std::string(*build) != module_build()) {
      tried += "\n  " + path.string() + ": made by another build (" +
               (build ? std::string(*build) : std::string("no build string")) + ", not " +
               module_build() + ")";
      continue;  // stays loaded, unused: unloading a library is never safe for sure
    }
    if (const void* found = dlsym(handle, symbol)) return found;
    tried += "\n  " + path.string() + ": has no " + symbol + " (" + last_error() + ")";
  }
  throw std::runtime_error("cannot load the module " + file + " (" + what_for +
                           "); the program is not installed whole (reinstall it):" + tried);
}

}  // namespace pbem
