//===- XmlReader.h - a small XML reader for the SVG tests -------*- C++ -*-===//
//
// Reads the elements of an XML document (tags, attributes, nesting) and
// fails on what is not well-formed: unbalanced or crossed tags, unquoted
// or duplicate attributes, stray `<` or `&`. Enough to read back what the
// SVG renderer wrote without trusting it.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_TESTS_VISUALIZE_XMLREADER_H
#define SDY_TESTS_VISUALIZE_XMLREADER_H

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace sdy_test::xml {

struct Element {
  std::string name;
  std::map<std::string, std::string> attributes;
  std::vector<std::unique_ptr<Element>> children;
  std::string text; // the character data directly inside, unescaped

  std::string attr(const std::string &key) const {
    auto it = attributes.find(key);
    return it == attributes.end() ? std::string() : it->second;
  }
  /// Every element below (and including) this one, in document order.
  void collect(std::vector<const Element *> &out) const {
    out.push_back(this);
    for (const auto &child : children)
      child->collect(out);
  }
};

/// Parses `text` (one root element, optionally after `<!DOCTYPE ...>` or
/// `<?xml ...?>`); on failure returns null and sets `error`.
std::unique_ptr<Element> parse(const std::string &text, std::string &error);

} // namespace sdy_test::xml

#endif // SDY_TESTS_VISUALIZE_XMLREADER_H
