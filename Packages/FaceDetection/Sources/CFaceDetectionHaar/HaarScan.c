// Haar cascade evaluation for the FaceAnalysis package. The one-window loop follows OpenCV's
// arithmetic step by step: 32-bit wrapping integral sums, feature values weighted in float and
// scaled by the window's float normalisation factor, stage sums in double. The AVX-512 loop does
// the same operations on sixteen windows at once, lane by lane (it adds a stage's leaves in
// another order only where every order gives the same double), so its answers are the
// one-window loop's to the bit; it only changes how many windows share an instruction. The
// AVX2 loop does the same on eight windows, and leaves a block's last few survivors to the
// one-window stages.
#include "CFaceDetectionHaar.h"

#include <CProcessor.h>

#include <stddef.h>

#pragma STDC FP_CONTRACT OFF

#define HAAR_INLINE static inline __attribute__((always_inline))

/// Sum of one rectangle from its four corners, wrapping in 32 bits as OpenCV's CV_32S does.
HAAR_INLINE int32_t rectangle_sum(const int32_t *table, long origin, const long *corners) {
  uint32_t a = (uint32_t)table[origin + corners[0]], b = (uint32_t)table[origin + corners[1]];
  uint32_t c = (uint32_t)table[origin + corners[2]], d = (uint32_t)table[origin + corners[3]];
  return (int32_t)(a - b - c + d);
}

/// A feature's weighted sum before normalisation.
HAAR_INLINE float feature_value(const HaarLevel *level, const HaarIntegrals *integrals, long feature,
                                long origin) {
  const int32_t *table = level->tilted[feature] ? integrals->tilted : integrals->sum;
  const long *corners = level->offsets + feature * 12;
  const float *weights = level->weights + feature * 3;
  float value = weights[0] * (float)rectangle_sum(table, origin, corners) +
                weights[1] * (float)rectangle_sum(table, origin, corners + 4);
  if (weights[2] != 0) value += weights[2] * (float)rectangle_sum(table, origin, corners + 8);
  return value;
}

/// The window's normalisation factor, or 0 when the window is too flat to be a face.
HAAR_INLINE float norm_factor(const HaarLevel *level, const HaarIntegrals *integrals, long origin) {
  const uint32_t *squares = integrals->squares;
  const long *norm = level->norm;
  int32_t windowSum = rectangle_sum(integrals->sum, origin, norm);
  uint32_t windowSquares = squares[origin + norm[0]] - squares[origin + norm[1]] -
                           squares[origin + norm[2]] + squares[origin + norm[3]];
  double spread = level->normArea * (double)windowSquares - (double)windowSum * (double)windowSum;
  if (!(spread > 0)) return 0;
  float normFactor = (float)(1.0 / __builtin_sqrt(spread));
  if (!(level->normArea * (double)normFactor < 0.1)) return 0;
  return normFactor;
}

/// Runs the stages from `first` on: 1 when the window passes them all, else minus the stage
/// that rejects it.
HAAR_INLINE int run_stages(const HaarLevel *level, const HaarIntegrals *integrals, long origin,
                           float normFactor, long first) {
  long tree = first == 0 ? 0 : level->stageEnds[first - 1];
  for (long stage = first; stage < level->stageCount; stage++) {
    double total = 0;
    for (const long end = level->stageEnds[stage]; tree < end; tree++) {
      long node = level->treeFirstNode[tree];
      long next;
      for (;;) {
        float value = feature_value(level, integrals, level->nodeFeature[node], origin) * normFactor;
        int below = value < level->nodeThreshold[node];
        if (level->stumpBased) {
          // OpenCV's stump path: the first leaf on the left, the second on the right.
          next = below ? 0 : -1;
          break;
        }
        next = below ? level->nodeLeft[node] : level->nodeRight[node];
        if (next <= 0) break;
        node = level->treeFirstNode[tree] + next;
      }
      total += (double)level->leaves[level->treeFirstLeaf[tree] - next];
    }
    if (total < (double)level->stageThresholds[stage]) return (int)-stage;
  }
  return 1;
}

/// `run_stages` for a stump cascade whose stage sums are exact in double: two running sums,
/// so that one stump's addition does not wait for the one before (same totals to the bit).
HAAR_INLINE int run_stump_stages(const HaarLevel *level, const HaarIntegrals *integrals, long origin,
                                 float normFactor, long first) {
  long tree = first == 0 ? 0 : level->stageEnds[first - 1];
  for (long stage = first; stage < level->stageCount; stage++) {
    double even = 0, odd = 0;
    const long end = level->stageEnds[stage];
    for (; tree < end; tree++) {
      const long node = level->treeFirstNode[tree];
      const float value = feature_value(level, integrals, level->nodeFeature[node], origin) * normFactor;
      const double leaf = level->stumpLeaves[2 * tree + !(value < level->nodeThreshold[node])];
      if ((tree & 1) == 0) {
        even += leaf;
      } else {
        odd += leaf;
      }
    }
    if (even + odd < (double)level->stageThresholds[stage]) return (int)-stage;
  }
  return 1;
}

/// The rectangle sums of a packed stump of `shape` (HAAR_SHAPE_*, a constant where it is
/// inlined), reading corner `i` as `at(i)`: the same 32-bit wrapping sums as `rectangle_sum`,
/// with each shared corner read once (any grouping of a wrapping sum gives the same value).
#define HAAR_SHAPE_SUMS(shape, at, add, sub, sums)                                               \
  do {                                                                                        \
    switch (shape) {                                                                          \
    case HAAR_SHAPE_THREE:                                                                    \
      sums[2] = add(sub(at(8), at(9)), sub(at(11), at(10)));                                  \
      /* fall through */                                                                      \
    case HAAR_SHAPE_TWO:                                                                      \
      sums[0] = add(sub(at(0), at(1)), sub(at(3), at(2)));                                    \
      sums[1] = add(sub(at(4), at(5)), sub(at(7), at(6)));                                    \
      break;                                                                                  \
    case HAAR_SHAPE_THREE_DIAGONAL: {                                                         \
      /* 0: the first's top left (the second's too), 2: its bottom right (the third's), 6:     \
         where the second and third meet. */                                                  \
      const __typeof__(at(0)) first = at(0), last = at(2), middle = at(6);                    \
      sums[0] = add(sub(first, at(1)), sub(last, at(3)));                                     \
      sums[1] = add(sub(first, at(4)), sub(middle, at(5)));                                   \
      sums[2] = add(sub(middle, at(7)), sub(last, at(8)));                                    \
      break;                                                                                  \
    }                                                                                         \
    case HAAR_SHAPE_THREE_ANTIDIAGONAL: {                                                     \
      /* 0: the first's top right (the second's too), 2: its bottom left (the third's), 6:     \
         where the second and third meet. */                                                  \
      const __typeof__(at(0)) first = at(0), last = at(2), middle = at(6);                    \
      sums[0] = add(sub(at(1), first), sub(at(3), last));                                     \
      sums[1] = add(sub(at(4), first), sub(at(5), middle));                                   \
      sums[2] = add(sub(at(7), middle), sub(at(8), last));                                    \
      break;                                                                                  \
    }                                                                                         \
    default: {                                                                                \
      /* HAAR_SHAPE_TWO_SIDE: 0 and 1 are the shared side's ends. */                          \
      const __typeof__(at(0)) side = sub(at(0), at(1));                                       \
      sums[0] = add(sub(at(2), at(3)), side);                                                 \
      sums[1] = add(sub(at(4), at(5)), side);                                                 \
      break;                                                                                  \
    }                                                                                         \
    }                                                                                         \
  } while (0)

/// Whether `shape` has a third rectangle.
HAAR_INLINE int shape_has_three(int shape) { return shape <= HAAR_SHAPE_THREE_ANTIDIAGONAL; }

HAAR_INLINE uint32_t add_u32(uint32_t a, uint32_t b) { return a + b; }
HAAR_INLINE uint32_t sub_u32(uint32_t a, uint32_t b) { return a - b; }

/// One packed stump's leaf for the window at `window` (the same arithmetic as `feature_value`),
/// for a stump of `shape` (a constant where it is inlined).
HAAR_INLINE double packed_leaf(const HaarStump *stump, const int32_t *window, float normFactor,
                               int shape) {
  uint32_t sums[3];
#define HAAR_SCALAR_AT(i) ((uint32_t)window[stump->corners[i]])
  HAAR_SHAPE_SUMS(shape, HAAR_SCALAR_AT, add_u32, sub_u32, sums);
#undef HAAR_SCALAR_AT
  float value = stump->weights[0] * (float)(int32_t)sums[0] + stump->weights[1] * (float)(int32_t)sums[1];
  if (shape_has_three(shape)) value += stump->weights[2] * (float)(int32_t)sums[2];
  return stump->leaves[!(value * normFactor < stump->threshold)];
}

/// Adds the leaves of packed stumps `tree` to `end`, all of `shape`, to two running sums in
/// turn.
HAAR_INLINE void add_packed_leaves(const HaarStump *stumps, long tree, long end, const int32_t *window,
                                   float normFactor, int shape, double *even, double *odd) {
  for (; tree + 1 < end; tree += 2) {
    *even += packed_leaf(stumps + tree, window, normFactor, shape);
    *odd += packed_leaf(stumps + tree + 1, window, normFactor, shape);
  }
  if (tree < end) *even += packed_leaf(stumps + tree, window, normFactor, shape);
}

/// `run_stump_stages` on packed stumps (`HaarLevel.stumps`), with the same arithmetic.
HAAR_INLINE int run_packed_stages(const HaarLevel *level, const HaarIntegrals *integrals, long origin,
                                  float normFactor, long first) {
  const int32_t *window = integrals->sum + origin;
  for (long stage = first; stage < level->stageCount; stage++) {
    double even = 0, odd = 0;
    const long *ends = level->shapeEnds + stage * HAAR_SHAPE_COUNT;
    const long begin = stage == 0 ? 0 : level->stageEnds[stage - 1];
    const HaarStump *stumps = level->stumps;
    add_packed_leaves(stumps, begin, ends[0], window, normFactor, HAAR_SHAPE_THREE, &even, &odd);
    add_packed_leaves(stumps, ends[0], ends[1], window, normFactor, HAAR_SHAPE_THREE_DIAGONAL, &even, &odd);
    add_packed_leaves(stumps, ends[1], ends[2], window, normFactor, HAAR_SHAPE_THREE_ANTIDIAGONAL, &even,
                      &odd);
    add_packed_leaves(stumps, ends[2], ends[3], window, normFactor, HAAR_SHAPE_TWO, &even, &odd);
    add_packed_leaves(stumps, ends[3], ends[4], window, normFactor, HAAR_SHAPE_TWO_SIDE, &even, &odd);
    if (even + odd < (double)level->stageThresholds[stage]) return (int)-stage;
  }
  return 1;
}

/// A feature's shape, with its distinct corners in `layout` in the order HAAR_SHAPE_SUMS reads
/// them. `c` holds the twelve corners: each rectangle's top left, top right, bottom left,
/// bottom right.
static int stump_layout(const long *c, const float *weights, long layout[12]) {
  // Indices into `c`, -1 ending each list. A shared side comes first, as the pair whose
  // difference both sums add; then each rectangle's other two corners, added then subtracted.
  static const int three[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, -1};
  static const int diagonal[] = {0, 1, 3, 2, 5, 6, 7, 9, 10, -1};
  static const int antidiagonal[] = {1, 0, 2, 3, 4, 7, 6, 8, 11, -1};
  static const int two[] = {0, 1, 2, 3, 4, 5, 6, 7, -1};
  static const int bottom[] = {3, 2, 0, 1, 4, 5, -1}, top[] = {0, 1, 3, 2, 7, 6, -1};
  static const int left[] = {0, 2, 3, 1, 7, 5, -1}, right[] = {3, 1, 0, 2, 4, 6, -1};
  int shape = HAAR_SHAPE_TWO_SIDE;
  const int *order;
  if (weights[2] != 0) {
    shape = HAAR_SHAPE_THREE;
    order = three;
    if (c[4] == c[0] && c[11] == c[3] && c[8] == c[7]) {
      shape = HAAR_SHAPE_THREE_DIAGONAL;
      order = diagonal;
    } else if (c[5] == c[1] && c[10] == c[2] && c[9] == c[6]) {
      shape = HAAR_SHAPE_THREE_ANTIDIAGONAL;
      order = antidiagonal;
    }
  } else if (c[6] == c[2] && c[7] == c[3]) {
    order = bottom;
  } else if (c[4] == c[0] && c[5] == c[1]) {
    order = top;
  } else if (c[4] == c[0] && c[6] == c[2]) {
    order = left;
  } else if (c[5] == c[1] && c[7] == c[3]) {
    order = right;
  } else {
    shape = HAAR_SHAPE_TWO;
    order = two;
  }
  int count = 0;
  for (; order[count] >= 0; count++) layout[count] = c[order[count]];
  for (; count < 12; count++) layout[count] = 0;
  return shape;
}

int cfacedetection_haar_stump_shape(const long *corners, const float *weights) {
  long layout[12];
  return stump_layout(corners, weights, layout);
}

void cfacedetection_haar_pack_stumps(const HaarLevel *level, long treeCount, const long *order,
                                    HaarStump *stumps) {
  for (long slot = 0; slot < treeCount; slot++) {
    const long tree = order[slot];
    const long node = level->treeFirstNode[tree];
    const long feature = level->nodeFeature[node];
    HaarStump *stump = stumps + slot;
    long layout[12];
    stump_layout(level->offsets + feature * 12, level->weights + feature * 3, layout);
    for (int corner = 0; corner < 12; corner++) stump->corners[corner] = (int32_t)layout[corner];
    for (int slot = 0; slot < 3; slot++) stump->weights[slot] = level->weights[feature * 3 + slot];
    stump->threshold = level->nodeThreshold[node];
    stump->leaves[0] = level->stumpLeaves[2 * tree];
    stump->leaves[1] = level->stumpLeaves[2 * tree + 1];
  }
}

int cfacedetection_haar_run_window(const HaarLevel *level, const HaarIntegrals *integrals, long origin) {
  const float normFactor = norm_factor(level, integrals, origin);
  if (normFactor == 0) return -1;
  return run_stages(level, integrals, origin, normFactor, 0);
}

void cfacedetection_haar_corner_offsets(const long *geometry, const uint8_t *tilted, long featureCount,
                         long stride, long *offsets) {
  for (long slot = 0; slot < 3 * featureCount; slot++) {
    const long *rect = geometry + 4 * slot;
    const long x = rect[0], y = rect[1], width = rect[2], height = rect[3];
    long *corners = offsets + 4 * slot;
    if (tilted[slot / 3]) {
      // The rotated rectangle's corners: top, left, right, bottom.
      corners[0] = x + stride * y;
      corners[1] = x - height + stride * (y + height);
      corners[2] = x + width + stride * (y + width);
      corners[3] = x + width - height + stride * (y + width + height);
    } else {
      corners[0] = x + stride * y;
      corners[1] = x + width + stride * y;
      corners[2] = x + stride * (y + height);
      corners[3] = x + width + stride * (y + height);
    }
  }
}

static long scan_row_scalar(const HaarLevel *level, const HaarIntegrals *integrals, long y,
                            long workingWidth, long step, int32_t *found) {
  const long origin = y * integrals->stride;
  long count = 0;
  for (long x = 0; x < workingWidth;) {
    int result = cfacedetection_haar_run_window(level, integrals, origin + x);
    if (result > 0) found[count++] = (int32_t)x;
    // A window the first stage rejects lets the scan skip one more step.
    x += result == 0 ? 2 * step : step;
  }
  return count;
}

#if defined(__x86_64__)
#include <immintrin.h>

#define HAAR_VECTOR __attribute__((target("avx512f,avx512dq,avx512bw,avx512vl")))

/// Sixteen windows: either consecutive from integral index `first` (`contiguous`), or at the
/// integral indices in `positions`.
typedef struct {
  __m512i positions;
  long first;
  int contiguous;
} HaarLanes;

HAAR_VECTOR HAAR_INLINE __m512i corner16(const int32_t *table, long offset, const HaarLanes *lanes,
                                         __mmask16 active) {
  if (lanes->contiguous) return _mm512_maskz_loadu_epi32(active, table + lanes->first + offset);
  return _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), active, lanes->positions,
                                     table + offset, 4);
}

HAAR_VECTOR HAAR_INLINE __m512i rectangle16(const int32_t *table, const long *corners,
                                            const HaarLanes *lanes, __mmask16 active) {
  __m512i a = corner16(table, corners[0], lanes, active);
  __m512i b = corner16(table, corners[1], lanes, active);
  __m512i c = corner16(table, corners[2], lanes, active);
  __m512i d = corner16(table, corners[3], lanes, active);
  return _mm512_add_epi32(_mm512_sub_epi32(_mm512_sub_epi32(a, b), c), d);
}

HAAR_VECTOR HAAR_INLINE __m256i upper_half_epi32(__m512i v) {
  return _mm512_extracti64x4_epi64(v, 1);
}

/// The normalisation factor of eight windows as `cfacedetection_haar_run_window` computes it, and which of
/// them are usable (not too flat).
HAAR_VECTOR HAAR_INLINE __m256 norm_factor8(__m256i sums, __m256i squares, double area,
                                            __mmask8 *usable) {
  const __m512d areas = _mm512_set1_pd(area);
  __m512d sum = _mm512_cvtepi32_pd(sums);
  __m512d spread =
      _mm512_sub_pd(_mm512_mul_pd(areas, _mm512_cvtepu32_pd(squares)), _mm512_mul_pd(sum, sum));
  __mmask8 positive = _mm512_cmp_pd_mask(spread, _mm512_setzero_pd(), _CMP_GT_OQ);
  __m256 factor = _mm512_cvtpd_ps(_mm512_div_pd(_mm512_set1_pd(1.0), _mm512_sqrt_pd(spread)));
  __mmask8 sharp = _mm512_cmp_pd_mask(_mm512_mul_pd(areas, _mm512_cvtps_pd(factor)),
                                      _mm512_set1_pd(0.1), _CMP_LT_OQ);
  *usable = positive & sharp;
  return factor;
}

HAAR_VECTOR HAAR_INLINE __m512 norm_factor16(const HaarLevel *level, const HaarIntegrals *integrals,
                                             const HaarLanes *lanes, __mmask16 active,
                                             __mmask16 *usable) {
  __m512i sums = rectangle16(integrals->sum, level->norm, lanes, active);
  __m512i squares = rectangle16((const int32_t *)integrals->squares, level->norm, lanes, active);
  __mmask8 low, high;
  __m256 lowFactor = norm_factor8(_mm512_castsi512_si256(sums), _mm512_castsi512_si256(squares),
                                  level->normArea, &low);
  __m256 highFactor =
      norm_factor8(upper_half_epi32(sums), upper_half_epi32(squares), level->normArea, &high);
  *usable = (__mmask16)(((unsigned)low | ((unsigned)high << 8)) & active);
  return _mm512_insertf32x8(_mm512_castps256_ps512(lowFactor), highFactor, 1);
}

/// The lanes whose feature value falls below the threshold of stump `tree`.
HAAR_VECTOR HAAR_INLINE __mmask16 stump16(const HaarLevel *level, const HaarIntegrals *integrals,
                                          const HaarLanes *lanes, __mmask16 active, __m512 factor,
                                          long tree) {
  const long node = level->treeFirstNode[tree];
  const long feature = level->nodeFeature[node];
  const int32_t *table = level->tilted[feature] ? integrals->tilted : integrals->sum;
  const long *corners = level->offsets + feature * 12;
  const float *weights = level->weights + feature * 3;
  __m512 value = _mm512_add_ps(
      _mm512_mul_ps(_mm512_set1_ps(weights[0]),
                    _mm512_cvtepi32_ps(rectangle16(table, corners, lanes, active))),
      _mm512_mul_ps(_mm512_set1_ps(weights[1]),
                    _mm512_cvtepi32_ps(rectangle16(table, corners + 4, lanes, active))));
  if (weights[2] != 0) {
    value = _mm512_add_ps(
        value, _mm512_mul_ps(_mm512_set1_ps(weights[2]),
                             _mm512_cvtepi32_ps(rectangle16(table, corners + 8, lanes, active))));
  }
  value = _mm512_mul_ps(value, factor);
  return _mm512_cmp_ps_mask(value, _mm512_set1_ps(level->nodeThreshold[node]), _CMP_LT_OQ);
}

/// Adds stump `tree`'s leaf to the stage sums of the lanes: the first leaf where `below`.
HAAR_VECTOR HAAR_INLINE void add_leaf16(const HaarLevel *level, long tree, __mmask16 below,
                                        __m512d *low, __m512d *high) {
  const double *leaves = level->stumpLeaves + 2 * tree;
  const __m512d left = _mm512_set1_pd(leaves[0]), right = _mm512_set1_pd(leaves[1]);
  *low = _mm512_add_pd(*low, _mm512_mask_blend_pd((__mmask8)below, right, left));
  *high = _mm512_add_pd(*high, _mm512_mask_blend_pd((__mmask8)(below >> 8), right, left));
}

/// Runs one stage of a stump cascade on sixteen windows; returns the lanes it rejects. The
/// stage sums are exact in double (`HaarLevel.exactStageSums`), so two interleaved running sums
/// give the one-window loop's totals to the bit while halving the chain of dependent adds.
HAAR_VECTOR HAAR_INLINE __mmask16 stage16(const HaarLevel *level, const HaarIntegrals *integrals,
                                          const HaarLanes *lanes, __mmask16 active, __m512 factor,
                                          long stage) {
  __m512d low = _mm512_setzero_pd(), high = _mm512_setzero_pd();
  __m512d lowOdd = _mm512_setzero_pd(), highOdd = _mm512_setzero_pd();
  long tree = stage == 0 ? 0 : level->stageEnds[stage - 1];
  const long end = level->stageEnds[stage];
  for (; tree + 1 < end; tree += 2) {
    const __mmask16 first = stump16(level, integrals, lanes, active, factor, tree);
    const __mmask16 second = stump16(level, integrals, lanes, active, factor, tree + 1);
    add_leaf16(level, tree, first, &low, &high);
    add_leaf16(level, tree + 1, second, &lowOdd, &highOdd);
  }
  if (tree < end) {
    add_leaf16(level, tree, stump16(level, integrals, lanes, active, factor, tree), &low, &high);
  }
  low = _mm512_add_pd(low, lowOdd);
  high = _mm512_add_pd(high, highOdd);
  const __m512d threshold = _mm512_set1_pd((double)level->stageThresholds[stage]);
  unsigned rejected = _mm512_cmp_pd_mask(low, threshold, _CMP_LT_OQ) |
                      ((unsigned)_mm512_cmp_pd_mask(high, threshold, _CMP_LT_OQ) << 8);
  return (__mmask16)(rejected & active);
}

HAAR_VECTOR static long scan_row_vector(const HaarLevel *level, const HaarIntegrals *integrals,
                                        long y, long workingWidth, long step, int32_t *found) {
  const long origin = y * integrals->stride;
  const __m512i laneOffsets =
      _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                         _mm512_set1_epi32((int32_t)step));
  long count = 0, nextX = 0;
  // Sixteen neighbouring windows at a time, stage after stage until none is left. A lane whose
  // window dies early idles until the block ends: regrouping the survivors would take gathers,
  // which cost more than the idle lanes.
  for (long x0 = 0; x0 < workingWidth; x0 += 16 * step) {
    const long remaining = (workingWidth - x0 + step - 1) / step;
    const int laneCount = remaining < 16 ? (int)remaining : 16;
    const __mmask16 inside = (__mmask16)((1u << laneCount) - 1);
    const __m512i xs = _mm512_add_epi32(_mm512_set1_epi32((int32_t)x0), laneOffsets);
    const HaarLanes lanes = {_mm512_add_epi32(_mm512_set1_epi32((int32_t)origin), xs), origin + x0,
                             step == 1};
    __mmask16 usable;
    const __m512 factor = norm_factor16(level, integrals, &lanes, inside, &usable);
    const __mmask16 rejectedFirst = stage16(level, integrals, &lanes, usable, factor, 0);
    // Which of these windows the one-window scan visits: it skips the window after one the
    // first stage rejects.
    unsigned visited = 0;
    long lane = (nextX - x0) / step;
    while (lane < laneCount) {
      visited |= 1u << lane;
      lane += 1 + ((rejectedFirst >> lane) & 1u);
    }
    nextX = x0 + lane * step;
    __mmask16 alive = (__mmask16)(visited & usable & ~(unsigned)rejectedFirst);
    for (long stage = 1; stage < level->stageCount && alive; stage++) {
      alive &= (__mmask16)~stage16(level, integrals, &lanes, alive, factor, stage);
    }
    _mm512_mask_compressstoreu_epi32(found + count, alive, xs);
    count += __builtin_popcount(alive);
  }
  return count;
}

#define HAAR_AVX2 __attribute__((target("avx2")))

/// Eight windows `step` apart from integral index `first`. Step 1 loads them whole, step 2
/// loads sixteen values and keeps the even ones (cheaper than a gather on every AVX2 CPU),
/// other steps gather at `positions`. The masks keep the last block of a row from reading
/// past its windows; a full block loads without them (masked loads are slow on AMD's Zen).
typedef struct {
  long first;
  long step;
  int full;
  __m256i positions;
  __m256i lowMask, highMask;
} HaarLanes8;

HAAR_AVX2 HAAR_INLINE __m256i corner8(const int32_t *table, long offset, const HaarLanes8 *lanes) {
  const int *p = (const int *)(table + lanes->first + offset);
  if (lanes->step == 1) {
    return lanes->full ? _mm256_loadu_si256((const __m256i *)p) : _mm256_maskload_epi32(p, lanes->lowMask);
  }
  if (lanes->step == 2) {
    const __m256 a = _mm256_castsi256_ps(
        lanes->full ? _mm256_loadu_si256((const __m256i *)p) : _mm256_maskload_epi32(p, lanes->lowMask));
    const __m256 b = _mm256_castsi256_ps(_mm256_maskload_epi32(p + 8, lanes->highMask));
    // a0 a2 b0 b2 | a4 a6 b4 b6, then the 64-bit pairs in order: a0 a2 a4 a6 b0 b2 b4 b6.
    const __m256 even = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));
    return _mm256_permute4x64_epi64(_mm256_castps_si256(even), _MM_SHUFFLE(3, 1, 2, 0));
  }
  return _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), (const int *)(table + offset),
                                     lanes->positions, lanes->lowMask, 4);
}

/// One rectangle's sum in eight windows, from its four corner offsets (wrapping in 32 bits).
HAAR_AVX2 HAAR_INLINE __m256i rectangle8_at(const int32_t *table, long first, long second, long third,
                                            long fourth, const HaarLanes8 *lanes) {
  __m256i a = corner8(table, first, lanes);
  __m256i b = corner8(table, second, lanes);
  __m256i c = corner8(table, third, lanes);
  __m256i d = corner8(table, fourth, lanes);
  return _mm256_add_epi32(_mm256_sub_epi32(_mm256_sub_epi32(a, b), c), d);
}

HAAR_AVX2 HAAR_INLINE __m256i rectangle8(const int32_t *table, const long *corners,
                                         const HaarLanes8 *lanes) {
  return rectangle8_at(table, corners[0], corners[1], corners[2], corners[3], lanes);
}

/// Four unsigned 32-bit values as doubles, exactly: flipped to signed, converted, shifted back.
HAAR_AVX2 HAAR_INLINE __m256d unsigned4_pd(__m128i v) {
  const __m256d flipped = _mm256_cvtepi32_pd(_mm_xor_si128(v, _mm_set1_epi32(INT32_MIN)));
  return _mm256_add_pd(flipped, _mm256_set1_pd(2147483648.0));
}

/// The normalisation factor of four windows as `cfacedetection_haar_run_window` computes it; `usable` gets a
/// bit for each window that is not too flat.
HAAR_AVX2 HAAR_INLINE __m128 norm_factor4(__m128i sums, __m128i squares, double area,
                                          unsigned *usable) {
  const __m256d areas = _mm256_set1_pd(area);
  const __m256d sum = _mm256_cvtepi32_pd(sums);
  const __m256d spread =
      _mm256_sub_pd(_mm256_mul_pd(areas, unsigned4_pd(squares)), _mm256_mul_pd(sum, sum));
  const __m256d positive = _mm256_cmp_pd(spread, _mm256_setzero_pd(), _CMP_GT_OQ);
  const __m128 factor =
      _mm256_cvtpd_ps(_mm256_div_pd(_mm256_set1_pd(1.0), _mm256_sqrt_pd(spread)));
  const __m256d sharp = _mm256_cmp_pd(_mm256_mul_pd(areas, _mm256_cvtps_pd(factor)),
                                      _mm256_set1_pd(0.1), _CMP_LT_OQ);
  *usable = (unsigned)_mm256_movemask_pd(_mm256_and_pd(positive, sharp));
  return factor;
}

HAAR_AVX2 HAAR_INLINE __m256 norm_factors8(const HaarLevel *level, const HaarIntegrals *integrals,
                                          const HaarLanes8 *lanes, unsigned *usable) {
  const __m256i sums = rectangle8(integrals->sum, level->norm, lanes);
  const __m256i squares = rectangle8((const int32_t *)integrals->squares, level->norm, lanes);
  unsigned low, high;
  const __m128 lowFactor = norm_factor4(_mm256_castsi256_si128(sums),
                                        _mm256_castsi256_si128(squares), level->normArea, &low);
  const __m128 highFactor =
      norm_factor4(_mm256_extracti128_si256(sums, 1), _mm256_extracti128_si256(squares, 1),
                   level->normArea, &high);
  *usable = low | (high << 4);
  return _mm256_insertf128_ps(_mm256_castps128_ps256(lowFactor), highFactor, 1);
}

HAAR_AVX2 HAAR_INLINE __m256i add_epi32_8(__m256i a, __m256i b) { return _mm256_add_epi32(a, b); }
HAAR_AVX2 HAAR_INLINE __m256i sub_epi32_8(__m256i a, __m256i b) { return _mm256_sub_epi32(a, b); }

/// `stump8` on a packed stump (`HaarLevel.stumps`) of `shape` (a constant where it is inlined).
HAAR_AVX2 HAAR_INLINE __m256 packed_stump8(const HaarStump *stump, const HaarIntegrals *integrals,
                                           const HaarLanes8 *lanes, __m256 factor, int shape) {
  __m256i sums[3];
#define HAAR_VECTOR_AT(i) corner8(integrals->sum, stump->corners[i], lanes)
  HAAR_SHAPE_SUMS(shape, HAAR_VECTOR_AT, add_epi32_8, sub_epi32_8, sums);
#undef HAAR_VECTOR_AT
  __m256 value =
      _mm256_add_ps(_mm256_mul_ps(_mm256_set1_ps(stump->weights[0]), _mm256_cvtepi32_ps(sums[0])),
                    _mm256_mul_ps(_mm256_set1_ps(stump->weights[1]), _mm256_cvtepi32_ps(sums[1])));
  if (shape_has_three(shape)) {
    value = _mm256_add_ps(
        value, _mm256_mul_ps(_mm256_set1_ps(stump->weights[2]), _mm256_cvtepi32_ps(sums[2])));
  }
  value = _mm256_mul_ps(value, factor);
  return _mm256_cmp_ps(value, _mm256_set1_ps(stump->threshold), _CMP_LT_OQ);
}

/// All-ones in the lanes whose feature value falls below the threshold of stump `tree`.
HAAR_AVX2 HAAR_INLINE __m256 stump8(const HaarLevel *level, const HaarIntegrals *integrals,
                                    const HaarLanes8 *lanes, __m256 factor, long tree) {
  const long node = level->treeFirstNode[tree];
  const long feature = level->nodeFeature[node];
  const int32_t *table = level->tilted[feature] ? integrals->tilted : integrals->sum;
  const long *corners = level->offsets + feature * 12;
  const float *weights = level->weights + feature * 3;
  __m256 value = _mm256_add_ps(
      _mm256_mul_ps(_mm256_set1_ps(weights[0]),
                    _mm256_cvtepi32_ps(rectangle8(table, corners, lanes))),
      _mm256_mul_ps(_mm256_set1_ps(weights[1]),
                    _mm256_cvtepi32_ps(rectangle8(table, corners + 4, lanes))));
  if (weights[2] != 0) {
    value = _mm256_add_ps(
        value, _mm256_mul_ps(_mm256_set1_ps(weights[2]),
                             _mm256_cvtepi32_ps(rectangle8(table, corners + 8, lanes))));
  }
  value = _mm256_mul_ps(value, factor);
  return _mm256_cmp_ps(value, _mm256_set1_ps(level->nodeThreshold[node]), _CMP_LT_OQ);
}

/// Adds one of two leaves to the stage sums of the lanes: `leaves[0]` where `below`. `even`
/// holds lanes 0, 2, 4, 6 and `odd` lanes 1, 3, 5, 7: the odd lane's mask is already the sign
/// of its 64-bit pair, and one shift moves the even lane's there (cheaper than widening).
HAAR_AVX2 HAAR_INLINE void add_either_leaf8(const double *leaves, __m256 below, __m256d *even,
                                            __m256d *odd) {
  const __m256d left = _mm256_set1_pd(leaves[0]), right = _mm256_set1_pd(leaves[1]);
  const __m256d oddMask = _mm256_castps_pd(below);
  const __m256d evenMask = _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_castps_si256(below), 32));
  *even = _mm256_add_pd(*even, _mm256_blendv_pd(right, left, evenMask));
  *odd = _mm256_add_pd(*odd, _mm256_blendv_pd(right, left, oddMask));
}

/// Four bits, one for each of lanes 0, 2, 4, 6 (or 1, 3, 5, 7), spread to those lanes' bits.
HAAR_INLINE unsigned spread_alternate_lanes(unsigned bits) {
  bits = (bits | (bits << 2)) & 0x33u;
  return (bits | (bits << 1)) & 0x55u;
}

/// A bit for each of eight lanes whose stage sum falls below `threshold`, from the even lanes'
/// and the odd lanes' sums (add_either_leaf8).
HAAR_AVX2 HAAR_INLINE unsigned below_threshold8(__m256d even, __m256d odd, __m256d threshold) {
  return spread_alternate_lanes((unsigned)_mm256_movemask_pd(_mm256_cmp_pd(even, threshold, _CMP_LT_OQ))) |
         (spread_alternate_lanes((unsigned)_mm256_movemask_pd(_mm256_cmp_pd(odd, threshold, _CMP_LT_OQ)))
          << 1);
}

/// Adds stump `tree`'s leaf to the stage sums of the lanes: the first leaf where `below`.
HAAR_AVX2 HAAR_INLINE void add_leaf8(const HaarLevel *level, long tree, __m256 below,
                                     __m256d *even, __m256d *odd) {
  add_either_leaf8(level->stumpLeaves + 2 * tree, below, even, odd);
}

/// `add_leaf8` for a packed stump.
HAAR_AVX2 HAAR_INLINE void add_packed_leaf8(const HaarStump *stump, __m256 below, __m256d *even,
                                            __m256d *odd) {
  add_either_leaf8(stump->leaves, below, even, odd);
}

/// Adds the leaves of packed stumps `tree` to `end`, all of `shape`, to two pairs of running
/// sums in turn.
HAAR_AVX2 HAAR_INLINE void add_packed_leaves8(const HaarStump *stumps, long tree, long end,
                                              const HaarIntegrals *integrals, const HaarLanes8 *lanes,
                                              __m256 factor, int shape, __m256d sums[4]) {
  for (; tree + 1 < end; tree += 2) {
    const __m256 first = packed_stump8(stumps + tree, integrals, lanes, factor, shape);
    const __m256 second = packed_stump8(stumps + tree + 1, integrals, lanes, factor, shape);
    add_packed_leaf8(stumps + tree, first, &sums[0], &sums[1]);
    add_packed_leaf8(stumps + tree + 1, second, &sums[2], &sums[3]);
  }
  if (tree < end) {
    add_packed_leaf8(stumps + tree, packed_stump8(stumps + tree, integrals, lanes, factor, shape),
                     &sums[0], &sums[1]);
  }
}

/// Runs one stage of a stump cascade on eight windows; returns a bit for each lane it rejects.
/// As in stage16, the sums are exact in double, so two interleaved running sums give the
/// one-window loop's totals to the bit.
HAAR_AVX2 HAAR_INLINE unsigned stage8(const HaarLevel *level, const HaarIntegrals *integrals,
                                      const HaarLanes8 *lanes, __m256 factor, long stage) {
  // The even lanes' and the odd lanes' sums (add_either_leaf8) over the stage's first, third,
  // … stumps, and the same over its second, fourth, ….
  __m256d even = _mm256_setzero_pd(), odd = _mm256_setzero_pd();
  __m256d evenNext = _mm256_setzero_pd(), oddNext = _mm256_setzero_pd();
  long tree = stage == 0 ? 0 : level->stageEnds[stage - 1];
  const long end = level->stageEnds[stage];
  if (level->stumps) {
    __m256d sums[4] = {even, odd, evenNext, oddNext};
    const long *ends = level->shapeEnds + stage * HAAR_SHAPE_COUNT;
    const HaarStump *stumps = level->stumps;
    add_packed_leaves8(stumps, tree, ends[0], integrals, lanes, factor, HAAR_SHAPE_THREE, sums);
    add_packed_leaves8(stumps, ends[0], ends[1], integrals, lanes, factor, HAAR_SHAPE_THREE_DIAGONAL, sums);
    add_packed_leaves8(stumps, ends[1], ends[2], integrals, lanes, factor, HAAR_SHAPE_THREE_ANTIDIAGONAL,
                       sums);
    add_packed_leaves8(stumps, ends[2], ends[3], integrals, lanes, factor, HAAR_SHAPE_TWO, sums);
    add_packed_leaves8(stumps, ends[3], ends[4], integrals, lanes, factor, HAAR_SHAPE_TWO_SIDE, sums);
    even = sums[0], odd = sums[1], evenNext = sums[2], oddNext = sums[3];
    tree = end;
  }
  for (; tree + 1 < end; tree += 2) {
    const __m256 first = stump8(level, integrals, lanes, factor, tree);
    const __m256 second = stump8(level, integrals, lanes, factor, tree + 1);
    add_leaf8(level, tree, first, &even, &odd);
    add_leaf8(level, tree + 1, second, &evenNext, &oddNext);
  }
  if (tree < end) add_leaf8(level, tree, stump8(level, integrals, lanes, factor, tree), &even, &odd);
  even = _mm256_add_pd(even, evenNext);
  odd = _mm256_add_pd(odd, oddNext);
  return below_threshold8(even, odd, _mm256_set1_pd((double)level->stageThresholds[stage]));
}

/// The fewest live windows of eight for which the AVX2 loop runs a stage on all eight lanes
/// (fewer go on one at a time).
static const int haarVectorMinimumLanes = 2;

/// Runs the stages from `stage` on the `alive` windows of a block (eight lanes while at
/// least haarVectorMinimumLanes live, then one window at a time), and appends the x of each
/// window that passes them all to `found`; returns the new count.
HAAR_AVX2 HAAR_INLINE long finish_block8(const HaarLevel *level, const HaarIntegrals *integrals,
                                         const HaarLanes8 *lanes, __m256 factor, long origin, long x0,
                                         long step, unsigned alive, long stage, int32_t *found,
                                         long count) {
  for (; stage < level->stageCount && __builtin_popcount(alive) >= haarVectorMinimumLanes; stage++) {
    alive &= ~stage8(level, integrals, lanes, factor, stage);
  }
  // A last survivor goes on alone, from the stage the block reached: eight lanes for one
  // window cost more than the one-window loop (the vector stages gave the same sums, so the
  // answer is the one-window loop's).
  for (; alive; alive &= alive - 1) {
    const long x = x0 + __builtin_ctz(alive) * step;
    if (stage < level->stageCount) {
      const float normFactor = norm_factor(level, integrals, origin + x);
      const int result = level->stumps ? run_packed_stages(level, integrals, origin + x, normFactor, stage)
                                       : run_stump_stages(level, integrals, origin + x, normFactor, stage);
      if (result <= 0) continue;
    }
    found[count++] = (int32_t)x;
  }
  return count;
}

/// `add_packed_leaves8` for two blocks at once: each stump's record is read once for both.
HAAR_AVX2 HAAR_INLINE void add_packed_leaves8x2(const HaarStump *stumps, long tree, long end,
                                                const HaarIntegrals *integrals, const HaarLanes8 *first,
                                                const HaarLanes8 *second, __m256 firstFactor,
                                                __m256 secondFactor, int shape, __m256d sums[4]) {
  for (; tree < end; tree++) {
    const __m256 a = packed_stump8(stumps + tree, integrals, first, firstFactor, shape);
    const __m256 b = packed_stump8(stumps + tree, integrals, second, secondFactor, shape);
    add_packed_leaf8(stumps + tree, a, &sums[0], &sums[1]);
    add_packed_leaf8(stumps + tree, b, &sums[2], &sums[3]);
  }
}

/// `stage8` on two blocks of packed stumps at once: the bits of the lanes it rejects, the first
/// block's in bits 0–7 and the second's in 8–15.
HAAR_AVX2 HAAR_INLINE unsigned stage8x2(const HaarLevel *level, const HaarIntegrals *integrals,
                                        const HaarLanes8 *first, const HaarLanes8 *second,
                                        __m256 firstFactor, __m256 secondFactor, long stage) {
  // The first block's even and odd lanes' sums, then the second's.
  __m256d sums[4] = {_mm256_setzero_pd(), _mm256_setzero_pd(), _mm256_setzero_pd(), _mm256_setzero_pd()};
  const long *ends = level->shapeEnds + stage * HAAR_SHAPE_COUNT;
  const HaarStump *stumps = level->stumps;
  const long begin = stage == 0 ? 0 : level->stageEnds[stage - 1];
  add_packed_leaves8x2(stumps, begin, ends[0], integrals, first, second, firstFactor, secondFactor,
                       HAAR_SHAPE_THREE, sums);
  add_packed_leaves8x2(stumps, ends[0], ends[1], integrals, first, second, firstFactor, secondFactor,
                       HAAR_SHAPE_THREE_DIAGONAL, sums);
  add_packed_leaves8x2(stumps, ends[1], ends[2], integrals, first, second, firstFactor, secondFactor,
                       HAAR_SHAPE_THREE_ANTIDIAGONAL, sums);
  add_packed_leaves8x2(stumps, ends[2], ends[3], integrals, first, second, firstFactor, secondFactor,
                       HAAR_SHAPE_TWO, sums);
  add_packed_leaves8x2(stumps, ends[3], ends[4], integrals, first, second, firstFactor, secondFactor,
                       HAAR_SHAPE_TWO_SIDE, sums);
  const __m256d threshold = _mm256_set1_pd((double)level->stageThresholds[stage]);
  return below_threshold8(sums[0], sums[1], threshold) | (below_threshold8(sums[2], sums[3], threshold) << 8);
}

/// Two whole blocks at step 1, x0 to x0 + 15, scanned together while both have live windows
/// enough (each stump's record read once for sixteen windows), then each on its own.
HAAR_AVX2 HAAR_INLINE long scan_pair8(const HaarLevel *level, const HaarIntegrals *integrals, long origin,
                                      long x0, long *nextX, int32_t *found, long count) {
  const __m256i none = _mm256_setzero_si256();
  const HaarLanes8 first = {origin + x0, 1, 1, none, none, none};
  const HaarLanes8 second = {origin + x0 + 8, 1, 1, none, none, none};
  unsigned firstUsable, secondUsable;
  const __m256 firstFactor = norm_factors8(level, integrals, &first, &firstUsable);
  const __m256 secondFactor = norm_factors8(level, integrals, &second, &secondUsable);
  const unsigned usable = firstUsable | (secondUsable << 8);
  const unsigned rejectedFirst =
      stage8x2(level, integrals, &first, &second, firstFactor, secondFactor, 0) & usable;
  // Which windows the one-window scan visits, as in scan_block8.
  unsigned visited = 0;
  long lane = *nextX - x0;
  while (lane < 16) {
    visited |= 1u << lane;
    lane += 1 + ((rejectedFirst >> lane) & 1u);
  }
  *nextX = x0 + lane;
  unsigned alive = visited & usable & ~rejectedFirst;
  long stage = 1;
  for (; stage < level->stageCount && __builtin_popcount(alive & 0xFFu) >= haarVectorMinimumLanes &&
         __builtin_popcount(alive >> 8) >= haarVectorMinimumLanes;
       stage++) {
    alive &= ~stage8x2(level, integrals, &first, &second, firstFactor, secondFactor, stage);
  }
  count = finish_block8(level, integrals, &first, firstFactor, origin, x0, 1, alive & 0xFFu, stage, found,
                        count);
  return finish_block8(level, integrals, &second, secondFactor, origin, x0 + 8, 1, alive >> 8, stage, found,
                       count);
}

/// One block of up to eight windows `step` apart from x0 on the row at `origin`: appends the
/// x of each window every stage accepts to `found` and returns the new count. `nextX` is the
/// first window the one-window scan would visit from here on. Inlined twice, once with
/// `wholeStep1` (a full block, step 1) so that every load is one plain load, branch-free.
HAAR_AVX2 HAAR_INLINE long scan_block8(const HaarLevel *level, const HaarIntegrals *integrals,
                                       long origin, long x0, long workingWidth, long step,
                                       int wholeStep1, long *nextX, int32_t *found, long count) {
  const __m256i lanesUp = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  if (wholeStep1) step = 1;
  const long remaining = (workingWidth - x0 + step - 1) / step;
  const int laneCount = wholeStep1 ? 8 : remaining < 8 ? (int)remaining : 8;
  const unsigned inside = (1u << laneCount) - 1;
  HaarLanes8 lanes = {
      origin + x0, step, laneCount == 8,
      _mm256_add_epi32(_mm256_set1_epi32((int32_t)(origin + x0)),
                       _mm256_mullo_epi32(lanesUp, _mm256_set1_epi32((int32_t)step))),
      _mm256_setzero_si256(), _mm256_setzero_si256()};
  // With step 2, value j of the sixteen loaded is lane j / 2; the last lane's odd neighbour
  // is left out as it may lie past the table.
  const int values = step == 2 ? 2 * laneCount - 1 : laneCount;
  lanes.lowMask = _mm256_cmpgt_epi32(_mm256_set1_epi32(values), lanesUp);
  lanes.highMask =
      _mm256_cmpgt_epi32(_mm256_set1_epi32(values), _mm256_add_epi32(lanesUp, _mm256_set1_epi32(8)));
  unsigned usable;
  const __m256 factor = norm_factors8(level, integrals, &lanes, &usable);
  usable &= inside;
  const unsigned rejectedFirst = stage8(level, integrals, &lanes, factor, 0) & usable;
  // Which of these windows the one-window scan visits: it skips the window after one the
  // first stage rejects.
  unsigned visited = 0;
  long lane = (*nextX - x0) / step;
  while (lane < laneCount) {
    visited |= 1u << lane;
    lane += 1 + ((rejectedFirst >> lane) & 1u);
  }
  *nextX = x0 + lane * step;
  const unsigned alive = visited & usable & ~rejectedFirst;
  return finish_block8(level, integrals, &lanes, factor, origin, x0, step, alive, 1, found, count);
}

HAAR_AVX2 static long scan_row_avx2(const HaarLevel *level, const HaarIntegrals *integrals,
                                    long y, long workingWidth, long step, int32_t *found) {
  const long origin = y * integrals->stride;
  long count = 0, nextX = 0;
  // Eight neighbouring windows at a time, stage after stage until none is left (see
  // scan_row_vector), two such blocks together where both are whole at step 1. Every load
  // reads all the block's windows, live or not: the masks only keep the last block of a row
  // from reading past its windows.
  for (long x0 = 0; x0 < workingWidth; x0 += 8 * step) {
    if (step == 1 && level->stumps && workingWidth - x0 >= 16) {
      count = scan_pair8(level, integrals, origin, x0, &nextX, found, count);
      x0 += 8;
    } else if (step == 1 && workingWidth - x0 >= 8) {
      count = scan_block8(level, integrals, origin, x0, workingWidth, 1, 1, &nextX, found, count);
    } else {
      count = scan_block8(level, integrals, origin, x0, workingWidth, step, 0, &nextX, found, count);
    }
  }
  return count;
}
#endif

long cfacedetection_haar_scan_rows(const HaarLevel *level, const HaarIntegrals *integrals, long *row,
                    long workingWidth, long workingHeight, long step, int instructionLevel,
                    int32_t *found, long capacity) {
  long count = 0;
  // Lanes address the tables with 32-bit indices.
  const int vectors = level->stumpBased && level->exactStageSums && level->stageCount > 0 &&
                      integrals->count < INT32_MAX;
  const int cpu = cprocessor_cpu_instruction_level();
  const int chosen = !vectors ? 0 : instructionLevel < cpu ? instructionLevel : cpu;
  for (; *row < workingHeight && capacity - count >= workingWidth; *row += step) {
    const long y = *row;
    // The row's x values go where its pairs will be, then spread out from the back.
    int32_t *xs = found + 2 * count;
    long accepted;
#if defined(__x86_64__)
    if (chosen == 2) {
      accepted = scan_row_vector(level, integrals, y, workingWidth, step, xs);
    } else if (chosen == 1) {
      accepted = scan_row_avx2(level, integrals, y, workingWidth, step, xs);
    } else {
      accepted = scan_row_scalar(level, integrals, y, workingWidth, step, xs);
    }
#else
    (void)chosen;
    accepted = scan_row_scalar(level, integrals, y, workingWidth, step, xs);
#endif
    for (long index = accepted - 1; index >= 0; index--) {
      xs[2 * index + 1] = (int32_t)y;
      xs[2 * index] = xs[index];
    }
    count += accepted;
  }
  return count;
}
