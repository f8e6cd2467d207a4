#ifndef CMEDIA_PNG_WRITE_H
#define CMEDIA_PNG_WRITE_H

#include <stddef.h>
#include <stdint.h>

/// Encodes 8-bit RGB pixels (`width * height * 3` bytes, rows top to bottom) as PNG data in
/// memory. Returns CMEDIA_PNG_OK with the data in `*data` (`*size` bytes, to be freed
/// with cmedia_png_free), or CMEDIA_PNG_ERROR with a NUL-terminated message in
/// `message`. The caller writes the bytes where they belong.
int cmedia_png_encode_rgb(const uint8_t *pixels, uint32_t width, uint32_t height, uint8_t **data,
                                 size_t *size, char *message, size_t message_size);

/// Frees data returned by cmedia_png_encode_rgb.
void cmedia_png_free(uint8_t *data);

#endif
