// Where the prediction helper thread runs. Linux wakes a sleeping thread next to the thread
// that woke it, and starts a new thread next to its creator; the helper then shares one core
// with the caller, and the other core idles, until the scheduler next balances its load.
#define _GNU_SOURCE
#include <sched.h>

#include "InferenceCKernels.h"

int inference_current_cpu(void) { return sched_getcpu(); }

void inference_leave_cpu(int cpu) {
  if (cpu < 0 || sched_getcpu() != cpu) return;
  cpu_set_t allowed;
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return;
  if (!CPU_ISSET(cpu, &allowed) || CPU_COUNT(&allowed) < 2) return;
  cpu_set_t others = allowed;
  CPU_CLR(cpu, &others);
  // Excluding the CPU moves the thread at once; putting the mask back lets it stay where it
  // went and move again later like any thread.
  if (sched_setaffinity(0, sizeof others, &others) == 0) {
    sched_setaffinity(0, sizeof allowed, &allowed);
  }
}
