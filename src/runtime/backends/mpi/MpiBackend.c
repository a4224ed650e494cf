/*===- MpiBackend.c - the mpi device backend (plugin) ---------------------===*
 *
 * libsdy_backend_mpi.so: one rank per process, devices = ranks of
 * MPI_COMM_WORLD, so each process drives exactly one device (its rank).
 * Written in plain C99 against include/sdy_c/backend.h only, as a vendor
 * plugin would be.
 *
 * Launch (Open MPI 4.1; see docs/backends/mpi.md):
 *   mpirun --enable-recovery -n 4 sdy-run ... --backend mpi
 * Without --enable-recovery mpirun kills every rank as soon as one dies, so
 * no survivor can report the failure.
 *
 * Options (the `options` string of sdy_backend_create, "key=value,..."):
 *   timeout_ms=N   timeout of calls that pass timeout_ms <= 0 and of the
 *                  start-up exchange; 0 (default): such calls wait forever,
 *                  start-up waits 60 s.
 *   liveness=on|off  watch the processes of peers on this machine (default
 *                  on) so that a dead peer fails a collective at once.
 * An unknown key or a bad value fails creation with a message.
 *
 * Fault tolerance. Every collective is built from non-blocking
 * point-to-point messages on a private duplicate of MPI_COMM_WORLD, polled
 * with MPI_Testall against the call's deadline (never a blocking MPI call,
 * which could wait forever for a dead peer). While polling, the plugin also
 * checks through /proc whether the group's processes on this machine still
 * live (MpiLiveness.h): Open MPI 4.1 reports a dead peer neither as an error
 * nor as an event. A dead peer gives SDY_BACKEND_ERR_UNAVAILABLE at once; a
 * peer that does not answer (e.g. dead on another machine) gives
 * SDY_BACKEND_ERR_TIMEOUT at the deadline.
 *
 * After such a failure requests are left pending: MPI cannot cancel a
 * matched transfer. So MPI never sees caller memory: every message is sent
 * from and received into the plugin's staging buffer, which is then given
 * up (leaked, never reused or freed), and the backend is poisoned: it makes
 * no further MPI call, later collectives fail at once with
 * SDY_BACKEND_ERR_UNAVAILABLE, and destroy skips MPI_Comm_free and
 * MPI_Finalize (which would wait for the dead peer), so the process can
 * exit. The price is one copy in and one copy out per collective.
 *
 * Algorithms (n = group size): all_gather, all_to_all, reduce_scatter and
 * the small all_reduce exchange directly with every member in one round;
 * the large all_reduce is a direct reduce-scatter followed by a direct
 * all-gather. Reductions run on the host (MpiReduce.h) in group order, so
 * every member gets the same bits, and the same as the local backend.
 *
 *===----------------------------------------------------------------------===*/
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* dladdr, RTLD_NODELETE */
#endif
#include "sdy_c/backend.h"

#include "MpiLiveness.h"
#include "MpiReduce.h"

#include <dlfcn.h>
#include <limits.h>
#include <mpi.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* all_reduces of at most this many bytes exchange whole buffers. */
#define SDY_MPI_SMALL_BYTES ((size_t)65536)
/* MPI counts are int: longer messages go in pieces of this size. */
#define SDY_MPI_PIECE_BYTES ((size_t)1 << 30)
/* Start-up exchange timeout when the option timeout_ms is 0. */
#define SDY_MPI_START_TIMEOUT_MS 60000
/* How long destroy waits for MPI_Finalize after a failure. */
#define SDY_MPI_FINALIZE_WAIT_MS 1000
/* Seconds between two liveness checks while a call waits. */
#define SDY_MPI_LIVENESS_PERIOD 0.01

enum {
  TAG_ALL_REDUCE = 101,
  TAG_ALL_GATHER,
  TAG_ALL_TO_ALL,
  TAG_REDUCE_SCATTER,
  TAG_PERMUTE,
  TAG_BARRIER
};

typedef struct mpi_backend {
  sdy_backend_table_t table;
  int rank, size;
  int we_initialized;
  MPI_Comm comm; /* private duplicate of MPI_COMM_WORLD */

  int64_t option_timeout_ms;
  int option_liveness;
  sdy_mpi_identity self_id;
  sdy_mpi_identity *peers; /* per rank; machine = 0: not watched */

  char *stage; /* staging buffer; given up (leaked) after a failure */
  size_t stage_cap;
  MPI_Request *reqs;
  int nreq, req_cap;

  int failed; /* poisoned: no MPI call any more */
  char failure[SDY_BACKEND_MESSAGE_SIZE];
} mpi_backend;

/* One collective call in progress. */
typedef struct call {
  mpi_backend *b;
  const char *what;
  int64_t timeout_ms; /* <= 0: no deadline */
  double deadline;
  const int64_t *group; /* devices watched for liveness */
  int32_t group_size;
} call;

static mpi_backend *self(void *ud) { return (mpi_backend *)ud; }

static int32_t fail(sdy_backend_error_t *err, int32_t code, const char *fmt,
                    ...) {
  va_list ap;
  va_start(ap, fmt);
  err->code = code;
  vsnprintf(err->message, SDY_BACKEND_MESSAGE_SIZE, fmt, ap);
  va_end(ap);
  return code;
}

/* Records a failure after which pending requests may remain: the staging
 * buffer is given up and the backend makes no further MPI call. */
static int32_t poison(call *c, sdy_backend_error_t *err, int32_t code,
                      const char *fmt, ...) {
  mpi_backend *b = c->b;
  va_list ap;
  va_start(ap, fmt);
  err->code = code;
  vsnprintf(err->message, SDY_BACKEND_MESSAGE_SIZE, fmt, ap);
  va_end(ap);
  b->failed = 1;
  snprintf(b->failure, sizeof b->failure, "%s", err->message);
  b->stage = NULL; /* pending receives may still write it: never reuse */
  b->stage_cap = 0;
  b->nreq = 0;
  return code;
}

static int32_t mpi_error(call *c, sdy_backend_error_t *err, const char *fn,
                         int rc) {
  char buf[MPI_MAX_ERROR_STRING];
  int len = 0, cls = 0;
  buf[0] = 0;
  MPI_Error_string(rc, buf, &len);
  MPI_Error_class(rc, &cls);
  if (cls == MPI_ERR_TRUNCATE)
    return poison(c, err, SDY_BACKEND_ERR_MISMATCH,
                  "mpi backend: %s: a peer sent more data than expected "
                  "(members called it with different sizes): %s",
                  c->what, buf);
  return poison(c, err, SDY_BACKEND_ERR_INTERNAL,
                "mpi backend: %s: %s failed: %s", c->what, fn, buf);
}

/* --- staging and requests ---------------------------------------------------
 */

/* A staging buffer of at least `bytes`; OUT_OF_MEMORY leaves no request
 * behind, so it does not poison. */
static int32_t stage(mpi_backend *b, size_t bytes, char **out,
                     sdy_backend_error_t *err) {
  if (bytes > b->stage_cap) {
    free(b->stage); /* no request refers to it: the last call completed */
    b->stage = (char *)malloc(bytes);
    b->stage_cap = b->stage ? bytes : 0;
    if (!b->stage)
      return fail(err, SDY_BACKEND_ERR_OUT_OF_MEMORY,
                  "mpi backend: cannot allocate %zu bytes of staging memory",
                  bytes);
  }
  *out = b->stage;
  return SDY_BACKEND_OK;
}

static int32_t reserve_reqs(mpi_backend *b, size_t n,
                            sdy_backend_error_t *err) {
  if (n > (size_t)INT_MAX)
    return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                "mpi backend: too many messages in one collective");
  if ((int)n <= b->req_cap)
    return SDY_BACKEND_OK;
  MPI_Request *r = (MPI_Request *)realloc(b->reqs, n * sizeof(MPI_Request));
  if (!r)
    return fail(err, SDY_BACKEND_ERR_OUT_OF_MEMORY,
                "mpi backend: out of memory for requests");
  b->reqs = r;
  b->req_cap = (int)n;
  return SDY_BACKEND_OK;
}

/* Number of requests a message of `bytes` takes. */
static size_t pieces(size_t bytes) {
  return bytes == 0 ? 1
                    : (bytes + SDY_MPI_PIECE_BYTES - 1) / SDY_MPI_PIECE_BYTES;
}

/* Posts a send (is_send) or a receive of `bytes` with `peer` (world rank);
 * requests go to b->reqs, which reserve_reqs sized beforehand. */
static int32_t post(call *c, int is_send, char *buf, size_t bytes, int peer,
                    int tag, sdy_backend_error_t *err) {
  mpi_backend *b = c->b;
  size_t off = 0;
  do {
    size_t len =
        bytes - off < SDY_MPI_PIECE_BYTES ? bytes - off : SDY_MPI_PIECE_BYTES;
    MPI_Request *r = &b->reqs[b->nreq];
    int rc =
        is_send
            ? MPI_Isend(buf + off, (int)len, MPI_BYTE, peer, tag, b->comm, r)
            : MPI_Irecv(buf + off, (int)len, MPI_BYTE, peer, tag, b->comm, r);
    if (rc != MPI_SUCCESS)
      return mpi_error(c, err, is_send ? "MPI_Isend" : "MPI_Irecv", rc);
    ++b->nreq;
    off += len;
  } while (off < bytes);
  return SDY_BACKEND_OK;
}

/* --- waiting ----------------------------------------------------------------
 */

/* SDY_BACKEND_OK, or UNAVAILABLE (poisoning) when a watched member died. */
static int32_t check_alive(call *c, sdy_backend_error_t *err) {
  mpi_backend *b = c->b;
  if (!b->option_liveness)
    return SDY_BACKEND_OK;
  for (int32_t i = 0; i < c->group_size; ++i) {
    int64_t d = c->group[i];
    if (d == b->rank)
      continue;
    if (!sdy_mpi_alive(&b->self_id, &b->peers[d]))
      return poison(c, err, SDY_BACKEND_ERR_UNAVAILABLE,
                    "mpi backend: %s: device %lld (rank %lld, process %lld on "
                    "this machine) died; the backend is unusable, end the job",
                    c->what, (long long)d, (long long)d,
                    (long long)b->peers[d].pid);
  }
  return SDY_BACKEND_OK;
}

/* Polls every posted request until all complete, the deadline passes, or a
 * watched member dies. */
static int32_t wait_posted(call *c, sdy_backend_error_t *err) {
  mpi_backend *b = c->b;
  double next_check = MPI_Wtime() + SDY_MPI_LIVENESS_PERIOD;
  unsigned spins = 0;
  for (;;) {
    int flag = 0;
    int rc = MPI_Testall(b->nreq, b->reqs, &flag, MPI_STATUSES_IGNORE);
    if (rc != MPI_SUCCESS) {
      /* MPI_ERR_IN_STATUS: one request failed; its code is not kept (we
       * ignore statuses), report the class. */
      return mpi_error(c, err, "MPI_Testall", rc);
    }
    if (flag) {
      b->nreq = 0;
      return SDY_BACKEND_OK;
    }
    if ((++spins & 63) != 0)
      continue;
    double now = MPI_Wtime();
    if (c->timeout_ms > 0 && now > c->deadline)
      return poison(c, err, SDY_BACKEND_ERR_TIMEOUT,
                    "mpi backend: %s: timed out after %lld ms waiting for "
                    "peers (a peer is slow, died on another machine, or "
                    "called another collective); the backend is unusable, "
                    "end the job",
                    c->what, (long long)c->timeout_ms);
    if (now >= next_check) {
      if (check_alive(c, err))
        return err->code;
      next_check = now + SDY_MPI_LIVENESS_PERIOD;
    }
    /* Let the peers run when ranks share cores. */
    if ((spins & 1023) == 0)
      sched_yield();
  }
}

/* --- argument checks --------------------------------------------------------
 */

static int32_t check_device(mpi_backend *b, const char *what, int64_t device,
                            sdy_backend_error_t *err) {
  if (device != b->rank)
    return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                "mpi backend: %s: device %lld is not driven by this process "
                "(rank %d drives device %d only)",
                what, (long long)device, b->rank, b->rank);
  return SDY_BACKEND_OK;
}

/* Starts a collective: checks the device, fails fast once poisoned, and
 * fixes the deadline (timeout_ms <= 0: the option timeout_ms, if any). */
static int32_t begin(mpi_backend *b, call *c, const char *what, int64_t device,
                     int64_t timeout_ms, sdy_backend_error_t *err) {
  if (check_device(b, what, device, err))
    return err->code;
  if (b->failed)
    return fail(err, SDY_BACKEND_ERR_UNAVAILABLE,
                "mpi backend: %s: unusable after an earlier failure (%s)", what,
                b->failure);
  c->b = b;
  c->what = what;
  c->timeout_ms = timeout_ms > 0 ? timeout_ms : b->option_timeout_ms;
  c->deadline = MPI_Wtime() + (double)c->timeout_ms / 1000.0;
  c->group = NULL;
  c->group_size = 0;
  b->nreq = 0;
  return SDY_BACKEND_OK;
}

/* Validates `group` and finds this device's position in it. */
static int32_t check_group(call *c, const int64_t *group, int32_t n, int *me,
                           sdy_backend_error_t *err) {
  mpi_backend *b = c->b;
  if (n < 1 || !group)
    return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                "mpi backend: %s: empty group", c->what);
  *me = -1;
  for (int32_t i = 0; i < n; ++i) {
    if (group[i] < 0 || group[i] >= b->size)
      return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                  "mpi backend: %s: device %lld out of range [0, %d)", c->what,
                  (long long)group[i], b->size);
    for (int32_t j = 0; j < i; ++j)
      if (group[j] == group[i])
        return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                    "mpi backend: %s: device %lld repeated in group", c->what,
                    (long long)group[i]);
    if (group[i] == b->rank)
      *me = (int)i;
  }
  if (*me < 0)
    return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                "mpi backend: %s: device %d is not in the group", c->what,
                b->rank);
  c->group = group;
  c->group_size = n;
  return SDY_BACKEND_OK;
}

static int32_t check_buffers(call *c, const void *send, const void *recv,
                             size_t bytes, sdy_backend_error_t *err) {
  if (bytes && (!send || !recv))
    return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                "mpi backend: %s: null buffer", c->what);
  return SDY_BACKEND_OK;
}

/* a * b, or INVALID_ARGUMENT when it overflows size_t. */
static int32_t mul_size(call *c, size_t a, size_t b, size_t *out,
                        sdy_backend_error_t *err) {
  if (b && a > SIZE_MAX / b)
    return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                "mpi backend: %s: size overflows", c->what);
  *out = a * b;
  return SDY_BACKEND_OK;
}

static int32_t check_reduce(call *c, int32_t dtype, int32_t op,
                            sdy_backend_error_t *err) {
  if (sdy_mpi_dtype_size(dtype) == 0)
    return fail(err, SDY_BACKEND_ERR_UNSUPPORTED,
                "mpi backend: %s: unknown dtype %d", c->what, (int)dtype);
  if (op < SDY_BACKEND_REDUCE_SUM || op > SDY_BACKEND_REDUCE_PROD)
    return fail(err, SDY_BACKEND_ERR_UNSUPPORTED,
                "mpi backend: %s: unknown reduce op %d", c->what, (int)op);
  return SDY_BACKEND_OK;
}

/* --- table: lifecycle and memory
 * ---------------------------------------------- */

/* MPI_Finalize on a helper thread, waited for at most
 * SDY_MPI_FINALIZE_WAIT_MS (see mb_destroy). */
typedef struct finalizer {
  pthread_mutex_t mu;
  pthread_cond_t cv;
  int done, abandoned;
} finalizer;

static void *finalize_main(void *arg) {
  finalizer *f = (finalizer *)arg;
  MPI_Finalize();
  pthread_mutex_lock(&f->mu);
  f->done = 1;
  int abandoned = f->abandoned;
  pthread_cond_signal(&f->cv);
  pthread_mutex_unlock(&f->mu);
  if (abandoned)
    free(f); /* the waiter gave up and left f to us */
  return NULL;
}

static void bounded_finalize(void) {
  finalizer *f = (finalizer *)calloc(1, sizeof *f);
  if (!f)
    return;
  pthread_mutex_init(&f->mu, NULL);
  pthread_cond_init(&f->cv, NULL);
  pthread_t th;
  if (pthread_create(&th, NULL, finalize_main, f) != 0) {
    free(f);
    return;
  }
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_sec += SDY_MPI_FINALIZE_WAIT_MS / 1000;
  until.tv_nsec += (long)(SDY_MPI_FINALIZE_WAIT_MS % 1000) * 1000000L;
  if (until.tv_nsec >= 1000000000L) {
    until.tv_sec += 1;
    until.tv_nsec -= 1000000000L;
  }
  pthread_mutex_lock(&f->mu);
  while (!f->done)
    if (pthread_cond_timedwait(&f->cv, &f->mu, &until) != 0)
      break;
  int done = f->done;
  if (!done)
    f->abandoned = 1;
  pthread_mutex_unlock(&f->mu);
  if (done) {
    pthread_join(th, NULL);
    free(f);
  } else {
    pthread_detach(th);
  }
}

/* Healthy: free the communicator and finalize MPI if the plugin started it.
 * After a failure, MPI_Comm_free is skipped (requests are pending) and
 * MPI_Finalize, which waits for every rank and may wait for a dead one,
 * runs on a helper thread that destroy waits for at most
 * SDY_MPI_FINALIZE_WAIT_MS: a clean finalize lets mpirun see a normal exit;
 * a stuck one stays behind and ends with the process. MPI only ever writes
 * the given-up staging buffer meanwhile. */
static void mb_destroy(void *ud) {
  mpi_backend *b = self(ud);
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized) {
    /* A dead peer on this machine that no collective noticed would make
     * MPI_Finalize wait too. */
    for (int r = 0; !b->failed && b->option_liveness && r < b->size; ++r)
      if (r != b->rank && !sdy_mpi_alive(&b->self_id, &b->peers[r]))
        b->failed = 1;
    if (!b->failed) {
      MPI_Comm_free(&b->comm);
      if (b->we_initialized)
        MPI_Finalize();
    } else if (b->we_initialized) {
      bounded_finalize();
    }
  }
  /* After a failure the staging buffer is already given up (NULL). */
  free(b->stage);
  free(b->reqs);
  free(b->peers);
  free(b);
}

static int32_t mb_device_count(void *ud, int32_t *count,
                               sdy_backend_error_t *err) {
  if (!count)
    return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                "mpi backend: device_count: null count");
  *count = self(ud)->size;
  return SDY_BACKEND_OK;
}

static int32_t mb_local_devices(void *ud, int64_t *ids, int32_t cap, int32_t *n,
                                sdy_backend_error_t *err) {
  if (!n || (cap > 0 && !ids))
    return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                "mpi backend: local_devices: null output");
  if (cap > 0)
    ids[0] = self(ud)->rank;
  *n = 1;
  return SDY_BACKEND_OK;
}

static int32_t mb_alloc(void *ud, int64_t device, size_t bytes, void **out,
                        sdy_backend_error_t *err) {
  if (check_device(self(ud), "buffer_alloc", device, err))
    return err->code;
  if (!out)
    return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                "mpi backend: buffer_alloc: null output");
  *out = malloc(bytes ? bytes : 1);
  if (!*out)
    return fail(err, SDY_BACKEND_ERR_OUT_OF_MEMORY,
                "mpi backend: cannot allocate %zu bytes", bytes);
  return SDY_BACKEND_OK;
}

static int32_t mb_free(void *ud, int64_t device, void *p,
                       sdy_backend_error_t *err) {
  if (check_device(self(ud), "buffer_free", device, err))
    return err->code;
  free(p);
  return SDY_BACKEND_OK;
}

static int32_t mb_copy(void *ud, int64_t device, void *dst, const void *src,
                       size_t bytes, sdy_backend_error_t *err) {
  if (check_device(self(ud), "copy", device, err))
    return err->code;
  if (bytes && (!dst || !src))
    return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                "mpi backend: copy: null buffer");
  if (bytes)
    memmove(dst, src, bytes);
  return SDY_BACKEND_OK;
}

/* --- collectives
 * ---------------------------------------------------------------- */

/* Small all_reduce: every member sends its whole buffer to every other one;
 * each reduces the n buffers in group order. Stage: n slots of `bytes`. */
static int32_t small_all_reduce(call *c, int me, const void *send, void *recv,
                                size_t count, size_t bytes, int32_t dtype,
                                int32_t op, sdy_backend_error_t *err) {
  mpi_backend *b = c->b;
  int n = c->group_size;
  char *st;
  if (stage(b, (size_t)n * bytes, &st, err) ||
      reserve_reqs(b, 2 * (size_t)n, err))
    return err->code;
  memcpy(st + (size_t)me * bytes, send, bytes);
  for (int j = 0; j < n; ++j)
    if (j != me && post(c, 0, st + (size_t)j * bytes, bytes, (int)c->group[j],
                        TAG_ALL_REDUCE, err))
      return err->code;
  for (int k = 1; k < n; ++k) {
    int j = (me + k) % n;
    if (post(c, 1, st + (size_t)me * bytes, bytes, (int)c->group[j],
             TAG_ALL_REDUCE, err))
      return err->code;
  }
  if (wait_posted(c, err))
    return err->code;
  for (int j = 1; j < n; ++j)
    sdy_mpi_reduce(dtype, op, st, st + (size_t)j * bytes, count);
  memcpy(recv, st, bytes);
  return SDY_BACKEND_OK;
}

/* Large all_reduce: member j reduces elements [off_j, off_j + cnt_j) of
 * every member's buffer (direct reduce-scatter), then every member sends
 * its reduced part to all others (direct all-gather). Stage: the whole
 * buffer (sent from, then gathered into) + n slots of the largest part. */
static int32_t large_all_reduce(call *c, int me, const void *send, void *recv,
                                size_t count, size_t es, int32_t dtype,
                                int32_t op, sdy_backend_error_t *err) {
  mpi_backend *b = c->b;
  int n = c->group_size;
  size_t bytes = count * es, base = count / (size_t)n,
         extra = count % (size_t)n;
#define PART_OFF(j)                                                            \
  ((size_t)(j) * base + ((size_t)(j) < extra ? (size_t)(j) : extra))
#define PART_CNT(j) (base + ((size_t)(j) < extra ? 1 : 0))
  size_t slot = (base + (extra ? 1 : 0)) * es, total;
  if (mul_size(c, slot, (size_t)n, &total, err))
    return err->code;
  if (total > SIZE_MAX - bytes)
    return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                "mpi backend: all_reduce: size overflows");
  char *st;
  if (stage(b, bytes + total, &st, err) ||
      reserve_reqs(b, 2 * (size_t)n * pieces(slot), err))
    return err->code;
  char *whole = st, *parts = st + bytes;
  size_t mine = PART_CNT(me) * es;
  memcpy(whole, send, bytes);
  /* Reduce-scatter: my part of member j lands in parts slot j. */
  for (int j = 0; j < n; ++j)
    if (j != me && post(c, 0, parts + (size_t)j * slot, mine, (int)c->group[j],
                        TAG_ALL_REDUCE, err))
      return err->code;
  for (int k = 1; k < n; ++k) {
    int j = (me + k) % n;
    if (post(c, 1, whole + PART_OFF(j) * es, PART_CNT(j) * es, (int)c->group[j],
             TAG_ALL_REDUCE, err))
      return err->code;
  }
  memcpy(parts + (size_t)me * slot, whole + PART_OFF(me) * es, mine);
  if (wait_posted(c, err))
    return err->code;
  for (int j = 1; j < n; ++j)
    sdy_mpi_reduce(dtype, op, parts, parts + (size_t)j * slot, PART_CNT(me));
  /* All-gather: my reduced part to everyone, theirs into `whole`. */
  memcpy(whole + PART_OFF(me) * es, parts, mine);
  for (int j = 0; j < n; ++j)
    if (j != me && post(c, 0, whole + PART_OFF(j) * es, PART_CNT(j) * es,
                        (int)c->group[j], TAG_ALL_REDUCE, err))
      return err->code;
  for (int k = 1; k < n; ++k)
    if (post(c, 1, whole + PART_OFF(me) * es, mine, (int)c->group[(me + k) % n],
             TAG_ALL_REDUCE, err))
      return err->code;
  if (wait_posted(c, err))
    return err->code;
  memcpy(recv, whole, bytes);
  return SDY_BACKEND_OK;
#undef PART_OFF
#undef PART_CNT
}

static int32_t mb_all_reduce(void *ud, int64_t device, const int64_t *group,
                             int32_t gsize, const void *send, void *recv,
                             size_t count, int32_t dtype, int32_t op,
                             int64_t timeout_ms, sdy_backend_error_t *err) {
  call c;
  int me;
  size_t bytes;
  if (begin(self(ud), &c, "all_reduce", device, timeout_ms, err) ||
      check_group(&c, group, gsize, &me, err) ||
      check_reduce(&c, dtype, op, err) ||
      mul_size(&c, count, sdy_mpi_dtype_size(dtype), &bytes, err) ||
      check_buffers(&c, send, recv, bytes, err))
    return err->code;
  if (gsize == 1) {
    if (bytes)
      memmove(recv, send, bytes);
    return SDY_BACKEND_OK;
  }
  if (bytes <= SDY_MPI_SMALL_BYTES)
    return small_all_reduce(&c, me, send, recv, count, bytes, dtype, op, err);
  return large_all_reduce(&c, me, send, recv, count, sdy_mpi_dtype_size(dtype),
                          dtype, op, err);
}

static int32_t mb_all_gather(void *ud, int64_t device, const int64_t *group,
                             int32_t gsize, const void *send, void *recv,
                             size_t bytes, int64_t timeout_ms,
                             sdy_backend_error_t *err) {
  call c;
  int me;
  size_t total;
  char *st;
  if (begin(self(ud), &c, "all_gather", device, timeout_ms, err) ||
      check_group(&c, group, gsize, &me, err) ||
      mul_size(&c, bytes, (size_t)gsize, &total, err) ||
      check_buffers(&c, send, recv, bytes, err) ||
      stage(c.b, total, &st, err) ||
      reserve_reqs(c.b, 2 * (size_t)gsize * pieces(bytes), err))
    return err->code;
  memcpy(st + (size_t)me * bytes, send, bytes);
  for (int j = 0; j < gsize; ++j)
    if (j != me && post(&c, 0, st + (size_t)j * bytes, bytes, (int)group[j],
                        TAG_ALL_GATHER, err))
      return err->code;
  for (int k = 1; k < gsize; ++k)
    if (post(&c, 1, st + (size_t)me * bytes, bytes,
             (int)group[(me + k) % gsize], TAG_ALL_GATHER, err))
      return err->code;
  if (wait_posted(&c, err))
    return err->code;
  if (total)
    memcpy(recv, st, total);
  return SDY_BACKEND_OK;
}

static int32_t mb_all_to_all(void *ud, int64_t device, const int64_t *group,
                             int32_t gsize, const void *send, void *recv,
                             size_t chunk, int64_t timeout_ms,
                             sdy_backend_error_t *err) {
  call c;
  int me;
  size_t total;
  char *st;
  if (begin(self(ud), &c, "all_to_all", device, timeout_ms, err) ||
      check_group(&c, group, gsize, &me, err) ||
      mul_size(&c, chunk, (size_t)gsize, &total, err) ||
      check_buffers(&c, send, recv, chunk, err) ||
      (total > SIZE_MAX / 2 &&
       fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
            "mpi backend: all_to_all: size overflows")) ||
      stage(c.b, 2 * total, &st, err) ||
      reserve_reqs(c.b, 2 * (size_t)gsize * pieces(chunk), err))
    return err->code;
  char *out = st, *in = st + total;
  memcpy(in, send, total);
  for (int j = 0; j < gsize; ++j)
    if (j != me && post(&c, 0, out + (size_t)j * chunk, chunk, (int)group[j],
                        TAG_ALL_TO_ALL, err))
      return err->code;
  for (int k = 1; k < gsize; ++k) {
    int j = (me + k) % gsize;
    if (post(&c, 1, in + (size_t)j * chunk, chunk, (int)group[j],
             TAG_ALL_TO_ALL, err))
      return err->code;
  }
  memcpy(out + (size_t)me * chunk, in + (size_t)me * chunk, chunk);
  if (wait_posted(&c, err))
    return err->code;
  if (total)
    memcpy(recv, out, total);
  return SDY_BACKEND_OK;
}

static int32_t mb_reduce_scatter(void *ud, int64_t device, const int64_t *group,
                                 int32_t gsize, const void *send, void *recv,
                                 size_t count, int32_t dtype, int32_t op,
                                 int64_t timeout_ms, sdy_backend_error_t *err) {
  call c;
  int me;
  size_t cb, total;
  char *st;
  if (begin(self(ud), &c, "reduce_scatter", device, timeout_ms, err) ||
      check_group(&c, group, gsize, &me, err) ||
      check_reduce(&c, dtype, op, err) ||
      mul_size(&c, count, sdy_mpi_dtype_size(dtype), &cb, err) ||
      mul_size(&c, cb, (size_t)gsize, &total, err) ||
      check_buffers(&c, send, recv, cb, err) ||
      (total > SIZE_MAX / 2 &&
       fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
            "mpi backend: reduce_scatter: size overflows")) ||
      stage(c.b, 2 * total, &st, err) ||
      reserve_reqs(c.b, 2 * (size_t)gsize * pieces(cb), err))
    return err->code;
  /* Slot j of `parts` receives member j's chunk `me`. */
  char *parts = st, *in = st + total;
  memcpy(in, send, total);
  for (int j = 0; j < gsize; ++j)
    if (j != me && post(&c, 0, parts + (size_t)j * cb, cb, (int)group[j],
                        TAG_REDUCE_SCATTER, err))
      return err->code;
  for (int k = 1; k < gsize; ++k) {
    int j = (me + k) % gsize;
    if (post(&c, 1, in + (size_t)j * cb, cb, (int)group[j], TAG_REDUCE_SCATTER,
             err))
      return err->code;
  }
  memcpy(parts + (size_t)me * cb, in + (size_t)me * cb, cb);
  if (wait_posted(&c, err))
    return err->code;
  for (int j = 1; j < gsize; ++j)
    sdy_mpi_reduce(dtype, op, parts, parts + (size_t)j * cb, count);
  if (cb)
    memcpy(recv, parts, cb);
  return SDY_BACKEND_OK;
}

static int32_t mb_permute(void *ud, int64_t device, const int64_t *pairs,
                          int32_t npairs, const void *send, void *recv,
                          size_t bytes, int64_t timeout_ms,
                          sdy_backend_error_t *err) {
  call c;
  if (begin(self(ud), &c, "collective_permute", device, timeout_ms, err))
    return err->code;
  mpi_backend *b = c.b;
  if (npairs < 0 || (npairs > 0 && !pairs))
    return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                "mpi backend: collective_permute: bad pairs");
  int64_t from = -1, to = -1;
  for (int32_t i = 0; i < npairs; ++i) {
    int64_t s = pairs[2 * i], t = pairs[2 * i + 1];
    if (s < 0 || t < 0 || s >= b->size || t >= b->size)
      return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                  "mpi backend: collective_permute: device id out of range "
                  "[0, %d) in pair (%lld, %lld)",
                  b->size, (long long)s, (long long)t);
    for (int32_t j = 0; j < i; ++j)
      if (pairs[2 * j] == s || pairs[2 * j + 1] == t)
        return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                    "mpi backend: collective_permute: device %lld is the %s "
                    "of two pairs",
                    (long long)(pairs[2 * j] == s ? s : t),
                    pairs[2 * j] == s ? "source" : "target");
    if (s == device)
      to = t;
    if (t == device)
      from = s;
  }
  if (from < 0 && to < 0)
    return SDY_BACKEND_OK; /* recv untouched */
  if (bytes && ((to >= 0 && !send) || (from >= 0 && !recv)))
    return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                "mpi backend: collective_permute: null buffer");
  if (from == device) { /* (d, d): a local copy */
    if (bytes)
      memmove(recv, send, bytes);
    return SDY_BACKEND_OK;
  }
  char *st;
  if (stage(b, 2 * bytes, &st, err) || reserve_reqs(b, 2 * pieces(bytes), err))
    return err->code;
  int64_t watch[2] = {from >= 0 ? from : device, to >= 0 ? to : device};
  c.group = watch;
  c.group_size = 2;
  if (from >= 0 && post(&c, 0, st, bytes, (int)from, TAG_PERMUTE, err))
    return err->code;
  if (to >= 0) {
    memcpy(st + bytes, send, bytes);
    if (post(&c, 1, st + bytes, bytes, (int)to, TAG_PERMUTE, err))
      return err->code;
  }
  if (wait_posted(&c, err))
    return err->code;
  if (from >= 0 && bytes)
    memcpy(recv, st, bytes);
  return SDY_BACKEND_OK;
}

/* Dissemination barrier: in round k, a zero-byte message to member
 * me + 2^k and one from me - 2^k. */
static int32_t mb_barrier(void *ud, int64_t device, const int64_t *group,
                          int32_t gsize, int64_t timeout_ms,
                          sdy_backend_error_t *err) {
  static char token;
  call c;
  int me;
  if (begin(self(ud), &c, "barrier", device, timeout_ms, err) ||
      check_group(&c, group, gsize, &me, err) || reserve_reqs(c.b, 2, err))
    return err->code;
  for (int k = 1; k < gsize; k *= 2) {
    if (post(&c, 0, &token, 0, (int)group[(me - k % gsize + gsize) % gsize],
             TAG_BARRIER, err) ||
        post(&c, 1, &token, 0, (int)group[(me + k) % gsize], TAG_BARRIER,
             err) ||
        wait_posted(&c, err))
      return err->code;
  }
  return SDY_BACKEND_OK;
}

/* --- creation
 * --------------------------------------------------------------------- */

/* Parses "key=value,..." into b; returns 0 or fills err. */
static int32_t parse_options(mpi_backend *b, const char *options,
                             sdy_backend_error_t *err) {
  b->option_timeout_ms = 0;
  b->option_liveness = 1;
  if (!options)
    return SDY_BACKEND_OK;
  const char *p = options;
  while (*p) {
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    char item[128];
    while (len && (*p == ' ' || *p == '\t'))
      ++p, --len;
    while (len && (p[len - 1] == ' ' || p[len - 1] == '\t'))
      --len;
    if (len >= sizeof item)
      return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                  "mpi backend: option too long in '%s'", options);
    memcpy(item, p, len);
    item[len] = 0;
    char *eq = strchr(item, '=');
    if (len == 0) {
      /* empty item (e.g. trailing comma): ignored */
    } else if (!eq) {
      return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                  "mpi backend: option '%s' is not key=value (known: "
                  "timeout_ms=N, liveness=on|off)",
                  item);
    } else {
      *eq = 0;
      const char *v = eq + 1;
      if (strcmp(item, "timeout_ms") == 0) {
        char *e = NULL;
        long long ms = strtoll(v, &e, 10);
        if (!*v || *e || ms < 0)
          return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                      "mpi backend: timeout_ms must be an integer >= 0, got "
                      "'%s'",
                      v);
        b->option_timeout_ms = ms;
      } else if (strcmp(item, "liveness") == 0) {
        if (strcmp(v, "on") == 0)
          b->option_liveness = 1;
        else if (strcmp(v, "off") == 0)
          b->option_liveness = 0;
        else
          return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                      "mpi backend: liveness must be 'on' or 'off', got '%s'",
                      v);
      } else {
        return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                    "mpi backend: unknown option '%s' (known: timeout_ms=N, "
                    "liveness=on|off)",
                    item);
      }
    }
    if (!end)
      break;
    p = end + 1;
  }
  return SDY_BACKEND_OK;
}

/* Duplicates MPI_COMM_WORLD into b->comm and every rank publishes its
 * process identity (non-blocking, polled, so a rank that never starts
 * gives a timeout). Peers that already look dead
 * (e.g. /proc mounted with hidepid) are not watched. */
static int32_t exchange_identities(mpi_backend *b, sdy_backend_error_t *err) {
  b->peers = (sdy_mpi_identity *)calloc((size_t)b->size, sizeof *b->peers);
  if (!b->peers)
    return fail(err, SDY_BACKEND_ERR_OUT_OF_MEMORY,
                "mpi backend: out of memory");
  b->self_id = sdy_mpi_identity_self();
  if (!b->option_liveness)
    b->self_id.machine = 0;
  b->peers[b->rank] = b->self_id;
  if (reserve_reqs(b, 1, err))
    return err->code;
  call c;
  c.b = b;
  c.what = "start-up";
  c.timeout_ms = b->option_timeout_ms > 0 ? b->option_timeout_ms
                                          : SDY_MPI_START_TIMEOUT_MS;
  c.deadline = MPI_Wtime() + (double)c.timeout_ms / 1000.0;
  c.group = NULL;
  c.group_size = 0;
  /* MPI_Comm_dup would block on a rank that never starts: idup + poll. */
  int rc = MPI_Comm_idup(MPI_COMM_WORLD, &b->comm, &b->reqs[0]);
  if (rc != MPI_SUCCESS)
    return mpi_error(&c, err, "MPI_Comm_idup", rc);
  b->nreq = 1;
  if (wait_posted(&c, err))
    return err->code;
  MPI_Comm_set_errhandler(b->comm, MPI_ERRORS_RETURN);
  rc = MPI_Iallgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, b->peers,
                      (int)sizeof(sdy_mpi_identity), MPI_BYTE, b->comm,
                      &b->reqs[0]);
  if (rc != MPI_SUCCESS)
    return mpi_error(&c, err, "MPI_Iallgather", rc);
  b->nreq = 1;
  if (wait_posted(&c, err))
    return err->code;
  for (int r = 0; r < b->size; ++r)
    if (r != b->rank && !sdy_mpi_alive(&b->self_id, &b->peers[r]))
      b->peers[r].machine = 0;
  return SDY_BACKEND_OK;
}

/* MPI cannot be initialized twice in a process, and Open MPI leaves threads
 * and signal handlers behind (a finalize abandoned by destroy may still
 * run): the plugin, and libmpi with it, stays loaded after dlclose. */
static void pin_plugin(void) {
  Dl_info info;
  if (dladdr((void *)&pin_plugin, &info) && info.dli_fname)
    (void)dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
}

__attribute__((visibility("default"))) sdy_backend_table_t *
sdy_backend_create(const char *options, sdy_backend_error_t *err) {
  mpi_backend *b = (mpi_backend *)calloc(1, sizeof(mpi_backend));
  if (!b) {
    fail(err, SDY_BACKEND_ERR_OUT_OF_MEMORY, "mpi backend: out of memory");
    return NULL;
  }
  if (parse_options(b, options, err)) {
    free(b);
    return NULL;
  }
  int initialized = 0, finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized) {
    fail(err, SDY_BACKEND_ERR_UNAVAILABLE,
         "mpi backend: MPI was already finalized in this process");
    free(b);
    return NULL;
  }
  MPI_Initialized(&initialized);
  if (!initialized) {
    int provided = 0;
    int rc = MPI_Init_thread(NULL, NULL, MPI_THREAD_SERIALIZED, &provided);
    if (rc != MPI_SUCCESS) {
      fail(err, SDY_BACKEND_ERR_INTERNAL,
           "mpi backend: MPI_Init_thread failed");
      free(b);
      return NULL;
    }
    b->we_initialized = 1;
    pin_plugin();
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &b->rank);
  MPI_Comm_size(MPI_COMM_WORLD, &b->size);
  /* Errors return instead of aborting (an application that initialised MPI
   * keeps its own handler on MPI_COMM_WORLD; b->comm always returns). */
  if (b->we_initialized)
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  if (exchange_identities(b, err)) {
    /* A failed exchange poisoned b: no MPI_Finalize (it would wait). */
    free(b->reqs);
    free(b->peers);
    free(b);
    return NULL;
  }
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
