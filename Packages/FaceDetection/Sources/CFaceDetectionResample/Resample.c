#include "CFaceDetectionResample.h"

#include <CProcessor.h>
#include <stdint.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

// The bytes to floats must round as Swift's `Float(v) * scale - 1` does: no fused multiply-add.
#pragma STDC FP_CONTRACT OFF

enum {
  PRECISION = 22,
  HALF = 1 << (PRECISION - 1),
  // Picture rows per step of the vector horizontal pass: one 32-bit lane each.
  BLOCK = 16,
};

static long round_up(long value, long unit) { return (value + unit - 1) / unit * unit; }

static uint8_t *align64(uint8_t *pointer) { return (uint8_t *)round_up((long)(uintptr_t)pointer, 64); }

static uint8_t clip(int32_t sum) {
  sum >>= PRECISION;
  return (uint8_t)(sum < 0 ? 0 : sum > 255 ? 255 : sum);
}

// Scratch: the horizontal pass's rows, then for the vector loops the picture rows of a block
// transposed (`BLOCK` bytes per byte column), the block's output transposed and a row that
// takes the outputs of rows past the picture.
static long lines_size(long height, long side) { return round_up(height * side * 3, 64); }
static long columns_size(long width) { return round_up(width * 3, 64) * BLOCK; }
static long tile_size(long side) { return round_up(side * 3, 64) * BLOCK; }

// For the dot-product loop: each byte column's place in the channel planes, and each output's
// weights as three signed-byte digits, four taps a 32-bit word.
static long places_size(long width) { return round_up(width * 3 * (long)sizeof(int32_t), 64); }
static long groups(long stride) { return (stride + 3) / 4; }
static long digits_size(long side, long stride) {
  return round_up(side * groups(stride) * 3 * (long)sizeof(int32_t), 64);
}

long cfacedetection_resample_scratch_size(long width, long height, long side, long column_stride) {
  return 64 + lines_size(height, side) + columns_size(width) + 64 + tile_size(side) + round_up(side * 3, 64) +
         round_up(side * 3 * (long)sizeof(int32_t), 64) + places_size(width) + digits_size(side, column_stride);
}

// Set on a thread to keep its AVX-512 letterbox off the dot products (tests compare the two).
static _Thread_local int dot_products_off;

// Whether the CPU has AVX-512 VNNI and VBMI, asked once (threads racing to fill it agree).
static int has_dot_products(void) {
  static int cached = -1;
  int value = __atomic_load_n(&cached, __ATOMIC_RELAXED);
  if (value < 0) {
    const unsigned dot = CPROCESSOR_CPU_AVX512VNNI | CPROCESSOR_CPU_AVX512VBMI;
    value = (cprocessor_cpu_features() & dot) == dot;
    __atomic_store_n(&cached, value, __ATOMIC_RELAXED);
  }
  return value;
}

void cfacedetection_resample_use_dot_products(int allowed) { dot_products_off = !allowed; }

// The vertical pass and the floats, one loop compiled for each level: clang vectorises it
// across the row's 3 * side bytes, which are contiguous.
#define VERTICAL_LOOP                                                                              \
  long row_bytes = side * 3;                                                                       \
  float scale = (float)(2.0 / 255.0);                                                              \
  for (long y = 0; y < side; y++) {                                                                \
    for (long j = 0; j < row_bytes; j++) sums[j] = HALF;                                           \
    const int32_t *weights = rows->weights + y * rows->stride;                                     \
    for (long tap = 0; tap < rows->count[y]; tap++) {                                              \
      const uint8_t *source = lines + (rows->first[y] + tap) * row_bytes;                          \
      int32_t weight = weights[tap];                                                               \
      for (long j = 0; j < row_bytes; j++) sums[j] += weight * (int32_t)source[j];                 \
    }                                                                                              \
    float *out = target + y * row_bytes;                                                           \
    for (long j = 0; j < row_bytes; j++) {                                                         \
      int32_t value = sums[j] >> PRECISION;                                                        \
      value = value < 0 ? 0 : value > 255 ? 255 : value;                                           \
      out[j] = (float)value * scale - 1.0f;                                                        \
    }                                                                                              \
  }

static void vertical_generic(const uint8_t *restrict lines, const CFaceDetectionResampleAxis *rows,
                             long side, int32_t *restrict sums, float *restrict target) {
  VERTICAL_LOOP
}

// The plain horizontal pass: each output's taps along the row, three sums a pixel.
static void horizontal_generic(const uint8_t *rgb, long width, long height,
                               const CFaceDetectionResampleAxis *columns, long side, uint8_t *lines) {
  for (long y = 0; y < height; y++) {
    const uint8_t *row = rgb + y * width * 3;
    uint8_t *out = lines + y * side * 3;
    for (long x = 0; x < side; x++) {
      int32_t r = HALF, g = HALF, b = HALF;
      const int32_t *weights = columns->weights + x * columns->stride;
      for (long tap = 0; tap < columns->count[x]; tap++) {
        const uint8_t *pixel = row + (columns->first[x] + tap) * 3;
        r += weights[tap] * pixel[0];
        g += weights[tap] * pixel[1];
        b += weights[tap] * pixel[2];
      }
      out[x * 3] = clip(r);
      out[x * 3 + 1] = clip(g);
      out[x * 3 + 2] = clip(b);
    }
  }
}

#if defined(__x86_64__)

// The vector horizontal pass runs BLOCK picture rows at once, one 32-bit lane a row, so every
// tap is one broadcast weight times one vector and no sum crosses lanes: the block's bytes are
// transposed (byte column k of its rows at `transposed + k * BLOCK`), summed output by output
// with 32-bit products (exact: weights <= 2^22, bytes <= 255, the sum < 2^31), and the block's
// output is transposed back. Each picture byte is read from memory once. The products are not
// what bounds it (pmaddwd in place of pmulld ran no faster), so the weights stay whole.

// Transposes 16 rows of 16 bytes held in `v`: four rounds of interleaving vector i with i + 8
// rotate each byte's 8-bit address (row, column) by one bit, so four make it (column, row).
// The same holds in each 128-bit lane of wider vectors.
// The loops are unrolled so that the vectors stay in registers.
#define TRANSPOSE_ROUNDS(type, low, high)                                                          \
  _Pragma("clang loop unroll(full)") for (int round = 0; round < 4; round++) {                     \
    type next[16];                                                                                 \
    _Pragma("clang loop unroll(full)") for (int i = 0; i < 8; i++) {                               \
      next[2 * i] = low(v[i], v[i + 8]);                                                           \
      next[2 * i + 1] = high(v[i], v[i + 8]);                                                      \
    }                                                                                              \
    _Pragma("clang loop unroll(full)") for (int i = 0; i < 16; i++) v[i] = next[i];                \
  }

// The block's output (byte column k at `tile + k * BLOCK`) into its rows, the last `side * 3 %
// 16` columns one by one.
#define TILE_TO_ROWS(target_rows, tile, row_bytes)                                                 \
  {                                                                                                \
    long whole = (row_bytes) / 16 * 16;                                                            \
    for (long k = 0; k < whole; k += 16) {                                                         \
      __m128i v[16];                                                                               \
      for (int i = 0; i < 16; i++) v[i] = _mm_loadu_si128((const __m128i *)((tile) + (k + i) * BLOCK)); \
      TRANSPOSE_ROUNDS(__m128i, _mm_unpacklo_epi8, _mm_unpackhi_epi8)                              \
      for (int i = 0; i < 16; i++) _mm_storeu_si128((__m128i *)((target_rows)[i] + k), v[i]);      \
    }                                                                                              \
    for (long k = whole; k < (row_bytes); k++)                                                     \
      for (int i = 0; i < 16; i++) (target_rows)[i][k] = (tile)[k * BLOCK + i];                    \
  }

#define AVX2 "avx2,fma"
#define AVX512 "avx512f,avx512bw,avx512dq,avx512vl,avx2,fma"

__attribute__((target(AVX2))) static void vertical_avx2(const uint8_t *restrict lines,
                                                        const CFaceDetectionResampleAxis *rows, long side,
                                                        int32_t *restrict sums, float *restrict target) {
  VERTICAL_LOOP
}

__attribute__((target(AVX512))) static void vertical_avx512(const uint8_t *restrict lines,
                                                            const CFaceDetectionResampleAxis *rows,
                                                            long side, int32_t *restrict sums,
                                                            float *restrict target) {
  VERTICAL_LOOP
}

// The block's rows: the picture's from `y`, the last one again past its end.
static void block_rows(const uint8_t *rgb, long width, long height, long y, const uint8_t *rows[BLOCK]) {
  for (long i = 0; i < BLOCK; i++) rows[i] = rgb + (y + i < height ? y + i : height - 1) * width * 3;
}

__attribute__((target(AVX2))) static void horizontal_avx2(const uint8_t *rgb, long width, long height,
                                                          const CFaceDetectionResampleAxis *columns,
                                                          long side, uint8_t *lines, uint8_t *transposed,
                                                          uint8_t *tile, uint8_t *sink) {
  long row_bytes = side * 3, picture_bytes = width * 3;
  __m256i half = _mm256_set1_epi32(HALF), zero = _mm256_setzero_si256();
  for (long y = 0; y < height; y += BLOCK) {
    const uint8_t *rows[BLOCK];
    block_rows(rgb, width, height, y, rows);
    // 32 byte columns a step: in each 128-bit lane its own 16.
    long whole = picture_bytes / 32 * 32;
    for (long k = 0; k < whole; k += 32) {
      __m256i v[16];
      for (int i = 0; i < 16; i++) v[i] = _mm256_loadu_si256((const __m256i *)(rows[i] + k));
      TRANSPOSE_ROUNDS(__m256i, _mm256_unpacklo_epi8, _mm256_unpackhi_epi8)
      _Pragma("clang loop unroll(full)") for (int i = 0; i < 16; i++) {
        _mm_storeu_si128((__m128i *)(transposed + (k + i) * BLOCK), _mm256_castsi256_si128(v[i]));
        _mm_storeu_si128((__m128i *)(transposed + (k + 16 + i) * BLOCK), _mm256_extracti128_si256(v[i], 1));
      }
    }
    for (long k = whole; k < picture_bytes; k++)
      for (int i = 0; i < BLOCK; i++) transposed[k * BLOCK + i] = rows[i][k];
    for (long x = 0; x < side; x++) {
      __m256i sums[6] = {half, half, half, half, half, half};
      const int32_t *weights = columns->weights + x * columns->stride;
      long count = columns->count[x];
      const uint8_t *source = transposed + (count > 0 ? columns->first[x] * 3 * BLOCK : 0);
      for (long tap = 0; tap < count; tap++, source += 3 * BLOCK) {
        __m256i weight = _mm256_set1_epi32(weights[tap]);
        for (int part = 0; part < 6; part++) {
          __m256i bytes = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(source + part * 8)));
          sums[part] = _mm256_add_epi32(sums[part], _mm256_mullo_epi32(bytes, weight));
        }
      }
      for (int channel = 0; channel < 3; channel++) {
        __m256i low = _mm256_max_epi32(_mm256_srai_epi32(sums[2 * channel], PRECISION), zero);
        __m256i high = _mm256_max_epi32(_mm256_srai_epi32(sums[2 * channel + 1], PRECISION), zero);
        __m256i words = _mm256_permute4x64_epi64(_mm256_packs_epi32(low, high), 0xD8);
        __m128i bytes = _mm_packus_epi16(_mm256_castsi256_si128(words), _mm256_extracti128_si256(words, 1));
        _mm_storeu_si128((__m128i *)(tile + (x * 3 + channel) * BLOCK), bytes);
      }
    }
    uint8_t *targets[BLOCK];
    for (long i = 0; i < BLOCK; i++) targets[i] = y + i < height ? lines + (y + i) * row_bytes : sink;
    TILE_TO_ROWS(targets, tile, row_bytes)
  }
}

// The block's rows as byte columns, column j's 16 rows at `target + places[j]`: 64 columns a
// step, in each 128-bit lane its own 16; the last step's loads are masked and its columns past
// the picture not stored.
__attribute__((target(AVX512))) static inline void transpose_block_512(const uint8_t *rows[BLOCK],
                                                                      long picture_bytes, uint8_t *target,
                                                                      const int32_t *places) {
  for (long k = 0; k < picture_bytes; k += 64) {
    long left = picture_bytes - k;
    __mmask64 mask = left >= 64 ? ~(__mmask64)0 : ((__mmask64)1 << left) - 1;
    __m512i v[16];
    for (int i = 0; i < 16; i++) v[i] = _mm512_maskz_loadu_epi8(mask, rows[i] + k);
    TRANSPOSE_ROUNDS(__m512i, _mm512_unpacklo_epi8, _mm512_unpackhi_epi8)
    _Pragma("clang loop unroll(full)") for (int i = 0; i < 16; i++) {
      __m128i parts[4] = {_mm512_castsi512_si128(v[i]), _mm512_extracti32x4_epi32(v[i], 1),
                          _mm512_extracti32x4_epi32(v[i], 2), _mm512_extracti32x4_epi32(v[i], 3)};
      for (int p = 0; p < 4; p++) {
        long j = k + 16 * p + i;
        if (j < picture_bytes) _mm_storeu_si128((__m128i *)(target + places[j]), parts[p]);
      }
    }
  }
}

__attribute__((target(AVX512))) static void horizontal_avx512(const uint8_t *rgb, long width, long height,
                                                              const CFaceDetectionResampleAxis *columns,
                                                              long side, uint8_t *lines,
                                                              uint8_t *transposed, uint8_t *tile,
                                                              uint8_t *sink, int32_t *places) {
  long row_bytes = side * 3, picture_bytes = width * 3;
  for (long j = 0; j < picture_bytes; j++) places[j] = (int32_t)(j * BLOCK);
  __m512i half = _mm512_set1_epi32(HALF), zero = _mm512_setzero_si512();
  for (long y = 0; y < height; y += BLOCK) {
    const uint8_t *rows[BLOCK];
    block_rows(rgb, width, height, y, rows);
    transpose_block_512(rows, picture_bytes, transposed, places);
    for (long x = 0; x < side; x++) {
      __m512i red = half, green = half, blue = half;
      const int32_t *weights = columns->weights + x * columns->stride;
      long count = columns->count[x];
      const uint8_t *source = transposed + (count > 0 ? columns->first[x] * 3 * BLOCK : 0);
      for (long tap = 0; tap < count; tap++, source += 3 * BLOCK) {
        __m512i weight = _mm512_set1_epi32(weights[tap]);
        __m512i r = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)source));
        __m512i g = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(source + BLOCK)));
        __m512i b = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(source + 2 * BLOCK)));
        red = _mm512_add_epi32(red, _mm512_mullo_epi32(r, weight));
        green = _mm512_add_epi32(green, _mm512_mullo_epi32(g, weight));
        blue = _mm512_add_epi32(blue, _mm512_mullo_epi32(b, weight));
      }
      uint8_t *out = tile + x * 3 * BLOCK;
      // Unsigned saturation to bytes after the clamp at 0: Pillow's clip to 0...255.
      _mm_storeu_si128((__m128i *)out,
                       _mm512_cvtusepi32_epi8(_mm512_max_epi32(_mm512_srai_epi32(red, PRECISION), zero)));
      _mm_storeu_si128((__m128i *)(out + BLOCK),
                       _mm512_cvtusepi32_epi8(_mm512_max_epi32(_mm512_srai_epi32(green, PRECISION), zero)));
      _mm_storeu_si128((__m128i *)(out + 2 * BLOCK),
                       _mm512_cvtusepi32_epi8(_mm512_max_epi32(_mm512_srai_epi32(blue, PRECISION), zero)));
    }
    uint8_t *targets[BLOCK];
    for (long i = 0; i < BLOCK; i++) targets[i] = y + i < height ? lines + (y + i) * row_bytes : sink;
    TILE_TO_ROWS(targets, tile, row_bytes)
  }
}

// The dot-product loop (AVX-512 with VNNI and VBMI): the block's bytes are transposed into one
// plane a channel (pixel column k's 16 rows at `planes + (c * width + k) * BLOCK`), so four
// taps' columns are 64 contiguous bytes, which one byte permute turns into four bytes a row
// lane. Each weight is split into three signed-byte digits (w = d2 * 2^16 + d1 * 2^8 + d0), so
// `vpdpbusd` sums four taps of a row per digit, and the three sums, shifted and added, are the
// plain loop's exact 32-bit sum. Taps past an output's count have weight 0, so the columns they
// read (up to three past the picture: the scratch has them) add nothing.
#define AVX512_DOT AVX512 ",avx512vnni,avx512vbmi"

// Each weight as signed-byte digits, four taps a word: `digits + (x * groups + g) * 3 + d`.
static void split_weights(const CFaceDetectionResampleAxis *columns, long side, int32_t *digits) {
  long group_count = groups(columns->stride);
  for (long x = 0; x < side; x++) {
    for (long g = 0; g < group_count; g++) {
      uint32_t words[3] = {0, 0, 0};
      for (long t = 0; t < 4; t++) {
        long tap = g * 4 + t;
        int32_t weight = tap < columns->count[x] ? columns->weights[x * columns->stride + tap] : 0;
        int32_t low = (int32_t)(((weight + 128) & 255) - 128);
        int32_t rest = (weight - low) / 256;
        int32_t middle = (int32_t)(((rest + 128) & 255) - 128);
        int32_t high = (rest - middle) / 256;
        words[0] |= (uint32_t)(uint8_t)(int8_t)low << (8 * t);
        words[1] |= (uint32_t)(uint8_t)(int8_t)middle << (8 * t);
        words[2] |= (uint32_t)(uint8_t)(int8_t)high << (8 * t);
      }
      for (int d = 0; d < 3; d++) digits[(x * group_count + g) * 3 + d] = (int32_t)words[d];
    }
  }
}

__attribute__((target(AVX512_DOT))) static void horizontal_avx512_dot(
    const uint8_t *rgb, long width, long height, const CFaceDetectionResampleAxis *columns, long side,
    uint8_t *lines, uint8_t *planes, uint8_t *tile, uint8_t *sink, int32_t *places, int32_t *digits) {
  long row_bytes = side * 3, picture_bytes = width * 3, group_count = groups(columns->stride);
  for (long j = 0; j < picture_bytes; j++) places[j] = (int32_t)(((j % 3) * width + j / 3) * BLOCK);
  split_weights(columns, side, digits);
  // Lane r of a permuted vector: bytes 16 t + r of the four columns, t = 0...3.
  uint8_t order[64];
  for (int b = 0; b < 64; b++) order[b] = (uint8_t)(16 * (b % 4) + b / 4);
  __m512i lanes_of = _mm512_loadu_si512(order);
  __m512i half = _mm512_set1_epi32(HALF), zero = _mm512_setzero_si512();
  for (long y = 0; y < height; y += BLOCK) {
    const uint8_t *rows[BLOCK];
    block_rows(rgb, width, height, y, rows);
    transpose_block_512(rows, picture_bytes, planes, places);
    for (long x = 0; x < side; x++) {
      __m512i sums[3][3];
      for (int c = 0; c < 3; c++)
        for (int d = 0; d < 3; d++) sums[c][d] = zero;
      const int32_t *words = digits + x * group_count * 3;
      long count = columns->count[x];
      const uint8_t *source = planes + (count > 0 ? columns->first[x] * BLOCK : 0);
      for (long g = 0; g < (count + 3) / 4; g++, source += 4 * BLOCK, words += 3) {
        __m512i low = _mm512_set1_epi32(words[0]), middle = _mm512_set1_epi32(words[1]);
        __m512i high = _mm512_set1_epi32(words[2]);
        _Pragma("clang loop unroll(full)") for (int c = 0; c < 3; c++) {
          __m512i bytes = _mm512_permutexvar_epi8(lanes_of, _mm512_loadu_si512(source + c * width * BLOCK));
          sums[c][0] = _mm512_dpbusd_epi32(sums[c][0], bytes, low);
          sums[c][1] = _mm512_dpbusd_epi32(sums[c][1], bytes, middle);
          sums[c][2] = _mm512_dpbusd_epi32(sums[c][2], bytes, high);
        }
      }
      uint8_t *out = tile + x * 3 * BLOCK;
      for (int c = 0; c < 3; c++) {
        __m512i sum = _mm512_add_epi32(_mm512_slli_epi32(sums[c][2], 16), _mm512_slli_epi32(sums[c][1], 8));
        sum = _mm512_add_epi32(_mm512_add_epi32(sum, sums[c][0]), half);
        _mm_storeu_si128((__m128i *)(out + c * BLOCK),
                         _mm512_cvtusepi32_epi8(_mm512_max_epi32(_mm512_srai_epi32(sum, PRECISION), zero)));
      }
    }
    uint8_t *targets[BLOCK];
    for (long i = 0; i < BLOCK; i++) targets[i] = y + i < height ? lines + (y + i) * row_bytes : sink;
    TILE_TO_ROWS(targets, tile, row_bytes)
  }
}

#endif

void cfacedetection_resample_letterbox(const uint8_t *rgb, long width, long height,
                                       const CFaceDetectionResampleAxis *columns,
                                       const CFaceDetectionResampleAxis *rows, long side,
                                       uint8_t *scratch, float *target) {
  uint8_t *lines = align64(scratch);
  uint8_t *transposed = lines + lines_size(height, side);
  uint8_t *tile = transposed + columns_size(width) + 64;
  uint8_t *sink = tile + tile_size(side);
  int32_t *sums = (int32_t *)(sink + round_up(side * 3, 64));
  int32_t *places = (int32_t *)((uint8_t *)sums + round_up(side * 3 * (long)sizeof(int32_t), 64));
  int32_t *digits = (int32_t *)((uint8_t *)places + places_size(width));
  switch (cprocessor_instruction_level()) {
#if defined(__x86_64__)
  case 2:
    if (has_dot_products() && !dot_products_off) {
      horizontal_avx512_dot(rgb, width, height, columns, side, lines, transposed, tile, sink, places, digits);
    } else {
      horizontal_avx512(rgb, width, height, columns, side, lines, transposed, tile, sink, places);
    }
    vertical_avx512(lines, rows, side, sums, target);
    break;
  case 1:
    horizontal_avx2(rgb, width, height, columns, side, lines, transposed, tile, sink);
    vertical_avx2(lines, rows, side, sums, target);
    break;
#endif
  default:
    horizontal_generic(rgb, width, height, columns, side, lines);
    vertical_generic(lines, rows, side, sums, target);
    break;
  }
}
