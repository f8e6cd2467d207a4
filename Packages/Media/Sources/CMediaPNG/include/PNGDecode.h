#ifndef CMEDIA_PNG_DECODE_H
#define CMEDIA_PNG_DECODE_H

#include <stddef.h>
#include <stdint.h>

/// Result codes of the cmedia_png_ functions.
enum {
  CMEDIA_PNG_OK = 0,
  CMEDIA_PNG_ERROR = 1
};

/// Reads the PNG signature and header from memory. On success stores the image size.
/// On failure writes a NUL-terminated message into `message`.
int cmedia_png_read_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                   char *message, size_t message_size);

/// Decodes a whole PNG from memory into 8-bit RGB pixels (`width * height * 3` bytes in
/// `pixels`). Palettes are expanded, 16-bit samples are reduced to 8 bits, alpha is dropped
/// and gray is replicated into the three channels. The size must match cmedia_png_read_size.
int cmedia_png_decode_rgb(const uint8_t *data, size_t size, uint8_t *pixels, uint32_t width,
                    uint32_t height, char *message, size_t message_size);

#endif
