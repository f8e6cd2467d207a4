// OpenCV's bit-exact bilinear resize (INTER_LINEAR_EXACT), with which the detector builds its
// image pyramid. Integer arithmetic throughout, so any order of work gives the same pixels.
#include "CFaceDetectionHaar.h"

/// One source row through the horizontal pass, in 8.8 fixed point.
static void resize_line(const uint8_t *pixels, long sourceWidth, const HaarResizeAxis *columns,
                        long width, uint32_t *line) {
  const long start = columns->start < width ? columns->start : width;
  const long end = columns->end < width ? columns->end : width;
  long x = 0;
  for (; x < start; x++) line[x] = (uint32_t)pixels[0] << 8;
  for (; x < end; x++) {
    const long offset = columns->offsets[x];
    line[x] = columns->weights0[x] * pixels[offset] + columns->weights1[x] * pixels[offset + 1];
  }
  for (; x < width; x++) line[x] = (uint32_t)pixels[sourceWidth - 1] << 8;
}

static uint8_t clamp_byte(uint32_t value) { return value > 255 ? 255 : (uint8_t)value; }

void cfacedetection_haar_resize_exact(const uint8_t *source, long sourceWidth, long sourceHeight,
                       const HaarResizeAxis *columns, const HaarResizeAxis *rows, uint8_t *target,
                       long width, long height, uint32_t *lines) {
  uint32_t *upper = lines, *lower = lines + width;
  long upperRow = -1, lowerRow = -1;
  for (long y = 0; y < height; y++) {
    uint8_t *out = target + y * width;
    const int copies = y < rows->start || y >= rows->end;
    const long first = copies ? (y < rows->start ? 0 : sourceHeight - 1) : rows->offsets[y];
    // Neighbouring destination rows mostly share their source rows: keep the last two lines.
    if (upperRow != first) {
      if (lowerRow == first) {
        uint32_t *swap = upper;
        upper = lower;
        lower = swap;
        lowerRow = upperRow;
      } else {
        resize_line(source + first * sourceWidth, sourceWidth, columns, width, upper);
      }
      upperRow = first;
    }
    if (copies) {
      for (long x = 0; x < width; x++) out[x] = clamp_byte((upper[x] + 128) >> 8);
      continue;
    }
    if (lowerRow != first + 1) {
      resize_line(source + (first + 1) * sourceWidth, sourceWidth, columns, width, lower);
      lowerRow = first + 1;
    }
    const uint32_t weight0 = rows->weights0[y], weight1 = rows->weights1[y];
    for (long x = 0; x < width; x++) {
      out[x] = clamp_byte((upper[x] * weight0 + lower[x] * weight1 + 32768) >> 16);
    }
  }
}
