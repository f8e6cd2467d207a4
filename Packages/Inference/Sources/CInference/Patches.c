// im2col: the patches a convolution's matrix product reads, one row per output pixel.
#include "Vectors.h"

/// For each output pixel of rows [firstRow, endRow), its window in (kh, kw, cin) order; taps
/// in the padding are zeros. Inside the image a window row is kw x cin contiguous floats of
/// the NHWC input, moved by COPY(target, source, count); ZERO(target, count) clears.
#define PATCHES_BODY(COPY, ZERO)                                                                \
  do {                                                                                          \
    const long windowRow = w->kernelWidth * channels;                                           \
    const long rowLength = w->kernelHeight * windowRow;                                         \
    long start, end;                                                                            \
    interior(w, &start, &end);                                                                  \
    float *target = patches;                                                                    \
    for (long oy = firstRow; oy < endRow; oy++) {                                               \
      const long top = oy * w->strideHeight - w->padTop;                                        \
      for (long ox = 0; ox < w->outputWidth; ox++, target += rowLength) {                       \
        const long left = ox * w->strideWidth - w->padLeft;                                     \
        const int inside = ox >= start && ox < end;                                             \
        if (inside && top >= 0 && top + w->kernelHeight <= w->inputHeight) {                    \
          /* The whole window inside: kh copies, of a constant length for the window rows */    \
          /* of an RGB input's 3x3 layer (the branchy copy of any length took twice as long). */ \
          const float *source = input + (top * w->inputWidth + left) * channels;                \
          const long pitch = w->inputWidth * channels;                                          \
          if (windowRow == 9) {                                                                 \
            for (long ky = 0; ky < w->kernelHeight; ky++)                                       \
              COPY(target + ky * 9, source + ky * pitch, 9);                                    \
          } else {                                                                              \
            for (long ky = 0; ky < w->kernelHeight; ky++)                                       \
              COPY(target + ky * windowRow, source + ky * pitch, windowRow);                    \
          }                                                                                     \
          continue;                                                                             \
        }                                                                                       \
        for (long ky = 0; ky < w->kernelHeight; ky++) {                                         \
          float *tap = target + ky * windowRow;                                                 \
          const long y = top + ky;                                                              \
          if (y < 0 || y >= w->inputHeight) {                                                   \
            ZERO(tap, windowRow);                                                               \
          } else if (inside) {                                                                  \
            COPY(tap, input + (y * w->inputWidth + left) * channels, windowRow);                \
          } else {                                                                              \
            for (long kx = 0; kx < w->kernelWidth; kx++) {                                      \
              const long x = left + kx;                                                         \
              if (x < 0 || x >= w->inputWidth) {                                                \
                ZERO(tap + kx * channels, channels);                                            \
              } else {                                                                          \
                COPY(tap + kx * channels, input + (y * w->inputWidth + x) * channels, channels); \
              }                                                                                 \
            }                                                                                   \
          }                                                                                     \
        }                                                                                       \
      }                                                                                         \
    }                                                                                           \
  } while (0)

#define PORTABLE_COPY(target, source, count) memcpy(target, source, (size_t)(count) * sizeof(float))
#define PORTABLE_ZERO(target, count) memset(target, 0, (size_t)(count) * sizeof(float))

static void patches_portable(const InferenceWindow *w, long channels, const float *input,
                             float *patches, long firstRow, long endRow) {
  PATCHES_BODY(PORTABLE_COPY, PORTABLE_ZERO);
}

#if defined(__x86_64__)
/// Copies `count` floats 16 at a time, the last vector masked: no byte outside either run is
/// touched.
static inline WIDE512 __attribute__((always_inline)) void copy_512(float *target, const float *source,
                                                                  long count) {
  long i = 0;
  for (; i + 16 <= count; i += 16) _mm512_storeu_ps(target + i, _mm512_loadu_ps(source + i));
  if (i < count) {
    const __mmask16 mask = (__mmask16)((1u << (count - i)) - 1);
    _mm512_mask_storeu_ps(target + i, mask, _mm512_maskz_loadu_ps(mask, source + i));
  }
}

static inline WIDE512 __attribute__((always_inline)) void zero_512(float *target, long count) {
  long i = 0;
  for (; i + 16 <= count; i += 16) _mm512_storeu_ps(target + i, _mm512_setzero_ps());
  if (i < count) {
    _mm512_mask_storeu_ps(target + i, (__mmask16)((1u << (count - i)) - 1), _mm512_setzero_ps());
  }
}

/// Copies `count` floats in vectors of 8, the last one overlapping the one before, then of 4,
/// then one by one: no byte outside either run is touched, and no masked load or store (on
/// AMD's cores a masked store costs more than the rest of a 9-float window row).
static inline WIDE __attribute__((always_inline)) void copy_256(float *target, const float *source,
                                                               long count) {
  if (count >= 8) {
    long i = 0;
    for (; i + 8 <= count; i += 8) _mm256_storeu_ps(target + i, _mm256_loadu_ps(source + i));
    if (i < count) _mm256_storeu_ps(target + count - 8, _mm256_loadu_ps(source + count - 8));
  } else if (count >= 4) {
    const __m128 head = _mm_loadu_ps(source), tail = _mm_loadu_ps(source + count - 4);
    _mm_storeu_ps(target, head);
    _mm_storeu_ps(target + count - 4, tail);
  } else {
    for (long i = 0; i < count; i++) target[i] = source[i];
  }
}

static inline WIDE __attribute__((always_inline)) void zero_256(float *target, long count) {
  if (count >= 8) {
    long i = 0;
    for (; i + 8 <= count; i += 8) _mm256_storeu_ps(target + i, _mm256_setzero_ps());
    if (i < count) _mm256_storeu_ps(target + count - 8, _mm256_setzero_ps());
  } else if (count >= 4) {
    _mm_storeu_ps(target, _mm_setzero_ps());
    _mm_storeu_ps(target + count - 4, _mm_setzero_ps());
  } else {
    for (long i = 0; i < count; i++) target[i] = 0.0f;
  }
}

static WIDE512 void patches_512(const InferenceWindow *w, long channels, const float *input,
                                float *patches, long firstRow, long endRow) {
  PATCHES_BODY(copy_512, zero_512);
}

/// PATCHES_BODY at AVX2, for `channels` a constant where inlined.
static inline WIDE __attribute__((always_inline)) void
patches_256(const InferenceWindow *w, long channels, const float *input, float *patches,
            long firstRow, long endRow) {
  PATCHES_BODY(copy_256, zero_256);
}

/// The channel counts for which the AVX2 im2col is compiled with the count a constant (the
/// models' own): each copy is then straight-line code of a known length.
#define PATCHES_CONSTANT_CHANNELS(X, A) X(8, A) X(16, A) X(32, A) X(64, A) X(128, A)

static WIDE void patches_wide(const InferenceWindow *w, long channels, const float *input,
                              float *patches, long firstRow, long endRow) {
#define PATCHES_CALL(C) patches_256(w, C, input, patches, firstRow, endRow)
  WITH_CONSTANT(channels, PATCHES_CONSTANT_CHANNELS, PATCHES_CALL, PATCHES_CALL(channels));
#undef PATCHES_CALL
}
#endif

void cinference_patches(const InferenceWindow *window, long channels, const float *input,
                       float *patches, long firstRow, long endRow) {
  DISPATCH(patches_512(window, channels, input, patches, firstRow, endRow),
           patches_wide(window, channels, input, patches, firstRow, endRow),
           patches_portable(window, channels, input, patches, firstRow, endRow));
}
