#include "adapters/mail/transport.hpp"

#include <curl/curl.h>

#include <algorithm>
#include <cstring>

#include "adapters/diagnostic.hpp"
#include "adapters/files.hpp"

namespace wallenstein::mail {
namespace {

class Outbox final : public Mailer {
 public:
  explicit Outbox(std::filesystem::path dir) : dir_(std::move(dir)) {}

  std::string send(const Message& message, const std::string& bytes) override {
    std::filesystem::create_directories(dir_);
    // The file is named after the Message-ID, without the characters a file name must not hold.
    std::string name = message.message_id;
    name.erase(std::remove_if(name.begin(), name.end(), [](char c) { return c == '<' || c == '>'; }), name.end());
    std::replace_if(name.begin(), name.end(), [](char c) { return c == '/' || c == '@'; }, '_');
    const auto path = dir_ / (name + ".eml");
    write_atomic(path, bytes);
    return path.string();
  }
  std::string describe() const override { return "outbox " + dir_.string(); }

 private:
  std::filesystem::path dir_;
};

class Smtp final : public Mailer {
 public:
  explicit Smtp(SmtpOptions options) : options_(std::move(options)) {
    curl_global_init(CURL_GLOBAL_DEFAULT);
    curl_ = curl_easy_init();
    if (!curl_) throw std::runtime_error("libcurl could not start");
  }
  ~Smtp() override {
    curl_easy_cleanup(curl_);
    curl_global_cleanup();
  }

  std::string send(const Message& message, const std::string& bytes) override {
    Upload upload{bytes, 0};
    char error[CURL_ERROR_SIZE] = {0};
    answer_.clear();
    curl_easy_setopt(curl_, CURLOPT_URL, options_.url.c_str());
    const std::string from = "<" + message.from.address + ">";
    curl_easy_setopt(curl_, CURLOPT_MAIL_FROM, from.c_str());
    curl_slist* rcpt = curl_slist_append(nullptr, ("<" + message.to.address + ">").c_str());
    curl_easy_setopt(curl_, CURLOPT_MAIL_RCPT, rcpt);
    curl_easy_setopt(curl_, CURLOPT_READFUNCTION, &Smtp::read);
    curl_easy_setopt(curl_, CURLOPT_READDATA, &upload);
    curl_easy_setopt(curl_, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(curl_, CURLOPT_INFILESIZE_LARGE, static_cast<curl_off_t>(bytes.size()));
    curl_easy_setopt(curl_, CURLOPT_ERRORBUFFER, error);
    curl_easy_setopt(curl_, CURLOPT_CONNECTTIMEOUT, 15L);
    curl_easy_setopt(curl_, CURLOPT_TIMEOUT, options_.timeout_seconds);
    curl_easy_setopt(curl_, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl_, CURLOPT_USE_SSL, options_.starttls ? static_cast<long>(CURLUSESSL_ALL) : static_cast<long>(CURLUSESSL_NONE));
    if (!options_.user.empty()) {
      curl_easy_setopt(curl_, CURLOPT_USERNAME, options_.user.c_str());
      curl_easy_setopt(curl_, CURLOPT_PASSWORD, options_.password.c_str());
    }
    // The server's replies, to quote them when something fails.
    curl_easy_setopt(curl_, CURLOPT_VERBOSE, 1L);
    curl_easy_setopt(curl_, CURLOPT_DEBUGFUNCTION, &Smtp::debug);
    curl_easy_setopt(curl_, CURLOPT_DEBUGDATA, &answer_);
    const CURLcode code = curl_easy_perform(curl_);
    curl_slist_free_all(rcpt);
    if (code != CURLE_OK) {
      long response = 0;
      curl_easy_getinfo(curl_, CURLINFO_RESPONSE_CODE, &response);
      std::string what = "SMTP " + options_.url + ": " + (error[0] ? std::string(error) : curl_easy_strerror(code));
      if (!answer_.empty()) what += "; the server said: " + answer_;
      else if (response != 0) what += " (reply code " + std::to_string(response) + ")";
      throw TransportError(what);
    }
    return options_.url;
  }

  std::string describe() const override { return options_.url; }

 private:
  struct Upload {
    const std::string& data;
    std::size_t at;
  };

  static std::size_t read(char* buffer, std::size_t size, std::size_t count, void* user) {
    auto* up = static_cast<Upload*>(user);
    const std::size_t n = std::min(size * count, up->data.size() - up->at);
    std::memcpy(buffer, up->data.data() + up->at, n);
    up->at += n;
    return n;
  }

  static int debug(CURL*, curl_infotype type, char* data, std::size_t size, void* user) {
    if (type != CURLINFO_HEADER_IN) return 0;
    auto* answer = static_cast<std::string*>(user);
    std::string line(data, size);
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
    // The first refusal (4xx, 5xx) is the answer that explains the failure.
    if (answer->empty() && !line.empty() && (line[0] == '4' || line[0] == '5')) *answer = line;
    return 0;
  }

  SmtpOptions options_;
  CURL* curl_ = nullptr;
  std::string answer_;
};

}  // namespace

std::unique_ptr<Mailer> outbox_mailer(const std::filesystem::path& dir) { return std::make_unique<Outbox>(dir); }

std::unique_ptr<Mailer> smtp_mailer(const SmtpOptions& options) {
  if (options.url.rfind("smtp://", 0) != 0 && options.url.rfind("smtps://", 0) != 0) {
    throw InputError("smtp url", "\"" + options.url + "\" is not an SMTP URL like smtp://mail.example.org:587");
  }
  return std::make_unique<Smtp>(options);
}

}  // namespace wallenstein::mail
