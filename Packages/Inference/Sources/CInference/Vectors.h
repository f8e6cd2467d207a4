// Vector types, loads and stores, and the run-time choice of instruction set shared by the
// kernel files. Each kernel body is compiled for AVX-512, for AVX2 with FMA and for the
// baseline target; DISPATCH runs the widest the CPU has.
#ifndef INFERENCE_VECTORS_H
#define INFERENCE_VECTORS_H

#include <string.h>

#include "CInference.h"
#include <CProcessor.h>

#pragma clang diagnostic ignored "-Wpsabi"

typedef float v4f __attribute__((vector_size(16)));
typedef int v4i __attribute__((vector_size(16)));
typedef float v8f __attribute__((vector_size(32)));
typedef int v8i __attribute__((vector_size(32)));
typedef float v16f __attribute__((vector_size(64)));
typedef int v16i __attribute__((vector_size(64)));

#define KERNEL_ATTRIBUTES static inline __attribute__((always_inline))

KERNEL_ATTRIBUTES v4f load4(const float *p) {
  v4f v;
  memcpy(&v, p, sizeof v);
  return v;
}

KERNEL_ATTRIBUTES void store4(float *p, v4f v) { memcpy(p, &v, sizeof v); }

KERNEL_ATTRIBUTES v8f load8(const float *p) {
  v8f v;
  memcpy(&v, p, sizeof v);
  return v;
}

KERNEL_ATTRIBUTES void store8(float *p, v8f v) { memcpy(p, &v, sizeof v); }

KERNEL_ATTRIBUTES v16f load16(const float *p) {
  v16f v;
  memcpy(&v, p, sizeof v);
  return v;
}

KERNEL_ATTRIBUTES void store16(float *p, v16f v) { memcpy(p, &v, sizeof v); }

KERNEL_ATTRIBUTES long max_long(long a, long b) { return a > b ? a : b; }
KERNEL_ATTRIBUTES long min_long(long a, long b) { return a < b ? a : b; }

/// Output columns [*start, *end) whose window lies inside the image.
KERNEL_ATTRIBUTES void interior(const InferenceWindow *w, long *start, long *end) {
  long s = (w->padLeft + w->strideWidth - 1) / w->strideWidth;
  long last = w->inputWidth - w->kernelWidth + w->padLeft;
  s = min_long(s, w->outputWidth);
  *start = s;
  *end = last < 0 ? s : max_long(s, min_long(w->outputWidth, last / w->strideWidth + 1));
}

#if defined(__x86_64__)
#include <immintrin.h>

// The loads and stores above have no target of their own, so functions with one (WIDE,
// WIDE512) that call no body without one load and store through these.
#define LOAD16(p) ((v16f)_mm512_loadu_ps(p))
#define STORE16(p, v) _mm512_storeu_ps((p), (__m512)(v))
#define LOAD8(p) ((v8f)_mm256_loadu_ps(p))
#define STORE8(p, v) _mm256_storeu_ps((p), (__m256)(v))
#define LOAD4(p) ((v4f)_mm_loadu_ps(p))
#define STORE4(p, v) _mm_storeu_ps((p), (__m128)(v))

/// Runs CALL(C) with C the constant equal to `value` when LIST names it (LIST(X, CALL)
/// expands X(C, CALL) for each of its constants), else OTHERWISE: an always-inline kernel
/// body is then compiled once per listed count, its strides and lengths fixed offsets.
#define WITH_CONSTANT_CASE(C, CALL) \
  case C:                           \
    CALL(C);                        \
    break;
#define WITH_CONSTANT(value, LIST, CALL, OTHERWISE) \
  do {                                              \
    switch (value) {                                \
      LIST(WITH_CONSTANT_CASE, CALL)                \
    default:                                        \
      OTHERWISE;                                    \
    }                                               \
  } while (0)

#define WIDE __attribute__((target("avx2,fma")))
#define WIDE512 __attribute__((target("avx512f,avx512bw,avx512dq,avx512vl,fma")))

/// Runs `wide512`, `wide` or `portable`, for the widest instruction set the CPU has.
#define DISPATCH(wide512, wide, portable)              \
  do {                                                 \
    const int level = cprocessor_instruction_level();   \
    if (level == 2) {                                  \
      wide512;                                         \
    } else if (level == 1) {                           \
      wide;                                            \
    } else {                                           \
      portable;                                        \
    }                                                  \
  } while (0)
#else
#define DISPATCH(wide512, wide, portable) portable
#endif

#endif
