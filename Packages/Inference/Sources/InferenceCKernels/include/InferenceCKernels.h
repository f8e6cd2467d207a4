#ifndef INFERENCE_C_KERNELS_H
#define INFERENCE_C_KERNELS_H

#include <stddef.h>

/// The geometry of a 2-D window operation on one NHWC item (dilation 1).
typedef struct {
  long inputHeight, inputWidth;
  long kernelHeight, kernelWidth;
  long strideHeight, strideWidth;
  long outputHeight, outputWidth;
  long padTop, padLeft;
} InferenceWindow;

/// Depthwise convolution of one item, one filter per channel, `channels` a multiple of 8:
/// output[y, x, c] = sum over the valid taps (kh, kw order) of input * kernel[tap, c].
/// Runs AVX-512 or AVX2/FMA code when the CPU has it, portable vector code otherwise.
/// Only output rows [firstRow, endRow) are written (0 and outputHeight for all), so row
/// ranges can run on different threads; the same holds for the other window kernels.
void inference_depthwise(const InferenceWindow *window, long channels, const float *input,
                         const float *kernel, float *output, long firstRow, long endRow);

/// Direct convolution of one item, `outputChannels` a multiple of 8 (or, when
/// `inference_instruction_level()` is 2, any count below 16): output[y, x, n] = sum
/// over the valid taps (kh, kw, cin order) of input * kernel[k, n], kernel K x cout row-major,
/// plus bias[n] when `bias` is not NULL, then max(., 0) when `relu` is not 0.
void inference_direct_convolution(const InferenceWindow *window, long inputChannels,
                                  long outputChannels, const float *input, const float *kernel,
                                  const float *bias, int relu, float *output, long firstRow,
                                  long endRow);

/// output[r, c] = input[r, c] + bias[c] (when `bias` is not NULL), then max(., 0) when `relu`
/// is not 0, over `rows` rows of `channels` (a multiple of 8) values; in place is allowed.
void inference_bias_relu(const float *input, long rows, long channels, const float *bias, int relu,
                         float *output);

/// Max pooling of one item over the valid taps of each window (padding never wins).
void inference_max_pool(const InferenceWindow *window, long channels, const float *input,
                        float *output, long firstRow, long endRow);

/// The instruction set the kernels run with on this CPU: 2 for AVX-512 (F, BW, DQ, VL) with
/// FMA, 1 for AVX2 with FMA, 0 for the portable code.
int inference_instruction_level(void);

/// Runs `iterations` rounds of independent fused multiply-adds on the widest vectors of
/// `inference_instruction_level()` (a multiply and an add where there is no FMA), writes a
/// value derived from them to `sink` (so the work cannot be skipped) and returns the
/// floating-point operations done: time it to measure the peak rate of one core.
double inference_fma_peak(long iterations, float *sink);

/// The CPU the calling thread runs on, or -1 when the system cannot tell.
int inference_current_cpu(void);

/// Moves the calling thread off `cpu` when it runs there and its affinity allows another CPU;
/// its affinity is then what it was.
void inference_leave_cpu(int cpu);

#endif
