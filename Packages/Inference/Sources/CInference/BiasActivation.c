// The epilogue of a matrix product: a per-channel bias and ReLU over the rows it just wrote,
// in one pass while they are still in cache.
#include "Vectors.h"

/// output = relu?(input + bias) over `rows` x `channels`, WIDTH floats a vector of type VT
/// (ITYPE its lanes as integers). When `channels` divides WIDTH the bias is repeated across a
/// vector and the rows run as one flat array; otherwise each row runs in vectors, then lane by
/// lane.
#define BIAS_RELU_BODY(VT, ITYPE, WIDTH, LOAD, STORE)                                          \
  do {                                                                                         \
    const VT zero = {0};                                                                       \
    const long total = rows * channels;                                                        \
    if ((WIDTH) % channels == 0) {                                                             \
      VT shift = zero;                                                                         \
      float lanes[WIDTH];                                                                      \
      for (int i = 0; i < (WIDTH); i++) lanes[i] = bias ? bias[i % channels] : 0.0f;           \
      memcpy(&shift, lanes, sizeof shift);                                                     \
      long i = 0;                                                                              \
      for (; i + (WIDTH) <= total; i += (WIDTH)) {                                             \
        VT value = LOAD(input + i) + shift;                                                    \
        if (relu) value = (VT)((ITYPE)value & (ITYPE)(value > zero));                          \
        STORE(output + i, value);                                                              \
      }                                                                                        \
      for (; i < total; i++) {                                                                 \
        const float value = input[i] + lanes[i % (WIDTH)];                                     \
        output[i] = relu && !(value > 0.0f) ? 0.0f : value;                                    \
      }                                                                                        \
      break;                                                                                   \
    }                                                                                          \
    const long vectors = channels / (WIDTH) * (WIDTH);                                         \
    for (long r = 0; r < rows; r++) {                                                          \
      const float *in = input + r * channels;                                                  \
      float *out = output + r * channels;                                                      \
      for (long n = 0; n < vectors; n += (WIDTH)) {                                            \
        VT value = LOAD(in + n);                                                               \
        if (bias) value += LOAD(bias + n);                                                     \
        if (relu) value = (VT)((ITYPE)value & (ITYPE)(value > zero));                          \
        STORE(out + n, value);                                                                 \
      }                                                                                        \
      for (long n = vectors; n < channels; n++) {                                              \
        const float value = in[n] + (bias ? bias[n] : 0.0f);                                   \
        out[n] = relu && !(value > 0.0f) ? 0.0f : value;                                       \
      }                                                                                        \
    }                                                                                          \
  } while (0)

KERNEL_ATTRIBUTES void bias_relu8(const float *input, long rows, long channels, const float *bias,
                                  int relu, float *output) {
  BIAS_RELU_BODY(v8f, v8i, 8, load8, store8);
}

KERNEL_ATTRIBUTES void bias_relu16(const float *input, long rows, long channels, const float *bias,
                                   int relu, float *output) {
  BIAS_RELU_BODY(v16f, v16i, 16, load16, store16);
}

static void bias_relu_portable(const float *i, long rows, long c, const float *b, int r, float *o) {
  bias_relu8(i, rows, c, b, r, o);
}

#if defined(__x86_64__)
static WIDE512 void bias_relu_512(const float *i, long rows, long c, const float *b, int r, float *o) {
  bias_relu16(i, rows, c, b, r, o);
}
static WIDE void bias_relu_wide(const float *i, long rows, long c, const float *b, int r, float *o) {
  bias_relu8(i, rows, c, b, r, o);
}
#endif

void cinference_bias_relu(const float *input, long rows, long channels, const float *bias, int relu,
                         float *output) {
  if (rows <= 0 || channels <= 0) return;
  DISPATCH(bias_relu_512(input, rows, channels, bias, relu, output),
           bias_relu_wide(input, rows, channels, bias, relu, output),
           bias_relu_portable(input, rows, channels, bias, relu, output));
}

/// output = relu?((input + bias) + residual) over `rows` x `channels`, where each row of
/// `residual` holds only its first `residualChannels` channels (the rest add nothing): WIDTH
/// floats a vector, then lane by lane.
#define BIAS_RESIDUAL_RELU_BODY(VT, ITYPE, WIDTH, LOAD, STORE)                                 \
  do {                                                                                         \
    const VT zero = {0};                                                                       \
    for (long r = 0; r < rows; r++) {                                                          \
      const float *in = input + r * channels;                                                  \
      const float *add = residual + r * residualChannels;                                      \
      float *out = output + r * channels;                                                      \
      long n = 0;                                                                              \
      for (; n + (WIDTH) <= residualChannels; n += (WIDTH)) {                                  \
        VT value = LOAD(in + n);                                                               \
        if (bias) value += LOAD(bias + n);                                                     \
        value += LOAD(add + n);                                                                \
        if (relu) value = (VT)((ITYPE)value & (ITYPE)(value > zero));                          \
        STORE(out + n, value);                                                                 \
      }                                                                                        \
      for (; n < residualChannels; n++) {                                                      \
        const float value = in[n] + (bias ? bias[n] : 0.0f) + add[n];                          \
        out[n] = relu && !(value > 0.0f) ? 0.0f : value;                                       \
      }                                                                                        \
      for (; n + (WIDTH) <= channels; n += (WIDTH)) {                                          \
        VT value = LOAD(in + n);                                                               \
        if (bias) value += LOAD(bias + n);                                                     \
        if (relu) value = (VT)((ITYPE)value & (ITYPE)(value > zero));                          \
        STORE(out + n, value);                                                                 \
      }                                                                                        \
      for (; n < channels; n++) {                                                              \
        const float value = in[n] + (bias ? bias[n] : 0.0f);                                   \
        out[n] = relu && !(value > 0.0f) ? 0.0f : value;                                       \
      }                                                                                        \
    }                                                                                          \
  } while (0)

KERNEL_ATTRIBUTES void bias_residual_relu8(const float *input, long rows, long channels,
                                           const float *bias, const float *residual,
                                           long residualChannels, int relu, float *output) {
  BIAS_RESIDUAL_RELU_BODY(v8f, v8i, 8, load8, store8);
}

KERNEL_ATTRIBUTES void bias_residual_relu16(const float *input, long rows, long channels,
                                            const float *bias, const float *residual,
                                            long residualChannels, int relu, float *output) {
  BIAS_RESIDUAL_RELU_BODY(v16f, v16i, 16, load16, store16);
}

static void bias_residual_relu_portable(const float *i, long rows, long c, const float *b,
                                        const float *a, long ac, int r, float *o) {
  bias_residual_relu8(i, rows, c, b, a, ac, r, o);
}

#if defined(__x86_64__)
static WIDE512 void bias_residual_relu_512(const float *i, long rows, long c, const float *b,
                                           const float *a, long ac, int r, float *o) {
  bias_residual_relu16(i, rows, c, b, a, ac, r, o);
}
static WIDE void bias_residual_relu_wide(const float *i, long rows, long c, const float *b,
                                         const float *a, long ac, int r, float *o) {
  bias_residual_relu8(i, rows, c, b, a, ac, r, o);
}
#endif

void cinference_bias_residual_relu(const float *input, long rows, long channels, const float *bias,
                                  const float *residual, long residualChannels, int relu,
                                  float *output) {
  if (rows <= 0 || channels <= 0) return;
  DISPATCH(bias_residual_relu_512(input, rows, channels, bias, residual, residualChannels, relu,
                                  output),
           bias_residual_relu_wide(input, rows, channels, bias, residual, residualChannels, relu,
                                   output),
           bias_residual_relu_portable(input, rows, channels, bias, residual, residualChannels,
                                       relu, output));
}
