/*===- MpiBackend.c - the mpi device backend (plugin) ---------------------===*
 *
 * libsdy_backend_mpi.so: one rank per process, devices = ranks of
 * MPI_COMM_WORLD, so each process drives exactly one device (its rank).
 * Collectives run on a communicator per device group, created on first use
 * with MPI_Comm_create_group (collective only over the group's members) and
 * cached; the communicator's rank order is the group order, so chunk order
 * matches the ABI. Each collective starts with a non-blocking barrier polled
 * with MPI_Test against the timeout, so a peer that never joins yields
 * SDY_BACKEND_ERR_TIMEOUT instead of a hang (the request is then abandoned;
 * the job should end); then the blocking MPI collective runs.
 *
 * Small all_reduces (at most SDY_MPI_SMALL_BYTES per member, groups of at
 * most SDY_MPI_SMALL_MAX_RANKS) skip that barrier, which would cost as much
 * as the reduction itself: the members exchange their buffers with
 * non-blocking point-to-point messages polled with MPI_Test against the same
 * deadline (a missing peer still gives SDY_BACKEND_ERR_TIMEOUT within the
 * timeout) and reduce locally (MPI_Iallreduce was tried: OpenMPI's libnbc
 * schedule costs more than the barrier it saves). Peers' data lands in a
 * staging buffer owned by the backend, so a receive abandoned on timeout can
 * never write into the caller's memory later (the staging buffer is then
 * given up, not reused).
 *
 * Written in plain C99 against include/sdy_c/backend.h only, as a vendor
 * plugin would be. Launch with mpirun (e.g. `mpirun -n 4 sdy-run ...
 * --backend mpi`).
 *
 *===----------------------------------------------------------------------===*/
#include "sdy_c/backend.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct group_comm {
  int64_t *ids;
  int32_t n;
  MPI_Comm comm;
  struct group_comm *next;
} group_comm;

/* See the file comment; 16 KiB is where the barrier stops mattering
 * (under 5% of the all_reduce time on 2 ranks). */
#define SDY_MPI_SMALL_BYTES ((size_t)16384)
#define SDY_MPI_SMALL_MAX_RANKS 8

typedef struct mpi_backend {
  sdy_backend_table_t table;
  int rank, size;
  int we_initialized;
  group_comm *comms;
  int next_tag;
  void *stage; /* SDY_MPI_SMALL_BYTES, or NULL once given up */
} mpi_backend;

static int32_t fail(sdy_backend_error_t *err, int32_t code, const char *msg) {
  err->code = code;
  snprintf(err->message, SDY_BACKEND_MESSAGE_SIZE, "%s", msg);
  return code;
}

static int32_t mpi_fail(sdy_backend_error_t *err, const char *what, int rc) {
  char buf[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(rc, buf, &len);
  err->code = SDY_BACKEND_ERR_INTERNAL;
  snprintf(err->message, SDY_BACKEND_MESSAGE_SIZE, "%s: %s", what, buf);
  return SDY_BACKEND_ERR_INTERNAL;
}

static mpi_backend *self(void *ud) { return (mpi_backend *)ud; }

static int32_t check_device(mpi_backend *b, int64_t device,
                            sdy_backend_error_t *err) {
  if (device != b->rank)
    return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                "mpi backend: a process drives only the device of its rank");
  return SDY_BACKEND_OK;
}

/* Waits for `req` until the deadline. */
static int32_t wait_req(MPI_Request *req, int64_t timeout_ms, const char *what,
                        sdy_backend_error_t *err) {
  double deadline = MPI_Wtime() + (double)timeout_ms / 1000.0;
  int flag = 0;
  long spins = 0;
  for (;;) {
    int rc = MPI_Test(req, &flag, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS) return mpi_fail(err, what, rc);
    if (flag) return SDY_BACKEND_OK;
    if (timeout_ms > 0 && (++spins & 1023) == 0 && MPI_Wtime() > deadline) {
      char msg[256];
      snprintf(msg, sizeof msg,
               "%s: timed out after %lld ms waiting for peers", what,
               (long long)timeout_ms);
      return fail(err, SDY_BACKEND_ERR_TIMEOUT, msg);
    }
  }
}

/* Waits for all of `reqs` until one deadline. */
static int32_t wait_all(MPI_Request *reqs, int n, int64_t timeout_ms,
                        const char *what, sdy_backend_error_t *err) {
  double deadline = MPI_Wtime() + (double)timeout_ms / 1000.0;
  int flag = 0;
  long spins = 0;
  for (;;) {
    int rc = MPI_Testall(n, reqs, &flag, MPI_STATUSES_IGNORE);
    if (rc != MPI_SUCCESS) return mpi_fail(err, what, rc);
    if (flag) return SDY_BACKEND_OK;
    if (timeout_ms > 0 && (++spins & 1023) == 0 && MPI_Wtime() > deadline) {
      char msg[256];
      snprintf(msg, sizeof msg,
               "%s: timed out after %lld ms waiting for peers", what,
               (long long)timeout_ms);
      return fail(err, SDY_BACKEND_ERR_TIMEOUT, msg);
    }
  }
}

/* Members first meet in a non-blocking barrier polled against the timeout;
 * once every member has joined, the blocking collective (OpenMPI's tuned
 * algorithms, faster than the non-blocking ones) cannot hang on a missing
 * peer. */
static int32_t rendezvous(MPI_Comm comm, int64_t timeout_ms, const char *what,
                          sdy_backend_error_t *err) {
  if (timeout_ms <= 0) return SDY_BACKEND_OK;
  MPI_Request req;
  int rc = MPI_Ibarrier(comm, &req);
  if (rc != MPI_SUCCESS) return mpi_fail(err, "MPI_Ibarrier", rc);
  return wait_req(&req, timeout_ms, what, err);
}

static int32_t get_comm(mpi_backend *b, const int64_t *group, int32_t n,
                        MPI_Comm *out, int *me, sdy_backend_error_t *err) {
  int32_t i, j;
  *me = -1;
  for (i = 0; i < n; ++i) {
    if (group[i] < 0 || group[i] >= b->size)
      return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                  "mpi backend: device id out of range");
    for (j = 0; j < i; ++j)
      if (group[j] == group[i])
        return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                    "mpi backend: device repeated in group");
    if (group[i] == b->rank) *me = i;
  }
  if (*me < 0)
    return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                "mpi backend: device is not in the group");
  for (group_comm *g = b->comms; g; g = g->next)
    if (g->n == n && memcmp(g->ids, group, n * sizeof(int64_t)) == 0) {
      *out = g->comm;
      return SDY_BACKEND_OK;
    }
  /* Tag derived from the group so concurrent creations do not mix. */
  uint64_t h = 1469598103934665603ull;
  for (i = 0; i < n; ++i) h = (h ^ (uint64_t)group[i]) * 1099511628211ull;
  int tag = (int)(h % 30000u) + 1;
  MPI_Group world, sub;
  int *ranks = (int *)malloc(sizeof(int) * n);
  for (i = 0; i < n; ++i) ranks[i] = (int)group[i];
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  MPI_Group_incl(world, n, ranks, &sub);
  free(ranks);
  MPI_Comm comm;
  int rc = MPI_Comm_create_group(MPI_COMM_WORLD, sub, tag, &comm);
  MPI_Group_free(&sub);
  MPI_Group_free(&world);
  if (rc != MPI_SUCCESS) return mpi_fail(err, "MPI_Comm_create_group", rc);
  group_comm *g = (group_comm *)malloc(sizeof(group_comm));
  g->ids = (int64_t *)malloc(sizeof(int64_t) * n);
  memcpy(g->ids, group, sizeof(int64_t) * n);
  g->n = n;
  g->comm = comm;
  g->next = b->comms;
  b->comms = g;
  *out = comm;
  return SDY_BACKEND_OK;
}

static int32_t mpi_dtype(int32_t dtype, MPI_Datatype *t,
                         sdy_backend_error_t *err) {
  switch (dtype) {
  case SDY_BACKEND_DTYPE_PRED: *t = MPI_UINT8_T; return 0;
  case SDY_BACKEND_DTYPE_I8: *t = MPI_INT8_T; return 0;
  case SDY_BACKEND_DTYPE_I16: *t = MPI_INT16_T; return 0;
  case SDY_BACKEND_DTYPE_I32: *t = MPI_INT32_T; return 0;
  case SDY_BACKEND_DTYPE_I64: *t = MPI_INT64_T; return 0;
  case SDY_BACKEND_DTYPE_U8: *t = MPI_UINT8_T; return 0;
  case SDY_BACKEND_DTYPE_U16: *t = MPI_UINT16_T; return 0;
  case SDY_BACKEND_DTYPE_U32: *t = MPI_UINT32_T; return 0;
  case SDY_BACKEND_DTYPE_U64: *t = MPI_UINT64_T; return 0;
  case SDY_BACKEND_DTYPE_F32: *t = MPI_FLOAT; return 0;
  case SDY_BACKEND_DTYPE_F64: *t = MPI_DOUBLE; return 0;
  default:
    return fail(err, SDY_BACKEND_ERR_UNSUPPORTED,
                "mpi backend: no MPI reduction for f16/bf16");
  }
}

static int32_t mpi_op(int32_t op, MPI_Op *o, sdy_backend_error_t *err) {
  switch (op) {
  case SDY_BACKEND_REDUCE_SUM: *o = MPI_SUM; return 0;
  case SDY_BACKEND_REDUCE_MAX: *o = MPI_MAX; return 0;
  case SDY_BACKEND_REDUCE_MIN: *o = MPI_MIN; return 0;
  case SDY_BACKEND_REDUCE_PROD: *o = MPI_PROD; return 0;
  default: return fail(err, SDY_BACKEND_ERR_UNSUPPORTED, "unknown reduce op");
  }
}

static void mb_destroy(void *ud) {
  mpi_backend *b = self(ud);
  group_comm *g = b->comms;
  while (g) {
    group_comm *next = g->next;
    if (g->comm != MPI_COMM_NULL) MPI_Comm_free(&g->comm);
    free(g->ids);
    free(g);
    g = next;
  }
  free(b->stage);
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (b->we_initialized && !finalized) MPI_Finalize();
  free(b);
}

static int32_t mb_device_count(void *ud, int32_t *count,
                               sdy_backend_error_t *err) {
  (void)err;
  *count = self(ud)->size;
  return SDY_BACKEND_OK;
}

static int32_t mb_local_devices(void *ud, int64_t *ids, int32_t cap,
                                int32_t *n, sdy_backend_error_t *err) {
  (void)err;
  if (cap > 0) ids[0] = self(ud)->rank;
  *n = 1;
  return SDY_BACKEND_OK;
}

static int32_t mb_alloc(void *ud, int64_t device, size_t bytes, void **out,
                        sdy_backend_error_t *err) {
  if (check_device(self(ud), device, err)) return err->code;
  *out = malloc(bytes ? bytes : 1);
  if (!*out) return fail(err, SDY_BACKEND_ERR_OUT_OF_MEMORY, "out of memory");
  return SDY_BACKEND_OK;
}

static int32_t mb_free(void *ud, int64_t device, void *p,
                       sdy_backend_error_t *err) {
  (void)ud; (void)device; (void)err;
  free(p);
  return SDY_BACKEND_OK;
}

static int32_t mb_copy(void *ud, int64_t device, void *dst, const void *src,
                       size_t bytes, sdy_backend_error_t *err) {
  (void)ud; (void)device; (void)err;
  if (bytes) memcpy(dst, src, bytes);
  return SDY_BACKEND_OK;
}

#define PREAMBLE()                                                             \
  mpi_backend *b = self(ud);                                                   \
  MPI_Comm comm;                                                               \
  int me;                                                                      \
  if (check_device(b, device, err)) return err->code;                          \
  if (get_comm(b, group, gsize, &comm, &me, err)) return err->code

/* Small all_reduce on groups of at most SDY_MPI_SMALL_MAX_RANKS: every
 * member sends its buffer to every other one (non-blocking point-to-point on
 * the group's communicator; MPI keeps messages from one source in order, so
 * consecutive calls do not mix), all requests are polled against the
 * deadline, and each member reduces the n buffers locally in the same order
 * (member n-1 first, then n-2 .. 0 with MPI_Reduce_local), so all members get
 * bit-identical results. Peers' buffers land in the staging buffer. */
static int32_t small_all_reduce(mpi_backend *b, MPI_Comm comm, int me, int n,
                                const void *send, void *recv, size_t count,
                                size_t bytes, MPI_Datatype t, MPI_Op o,
                                int64_t timeout_ms, sdy_backend_error_t *err) {
  enum { TAG = 32001 };
  MPI_Request reqs[2 * SDY_MPI_SMALL_MAX_RANKS];
  const void *bufs[SDY_MPI_SMALL_MAX_RANKS];
  char *stage = (char *)b->stage;
  int nreq = 0, j, rc;
  if (send == recv) { /* keep my contribution: recv is overwritten below */
    memcpy(stage + (size_t)me * SDY_MPI_SMALL_BYTES, send, bytes);
    send = stage + (size_t)me * SDY_MPI_SMALL_BYTES;
  }
  for (j = 0; j < n; ++j) {
    bufs[j] = j == me ? send : stage + (size_t)j * SDY_MPI_SMALL_BYTES;
    if (j == me) continue;
    rc = MPI_Irecv((void *)bufs[j], (int)bytes, MPI_BYTE, j, TAG, comm,
                   &reqs[nreq++]);
    if (rc != MPI_SUCCESS) return mpi_fail(err, "MPI_Irecv", rc);
  }
  for (j = 1; j < n; ++j) {
    int peer = (me + j) % n;
    rc = MPI_Isend(send, (int)bytes, MPI_BYTE, peer, TAG, comm,
                   &reqs[nreq++]);
    if (rc != MPI_SUCCESS) return mpi_fail(err, "MPI_Isend", rc);
  }
  if (wait_all(reqs, nreq, timeout_ms, "all_reduce", err)) {
    b->stage = NULL; /* abandoned receives may still write it */
    return err->code;
  }
  memcpy(recv, bufs[n - 1], bytes);
  for (j = n - 2; j >= 0; --j) {
    rc = MPI_Reduce_local(bufs[j], recv, (int)count, t, o);
    if (rc != MPI_SUCCESS) return mpi_fail(err, "MPI_Reduce_local", rc);
  }
  return SDY_BACKEND_OK;
}

static int32_t mb_all_reduce(void *ud, int64_t device, const int64_t *group,
                             int32_t gsize, const void *send, void *recv,
                             size_t count, int32_t dtype, int32_t op,
                             int64_t timeout_ms, sdy_backend_error_t *err) {
  PREAMBLE();
  MPI_Datatype t;
  MPI_Op o;
  if (mpi_dtype(dtype, &t, err) || mpi_op(op, &o, err)) return err->code;
  (void)me;
  int esize = 0;
  MPI_Type_size(t, &esize);
  size_t bytes = count * (size_t)esize;
  if (timeout_ms > 0 && bytes <= SDY_MPI_SMALL_BYTES &&
      gsize <= SDY_MPI_SMALL_MAX_RANKS && b->stage)
    return small_all_reduce(b, comm, me, gsize, send, recv, count, bytes, t,
                            o, timeout_ms, err);
  if (rendezvous(comm, timeout_ms, "all_reduce", err)) return err->code;
  int rc = MPI_Allreduce(send == recv ? MPI_IN_PLACE : send, recv, (int)count,
                         t, o, comm);
  return rc == MPI_SUCCESS ? SDY_BACKEND_OK : mpi_fail(err, "MPI_Allreduce", rc);
}

static int32_t mb_all_gather(void *ud, int64_t device, const int64_t *group,
                             int32_t gsize, const void *send, void *recv,
                             size_t bytes, int64_t timeout_ms,
                             sdy_backend_error_t *err) {
  PREAMBLE();
  (void)me;
  if (rendezvous(comm, timeout_ms, "all_gather", err)) return err->code;
  int rc = MPI_Allgather(send, (int)bytes, MPI_BYTE, recv, (int)bytes,
                         MPI_BYTE, comm);
  return rc == MPI_SUCCESS ? SDY_BACKEND_OK : mpi_fail(err, "MPI_Allgather", rc);
}

static int32_t mb_all_to_all(void *ud, int64_t device, const int64_t *group,
                             int32_t gsize, const void *send, void *recv,
                             size_t chunk, int64_t timeout_ms,
                             sdy_backend_error_t *err) {
  PREAMBLE();
  (void)me;
  if (rendezvous(comm, timeout_ms, "all_to_all", err)) return err->code;
  int rc = MPI_Alltoall(send, (int)chunk, MPI_BYTE, recv, (int)chunk,
                        MPI_BYTE, comm);
  return rc == MPI_SUCCESS ? SDY_BACKEND_OK : mpi_fail(err, "MPI_Alltoall", rc);
}

static int32_t mb_reduce_scatter(void *ud, int64_t device,
                                 const int64_t *group, int32_t gsize,
                                 const void *send, void *recv, size_t count,
                                 int32_t dtype, int32_t op, int64_t timeout_ms,
                                 sdy_backend_error_t *err) {
  PREAMBLE();
  (void)me;
  MPI_Datatype t;
  MPI_Op o;
  if (mpi_dtype(dtype, &t, err) || mpi_op(op, &o, err)) return err->code;
  if (rendezvous(comm, timeout_ms, "reduce_scatter", err)) return err->code;
  int rc = MPI_Reduce_scatter_block(send, recv, (int)count, t, o, comm);
  return rc == MPI_SUCCESS ? SDY_BACKEND_OK
                           : mpi_fail(err, "MPI_Reduce_scatter_block", rc);
}

static int32_t mb_permute(void *ud, int64_t device, const int64_t *pairs,
                          int32_t npairs, const void *send, void *recv,
                          size_t bytes, int64_t timeout_ms,
                          sdy_backend_error_t *err) {
  mpi_backend *b = self(ud);
  if (check_device(b, device, err)) return err->code;
  MPI_Request reqs[2];
  int nreq = 0, i, rc;
  const int tag = 31000;
  for (i = 0; i < npairs; ++i) {
    int64_t s = pairs[2 * i], t = pairs[2 * i + 1];
    if (s < 0 || t < 0 || s >= b->size || t >= b->size)
      return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                  "collective_permute: device id out of range");
    if (s == device && t == device) {
      if (bytes) memmove(recv, send, bytes);
      continue;
    }
    if (t == device) {
      rc = MPI_Irecv(recv, (int)bytes, MPI_BYTE, (int)s, tag, MPI_COMM_WORLD,
                     &reqs[nreq++]);
      if (rc != MPI_SUCCESS) return mpi_fail(err, "MPI_Irecv", rc);
    }
    if (s == device) {
      rc = MPI_Isend(send, (int)bytes, MPI_BYTE, (int)t, tag, MPI_COMM_WORLD,
                     &reqs[nreq++]);
      if (rc != MPI_SUCCESS) return mpi_fail(err, "MPI_Isend", rc);
    }
  }
  for (i = 0; i < nreq; ++i)
    if (wait_req(&reqs[i], timeout_ms, "collective_permute", err))
      return err->code;
  return SDY_BACKEND_OK;
}

static int32_t mb_barrier(void *ud, int64_t device, const int64_t *group,
                          int32_t gsize, int64_t timeout_ms,
                          sdy_backend_error_t *err) {
  PREAMBLE();
  (void)me;
  MPI_Request req;
  int rc = MPI_Ibarrier(comm, &req);
  if (rc != MPI_SUCCESS) return mpi_fail(err, "MPI_Ibarrier", rc);
  return wait_req(&req, timeout_ms, "barrier", err);
}

__attribute__((visibility("default"))) sdy_backend_table_t *
sdy_backend_create(const char *options, sdy_backend_error_t *err) {
  (void)options;
  int initialized = 0;
  MPI_Initialized(&initialized);
  mpi_backend *b = (mpi_backend *)calloc(1, sizeof(mpi_backend));
  if (!b) {
    fail(err, SDY_BACKEND_ERR_OUT_OF_MEMORY, "out of memory");
    return NULL;
  }
  if (!initialized) {
    int provided = 0;
    int rc = MPI_Init_thread(NULL, NULL, MPI_THREAD_SERIALIZED, &provided);
    if (rc != MPI_SUCCESS) {
      mpi_fail(err, "MPI_Init_thread", rc);
      free(b);
      return NULL;
    }
    b->we_initialized = 1;
  }
  /* One slot per member of a small group; NULL: no small path. */
  b->stage = malloc(SDY_MPI_SMALL_BYTES * SDY_MPI_SMALL_MAX_RANKS);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank(MPI_COMM_WORLD, &b->rank);
  MPI_Comm_size(MPI_COMM_WORLD, &b->size);
  sdy_backend_table_t *t = &b->table;
  t->struct_size = sizeof(sdy_backend_table_t);
  t->abi_version = SDY_BACKEND_ABI_VERSION;
  t->flags = SDY_BACKEND_FLAG_HOST_MEMORY;
  t->name = "mpi";
  t->user_data = b;
  t->destroy = mb_destroy;
  t->device_count = mb_device_count;
  t->local_devices = mb_local_devices;
  t->buffer_alloc = mb_alloc;
  t->buffer_free = mb_free;
  t->copy_to_device = mb_copy;
  t->copy_to_host = mb_copy;
  t->all_reduce = mb_all_reduce;
  t->all_gather = mb_all_gather;
  t->all_to_all = mb_all_to_all;
  t->reduce_scatter = mb_reduce_scatter;
  t->collective_permute = mb_permute;
  t->barrier = mb_barrier;
  return t;
}
