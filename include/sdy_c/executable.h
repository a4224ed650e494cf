/*===- sdy_c/executable.h - running programs on devices ------------------===*
 *
 * An executable is a function of a module prepared to run on N devices; a
 * backend (handle over the device-backend table of backend.h) provides the
 * devices and the collectives. Tensors passed in and out are described by
 * sdy_tensor_t, which has the layout of DLPack's DLTensor.
 *
 * Programs and device counts
 *   sdy_executable_compile() takes a partitioned module (the output of the
 *   "partition" preset, or any StableHLO module with local types and
 *   StableHLO collectives whose `replica_groups` name device ids) or an
 *   unpartitioned one. The number of devices N is, in this order:
 *     1. the module attribute `mhlo.num_partitions` when present;
 *     2. 1 when the module still holds sdy ops other than `sdy.mesh`
 *        (`sdy.reshard`, `sdy.sharding_constraint`, …: a global program that
 *        was not partitioned); its shardings are then ignored;
 *     3. the device count of the mesh used by the `sdy.sharding` of the
 *        function's arguments and results (all must agree);
 *     4. 1 + the largest device id named by a collective's `replica_groups`
 *        or `source_target_pairs`;
 *     5. otherwise 1.
 *   The partitioner keeps `sdy.sharding` on function arguments and results
 *   (they describe the global program), which rule 3 relies on, and records
 *   the function's global signature in the function attribute
 *   `sdy.global_type` (a function type; since 1.1). To run an annotated
 *   global program on one device, set `mhlo.num_partitions = 1`.
 *
 *   An annotated but unpartitioned module is refused, not partitioned
 *   behind the caller's back: when rule 3 applies, some argument or result
 *   is split by its sharding, and the module has neither `sdy.global_type`
 *   nor any collective, compile fails with SDY_FAILED_PRECONDITION ("the
 *   module is not partitioned: ... run the \"partition\" preset first, or set
 *   mhlo.num_partitions = 1 ..."). A module partitioned by hand whose
 *   devices never communicate declares its device count with
 *   `mhlo.num_partitions = N`.
 *
 * Local runs
 *   sdy_executable_run_local() gives every local device of the backend its
 *   own arguments (local shapes, as the function's signature says) and
 *   writes every device's results into caller-provided buffers.
 *
 * Global runs
 *   sdy_executable_run_global() takes global arrays, scatters each argument
 *   to the devices according to its `sdy.sharding` (device d receives
 *   its slice [min(s·L, g), min((s+1)·L, g)) along each dimension,
 *   L = ceil(g / n); an argument without a sharding, or a replicated
 *   dimension, is copied whole), padding a short or empty last shard with
 *   zeros up to the local shape; runs; and gathers each result from the
 *   devices that own its elements (for replicated data, the device with the
 *   lowest id among the holders). The shape of every global argument and
 *   result descriptor is checked against the program's global type: when
 *   the module records it (`sdy.global_type`, written by the partitioner)
 *   or the program runs on one device, the shape must equal it exactly;
 *   otherwise (a module partitioned by hand), along a dimension split into
 *   n shards the global size g must satisfy ceil(g / n) == the local size,
 *   and other dimensions must equal the local size. Every device of the
 *   backend must be local (the local backend; not mpi).
 *
 * Alignment
 *   The first element of every tensor, (char *)data + byte_offset, must be
 *   aligned to the element size (2 bytes for f16, 4 for f32, ...), as
 *   DLPack requires; a misaligned one gives SDY_INVALID_ARGUMENT naming the
 *   argument, the byte_offset and the alignment.
 *
 * Ownership: handles from `**out` parameters belong to the caller
 * (sdy_backend_destroy(), sdy_executable_destroy()). An executable copies
 * the module: the module may be changed or destroyed afterwards. A wrapped
 * backend table is borrowed and must outlive the backend handle.
 *
 * Thread safety: an executable may be run from several threads at once
 * (each run uses its own buffers); a backend runs one program at a time
 * (collectives of two concurrent runs on one backend would interleave).
 *===----------------------------------------------------------------------===*/
#ifndef SDY_C_EXECUTABLE_H
#define SDY_C_EXECUTABLE_H

#include <stddef.h>
#include <stdint.h>

#include "sdy_c/backend.h"
#include "sdy_c/module.h"
#include "sdy_c/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/*--- tensors (DLPack-compatible) --------------------------------------------*/

/* DLPack's DLDataTypeCode values (those from SDY_DL_COMPLEX on since 1.2).
 * Sub-byte types are one element per byte (the value in the low bits):
 * i2/i4 are SDY_DL_INT and ui2/ui4 SDY_DL_UINT with bits = 2 or 4, and the
 * f4/f6 types have bits = 8, unlike DLPack's packed layout. A quantized
 * tensor (!quant.uniform<...>) crosses as its storage integer type. */
enum {
  SDY_DL_INT = 0,                /* kDLInt: i8, i16, i32, i64 (i2, i4) */
  SDY_DL_UINT = 1,               /* kDLUInt: ui8 ... ui64 (ui2, ui4) */
  SDY_DL_FLOAT = 2,              /* kDLFloat: f16, f32, f64 */
  SDY_DL_BFLOAT = 4,             /* kDLBfloat: bf16 */
  SDY_DL_COMPLEX = 5,            /* kDLComplex: complex<f32>/<f64>, 64/128 */
  SDY_DL_BOOL = 6,               /* kDLBool: i1, one byte per element (8) */
  SDY_DL_FLOAT8_E3M4 = 7,        /* kDLFloat8_e3m4 */
  SDY_DL_FLOAT8_E4M3 = 8,        /* kDLFloat8_e4m3 */
  SDY_DL_FLOAT8_E4M3B11FNUZ = 9, /* kDLFloat8_e4m3b11fnuz */
  SDY_DL_FLOAT8_E4M3FN = 10,     /* kDLFloat8_e4m3fn */
  SDY_DL_FLOAT8_E4M3FNUZ = 11,   /* kDLFloat8_e4m3fnuz */
  SDY_DL_FLOAT8_E5M2 = 12,       /* kDLFloat8_e5m2 */
  SDY_DL_FLOAT8_E5M2FNUZ = 13,   /* kDLFloat8_e5m2fnuz */
  SDY_DL_FLOAT8_E8M0FNU = 14,    /* kDLFloat8_e8m0fnu */
  SDY_DL_FLOAT6_E2M3FN = 15,     /* kDLFloat6_e2m3fn (bits = 8) */
  SDY_DL_FLOAT6_E3M2FN = 16,     /* kDLFloat6_e3m2fn (bits = 8) */
  SDY_DL_FLOAT4_E2M1FN = 17      /* kDLFloat4_e2m1fn (bits = 8) */
};

/* DLPack's DLDeviceType values accepted for tensor memory: host memory. */
enum {
  SDY_DL_CPU = 1,      /* kDLCPU (0 is accepted as "host" too) */
  SDY_DL_CUDA_HOST = 3 /* kDLCUDAHost: pinned host memory */
};

/* Layout of DLPack's DLDataType: 4 bytes. `lanes` must be 1. */
typedef struct sdy_dtype {
  uint8_t code; /* SDY_DL_* */
  uint8_t bits; /* 8, 16, 32 or 64 */
  uint16_t lanes;
} sdy_dtype_t;

/* Layout of DLPack's DLDevice: 8 bytes. */
typedef struct sdy_device {
  int32_t device_type; /* SDY_DL_CPU (or 0), SDY_DL_CUDA_HOST */
  int32_t device_id;   /* ignored */
} sdy_device_t;

/* A strided array in host memory, field for field DLPack's DLTensor (48
 * bytes): a `DLTensor *` may be passed where a `sdy_tensor_t *` is expected.
 * The element at index (i0, …, in-1) is at
 *   (char *)data + byte_offset + (i0·strides[0] + … ) · bits / 8
 * with `strides` counted in elements; NULL strides mean compact row-major.
 * `shape` may be NULL only when ndim == 0; `data` may be NULL only when the
 * tensor has no elements. Descriptors are only read, except that results are
 * written through their `data`. */
typedef struct sdy_tensor {
  void *data;
  sdy_device_t device;
  int32_t ndim;
  sdy_dtype_t dtype;
  int64_t *shape;
  int64_t *strides; /* NULL: row-major compact */
  uint64_t byte_offset;
} sdy_tensor_t;

/*--- backends ---------------------------------------------------------------*/

/* A handle over a device backend (the table of backend.h).
 * [thread-safety: movable] */
typedef struct sdy_backend sdy_backend_t;

/* The built-in local backend: `num_devices` (1..4096) devices as threads of
 * this process, collectives over shared memory. */
sdy_status_t *sdy_backend_create_local(int32_t num_devices,
                                       sdy_backend_t **out_backend);

/* Loads a backend plugin .so (dlopen) and calls its
 * SDY_BACKEND_ENTRY_SYMBOL with `options` (NULL or "": none). The plugin
 * stays loaded until the handle is destroyed. A file that cannot be loaded,
 * lacks the entry symbol or fails to start gives SDY_INVALID_ARGUMENT /
 * SDY_FAILED_PRECONDITION with the loader's or backend's message.
 * [nullable: options] */
sdy_status_t *sdy_backend_load(const char *path, const char *options,
                               sdy_backend_t **out_backend);

/* Wraps an in-process backend table. The table is borrowed: it must stay
 * valid until the handle is destroyed, and its `destroy` is not called. A
 * table with a newer major ABI version or a too-small `struct_size` gives
 * SDY_INVALID_ARGUMENT / SDY_UNIMPLEMENTED.
 * [retained: table] */
sdy_status_t *sdy_backend_wrap(const sdy_backend_table_t *table,
                               sdy_backend_t **out_backend);

/* Releases `backend` (for created and loaded backends, the backend itself).
 * NULL is a no-op.
 * [nullable: backend] */
void sdy_backend_destroy(sdy_backend_t *backend);

/* The number of devices of the whole system. */
sdy_status_t *sdy_backend_device_count(const sdy_backend_t *backend,
                                       int32_t *out_count);

/* The ids of the devices this process drives, in the order run_local
 * expects them: writes *out_count ids to `out_ids`, which has room for
 * `capacity` entries (capacity must be >= the count; call with NULL and 0
 * to get the count only).
 * [nullable: out_ids] */
sdy_status_t *sdy_backend_local_devices(const sdy_backend_t *backend,
                                        int64_t *out_ids, size_t capacity,
                                        size_t *out_count);

/*--- executables ------------------------------------------------------------*/

/* [thread-safety: shared] */
typedef struct sdy_executable sdy_executable_t;

/* Prepares `function` (NULL: "main", or the only public function) of
 * `module` to run. The module must verify; every argument and result must
 * be a statically shaped tensor of a supported element type. Failures:
 * SDY_INVALID_ARGUMENT (no such function, inconsistent shardings, an
 * `sdy.global_type` that does not fit the signature),
 * SDY_VERIFICATION_ERROR, SDY_UNIMPLEMENTED (unsupported types),
 * SDY_FAILED_PRECONDITION (an annotated module that is not partitioned,
 * see above).
 * [nullable: function] */
sdy_status_t *sdy_executable_compile(const sdy_module_t *module,
                                     const char *function,
                                     sdy_executable_t **out_executable);

/* Releases `executable`. NULL is a no-op.
 * [nullable: executable] */
void sdy_executable_destroy(sdy_executable_t *executable);

/* The number of devices N the program runs on (see above). */
sdy_status_t *sdy_executable_num_devices(const sdy_executable_t *executable,
                                         int64_t *out_num_devices);

sdy_status_t *sdy_executable_num_args(const sdy_executable_t *executable,
                                      size_t *out_num_args);
sdy_status_t *sdy_executable_num_results(const sdy_executable_t *executable,
                                         size_t *out_num_results);

/* The local (per-device) type of argument `index`: its element type and
 * rank, and its shape written to `out_shape` (room for `capacity` >= rank
 * entries; NULL and 0 to get the rank only). Any of out_dtype, out_rank may
 * be NULL, not both.
 * [nullable: out_dtype, out_rank, out_shape] */
sdy_status_t *sdy_executable_arg_type(const sdy_executable_t *executable,
                                      size_t index, sdy_dtype_t *out_dtype,
                                      size_t *out_rank, int64_t *out_shape,
                                      size_t capacity);
/* Same for result `index`.
 * [nullable: out_dtype, out_rank, out_shape] */
sdy_status_t *sdy_executable_result_type(const sdy_executable_t *executable,
                                         size_t index, sdy_dtype_t *out_dtype,
                                         size_t *out_rank, int64_t *out_shape,
                                         size_t capacity);

/* How argument `index` is split: the number of shards of each dimension
 * (1 for a dimension that is not split, and for every dimension of an
 * argument without a sharding or of a one-device program), written to
 * `out_num_shards` (room for `capacity` >= rank entries). A global size g
 * fits a local size l split into n shards when ceil(g / n) == l; g = l · n is
 * the padded global size. */
sdy_status_t *sdy_executable_arg_num_shards(const sdy_executable_t *executable,
                                            size_t index,
                                            int64_t *out_num_shards,
                                            size_t capacity);
/* Same for result `index`. */
sdy_status_t *
sdy_executable_result_num_shards(const sdy_executable_t *executable,
                                 size_t index, int64_t *out_num_shards,
                                 size_t capacity);

/* The global shape of argument `index` (since 1.1), written to `out_shape`
 * (room for `capacity` >= rank entries). *out_exact (may be NULL) is 1 when
 * the program determines it exactly (the module records it in
 * `sdy.global_type`, the value is not split, or the program runs on one
 * device) and global runs require exactly this shape; 0 for a split value
 * of a module partitioned by hand, where the padded shape (local size ×
 * shards) is written and global runs accept any shape that fits (see
 * "Global runs").
 * [nullable: out_exact] */
sdy_status_t *
sdy_executable_arg_global_shape(const sdy_executable_t *executable,
                                size_t index, int64_t *out_shape,
                                size_t capacity, int32_t *out_exact);
/* Same for result `index`.
 * [nullable: out_exact] */
sdy_status_t *
sdy_executable_result_global_shape(const sdy_executable_t *executable,
                                   size_t index, int64_t *out_shape,
                                   size_t capacity, int32_t *out_exact);

/* The slice of a global argument `index` of `global_shape` (rank entries)
 * that device `device` receives in a global run: [start, limit) per
 * dimension (room for `capacity` >= rank entries each). Checks that the
 * global shape fits the local type and the sharding. */
sdy_status_t *sdy_executable_arg_device_slice(
    const sdy_executable_t *executable, size_t index,
    const int64_t *global_shape, size_t rank, int64_t device,
    int64_t *out_starts, int64_t *out_limits, size_t capacity);

/* Runs on the local devices of `backend`, whose device count must be the
 * executable's N. `args` holds num_local_devices * num_args descriptors,
 * device-major (all arguments of the first local device, then the second,
 * … in the order of sdy_backend_local_devices()); `results` likewise
 * num_local_devices * num_results caller-allocated buffers, written on
 * success. `num_args` / `num_results` are per device and must equal the
 * function's. Shapes and dtypes must match the local types exactly.
 * Errors: SDY_INVALID_ARGUMENT (counts, shapes, dtypes, NULL data,
 * misaligned data, non-host memory, a backend with another device count),
 * SDY_FAILED_PRECONDITION (the program failed on a device: the message
 * names the device and op), SDY_DEADLINE_EXCEEDED (a collective a peer did
 * not join within the collective timeout, 60 s by default),
 * SDY_UNAVAILABLE (a peer died or cannot be reached), SDY_RESOURCE_EXHAUSTED
 * (a tensor too large for this machine's memory), SDY_UNIMPLEMENTED (an op
 * or a collective the engine or the backend does not provide). Uses the
 * default run options (see sdy_executable_run_local_with_options()). Result
 * buffers are unspecified after a failure. */
sdy_status_t *sdy_executable_run_local(const sdy_executable_t *executable,
                                       const sdy_backend_t *backend,
                                       const sdy_tensor_t *args,
                                       size_t num_args, sdy_tensor_t *results,
                                       size_t num_results);

/* Runs on all devices of `backend` (all local, N of them) with global
 * arrays: scatters `global_args` (num_args descriptors) according to the
 * argument shardings and gathers the results into `global_results`
 * (num_results caller-allocated buffers of the global shapes) according to
 * the result shardings (see above). Errors as sdy_executable_run_local(). */
sdy_status_t *sdy_executable_run_global(const sdy_executable_t *executable,
                                        const sdy_backend_t *backend,
                                        const sdy_tensor_t *global_args,
                                        size_t num_args,
                                        sdy_tensor_t *global_results,
                                        size_t num_results);

/*--- run options (since 1.1) -----------------------------------------------*/

/* Limits and cancellation of one run. Versioned by size: `struct_size` is
 * sizeof(sdy_run_options_t) as the caller compiled it, and new fields are
 * only ever appended. A struct_size smaller than that of this first version
 * (SDY_RUN_OPTIONS_SIZE_1_1), or above 4096, gives SDY_INVALID_ARGUMENT;
 * fields that lie beyond a caller's struct_size take their defaults; bytes
 * beyond this library's struct (fields of a newer version) must be zero
 * (their defaults), else SDY_UNIMPLEMENTED.
 *
 * What the limits do
 *   Every device checks the cancel flag and the run's deadline before each
 *   op (ops inside while/case/reduce bodies included) and before each
 *   collective, and a collective is given min(collective_timeout_ms, time
 *   left to the deadline) as its `timeout_ms`. An op already running (a
 *   large dot, say) is not interrupted: the check comes before the next one.
 *   When a device stops (cancelled, past the deadline, or failed), the other
 *   devices of the run stop before their next op; those waiting in a
 *   collective of the built-in local backend are released at once (they do
 *   not wait for their timeout). A multi-device run also watches the cancel
 *   flag and the deadline while devices wait in collectives. Collectives of
 *   a plugin backend (sdy_backend_load / sdy_backend_wrap, e.g. mpi) cannot
 *   be interrupted: one already waiting ends at its own timeout.
 *
 * Outcomes
 *   SDY_CANCELLED          the cancel flag was nonzero at a check;
 *   SDY_DEADLINE_EXCEEDED  the run timeout passed ("run timeout of N ms
 *                          exceeded"), or a peer did not join a collective
 *                          within collective_timeout_ms ("collective timeout
 *                          of N ms exceeded"); the message names the device
 *                          and the op;
 *   SDY_UNAVAILABLE        a peer device or process died or cannot be
 *                          reached (reported by the backend);
 *   SDY_RESOURCE_EXHAUSTED a tensor could not be allocated (the message
 *                          names the op and the type).
 *   When several devices fail, the status is the root cause: a device's own
 *   error first, then the run's limits, then the collective timeouts they
 *   caused on peers. */
typedef struct sdy_run_options {
  size_t struct_size; /* sizeof(sdy_run_options_t) as the caller compiled
                         it; the first member */
  int64_t timeout_ms; /* limit on the whole run; 0: none (default);
                         < 0: SDY_INVALID_ARGUMENT */
  int64_t collective_timeout_ms;  /* longest a device waits for its peers in
                                     one collective; 0: forever; default
                                     60000; < 0: SDY_INVALID_ARGUMENT */
  const volatile int32_t *cancel; /* NULL (default) or a flag another thread
                                     may set nonzero to stop the run with
                                     SDY_CANCELLED; read, never written */
} sdy_run_options_t;

/* The size of sdy_run_options_t in version 1.1, the first version (32 bytes
 * on LP64 platforms); later versions only append fields. */
#define SDY_RUN_OPTIONS_SIZE_1_1                                               \
  (offsetof(sdy_run_options_t, cancel) + sizeof(const volatile int32_t *))

/* Writes the defaults of the fields of version 1.1 and struct_size =
 * SDY_RUN_OPTIONS_SIZE_1_1 (it never writes beyond those bytes, so it is
 * safe with a library of any later minor version). NULL is a no-op.
 * [nullable: options] */
void sdy_run_options_init(sdy_run_options_t *options);

/* sdy_executable_run_local() with `options` (NULL: the defaults, which is
 * what sdy_executable_run_local() uses).
 * [nullable: options] */
sdy_status_t *sdy_executable_run_local_with_options(
    const sdy_executable_t *executable, const sdy_backend_t *backend,
    const sdy_tensor_t *args, size_t num_args, sdy_tensor_t *results,
    size_t num_results, const sdy_run_options_t *options);

/* sdy_executable_run_global() with `options` (NULL: the defaults).
 * [nullable: options] */
sdy_status_t *sdy_executable_run_global_with_options(
    const sdy_executable_t *executable, const sdy_backend_t *backend,
    const sdy_tensor_t *global_args, size_t num_args,
    sdy_tensor_t *global_results, size_t num_results,
    const sdy_run_options_t *options);

/*--- executable options (since 1.3) ----------------------------------------*/

/* How an executable runs its ops (docs/compiled_execution.md). */
enum {
  /* Every op by the interpreter, the reference (default). */
  SDY_EXEC_MODE_INTERPRET = 0,
  /* Fusion clusters of elementwise, broadcast, reshape, transpose and
   * reduce ops are JIT-compiled for the host CPU; the other ops, and a
   * cluster that cannot be compiled, are interpreted (the compile report
   * says which and why). */
  SDY_EXEC_MODE_AUTO = 1,
  /* As SDY_EXEC_MODE_AUTO, but a cluster that cannot be compiled makes
   * sdy_executable_compile_with_options() fail with SDY_UNIMPLEMENTED. */
  SDY_EXEC_MODE_COMPILE = 2
};

/* Options of sdy_executable_compile_with_options(). Versioned by size as
 * sdy_run_options_t: `struct_size` is sizeof(sdy_executable_options_t) as
 * the caller compiled it (at least SDY_EXECUTABLE_OPTIONS_SIZE_1_3, at most
 * 4096, else SDY_INVALID_ARGUMENT); bytes beyond this library's struct must
 * be zero, else SDY_UNIMPLEMENTED. */
typedef struct sdy_executable_options {
  size_t struct_size; /* sizeof(sdy_executable_options_t) as the caller
                         compiled it; the first member */
  int64_t exec_mode;  /* an SDY_EXEC_MODE_* value (default
                         SDY_EXEC_MODE_INTERPRET); others give
                         SDY_INVALID_ARGUMENT */
} sdy_executable_options_t;

/* The size of sdy_executable_options_t in version 1.3, its first version
 * (16 bytes on LP64 platforms). */
#define SDY_EXECUTABLE_OPTIONS_SIZE_1_3                                        \
  (offsetof(sdy_executable_options_t, exec_mode) + sizeof(int64_t))

/* Writes the defaults and struct_size = SDY_EXECUTABLE_OPTIONS_SIZE_1_3.
 * NULL is a no-op.
 * [nullable: options] */
void sdy_executable_options_init(sdy_executable_options_t *options);

/* sdy_executable_compile() with `options` (NULL: the defaults, which is what
 * sdy_executable_compile() uses). With SDY_EXEC_MODE_AUTO or
 * SDY_EXEC_MODE_COMPILE the code is compiled here, once, and shared by every
 * run and device of the executable.
 * [nullable: function, options] */
sdy_status_t *sdy_executable_compile_with_options(
    const sdy_module_t *module, const char *function,
    const sdy_executable_options_t *options, sdy_executable_t **out_executable);

/* What the compiled path compiled (one line per cluster) and which ops it
 * left to the interpreter and why, as text (caller-owned,
 * sdy_string_destroy()); empty for SDY_EXEC_MODE_INTERPRET. */
sdy_status_t *sdy_executable_compile_report(const sdy_executable_t *executable,
                                            char **out_report);

#ifdef __cplusplus
}
#endif

#endif /* SDY_C_EXECUTABLE_H */
