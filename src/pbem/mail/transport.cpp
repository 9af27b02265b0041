#include "pbem/mail/transport.hpp"

#include <curl/curl.h>

#include <algorithm>
#include <cstring>

#include "pbem/diagnostic.hpp"
#include "pbem/files.hpp"
#include "pbem/journal.hpp"

namespace wallenstein::mail {
namespace {

class Outbox final : public Mailer {
 public:
  Outbox(std::filesystem::path root, std::filesystem::path dir)
      : root_(std::move(root)), dir_(std::move(dir)) {}

  SendResult send(const Message& message, const std::string& bytes) override {
    // The file is named after the Message-ID, without the characters a file name must not hold.
    std::string name = message.message_id;
    name.erase(
        std::remove_if(name.begin(), name.end(), [](char c) { return c == '<' || c == '>'; }),
        name.end());
    std::replace_if(
        name.begin(), name.end(), [](char c) { return c == '/' || c == '@'; }, '_');
    Journal journal(root_);
    journal.write(dir_ / (name + ".eml"), bytes);
    journal.commit();
    return {};
  }
  std::string describe() const override { return "outbox " + dir_.generic_string(); }

 private:
  std::filesystem::path root_;
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

  SendResult send(const Message& message, const std::string& bytes) override {
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
    curl_easy_setopt(
        curl_, CURLOPT_USE_SSL,
        options_.starttls ? static_cast<long>(CURLUSESSL_ALL) : static_cast<long>(CURLUSESSL_NONE));
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
    if (code == CURLE_OK) return {};
    long response = 0;
    curl_easy_getinfo(curl_, CURLINFO_RESPONSE_CODE, &response);
    // A refusal of this message (on MAIL, RCPT or DATA) is its answer; the next one may pass.
    if (response >= 400 && response < 600 && !answer_.empty()) {
      return {response >= 500 ? SendResult::Outcome::refused : SendResult::Outcome::deferred,
              answer_};
    }
    std::string what = "SMTP " + redact_url(options_.url) + ": " +
                       (error[0] ? std::string(error) : curl_easy_strerror(code));
    if (!answer_.empty())
      what += "; the server said: " + answer_;
    else if (response != 0)
      what += " (reply code " + std::to_string(response) + ")";
    throw TransportError(redact_url(what));
  }

  std::string describe() const override { return redact_url(options_.url); }

 private:
  struct Upload {
    const std::string& data;
    std::size_t at;
  };

  static std::size_t read(char* buffer, std::size_t size, std::size_t count, void* user) {
    auto* up = static_cast<Upload*>(user);
    const std::size_t n = std::min(size * count, up->data.size() - up->at);
    std::copy_n(up->data.data() + up->at, n, buffer);
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

std::unique_ptr<Mailer> outbox_mailer(const std::filesystem::path& game_root,
                                      const std::filesystem::path& relative_dir) {
  return std::make_unique<Outbox>(game_root, relative_dir);
}

std::string redact_url(std::string_view text) {
  // Every "scheme://user:password@" in the text loses its password, so a URL quoted inside an
  // error message is covered too.
  std::string out(text);
  for (std::size_t scheme = out.find("://"); scheme != std::string::npos;
       scheme = out.find("://", scheme + 3)) {
    const std::size_t start = scheme + 3;
    const std::size_t end = std::min(out.size(), out.find_first_of("/?# \t\n\"'", start));
    const std::size_t at = out.find('@', start);
    if (at == std::string::npos || at >= end) continue;
    const std::size_t colon = out.find(':', start);
    if (colon < at) out.erase(colon, at - colon);
  }
  return out;
}

std::unique_ptr<Mailer> smtp_mailer(const SmtpOptions& options) {
  if (options.url.rfind("smtp://", 0) != 0 && options.url.rfind("smtps://", 0) != 0) {
    throw InputError("smtp url", "\"" + redact_url(options.url) +
                                     "\" is not an SMTP URL like smtp://mail.example.org:587");
  }
  return std::make_unique<Smtp>(options);
}

}  // namespace wallenstein::mail
