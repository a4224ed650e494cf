//===- BoolHexConstants.h - i1 hex with one byte per element ----*- C++ -*-===//
//
// Frameworks (JAX, StableHLO's own printer) write an i1 tensor in hex as one
// byte per element: `dense<"0x01000101"> : tensor<4xi1>` is [true, false,
// true, true]. MLIR 22's attribute parser reads i1 hex as bits packed eight
// to a byte and rejects that size. Where text enters the library it is
// rewritten to the packed form before parsing, so both forms parse to the
// same values in every syntax (the generic op form included, whose
// attributes the builtin parser reads before any op sees them).
//
// A hex of one byte per element becomes the packed bits; a hex whose n
// elements are all equal (in either form) becomes MLIR's splat byte, so the
// attribute is a splat like the `dense<true>` it prints as. Other packed
// hex (ceil(n/8) bytes) and any other size are left to the parser, which
// rejects the sizes it does not know. For n = 1 the two forms are the same
// byte.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_IR_UTILS_BOOLHEXCONSTANTS_H
#define SDY_IR_UTILS_BOOLHEXCONSTANTS_H

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir::sdy {

namespace detail {
// The element count of the static i1 tensor type `tensor<AxBx...xi1>` at
// the start of `text` (after `: `), and the text after it; nullopt for
// anything else.
inline std::optional<int64_t> boolTensorElements(llvm::StringRef text) {
  text = text.ltrim();
  if (!text.consume_front(":"))
    return std::nullopt;
  text = text.ltrim();
  if (!text.consume_front("tensor<"))
    return std::nullopt;
  int64_t n = 1;
  while (!text.empty() && llvm::isDigit(text.front())) {
    uint64_t dim;
    if (text.consumeInteger(10, dim) || !text.consume_front("x") ||
        dim > (uint64_t(1) << 40) ||
        (dim != 0 && n > (int64_t(1) << 40) / static_cast<int64_t>(dim)))
      return std::nullopt;
    n *= static_cast<int64_t>(dim);
  }
  if (!text.consume_front("i1>"))
    return std::nullopt;
  return n;
}
} // namespace detail

/// `text` with every `dense<"0x..."> : tensor<...xi1>` that holds one byte
/// per element rewritten to MLIR's packed bits (element i is bit i % 8 of
/// byte i / 8), padded with spaces to the same length so that line:column
/// locations stay; nullopt when nothing needs rewriting.
inline std::optional<std::string> packBoolHexConstants(llvm::StringRef text) {
  static constexpr llvm::StringLiteral kPrefix = "dense<\"0x";
  std::optional<std::string> out;
  size_t pos = 0;
  while ((pos = text.find(kPrefix, pos)) != llvm::StringRef::npos) {
    size_t digits = pos + kPrefix.size();
    size_t end = digits;
    while (end < text.size() && llvm::isHexDigit(text[end]))
      ++end;
    pos = end;
    if (text.substr(end, 2) != "\">")
      continue;
    size_t hexLength = end - digits;
    std::optional<int64_t> n = detail::boolTensorElements(text.substr(end + 2));
    if (!n || *n <= 1 || hexLength % 2 != 0)
      continue;
    int64_t bytes = static_cast<int64_t>(hexLength / 2);
    bool perElement = bytes == *n;
    if (!perElement && bytes != (*n + 7) / 8)
      continue;
    auto byteAt = [&](int64_t i) {
      return llvm::hexFromNibbles(text[digits + 2 * i],
                                  text[digits + 2 * i + 1]);
    };
    std::string packed((*n + 7) / 8, '\0');
    for (int64_t i = 0; i < *n; ++i)
      if (perElement ? byteAt(i) != 0 : (byteAt(i / 8) >> (i % 8)) & 1)
        packed[i / 8] |= static_cast<char>(1u << (i % 8));
    // All elements equal: MLIR's splat byte, so that the attribute is a
    // splat as the printed `dense<true>` / `dense<false>` reads back.
    bool allSet = true, allClear = true;
    for (int64_t i = 0; i < *n; ++i) {
      bool bit = (packed[i / 8] >> (i % 8)) & 1;
      allSet &= bit;
      allClear &= !bit;
    }
    std::string hex;
    if (allSet || allClear)
      hex = allSet ? "FF" : "00";
    else if (perElement)
      hex = llvm::toHex(packed);
    else
      continue; // packed already and not a splat: the parser reads it
    if (!out)
      out = text.str();
    std::string replacement = hex + "\">";
    replacement.resize(hexLength + 2, ' ');
    out->replace(digits, hexLength + 2, replacement);
  }
  return out;
}

} // namespace mlir::sdy

#endif // SDY_IR_UTILS_BOOLHEXCONSTANTS_H
