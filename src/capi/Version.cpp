//===- Version.cpp - sdy_version ------------------------------------------===//

#include "sdy_c/version.h"

extern "C" {

uint32_t sdy_version(void) { return SDY_C_API_VERSION; }

const char *sdy_version_string(void) {
#define SDY_STR2(x) #x
#define SDY_STR(x) SDY_STR2(x)
  return SDY_STR(SDY_C_API_VERSION_MAJOR) "." SDY_STR(
      SDY_C_API_VERSION_MINOR) "." SDY_STR(SDY_C_API_VERSION_PATCH);
#undef SDY_STR
#undef SDY_STR2
}

int32_t sdy_version_is_compatible(uint32_t header_version) {
  uint32_t major = header_version / 10000;
  uint32_t minor = (header_version / 100) % 100;
  return major == SDY_C_API_VERSION_MAJOR && minor <= SDY_C_API_VERSION_MINOR;
}

} // extern "C"
