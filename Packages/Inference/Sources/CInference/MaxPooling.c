// Max pooling over the real pixels of each window (padding never wins), channels last.
#include "Vectors.h"

/// `value > best ? value : best`, lane by lane (as x86's max instructions).
KERNEL_ATTRIBUTES v8f larger8(v8f value, v8f best) {
  const v8i greater = value > best;
  return (v8f)(((v8i)value & greater) | ((v8i)best & ~greater));
}
KERNEL_ATTRIBUTES v16f larger16(v16f value, v16f best) {
  const v16i greater = value > best;
  return (v16f)(((v16i)value & greater) | ((v16i)best & ~greater));
}

/// The largest of a whole KxK window (K a constant; rows `r` floats apart), WIDTH channels a
/// vector, taps in the order of max_pool_body.
#define MAX_WINDOW(K, VT, LOAD, STORE, LARGER, WIDTH)                                          \
  for (long c = 0; c < channels; c += (WIDTH)) {                                               \
    VT best = LOAD(p + c);                                                                     \
    for (int y = 0; y < (K); y++)                                                              \
      for (int x = 0; x < (K); x++) best = LARGER(LOAD(p + y * r + x * channels + c), best);   \
    STORE(o + c, best);                                                                        \
  }

/// MAX_WINDOW sixteen channels a vector where `wide16` and the channels allow, else eight.
#define MAX_WINDOW_WIDEST(K)                                                                   \
  do {                                                                                         \
    if (wide16 && channels % 16 == 0) {                                                        \
      MAX_WINDOW(K, v16f, load16, store16, larger16, 16);                                      \
    } else {                                                                                   \
      MAX_WINDOW(K, v8f, load8, store8, larger8, 8);                                           \
    }                                                                                          \
  } while (0)

/// `wide16`: whole 3x3 windows of 16-channel multiples go 16 channels a vector (AVX-512).
KERNEL_ATTRIBUTES void max_pool_body(const InferenceWindow *w, long channels, const float *input,
                                     float *output, long firstRow, long endRow, int wide16) {
  for (long oy = firstRow; oy < endRow; oy++) {
    const long top = oy * w->strideHeight - w->padTop;
    const long y0 = max_long(top, 0), y1 = min_long(top + w->kernelHeight, w->inputHeight);
    long start = 0, end = 0;
    if (wide16 && channels % 16 == 0 && w->kernelHeight == 3 && w->kernelWidth == 3 &&
        y1 - y0 == 3)
      interior(w, &start, &end);
    for (long ox = 0; ox < w->outputWidth; ox++) {
      if (ox == start && start < end) {
        // Whole windows along the row, without the per-pixel bounds (same taps and order).
        const long r = w->inputWidth * channels;
        for (; ox < end; ox++) {
          const long x0 = ox * w->strideWidth - w->padLeft;
          const float *p = input + (y0 * w->inputWidth + x0) * channels;
          float *o = output + ((oy - firstRow) * w->outputWidth + ox) * channels;
          MAX_WINDOW(3, v16f, load16, store16, larger16, 16);
        }
        if (ox >= w->outputWidth) break;
      }
      const long left = ox * w->strideWidth - w->padLeft;
      const long x0 = max_long(left, 0), x1 = min_long(left + w->kernelWidth, w->inputWidth);
      float *o = output + ((oy - firstRow) * w->outputWidth + ox) * channels;
      if (y0 >= y1 || x0 >= x1) {
        memset(o, 0, (size_t)channels * sizeof(float));
        continue;
      }
      const long k = w->kernelHeight;
      if (channels % 8 == 0 && (k == 2 || k == 3) && w->kernelWidth == k && y1 - y0 == k &&
          x1 - x0 == k) {
        // A whole 3x3 or 2x2 window (BlazeFace's shortcuts pool 2x2): the loads unrolled, taps
        // in the same order as below.
        const float *p = input + (y0 * w->inputWidth + x0) * channels;
        const long r = w->inputWidth * channels;
        if (k == 3) {
          MAX_WINDOW_WIDEST(3);
        } else {
          MAX_WINDOW_WIDEST(2);
        }
        continue;
      }
      if (wide16 && channels % 16 == 0) {
        // Any other window, sixteen channels a vector, taps in order.
        for (long c = 0; c < channels; c += 16) {
          v16f best = load16(input + (y0 * w->inputWidth + x0) * channels + c);
          for (long y = y0; y < y1; y++) {
            for (long x = x0; x < x1; x++) {
              best = larger16(load16(input + (y * w->inputWidth + x) * channels + c), best);
            }
          }
          store16(o + c, best);
        }
        continue;
      }
      if (channels % 8 == 0) {
        for (long c = 0; c < channels; c += 8) {
          v8f best = load8(input + (y0 * w->inputWidth + x0) * channels + c);
          for (long y = y0; y < y1; y++) {
            for (long x = x0; x < x1; x++) {
              const v8f value = load8(input + (y * w->inputWidth + x) * channels + c);
              const v8i greater = value > best;
              best = (v8f)(((v8i)value & greater) | ((v8i)best & ~greater));
            }
          }
          store8(o + c, best);
        }
        continue;
      }
      memcpy(o, input + (y0 * w->inputWidth + x0) * channels, (size_t)channels * sizeof(float));
      for (long y = y0; y < y1; y++) {
        for (long x = x0; x < x1; x++) {
          const float *p = input + (y * w->inputWidth + x) * channels;
          for (long c = 0; c < channels; c++) o[c] = p[c] > o[c] ? p[c] : o[c];
        }
      }
    }
  }
}

#if defined(__x86_64__)
static WIDE512 void max_pool_512(const InferenceWindow *w, long c, const float *i, float *o,
                                 long r0, long r1) {
  max_pool_body(w, c, i, o, r0, r1, 1);
}

/// The channel counts for which the AVX2 pooling is compiled with the count a constant (the
/// models' own): a window's loads then take fixed offsets, as in the depthwise kernel.
#define MAX_POOL_CONSTANT_CHANNELS(X, A) X(8, A) X(16, A) X(32, A) X(64, A) X(128, A)

static WIDE void max_pool_wide(const InferenceWindow *w, long c, const float *i, float *o, long r0,
                               long r1) {
#define MAX_POOL_CALL(C) max_pool_body(w, C, i, o, r0, r1, 0)
  WITH_CONSTANT(c, MAX_POOL_CONSTANT_CHANNELS, MAX_POOL_CALL, MAX_POOL_CALL(c));
#undef MAX_POOL_CALL
}
#endif

void cinference_max_pool(const InferenceWindow *window, long channels, const float *input,
                        float *output, long firstRow, long endRow) {
  DISPATCH(max_pool_512(window, channels, input, output, firstRow, endRow),
           max_pool_wide(window, channels, input, output, firstRow, endRow),
           max_pool_body(window, channels, input, output, firstRow, endRow, 0));
}
