#ifndef CINFERENCE_H
#define CINFERENCE_H

#include <stddef.h>

/// The geometry of a 2-D window operation on one NHWC item (dilation 1).
typedef struct {
  long inputHeight, inputWidth;
  long kernelHeight, kernelWidth;
  long strideHeight, strideWidth;
  long outputHeight, outputWidth;
  long padTop, padLeft;
} InferenceWindow;

/// The patches of output rows [firstRow, endRow) of one item (im2col): for each output pixel in
/// order, its window's taps in (kh, kw, cin) order, zeros where a tap falls in the padding;
/// `patches` receives (endRow - firstRow) x outputWidth rows of kh x kw x channels floats.
void cinference_patches(const InferenceWindow *window, long channels, const float *input,
                       float *patches, long firstRow, long endRow);

/// Channels-last pixels to channel planes: planes[c * pitch + p] = pixels[p * channels + c] for
/// `count` pixels.
void cinference_pixels_to_planes(const float *pixels, long count, long channels, float *planes,
                                long pitch);

/// Channel planes to channels-last pixels, with the epilogue of cinference_bias_relu:
/// pixels[p * channels + c] = relu?(planes[c * pitch + p] + bias[c]) for `count` pixels.
void cinference_planes_to_pixels(const float *planes, long pitch, long count, long channels,
                                const float *bias, int relu, float *pixels);

/// Depthwise convolution of one item, one filter per channel, any channel count:
/// output[y, x, c] = sum over the valid taps (kh, kw order) of input * kernel[tap, c].
/// Only output rows [firstRow, endRow) are computed, and `output` points at row firstRow, so
/// row ranges can run on different threads; the same holds for max pooling.
void cinference_depthwise(const InferenceWindow *window, long channels, const float *input,
                         const float *kernel, float *output, long firstRow, long endRow);

/// output[r, c] = input[r, c] + bias[c] (when `bias` is not NULL), then max(., 0) when `relu`
/// is not 0, over `rows` rows of `channels` values; in place is allowed.
void cinference_bias_relu(const float *input, long rows, long channels, const float *bias, int relu,
                         float *output);

/// output[r, c] = input[r, c] + bias[c] (when `bias` is not NULL) + residual[r, c] for the
/// first `residualChannels` channels (residual's rows are that long), then max(., 0) when
/// `relu` is not 0: a shortcut widened with zero channels, added in the epilogue. In place
/// (output == input) is allowed.
void cinference_bias_residual_relu(const float *input, long rows, long channels, const float *bias,
                                  const float *residual, long residualChannels, int relu,
                                  float *output);

/// Max pooling of one item over the valid taps of each window (padding never wins).
void cinference_max_pool(const InferenceWindow *window, long channels, const float *input,
                        float *output, long firstRow, long endRow);

/// The instruction set the kernels run with: 2 for AVX-512 (F, BW, DQ, VL) with FMA, 1 for
/// AVX2 with FMA, 0 for the generic code. The best the CPU has, capped by `EMOTIONS_CPU`
/// (read once) and, on the calling thread, by `cinference_override_instruction_level`.
int cinference_instruction_level(void);

/// The best instruction set of this CPU, as a level of `cinference_instruction_level`.
int cinference_cpu_instruction_level(void);

enum {
  /// `EMOTIONS_CPU` is not set (or empty).
  CINFERENCE_LEVEL_UNSET = -1,
  /// `EMOTIONS_CPU` names none of generic, avx2 and avx512: the kernels ignore it.
  CINFERENCE_LEVEL_UNKNOWN = -2,
};

/// The level `EMOTIONS_CPU` asks for (generic, avx2 or avx512, in any case), before it is
/// capped to the CPU's, or CINFERENCE_LEVEL_UNSET or CINFERENCE_LEVEL_UNKNOWN.
int cinference_requested_instruction_level(void);

/// A value of `EMOTIONS_CPU` as `cinference_requested_instruction_level` reads it.
int cinference_parse_instruction_level(const char *value);

/// Runs the calling thread's kernels at `level` (capped to the CPU's) from now on, or as
/// the process does again when `level` is negative: a seam for tests comparing the levels.
void cinference_override_instruction_level(int level);

/// Bits of `cinference_cpu_features`.
enum {
  CINFERENCE_CPU_SSE3 = 1 << 0,
  CINFERENCE_CPU_SSSE3 = 1 << 1,
  CINFERENCE_CPU_SSE4_2 = 1 << 2,
  CINFERENCE_CPU_AVX = 1 << 3,
  CINFERENCE_CPU_AVX2 = 1 << 4,
  CINFERENCE_CPU_FMA = 1 << 5,
  CINFERENCE_CPU_AVX512F = 1 << 6,
  CINFERENCE_CPU_AVX512BW = 1 << 7,
  CINFERENCE_CPU_AVX512DQ = 1 << 8,
  CINFERENCE_CPU_AVX512VL = 1 << 9,
  CINFERENCE_CPU_AVX512BF16 = 1 << 10,
};

/// The vector extensions of this CPU that the system also enables, as CINFERENCE_CPU_* bits
/// (0 on other architectures than x86-64).
unsigned cinference_cpu_features(void);

/// Runs `iterations` rounds of independent fused multiply-adds on the widest vectors of
/// `cinference_instruction_level()` (a multiply and an add where there is no FMA), writes a
/// value derived from them to `sink` (so the work cannot be skipped) and returns the
/// floating-point operations done: time it to measure the peak rate of one core.
double cinference_fma_peak(long iterations, float *sink);

#endif
