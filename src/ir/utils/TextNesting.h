//===- TextNesting.h - bracket nesting limit for parsed text ----*- C++ -*-===//
//
// MLIR's parser is recursive descent: text nested a few thousand brackets
// deep (`[[[[...`, `((((...`) overflows the stack instead of failing. The C
// ABI and sdy-opt therefore reject text nested deeper than kMaxTextNesting
// before parsing it. Real programs nest a few dozen levels; 1024 (about 500
// nested regions) stays well inside an 8 MB stack, also under ASan.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_IR_UTILS_TEXTNESTING_H
#define SDY_IR_UTILS_TEXTNESTING_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <utility>

namespace mlir::sdy {

constexpr unsigned kMaxTextNesting = 1024;

/// The 1-based line and column of the first `(`, `[`, `{` or `<` of `text`
/// that opens level kMaxTextNesting + 1 (outside string literals and `//`
/// comments), or nullopt when the text stays within the limit.
inline std::optional<std::pair<unsigned, unsigned>>
findExcessiveNesting(llvm::StringRef text) {
  unsigned depth = 0, line = 1, column = 0;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    ++column;
    if (c == '\n') {
      ++line;
      column = 0;
    } else if (c == '"') { // skip the string literal
      for (++i; i < e && text[i] != '"' && text[i] != '\n'; ++i, ++column)
        if (text[i] == '\\' && i + 1 < e && text[i + 1] != '\n')
          ++i, ++column;
      ++column;
      if (i < e && text[i] == '\n') {
        ++line;
        column = 0;
      }
    } else if (c == '/' && i + 1 < e && text[i + 1] == '/') {
      while (i + 1 < e && text[i + 1] != '\n')
        ++i;
    } else if (c == '(' || c == '[' || c == '{' || c == '<') {
      if (++depth > kMaxTextNesting)
        return std::make_pair(line, column);
    } else if (c == ')' || c == ']' || c == '}' ||
               (c == '>' && (i == 0 || text[i - 1] != '-'))) {
      if (depth > 0)
        --depth;
    }
  }
  return std::nullopt;
}

} // namespace mlir::sdy

#endif // SDY_IR_UTILS_TEXTNESTING_H
