//===- Npy.cpp - .npy files for tensors -----------------------------------===//
#include "runtime/Npy.h"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace sdy::runtime {

namespace {
const char *descrOf(ElementType t) {
  switch (t) {
  case ElementType::Pred: return "|b1";
  case ElementType::I8: return "|i1";
  case ElementType::I16: return "<i2";
  case ElementType::I32: return "<i4";
  case ElementType::I64: return "<i8";
  case ElementType::U8: return "|u1";
  case ElementType::U16: return "<u2";
  case ElementType::U32: return "<u4";
  case ElementType::U64: return "<u8";
  case ElementType::F16: return "<f2";
  case ElementType::BF16: return "<u2";
  case ElementType::F32: return "<f4";
  case ElementType::F64: return "<f8";
  }
  return "";
}

bool typeOfDescr(const std::string &d, ElementType &t) {
  static const std::pair<const char *, ElementType> table[] = {
      {"|b1", ElementType::Pred}, {"|i1", ElementType::I8},
      {"<i2", ElementType::I16},  {"<i4", ElementType::I32},
      {"<i8", ElementType::I64},  {"|u1", ElementType::U8},
      {"<u2", ElementType::U16},  {"<u4", ElementType::U32},
      {"<u8", ElementType::U64},  {"<f2", ElementType::F16},
      {"<f4", ElementType::F32},  {"<f8", ElementType::F64},
      {"<V2", ElementType::BF16}};
  for (auto &e : table)
    if (d == e.first) {
      t = e.second;
      return true;
    }
  return false;
}
} // namespace

Status readNpy(const std::string &path, Tensor &out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return Status::invalid("cannot open '" + path + "'");
  char magic[8];
  f.read(magic, 8);
  if (!f || std::string(magic, 6) != "\x93NUMPY")
    return Status::invalid("'" + path + "' is not a .npy file");
  uint32_t hlen = 0;
  if (magic[6] == 1) {
    unsigned char b[2];
    f.read(reinterpret_cast<char *>(b), 2);
    hlen = b[0] | (b[1] << 8);
  } else {
    unsigned char b[4];
    f.read(reinterpret_cast<char *>(b), 4);
    hlen = b[0] | (b[1] << 8) | (b[2] << 16) | (uint32_t(b[3]) << 24);
  }
  std::string header(hlen, '\0');
  f.read(header.data(), hlen);
  auto field = [&](const std::string &key) -> std::string {
    size_t p = header.find("'" + key + "'");
    if (p == std::string::npos) return "";
    p = header.find(':', p);
    return header.substr(p + 1);
  };
  std::string d = field("descr");
  size_t q1 = d.find('\''), q2 = d.find('\'', q1 + 1);
  std::string descr = d.substr(q1 + 1, q2 - q1 - 1);
  ElementType t;
  if (!typeOfDescr(descr, t))
    return Status::unsupported("'" + path + "': unsupported dtype " + descr);
  if (field("fortran_order").find("True") < field("fortran_order").find(','))
    return Status::unsupported("'" + path + "': Fortran order");
  std::string s = field("shape");
  size_t l = s.find('('), r = s.find(')');
  Shape shape;
  std::stringstream ss(s.substr(l + 1, r - l - 1));
  std::string item;
  while (std::getline(ss, item, ','))
    if (item.find_first_not_of(" ") != std::string::npos)
      shape.push_back(std::stoll(item));
  Tensor tensor(t, shape);
  f.read(static_cast<char *>(tensor.raw()), tensor.byteSize());
  if (!f) return Status::invalid("'" + path + "': truncated data");
  out = tensor;
  return Status::ok();
}

Status writeNpy(const std::string &path, const Tensor &t) {
  std::string shape = "(";
  for (int64_t d : t.shape()) shape += std::to_string(d) + ", ";
  if (t.rank() > 1) shape.erase(shape.size() - 2);
  else if (t.rank() == 1) shape.erase(shape.size() - 1);
  shape += ")";
  std::string header = std::string("{'descr': '") + descrOf(t.type()) +
                       "', 'fortran_order': False, 'shape': " + shape + ", }";
  size_t total = 10 + header.size() + 1;
  header += std::string((64 - total % 64) % 64, ' ') + "\n";
  std::ofstream f(path, std::ios::binary);
  if (!f) return Status::invalid("cannot write '" + path + "'");
  f.write("\x93NUMPY\x01\x00", 8);
  uint16_t hl = static_cast<uint16_t>(header.size());
  char b[2] = {static_cast<char>(hl & 0xff), static_cast<char>(hl >> 8)};
  f.write(b, 2);
  f.write(header.data(), header.size());
  f.write(static_cast<const char *>(t.raw()), t.byteSize());
  return f ? Status::ok() : Status::internal("write failed: " + path);
}

} // namespace sdy::runtime
