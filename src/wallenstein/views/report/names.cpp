#include "wallenstein/views/report/names.hpp"

#include "wallenstein/files/language_names.hpp"

namespace wallenstein::report {

Data Names::player_ref(PlayerIndex p) const {
  Data d;
  d["name"] = player(p);
  d["id"] = before_.player(p).id;
  d["colour"] = colour(before_.player(p).id);
  return d;
}

std::string Names::colour(const std::string& id) const {
  return view_.words == nullptr ? id : colour_name(*view_.words, id);
}

std::string Names::colours(const std::string& id) const {
  return view_.words == nullptr ? id : colour_plural(*view_.words, id);
}

Data Names::cubes(const CubeCounts& counts) const {
  kainjow::mustache::list items;
  for (std::size_t i = 0; i <= before_.players.size(); ++i) {
    const bool peasants = i == before_.players.size();
    const int n = peasants ? counts.peasants() : counts.n[i];
    if (n == 0) continue;
    Data c;
    c["n"] = std::to_string(n);
    c["colour"] = peasants ? std::string() : colour(before_.players[i].id);
    c["colours"] = peasants ? std::string() : colours(before_.players[i].id);
    c["peasant"] = peasants;
    c["one"] = n == 1;
    items.push_back(c);
  }
  mark_last(items);
  return items.empty() ? Data(false) : Data(items);
}

void Names::count(Data& d, const std::string& key, int n) const {
  set_count(d, key, n);
  if (n == 0 && view_.words != nullptr && view_.words->zero_is_singular()) d[key + "_one"] = true;
}

void set_count(Data& d, const std::string& key, int n) {
  d[key] = std::to_string(n);
  d[key + "_one"] = n == 1;
}

Data Names::names(const std::vector<std::string>& values) const {
  kainjow::mustache::list items;
  for (const auto& v : values) {
    Data d;
    d["name"] = v;
    items.push_back(d);
  }
  mark_last(items);
  return items;
}

}  // namespace wallenstein::report
