//===- Npy.cpp - .npy files for tensors -----------------------------------===//
//
// The reader checks the whole file before it allocates anything: the magic,
// the version, the header length, the header dictionary (a Python literal
// with exactly 'descr', 'fortran_order' and 'shape'), the dimensions and
// that the file holds exactly the bytes the shape needs. A bad file gives a
// message naming the file and what is wrong, never an exception or an
// allocation sized by untrusted numbers.
//
//===----------------------------------------------------------------------===//
#include "runtime/Npy.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <limits>

namespace sdy::runtime {

namespace {

const char *descrOf(ElementType t) {
  switch (t) {
  case ElementType::Pred:
    return "|b1";
  case ElementType::I8:
    return "|i1";
  case ElementType::I16:
    return "<i2";
  case ElementType::I32:
    return "<i4";
  case ElementType::I64:
    return "<i8";
  case ElementType::U8:
    return "|u1";
  case ElementType::U16:
    return "<u2";
  case ElementType::U32:
    return "<u4";
  case ElementType::U64:
    return "<u8";
  case ElementType::F16:
    return "<f2";
  case ElementType::BF16:
    return "<u2";
  case ElementType::F32:
    return "<f4";
  case ElementType::F64:
    return "<f8";
  case ElementType::C64:
    return "<c8";
  case ElementType::C128:
    return "<c16";
  default:
    // numpy has no sub-byte integers or narrow floats: their bytes (one per
    // element, the value in the low bits), as bf16 is written as its bits.
    return "|u1";
  }
}

constexpr std::pair<const char *, ElementType> kDescrs[] = {
    {"|b1", ElementType::Pred}, {"|i1", ElementType::I8},
    {"<i2", ElementType::I16},  {"<i4", ElementType::I32},
    {"<i8", ElementType::I64},  {"|u1", ElementType::U8},
    {"<u2", ElementType::U16},  {"<u4", ElementType::U32},
    {"<u8", ElementType::U64},  {"<f2", ElementType::F16},
    {"<f4", ElementType::F32},  {"<f8", ElementType::F64},
    {"<V2", ElementType::BF16}, {"<c8", ElementType::C64},
    {"<c16", ElementType::C128}};

bool typeOfDescr(const std::string &d, ElementType &t) {
  for (auto &e : kDescrs)
    if (d == e.first) {
      t = e.second;
      return true;
    }
  return false;
}

std::string knownDescrs() {
  std::string list;
  for (auto &e : kDescrs)
    list += (list.empty() ? "" : ", ") + std::string(e.first);
  return list;
}

/// The header dictionary: `{'descr': '<f4', 'fortran_order': False,
/// 'shape': (2, 3), }` followed by space padding and a newline.
class HeaderParser {
public:
  explicit HeaderParser(const std::string &text) : text(text) {}

  /// Parses the dictionary; on failure returns false and sets `error`.
  bool parse(std::string &descr, bool &fortran, Shape &shape,
             std::string &error) {
    bool haveDescr = false, haveFortran = false, haveShape = false;
    skipSpace();
    if (!consume('{'))
      return fail("the header does not start with '{'", error);
    while (true) {
      skipSpace();
      if (consume('}'))
        break;
      std::string key;
      if (!parseString(key))
        return fail("expected a quoted key or '}' at header offset " +
                        std::to_string(pos),
                    error);
      skipSpace();
      if (!consume(':'))
        return fail("expected ':' after key '" + key + "'", error);
      skipSpace();
      if (key == "descr") {
        if (haveDescr)
          return fail("key 'descr' appears twice", error);
        haveDescr = true;
        if (!parseString(descr))
          return fail("'descr' must be a quoted string", error);
      } else if (key == "fortran_order") {
        if (haveFortran)
          return fail("key 'fortran_order' appears twice", error);
        haveFortran = true;
        if (consumeWord("True"))
          fortran = true;
        else if (consumeWord("False"))
          fortran = false;
        else
          return fail("'fortran_order' must be True or False", error);
      } else if (key == "shape") {
        if (haveShape)
          return fail("key 'shape' appears twice", error);
        haveShape = true;
        if (!parseShape(shape, error))
          return false;
      } else {
        return fail("unknown key '" + key +
                        "' (expected 'descr', 'fortran_order' and 'shape')",
                    error);
      }
      skipSpace();
      if (consume('}'))
        break;
      if (!consume(','))
        return fail("expected ',' or '}' after the value of '" + key + "'",
                    error);
    }
    skipSpace();
    if (pos != text.size())
      return fail("unexpected text after the header dictionary", error);
    if (!haveDescr)
      return fail("the header has no 'descr'", error);
    if (!haveFortran)
      return fail("the header has no 'fortran_order'", error);
    if (!haveShape)
      return fail("the header has no 'shape'", error);
    return true;
  }

private:
  static bool fail(const std::string &message, std::string &error) {
    error = message;
    return false;
  }
  void skipSpace() {
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t' ||
                                 text[pos] == '\n' || text[pos] == '\r'))
      ++pos;
  }
  bool consume(char c) {
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }
  bool consumeWord(const char *word) {
    size_t n = std::strlen(word);
    if (text.compare(pos, n, word) != 0)
      return false;
    pos += n;
    return true;
  }
  bool parseString(std::string &out) {
    if (pos >= text.size() || (text[pos] != '\'' && text[pos] != '"'))
      return false;
    char quote = text[pos];
    size_t end = text.find(quote, pos + 1);
    if (end == std::string::npos)
      return false;
    out = text.substr(pos + 1, end - pos - 1);
    pos = end + 1;
    return true;
  }
  /// `()`, `(N,)`, `(N, M)`, `(N, M,)`: non-negative decimal integers.
  bool parseShape(Shape &shape, std::string &error) {
    if (!consume('('))
      return fail("'shape' must be a tuple of integers like (2, 3)", error);
    while (true) {
      skipSpace();
      if (consume(')'))
        break;
      size_t start = pos;
      bool negative = consume('-');
      uint64_t value = 0;
      size_t digits = 0;
      bool overflow = false;
      while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
        unsigned d = text[pos] - '0';
        if (value > (uint64_t(std::numeric_limits<int64_t>::max()) - d) / 10)
          overflow = true;
        else
          value = value * 10 + d;
        ++pos;
        ++digits;
      }
      if (digits == 0)
        return fail("'shape' must be a tuple of integers like (2, 3)", error);
      std::string literal = text.substr(start, pos - start);
      if (negative)
        return fail("dimension " + std::to_string(shape.size()) + " is " +
                        literal + "; dimensions must be >= 0",
                    error);
      if (overflow)
        return fail("dimension " + std::to_string(shape.size()) + " is " +
                        literal + ", more than 2^63 - 1",
                    error);
      shape.push_back(static_cast<int64_t>(value));
      skipSpace();
      if (consume(')')) {
        // `(3)` is an int in Python, not a tuple.
        if (shape.size() == 1)
          return fail("'shape' (" + literal +
                          ") is not a tuple; a 1-d shape is written (" +
                          literal + ",)",
                      error);
        break;
      }
      if (!consume(','))
        return fail("expected ',' or ')' in 'shape'", error);
      skipSpace();
      if (consume(')'))
        break;
    }
    return true;
  }

  const std::string &text;
  size_t pos = 0;
};

} // namespace

Status readNpy(const std::string &path, Tensor &out) {
  auto bad = [&](const std::string &why) {
    return Status::invalid("'" + path + "': " + why);
  };
  std::ifstream f(path, std::ios::binary | std::ios::ate);
  if (!f)
    return Status::invalid("cannot open '" + path +
                           "': " + std::strerror(errno));
  std::streamoff fileSize = f.tellg();
  if (fileSize < 0)
    return bad("cannot determine the file size");
  f.seekg(0);
  uint64_t size = static_cast<uint64_t>(fileSize);

  unsigned char prefix[12] = {};
  if (size < 10 || !f.read(reinterpret_cast<char *>(prefix), 8))
    return bad("not a .npy file (too short: " + std::to_string(size) +
               " bytes)");
  if (std::memcmp(prefix, "\x93NUMPY", 6) != 0)
    return bad("not a .npy file (the magic string \\x93NUMPY is missing)");
  unsigned major = prefix[6], minor = prefix[7];
  if ((major != 1 && major != 2 && major != 3) || minor != 0)
    return bad("unsupported .npy format version " + std::to_string(major) +
               "." + std::to_string(minor) + " (supported: 1.0, 2.0, 3.0)");
  // Version 1.0 stores the header length in 2 bytes, later ones in 4.
  size_t lengthBytes = major == 1 ? 2 : 4;
  if (size < 8 + lengthBytes ||
      !f.read(reinterpret_cast<char *>(prefix + 8), lengthBytes))
    return bad("truncated before the header length");
  uint64_t headerLength = 0;
  for (size_t i = 0; i < lengthBytes; ++i)
    headerLength |= uint64_t(prefix[8 + i]) << (8 * i);
  uint64_t dataStart = 8 + lengthBytes + headerLength;
  if (headerLength == 0)
    return bad("the header is empty");
  if (dataStart > size)
    return bad("the header length " + std::to_string(headerLength) +
               " runs past the end of the file (" + std::to_string(size) +
               " bytes)");
  std::string header(headerLength, '\0');
  if (!f.read(header.data(), headerLength))
    return bad("cannot read the header");
  if (header.back() != '\n')
    return bad("the header is not terminated by a newline");
  if (header.find('\0') != std::string::npos)
    return bad("the header contains a NUL byte");

  std::string descr, error;
  bool fortran = false;
  Shape shape;
  if (!HeaderParser(header).parse(descr, fortran, shape, error))
    return bad("malformed header: " + error);
  ElementType type;
  if (!typeOfDescr(descr, type))
    return bad("unsupported dtype '" + descr +
               "' (supported: " + knownDescrs() + ")");
  if (fortran)
    return bad("Fortran-ordered arrays are not supported (save with "
               "numpy.ascontiguousarray)");

  uint64_t bytes = elementSize(type);
  for (size_t i = 0; i < shape.size(); ++i) {
    uint64_t dim = static_cast<uint64_t>(shape[i]);
    if (dim != 0 && bytes > uint64_t(std::numeric_limits<int64_t>::max()) / dim)
      return bad("the shape " + shapeString(shape, type) +
                 " has more bytes than fit in 64 bits");
    bytes *= dim;
  }
  if (size - dataStart != bytes)
    return bad("the data is " + std::to_string(size - dataStart) +
               " bytes but shape " + shapeString(shape, type) + " needs " +
               std::to_string(bytes));

  Tensor tensor(type, shape);
  if (bytes && !f.read(static_cast<char *>(tensor.raw()), bytes))
    return bad("cannot read the data");
  out = tensor;
  return Status::ok();
}

Status writeNpy(const std::string &path, const Tensor &t) {
  std::string shape = "(";
  for (int64_t d : t.shape())
    shape += std::to_string(d) + ", ";
  if (t.rank() > 1)
    shape.erase(shape.size() - 2);
  else if (t.rank() == 1)
    shape.erase(shape.size() - 1);
  shape += ")";
  std::string header = std::string("{'descr': '") + descrOf(t.type()) +
                       "', 'fortran_order': False, 'shape': " + shape + ", }";
  size_t total = 10 + header.size() + 1;
  header += std::string((64 - total % 64) % 64, ' ') + "\n";
  std::ofstream f(path, std::ios::binary);
  if (!f)
    return Status::invalid("cannot write '" + path +
                           "': " + std::strerror(errno));
  f.write("\x93NUMPY\x01\x00", 8);
  uint16_t hl = static_cast<uint16_t>(header.size());
  char b[2] = {static_cast<char>(hl & 0xff), static_cast<char>(hl >> 8)};
  f.write(b, 2);
  f.write(header.data(), header.size());
  f.write(static_cast<const char *>(t.raw()), t.byteSize());
  return f ? Status::ok() : Status::internal("write failed: " + path);
}

} // namespace sdy::runtime
