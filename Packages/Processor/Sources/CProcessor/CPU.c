// What the CPU offers: the instruction set the kernels run with, and the features that
// choose OpenBLAS's kernels.
#include "CProcessor.h"

#include <stdlib.h>
#include <strings.h>

int cprocessor_cpu_instruction_level(void) {
#if defined(__x86_64__)
  // Threads may race to fill the cache: they all compute the same value, and the atomic
  // accesses make that race well defined.
  static int cached = -1;
  int value = __atomic_load_n(&cached, __ATOMIC_RELAXED);
  if (value < 0) {
    const unsigned features = cprocessor_cpu_features();
    const unsigned avx2 = CPROCESSOR_CPU_AVX2 | CPROCESSOR_CPU_FMA;
    const unsigned avx512 = avx2 | CPROCESSOR_CPU_AVX512F | CPROCESSOR_CPU_AVX512BW |
                            CPROCESSOR_CPU_AVX512DQ | CPROCESSOR_CPU_AVX512VL;
    value = (features & avx512) == avx512 ? 2 : (features & avx2) == avx2 ? 1 : 0;
    __atomic_store_n(&cached, value, __ATOMIC_RELAXED);
  }
  return value;
#else
  return 0;
#endif
}

int cprocessor_requested_instruction_level(void) {
  return cprocessor_parse_instruction_level(getenv("EMOTIONS_CPU"));
}

int cprocessor_parse_instruction_level(const char *value) {
  if (value == NULL || value[0] == 0) return CPROCESSOR_LEVEL_UNSET;
  if (strcasecmp(value, "generic") == 0) return 0;
  if (strcasecmp(value, "avx2") == 0) return 1;
  if (strcasecmp(value, "avx512") == 0) return 2;
  return CPROCESSOR_LEVEL_UNKNOWN;
}

// A test's choice for the calling thread, -1 when it made none.
static _Thread_local int thread_level = -1;

void cprocessor_override_instruction_level(int level) {
  const int best = cprocessor_cpu_instruction_level();
  thread_level = level < 0 ? -1 : level < best ? level : best;
}

int cprocessor_instruction_level(void) {
  if (thread_level >= 0) return thread_level;
  // The environment is read once: the level must not change under a running program.
  static int cached = -1;
  int value = __atomic_load_n(&cached, __ATOMIC_RELAXED);
  if (value < 0) {
    const int best = cprocessor_cpu_instruction_level();
    const int requested = cprocessor_requested_instruction_level();
    value = requested >= 0 && requested < best ? requested : best;
    __atomic_store_n(&cached, value, __ATOMIC_RELAXED);
  }
  return value;
}

unsigned cprocessor_cpu_features(void) {
#if defined(__x86_64__)
  // __builtin_cpu_supports reports a vector extension only when the system saves its
  // registers too (XCR0), so every feature here is usable.
  __builtin_cpu_init();
  unsigned features = 0;
#define CPROCESSOR_DETECT(name, bit, text) \
  if (__builtin_cpu_supports(text)) features |= CPROCESSOR_CPU_##name;
  CPROCESSOR_CPU_FEATURES(CPROCESSOR_DETECT)
#undef CPROCESSOR_DETECT
  return features;
#else
  return 0;
#endif
}
