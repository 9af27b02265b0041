#pragma once

// The bodies of kept entries (pbem/files/kept.hpp): a value in cereal's binary form. Each type
// lists its fields once, in a `serialize` that serves writing and reading alike: the rulesets'
// in kept_rulesets.cpp, the states' in kept_states.cpp, the map's outlines' in outlines.cpp.

#include <cereal/archives/binary.hpp>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <sstream>
#include <string>
#include <utility>

#include "pbem/files/kept.hpp"
#include "wallenstein/rules/ids.hpp"
#include "wallenstein/rules/ruleset.hpp"

namespace wallenstein {

namespace kept_fields {

/// Converts to the type of any field; only named where nothing is evaluated.
struct AnyField {
  template <class T>
  operator T() const;  // NOLINT(google-explicit-constructor): stands for any field's value
};

template <class T, class... Fields>
constexpr std::size_t count() {
  if constexpr (requires { T{std::declval<Fields>()..., std::declval<AnyField>()}; }) {
    return count<T, Fields..., AnyField>();
  } else {
    return sizeof...(Fields);
  }
}

}  // namespace kept_fields

/// How many fields the aggregate T has: the most values it can be brace-initialised from. Each
/// kept type's count is asserted beside its `serialize`, so that a field added to the type fails
/// to compile until it is listed there too, even a small one that hides in padding, where its
/// size would not change.
template <class T>
inline constexpr std::size_t field_count = kept_fields::count<T>();

/// The ids every kept type holds (found by argument-dependent lookup).
template <class A, class Tag>
void serialize(A& a, Index<Tag>& i) {
  a(i.value);
}
/// And the points of the board and the map.
template <class A>
void serialize(A& a, Point& p) {
  a(p.x, p.y);
}

/// `value` in cereal's binary form.
template <class T>
std::string cereal_body(const T& value) {
  std::ostringstream body;
  {
    cereal::BinaryOutputArchive archive(body);
    archive(value);
  }
  return body.str();
}

/// The value `body` holds; none when it is not one whole value of the type and nothing more.
template <class T>
std::optional<T> from_cereal_body(const std::string& body) {
  try {
    std::istringstream in(body);
    cereal::BinaryInputArchive archive(in);
    T value;
    archive(value);
    if (in.peek() != std::char_traits<char>::eof()) return std::nullopt;
    return value;
  } catch (const std::exception&) {  // cereal::Exception, or a length no value has
    return std::nullopt;
  }
}

/// The value of `kind` kept in `cache` under `key` (pbem::read_kept); none when there is none or
/// its body is not one whole value.
template <class T>
std::optional<T> read_kept_value(const std::filesystem::path& cache, const pbem::KeptKind& kind,
                                 const std::string& key) {
  const std::optional<std::string> body = pbem::read_kept(cache, kind, key);
  return body ? from_cereal_body<T>(*body) : std::nullopt;
}

}  // namespace wallenstein
