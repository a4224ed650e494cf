# Compiler flags shared by every target of the engine.
if(NOT LLVM_ENABLE_RTTI)
  add_compile_options($<$<COMPILE_LANGUAGE:CXX>:-fno-rtti>)
endif()
add_compile_options(-Wall -Wno-unused-parameter)

if(SDY_ENABLE_SANITIZERS)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer
                      -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()

# Fuzzing: our own code carries libFuzzer's coverage instrumentation
# (fuzzer-no-link); only the harnesses link the libFuzzer runtime. MLIR/LLVM's
# static libraries stay uninstrumented.
if(SDY_ENABLE_FUZZING)
  if(NOT SDY_ENABLE_SANITIZERS)
    message(FATAL_ERROR "SDY_ENABLE_FUZZING=ON needs SDY_ENABLE_SANITIZERS=ON "
                        "(the harnesses run under ASan + UBSan)")
  endif()
  include(CheckCXXSourceCompiles)
  set(CMAKE_REQUIRED_FLAGS "-fsanitize=fuzzer,address,undefined")
  set(CMAKE_REQUIRED_LINK_OPTIONS "-fsanitize=fuzzer,address,undefined")
  check_cxx_source_compiles([[
    #include <cstddef>
    #include <cstdint>
    extern "C" int LLVMFuzzerTestOneInput(const uint8_t *, size_t) { return 0; }
  ]] SDY_HAVE_LIBFUZZER)
  unset(CMAKE_REQUIRED_FLAGS)
  unset(CMAKE_REQUIRED_LINK_OPTIONS)
  if(NOT SDY_HAVE_LIBFUZZER)
    message(FATAL_ERROR "SDY_ENABLE_FUZZING=ON but ${CMAKE_CXX_COMPILER} cannot "
                        "link -fsanitize=fuzzer: install libclang-rt-22-dev")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
