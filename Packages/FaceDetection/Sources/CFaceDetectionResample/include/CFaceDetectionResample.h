// BlazeFace's letterbox: Pillow's bilinear resize of an RGB picture, to the byte.
#ifndef CFACEDETECTION_RESAMPLE_H
#define CFACEDETECTION_RESAMPLE_H

#include <stdint.h>

/// One axis of Pillow's resize for 8-bit pictures: output `i` sums `count[i]` input pixels from
/// `first[i]` on, weighted by `weights[i * stride + k]` (22 fractional bits, none negative).
typedef struct {
  const int32_t *first;
  const int32_t *count;
  const int32_t *weights;
  long stride;
} CFaceDetectionResampleAxis;

/// The bytes of scratch `cfacedetection_resample_letterbox` needs for a `width` x `height`
/// picture and a `side` x `side` output whose columns' axis has `column_stride` weights an output.
long cfacedetection_resample_scratch_size(long width, long height, long side, long column_stride);

/// Whether the AVX-512 loop sums with VNNI byte dot products where the CPU has VNNI and VBMI
/// (the default), on the calling thread: 0 keeps the plain AVX-512 loop, for tests comparing them.
void cfacedetection_resample_use_dot_products(int allowed);

/// Resizes a `width` x `height` RGB picture to `side` x `side` as Pillow's `ImagingResample`
/// does (the horizontal pass with each sum rounded to 8 bits, then the vertical one) and writes
/// each byte `v` as `v * (2 / 255) - 1` to `target` (`side * side * 3` floats, row-major).
/// `columns` reads the picture's columns and `rows` its rows (padding left out: it adds
/// nothing). The loop is `cprocessor_instruction_level`'s; every level gives the same bytes.
void cfacedetection_resample_letterbox(const uint8_t *rgb, long width, long height,
                                       const CFaceDetectionResampleAxis *columns,
                                       const CFaceDetectionResampleAxis *rows, long side,
                                       uint8_t *scratch, float *target);

#endif
