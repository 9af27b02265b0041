// IMAP requests through libcurl: kept apart from imap.cpp so that only the programs that read a
// mailbox load libcurl (src/pbem/mail/curl_loader.cpp).
#include <curl/curl.h>

#include <stdexcept>
#include <string>

#include "pbem/files/diagnostic.hpp"
#include "pbem/mail/curl.hpp"
#include "pbem/mail/transport.hpp"

namespace pbem::mail {
namespace {

std::size_t append(char* data, std::size_t size, std::size_t count, void* user) {
  static_cast<std::string*>(user)->append(data, size * count);
  return size * count;
}

class CurlImap final : public ImapConnection {
 public:
  explicit CurlImap(ImapOptions options) : options_(std::move(options)) {
    curl_global_init(CURL_GLOBAL_DEFAULT);
    curl_ = curl_easy_init();
    if (!curl_) throw std::runtime_error("libcurl could not start");
  }
  ~CurlImap() override {
    curl_easy_cleanup(curl_);
    curl_global_cleanup();
  }
  CurlImap(const CurlImap&) = delete;
  CurlImap& operator=(const CurlImap&) = delete;

  std::string perform(const std::string& url, const std::string& request) override {
    CURL* c = curl_;
    std::string body;
    char error[CURL_ERROR_SIZE] = {0};
    curl_easy_setopt(c, CURLOPT_URL, url.c_str());
    curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, request.empty() ? nullptr : request.c_str());
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, &append);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &body);
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, error);
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, 15L);
    curl_easy_setopt(c, CURLOPT_TIMEOUT, options_.timeout_seconds);
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    const bool tls_url = url.starts_with("imaps://");
    curl_easy_setopt(c, CURLOPT_USE_SSL,
                     !tls_url && options_.starttls ? static_cast<long>(CURLUSESSL_ALL)
                                                   : static_cast<long>(CURLUSESSL_NONE));
    if (!options_.user.empty()) {
      curl_easy_setopt(c, CURLOPT_USERNAME, options_.user.c_str());
      curl_easy_setopt(c, CURLOPT_PASSWORD, options_.password.c_str());
    }
    const CURLcode code = curl_easy_perform(c);
    if (code != CURLE_OK) {
      throw TransportError(redact_url(
          "IMAP " + options_.url + ": " +
          (error[0] ? std::string(error) : curl_easy_strerror(code)) +
          (request.empty() ? "" : " (" + request.substr(0, request.find(' ', 4)) + ")")));
    }
    return body;
  }

 private:
  ImapOptions options_;
  CURL* curl_ = nullptr;
};

}  // namespace

std::unique_ptr<ImapConnection> curl_imap(const ImapOptions& options) {
  return std::make_unique<CurlImap>(options);
}

}  // namespace pbem::mail
