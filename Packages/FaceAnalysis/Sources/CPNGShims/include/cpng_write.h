#ifndef CPNG_WRITE_H
#define CPNG_WRITE_H

#include <stddef.h>
#include <stdint.h>

/// Writes 8-bit RGB pixels (`width * height * 3` bytes, rows top to bottom) as a PNG file at
/// `path`, replacing it. Returns CPNG_OK, or CPNG_ERROR with a NUL-terminated message in
/// `message` (the file may then be partly written; the caller removes it).
int cpng_write_rgb_file(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                        char *message, size_t message_size);

#endif
