/*===- sdy_c/backend.h - device-backend ABI ------------------------*- C -*-===*
 *
 * The device-backend ABI of sdy: a versioned table of C functions through
 * which the runtime enumerates devices, allocates device memory, copies
 * between host and device, and runs collectives over explicit groups of
 * device ids. A vendor implements the table; the runtime calls it.
 *
 * Plain C99. No function in this file is exported by libsdy_c itself: the
 * header only describes the table a backend provides.
 *
 * Versioning
 *   `struct_size` is the first member and holds sizeof(sdy_backend_table_t) as
 * the backend was compiled. New members are only ever appended; the runtime
 *   treats a member lying beyond `struct_size`, or a NULL function pointer,
 *   as "not provided". `abi_version` is SDY_BACKEND_ABI_VERSION at compile
 *   time; a backend with a larger major version is refused.
 *
 * Errors
 *   Every function returns an sdy_backend_code_t (SDY_BACKEND_OK == 0 on
 *   success) and, on failure, may fill `err->message` (NUL-terminated,
 *   truncated to SDY_BACKEND_MESSAGE_SIZE). `err` is never NULL. Codes may
 *   be added in later versions without changing SDY_BACKEND_ABI_VERSION:
 *   callers treat a code they do not know like SDY_BACKEND_ERR_INTERNAL.
 *
 * Integer types
 *   Device ids are int64_t; numbers of devices or pairs (device_count,
 *   capacity, group_size, num_pairs) are int32_t; data sizes (bytes,
 *   element counts) are size_t.
 *
 * Devices and groups
 *   Devices are numbered 0..device_count-1 (the "global device ids" of
 *   StableHLO collectives, which equal partition ids in sdy). A group is an
 *   array of distinct device ids; its order defines the order of chunks in
 *   all_gather / all_to_all / reduce_scatter. Every member of a group calls
 *   the collective with the same group, sizes, element type and operation,
 *   and members of a group issue their collectives on that group in the same
 *   order. A process drives only its local devices (`local_devices`); the
 *   local backend has all devices in one process (one calling thread per
 *   device), the mpi backend one device per process.
 *
 * Memory
 *   Collectives take device pointers obtained from `buffer_alloc`. When
 *   `flags` has SDY_BACKEND_FLAG_HOST_MEMORY, device memory is ordinary host
 *   memory and any host pointer may be passed (the runtime then skips
 *   copies). Send and receive buffers may be the same pointer for all_reduce
 *   (in-place); otherwise they must not overlap.
 *
 * Timeouts and failures
 *   Each collective takes `timeout_ms` (<= 0: wait forever, or a
 *   backend-defined default). When a peer does not join within it, the call
 *   returns SDY_BACKEND_ERR_TIMEOUT instead of hanging; other members
 *   waiting on the same collective then fail too. When the backend knows a
 *   peer died or cannot be reached it returns SDY_BACKEND_ERR_UNAVAILABLE,
 *   without waiting for the timeout. After either, the group's state is
 *   undefined (messages may be in flight) and the caller should end the
 *   job; the backend must still never hang, never write into caller memory
 *   after the call returned, and `destroy` must return promptly. A backend
 *   may then fail every later call with SDY_BACKEND_ERR_UNAVAILABLE.
 *
 * Reductions (all_reduce, reduce_scatter)
 *   Integers wrap on overflow (two's complement). PRED elements are 0 or 1
 *   (a backend reads any non-zero byte as true and writes 0 or 1): SUM and
 *   MAX are logical or, PROD and MIN logical and. For F16/BF16/F32/F64,
 *   MAX and MIN return NaN when any operand is NaN (StableHLO maximum and
 *   minimum; MPI_MAX/MPI_MIN do not guarantee this); which NaN is kept is
 *   unspecified. F16 and BF16 are combined in f32 and rounded to nearest
 *   even after every pairwise step. Every member of a group receives the
 *   same bits; the association order of float SUM/PROD is backend-defined
 *   (the built-in backends fold members in group order). A backend may
 *   return SDY_BACKEND_ERR_UNSUPPORTED for a dtype or op it lacks; the
 *   runtime then exchanges the data with all_gather/all_to_all and reduces
 *   on the host itself.
 *
 * Threads
 *   The functions may be called concurrently from several threads (one per
 *   local device).
 *
 *===----------------------------------------------------------------------===*/
#ifndef SDY_C_BACKEND_H
#define SDY_C_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SDY_BACKEND_ABI_VERSION 1
#define SDY_BACKEND_MESSAGE_SIZE 512

/* The name of the function a plugin .so exports: it returns a newly created
 * table (ownership passes to the caller, who releases it with `destroy`).
 * `options` is a NUL-terminated, backend-defined string (may be NULL). */
#define SDY_BACKEND_ENTRY_SYMBOL "sdy_backend_create"

typedef enum sdy_backend_code_t {
  SDY_BACKEND_OK = 0,
  SDY_BACKEND_ERR_INVALID_ARGUMENT = 1, /* bad id, group, size or pointer */
  SDY_BACKEND_ERR_UNSUPPORTED = 2,      /* dtype/op not provided */
  SDY_BACKEND_ERR_OUT_OF_MEMORY = 3,
  SDY_BACKEND_ERR_TIMEOUT = 4,    /* a peer did not join in time */
  SDY_BACKEND_ERR_MISMATCH = 5,   /* peers called with other args */
  SDY_BACKEND_ERR_INTERNAL = 6,   /* transport or library failure */
  SDY_BACKEND_ERR_UNAVAILABLE = 7 /* a peer died or cannot be reached */
} sdy_backend_code_t;

typedef struct sdy_backend_error_t {
  int32_t code;
  char message[SDY_BACKEND_MESSAGE_SIZE];
} sdy_backend_error_t;

/* Element types of reducing collectives. Booleans (PRED) are one byte.
 * The values from C64 on were added in 1.2; the runtime never asks a
 * backend to reduce them, and a backend may answer
 * SDY_BACKEND_ERR_UNSUPPORTED for them. Sub-byte integers and the f4/f6/f8
 * types are one byte per element, complex types two floats. */
typedef enum sdy_backend_dtype_t {
  SDY_BACKEND_DTYPE_PRED = 0,
  SDY_BACKEND_DTYPE_I8 = 1,
  SDY_BACKEND_DTYPE_I16 = 2,
  SDY_BACKEND_DTYPE_I32 = 3,
  SDY_BACKEND_DTYPE_I64 = 4,
  SDY_BACKEND_DTYPE_U8 = 5,
  SDY_BACKEND_DTYPE_U16 = 6,
  SDY_BACKEND_DTYPE_U32 = 7,
  SDY_BACKEND_DTYPE_U64 = 8,
  SDY_BACKEND_DTYPE_F16 = 9,
  SDY_BACKEND_DTYPE_BF16 = 10,
  SDY_BACKEND_DTYPE_F32 = 11,
  SDY_BACKEND_DTYPE_F64 = 12,
  SDY_BACKEND_DTYPE_C64 = 13,
  SDY_BACKEND_DTYPE_C128 = 14,
  SDY_BACKEND_DTYPE_I2 = 15,
  SDY_BACKEND_DTYPE_I4 = 16,
  SDY_BACKEND_DTYPE_U2 = 17,
  SDY_BACKEND_DTYPE_U4 = 18,
  SDY_BACKEND_DTYPE_F8E4M3FN = 19,
  SDY_BACKEND_DTYPE_F8E5M2 = 20,
  SDY_BACKEND_DTYPE_F8E4M3FNUZ = 21,
  SDY_BACKEND_DTYPE_F8E5M2FNUZ = 22,
  SDY_BACKEND_DTYPE_F8E4M3B11FNUZ = 23,
  SDY_BACKEND_DTYPE_F8E4M3 = 24,
  SDY_BACKEND_DTYPE_F8E3M4 = 25,
  SDY_BACKEND_DTYPE_F8E8M0FNU = 26,
  SDY_BACKEND_DTYPE_F4E2M1FN = 27,
  SDY_BACKEND_DTYPE_F6E2M3FN = 28,
  SDY_BACKEND_DTYPE_F6E3M2FN = 29
} sdy_backend_dtype_t;

typedef enum sdy_backend_reduce_op_t {
  SDY_BACKEND_REDUCE_SUM = 0,
  SDY_BACKEND_REDUCE_MAX = 1,
  SDY_BACKEND_REDUCE_MIN = 2,
  SDY_BACKEND_REDUCE_PROD = 3
} sdy_backend_reduce_op_t;

/* Device memory is host memory (host pointers may be passed directly). */
#define SDY_BACKEND_FLAG_HOST_MEMORY 1u

typedef struct sdy_backend_table_t {
  size_t struct_size;   /* sizeof(sdy_backend_table_t) of the backend's build */
  uint32_t abi_version; /* SDY_BACKEND_ABI_VERSION */
  uint32_t flags;       /* SDY_BACKEND_FLAG_* */
  const char *name;     /* e.g. "local", "mpi"; owned by the backend */
  void *user_data;      /* passed back as the first argument of each call */

  /* Releases the backend (and the table itself when it was heap-allocated by
   * the backend). */
  void (*destroy)(void *user_data);

  /* Number of devices in the whole system. */
  int32_t (*device_count)(void *user_data, int32_t *count,
                          sdy_backend_error_t *err);
  /* Devices this process drives: writes min(capacity, n) ids, sets *n. */
  int32_t (*local_devices)(void *user_data, int64_t *ids, int32_t capacity,
                           int32_t *n, sdy_backend_error_t *err);

  int32_t (*buffer_alloc)(void *user_data, int64_t device, size_t bytes,
                          void **out, sdy_backend_error_t *err);
  int32_t (*buffer_free)(void *user_data, int64_t device, void *buffer,
                         sdy_backend_error_t *err);
  int32_t (*copy_to_device)(void *user_data, int64_t device, void *dst,
                            const void *host_src, size_t bytes,
                            sdy_backend_error_t *err);
  int32_t (*copy_to_host)(void *user_data, int64_t device, void *host_dst,
                          const void *src, size_t bytes,
                          sdy_backend_error_t *err);

  /* recv[i] = op over members m of send_m[i], for i < count elements. */
  int32_t (*all_reduce)(void *user_data, int64_t device, const int64_t *group,
                        int32_t group_size, const void *send, void *recv,
                        size_t count, int32_t dtype, int32_t op,
                        int64_t timeout_ms, sdy_backend_error_t *err);
  /* recv = concatenation, in group order, of every member's `bytes` bytes. */
  int32_t (*all_gather)(void *user_data, int64_t device, const int64_t *group,
                        int32_t group_size, const void *send, void *recv,
                        size_t bytes, int64_t timeout_ms,
                        sdy_backend_error_t *err);
  /* send holds group_size chunks of `chunk_bytes`; chunk j goes to member j;
   * recv chunk j comes from member j. */
  int32_t (*all_to_all)(void *user_data, int64_t device, const int64_t *group,
                        int32_t group_size, const void *send, void *recv,
                        size_t chunk_bytes, int64_t timeout_ms,
                        sdy_backend_error_t *err);
  /* send holds group_size * count elements; member j receives in recv the
   * reduction of chunk j (count elements) over all members. */
  int32_t (*reduce_scatter)(void *user_data, int64_t device,
                            const int64_t *group, int32_t group_size,
                            const void *send, void *recv, size_t count,
                            int32_t dtype, int32_t op, int64_t timeout_ms,
                            sdy_backend_error_t *err);
  /* `pairs` holds num_pairs (source, target) device ids; sources distinct,
   * targets distinct. Every device that runs the op calls it with the same
   * pairs, including devices not named in them (which must return at once
   * without communicating). A source sends `bytes` from send to its target;
   * a target receives its source's bytes into recv; (d, d) copies send to
   * recv. On a device that is no target (a source only, or not named)
   * `recv` must be left untouched: StableHLO gives such devices zeros, and
   * the runtime zero-fills recv before the call, so a backend never writes
   * zeros itself. On a device that is no source, `send` is not read. */
  int32_t (*collective_permute)(void *user_data, int64_t device,
                                const int64_t *pairs, int32_t num_pairs,
                                const void *send, void *recv, size_t bytes,
                                int64_t timeout_ms, sdy_backend_error_t *err);
  int32_t (*barrier)(void *user_data, int64_t device, const int64_t *group,
                     int32_t group_size, int64_t timeout_ms,
                     sdy_backend_error_t *err);
} sdy_backend_table_t;

/* Signature of SDY_BACKEND_ENTRY_SYMBOL in a plugin. Returns NULL on failure
 * and then fills err. */
typedef sdy_backend_table_t *(*sdy_backend_create_fn)(const char *options,
                                                      sdy_backend_error_t *err);

#ifdef __cplusplus
}
#endif

#endif /* SDY_C_BACKEND_H */
