#ifndef CFACEANALYSIS_PNG_WRITE_H
#define CFACEANALYSIS_PNG_WRITE_H

#include <stddef.h>
#include <stdint.h>

/// Writes 8-bit RGB pixels (`width * height * 3` bytes, rows top to bottom) as a PNG file at
/// `path`, replacing it. Returns CFACEANALYSIS_PNG_OK, or CFACEANALYSIS_PNG_ERROR with a NUL-terminated message in
/// `message` (the file may then be partly written; the caller removes it).
int cfaceanalysis_png_write_rgb_file(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                        char *message, size_t message_size);

#endif
