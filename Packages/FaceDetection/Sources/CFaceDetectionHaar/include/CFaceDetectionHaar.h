#ifndef CFACEDETECTION_HAAR_H
#define CFACEDETECTION_HAAR_H

#include <stdint.h>

/// How a stump's rectangles share corners, which decides how few of them the AVX2 loop loads
/// (`HaarStump.corners` holds each shared corner once). The packed stumps of a stage are in
/// this order, so each shape's loop is branch-free.
enum {
  /// Three rectangles: twelve corners.
  HAAR_SHAPE_THREE = 0,
  /// Three rectangles, the second in the first's top-left corner, the third in its bottom-right
  /// one, touching the second: nine corners.
  HAAR_SHAPE_THREE_DIAGONAL = 1,
  /// The mirror image: the second top-right, the third bottom-left.
  HAAR_SHAPE_THREE_ANTIDIAGONAL = 2,
  /// Two rectangles: eight corners.
  HAAR_SHAPE_TWO = 3,
  /// Two rectangles sharing one side, at the same end of it: six corners.
  HAAR_SHAPE_TWO_SIDE = 4,
  HAAR_SHAPE_COUNT = 5,
};

/// One stump of a stump cascade without tilted features, with its corners as offsets into one
/// level's integral image: what the AVX2 loop reads per stump, in one record instead of five
/// tables.
typedef struct {
  /// The corners, laid out for the stump's shape (`cfacedetection_haar_stump_shape`): for
  /// HAAR_SHAPE_THREE and HAAR_SHAPE_TWO each rectangle's top-left, top-right, bottom-left and
  /// bottom-right corner; for the others each distinct corner once, in the order the scan's
  /// sums read them.
  int32_t corners[12];
  float weights[3];
  float threshold;
  /// The leaf below the threshold, then the one above.
  double leaves[2];
} HaarStump;

/// A Haar cascade flattened for one pyramid level: every rectangle corner is an offset into
/// that level's integral images (row stride included), so a window at integral index `origin`
/// reads `table[origin + offset]`.
typedef struct {
  long stageCount;
  /// One past the last tree of each stage.
  const long *stageEnds;
  /// Each stage's threshold (OpenCV's, minus its epsilon).
  const float *stageThresholds;
  const long *treeFirstNode;
  const long *treeFirstLeaf;
  const long *nodeFeature;
  const float *nodeThreshold;
  /// A positive value is a node within the tree; zero or negative is minus a leaf index.
  const long *nodeLeft;
  const long *nodeRight;
  const float *leaves;
  /// Four corner offsets per rectangle, three rectangles per feature.
  const long *offsets;
  /// Three weights per feature, zero for a missing third rectangle.
  const float *weights;
  /// Non-zero for a feature on the 45° (tilted) integral image.
  const uint8_t *tilted;
  /// Non-zero when every tree is a single node.
  int stumpBased;
  /// For stump cascades, each tree's two leaves as doubles: below the threshold, then above.
  const double *stumpLeaves;
  /// Non-zero when every stage sum is exact in double whatever the order of its terms (each
  /// stage's leaves are multiples of its smallest leaf's unit in the last place, and their
  /// magnitudes add up to less than 2^53 such units), which lets the vector code reorder them.
  int exactStageSums;
  /// Corner offsets of the variance window (the detection window less one pixel a side).
  long norm[4];
  /// Area of the variance window.
  double normArea;
  /// Each tree as a `HaarStump` (`cfacedetection_haar_pack_stumps`), or NULL: the AVX2 loop
  /// reads these when they are set. Within each stage the stumps are grouped by shape, in the
  /// order of HAAR_SHAPE_*, so that each group's loop needs no branch on it (exact stage sums
  /// allow any order).
  const HaarStump *stumps;
  /// With `stumps`: where each stage's group of each shape ends, HAAR_SHAPE_COUNT values a stage.
  const long *shapeEnds;
} HaarLevel;

/// The integral images of one pyramid level (`tilted` may equal `sum` when no feature uses it).
typedef struct {
  const int32_t *sum;
  const uint32_t *squares;
  const int32_t *tilted;
  /// Elements per row.
  long stride;
  /// Elements in each table.
  long count;
} HaarIntegrals;

/// Runs the cascade on one window, with OpenCV's arithmetic: 1 when every stage accepts it,
/// `-k` when stage `k` rejects it (0 for the first stage), -1 when it is too flat to normalise.
int cfacedetection_haar_run_window(const HaarLevel *level, const HaarIntegrals *integrals, long origin);

/// Scans the windows of rows `*row`, `*row + step`, … below `workingHeight`, each at x = 0, step,
/// 2 step, … below `workingWidth`, skipping the next window after one the first stage rejects,
/// as OpenCV does. Writes an (x, y) pair for each window every stage accepts to `found`, in scan
/// order, and returns how many pairs. Stops early, before a row whose windows might not all fit
/// in `capacity` pairs; `*row` is then the row to go on from (at least one row is always
/// scanned when `capacity >= workingWidth`). `instructionLevel` (capped to Processor's
/// `cprocessor_cpu_instruction_level()`) picks the loop for stump cascades: 2 runs sixteen
/// windows at a time with AVX-512, 1 eight with AVX2, 0 the one-window loop; the results are
/// identical.
long cfacedetection_haar_scan_rows(const HaarLevel *level, const HaarIntegrals *integrals, long *row,
                    long workingWidth, long workingHeight, long step, int instructionLevel,
                    int32_t *found, long capacity);

/// The corner offsets (`HaarLevel.offsets`) of `featureCount` features for integral images with
/// `stride` values a row, from each feature's three rectangles as x, y, width, height in
/// `geometry` (zeros for a missing third) and its `tilted` flag.
void cfacedetection_haar_corner_offsets(const long *geometry, const uint8_t *tilted, long featureCount,
                         long stride, long *offsets);

/// The shape (HAAR_SHAPE_*) of a feature from its twelve corner offsets (`HaarLevel.offsets`,
/// for any stride wider than the window) and three weights: a third rectangle is one with a
/// weight.
int cfacedetection_haar_stump_shape(const long *corners, const float *weights);

/// Fills `stumps` with the first `treeCount` trees of a stump cascade without tilted features,
/// tree `order[i]` into `stumps[i]`, from `level`'s tables and corner offsets (which must fit in
/// 32 bits), each laid out for its shape.
void cfacedetection_haar_pack_stumps(const HaarLevel *level, long treeCount, const long *order,
                                    HaarStump *stumps);

/// One axis of OpenCV's bit-exact bilinear resize: destination index `i` blends source
/// `offsets[i]` and the next with `weights0[i]` and `weights1[i]` (8 fractional bits); below
/// `start` it copies source 0, from `end` on the last source index.
typedef struct {
  const long *offsets;
  const uint32_t *weights0;
  const uint32_t *weights1;
  long start;
  long end;
} HaarResizeAxis;

/// OpenCV's `INTER_LINEAR_EXACT` resize of an 8-bit gray image, with which the detector builds
/// its pyramid: a horizontal pass in 8.8 fixed point, then a vertical one rounded from 16
/// fractional bits. `lines` needs room for `2 * width` values.
void cfacedetection_haar_resize_exact(const uint8_t *source, long sourceWidth, long sourceHeight,
                       const HaarResizeAxis *columns, const HaarResizeAxis *rows, uint8_t *target,
                       long width, long height, uint32_t *lines);

/// The gray picture the cascade scans and the faces are cropped from, as OpenCV 4.11's
/// `cvtColor(…, COLOR_RGB2GRAY)` makes it from `count` 8-bit RGB pixels:
/// `(9798 R + 19235 G + 3735 B + 16384) >> 15`, with the loop of `cprocessor_instruction_level`.
void cfacedetection_haar_rgb_to_gray(const uint8_t *rgb, uint8_t *gray, long count);

#endif
