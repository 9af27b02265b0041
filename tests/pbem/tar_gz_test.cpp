// .tar.gz archives: written the same for the same files, read by GNU tar, and read back strictly
// (what GNU tar writes is read; links, escapes, damage and bombs are refused).
#include "pbem/files/tar_gz.hpp"

// next_in is a pointer to const: the tests hand zlib their strings as they are.
#define ZLIB_CONST
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <zlib.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <stdexcept>

#include "pbem/files/diagnostic.hpp"
#include "support/temp_dir.hpp"

namespace pbem {
namespace {

namespace fs = std::filesystem;
using wallenstein::testing::read_text;
using wallenstein::testing::snapshot_tree;
using wallenstein::testing::TempDir;
using wallenstein::testing::write_text;

constexpr std::int64_t kTarMtime = 1700000000;  // 2023-11-14 22:13:20 UTC

/// Files with nested folders, an empty file, every byte value, a UTF-8 name and a path longer
/// than ustar's 100-byte name field.
std::vector<ArchiveFile> tar_sample_files() {
  std::string every_byte;
  for (int i = 0; i < 256; ++i) every_byte += static_cast<char>(i);
  const std::string long_folder = "a-folder-name-of-sixty-characters-to-make-the-path-long-xxxx";
  return {
      {"game.yaml", "name: sample\n"},
      {"seasons/01/state.yaml", "state: 1\n"},
      {"seasons/01/orders/empty.txt", ""},
      {"seasons/02/binary.bin", every_byte + every_byte + every_byte},
      {"seasons/02/Österreich – Wien.txt", "Grüß Gott\n"},
      {"block.txt", std::string(512, 'b')},
      {long_folder + "/" + long_folder + "/long.txt", "long\n"},
  };
}

/// gzip by zlib, fed piece by piece so that a test can compress more than it holds.
class TarDeflater {
 public:
  TarDeflater() {
    if (deflateInit2(&z_, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
      throw std::runtime_error("deflateInit2 failed");
    }
  }
  ~TarDeflater() { deflateEnd(&z_); }
  TarDeflater(const TarDeflater&) = delete;
  TarDeflater& operator=(const TarDeflater&) = delete;

  void add(std::string_view data) { run(data, Z_NO_FLUSH); }
  std::string finish() {
    run({}, Z_FINISH);
    return std::move(out_);
  }

 private:
  void run(std::string_view data, int flush) {
    z_.next_in = reinterpret_cast<const Bytef*>(data.data());
    z_.avail_in = static_cast<uInt>(data.size());
    std::array<char, 1 << 16> buffer{};
    do {
      z_.next_out = reinterpret_cast<Bytef*>(buffer.data());
      z_.avail_out = static_cast<uInt>(buffer.size());
      if (deflate(&z_, flush) == Z_STREAM_ERROR) throw std::runtime_error("deflate failed");
      out_.append(buffer.data(), buffer.size() - z_.avail_out);
    } while (z_.avail_out == 0 || z_.avail_in > 0);
  }

  z_stream z_{};
  std::string out_;
};

std::string tar_gzip(std::string_view raw) {
  TarDeflater deflater;
  deflater.add(raw);
  return deflater.finish();
}

/// gzip of at most 64 KiB in one stored (uncompressed) deflate block: no compressor to set up,
/// for tests that make thousands of archives.
std::string tar_gzip_stored(std::string_view raw) {
  if (raw.size() > 0xffff) throw std::invalid_argument("more than a stored block holds");
  const auto little_endian = [](std::uint32_t value, int bytes) {
    std::string out;
    for (int i = 0; i < bytes; ++i) out += static_cast<char>((value >> (8 * i)) & 0xff);
    return out;
  };
  const auto size = static_cast<std::uint32_t>(raw.size());
  const auto crc = static_cast<std::uint32_t>(
      crc32(0, reinterpret_cast<const Bytef*>(raw.data()), static_cast<uInt>(raw.size())));
  return std::string("\x1f\x8b\x08\0\0\0\0\0\0\x03\x01", 11) + little_endian(size, 2) +
         little_endian(~size & 0xffff, 2) + std::string(raw) + little_endian(crc, 4) +
         little_endian(size, 4);
}

std::string tar_gunzip(std::string_view gz) {
  z_stream z{};
  if (inflateInit2(&z, 15 + 16) != Z_OK) throw std::runtime_error("inflateInit2 failed");
  z.next_in = reinterpret_cast<const Bytef*>(gz.data());
  z.avail_in = static_cast<uInt>(gz.size());
  std::string out;
  std::array<char, 1 << 16> buffer{};
  int status = Z_OK;
  while (status == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(buffer.data());
    z.avail_out = static_cast<uInt>(buffer.size());
    status = inflate(&z, Z_NO_FLUSH);
    out.append(buffer.data(), buffer.size() - z.avail_out);
  }
  inflateEnd(&z);
  if (status != Z_STREAM_END) throw std::runtime_error("not a whole gzip stream");
  return out;
}

/// A ustar header made by hand, not by the code under test (links, escapes and bombs).
std::string tar_raw_header(const std::string& path, char type, std::uint64_t size,
                           const std::string& link = "") {
  std::string block(512, '\0');
  block.replace(0, path.size(), path);
  const auto octal = [&block](std::size_t at, std::size_t digits, std::uint64_t value) {
    for (std::size_t i = digits; i-- > 0;) {
      block[at + i] = static_cast<char>('0' + (value & 7));
      value >>= 3;
    }
  };
  octal(100, 7, 0644);
  octal(108, 7, 0);
  octal(116, 7, 0);
  octal(124, 11, size);
  octal(136, 11, 0);
  block[156] = type;
  block.replace(157, link.size(), link);
  block.replace(257, 8,
                std::string("ustar\0"
                            "00",
                            8));
  block.replace(148, 8, 8, ' ');
  std::uint64_t sum = 0;
  for (const char c : block) sum += static_cast<unsigned char>(c);
  octal(148, 6, sum);
  block[154] = '\0';
  return block;
}

/// A regular file's header, content and padding, made by hand.
std::string tar_raw_file(const std::string& path, const std::string& content) {
  return tar_raw_header(path, '0', content.size()) + content +
         std::string((512 - content.size() % 512) % 512, '\0');
}

const std::string kTarEnd(1024, '\0');

/// The message read_tar_gz refuses an archive with, or "" when it reads it.
std::string tar_refusal(std::string_view bytes, ArchiveLimits limits = {}) {
  try {
    read_tar_gz("audit.tar.gz", bytes, limits);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::string tar_quote(const std::string& arg) {
  std::string quoted = "'";
  for (const char c : arg) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

/// What a shell command line printed on stdout and stderr, and its exit status.
struct TarShell {
  int status = -1;
  std::string out;
  std::string err;
};

TarShell tar_shell(const std::string& command) {
  TempDir io;
  const std::string full = "LC_ALL=C.UTF-8 TZ=UTC " + command + " >" +
                           tar_quote((io / "out").string()) + " 2>" +
                           tar_quote((io / "err").string());
  const int raw = std::system(full.c_str());
  return TarShell{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, read_text(io / "out"),
                  read_text(io / "err")};
}

/// An archive GNU tar writes of `dir`'s content in `format`.
std::string tar_by_gnu_tar(const fs::path& dir, const std::string& format,
                           const std::string& options = "") {
  const fs::path archive = dir.parent_path() / (format + ".tar.gz");
  const TarShell made =
      tar_shell("tar --format=" + format + " --sort=name " + options + " -czf " +
                tar_quote(archive.string()) + " -C " + tar_quote(dir.string()) + " .");
  if (made.status != 0) throw std::runtime_error("tar failed: " + made.err);
  return read_text(archive);
}

std::vector<ArchiveFile> tar_sorted(std::vector<ArchiveFile> files) {
  std::sort(files.begin(), files.end(),
            [](const ArchiveFile& a, const ArchiveFile& b) { return a.path < b.path; });
  return files;
}

void tar_write_files(const fs::path& dir, const std::vector<ArchiveFile>& files) {
  for (const ArchiveFile& file : files) write_text(dir / file.path, file.bytes);
}

// --- Writing and reading back -----------------------------------------------------------------

TEST(TarGz, ReadsBackTheFilesItWroteInTheirOrder) {
  const std::vector<ArchiveFile> files = tar_sample_files();
  EXPECT_EQ(read_tar_gz("audit.tar.gz", write_tar_gz(files, kTarMtime)), files);
}

TEST(TarGz, WritesAnEmptyArchiveOfNoFilesAndReadsItBack) {
  EXPECT_EQ(read_tar_gz("empty.tar.gz", write_tar_gz({}, 0)), std::vector<ArchiveFile>{});
}

TEST(TarGz, WritesTheSameBytesForTheSameFiles) {
  EXPECT_EQ(write_tar_gz(tar_sample_files(), kTarMtime),
            write_tar_gz(tar_sample_files(), kTarMtime));
}

TEST(TarGz, WritesOtherBytesForAnotherMtime) {
  EXPECT_NE(write_tar_gz(tar_sample_files(), kTarMtime),
            write_tar_gz(tar_sample_files(), kTarMtime + 1));
}

TEST(TarGz, WritesAGzipHeaderWithoutNameOrTime) {
  const std::string gz = write_tar_gz(tar_sample_files(), kTarMtime);
  // Magic, deflate, no flags (no name), mtime 0, maximum compression (2), Unix (3).
  EXPECT_EQ(gz.substr(0, 10), std::string("\x1f\x8b\x08\0\0\0\0\0\x02\x03", 10));
}

TEST(TarGz, GivesEachFolderItsOwnEntryBeforeItsFilesAndEveryEntryTheSameOwnerModeAndTime) {
  TempDir tmp;
  write_text(tmp / "audit.tar.gz", write_tar_gz(tar_sample_files(), kTarMtime));
  const TarShell listed =
      tar_shell("tar --quoting-style=literal -tvzf " + tar_quote((tmp / "audit.tar.gz").string()));
  ASSERT_EQ(listed.status, 0) << listed.err;
  EXPECT_EQ(listed.err, "");
  const std::string when = " 2023-11-14 22:13 ";
  const std::string long_folder = "a-folder-name-of-sixty-characters-to-make-the-path-long-xxxx";
  const std::string expected =
      "-rw-r--r-- 0/0              13" + when + "game.yaml\n" + "drwxr-xr-x 0/0               0" +
      when + "seasons/\n" + "drwxr-xr-x 0/0               0" + when + "seasons/01/\n" +
      "-rw-r--r-- 0/0               9" + when + "seasons/01/state.yaml\n" +
      "drwxr-xr-x 0/0               0" + when + "seasons/01/orders/\n" +
      "-rw-r--r-- 0/0               0" + when + "seasons/01/orders/empty.txt\n" +
      "drwxr-xr-x 0/0               0" + when + "seasons/02/\n" + "-rw-r--r-- 0/0             768" +
      when + "seasons/02/binary.bin\n" + "-rw-r--r-- 0/0              12" + when +
      "seasons/02/Österreich – Wien.txt\n" + "-rw-r--r-- 0/0             512" + when +
      "block.txt\n" + "drwxr-xr-x 0/0               0" + when + long_folder + "/\n" +
      "drwxr-xr-x 0/0               0" + when + long_folder + "/" + long_folder + "/\n" +
      "-rw-r--r-- 0/0               5" + when + long_folder + "/" + long_folder + "/long.txt\n";
  EXPECT_EQ(listed.out, expected);
}

TEST(TarGz, GnuTarExtractsWhatItWroteWithTheSameContents) {
  TempDir tmp;
  write_text(tmp / "audit.tar.gz", write_tar_gz(tar_sample_files(), kTarMtime));
  fs::create_directories(tmp / "out");
  const TarShell extracted = tar_shell("tar -xzf " + tar_quote((tmp / "audit.tar.gz").string()) +
                                       " -C " + tar_quote((tmp / "out").string()));
  ASSERT_EQ(extracted.status, 0) << extracted.err;
  EXPECT_EQ(extracted.err, "");
  TempDir expected;
  tar_write_files(expected.path(), tar_sample_files());
  EXPECT_EQ(snapshot_tree(tmp / "out"), snapshot_tree(expected.path()));
  const auto mtime =
      std::chrono::file_clock::to_sys(fs::last_write_time(tmp / "out/seasons/02/binary.bin"));
  EXPECT_EQ(std::chrono::duration_cast<std::chrono::seconds>(mtime.time_since_epoch()).count(),
            kTarMtime);
}

TEST(TarGz, ReadsWhatGnuTarWritesInGnuFormatWithALongName) {
  TempDir tmp;
  std::vector<ArchiveFile> files = tar_sample_files();
  files.push_back({"seasons/" + std::string(150, 'n') + ".txt", "a name of 150 characters\n"});
  tar_write_files(tmp / "game", files);
  EXPECT_EQ(tar_sorted(read_tar_gz("gnu.tar.gz", tar_by_gnu_tar(tmp / "game", "gnu"))),
            tar_sorted(files));
}

TEST(TarGz, ReadsWhatGnuTarWritesInPaxFormatWithALongNameAndAGlobalHeader) {
  TempDir tmp;
  std::vector<ArchiveFile> files = tar_sample_files();
  files.push_back({"seasons/" + std::string(150, 'n') + ".txt", "a name of 150 characters\n"});
  tar_write_files(tmp / "game", files);
  // comment=... goes into a global header ('g'), the long name into an extended one ('x').
  const std::string pax = tar_by_gnu_tar(tmp / "game", "pax", "--pax-option=comment=audit");
  EXPECT_NE(tar_gunzip(pax).find("comment=audit"), std::string::npos);
  EXPECT_EQ(tar_sorted(read_tar_gz("pax.tar.gz", pax)), tar_sorted(files));
}

TEST(TarGz, ReadsZerosAfterTheEndOfTheArchiveAndOfTheGzipStream) {
  EXPECT_EQ(tar_refusal(tar_gzip(tar_raw_file("a.txt", "a") + kTarEnd + std::string(9216, '\0')) +
                        std::string(100, '\0')),
            "");
}

TEST(TarGz, ReadsAGzipStreamOfStoredBlocks) {
  const std::string raw = tar_gunzip(write_tar_gz(tar_sample_files(), kTarMtime));
  EXPECT_EQ(read_tar_gz("stored.tar.gz", tar_gzip_stored(raw)), tar_sample_files());
}

TEST(TarGz, DropsDotAndEmptyComponentsOfAPath) {
  const std::string raw =
      tar_raw_header("./", '5', 0) + tar_raw_file("./a//b/./c.txt", "c") + kTarEnd;
  EXPECT_EQ(read_tar_gz("audit.tar.gz", tar_gzip(raw)),
            (std::vector<ArchiveFile>{{"a/b/c.txt", "c"}}));
}

// --- What the reader refuses ------------------------------------------------------------------

TEST(TarGz, RefusesASymbolicLink) {
  TempDir tmp;
  write_text(tmp / "game/target.txt", "target\n");
  fs::create_symlink("target.txt", tmp / "game/link");
  EXPECT_EQ(tar_refusal(tar_by_gnu_tar(tmp / "game", "gnu")),
            "audit.tar.gz: error: entry \"link\" is a symbolic link: an archive may hold only "
            "files and directories");
}

TEST(TarGz, RefusesAHardLink) {
  TempDir tmp;
  write_text(tmp / "game/a.txt", "a\n");
  fs::create_hard_link(tmp / "game/a.txt", tmp / "game/b.txt");
  EXPECT_EQ(tar_refusal(tar_by_gnu_tar(tmp / "game", "pax")),
            "audit.tar.gz: error: entry \"b.txt\" is a hard link: an archive may hold only files "
            "and directories");
}

TEST(TarGz, RefusesAFifo) {
  TempDir tmp;
  fs::create_directories(tmp / "game");
  ASSERT_EQ(tar_shell("mkfifo " + tar_quote((tmp / "game/fifo").string())).status, 0);
  EXPECT_EQ(tar_refusal(tar_by_gnu_tar(tmp / "game", "gnu")),
            "audit.tar.gz: error: entry \"fifo\" is a FIFO: an archive may hold only files and "
            "directories");
}

TEST(TarGz, RefusesASparseFileInGnuAndInPaxFormat) {
  TempDir tmp;
  fs::create_directories(tmp / "game");
  write_text(tmp / "game/holes.bin", "");
  fs::resize_file(tmp / "game/holes.bin", 1 << 20);
  EXPECT_EQ(tar_refusal(tar_by_gnu_tar(tmp / "game", "gnu", "--sparse")),
            "audit.tar.gz: error: entry \"holes.bin\" is a sparse file: an archive may hold only "
            "files and directories");
  EXPECT_EQ(tar_refusal(tar_by_gnu_tar(tmp / "game", "pax", "--sparse")),
            "audit.tar.gz: error: entry \"holes.bin\" is a sparse file: an archive may hold only "
            "files and directories");
}

TEST(TarGz, RefusesAPathThatClimbsOut) {
  EXPECT_EQ(tar_refusal(tar_gzip(tar_raw_file("a/../../escape", "x") + kTarEnd)),
            "audit.tar.gz: error: entry \"a/../../escape\" has a \"..\" component: it would "
            "point outside");
  EXPECT_EQ(tar_refusal(tar_gzip(tar_raw_file("../escape", "x") + kTarEnd)),
            "audit.tar.gz: error: entry \"../escape\" has a \"..\" component: it would point "
            "outside");
}

TEST(TarGz, RefusesAnAbsolutePath) {
  EXPECT_EQ(tar_refusal(tar_gzip(tar_raw_file("/abs", "x") + kTarEnd)),
            "audit.tar.gz: error: entry \"/abs\" has an absolute path");
}

TEST(TarGz, RefusesANameUsedTwice) {
  EXPECT_EQ(
      tar_refusal(tar_gzip(tar_raw_file("a.txt", "1") + tar_raw_file("./a.txt", "2") + kTarEnd)),
      "audit.tar.gz: error: entry \"a.txt\" is in the archive twice");
}

TEST(TarGz, RefusesANameUsedForAFileAndADirectory) {
  EXPECT_EQ(tar_refusal(tar_gzip(tar_raw_file("a", "1") + tar_raw_file("a/b", "2") + kTarEnd)),
            "audit.tar.gz: error: entry \"a\" is a file and a directory");
  EXPECT_EQ(tar_refusal(tar_gzip(tar_raw_header("a/", '5', 0) + tar_raw_file("a", "1") + kTarEnd)),
            "audit.tar.gz: error: entry \"a\" is a file and a directory");
}

TEST(TarGz, RefusesAHeaderWithAFlippedByte) {
  std::string raw = tar_gunzip(write_tar_gz(tar_sample_files(), kTarMtime));
  raw[512 * 3 + 2] ^= 0x01;  // the name of the fourth header: "seasons/01/"
  EXPECT_EQ(tar_refusal(tar_gzip(raw)),
            "audit.tar.gz: error: the header at byte 1536 of the archive has a bad checksum: the "
            "archive is corrupt");
}

TEST(TarGz, ReadsOrRefusesAnArchiveWithAnyOneByteChangedButNeverFailsOtherwise) {
  const std::string folder(60, 'f');
  const std::string raw = tar_gunzip(write_tar_gz(
      {{"seasons/01/state.yaml", "state"}, {folder + "/" + folder + "/long.txt", "long"}}, 1));
  for (std::size_t at = 0; at < raw.size(); ++at) {
    std::string changed = raw;
    changed[at] = static_cast<char>(changed[at] ^ 0x5a);
    try {
      read_tar_gz("audit.tar.gz", tar_gzip_stored(changed));
    } catch (const InputError&) {
      // A refusal is an answer; any other exception fails the test.
    }
  }
}

TEST(TarGz, RefusesEveryTruncationOfAnArchive) {
  const std::string gz = write_tar_gz(tar_sample_files(), kTarMtime);
  EXPECT_EQ(tar_refusal(gz.substr(0, 1)),
            "audit.tar.gz: error: is not gzip-compressed (a .tar.gz starts with the bytes 1f 8b)");
  for (std::size_t size = 2; size < gz.size(); ++size) {
    const std::string message = tar_refusal(gz.substr(0, size));
    EXPECT_TRUE(message.starts_with("audit.tar.gz: error: the gzip stream is truncated"))
        << size << ": " << message;
  }
}

TEST(TarGz, NamesTheEntryInWhichAnArchiveIsCutShort) {
  std::string noise;
  std::uint32_t state = 1;
  for (int i = 0; i < 100000; ++i) {
    state = state * 1664525 + 1013904223;
    noise += static_cast<char>(state >> 24);
  }
  const std::string gz = write_tar_gz({{"small.txt", "s"}, {"noise.bin", noise}}, kTarMtime);
  EXPECT_EQ(tar_refusal(gz.substr(0, gz.size() / 2)),
            "audit.tar.gz: error: the gzip stream is truncated in entry \"noise.bin\"");
}

TEST(TarGz, RefusesATarStreamCutShortInsideAWholeGzipStream) {
  const std::string raw = tar_raw_file("a.txt", std::string(1000, 'a'));
  EXPECT_EQ(tar_refusal(tar_gzip(raw.substr(0, 700))),
            "audit.tar.gz: error: entry \"a.txt\" is cut short: the archive is truncated");
  EXPECT_EQ(tar_refusal(tar_gzip(raw)),
            "audit.tar.gz: error: ends without the two zero blocks that end a tar archive: it is "
            "truncated");
  EXPECT_EQ(tar_refusal(tar_gzip(raw + std::string(512, '\0'))),
            "audit.tar.gz: error: ends after one zero block, not two: it is truncated");
}

TEST(TarGz, RefusesGarbageThatIsNotGzip) {
  EXPECT_EQ(tar_refusal("PK\x03\x04 a zip file"),
            "audit.tar.gz: error: is not gzip-compressed (a .tar.gz starts with the bytes 1f 8b)");
  EXPECT_EQ(tar_refusal(""), "audit.tar.gz: error: is empty, not a .tar.gz archive");
  EXPECT_EQ(tar_refusal(std::string("\x1f\x8b") + " garbage after the magic"),
            "audit.tar.gz: error: the gzip stream is corrupt (unknown compression method)");
}

TEST(TarGz, RefusesAGzipStreamWhoseChecksumDoesNotMatch) {
  std::string gz = write_tar_gz(tar_sample_files(), kTarMtime);
  gz[gz.size() - 8] ^= 0x01;  // the CRC-32 of the trailer
  EXPECT_EQ(tar_refusal(gz),
            "audit.tar.gz: error: the gzip stream is corrupt (incorrect data check)");
}

TEST(TarGz, RefusesAGzipStreamThatIsNotATarArchive) {
  EXPECT_EQ(tar_refusal(tar_gzip(std::string(1024, 'x'))),
            "audit.tar.gz: error: the header at byte 0 of the archive has a bad checksum: the "
            "archive is corrupt");
}

TEST(TarGz, RefusesDataAfterTheEnd) {
  const std::string gz = write_tar_gz(tar_sample_files(), kTarMtime);
  EXPECT_EQ(tar_refusal(gz + "trailing"),
            "audit.tar.gz: error: holds data after the end of the gzip stream");
  EXPECT_EQ(tar_refusal(gz + gz),
            "audit.tar.gz: error: holds data after the end of the gzip stream");
  EXPECT_EQ(tar_refusal(tar_gzip(tar_raw_file("a.txt", "a") + kTarEnd + tar_raw_file("b", "b"))),
            "audit.tar.gz: error: holds data after the end of the archive");
}

TEST(TarGz, RefusesMoreFilesThanTheLimit) {
  const std::string gz = write_tar_gz({{"a", "1"}, {"b", "2"}, {"c", "3"}}, kTarMtime);
  EXPECT_EQ(tar_refusal(gz, ArchiveLimits{.max_files = 3}), "");
  EXPECT_EQ(tar_refusal(gz, ArchiveLimits{.max_files = 2}),
            "audit.tar.gz: error: holds more than 2 files");
}

TEST(TarGz, RefusesMoreDirectoriesThanTheLimitOfFiles) {
  const std::string gz = write_tar_gz({{"a/b/c/d.txt", "1"}}, kTarMtime);
  EXPECT_EQ(tar_refusal(gz, ArchiveLimits{.max_files = 2}),
            "audit.tar.gz: error: holds more than 2 directories and global headers");
}

TEST(TarGz, RefusesMoreContentThanTheLimitInAll) {
  const std::string gz = write_tar_gz(
      {{"a", std::string(400000, 'a')}, {"b", std::string(400000, 'b')}, {"c", "c"}}, kTarMtime);
  EXPECT_EQ(tar_refusal(gz, ArchiveLimits{.max_bytes = 800001}), "");
  EXPECT_EQ(tar_refusal(gz, ArchiveLimits{.max_bytes = 800000}),
            "audit.tar.gz: error: holds more than 800000 bytes of content in all (entry \"c\" "
            "has 1 bytes)");
}

TEST(TarGz, RefusesAGzipBombOfOneHugeFileWithoutInflatingIt) {
  constexpr std::size_t kHuge = std::size_t{300} << 20;
  TarDeflater deflater;
  deflater.add(tar_raw_header("bomb.bin", '0', kHuge));
  const std::string zeros(std::size_t{1} << 20, '\0');
  for (std::size_t done = 0; done < kHuge; done += zeros.size()) deflater.add(zeros);
  deflater.add(kTarEnd);
  const std::string bomb = deflater.finish();
  EXPECT_LT(bomb.size(), std::size_t{2} << 20);
  const auto began = std::chrono::steady_clock::now();
  EXPECT_EQ(tar_refusal(bomb, ArchiveLimits{.max_bytes = std::size_t{1} << 20}),
            "audit.tar.gz: error: holds more than 1048576 bytes of content in all (entry "
            "\"bomb.bin\" has 314572800 bytes)");
  EXPECT_LT(std::chrono::steady_clock::now() - began, std::chrono::seconds(1));
}

TEST(TarGz, RefusesAGzipBombOfZerosAfterInflatingAtMostAMebibyte) {
  TarDeflater deflater;
  const std::string zeros(std::size_t{1} << 20, '\0');
  for (int i = 0; i < 300; ++i) deflater.add(zeros);
  const std::string bomb = deflater.finish();
  const auto began = std::chrono::steady_clock::now();
  EXPECT_EQ(tar_refusal(bomb, ArchiveLimits{.max_bytes = std::size_t{1} << 20}),
            "audit.tar.gz: error: holds more than 1 MiB of zeros after its end");
  EXPECT_LT(std::chrono::steady_clock::now() - began, std::chrono::seconds(1));
}

TEST(TarGz, RefusesAnExtendedHeaderForNoEntry) {
  const std::string long_name =
      tar_raw_header("././@LongLink", 'L', 6) + std::string("a.txt\0", 6) + std::string(506, '\0');
  EXPECT_EQ(tar_refusal(tar_gzip(long_name + kTarEnd)),
            "audit.tar.gz: error: ends with an extended header for no entry");
  EXPECT_EQ(read_tar_gz("audit.tar.gz", tar_gzip(long_name + tar_raw_file("x", "a") + kTarEnd)),
            (std::vector<ArchiveFile>{{"a.txt", "a"}}));
}

// --- What the writer refuses ------------------------------------------------------------------

TEST(TarGz, RefusesToWriteAPathThatIsNoPlainRelativePath) {
  const std::string too_long_name(101, 'n');
  const std::string too_long_prefix = std::string(156, 'p') + "/file";
  const std::string folder_of_100 = std::string(100, 'd') + "/file";
  for (const std::string& path :
       {std::string(""), std::string("/abs"), std::string("a//b"), std::string("./a"),
        std::string("a/./b"), std::string("a/../b"), std::string(".."), std::string("a/"),
        std::string("a\0b", 3), too_long_name, too_long_prefix, folder_of_100}) {
    EXPECT_THROW(write_tar_gz({{path, "x"}}, kTarMtime), std::invalid_argument) << path;
  }
  EXPECT_NO_THROW(write_tar_gz({{std::string(100, 'n'), "x"}}, kTarMtime));
  EXPECT_NO_THROW(write_tar_gz({{std::string(99, 'd') + "/" + std::string(100, 'n'), "x"}}, 0));
}

TEST(TarGz, RefusesToWriteANameTwiceOrAsAFileAndADirectory) {
  EXPECT_THROW(write_tar_gz({{"a", "1"}, {"a", "2"}}, kTarMtime), std::invalid_argument);
  EXPECT_THROW(write_tar_gz({{"a", "1"}, {"a/b", "2"}}, kTarMtime), std::invalid_argument);
  EXPECT_THROW(write_tar_gz({{"a/b", "1"}, {"a", "2"}}, kTarMtime), std::invalid_argument);
}

TEST(TarGz, RefusesToWriteAnMtimeUstarCannotHold) {
  EXPECT_THROW(write_tar_gz({{"a", "1"}}, -1), std::invalid_argument);
  EXPECT_THROW(write_tar_gz({{"a", "1"}}, std::int64_t{1} << 33), std::invalid_argument);
  EXPECT_NO_THROW(write_tar_gz({{"a", "1"}}, (std::int64_t{1} << 33) - 1));
}

}  // namespace
}  // namespace pbem
