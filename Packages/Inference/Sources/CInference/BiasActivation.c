// The epilogue of a matrix product: a per-channel bias, a shortcut and ReLU over the rows it
// just wrote, in one pass while they are still in cache.
#include "Vectors.h"

/// out[n] = relu?((in[n] + bias[n]) + add[n]) for n in [n, end), WIDTH floats a vector of type
/// VT (ITYPE its lanes as integers); `bias` and `add` may be NULL. The lanes past the last
/// whole vector are left for the caller's tail, from `n`.
#define SEGMENT_VECTORS(VT, ITYPE, WIDTH, LOAD, STORE)                                         \
  for (; n + (WIDTH) <= end; n += (WIDTH)) {                                                   \
    VT value = LOAD(in + n);                                                                   \
    if (bias) value += LOAD(bias + n);                                                         \
    if (add) value += LOAD(add + n);                                                           \
    if (relu) value = (VT)((ITYPE)value & (ITYPE)(value > (VT){0}));                          \
    STORE(out + n, value);                                                                     \
  }

/// The same lane by lane.
#define SEGMENT_LANES                                                                          \
  for (; n < end; n++) {                                                                       \
    float value = in[n];                                                                       \
    if (bias) value += bias[n];                                                                \
    if (add) value += add[n];                                                                  \
    out[n] = relu && !(value > 0.0f) ? 0.0f : value;                                           \
  }

#define SEGMENT_ARGUMENTS                                                                      \
  const float *in, const float *bias, const float *add, float *out, long n, long end, int relu


/// A row segment in eight-lane vectors, then lane by lane (the generic build).
KERNEL_ATTRIBUTES void segment8(SEGMENT_ARGUMENTS) {
  SEGMENT_VECTORS(v8f, v8i, 8, load8, store8);
  SEGMENT_LANES;
}

/// The most floats of a repeated bias: 16 vectors of 16.
enum { TILE_LIMIT = 256 };

/// out = relu?(in + bias) over `rows` x `channels`, WIDTH floats a vector. The rows run as
/// one flat array, the bias repeated over the least multiple of both `channels` and WIDTH,
/// when that is at most TILE_LIMIT floats and the rows hold twice as many: whole vectors,
/// whatever the channel count (a masked or narrower tail for each row costs more than the
/// rest of the row on AMD's cores, right after OpenBLAS's masked stores). Otherwise each
/// row runs through SEGMENT.
#define BIAS_RELU_BODY(VT, ITYPE, WIDTH, LOAD, STORE, SEGMENT)                                 \
  do {                                                                                         \
    const long total = rows * channels;                                                        \
    long period = channels;                                                                    \
    while (period % (WIDTH) != 0) period += channels;                                          \
    if (period <= TILE_LIMIT && total >= 2 * period) {                                         \
      float tile[TILE_LIMIT];                                                                  \
      for (long i = 0; i < period; i++) tile[i] = bias ? bias[i % channels] : 0.0f;            \
      long i = 0, t = 0;                                                                       \
      for (; i + (WIDTH) <= total; i += (WIDTH)) {                                             \
        VT value = LOAD(input + i) + LOAD(tile + t);                                           \
        if (relu) value = (VT)((ITYPE)value & (ITYPE)(value > (VT){0}));                      \
        STORE(output + i, value);                                                              \
        t += (WIDTH);                                                                          \
        if (t == period) t = 0;                                                                \
      }                                                                                        \
      for (; i < total; i++) {                                                                 \
        const float value = input[i] + tile[i % period];                                       \
        output[i] = relu && !(value > 0.0f) ? 0.0f : value;                                    \
      }                                                                                        \
      break;                                                                                   \
    }                                                                                          \
    for (long r = 0; r < rows; r++)                                                            \
      SEGMENT(input + r * channels, bias, NULL, output + r * channels, 0, channels, relu);     \
  } while (0)

/// out = relu?((in + bias) + residual) over `rows` x `channels`, `residual`'s rows holding the
/// first `residualChannels`: each row in two segments.
#define BIAS_RESIDUAL_RELU_BODY(SEGMENT)                                                       \
  for (long r = 0; r < rows; r++) {                                                            \
    const float *in = input + r * channels;                                                    \
    float *out = output + r * channels;                                                        \
    SEGMENT(in, bias, residual + r * residualChannels, out, 0, residualChannels, relu);        \
    SEGMENT(in, bias, NULL, out, residualChannels, channels, relu);                            \
  }

static void bias_relu_portable(const float *input, long rows, long channels, const float *bias,
                               int relu, float *output) {
  BIAS_RELU_BODY(v8f, v8i, 8, load8, store8, segment8);
}

static void bias_residual_relu_portable(const float *input, long rows, long channels,
                                        const float *bias, const float *residual,
                                        long residualChannels, int relu, float *output) {
  BIAS_RESIDUAL_RELU_BODY(segment8);
}

#if defined(__x86_64__)
/// A row segment in sixteen-lane vectors, then eight, four and one (masked loads and
/// stores are slow on AMD's cores).
static inline WIDE512 __attribute__((always_inline)) void segment16(SEGMENT_ARGUMENTS) {
  SEGMENT_VECTORS(v16f, v16i, 16, LOAD16, STORE16);
  const long stop = end;
  if (n + 8 <= stop) {
    end = n + 8;
    SEGMENT_VECTORS(v8f, v8i, 8, LOAD8, STORE8);
  }
  if (n + 4 <= stop) {
    end = n + 4;
    SEGMENT_VECTORS(v4f, v4i, 4, LOAD4, STORE4);
  }
  end = stop;
  SEGMENT_LANES;
}

/// A row segment in eight-lane vectors, then four, then lane by lane.
static inline WIDE __attribute__((always_inline)) void segment8_wide(SEGMENT_ARGUMENTS) {
  SEGMENT_VECTORS(v8f, v8i, 8, LOAD8, STORE8);
  if (n + 4 <= end) {
    const long stop = end;
    end = n + 4;
    SEGMENT_VECTORS(v4f, v4i, 4, LOAD4, STORE4);
    end = stop;
  }
  SEGMENT_LANES;
}

static WIDE512 void bias_relu_512(const float *input, long rows, long channels, const float *bias,
                                  int relu, float *output) {
  BIAS_RELU_BODY(v16f, v16i, 16, LOAD16, STORE16, segment16);
}

/// The channel counts for which the AVX2 epilogue is compiled with the count a constant (the
/// models' multiples of eight): the bias stays in registers and each row is whole vectors at
/// fixed offsets, where the general loop walks a bias tile with a counter and a branch.
#define BIAS_RELU_CONSTANT_CHANNELS(X, A) \
  X(8, A) X(16, A) X(24, A) X(32, A) X(48, A) X(64, A) X(96, A) X(128, A)

/// out = relu?((in + bias) + residual) over `rows` x C, C a multiple of 8 (a constant where
/// inlined), `residual`'s rows holding the first `residualChannels`, also a multiple of 8 (0
/// and NULL for none).
static inline WIDE __attribute__((always_inline)) void
bias_relu_rows8(const float *input, long rows, const long C, const float *bias,
                const float *residual, long residualChannels, int relu, float *output) {
  v8f tile[C / 8];
  for (long j = 0; j < C / 8; j++) tile[j] = bias ? LOAD8(bias + 8 * j) : (v8f){0};
  for (long r = 0; r < rows; r++) {
    for (long j = 0; j < C / 8; j++) {
      v8f value = LOAD8(input + r * C + 8 * j) + tile[j];
      if (8 * j < residualChannels) value += LOAD8(residual + r * residualChannels + 8 * j);
      if (relu) value = (v8f)((v8i)value & (v8i)(value > (v8f){0}));
      STORE8(output + r * C + 8 * j, value);
    }
  }
}

static WIDE void bias_relu_wide(const float *input, long rows, long channels, const float *bias,
                                int relu, float *output) {
#define BIAS_RELU_CALL(C) bias_relu_rows8(input, rows, C, bias, NULL, 0, relu, output)
  WITH_CONSTANT(channels, BIAS_RELU_CONSTANT_CHANNELS, BIAS_RELU_CALL,
                BIAS_RELU_BODY(v8f, v8i, 8, LOAD8, STORE8, segment8_wide));
#undef BIAS_RELU_CALL
}

static WIDE512 void bias_residual_relu_512(const float *input, long rows, long channels,
                                           const float *bias, const float *residual,
                                           long residualChannels, int relu, float *output) {
  BIAS_RESIDUAL_RELU_BODY(segment16);
}

static WIDE void bias_residual_relu_wide(const float *input, long rows, long channels,
                                         const float *bias, const float *residual,
                                         long residualChannels, int relu, float *output) {
#define BIAS_RESIDUAL_RELU_CALL(C)                                                             \
  bias_relu_rows8(input, rows, C, bias, residual, residualChannels, relu, output)
  // A shortcut that is not whole vectors takes the general loop (no list holds 0).
  WITH_CONSTANT(residualChannels % 8 == 0 ? channels : 0, BIAS_RELU_CONSTANT_CHANNELS,
                BIAS_RESIDUAL_RELU_CALL, BIAS_RESIDUAL_RELU_BODY(segment8_wide));
#undef BIAS_RESIDUAL_RELU_CALL
}
#endif

void cinference_bias_relu(const float *input, long rows, long channels, const float *bias, int relu,
                         float *output) {
  if (rows <= 0 || channels <= 0) return;
  DISPATCH(bias_relu_512(input, rows, channels, bias, relu, output),
           bias_relu_wide(input, rows, channels, bias, relu, output),
           bias_relu_portable(input, rows, channels, bias, relu, output));
}

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
