#include "app/operations.hpp"

#include <chrono>

#include "app/command.hpp"
#include "pbem/files/diagnostic.hpp"
#include "pbem/files/printable.hpp"
#include "wallenstein/files/resources.hpp"
#include "wallenstein/pbem.hpp"

namespace wallenstein::app {

Resources resources(const Invocation& in) {
  return Resources{in.data_dir(), in.templates_dir(), kept_cache_dir()};
}

Instant clock_now(const Invocation& in) {
  if (in.options.count("now")) {
    const std::string text = in.get<std::string>("now");
    if (const auto t = parse_instant(text)) {
      // A game lasts months: a clock centuries away is a typo, and its deadlines could not be
      // written.
      const int year = utc_year(*t);
      if (year < 2000 || year > 2999) {
        throw UsageError("--now \"" + printable(text) +
                         "\" is not a plausible time: give one between the years 2000 and 2999");
      }
      return *t;
    }
    throw UsageError("--now \"" + printable(text) +
                     "\" is not a time like 2026-11-29T20:00:00+01:00 or 2026-11-29T19:00:00Z");
  }
  return std::chrono::time_point_cast<std::chrono::seconds>(std::chrono::system_clock::now());
}

}  // namespace wallenstein::app
