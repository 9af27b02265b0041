// SMTP through libcurl: kept apart from transport.cpp so that only the programs that send
// mail load libcurl (src/pbem/mail/curl_loader.cpp).
#include <curl/curl.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>

#include "pbem/files/diagnostic.hpp"
#include "pbem/mail/curl.hpp"
#include "pbem/mail/transport.hpp"

namespace pbem::mail {
namespace {

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
    trace_ = Trace{};
    curl_easy_setopt(curl_, CURLOPT_URL, options_.url.c_str());
    // After a refused transaction the server's state is not to be trusted (a reused connection
    // answered the next MAIL with "503 nested MAIL command"): the next message starts afresh,
    // which is what an RSET would give.
    curl_easy_setopt(curl_, CURLOPT_FRESH_CONNECT, fresh_ ? 1L : 0L);
    fresh_ = false;
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
    curl_easy_setopt(curl_, CURLOPT_DEBUGDATA, &trace_);
    const CURLcode code = curl_easy_perform(curl_);
    curl_slist_free_all(rcpt);
    if (code == CURLE_OK) return {};
    fresh_ = true;
    long response = 0;
    curl_easy_getinfo(curl_, CURLINFO_RESPONSE_CODE, &response);
    // A refusal of this recipient (RCPT) or of this message (DATA) is its answer, and the next
    // message may pass; anything earlier (the greeting, STARTTLS, the login, our sender) or a 421
    // is the server's or the setup's, and no recipient's fault.
    const bool per_message = trace_.answer_stage == "RCPT" || trace_.answer_stage == "DATA";
    if (response >= 400 && response < 600 && response != 421 && !trace_.answer.empty() &&
        per_message) {
      return {response >= 500 ? SendResult::Outcome::refused : SendResult::Outcome::deferred,
              trace_.answer, trace_.answer_stage == "DATA"};
    }
    std::string what = "SMTP " + redact_url(options_.url) + ": " +
                       (error[0] ? std::string(error) : curl_easy_strerror(code));
    if (trace_.answer_stage == "AUTH")
      what = "SMTP " + redact_url(options_.url) + ": the server refused the login";
    else if (trace_.answer_stage == "MAIL")
      what = "SMTP " + redact_url(options_.url) + ": the server refused the sender " + from;
    if (!trace_.answer.empty())
      what += "; the server said: " + trace_.answer;
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

  /// The conversation as far as a failure needs it: the command last sent, and the first
  /// refusal (4xx, 5xx) with the command it answered.
  struct Trace {
    std::string stage;  ///< EHLO, STARTTLS, AUTH, MAIL, RCPT, DATA (its first word, never more)
    std::string answer;
    std::string answer_stage;
  };

  static int debug(CURL*, curl_infotype type, char* data, std::size_t size, void* user) {
    auto* trace = static_cast<Trace*>(user);
    std::string line(data, size);
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
    if (type == CURLINFO_HEADER_OUT) {
      // Only a command's name is kept: AUTH carries the credentials after it, or on lines of
      // their own, which are no command and leave the stage as it was.
      std::string verb = line.substr(0, line.find(' '));
      for (char& c : verb) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      static constexpr std::array<std::string_view, 9> kVerbs = {
          "EHLO", "HELO", "STARTTLS", "AUTH", "MAIL", "RCPT", "DATA", "RSET", "QUIT"};
      if (std::find(kVerbs.begin(), kVerbs.end(), verb) != kVerbs.end()) trace->stage = verb;
      return 0;
    }
    if (type != CURLINFO_HEADER_IN) return 0;
    // The first refusal (4xx, 5xx) is the answer that explains the failure.
    if (trace->answer.empty() && !line.empty() && (line[0] == '4' || line[0] == '5')) {
      trace->answer = line;
      trace->answer_stage = trace->stage;
    }
    return 0;
  }

  SmtpOptions options_;
  CURL* curl_ = nullptr;
  Trace trace_;
  bool fresh_ = false;  ///< the last transaction failed: the next one opens a new connection
};

}  // namespace

std::unique_ptr<Mailer> curl_smtp(const SmtpOptions& options) {
  return std::make_unique<Smtp>(options);
}

}  // namespace pbem::mail
