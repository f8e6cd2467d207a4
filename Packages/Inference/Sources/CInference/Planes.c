// Channels-last pixels to channel planes and back: the layouts on either side of a
// convolution that multiplies with the channels as rows (few output channels, see
// PlanarConvolutionKernel.swift). Blocks of 8 pixels x 8 channels are transposed in registers.
#include "Vectors.h"

/// block[c][p] (8 rows `sourceStride` apart) to out[p][c] (8 rows `targetStride` apart). Its
/// own loop variables must not be named p or c: the callers' arguments use theirs.
#define TRANSPOSE8X8_PORTABLE(source, sourceStride, target, targetStride)              \
  for (int tp = 0; tp < 8; tp++)                                                       \
    for (int tc = 0; tc < 8; tc++)                                                     \
  (target)[tp * (targetStride) + tc] = (source)[tc * (sourceStride) + tp]

#if defined(__x86_64__)
/// The 8 x 8 transpose of rows `sourceStride` floats apart into rows `targetStride` apart.
/// With `bias` (8 channels), each transposed row gets it added and, with `relu`, is clipped at 0.
static inline WIDE __attribute__((always_inline)) void transpose8x8(const float *source,
                                                                   long sourceStride, float *target,
                                                                   long targetStride,
                                                                   const float *bias, int relu) {
  __m256 r[8], t[8];
  for (int i = 0; i < 8; i++) r[i] = _mm256_loadu_ps(source + i * sourceStride);
  for (int i = 0; i < 8; i += 2) {
    t[i] = _mm256_unpacklo_ps(r[i], r[i + 1]);
    t[i + 1] = _mm256_unpackhi_ps(r[i], r[i + 1]);
  }
  for (int i = 0; i < 8; i += 4) {
    r[i] = _mm256_shuffle_ps(t[i], t[i + 2], 0x44);
    r[i + 1] = _mm256_shuffle_ps(t[i], t[i + 2], 0xEE);
    r[i + 2] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0x44);
    r[i + 3] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0xEE);
  }
  const __m256 shift = bias ? _mm256_loadu_ps(bias) : _mm256_setzero_ps();
  const __m256 floor = relu ? _mm256_setzero_ps() : _mm256_set1_ps(-__builtin_inff());
  for (int i = 0; i < 4; i++) {
    const __m256 low = _mm256_permute2f128_ps(r[i], r[i + 4], 0x20);
    const __m256 high = _mm256_permute2f128_ps(r[i], r[i + 4], 0x31);
    _mm256_storeu_ps(target + i * targetStride, _mm256_max_ps(_mm256_add_ps(low, shift), floor));
    _mm256_storeu_ps(target + (i + 4) * targetStride, _mm256_max_ps(_mm256_add_ps(high, shift), floor));
  }
}
#define TRANSPOSE8X8_WIDE(source, sourceStride, target, targetStride) \
  transpose8x8(source, sourceStride, target, targetStride, NULL, 0)
#endif

/// pixels[p][c] for `count` pixels of `channels` into planes[c][p] (plane c at c * pitch).
#define TO_PLANES_BODY(TRANSPOSE8X8)                                                           \
  do {                                                                                         \
    long p = 0;                                                                                \
    if (channels % 8 == 0)                                                                     \
      for (; p + 8 <= count; p += 8)                                                           \
        for (long c = 0; c < channels; c += 8)                                                 \
          TRANSPOSE8X8(pixels + p * channels + c, channels, planes + c * pitch + p, pitch);    \
    for (; p < count; p++)                                                                     \
      for (long c = 0; c < channels; c++) planes[c * pitch + p] = pixels[p * channels + c];    \
  } while (0)

/// planes[c][p] + bias[c], then ReLU, into pixels[p][c]: blocks of 8 x 8 through
/// FINISH8X8(source, sourceStride, target, targetStride, bias or NULL, relu), which adds the
/// bias and clips as it stores, the rest one by one, then the epilogue over them.
#define FROM_PLANES_BODY(FINISH8X8)                                                            \
  do {                                                                                         \
    long p = 0;                                                                                \
    if (channels % 8 == 0) {                                                                   \
      for (; p + 8 <= count; p += 8)                                                           \
        for (long c = 0; c < channels; c += 8)                                                 \
          FINISH8X8(planes + c * pitch + p, pitch, pixels + p * channels + c, channels,        \
                    bias ? bias + c : NULL, relu);                                             \
    }                                                                                          \
    for (long q = p; q < count; q++)                                                           \
      for (long c = 0; c < channels; c++) pixels[q * channels + c] = planes[c * pitch + q];    \
    cinference_bias_relu(pixels + p * channels, count - p, channels, bias, relu,                \
                        pixels + p * channels);                                                \
  } while (0)

/// The portable block: transposed, then finished by the epilogue.
#define FINISH8X8_PORTABLE(source, sourceStride, target, targetStride, bias, relu) \
  do {                                                                          \
    TRANSPOSE8X8_PORTABLE(source, sourceStride, target, targetStride);          \
    for (int row = 0; row < 8; row++)                                           \
      cinference_bias_relu((target) + row * (targetStride), 1, 8, bias, relu,    \
                          (target) + row * (targetStride));                    \
  } while (0)

static void to_planes_portable(const float *pixels, long count, long channels, float *planes,
                               long pitch) {
  TO_PLANES_BODY(TRANSPOSE8X8_PORTABLE);
}
static void from_planes_portable(const float *planes, long pitch, long count, long channels,
                                 const float *bias, int relu, float *pixels) {
  FROM_PLANES_BODY(FINISH8X8_PORTABLE);
}

#if defined(__x86_64__)
static WIDE void to_planes_wide(const float *pixels, long count, long channels, float *planes,
                                long pitch) {
  TO_PLANES_BODY(TRANSPOSE8X8_WIDE);
}
static WIDE void from_planes_wide(const float *planes, long pitch, long count, long channels,
                                  const float *bias, int relu, float *pixels) {
  FROM_PLANES_BODY(transpose8x8);
}
#endif

void cinference_pixels_to_planes(const float *pixels, long count, long channels, float *planes,
                                long pitch) {
  DISPATCH(to_planes_wide(pixels, count, channels, planes, pitch),
           to_planes_wide(pixels, count, channels, planes, pitch),
           to_planes_portable(pixels, count, channels, planes, pitch));
}

void cinference_planes_to_pixels(const float *planes, long pitch, long count, long channels,
                                const float *bias, int relu, float *pixels) {
  DISPATCH(from_planes_wide(planes, pitch, count, channels, bias, relu, pixels),
           from_planes_wide(planes, pitch, count, channels, bias, relu, pixels),
           from_planes_portable(planes, pitch, count, channels, bias, relu, pixels));
}
