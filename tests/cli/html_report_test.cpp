// The HTML report as a browser draws it: headless Chromium takes a screenshot of a player's report.

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>

#include "support/games.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"

namespace wallenstein {
namespace {

namespace fs = std::filesystem;

/// The Chromium on PATH (Debian's `chromium`), or empty.
std::string find_chromium() {
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin";
  for (std::size_t start = 0; start <= dirs.size();) {
    const std::size_t end = dirs.find(':', start);
    const fs::path dir =
        dirs.substr(start, end == std::string::npos ? std::string::npos : end - start);
    for (const char* name : {"chromium", "chromium-browser"}) {
      if (!dir.empty() && fs::is_regular_file(dir / name)) return (dir / name).string();
    }
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return {};
}

std::uint32_t big_endian(const std::string& bytes, std::size_t at) {
  std::uint32_t n = 0;
  for (std::size_t i = 0; i < 4; ++i) n = (n << 8) | static_cast<unsigned char>(bytes[at + i]);
  return n;
}

TEST(HtmlReport, HeadlessChromiumDrawsAPlayersReportAsAPngOfTheWindowSize) {
  const std::string chromium = find_chromium();
  if (chromium.empty())
    GTEST_SKIP() << "chromium is not installed (tools/install-deps installs it; CI has it)";
  testing::TempDir tmp;
  const fs::path game = tmp / "game";
  ASSERT_EQ(testing::new_game(game, 4, "4711").status, 0);
  testing::submit_random_orders(game, tmp / "orders", 3);
  ASSERT_EQ(testing::run_wallenstein({"resolve", game.string()}).status, 0);
  const fs::path report = game / "seasons/01-1618-spring/reports/red.html";
  ASSERT_TRUE(fs::exists(report));
  const fs::path shot = tmp / "red.png";
  const std::string command = "timeout -k 5 120 " + testing::shell_quote(chromium) +
                              " --headless --no-sandbox --disable-gpu --disable-quic "
                              "--no-first-run --disable-background-networking"
                              " --disable-component-update --disable-sync --user-data-dir=" +
                              testing::shell_quote((tmp / "profile").string()) +
                              " --screenshot=" + testing::shell_quote(shot.string()) +
                              " --window-size=1200,2400 " +
                              testing::shell_quote("file://" + report.string());
  const testing::Outcome r = testing::run_shell(command);
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string png = testing::read_text(shot);
  ASSERT_GT(png.size(), 24u);
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8)) << "not a PNG";
  EXPECT_EQ(png.substr(12, 4), "IHDR");
  EXPECT_EQ(big_endian(png, 16), 1200u) << "width";
  EXPECT_EQ(big_endian(png, 20), 2400u) << "height";
  if (const char* keep = std::getenv("WALLENSTEIN_KEEP_SCREENSHOT"))
    fs::copy_file(shot, keep, fs::copy_options::overwrite_existing);
}

}  // namespace
}  // namespace wallenstein
