/*===- MpiLiveness.c - is a peer rank's process still alive? -------------===*
 *
 * See MpiLiveness.h. Reads only /proc; never signals a process.
 *
 *===----------------------------------------------------------------------===*/
#define _POSIX_C_SOURCE 200809L
#include "MpiLiveness.h"

#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

static uint64_t fnv(uint64_t h, const char *s, size_t n) {
  for (size_t i = 0; i < n; ++i)
    h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
  return h;
}

/* Reads `pid`'s state letter and start time from /proc/<pid>/stat.
 * Returns 0 when the process does not exist (or /proc is unreadable). */
static int read_stat(int64_t pid, char *state, uint64_t *start) {
  char path[64], buf[1024];
  snprintf(path, sizeof path, "/proc/%lld/stat", (long long)pid);
  FILE *f = fopen(path, "r");
  if (!f)
    return 0;
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = 0;
  /* The command name may hold spaces and ')': fields follow the last ')'. */
  char *p = strrchr(buf, ')');
  if (!p)
    return 0;
  unsigned long long st = 0;
  /* state(3) ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt
   * utime stime cutime cstime priority nice threads itrealvalue starttime(22)
   */
  if (sscanf(p + 1,
             " %c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d "
             "%*d %*d %*d %llu",
             state, &st) != 2)
    return 0;
  *start = st;
  return 1;
}

sdy_mpi_identity sdy_mpi_identity_self(void) {
  sdy_mpi_identity id = {0, (int64_t)getpid(), 0};
  char state = 0;
  if (!read_stat(id.pid, &state, &id.start_time))
    return id;
  char boot[128] = {0}, ns[128] = {0};
  FILE *f = fopen("/proc/sys/kernel/random/boot_id", "r");
  if (!f)
    return id;
  size_t n = fread(boot, 1, sizeof boot - 1, f);
  fclose(f);
  ssize_t m = readlink("/proc/self/ns/pid", ns, sizeof ns - 1);
  if (n == 0 || m <= 0)
    return id;
  uint64_t h = fnv(1469598103934665603ull, boot, n);
  h = fnv(h, ns, (size_t)m);
  id.machine = h ? h : 1;
  return id;
}

int sdy_mpi_watchable(const sdy_mpi_identity *self,
                      const sdy_mpi_identity *peer) {
  return self->machine != 0 && peer->machine == self->machine && peer->pid > 0;
}

int sdy_mpi_alive(const sdy_mpi_identity *self, const sdy_mpi_identity *peer) {
  if (!sdy_mpi_watchable(self, peer))
    return 1;
  char state = 0;
  uint64_t start = 0;
  if (!read_stat(peer->pid, &state, &start))
    return 0;
  if (start != peer->start_time)
    return 0; /* the pid was reused */
  return state != 'Z' && state != 'X' && state != 'x';
}
