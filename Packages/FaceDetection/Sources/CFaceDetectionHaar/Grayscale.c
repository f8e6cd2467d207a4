#include "CFaceDetectionHaar.h"

#include <CProcessor.h>

// One loop compiled for each level: clang vectorises its three-byte stride with the level's
// shuffles and 32-bit products.
#define RGB_TO_GRAY_LOOP                                                                         \
  for (long i = 0; i < count; i++)                                                               \
    gray[i] = (uint8_t)((9798 * rgb[3 * i] + 19235 * rgb[3 * i + 1] + 3735 * rgb[3 * i + 2] +     \
                         16384) >> 15);

static void rgb_to_gray_generic(const uint8_t *restrict rgb, uint8_t *restrict gray, long count) {
  RGB_TO_GRAY_LOOP
}

__attribute__((target("avx2"))) static void rgb_to_gray_avx2(const uint8_t *restrict rgb,
                                                             uint8_t *restrict gray, long count) {
  RGB_TO_GRAY_LOOP
}

__attribute__((target("avx512f,avx512bw,avx512vl"))) static void rgb_to_gray_avx512(
    const uint8_t *restrict rgb, uint8_t *restrict gray, long count) {
  RGB_TO_GRAY_LOOP
}

void cfacedetection_haar_rgb_to_gray(const uint8_t *rgb, uint8_t *gray, long count) {
  switch (cprocessor_instruction_level()) {
  case 2: rgb_to_gray_avx512(rgb, gray, count); break;
  case 1: rgb_to_gray_avx2(rgb, gray, count); break;
  default: rgb_to_gray_generic(rgb, gray, count); break;
  }
}
