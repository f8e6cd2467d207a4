// A per-channel parametric ReLU (ONNX's PRelu, after a BatchNormalization folded into the
// product before it) with its bias, in one pass over the rows a product just wrote.
#include "Vectors.h"

/// out[r, c] = v > 0 ? v : v * slopes[c], v = in[r, c] + bias[c] (bias may be NULL), WIDTH
/// floats a vector of type VT (IT its lanes as integers), then lane by lane for the channels past the last whole vector.
#define PRELU_BODY(VT, IT, WIDTH, LOAD, STORE)                                                 \
  for (long r = 0; r < rows; r++) {                                                            \
    const float *in = input + r * channels;                                                    \
    float *out = output + r * channels;                                                        \
    long c = 0;                                                                                \
    for (; c + (WIDTH) <= channels; c += (WIDTH)) {                                            \
      VT value = LOAD(in + c);                                                                 \
      if (bias) value += LOAD(bias + c);                                                       \
      const VT scaled = value * LOAD(slopes + c);                                              \
      const IT positive = (IT)(value > (VT){0});                                               \
      value = (VT)(((IT)value & positive) | ((IT)scaled & ~positive));                        \
      STORE(out + c, value);                                                                   \
    }                                                                                          \
    for (; c < channels; c++) {                                                                \
      const float value = in[c] + (bias ? bias[c] : 0.0f);                                    \
      out[c] = value > 0.0f ? value : value * slopes[c];                                       \
    }                                                                                          \
  }

static void bias_prelu_portable(const float *input, long rows, long channels, const float *bias,
                                const float *slopes, float *output) {
  PRELU_BODY(v8f, v8i, 8, load8, store8);
}

#if defined(__x86_64__)
static WIDE void bias_prelu_wide(const float *input, long rows, long channels, const float *bias,
                                 const float *slopes, float *output) {
  PRELU_BODY(v8f, v8i, 8, LOAD8, STORE8);
}

static WIDE512 void bias_prelu_512(const float *input, long rows, long channels,
                                   const float *bias, const float *slopes, float *output) {
  PRELU_BODY(v16f, v16i, 16, LOAD16, STORE16);
}
#endif

void cinference_bias_prelu(const float *input, long rows, long channels, const float *bias,
                          const float *slopes, float *output) {
  if (rows <= 0 || channels <= 0) return;
  DISPATCH(bias_prelu_512(input, rows, channels, bias, slopes, output),
           bias_prelu_wide(input, rows, channels, bias, slopes, output),
           bias_prelu_portable(input, rows, channels, bias, slopes, output));
}
