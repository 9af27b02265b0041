#pragma once

#include <filesystem>
#include <string>

namespace wallenstein::app {

struct Invocation;

/// `tick`'s step after a game's tick: republishes its pages into game.yaml's `publish.dir` when
/// what they are made from changed since they were last published; says so, or nothing.
std::string republish_if_asked(const Invocation& in, const std::filesystem::path& dir);

/// Whether game.yaml asks for pages and what they are made from (orders received, a resolve, a
/// deadline) changed since they were last published: `tick`'s quick look, which reads no state.
bool pages_stale(const std::filesystem::path& dir);

/// A published game's archive (`publish`'s .tar.gz) unpacked into a fresh temporary folder for
/// `verify`, removed again when done. An archive that is not one game's folder is an InputError.
class UnpackedArchive {
 public:
  explicit UnpackedArchive(const std::filesystem::path& archive);
  ~UnpackedArchive();
  UnpackedArchive(const UnpackedArchive&) = delete;
  UnpackedArchive& operator=(const UnpackedArchive&) = delete;
  /// The game's directory inside.
  const std::filesystem::path& game() const { return game_; }
  /// The temporary folder the archive was unpacked into.
  const std::filesystem::path& folder() const { return folder_; }

 private:
  std::filesystem::path folder_;
  std::filesystem::path game_;
};

}  // namespace wallenstein::app
