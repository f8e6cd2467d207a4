// What the CPU offers: the instruction set the kernels run with, the features that choose
// OpenBLAS's kernels, and a loop that measures the peak rate of fused multiply-adds.
#include "Vectors.h"

#include <stdlib.h>
#include <strings.h>

int cinference_cpu_instruction_level(void) {
#if defined(__x86_64__)
  // Threads may race to fill the cache: they all compute the same value, and the atomic
  // accesses make that race well defined.
  static int cached = -1;
  int value = __atomic_load_n(&cached, __ATOMIC_RELAXED);
  if (value < 0) {
    const unsigned features = cinference_cpu_features();
    const unsigned avx2 = CINFERENCE_CPU_AVX2 | CINFERENCE_CPU_FMA;
    const unsigned avx512 = avx2 | CINFERENCE_CPU_AVX512F | CINFERENCE_CPU_AVX512BW |
                            CINFERENCE_CPU_AVX512DQ | CINFERENCE_CPU_AVX512VL;
    value = (features & avx512) == avx512 ? 2 : (features & avx2) == avx2 ? 1 : 0;
    __atomic_store_n(&cached, value, __ATOMIC_RELAXED);
  }
  return value;
#else
  return 0;
#endif
}

int cinference_requested_instruction_level(void) {
  return cinference_parse_instruction_level(getenv("EMOTIONS_CPU"));
}

int cinference_parse_instruction_level(const char *value) {
  if (value == NULL || value[0] == 0) return CINFERENCE_LEVEL_UNSET;
  if (strcasecmp(value, "generic") == 0) return 0;
  if (strcasecmp(value, "avx2") == 0) return 1;
  if (strcasecmp(value, "avx512") == 0) return 2;
  return CINFERENCE_LEVEL_UNKNOWN;
}

// A test's choice for the calling thread, -1 when it made none.
static _Thread_local int thread_level = -1;

void cinference_override_instruction_level(int level) {
  const int best = cinference_cpu_instruction_level();
  thread_level = level < 0 ? -1 : level < best ? level : best;
}

int cinference_instruction_level(void) {
  if (thread_level >= 0) return thread_level;
  // The environment is read once: the level must not change under a running program.
  static int cached = -1;
  int value = __atomic_load_n(&cached, __ATOMIC_RELAXED);
  if (value < 0) {
    const int best = cinference_cpu_instruction_level();
    const int requested = cinference_requested_instruction_level();
    value = requested >= 0 && requested < best ? requested : best;
    __atomic_store_n(&cached, value, __ATOMIC_RELAXED);
  }
  return value;
}

unsigned cinference_cpu_features(void) {
#if defined(__x86_64__)
  // __builtin_cpu_supports reports a vector extension only when the system saves its
  // registers too (XCR0), so every feature here is usable.
  __builtin_cpu_init();
  unsigned features = 0;
  if (__builtin_cpu_supports("sse3")) features |= CINFERENCE_CPU_SSE3;
  if (__builtin_cpu_supports("ssse3")) features |= CINFERENCE_CPU_SSSE3;
  if (__builtin_cpu_supports("sse4.2")) features |= CINFERENCE_CPU_SSE4_2;
  if (__builtin_cpu_supports("avx")) features |= CINFERENCE_CPU_AVX;
  if (__builtin_cpu_supports("avx2")) features |= CINFERENCE_CPU_AVX2;
  if (__builtin_cpu_supports("fma")) features |= CINFERENCE_CPU_FMA;
  if (__builtin_cpu_supports("avx512f")) features |= CINFERENCE_CPU_AVX512F;
  if (__builtin_cpu_supports("avx512bw")) features |= CINFERENCE_CPU_AVX512BW;
  if (__builtin_cpu_supports("avx512dq")) features |= CINFERENCE_CPU_AVX512DQ;
  if (__builtin_cpu_supports("avx512vl")) features |= CINFERENCE_CPU_AVX512VL;
  if (__builtin_cpu_supports("avx512bf16")) features |= CINFERENCE_CPU_AVX512BF16;
  return features;
#else
  return 0;
#endif
}

/// Twelve independent chains of fused multiply-adds on the widest vectors, `iterations`
/// times: enough chains to keep both FMA units busy through their latency.
#define FMA_LOOP(VT, MUL_ADD)                                                                  \
  do {                                                                                         \
    VT acc[12];                                                                                \
    for (int i = 0; i < 12; i++) acc[i] = (VT){0} + (float)i * 1e-3f;                          \
    const VT m = (VT){0} + 0.999f, a = (VT){0} + 1e-6f;                                        \
    for (long it = 0; it < iterations; it++) {                                                 \
      _Pragma("clang loop unroll(full)") for (int i = 0; i < 12; i++) acc[i] =                 \
          MUL_ADD(acc[i], m, a);                                                               \
    }                                                                                          \
    VT sum = acc[0];                                                                           \
    for (int i = 1; i < 12; i++) sum += acc[i];                                                \
    float lanes[sizeof(VT) / sizeof(float)];                                                   \
    memcpy(lanes, &sum, sizeof lanes);                                                         \
    *sink = lanes[0];                                                                          \
    return (double)iterations * 12 * (double)(sizeof(VT) / sizeof(float)) * 2;                 \
  } while (0)

#if defined(__x86_64__)
#define FMA512(x, m, a) (__m512) _mm512_fmadd_ps((__m512)(x), (__m512)(m), (__m512)(a))
#define FMA256(x, m, a) (__m256) _mm256_fmadd_ps((__m256)(x), (__m256)(m), (__m256)(a))
static WIDE512 double fma_peak_512(long iterations, float *sink) { FMA_LOOP(v16f, FMA512); }
static WIDE double fma_peak_wide(long iterations, float *sink) { FMA_LOOP(v8f, FMA256); }
#endif

#define PORTABLE_MUL_ADD(x, m, a) ((x) * (m) + (a))
static double fma_peak_portable(long iterations, float *sink) { FMA_LOOP(v8f, PORTABLE_MUL_ADD); }

double cinference_fma_peak(long iterations, float *sink) {
  double flops = 0;
  DISPATCH(flops = fma_peak_512(iterations, sink), flops = fma_peak_wide(iterations, sink),
           flops = fma_peak_portable(iterations, sink));
  return flops;
}
