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

/// output[r, c] = v > 0 ? v : v * slopes[c] with v = input[r, c] + bias[c] (when `bias` is not
/// NULL): a per-channel parametric ReLU (ONNX's PRelu), over `rows` rows of `channels` values;
/// in place is allowed.
void cinference_bias_prelu(const float *input, long rows, long channels, const float *bias,
                          const float *slopes, float *output);

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

/// Runs `iterations` rounds of independent fused multiply-adds on the widest vectors of
/// `cprocessor_instruction_level()` (a multiply and an add where there is no FMA), writes a
/// value derived from them to `sink` (so the work cannot be skipped) and returns the
/// floating-point operations done: time it to measure the peak rate of one core.
double cinference_fma_peak(long iterations, float *sink);

#endif
