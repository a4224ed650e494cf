//===- XmlReader.cpp - a small XML reader for the SVG tests ---------------===//

#include "XmlReader.h"

#include <cctype>

namespace sdy_test::xml {
namespace {

class Parser {
public:
  explicit Parser(const std::string &text) : text(text) {}

  std::unique_ptr<Element> parseDocument(std::string &error) {
    skipSpace();
    while (startsWith("<?") || startsWith("<!")) {
      size_t end = text.find('>', pos);
      if (end == std::string::npos)
        return fail(error, "unterminated declaration");
      pos = end + 1;
      skipSpace();
    }
    std::unique_ptr<Element> root = parseElement();
    if (!root)
      return fail(error, message);
    skipSpace();
    if (pos != text.size())
      return fail(error, "text after the root element");
    return root;
  }

private:
  std::unique_ptr<Element> fail(std::string &error, const std::string &what) {
    error = what + " at offset " + std::to_string(pos);
    return nullptr;
  }
  bool startsWith(const char *prefix) const {
    return text.compare(pos, std::char_traits<char>::length(prefix), prefix) ==
           0;
  }
  void skipSpace() {
    while (pos < text.size() && std::isspace((unsigned char)text[pos]))
      ++pos;
  }
  std::string parseName() {
    size_t start = pos;
    while (pos < text.size() &&
           (std::isalnum((unsigned char)text[pos]) || text[pos] == '-' ||
            text[pos] == '_' || text[pos] == ':' || text[pos] == '.'))
      ++pos;
    return text.substr(start, pos - start);
  }
  /// Unescapes the five predefined entities; false on anything else.
  bool unescape(const std::string &raw, std::string &out) {
    for (size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] == '<')
        return false;
      if (raw[i] != '&') {
        out += raw[i];
        continue;
      }
      static const std::pair<const char *, char> kEntities[] = {
          {"&amp;", '&'},
          {"&lt;", '<'},
          {"&gt;", '>'},
          {"&quot;", '"'},
          {"&apos;", '\''}};
      bool known = false;
      for (auto [entity, c] : kEntities)
        if (raw.compare(i, std::char_traits<char>::length(entity), entity) ==
            0) {
          out += c;
          i += std::char_traits<char>::length(entity) - 1;
          known = true;
          break;
        }
      if (!known)
        return false;
    }
    return true;
  }

  std::unique_ptr<Element> parseElement() {
    if (!startsWith("<")) {
      message = "expected '<'";
      return nullptr;
    }
    ++pos;
    auto element = std::make_unique<Element>();
    element->name = parseName();
    if (element->name.empty()) {
      message = "expected a tag name";
      return nullptr;
    }
    while (true) {
      skipSpace();
      if (startsWith("/>")) {
        pos += 2;
        return element;
      }
      if (startsWith(">")) {
        ++pos;
        break;
      }
      std::string key = parseName();
      if (key.empty() || !startsWith("=\"")) {
        message = "malformed attribute in <" + element->name + ">";
        return nullptr;
      }
      pos += 2;
      size_t end = text.find('"', pos);
      std::string value;
      if (end == std::string::npos ||
          !unescape(text.substr(pos, end - pos), value)) {
        message = "malformed value of attribute " + key;
        return nullptr;
      }
      pos = end + 1;
      if (!element->attributes.emplace(key, value).second) {
        message = "duplicate attribute " + key;
        return nullptr;
      }
    }
    // Content: text and child elements up to the matching end tag.
    while (true) {
      size_t next = text.find('<', pos);
      if (next == std::string::npos) {
        message = "<" + element->name + "> is not closed";
        return nullptr;
      }
      if (!unescape(text.substr(pos, next - pos), element->text)) {
        message = "malformed text in <" + element->name + ">";
        return nullptr;
      }
      pos = next;
      if (startsWith("</")) {
        pos += 2;
        std::string name = parseName();
        skipSpace();
        if (name != element->name || !startsWith(">")) {
          message = "</" + name + "> closes <" + element->name + ">";
          return nullptr;
        }
        ++pos;
        return element;
      }
      std::unique_ptr<Element> child = parseElement();
      if (!child)
        return nullptr;
      element->children.push_back(std::move(child));
    }
  }

  const std::string &text;
  size_t pos = 0;
  std::string message;
};

} // namespace

std::unique_ptr<Element> parse(const std::string &text, std::string &error) {
  return Parser(text).parseDocument(error);
}

} // namespace sdy_test::xml
