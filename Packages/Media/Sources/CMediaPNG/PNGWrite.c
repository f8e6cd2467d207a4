// PNG encoding through libpng. As for reading, libpng reports errors with longjmp, so every
// call that may fail runs here behind setjmp and failures come back as return codes.
#include "PNGDecode.h"
#include "PNGMessage.h"
#include "PNGWrite.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The growing buffer libpng writes into.
typedef struct {
  uint8_t *data;
  size_t size;
  size_t capacity;
} cmedia_png_buffer;

static void cmedia_png_append(png_structp png, png_bytep bytes, png_size_t length) {
  cmedia_png_buffer *buffer = (cmedia_png_buffer *)png_get_io_ptr(png);
  if (buffer->size + length > buffer->capacity) {
    size_t capacity = buffer->capacity ? buffer->capacity : 4096;
    while (capacity < buffer->size + length) capacity *= 2;
    uint8_t *grown = realloc(buffer->data, capacity);
    if (grown == NULL) png_error(png, "out of memory");
    buffer->data = grown;
    buffer->capacity = capacity;
  }
  memcpy(buffer->data + buffer->size, bytes, length);
  buffer->size += length;
}

static void cmedia_png_flush(png_structp png) { (void)png; }

int cmedia_png_encode_rgb(const uint8_t *pixels, uint32_t width, uint32_t height, uint8_t **data,
                                 size_t *size, char *message, size_t message_size) {
  cmedia_png_message writer = {message, message_size};
  *data = NULL;
  *size = 0;
  if (width == 0 || height == 0) {
    cmedia_png_say(&writer, "the image is empty");
    return CMEDIA_PNG_ERROR;
  }
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &writer, cmedia_png_fail, cmedia_png_ignore);
  if (png == NULL) {
    cmedia_png_say(&writer, "out of memory");
    return CMEDIA_PNG_ERROR;
  }
  png_infop info = png_create_info_struct(png);
  if (info == NULL) {
    png_destroy_write_struct(&png, NULL);
    cmedia_png_say(&writer, "out of memory");
    return CMEDIA_PNG_ERROR;
  }
  // Volatile: it changes between setjmp and a longjmp back to it.
  cmedia_png_buffer *volatile buffer = calloc(1, sizeof(cmedia_png_buffer));
  if (buffer == NULL || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    if (buffer != NULL) free(buffer->data);
    free(buffer);
    if (buffer == NULL) cmedia_png_say(&writer, "out of memory");
    return CMEDIA_PNG_ERROR;
  }
  png_set_write_fn(png, buffer, cmedia_png_append, cmedia_png_flush);
  png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  for (uint32_t y = 0; y < height; y++) {
    png_write_row(png, (png_const_bytep)(pixels + (size_t)y * width * 3));
  }
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);
  *data = buffer->data;
  *size = buffer->size;
  free(buffer);
  return CMEDIA_PNG_OK;
}

void cmedia_png_free(uint8_t *data) { free(data); }
