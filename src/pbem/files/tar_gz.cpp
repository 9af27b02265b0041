#include "pbem/files/tar_gz.hpp"

// next_in is a pointer to const: the input is never written.
#define ZLIB_CONST
#include <zlib.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>
#include <new>
#include <optional>
#include <set>
#include <stdexcept>
#include <utility>

#include "pbem/files/diagnostic.hpp"

namespace pbem {
namespace {

constexpr std::size_t kBlock = 512;
using Block = std::array<char, kBlock>;

/// A field of a ustar header: where it starts and how long it is.
struct Field {
  std::size_t offset;
  std::size_t size;
};
constexpr Field kName{0, 100};
constexpr Field kMode{100, 8};
constexpr Field kUid{108, 8};
constexpr Field kGid{116, 8};
constexpr Field kSize{124, 12};
constexpr Field kMtime{136, 12};
constexpr Field kChecksum{148, 8};
constexpr std::size_t kTypeflag = 156;
constexpr Field kDevMajor{329, 8};
constexpr Field kDevMinor{337, 8};
constexpr Field kPrefix{345, 155};
constexpr std::string_view kUstarMagic{
    "ustar\0"
    "00",
    8};
constexpr std::string_view kGnuMagic{"ustar  \0", 8};
constexpr std::size_t kMagicOffset = 257;
/// The largest number 11 octal digits hold: the size and mtime fields' limit.
constexpr std::uint64_t kMaxOctal11 = (std::uint64_t{1} << 33) - 1;
/// zlib counts a call's bytes in 32 bits: larger inputs and outputs go in pieces.
constexpr std::size_t kZlibPiece = std::size_t{1} << 30;

std::size_t padding_of(std::uint64_t size) {
  return static_cast<std::size_t>((kBlock - size % kBlock) % kBlock);
}

std::string_view field_text(const Block& block, Field field) {
  const std::string_view text(block.data() + field.offset, field.size);
  return text.substr(0, text.find('\0'));
}

// --- Writing --------------------------------------------------------------------------------

[[noreturn]] void bad_path(const std::string& path, const std::string& what) {
  throw std::invalid_argument("write_tar_gz: path \"" + path + "\" " + what);
}

/// The directories a path lies in, outermost first ("a/b/c" → "a", "a/b"); throws for a path
/// the writer must not write.
std::vector<std::string> checked_parents(const std::string& path) {
  if (path.empty()) bad_path(path, "is empty");
  if (path.front() == '/') bad_path(path, "is absolute");
  if (path.find('\0') != std::string::npos) bad_path(path, "holds a NUL byte");
  std::vector<std::string> parents;
  std::size_t start = 0;
  while (true) {
    const std::size_t slash = path.find('/', start);
    const std::string_view component =
        std::string_view(path).substr(start, slash == std::string::npos ? slash : slash - start);
    if (component.empty() || component == "." || component == "..") {
      bad_path(path, "has an empty, \".\" or \"..\" component");
    }
    if (slash == std::string::npos) return parents;
    parents.push_back(path.substr(0, slash));
    start = slash + 1;
  }
}

/// ustar's prefix and name fields for a path, or nothing when it does not fit them. A
/// directory's trailing '/' stays in the name field.
std::optional<std::pair<std::string_view, std::string_view>> ustar_split(std::string_view path) {
  if (path.size() <= kName.size) return std::pair{std::string_view{}, path};
  if (path.size() < 2) return std::nullopt;
  // The longest prefix that fits leaves the shortest name.
  const std::size_t slash = path.rfind('/', std::min(kPrefix.size, path.size() - 2));
  if (slash == std::string_view::npos || slash == 0) return std::nullopt;
  const std::string_view name = path.substr(slash + 1);
  if (name.size() > kName.size) return std::nullopt;
  return std::pair{path.substr(0, slash), name};
}

void put_text(Block& block, Field field, std::string_view text) {
  std::copy(text.begin(), text.end(), block.begin() + static_cast<std::ptrdiff_t>(field.offset));
}

/// A number as zero-padded octal digits filling the field but its last byte, which is NUL.
void put_octal(Block& block, Field field, std::uint64_t value) {
  for (std::size_t i = field.size - 1; i-- > 0;) {
    block[field.offset + i] = static_cast<char>('0' + (value & 7));
    value >>= 3;
  }
  block[field.offset + field.size - 1] = '\0';
}

std::uint64_t checksum_of(const Block& block) {
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < kBlock; ++i) {
    const bool in_field = i >= kChecksum.offset && i < kChecksum.offset + kChecksum.size;
    sum += in_field ? std::uint64_t{' '} : std::uint64_t{static_cast<unsigned char>(block[i])};
  }
  return sum;
}

/// The header of a file ('0') or directory ('5', `path` ending in '/').
Block ustar_header(const std::string& path, char type, std::uint64_t size, std::uint64_t mtime) {
  const auto split = ustar_split(path);
  if (!split) bad_path(path, "does not fit a ustar header's 155-byte prefix and 100-byte name");
  Block block{};
  put_text(block, kName, split->second);
  put_octal(block, kMode, type == '5' ? 0755 : 0644);
  put_octal(block, kUid, 0);
  put_octal(block, kGid, 0);
  put_octal(block, kSize, size);
  put_octal(block, kMtime, mtime);
  block[kTypeflag] = type;
  put_text(block, Field{kMagicOffset, kUstarMagic.size()}, kUstarMagic);
  put_octal(block, kDevMajor, 0);
  put_octal(block, kDevMinor, 0);
  put_text(block, kPrefix, split->first);
  // Six digits, a NUL and a space, as GNU tar and bsdtar write it.
  put_octal(block, Field{kChecksum.offset, kChecksum.size - 1}, checksum_of(block));
  block[kChecksum.offset + kChecksum.size - 1] = ' ';
  return block;
}

std::string ustar_of(const std::vector<ArchiveFile>& files, std::uint64_t mtime) {
  std::string tar;
  std::set<std::string> file_paths;
  std::set<std::string> directories;
  const auto append = [&tar](const Block& block) { tar.append(block.data(), block.size()); };
  for (const ArchiveFile& file : files) {
    const std::vector<std::string> parents = checked_parents(file.path);
    if (file_paths.contains(file.path)) bad_path(file.path, "is in the archive twice");
    if (directories.contains(file.path)) bad_path(file.path, "is a file and a directory");
    if (file.bytes.size() > kMaxOctal11) bad_path(file.path, "names a file of 8 GiB or more");
    for (const std::string& parent : parents) {
      if (file_paths.contains(parent)) bad_path(parent, "is a file and a directory");
      if (directories.insert(parent).second) append(ustar_header(parent + "/", '5', 0, mtime));
    }
    append(ustar_header(file.path, '0', file.bytes.size(), mtime));
    tar += file.bytes;
    tar.append(padding_of(file.bytes.size()), '\0');
    file_paths.insert(file.path);
  }
  tar.append(2 * kBlock, '\0');  // the end of the archive
  return tar;
}

/// A z_stream that ends itself.
struct ZStream {
  z_stream z{};
  bool inflating = false;
  ZStream() = default;
  ZStream(const ZStream&) = delete;
  ZStream& operator=(const ZStream&) = delete;
  ~ZStream() { inflating ? inflateEnd(&z) : deflateEnd(&z); }
};

std::string gzip(std::string_view data) {
  ZStream stream;
  // windowBits 15 + 16: a gzip wrapper, whose header zlib writes with no name and mtime 0.
  if (deflateInit2(&stream.z, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    throw std::runtime_error("zlib: deflateInit2 failed");
  }
  std::string out;
  std::array<char, 1 << 16> buffer{};
  std::size_t used = 0;
  int status = Z_OK;
  while (status != Z_STREAM_END) {
    if (stream.z.avail_in == 0 && used < data.size()) {
      const std::size_t piece = std::min(data.size() - used, kZlibPiece);
      stream.z.next_in = reinterpret_cast<const Bytef*>(data.data() + used);
      stream.z.avail_in = static_cast<uInt>(piece);
      used += piece;
    }
    stream.z.next_out = reinterpret_cast<Bytef*>(buffer.data());
    stream.z.avail_out = static_cast<uInt>(buffer.size());
    status = deflate(&stream.z, used == data.size() ? Z_FINISH : Z_NO_FLUSH);
    if (status == Z_STREAM_ERROR) throw std::runtime_error("zlib: deflate failed");
    out.append(buffer.data(), buffer.size() - stream.z.avail_out);
  }
  return out;
}

// --- Reading --------------------------------------------------------------------------------

/// What an archive may hold after its end marker: zeros up to a tape record (GNU tar and bsdtar
/// pad to 10 KiB; a record of 1 MiB is generous). More is refused, not inflated for nothing.
constexpr std::size_t kMaxEndPadding = std::size_t{1} << 20;
/// An extended header ('x', 'g') or a long name ('L') larger than this is no archive of files.
constexpr std::size_t kMaxExtendedHeader = std::size_t{1} << 20;
constexpr std::size_t kMaxPath = 4096;

/// The inflated bytes of a gzip stream, inflated only as far as they are read.
class GzipSource {
 public:
  GzipSource(const std::string& name, std::string_view bytes) : name_(name), input_(bytes) {
    if (bytes.empty()) throw InputError(name_, "is empty, not a .tar.gz archive");
    if (bytes.size() < 2 || bytes[0] != '\x1f' || bytes[1] != '\x8b') {
      throw InputError(name_, "is not gzip-compressed (a .tar.gz starts with the bytes 1f 8b)");
    }
    if (inflateInit2(&stream_.z, 15 + 16) != Z_OK) {
      throw std::runtime_error("zlib: inflateInit2 failed");
    }
    stream_.inflating = true;
  }

  /// Reads up to `size` bytes into `out`; fewer only at the end of the gzip stream or at a
  /// problem().
  std::size_t read(char* out, std::size_t size) {
    std::size_t done = 0;
    while (done < size && !ended_ && !problem_) {
      if (stream_.z.avail_in == 0 && used_ < input_.size()) {
        const std::size_t piece = std::min(input_.size() - used_, kZlibPiece);
        stream_.z.next_in = reinterpret_cast<const Bytef*>(input_.data() + used_);
        stream_.z.avail_in = static_cast<uInt>(piece);
        used_ += piece;
      }
      const std::size_t asked = std::min(size - done, kZlibPiece);
      stream_.z.next_out = reinterpret_cast<Bytef*>(out + done);
      stream_.z.avail_out = static_cast<uInt>(asked);
      const int status = inflate(&stream_.z, Z_NO_FLUSH);
      done += asked - stream_.z.avail_out;
      if (status == Z_STREAM_END) ended_ = true;
      if (status == Z_MEM_ERROR) throw std::bad_alloc();
      if (status == Z_BUF_ERROR && stream_.z.avail_in == 0 && used_ == input_.size()) {
        problem_ = "the gzip stream is truncated";
      } else if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) {
        const char* why = stream_.z.msg != nullptr ? stream_.z.msg : "no reason given";
        problem_ = std::string("the gzip stream is corrupt (") + why + ")";
      }
    }
    return done;
  }

  /// Why the stream could not be read on, if it could not.
  const std::optional<std::string>& problem() const { return problem_; }

  /// Checks that the gzip stream has ended and only zeros follow it.
  void finish() const {
    if (!ended_) throw InputError(name_, "holds data after the end of the archive");
    const std::string_view rest = input_.substr(used_ - stream_.z.avail_in);
    if (std::any_of(rest.begin(), rest.end(), [](char c) { return c != '\0'; })) {
      throw InputError(name_, "holds data after the end of the gzip stream");
    }
  }

 private:
  const std::string& name_;
  std::string_view input_;
  std::size_t used_ = 0;  // bytes of input handed to zlib
  ZStream stream_;
  bool ended_ = false;
  std::optional<std::string> problem_;
};

bool all_zero(std::string_view bytes) {
  return std::all_of(bytes.begin(), bytes.end(), [](char c) { return c == '\0'; });
}

/// An octal field (leading spaces, then digits, then NULs or spaces), or GNU's base-256 (first
/// byte 0x80); nothing for anything else or a negative number.
std::optional<std::uint64_t> number_field(const Block& block, Field field) {
  const std::string_view text(block.data() + field.offset, field.size);
  std::uint64_t value = 0;
  constexpr std::uint64_t kTooLarge = std::numeric_limits<std::uint64_t>::max() >> 8;
  if (static_cast<unsigned char>(text[0]) == 0x80) {
    for (std::size_t i = 1; i < text.size(); ++i) {
      if (value > kTooLarge) return std::nullopt;
      value = value << 8 | std::uint64_t{static_cast<unsigned char>(text[i])};
    }
    return value;
  }
  std::size_t i = text.find_first_not_of(' ');
  const std::size_t first_digit = i;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '7'; ++i) {
    value = value << 3 | static_cast<std::uint64_t>(text[i] - '0');
  }
  if (i == first_digit) return std::nullopt;
  const std::string_view rest = text.substr(i);
  if (rest.find_first_not_of(std::string_view("\0 ", 2)) != std::string_view::npos) {
    return std::nullopt;
  }
  return value;
}

/// The meaning of a type flag this reader refuses.
std::string kind_of(char type) {
  switch (type) {
    case '1':
      return "a hard link";
    case '2':
      return "a symbolic link";
    case '3':
      return "a character device";
    case '4':
      return "a block device";
    case '6':
      return "a FIFO";
    case '7':
      return "a contiguous file";
    case 'S':
      return "a sparse file";
    case 'K':
      return "a link with a long target (GNU 'K')";
    case 'D':
      return "a GNU incremental directory listing";
    case 'M':
      return "a continuation of another volume";
    case 'V':
      return "a volume label";
    default:
      return std::string("an entry of unknown type '") + type + "'";
  }
}

/// What 'x' and 'L' headers say of the entry that follows them.
struct Extended {
  std::optional<std::string> pax_path;
  std::optional<std::uint64_t> pax_size;
  std::optional<std::string> long_name;
  bool pax = false;
  bool sparse = false;
};

/// Reads the tar stream of a GzipSource header by header.
class TarReader {
 public:
  TarReader(const std::string& name, std::string_view bytes, ArchiveLimits limits)
      : name_(name), source_(name, bytes), limits_(limits) {}

  std::vector<ArchiveFile> read() {
    while (true) {
      Block header{};
      const std::uint64_t at = offset_;
      if (read_into(header.data(), header.size()) < header.size()) {
        refuse("ends without the two zero blocks that end a tar archive: it is truncated");
      }
      if (all_zero({header.data(), header.size()})) {
        finish();
        return std::move(files_);
      }
      check_header(header, at);
      const char type = header[kTypeflag];
      const std::uint64_t size = *number_field(header, kSize);
      if (type == 'x' || type == 'g' || type == 'L') {
        read_extended(type, size);
      } else {
        read_entry(header, type, size);
      }
    }
  }

 private:
  [[noreturn]] void refuse(const std::string& what) const { throw InputError(name_, what); }
  [[noreturn]] void refuse(const std::string& path, const std::string& what) const {
    throw InputError(name_, "entry \"" + path + "\" " + what);
  }

  std::size_t read_into(char* out, std::size_t size) {
    const std::size_t got = source_.read(out, size);
    offset_ += got;
    if (source_.problem()) {
      refuse(*source_.problem() + (reading_.empty() ? "" : " in entry \"" + reading_ + "\""));
    }
    return got;
  }

  /// The data of an entry and the padding after it.
  std::string read_data(std::uint64_t size, const std::string& path) {
    std::string data(static_cast<std::size_t>(size), '\0');
    Block padding{};
    if (read_into(data.data(), data.size()) < data.size() ||
        read_into(padding.data(), padding_of(size)) < padding_of(size)) {
      refuse(path.empty() ? std::string("ends in the middle of an entry: it is truncated")
                          : "entry \"" + path + "\" is cut short: the archive is truncated");
    }
    return data;
  }

  void check_header(const Block& header, std::uint64_t at) const {
    const std::string where = "the header at byte " + std::to_string(at) + " of the archive";
    const auto stored = number_field(header, kChecksum);
    if (!stored || *stored != checksum_of(header)) {
      refuse(where + " has a bad checksum: the archive is corrupt");
    }
    const std::string_view magic(header.data() + kMagicOffset, kUstarMagic.size());
    if (magic != kUstarMagic && magic != kGnuMagic) {
      refuse(where + " is neither a ustar (POSIX) nor a GNU tar header");
    }
    if (!number_field(header, kSize)) refuse(where + " has no valid size");
  }

  void read_extended(char type, std::uint64_t size) {
    if (size > kMaxExtendedHeader) {
      refuse("holds an extended header of " + std::to_string(size) + " bytes (at most " +
             std::to_string(kMaxExtendedHeader) + ")");
    }
    std::string data = read_data(size, "");
    if (type == 'g') {
      count_other_entry();
    } else if (type == 'L') {
      if (extended_.long_name) refuse("holds two GNU long names for one entry");
      data.resize(std::min(data.size(), data.find('\0')));
      extended_.long_name = std::move(data);
    } else {
      if (extended_.pax) refuse("holds two pax extended headers for one entry");
      extended_.pax = true;
      parse_pax(data);
    }
  }

  void parse_pax(std::string_view data) {
    while (!data.empty()) {
      const std::size_t space = data.find(' ');
      std::size_t length = 0;
      for (std::size_t i = 0; i < space && i < 8 && data[i] >= '0' && data[i] <= '9'; ++i) {
        length = length * 10 + static_cast<std::size_t>(data[i] - '0');
      }
      if (space == std::string_view::npos || space == 0 || space > 7 || length <= space + 2 ||
          length > data.size() || data[length - 1] != '\n') {
        refuse("holds a malformed pax extended header");
      }
      const std::string_view record = data.substr(space + 1, length - space - 2);
      data.remove_prefix(length);
      const std::size_t equals = record.find('=');
      if (equals == std::string_view::npos) refuse("holds a malformed pax extended header");
      const std::string_view key = record.substr(0, equals);
      const std::string_view value = record.substr(equals + 1);
      // A sparse file's own name is GNU.sparse.name: its path is GNU tar's made-up one.
      if (key == "path" || key == "GNU.sparse.name") extended_.pax_path = std::string(value);
      if (key == "size") extended_.pax_size = pax_number(value);
      if (key.starts_with("GNU.sparse.")) extended_.sparse = true;
    }
  }

  std::uint64_t pax_number(std::string_view value) const {
    std::uint64_t number = 0;
    if (value.empty() || value.size() > 18) refuse("holds a pax size that is not a number");
    for (char c : value) {
      if (c < '0' || c > '9') refuse("holds a pax size that is not a number");
      number = number * 10 + static_cast<std::uint64_t>(c - '0');
    }
    return number;
  }

  /// The entry's path as written ("./a//b" is "a/b"), refused when it may point elsewhere.
  std::string entry_path(const Block& header) const {
    std::string raw;
    if (extended_.pax_path) {
      raw = *extended_.pax_path;
    } else if (extended_.long_name) {
      raw = *extended_.long_name;
    } else {
      const std::string_view prefix =
          std::string_view(header.data() + kMagicOffset, 8) == kUstarMagic
              ? field_text(header, kPrefix)
              : std::string_view{};
      raw = prefix.empty() ? std::string(field_text(header, kName))
                           : std::string(prefix) + "/" + std::string(field_text(header, kName));
    }
    if (raw.empty()) refuse("holds an entry without a name");
    if (raw.size() > kMaxPath) refuse(raw.substr(0, 100) + "...", "has too long a path");
    if (raw.find('\0') != std::string::npos) refuse(raw, "has a NUL byte in its path");
    if (raw.front() == '/') refuse(raw, "has an absolute path");
    std::string path;
    std::size_t start = 0;
    while (start <= raw.size()) {
      const std::size_t slash = std::min(raw.find('/', start), raw.size());
      const std::string_view component = std::string_view(raw).substr(start, slash - start);
      if (component == "..") refuse(raw, "has a \"..\" component: it would point outside");
      if (!component.empty() && component != ".") {
        path += (path.empty() ? "" : "/") + std::string(component);
      }
      start = slash + 1;
    }
    return path;
  }

  void read_entry(const Block& header, char type, std::uint64_t size) {
    const std::string path = entry_path(header);
    if (extended_.sparse) {
      refuse(path, "is a sparse file: an archive may hold only files and directories");
    }
    if (type == '5') {
      if (size != 0) refuse(path, "is a directory with content");
      if (!path.empty()) add_directory(path);
      count_other_entry();
    } else if (type == '0' || type == '\0') {
      if (path.empty()) refuse("holds a file without a name");
      add_file(path, extended_.pax_size.value_or(size));
    } else {
      refuse(path, "is " + kind_of(type) + ": an archive may hold only files and directories");
    }
    extended_ = {};
  }

  void add_directory(const std::string& path) {
    if (file_paths_.contains(path)) refuse(path, "is a file and a directory");
    add_parents(path);
    directories_.insert(path);
  }

  void add_parents(const std::string& path) {
    for (std::size_t slash = path.find('/'); slash != std::string::npos;
         slash = path.find('/', slash + 1)) {
      const std::string parent = path.substr(0, slash);
      if (file_paths_.contains(parent)) refuse(parent, "is a file and a directory");
      directories_.insert(parent);
    }
  }

  void add_file(const std::string& path, std::uint64_t size) {
    if (files_.size() == limits_.max_files) {
      refuse("holds more than " + std::to_string(limits_.max_files) + " files");
    }
    if (size > limits_.max_bytes - content_bytes_) {
      refuse("holds more than " + std::to_string(limits_.max_bytes) +
             " bytes of content in all (entry \"" + path + "\" has " + std::to_string(size) +
             " bytes)");
    }
    if (file_paths_.contains(path)) refuse(path, "is in the archive twice");
    if (directories_.contains(path)) refuse(path, "is a file and a directory");
    add_parents(path);
    content_bytes_ += static_cast<std::size_t>(size);
    file_paths_.insert(path);
    reading_ = path;
    files_.push_back(ArchiveFile{path, read_data(size, path)});
    reading_.clear();
  }

  /// Directories and global headers are counted too: the reader keeps every directory's name.
  void count_other_entry() {
    if (++other_entries_ > limits_.max_files) {
      refuse("holds more than " + std::to_string(limits_.max_files) +
             " directories and global headers");
    }
  }

  void finish() {
    if (extended_.pax || extended_.long_name) refuse("ends with an extended header for no entry");
    std::array<char, 1 << 14> buffer{};
    std::size_t padding = 0;  // the second zero block and any zeros after it
    std::size_t got = 0;
    do {
      got = read_into(buffer.data(), buffer.size());
      if (!all_zero({buffer.data(), got})) refuse("holds data after the end of the archive");
      padding += got;
      if (padding > kMaxEndPadding) refuse("holds more than 1 MiB of zeros after its end");
    } while (got == buffer.size());
    if (padding < kBlock) refuse("ends after one zero block, not two: it is truncated");
    source_.finish();
  }

  const std::string& name_;
  GzipSource source_;
  ArchiveLimits limits_;
  std::uint64_t offset_ = 0;  // bytes of the tar stream read
  Extended extended_;
  std::string reading_;  // the path of the file whose content is being read
  std::vector<ArchiveFile> files_;
  std::set<std::string> file_paths_;
  std::set<std::string> directories_;
  std::size_t content_bytes_ = 0;
  std::size_t other_entries_ = 0;
};

}  // namespace

std::string write_tar_gz(const std::vector<ArchiveFile>& files, std::int64_t mtime) {
  if (mtime < 0 || static_cast<std::uint64_t>(mtime) > kMaxOctal11) {
    throw std::invalid_argument("write_tar_gz: mtime " + std::to_string(mtime) +
                                " is outside ustar's 0 to 8^11-1");
  }
  return gzip(ustar_of(files, static_cast<std::uint64_t>(mtime)));
}

std::vector<ArchiveFile> read_tar_gz(const std::string& name, std::string_view bytes,
                                     ArchiveLimits limits) {
  return TarReader(name, bytes, limits).read();
}

}  // namespace pbem
