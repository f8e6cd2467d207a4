// Depthwise convolution: each channel has a window of its own, so there is no matrix product
// to hand to a BLAS; the taps are summed directly, eight or sixteen channels a vector.
#include "Vectors.h"

#define LOAD_ONE(p) (*(p))
#define STORE_ONE(p, v) (*(p) = (v))

/// One output pixel of a depthwise convolution over the valid taps only: channels in fours of
/// eight (four independent sums to cover the FMA latency), then eights, a four, and one at a
/// time.
KERNEL_ATTRIBUTES void depthwise_pixel(const InferenceWindow *w, long channels, const float *input,
                                       const float *kernel, float *target, long top, long ky0,
                                       long ky1, long left) {
  const long kx0 = max_long(0, -left), kx1 = min_long(w->kernelWidth, w->inputWidth - left);
  long c = 0;
  for (; c + 32 <= channels; c += 32) {
    v8f a[4] = {{0}, {0}, {0}, {0}};
    for (long ky = ky0; ky < ky1; ky++) {
      for (long kx = kx0; kx < kx1; kx++) {
        const float *p = input + ((top + ky) * w->inputWidth + left + kx) * channels + c;
        const float *k = kernel + (ky * w->kernelWidth + kx) * channels + c;
        for (int v = 0; v < 4; v++) a[v] += load8(p + 8 * v) * load8(k + 8 * v);
      }
    }
    for (int v = 0; v < 4; v++) store8(target + c + 8 * v, a[v]);
  }
#define DEPTHWISE_PIXEL_GROUP(VT, LOAD, STORE)                                                  \
  do {                                                                                         \
    VT a = (VT){0};                                                                            \
    for (long ky = ky0; ky < ky1; ky++) {                                                      \
      for (long kx = kx0; kx < kx1; kx++) {                                                    \
        a += LOAD(input + ((top + ky) * w->inputWidth + left + kx) * channels + c) *           \
             LOAD(kernel + (ky * w->kernelWidth + kx) * channels + c);                         \
      }                                                                                        \
    }                                                                                          \
    STORE(target + c, a);                                                                      \
  } while (0)
  for (; c + 8 <= channels; c += 8) DEPTHWISE_PIXEL_GROUP(v8f, load8, store8);
  for (; c + 4 <= channels; c += 4) DEPTHWISE_PIXEL_GROUP(v4f, load4, store4);
  for (; c < channels; c++) DEPTHWISE_PIXEL_GROUP(float, LOAD_ONE, STORE_ONE);
#undef DEPTHWISE_PIXEL_GROUP
}

/// PIX output pixels of a 3x3 window at horizontal stride S (1 or 2) for the VT-wide group of
/// channels from c, each kernel row's three weights loaded as it starts: each of the
/// (PIX - 1) S + 3 input vectors of a kernel row is loaded once and added to the sums that read
/// it, so only one input vector is live at a time.
#define DEPTHWISE3_BLOCK(VT, LOAD, STORE, PIX, S)                                              \
  do {                                                                                         \
    const long ox = min_long(next, blockEnd - (PIX));                                          \
    VT a[PIX];                                                                                 \
    for (int i = 0; i < (PIX); i++) a[i] = (VT){0};                                            \
    for (long ky = ky0; ky < ky1; ky++) {                                                      \
      const float *p = input + ((top + ky) * w->inputWidth + ox * (S) - w->padLeft) * ch + c;  \
      const float *weights = kernel + ky * 3 * ch + c;                                         \
      const VT k0 = LOAD(weights), k1 = LOAD(weights + ch), k2 = LOAD(weights + 2 * ch);       \
      if ((S) == 1) {                                                                          \
        for (int j = 0; j < (PIX) + 2; j++) {                                                  \
          const VT q = LOAD(p + j * ch);                                                       \
          if (j < (PIX)) a[j] += q * k0;                                                       \
          if (j >= 1 && j - 1 < (PIX)) a[j - 1] += q * k1;                                     \
          if (j >= 2) a[j - 2] += q * k2;                                                      \
        }                                                                                      \
      } else {                                                                                 \
        /* Input 2m is tap 0 of pixel m and tap 2 of pixel m - 1; input 2m + 1 is tap 1. */    \
        for (int m = 0; m <= (PIX); m++) {                                                     \
          const VT q = LOAD(p + 2 * m * ch);                                                   \
          if (m < (PIX)) a[m] += q * k0;                                                       \
          if (m >= 1) a[m - 1] += q * k2;                                                      \
          if (m < (PIX)) a[m] += LOAD(p + (2 * m + 1) * ch) * k1;                              \
        }                                                                                      \
      }                                                                                        \
    }                                                                                          \
    for (int i = 0; i < (PIX); i++) STORE(row + (ox + i) * ch + c, a[i]);                      \
  } while (0)

/// Whether depthwise_3x3_body takes a window: 3x3 at horizontal stride 1 or 2, channels in
/// fours.
KERNEL_ATTRIBUTES int depthwise3_takes(const InferenceWindow *w, long channels) {
  return w->kernelHeight == 3 && w->kernelWidth == 3 &&
         (w->strideWidth == 1 || w->strideWidth == 2) && channels % 4 == 0;
}

/// Bytes of the three input rows a row of output reads, above which the 3x3 kernel takes
/// every channel group of a block of pixels before the next block: walking the whole row once
/// per group would evict those rows from a 32 KiB L1 cache between groups.
#define DEPTHWISE3_L1_ROWS_BYTES (24 * 1024)

/// 3x3 windows at horizontal stride S (1 or 2, a constant where it is inlined), channels in
/// eights and then a four: blocks of PIX neighbouring output pixels share each input load (8 on
/// AVX2: eight independent sums cover the FMA latency on two ports; 4 in the generic build,
/// whose vectors are pairs of SSE registers). Narrow rows take each channel group across the
/// row, wide ones each block across the channel groups (see DEPTHWISE3_L1_ROWS_BYTES). Every
/// pixel's taps are summed in (kh, kw) order, as in the general loop.
KERNEL_ATTRIBUTES void depthwise_3x3_body(const InferenceWindow *w, long channels,
                                          const float *input, const float *kernel, float *output,
                                          long firstRow, long endRow, int eightPixels,
                                          const int S) {
  const long ch = channels;
  const long eights = ch / 8 * 8;
  const int blockOuter = 3 * w->inputWidth * ch * (long)sizeof(float) > DEPTHWISE3_L1_ROWS_BYTES;
  long start, end;
  interior(w, &start, &end);
  for (long oy = firstRow; oy < endRow; oy++) {
    const long top = oy * w->strideHeight - w->padTop;
    const long ky0 = max_long(0, -top), ky1 = min_long(3, w->inputHeight - top);
    float *row = output + (oy - firstRow) * w->outputWidth * ch;
    // Blocks cover [start, end); the last one may step back over pixels already done (it
    // computes them again, the same way).
    const int eight = eightPixels && end - start >= 8;
    const long blockEnd = end - start >= 4 ? end : start;
    for (long ox = 0; ox < start; ox++)
      depthwise_pixel(w, ch, input, kernel, row + ox * ch, top, ky0, ky1, ox * S - w->padLeft);
    if (eight && blockOuter) {
      for (long next = start; next < blockEnd; next += 8)
        for (long c = 0; c < eights; c += 8) DEPTHWISE3_BLOCK(v8f, load8, store8, 8, S);
    } else {
      for (long c = 0; c < eights; c += 8) {
        if (eight) {
          for (long next = start; next < blockEnd; next += 8)
            DEPTHWISE3_BLOCK(v8f, load8, store8, 8, S);
        } else {
          for (long next = start; next < blockEnd; next += 4)
            DEPTHWISE3_BLOCK(v8f, load8, store8, 4, S);
        }
      }
    }
    if (eights < ch) {
      const long c = eights;
      for (long next = start; next < blockEnd; next += 4)
        DEPTHWISE3_BLOCK(v4f, load4, store4, 4, S);
    }
    for (long ox = blockEnd; ox < w->outputWidth; ox++)
      depthwise_pixel(w, ch, input, kernel, row + ox * ch, top, ky0, ky1, ox * S - w->padLeft);
  }
}

/// Any window, stride and channel count, one filter per channel: one output row for the
/// channels [c, c + lanes), with VT vectors that LOAD and STORE through `mask` (all lanes but
/// in the last block). Four pixels whose windows lie inside the image share each weight
/// load; the others sum only their valid taps. Every pixel's taps are summed in (kh, kw)
/// order, as in the 3x3 kernels.
#define DEPTHWISE_ROW_BLOCK(VT, LOAD, STORE)                                                    \
  do {                                                                                         \
    const long sw = w->strideWidth * ch;                                                       \
    const float *image = input + c;                                                            \
    const float *weights = kernel + c;                                                         \
    float *target = row + c;                                                                   \
    long ox = 0;                                                                               \
    while (ox < w->outputWidth) {                                                              \
      const long left = ox * w->strideWidth - w->padLeft;                                      \
      if (ox >= start && ox + 4 <= end) {                                                      \
        VT a0 = (VT){0}, a1 = (VT){0}, a2 = (VT){0}, a3 = (VT){0};                             \
        for (long ky = ky0; ky < ky1; ky++) {                                                  \
          const float *p = image + ((top + ky) * w->inputWidth + left) * ch;                   \
          const float *k = weights + ky * w->kernelWidth * ch;                                 \
          for (long kx = 0; kx < w->kernelWidth; kx++) {                                       \
            const VT weight = LOAD(k + kx * ch);                                               \
            const float *q = p + kx * ch;                                                      \
            a0 += LOAD(q) * weight;                                                            \
            a1 += LOAD(q + sw) * weight;                                                       \
            a2 += LOAD(q + 2 * sw) * weight;                                                   \
            a3 += LOAD(q + 3 * sw) * weight;                                                   \
          }                                                                                    \
        }                                                                                      \
        float *o = target + ox * ch;                                                           \
        STORE(o, a0);                                                                          \
        STORE(o + ch, a1);                                                                     \
        STORE(o + 2 * ch, a2);                                                                 \
        STORE(o + 3 * ch, a3);                                                                 \
        ox += 4;                                                                               \
      } else {                                                                                 \
        const long kx0 = max_long(0, -left);                                                   \
        const long kx1 = min_long(w->kernelWidth, w->inputWidth - left);                       \
        VT a = (VT){0};                                                                        \
        for (long ky = ky0; ky < ky1; ky++) {                                                  \
          for (long kx = kx0; kx < kx1; kx++) {                                                \
            a += LOAD(image + ((top + ky) * w->inputWidth + left + kx) * ch) *                 \
                 LOAD(weights + (ky * w->kernelWidth + kx) * ch);                              \
          }                                                                                    \
        }                                                                                      \
        STORE(target + ox * ch, a);                                                            \
        ox += 1;                                                                               \
      }                                                                                        \
    }                                                                                          \
  } while (0)


/// The rows of any depthwise window for one item: per output row, blocks of eight channels
/// (when `eight`), then of four, then one at a time.
KERNEL_ATTRIBUTES void depthwise_general_body(const InferenceWindow *w, long ch, const float *input,
                                              const float *kernel, float *output, long firstRow,
                                              long endRow, int eight) {
  long start, end;
  interior(w, &start, &end);
  for (long oy = firstRow; oy < endRow; oy++) {
    const long top = oy * w->strideHeight - w->padTop;
    const long ky0 = max_long(0, -top), ky1 = min_long(w->kernelHeight, w->inputHeight - top);
    float *row = output + (oy - firstRow) * w->outputWidth * ch;
    long c = 0;
    if (eight)
      for (; c + 8 <= ch; c += 8) DEPTHWISE_ROW_BLOCK(v8f, load8, store8);
    for (; c + 4 <= ch; c += 4) DEPTHWISE_ROW_BLOCK(v4f, load4, store4);
    for (; c < ch; c++) DEPTHWISE_ROW_BLOCK(float, LOAD_ONE, STORE_ONE);
  }
}

#if defined(__x86_64__)
/// A vector of 8 channels repeated: the weights of two neighbouring 8-channel pixels.
KERNEL_ATTRIBUTES v16f twice8(v8f v) {
  return __builtin_shufflevector(v, v, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7);
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
    float *row = output + (oy - firstRow) * w->outputWidth * ch;
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

/// depthwise_general_body in blocks of 16 channels, then one of 8 or one masked (on Zen 5
/// a masked block of 12 channels took 17 us where blocks of 8 and 4 took 24, and blocks of
/// 16 and 8 beat a masked one for 24).
static WIDE512 void depthwise_general_512(const InferenceWindow *w, long ch, const float *input,
                                          const float *kernel, float *output, long firstRow,
                                          long endRow) {
  long start, end;
  interior(w, &start, &end);
  for (long oy = firstRow; oy < endRow; oy++) {
    const long top = oy * w->strideHeight - w->padTop;
    const long ky0 = max_long(0, -top), ky1 = min_long(w->kernelHeight, w->inputHeight - top);
    float *row = output + (oy - firstRow) * w->outputWidth * ch;
    long c = 0;
    for (; c + 16 <= ch; c += 16) DEPTHWISE_ROW_BLOCK(v16f, LOAD16, STORE16);
    if (c + 8 == ch) {
      DEPTHWISE_ROW_BLOCK(v8f, LOAD8, STORE8);
    } else if (c < ch) {
      const __mmask16 mask = (__mmask16)((1u << (ch - c)) - 1);
#define LOAD_MASKED(p) ((v16f)_mm512_maskz_loadu_ps(mask, (p)))
#define STORE_MASKED(p, v) _mm512_mask_storeu_ps((p), mask, (__m512)(v))
      DEPTHWISE_ROW_BLOCK(v16f, LOAD_MASKED, STORE_MASKED);
#undef LOAD_MASKED
#undef STORE_MASKED
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
    depthwise_general_512(w, c, i, k, o, r0, r1);
  }
}

/// The channel counts for which the AVX2 3x3 kernel is compiled with the count a constant (the
/// two models' own): every load then has a fixed offset instead of a register add before it,
/// and with those adds gone the front end no longer holds the FMA ports back.
#define DEPTHWISE3_CONSTANT_CHANNELS(X, A) \
  X(8, A) X(12, A) X(16, A) X(24, A) X(32, A) X(48, A) X(64, A) X(96, A) X(128, A)

/// depthwise_3x3_body at AVX2, its channel count a constant where it is one of the list above.
KERNEL_ATTRIBUTES void depthwise3_constant_channels(const InferenceWindow *w, long c,
                                                    const float *i, const float *k, float *o,
                                                    long r0, long r1, const int S) {
#define DEPTHWISE3_CALL(C) depthwise_3x3_body(w, C, i, k, o, r0, r1, 1, S)
  WITH_CONSTANT(c, DEPTHWISE3_CONSTANT_CHANNELS, DEPTHWISE3_CALL, DEPTHWISE3_CALL(c));
#undef DEPTHWISE3_CALL
}

static WIDE void depthwise_wide(const InferenceWindow *w, long c, const float *i, const float *k,
                                float *o, long r0, long r1) {
  if (!depthwise3_takes(w, c)) {
    depthwise_general_body(w, c, i, k, o, r0, r1, 1);
  } else if (w->strideWidth == 1) {
    depthwise3_constant_channels(w, c, i, k, o, r0, r1, 1);
  } else {
    depthwise3_constant_channels(w, c, i, k, o, r0, r1, 2);
  }
}
#endif

/// The generic build: the 3x3 kernel at stride 1 or 2 for channels in fours, the general one
/// otherwise.
static void depthwise_portable(const InferenceWindow *w, long c, const float *i, const float *k,
                               float *o, long r0, long r1) {
  if (!depthwise3_takes(w, c)) {
    depthwise_general_body(w, c, i, k, o, r0, r1, 0);
  } else if (w->strideWidth == 1) {
    depthwise_3x3_body(w, c, i, k, o, r0, r1, 0, 1);
  } else {
    depthwise_3x3_body(w, c, i, k, o, r0, r1, 0, 2);
  }
}

void cinference_depthwise(const InferenceWindow *window, long channels, const float *input,
                         const float *kernel, float *output, long firstRow, long endRow) {
  DISPATCH(depthwise_512(window, channels, input, kernel, output, firstRow, endRow),
           depthwise_wide(window, channels, input, kernel, output, firstRow, endRow),
           depthwise_portable(window, channels, input, kernel, output, firstRow, endRow));
}
