// SIMD kernels of the Inference package. Each kernel body is compiled for AVX2 with FMA and
// for the baseline x86-64 (or any other) target, and the convolutions also have AVX-512
// variants (16-float vectors, 32 registers, larger register blocks); the widest the CPU has
// is picked at run time, so the library runs on any CPU and uses the wide units where they
// exist. The result of an item depends only on that item: batch size never changes a bit.
#include "InferenceCKernels.h"

#include <string.h>

#pragma clang diagnostic ignored "-Wpsabi"

typedef float v8f __attribute__((vector_size(32)));
typedef int v8i __attribute__((vector_size(32)));

#define KERNEL_ATTRIBUTES static inline __attribute__((always_inline))

KERNEL_ATTRIBUTES v8f load8(const float *p) {
  v8f v;
  memcpy(&v, p, sizeof v);
  return v;
}

KERNEL_ATTRIBUTES void store8(float *p, v8f v) { memcpy(p, &v, sizeof v); }

typedef float v16f __attribute__((vector_size(64)));
typedef int v16i __attribute__((vector_size(64)));

KERNEL_ATTRIBUTES v16f load16(const float *p) {
  v16f v;
  memcpy(&v, p, sizeof v);
  return v;
}

KERNEL_ATTRIBUTES void store16(float *p, v16f v) { memcpy(p, &v, sizeof v); }

KERNEL_ATTRIBUTES long max_long(long a, long b) { return a > b ? a : b; }
KERNEL_ATTRIBUTES long min_long(long a, long b) { return a < b ? a : b; }

/// Output columns [*start, *end) whose window lies inside the image.
KERNEL_ATTRIBUTES void interior(const InferenceWindow *w, long *start, long *end) {
  long s = (w->padLeft + w->strideWidth - 1) / w->strideWidth;
  long last = w->inputWidth - w->kernelWidth + w->padLeft;
  s = min_long(s, w->outputWidth);
  *start = s;
  *end = last < 0 ? s : max_long(s, min_long(w->outputWidth, last / w->strideWidth + 1));
}

/// One output pixel of a depthwise convolution over the valid taps only.
KERNEL_ATTRIBUTES void depthwise_pixel(const InferenceWindow *w, long channels, const float *input,
                                       const float *kernel, float *target, long top, long ky0,
                                       long ky1, long left) {
  const long kx0 = max_long(0, -left), kx1 = min_long(w->kernelWidth, w->inputWidth - left);
  for (long c = 0; c < channels; c += 8) {
    v8f a = {0};
    for (long ky = ky0; ky < ky1; ky++) {
      for (long kx = kx0; kx < kx1; kx++) {
        a += load8(input + ((top + ky) * w->inputWidth + left + kx) * channels + c) *
             load8(kernel + (ky * w->kernelWidth + kx) * channels + c);
      }
    }
    store8(target + c, a);
  }
}

/// 3x3 windows at horizontal stride 1: for each group of 8 channels the nine weights stay in
/// registers and four neighbouring output pixels share six input loads per kernel row. The
/// taps are summed in the same (kh, kw) order as the general loop.
KERNEL_ATTRIBUTES void depthwise_3x3_body(const InferenceWindow *w, long channels,
                                          const float *input, const float *kernel, float *output,
                                          long firstRow, long endRow, long start, long end) {
  const long ch = channels;
  for (long oy = firstRow; oy < endRow; oy++) {
    const long top = oy * w->strideHeight - w->padTop;
    const long ky0 = max_long(0, -top), ky1 = min_long(3, w->inputHeight - top);
    float *row = output + oy * w->outputWidth * ch;
    // Blocks of four cover [start, end); the last one may step back over pixels already
    // done (it computes them again, the same way).
    const long blockEnd = end - start >= 4 ? end : start;
    for (long ox = 0; ox < start; ox++)
      depthwise_pixel(w, ch, input, kernel, row + ox * ch, top, ky0, ky1, ox - w->padLeft);
    for (long c = 0; c < ch; c += 8) {
      v8f k[3][3];
      for (int ky = 0; ky < 3; ky++)
        for (int kx = 0; kx < 3; kx++) k[ky][kx] = load8(kernel + (ky * 3 + kx) * ch + c);
      for (long next = start; next < blockEnd; next += 4) {
        const long ox = min_long(next, blockEnd - 4);
        v8f a0 = {0}, a1 = {0}, a2 = {0}, a3 = {0};
        for (long ky = ky0; ky < ky1; ky++) {
          const float *p = input + ((top + ky) * w->inputWidth + ox - w->padLeft) * ch + c;
          const v8f p0 = load8(p), p1 = load8(p + ch), p2 = load8(p + 2 * ch);
          const v8f p3 = load8(p + 3 * ch), p4 = load8(p + 4 * ch), p5 = load8(p + 5 * ch);
          const v8f k0 = k[ky][0], k1 = k[ky][1], k2 = k[ky][2];
          a0 += p0 * k0;
          a0 += p1 * k1;
          a0 += p2 * k2;
          a1 += p1 * k0;
          a1 += p2 * k1;
          a1 += p3 * k2;
          a2 += p2 * k0;
          a2 += p3 * k1;
          a2 += p4 * k2;
          a3 += p3 * k0;
          a3 += p4 * k1;
          a3 += p5 * k2;
        }
        float *o = row + ox * ch + c;
        store8(o, a0);
        store8(o + ch, a1);
        store8(o + 2 * ch, a2);
        store8(o + 3 * ch, a3);
      }
    }
    for (long ox = blockEnd; ox < w->outputWidth; ox++)
      depthwise_pixel(w, ch, input, kernel, row + ox * ch, top, ky0, ky1, ox - w->padLeft);
  }
}

KERNEL_ATTRIBUTES void depthwise_body(const InferenceWindow *w, long channels, const float *input,
                                      const float *kernel, float *output, long firstRow,
                                      long endRow) {
  long start, end;
  interior(w, &start, &end);
  const long step = w->strideWidth * channels;
  if (w->kernelHeight == 3 && w->kernelWidth == 3 && w->strideWidth == 1) {
    depthwise_3x3_body(w, channels, input, kernel, output, firstRow, endRow, start, end);
    return;
  }
  for (long oy = firstRow; oy < endRow; oy++) {
    const long top = oy * w->strideHeight - w->padTop;
    const long ky0 = max_long(0, -top), ky1 = min_long(w->kernelHeight, w->inputHeight - top);
    float *row = output + oy * w->outputWidth * channels;
    long ox = 0;
    while (ox < w->outputWidth) {
      const long left = ox * w->strideWidth - w->padLeft;
      if (ox >= start && ox + 4 <= end) {
        for (long c = 0; c < channels; c += 8) {
          v8f a0 = {0}, a1 = {0}, a2 = {0}, a3 = {0};
          for (long ky = ky0; ky < ky1; ky++) {
            const float *p = input + ((top + ky) * w->inputWidth + left) * channels + c;
            const float *k = kernel + ky * w->kernelWidth * channels + c;
            for (long kx = 0; kx < w->kernelWidth; kx++) {
              const v8f weight = load8(k + kx * channels);
              const float *q = p + kx * channels;
              a0 += load8(q) * weight;
              a1 += load8(q + step) * weight;
              a2 += load8(q + 2 * step) * weight;
              a3 += load8(q + 3 * step) * weight;
            }
          }
          float *o = row + ox * channels + c;
          store8(o, a0);
          store8(o + channels, a1);
          store8(o + 2 * channels, a2);
          store8(o + 3 * channels, a3);
        }
        ox += 4;
      } else {
        const long kx0 = max_long(0, -left), kx1 = min_long(w->kernelWidth, w->inputWidth - left);
        for (long c = 0; c < channels; c += 8) {
          v8f a = {0};
          for (long ky = ky0; ky < ky1; ky++) {
            for (long kx = kx0; kx < kx1; kx++) {
              a += load8(input + ((top + ky) * w->inputWidth + left + kx) * channels + c) *
                   load8(kernel + (ky * w->kernelWidth + kx) * channels + c);
            }
          }
          store8(row + ox * channels + c, a);
        }
        ox += 1;
      }
    }
  }
}

/// Adds the bias (when given) and applies ReLU (when asked) to a vector of channels n..n+7.
KERNEL_ATTRIBUTES v8f finish8(v8f value, const float *bias, long n, int relu) {
  if (bias) value += load8(bias + n);
  if (relu) {
    const v8f zero = {0};
    const v8i positive = value > zero;
    value = (v8f)((v8i)value & positive);
  }
  return value;
}

/// P output pixels x V vectors of W (8 or 16) output channels, accumulated in registers over
/// the valid rows of the window; the columns of the P pixels must all lie inside the image.
#define DIRECT_BLOCK_OF(P, V, W)                                                               \
  do {                                                                                       \
    v##W##f acc[P][V];                                                                       \
    for (int i = 0; i < P; i++)                                                              \
      for (int v = 0; v < V; v++) acc[i][v] = (v##W##f){0};                                  \
    for (long ky = ky0; ky < ky1; ky++) {                                                    \
      const float *p = input + ((top + ky) * w->inputWidth + left) * cin;                    \
      const float *k = kernel + ky * span * cout + n;                                        \
      for (long j = 0; j < span; j++) {                                                      \
        v##W##f weight[V];                                                                   \
        for (int v = 0; v < V; v++) weight[v] = load##W(k + j * cout + W * v);               \
        for (int i = 0; i < P; i++) {                                                        \
          const float x = p[j + i * step];                                                   \
          for (int v = 0; v < V; v++) acc[i][v] += x * weight[v];                            \
        }                                                                                    \
      }                                                                                      \
    }                                                                                        \
    for (int i = 0; i < P; i++)                                                              \
      for (int v = 0; v < V; v++)                                                            \
        store##W(row + (ox + i) * cout + n + W * v,                                          \
                 finish##W(acc[i][v], bias, n + W * v, relu));                               \
  } while (0)

/// DIRECT_BLOCK_OF with vectors of 8 output channels.
#define DIRECT_BLOCK(P, V) DIRECT_BLOCK_OF(P, V, 8)

/// `narrow` is the pixels per block when cout is not a multiple of 16 (8 with 16 vector
/// registers, 16 with 32).
KERNEL_ATTRIBUTES void direct_body(const InferenceWindow *w, long cin, long cout, const float *input,
                                   const float *kernel, const float *bias, int relu, float *output,
                                   long firstRow, long endRow, int narrow) {
  long start, end;
  interior(w, &start, &end);
  const long step = w->strideWidth * cin;
  const long span = w->kernelWidth * cin;
  const int pixels = cout % 16 == 0 ? 4 : narrow;
  for (long oy = firstRow; oy < endRow; oy++) {
    const long top = oy * w->strideHeight - w->padTop;
    const long ky0 = max_long(0, -top), ky1 = min_long(w->kernelHeight, w->inputHeight - top);
    float *row = output + oy * w->outputWidth * cout;
    long ox = 0;
    while (ox < w->outputWidth) {
      if (ox >= start && ox < end && end - start >= pixels) {
        // The last block of a row may step back over pixels already done: it computes them
        // again, the same way, rather than leave the tail to the one-pixel path.
        ox = min_long(ox, end - pixels);
        const long left = ox * w->strideWidth - w->padLeft;
        if (pixels == 4) {
          for (long n = 0; n < cout; n += 16) DIRECT_BLOCK(4, 2);
        } else if (pixels == 16) {
          for (long n = 0; n < cout; n += 8) DIRECT_BLOCK(16, 1);
        } else {
          for (long n = 0; n < cout; n += 8) DIRECT_BLOCK(8, 1);
        }
        ox += pixels;
      } else {
        const long left = ox * w->strideWidth - w->padLeft;
        const long kx0 = max_long(0, -left), kx1 = min_long(w->kernelWidth, w->inputWidth - left);
        long n = 0;
        // Four output vectors at a time: four independent sums instead of one long chain.
        for (; n + 32 <= cout; n += 32) {
          v8f a0 = {0}, a1 = {0}, a2 = {0}, a3 = {0};
          for (long ky = ky0; ky < ky1; ky++) {
            for (long kx = kx0; kx < kx1; kx++) {
              const float *p = input + ((top + ky) * w->inputWidth + left + kx) * cin;
              const float *k = kernel + (ky * w->kernelWidth + kx) * cin * cout + n;
              for (long c = 0; c < cin; c++) {
                const float x = p[c];
                a0 += x * load8(k + c * cout);
                a1 += x * load8(k + c * cout + 8);
                a2 += x * load8(k + c * cout + 16);
                a3 += x * load8(k + c * cout + 24);
              }
            }
          }
          float *o = row + ox * cout + n;
          store8(o, finish8(a0, bias, n, relu));
          store8(o + 8, finish8(a1, bias, n + 8, relu));
          store8(o + 16, finish8(a2, bias, n + 16, relu));
          store8(o + 24, finish8(a3, bias, n + 24, relu));
        }
        for (; n < cout; n += 8) {
          v8f a = {0};
          for (long ky = ky0; ky < ky1; ky++) {
            for (long kx = kx0; kx < kx1; kx++) {
              const float *p = input + ((top + ky) * w->inputWidth + left + kx) * cin;
              const float *k = kernel + (ky * w->kernelWidth + kx) * cin * cout + n;
              for (long c = 0; c < cin; c++) a += p[c] * load8(k + c * cout);
            }
          }
          store8(row + ox * cout + n, finish8(a, bias, n, relu));
        }
        ox += 1;
      }
    }
  }
}

/// output[r, c] = relu?(input[r, c] + bias[c]) over rows x channels (channels a multiple of 8).
KERNEL_ATTRIBUTES void bias_relu_body(const float *input, long rows, long channels, const float *bias,
                                      int relu, float *output) {
  for (long r = 0; r < rows; r++) {
    for (long n = 0; n < channels; n += 8) {
      store8(output + r * channels + n, finish8(load8(input + r * channels + n), bias, n, relu));
    }
  }
}

/// `value > best ? value : best`, lane by lane (as x86's max instructions).
KERNEL_ATTRIBUTES v8f larger8(v8f value, v8f best) {
  const v8i greater = value > best;
  return (v8f)(((v8i)value & greater) | ((v8i)best & ~greater));
}
KERNEL_ATTRIBUTES v16f larger16(v16f value, v16f best) {
  const v16i greater = value > best;
  return (v16f)(((v16i)value & greater) | ((v16i)best & ~greater));
}

/// The largest of a 3x3 window (rows `r` floats apart), WIDTH channels a vector, taps in the
/// order of max_pool_body.
#define MAX3X3(VT, LOAD, STORE, LARGER, WIDTH)                                                 \
  for (long c = 0; c < channels; c += (WIDTH)) {                                               \
    VT best = LOAD(p + c);                                                                     \
    const float *q[3] = {p + c, p + r + c, p + 2 * r + c};                                     \
    for (int y = 0; y < 3; y++)                                                                \
      for (int x = 0; x < 3; x++) best = LARGER(LOAD(q[y] + x * channels), best);              \
    STORE(o + c, best);                                                                        \
  }

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
          float *o = output + (oy * w->outputWidth + ox) * channels;
          MAX3X3(v16f, load16, store16, larger16, 16);
        }
        if (ox >= w->outputWidth) break;
      }
      const long left = ox * w->strideWidth - w->padLeft;
      const long x0 = max_long(left, 0), x1 = min_long(left + w->kernelWidth, w->inputWidth);
      float *o = output + (oy * w->outputWidth + ox) * channels;
      if (y0 >= y1 || x0 >= x1) {
        memset(o, 0, (size_t)channels * sizeof(float));
        continue;
      }
      if (channels % 8 == 0 && w->kernelHeight == 3 && w->kernelWidth == 3 && y1 - y0 == 3 &&
          x1 - x0 == 3) {
        // A whole 3x3 window: nine loads, unrolled, taps in the same order as below.
        const float *p = input + (y0 * w->inputWidth + x0) * channels;
        const long r = w->inputWidth * channels;
        if (wide16 && channels % 16 == 0) {
          MAX3X3(v16f, load16, store16, larger16, 16);
        } else {
          MAX3X3(v8f, load8, store8, larger8, 8);
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
#include <immintrin.h>

#define WIDE __attribute__((target("avx2,fma")))
#define WIDE512 __attribute__((target("avx512f,avx512bw,avx512dq,avx512vl,fma")))

// AVX-512: 16 floats a vector and 32 vector registers, so larger blocks stay in registers.


/// A vector of 8 channels repeated: the weights of two neighbouring 8-channel pixels.
KERNEL_ATTRIBUTES v16f twice8(v8f v) {
  return __builtin_shufflevector(v, v, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7);
}

/// finish8 for 16 channels n..n+15.
KERNEL_ATTRIBUTES v16f finish16(v16f value, const float *bias, long n, int relu) {
  if (bias) value += load16(bias + n);
  if (relu) {
    const v16f zero = {0};
    const v16i positive = value > zero;
    value = (v16f)((v16i)value & positive);
  }
  return value;
}

/// P pixels x V vectors of 16 output channels of a 1x1 convolution at stride 1 without
/// padding, for the pixels first..first+P-1 of the image taken as one flat row: a small
/// matrix product, cin in order.
#define POINTWISE_BLOCK(P, V)                                                                  \
  do {                                                                                         \
    v16f acc[P][V];                                                                            \
    for (int i = 0; i < P; i++)                                                                \
      for (int v = 0; v < V; v++) acc[i][v] = (v16f){0};                                       \
    const float *p = input + first * cin;                                                      \
    for (long j = 0; j < cin; j++) {                                                           \
      v16f weight[V];                                                                          \
      for (int v = 0; v < V; v++) weight[v] = load16(kernel + j * cout + n + 16 * v);          \
      for (int i = 0; i < P; i++) {                                                            \
        const float x = p[i * cin + j];                                                        \
        for (int v = 0; v < V; v++) acc[i][v] += x * weight[v];                                \
      }                                                                                        \
    }                                                                                          \
    for (int i = 0; i < P; i++)                                                                \
      for (int v = 0; v < V; v++)                                                              \
        store16(output + (first + i) * cout + n + 16 * v,                                      \
                finish16(acc[i][v], bias, n + 16 * v, relu));                                  \
  } while (0)

/// Pixels [firstPixel, endPixel) in blocks of P (the last block steps back over pixels
/// already done, computing them again the same way), V vectors of channels at a time.
#define POINTWISE_RUN(P, V)                                                                    \
  for (long n = 0; n < cout; n += 16 * (V)) {                                                  \
    if (endPixel - firstPixel >= (P)) {                                                        \
      for (long next = firstPixel; next < endPixel; next += (P)) {                             \
        const long first = min_long(next, endPixel - (P));                                     \
        POINTWISE_BLOCK(P, V);                                                                 \
      }                                                                                        \
    } else {                                                                                   \
      for (long first = firstPixel; first < endPixel; first++) POINTWISE_BLOCK(1, V);          \
    }                                                                                          \
  }

KERNEL_ATTRIBUTES void pointwise16_body(long cin, long cout, const float *input,
                                        const float *kernel, const float *bias, int relu,
                                        float *output, long firstPixel, long endPixel) {
  if (cout % 64 == 0) {
    POINTWISE_RUN(6, 4);
  } else if (cout % 32 == 0) {
    POINTWISE_RUN(8, 2);
  } else {
    POINTWISE_RUN(12, 1);
  }
}

/// DIRECT_BLOCK_OF with vectors of 16 output channels.
#define DIRECT_BLOCK16(P, V) DIRECT_BLOCK_OF(P, V, 16)

/// direct_body for cout a multiple of 16, in vectors of 16 channels.
KERNEL_ATTRIBUTES void direct16_body(const InferenceWindow *w, long cin, long cout,
                                     const float *input, const float *kernel, const float *bias,
                                     int relu, float *output, long firstRow, long endRow) {
  long start, end;
  interior(w, &start, &end);
  const long step = w->strideWidth * cin;
  const long span = w->kernelWidth * cin;
  const int vectors = cout % 64 == 0 ? 4 : cout % 32 == 0 ? 2 : 1;
  const int pixels = vectors < 4 && end - start >= 8 ? 8 : 4;
  for (long oy = firstRow; oy < endRow; oy++) {
    const long top = oy * w->strideHeight - w->padTop;
    const long ky0 = max_long(0, -top), ky1 = min_long(w->kernelHeight, w->inputHeight - top);
    float *row = output + oy * w->outputWidth * cout;
    long ox = 0;
    while (ox < w->outputWidth) {
      if (ox >= start && ox < end && end - start >= pixels) {
        ox = min_long(ox, end - pixels);
        const long left = ox * w->strideWidth - w->padLeft;
        if (vectors == 4) {
          for (long n = 0; n < cout; n += 64) DIRECT_BLOCK16(4, 4);
        } else if (pixels == 8 && vectors == 2) {
          for (long n = 0; n < cout; n += 32) DIRECT_BLOCK16(8, 2);
        } else if (pixels == 8) {
          for (long n = 0; n < cout; n += 16) DIRECT_BLOCK16(8, 1);
        } else if (vectors == 2) {
          for (long n = 0; n < cout; n += 32) DIRECT_BLOCK16(4, 2);
        } else {
          for (long n = 0; n < cout; n += 16) DIRECT_BLOCK16(4, 1);
        }
        ox += pixels;
      } else {
        const long left = ox * w->strideWidth - w->padLeft;
        const long kx0 = max_long(0, -left), kx1 = min_long(w->kernelWidth, w->inputWidth - left);
        for (long n = 0; n < cout; n += 16) {
          v16f a = {0};
          for (long ky = ky0; ky < ky1; ky++) {
            for (long kx = kx0; kx < kx1; kx++) {
              const float *p = input + ((top + ky) * w->inputWidth + left + kx) * cin;
              const float *k = kernel + (ky * w->kernelWidth + kx) * cin * cout + n;
              for (long c = 0; c < cin; c++) a += p[c] * load16(k + c * cout);
            }
          }
          store16(row + ox * cout + n, finish16(a, bias, n, relu));
        }
        ox += 1;
      }
    }
  }
}

/// One output pixel of a direct convolution over the valid taps only, 8 channels a vector,
/// in (kh, kw, cin) order (as direct_body's border path when cout < 32).
KERNEL_ATTRIBUTES void direct_pixel(const InferenceWindow *w, long cin, long cout,
                                    const float *input, const float *kernel, const float *bias,
                                    int relu, float *target, long top, long ky0, long ky1,
                                    long left) {
  const long kx0 = max_long(0, -left), kx1 = min_long(w->kernelWidth, w->inputWidth - left);
  for (long n = 0; n < cout; n += 8) {
    v8f a = {0};
    for (long ky = ky0; ky < ky1; ky++) {
      for (long kx = kx0; kx < kx1; kx++) {
        const float *p = input + ((top + ky) * w->inputWidth + left + kx) * cin;
        const float *k = kernel + (ky * w->kernelWidth + kx) * cin * cout + n;
        for (long c = 0; c < cin; c++) a += p[c] * load8(k + c * cout);
      }
    }
    store8(target + n, finish8(a, bias, n, relu));
  }
}

/// P vectors of two neighbouring output pixels (ox + 2i, ox + 2i + 1) of a 3-wide window at
/// horizontal stride 1 with 8 output channels. Input column d (0...3, from the left of the
/// pair) feeds the first pixel with kernel column d and the second with column d - 1, so one
/// broadcast input value times pairs[ky][d][c] (the two columns' weights side by side, zero
/// where a column does not exist) adds to both pixels at once; the input column of pair i at
/// d is also that of pair i + 1 at d - 2, so each value is loaded once for both.
#define PAIRS_BLOCK(P)                                                                         \
  do {                                                                                         \
    const long ox = min_long(next, blockEnd - 2 * (P));                                        \
    const long left = ox - w->padLeft;                                                         \
    v16f acc[P];                                                                               \
    for (int i = 0; i < (P); i++) acc[i] = (v16f){0};                                          \
    for (long ky = ky0; ky < ky1; ky++) {                                                      \
      const float *p = input + ((top + ky) * w->inputWidth + left) * cin;                      \
      const float *k = pairs + ky * 4 * cin * 16;                                              \
      for (long c = 0; c < cin; c++) {                                                         \
        const v16f w0 = load16(k + c * 16), w1 = load16(k + (cin + c) * 16);                   \
        const v16f w2 = load16(k + (2 * cin + c) * 16), w3 = load16(k + (3 * cin + c) * 16);   \
        _Pragma("clang loop unroll(full)") for (int q = 0; q < 2 * (P) + 2; q++) {             \
          const float x = p[q * cin + c];                                                      \
          if (q / 2 < (P)) acc[q / 2] += x * (q % 2 ? w1 : w0);                                \
          if (q / 2 >= 1) acc[q / 2 - 1] += x * (q % 2 ? w3 : w2);                             \
        }                                                                                      \
      }                                                                                        \
    }                                                                                          \
    for (int i = 0; i < (P); i++) store16(row + (ox + 2 * i) * 8, finish16(acc[i], bias2, 0, relu)); \
  } while (0)

/// The largest cin of direct8_pairs_body (its paired weights live on the stack).
#define PAIRS_MAX_CIN 8

/// A 3-wide window at horizontal stride 1 with 8 output channels, two pixels a vector (see
/// PAIRS_BLOCK): three quarters of each 16-float product are useful, against half with
/// vectors of one pixel's 8 channels. A pixel sums its taps in (kh, cin, kw) order; border
/// pixels, and rows too short for a block, take direct_pixel.
KERNEL_ATTRIBUTES void direct8_pairs_body(const InferenceWindow *w, long cin, const float *input,
                                          const float *kernel, const float *bias, int relu,
                                          float *output, long firstRow, long endRow) {
  float pairs[3 * 4 * PAIRS_MAX_CIN * 16];
  float bias2[16];
  for (long ky = 0; ky < 3; ky++) {
    for (long d = 0; d < 4; d++) {
      for (long c = 0; c < cin; c++) {
        float *target = pairs + ((ky * 4 + d) * cin + c) * 16;
        for (long n = 0; n < 8; n++) {
          target[n] = d < 3 ? kernel[((ky * 3 + d) * cin + c) * 8 + n] : 0;
          target[8 + n] = d > 0 ? kernel[((ky * 3 + d - 1) * cin + c) * 8 + n] : 0;
        }
      }
    }
  }
  for (long n = 0; n < 16; n++) bias2[n] = bias ? bias[n % 8] : 0;
  long start, end;
  interior(w, &start, &end);
  for (long oy = firstRow; oy < endRow; oy++) {
    const long top = oy * w->strideHeight - w->padTop;
    const long ky0 = max_long(0, -top), ky1 = min_long(3, w->inputHeight - top);
    float *row = output + oy * w->outputWidth * 8;
    for (long ox = 0; ox < start; ox++)
      direct_pixel(w, cin, 8, input, kernel, bias, relu, row + ox * 8, top, ky0, ky1,
                   ox - w->padLeft);
    long blockEnd = start;
    if (end - start >= 20) {
      blockEnd = end;
      for (long next = start; next < blockEnd; next += 20) PAIRS_BLOCK(10);
    } else if (end - start >= 8) {
      blockEnd = end;
      for (long next = start; next < blockEnd; next += 8) PAIRS_BLOCK(4);
    }
    for (long ox = blockEnd; ox < w->outputWidth; ox++)
      direct_pixel(w, cin, 8, input, kernel, bias, relu, row + ox * 8, top, ky0, ky1,
                   ox - w->padLeft);
  }
}

/// The widest input row direct8_planar_512 takes (its planar rows live on the stack).
#define PLANAR_MAX_WIDTH 256

/// Index vectors of the 8 x 16 transposes of direct8_planar_512: `in` takes 8 vectors of two
/// pixels' 8 channels to 8 vectors of one channel's 16 pixels (three rounds, each vector
/// from two of the round before: 4 pixels x 4 channels, 8 x 2, 16 x 1); `out` goes back.
/// Round r of `in` uses in[r][parity] with parity the bit of the output vector it depends on.
typedef struct {
  __m512i in[3][2];
  __m512i out[3][2];
} PlanarIndexes;

static WIDE512 void planar_indexes(PlanarIndexes *x) {
  int lanes[16];
  for (int half = 0; half < 2; half++) {
    // Round 1: pixels 4q..4q+3 x channels 4h..4h+3 (lane p * 4 + c) from the vectors of
    // pixels (4q, 4q+1) and (4q+2, 4q+3) (lane (p % 2) * 8 + c).
    for (int l = 0; l < 16; l++) lanes[l] = (l / 4 / 2) * 16 + (l / 4 % 2) * 8 + 4 * half + l % 4;
    x->in[0][half] = _mm512_loadu_si512(lanes);
    // Round 2: pixels 8r..8r+7 x channels 2g, 2g+1 (lane p * 2 + c) from round 1's (2r, g/2)
    // and (2r+1, g/2); half is g % 2.
    for (int l = 0; l < 16; l++) lanes[l] = (l / 2 / 4) * 16 + (l / 2 % 4) * 4 + 2 * half + l % 2;
    x->in[1][half] = _mm512_loadu_si512(lanes);
    // Round 3: channel c x pixels 0..15 from round 2's (0, c/2) and (1, c/2); half is c % 2.
    for (int l = 0; l < 16; l++) lanes[l] = (l / 8) * 16 + (l % 8) * 2 + half;
    x->in[2][half] = _mm512_loadu_si512(lanes);
    // Back, round 1: channels 2g, 2g+1 x pixels 8r..8r+7 (lane p * 2 + c) from channels
    // 2g and 2g+1 (lane p); half is r.
    for (int l = 0; l < 16; l++) lanes[l] = (l % 2) * 16 + 8 * half + l / 2;
    x->out[0][half] = _mm512_loadu_si512(lanes);
    // Round 2: channels 4h..4h+3 x pixels 4q..4q+3 (lane p * 4 + c) from round 1's (2h, q/2)
    // and (2h+1, q/2); half is q % 2.
    for (int l = 0; l < 16; l++) lanes[l] = (l % 4 / 2) * 16 + (half * 4 + l / 4) * 2 + l % 2;
    x->out[1][half] = _mm512_loadu_si512(lanes);
    // Round 3: pixels 2j, 2j+1 x channels 0..7 (lane p * 8 + c) from round 2's (0, j/2) and
    // (1, j/2); half is j % 2.
    for (int l = 0; l < 16; l++) lanes[l] = (l % 8 / 4) * 16 + (half * 2 + l / 8) * 4 + l % 4;
    x->out[2][half] = _mm512_loadu_si512(lanes);
  }
}

/// Sixteen pixels of 8 channels (v[j]: pixels 2j, 2j+1) to one vector per channel.
KERNEL_ATTRIBUTES WIDE512 void planar_in(const PlanarIndexes *x, __m512 v[8]) {
  __m512 a[8], b[8];
  for (int q = 0; q < 4; q++)
    for (int h = 0; h < 2; h++)
      a[q * 2 + h] = _mm512_permutex2var_ps(v[2 * q], x->in[0][h], v[2 * q + 1]);
  for (int r = 0; r < 2; r++)
    for (int g = 0; g < 4; g++)
      b[r * 4 + g] = _mm512_permutex2var_ps(a[4 * r + g / 2], x->in[1][g % 2],
                                            a[4 * r + 2 + g / 2]);
  for (int c = 0; c < 8; c++)
    v[c] = _mm512_permutex2var_ps(b[c / 2], x->in[2][c % 2], b[4 + c / 2]);
}

/// planar_in backwards: one vector per channel to v[j] holding pixels 2j, 2j+1.
KERNEL_ATTRIBUTES WIDE512 void planar_out(const PlanarIndexes *x, __m512 v[8]) {
  __m512 a[8], b[8];
  for (int g = 0; g < 4; g++)
    for (int r = 0; r < 2; r++)
      a[g * 2 + r] = _mm512_permutex2var_ps(v[2 * g], x->out[0][r], v[2 * g + 1]);
  for (int h = 0; h < 2; h++)
    for (int q = 0; q < 4; q++)
      b[h * 4 + q] = _mm512_permutex2var_ps(a[4 * h + q / 2], x->out[1][q % 2],
                                            a[4 * h + 2 + q / 2]);
  for (int j = 0; j < 8; j++)
    v[j] = _mm512_permutex2var_ps(b[j / 2], x->out[2][j % 2], b[4 + j / 2]);
}

/// A 3x3 window at horizontal stride 1 from 8 to 8 channels with no lane wasted: each input
/// row is transposed once to one row of pixels per channel, and a block of 32 output pixels
/// keeps 8 channels x 2 vectors of 16 pixels in registers, each input vector times a
/// broadcast weight; the block is transposed back to channels last at the store. A pixel
/// sums its taps in (kh, kw, cin) order; border pixels take direct_pixel.
static WIDE512 void direct8_planar_512(const InferenceWindow *w, const float *input,
                                       const float *kernel, const float *bias, int relu,
                                       float *output, long firstRow, long endRow) {
  PlanarIndexes indexes;
  planar_indexes(&indexes);
  float planes[3][8][PLANAR_MAX_WIDTH];
  long held[3] = {-1, -1, -1};
  const long width = w->inputWidth;
  long start, end;
  interior(w, &start, &end);
  const __m512 zero = _mm512_setzero_ps();
  for (long oy = firstRow; oy < endRow; oy++) {
    const long top = oy * w->strideHeight - w->padTop;
    const long ky0 = max_long(0, -top), ky1 = min_long(3, w->inputHeight - top);
    float *row = output + oy * w->outputWidth * 8;
    for (long ky = ky0; ky < ky1; ky++) {
      const long iy = top + ky;
      if (held[iy % 3] == iy) continue;
      held[iy % 3] = iy;
      for (long next = 0; next < width; next += 16) {
        const long x0 = min_long(next, width - 16);
        __m512 v[8];
        for (int j = 0; j < 8; j++) v[j] = _mm512_loadu_ps(input + (iy * width + x0 + 2 * j) * 8);
        planar_in(&indexes, v);
        for (int c = 0; c < 8; c++) _mm512_storeu_ps(&planes[iy % 3][c][x0], v[c]);
      }
    }
    for (long ox = 0; ox < start; ox++)
      direct_pixel(w, 8, 8, input, kernel, bias, relu, row + ox * 8, top, ky0, ky1,
                   ox - w->padLeft);
    for (long next = start; next < end; next += 32) {
      const long ox = min_long(next, end - 32);
      const long left = ox - w->padLeft;
      __m512 a0[8], a1[8];
      for (int n = 0; n < 8; n++) a0[n] = a1[n] = zero;
      for (long ky = ky0; ky < ky1; ky++) {
        float(*plane)[PLANAR_MAX_WIDTH] = planes[(top + ky) % 3];
        for (long kx = 0; kx < 3; kx++) {
          const float *k = kernel + (ky * 3 + kx) * 64;
          for (int c = 0; c < 8; c++) {
            const __m512 x0 = _mm512_loadu_ps(&plane[c][left + kx]);
            const __m512 x1 = _mm512_loadu_ps(&plane[c][left + kx + 16]);
            for (int n = 0; n < 8; n++) {
              const __m512 weight = _mm512_set1_ps(k[c * 8 + n]);
              a0[n] = _mm512_fmadd_ps(x0, weight, a0[n]);
              a1[n] = _mm512_fmadd_ps(x1, weight, a1[n]);
            }
          }
        }
      }
      for (int n = 0; n < 8; n++) {
        if (bias) {
          const __m512 shift = _mm512_set1_ps(bias[n]);
          a0[n] = _mm512_add_ps(a0[n], shift);
          a1[n] = _mm512_add_ps(a1[n], shift);
        }
        if (relu) {
          a0[n] = _mm512_max_ps(a0[n], zero);
          a1[n] = _mm512_max_ps(a1[n], zero);
        }
      }
      planar_out(&indexes, a0);
      planar_out(&indexes, a1);
      for (int j = 0; j < 8; j++) {
        _mm512_storeu_ps(row + (ox + 2 * j) * 8, a0[j]);
        _mm512_storeu_ps(row + (ox + 16 + 2 * j) * 8, a1[j]);
      }
    }
    for (long ox = end; ox < w->outputWidth; ox++)
      direct_pixel(w, 8, 8, input, kernel, bias, relu, row + ox * 8, top, ky0, ky1,
                   ox - w->padLeft);
  }
}

/// depthwise_pixel for a 3x3 window, channels a multiple of 16: four vectors of channels at
/// a time (four independent sums), in (kh, kw) order.
KERNEL_ATTRIBUTES void depthwise3_pixel16(const InferenceWindow *w, long ch, const float *input,
                                          const float *kernel, float *target, long top,
                                          long ky0, long ky1, long left) {
  const long kx0 = max_long(0, -left), kx1 = min_long(3, w->inputWidth - left);
  long c = 0;
  for (; c + 64 <= ch; c += 64) {
    v16f a[4] = {{0}, {0}, {0}, {0}};
    for (long ky = ky0; ky < ky1; ky++) {
      for (long kx = kx0; kx < kx1; kx++) {
        const float *p = input + ((top + ky) * w->inputWidth + left + kx) * ch + c;
        const float *k = kernel + (ky * 3 + kx) * ch + c;
        for (int v = 0; v < 4; v++) a[v] += load16(p + 16 * v) * load16(k + 16 * v);
      }
    }
    for (int v = 0; v < 4; v++) store16(target + c + 16 * v, a[v]);
  }
  for (; c < ch; c += 16) {
    v16f a = {0};
    for (long ky = ky0; ky < ky1; ky++) {
      for (long kx = kx0; kx < kx1; kx++) {
        a += load16(input + ((top + ky) * w->inputWidth + left + kx) * ch + c) *
             load16(kernel + (ky * 3 + kx) * ch + c);
      }
    }
    store16(target + c, a);
  }
}

/// PIX output pixels of a 3x3 depthwise window at stride 1 for 16 channels from c, the nine
/// weights in k; the pixels' input vectors are loaded once per kernel row and shared.
#define DEPTHWISE3_BLOCK16(PIX)                                                                \
  do {                                                                                         \
    const long ox = min_long(next, blockEnd - (PIX));                                          \
    v16f a[PIX];                                                                               \
    for (int i = 0; i < (PIX); i++) a[i] = (v16f){0};                                          \
    for (long ky = ky0; ky < ky1; ky++) {                                                      \
      const float *p = input + ((top + ky) * w->inputWidth + ox - w->padLeft) * ch + c;        \
      v16f q[(PIX) + 2];                                                                       \
      for (int j = 0; j < (PIX) + 2; j++) q[j] = load16(p + j * ch);                           \
      for (int i = 0; i < (PIX); i++) {                                                        \
        a[i] += q[i] * k[ky][0];                                                               \
        a[i] += q[i + 1] * k[ky][1];                                                           \
        a[i] += q[i + 2] * k[ky][2];                                                           \
      }                                                                                        \
    }                                                                                          \
    for (int i = 0; i < (PIX); i++) store16(row + (ox + i) * ch + c, a[i]);                    \
  } while (0)

/// depthwise_3x3_body in vectors of 16: channels a multiple of 16, or exactly 8 (then a
/// vector holds two neighbouring pixels and the weights are repeated). The taps of every
/// pixel are summed in (kh, kw) order.
KERNEL_ATTRIBUTES void depthwise16_3x3_body(const InferenceWindow *w, long channels,
                                            const float *input, const float *kernel,
                                            float *output, long firstRow, long endRow,
                                            long start, long end) {
  const long ch = channels;
#define border(...) \
  (ch % 16 == 0 ? depthwise3_pixel16(__VA_ARGS__) : depthwise_pixel(__VA_ARGS__))
  for (long oy = firstRow; oy < endRow; oy++) {
    const long top = oy * w->strideHeight - w->padTop;
    const long ky0 = max_long(0, -top), ky1 = min_long(3, w->inputHeight - top);
    float *row = output + oy * w->outputWidth * ch;
    for (long ox = 0; ox < start; ox++)
      border(w, ch, input, kernel, row + ox * ch, top, ky0, ky1, ox - w->padLeft);
    long blockEnd;
    if (ch == 8) {
      // Eight vectors of two pixels: sixteen pixels, seventeen input loads per kernel row,
      // eight independent sums to cover the FMA latency.
      blockEnd = end - start >= 16 ? end : start;
      v16f k[3][3];
      for (int ky = 0; ky < 3; ky++)
        for (int kx = 0; kx < 3; kx++) k[ky][kx] = twice8(load8(kernel + (ky * 3 + kx) * 8));
      for (long next = start; next < blockEnd; next += 16) {
        const long ox = min_long(next, blockEnd - 16);
        v16f a[8] = {{0}, {0}, {0}, {0}, {0}, {0}, {0}, {0}};
        for (long ky = ky0; ky < ky1; ky++) {
          const float *p = input + ((top + ky) * w->inputWidth + ox - w->padLeft) * 8;
          v16f q[17];
          for (int j = 0; j < 17; j++) q[j] = load16(p + 8 * j);
          for (int i = 0; i < 8; i++) {
            a[i] += q[2 * i] * k[ky][0];
            a[i] += q[2 * i + 1] * k[ky][1];
            a[i] += q[2 * i + 2] * k[ky][2];
          }
        }
        for (int i = 0; i < 8; i++) store16(row + (ox + 2 * i) * 8, a[i]);
      }
    } else {
      blockEnd = end - start >= 4 ? end : start;
      const int wide = end - start >= 8;
      for (long c = 0; c < ch; c += 16) {
        v16f k[3][3];
        for (int ky = 0; ky < 3; ky++)
          for (int kx = 0; kx < 3; kx++) k[ky][kx] = load16(kernel + (ky * 3 + kx) * ch + c);
        if (end - start >= 48) {
          for (long next = start; next < blockEnd; next += 12) DEPTHWISE3_BLOCK16(12);
        } else if (wide) {
          for (long next = start; next < blockEnd; next += 8) DEPTHWISE3_BLOCK16(8);
        } else {
          for (long next = start; next < blockEnd; next += 4) DEPTHWISE3_BLOCK16(4);
        }
      }
    }
    for (long ox = blockEnd; ox < w->outputWidth; ox++)
      border(w, ch, input, kernel, row + ox * ch, top, ky0, ky1, ox - w->padLeft);
  }
}
#undef border

/// Fewer than 16 output channels, other than 8 (a classifier's last convolution): a vector
/// holds all of a pixel's channels, the lanes past cout masked off, and blocks of 8 pixels
/// run anywhere in the rows, border pixels included. For each tap the block's input pixels
/// are copied to a buffer (zeros where the tap falls in the padding), then each input
/// channel adds input * weights to every pixel. A pixel sums every tap in (kh, kw, cin)
/// order, the padding's zeros included, whatever block it falls in.
static WIDE512 void direct_narrow_512(const InferenceWindow *w, long cin, long cout,
                                      const float *input, const float *kernel,
                                      const float *bias, int relu, float *output, long firstRow,
                                      long endRow) {
  const __mmask16 mask = (__mmask16)((1u << cout) - 1);
  const __m512 zero = _mm512_setzero_ps();
  const __m512 shift = bias ? _mm512_maskz_loadu_ps(mask, bias) : zero;
  float buffer[8 * cin];
  const long width = w->outputWidth;
  const long endPixel = endRow * width;
  for (long first = firstRow * width; first < endPixel; first += 8) {
    const long count = min_long(8, endPixel - first);
    __m512 acc[8];
    for (int i = 0; i < 8; i++) acc[i] = zero;
    for (long ky = 0; ky < w->kernelHeight; ky++) {
      for (long kx = 0; kx < w->kernelWidth; kx++) {
        for (long i = 0; i < 8; i++) {
          const long oy = (first + i) / width, ox = (first + i) % width;
          const long iy = oy * w->strideHeight - w->padTop + ky;
          const long ix = ox * w->strideWidth - w->padLeft + kx;
          if (i < count && iy >= 0 && iy < w->inputHeight && ix >= 0 && ix < w->inputWidth)
            memcpy(buffer + i * cin, input + (iy * w->inputWidth + ix) * cin,
                   (size_t)cin * sizeof(float));
          else
            memset(buffer + i * cin, 0, (size_t)cin * sizeof(float));
        }
        const float *k = kernel + (ky * w->kernelWidth + kx) * cin * cout;
        for (long c = 0; c < cin; c++) {
          const __m512 weight = _mm512_maskz_loadu_ps(mask, k + c * cout);
          _Pragma("clang loop unroll(full)") for (int i = 0; i < 8; i++)
            acc[i] = _mm512_fmadd_ps(_mm512_set1_ps(buffer[i * cin + c]), weight, acc[i]);
        }
      }
    }
    for (long i = 0; i < count; i++) {
      __m512 value = _mm512_add_ps(acc[i], shift);
      if (relu) value = _mm512_max_ps(value, zero);
      _mm512_mask_storeu_ps(output + (first + i) * cout, mask, value);
    }
  }
}

static WIDE512 void depthwise_512(const InferenceWindow *w, long c, const float *i, const float *k,
                                  float *o, long r0, long r1) {
  if (w->kernelHeight == 3 && w->kernelWidth == 3 && w->strideWidth == 1 &&
      (c % 16 == 0 || c == 8)) {
    long start, end;
    interior(w, &start, &end);
    depthwise16_3x3_body(w, c, i, k, o, r0, r1, start, end);
  } else {
    depthwise_body(w, c, i, k, o, r0, r1);
  }
}
/// The number of output columns whose window lies inside the image.
KERNEL_ATTRIBUTES long interior_width(const InferenceWindow *w) {
  long start, end;
  interior(w, &start, &end);
  return end - start;
}

static WIDE512 void direct_512(const InferenceWindow *w, long ci, long co, const float *i,
                               const float *k, const float *b, int r, float *o, long r0, long r1) {
  const int pairs = co == 8 && w->kernelWidth == 3 && w->kernelHeight == 3 && w->strideWidth == 1;
  if (co < 16 && co != 8) {
    direct_narrow_512(w, ci, co, i, k, b, r, o, r0, r1);
  } else if (pairs && ci == 8 && w->inputWidth >= 16 && w->inputWidth <= PLANAR_MAX_WIDTH &&
             interior_width(w) >= 32) {
    direct8_planar_512(w, i, k, b, r, o, r0, r1);
  } else if (pairs && ci == 8) {
    // Constant input channels (the body is inlined) keep the block's addressing simple.
    direct8_pairs_body(w, 8, i, k, b, r, o, r0, r1);
  } else if (pairs && ci == 1) {
    direct8_pairs_body(w, 1, i, k, b, r, o, r0, r1);
  } else if (co % 16 != 0) {
    direct_body(w, ci, co, i, k, b, r, o, r0, r1, 16);
  } else if (w->kernelHeight == 1 && w->kernelWidth == 1 && w->strideHeight == 1 &&
             w->strideWidth == 1 && w->padTop == 0 && w->padLeft == 0 &&
             w->inputHeight == w->outputHeight && w->inputWidth == w->outputWidth) {
    pointwise16_body(ci, co, i, k, b, r, o, r0 * w->outputWidth, r1 * w->outputWidth);
  } else {
    direct16_body(w, ci, co, i, k, b, r, o, r0, r1);
  }
}
static WIDE512 void bias_relu_512(const float *i, long rows, long c, const float *b, int r,
                                  float *o) {
  bias_relu_body(i, rows, c, b, r, o);
}
static WIDE512 void max_pool_512(const InferenceWindow *w, long c, const float *i, float *o,
                                 long r0, long r1) {
  max_pool_body(w, c, i, o, r0, r1, 1);
}

static WIDE void depthwise_wide(const InferenceWindow *w, long c, const float *i, const float *k,
                                float *o, long r0, long r1) {
  depthwise_body(w, c, i, k, o, r0, r1);
}
static WIDE void direct_wide(const InferenceWindow *w, long ci, long co, const float *i,
                             const float *k, const float *b, int r, float *o, long r0, long r1) {
  direct_body(w, ci, co, i, k, b, r, o, r0, r1, 8);
}
static WIDE void bias_relu_wide(const float *i, long rows, long c, const float *b, int r, float *o) {
  bias_relu_body(i, rows, c, b, r, o);
}
static WIDE void max_pool_wide(const InferenceWindow *w, long c, const float *i, float *o, long r0,
                               long r1) {
  max_pool_body(w, c, i, o, r0, r1, 0);
}

/// Twelve independent chains of fused multiply-adds on the widest vectors, `iterations`
/// times: enough chains to keep both FMA units busy through their latency.
#define FMA_LOOP(VT, MUL_ADD)                                                                  \
  do {                                                                                         \
    VT acc[12];                                                                                \
    for (int i = 0; i < 12; i++) acc[i] = (VT){0} + (float)i * 1e-3f;                          \
    const VT m = (VT){0} + 0.999f, a = (VT){0} + 1e-6f;                                        \
    for (long it = 0; it < iterations; it++) {                                                 \
      _Pragma("clang loop unroll(full)") for (int i = 0; i < 12; i++) acc[i] =                 \
          MUL_ADD(acc[i], m, a);                                                               \
    }                                                                                          \
    VT sum = acc[0];                                                                           \
    for (int i = 1; i < 12; i++) sum += acc[i];                                                \
    float lanes[sizeof(VT) / sizeof(float)];                                                   \
    memcpy(lanes, &sum, sizeof lanes);                                                         \
    *sink = lanes[0];                                                                          \
    return (double)iterations * 12 * (double)(sizeof(VT) / sizeof(float)) * 2;                 \
  } while (0)

#define FMA512(x, m, a) (__m512) _mm512_fmadd_ps((__m512)(x), (__m512)(m), (__m512)(a))
#define FMA256(x, m, a) (__m256) _mm256_fmadd_ps((__m256)(x), (__m256)(m), (__m256)(a))
static WIDE512 double fma_peak_512(long iterations, float *sink) { FMA_LOOP(v16f, FMA512); }
static WIDE double fma_peak_wide(long iterations, float *sink) { FMA_LOOP(v8f, FMA256); }

/// 2 with AVX-512 (F, BW, DQ, VL) and FMA, 1 with AVX2 and FMA, 0 otherwise.
static int cpu_level(void) {
  // Threads may race to fill the cache: they all compute the same value, and the atomic
  // accesses keep that race defined (and quiet under ThreadSanitizer).
  static int cached = -1;
  int value = __atomic_load_n(&cached, __ATOMIC_RELAXED);
  if (value < 0) {
    __builtin_cpu_init();
    const int avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    const int avx512 = avx2 && __builtin_cpu_supports("avx512f") &&
                       __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
                       __builtin_cpu_supports("avx512vl");
    value = avx512 ? 2 : avx2 ? 1 : 0;
    __atomic_store_n(&cached, value, __ATOMIC_RELAXED);
  }
  return value;
}
#define DISPATCH(wide512, wide, portable) \
  do {                                    \
    const int level = cpu_level();        \
    if (level == 2) {                     \
      wide512;                            \
    } else if (level == 1) {              \
      wide;                               \
    } else {                              \
      portable;                           \
    }                                     \
  } while (0)
#else
static int cpu_level(void) { return 0; }
#define DISPATCH(wide512, wide, portable) portable
#endif

int inference_instruction_level(void) { return cpu_level(); }

#define PORTABLE_MUL_ADD(x, m, a) ((x) * (m) + (a))
static double fma_peak_portable(long iterations, float *sink) { FMA_LOOP(v8f, PORTABLE_MUL_ADD); }

double inference_fma_peak(long iterations, float *sink) {
  double flops = 0;
  DISPATCH(flops = fma_peak_512(iterations, sink), flops = fma_peak_wide(iterations, sink),
           flops = fma_peak_portable(iterations, sink));
  return flops;
}

void inference_depthwise(const InferenceWindow *window, long channels, const float *input,
                         const float *kernel, float *output, long firstRow, long endRow) {
  DISPATCH(depthwise_512(window, channels, input, kernel, output, firstRow, endRow),
           depthwise_wide(window, channels, input, kernel, output, firstRow, endRow),
           depthwise_body(window, channels, input, kernel, output, firstRow, endRow));
}

void inference_direct_convolution(const InferenceWindow *window, long inputChannels,
                                  long outputChannels, const float *input, const float *kernel,
                                  const float *bias, int relu, float *output, long firstRow,
                                  long endRow) {
  DISPATCH(direct_512(window, inputChannels, outputChannels, input, kernel, bias, relu, output,
                      firstRow, endRow),
           direct_wide(window, inputChannels, outputChannels, input, kernel, bias, relu, output,
                       firstRow, endRow),
           direct_body(window, inputChannels, outputChannels, input, kernel, bias, relu, output,
                       firstRow, endRow, 8));
}

void inference_bias_relu(const float *input, long rows, long channels, const float *bias, int relu,
                         float *output) {
  DISPATCH(bias_relu_512(input, rows, channels, bias, relu, output),
           bias_relu_wide(input, rows, channels, bias, relu, output),
           bias_relu_body(input, rows, channels, bias, relu, output));
}

void inference_max_pool(const InferenceWindow *window, long channels, const float *input,
                        float *output, long firstRow, long endRow) {
  DISPATCH(max_pool_512(window, channels, input, output, firstRow, endRow),
           max_pool_wide(window, channels, input, output, firstRow, endRow),
           max_pool_body(window, channels, input, output, firstRow, endRow, 0));
}
