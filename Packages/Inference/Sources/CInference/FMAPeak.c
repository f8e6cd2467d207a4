// A loop that measures the peak rate of fused multiply-adds on the widest vectors.
#include "Vectors.h"

#include <string.h>

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
