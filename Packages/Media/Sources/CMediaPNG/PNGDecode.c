// libpng reports errors with longjmp, which Swift cannot survive, so every libpng call
// that may fail runs here, behind setjmp, and failures come back as return codes.
#include "PNGDecode.h"
#include "PNGMessage.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  const uint8_t *data;
  size_t size;
  size_t offset;
  cmedia_png_message message;
} cmedia_png_reader;

static void cmedia_png_read(png_structp png, png_bytep out, png_size_t count) {
  cmedia_png_reader *reader = (cmedia_png_reader *)png_get_io_ptr(png);
  if (count > reader->size - reader->offset) {
    png_error(png, "unexpected end of file (truncated PNG)");
    return;
  }
  memcpy(out, reader->data + reader->offset, count);
  reader->offset += count;
}

static int cmedia_png_check_signature(cmedia_png_reader *reader) {
  if (reader->size < 8 || png_sig_cmp((png_const_bytep)reader->data, 0, 8) != 0) {
    cmedia_png_say(&reader->message, "not a PNG file (bad signature)");
    return 0;
  }
  return 1;
}

/* Checks the signature and makes libpng's read and info structs for `reader`; 0 (with the
   message set and nothing left allocated) when either step fails. */
static int cmedia_png_begin(cmedia_png_reader *reader, png_structp *png, png_infop *info) {
  if (!cmedia_png_check_signature(reader)) return 0;
  *png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader->message, cmedia_png_fail, cmedia_png_ignore);
  if (*png == NULL) {
    cmedia_png_say(&reader->message, "out of memory");
    return 0;
  }
  *info = png_create_info_struct(*png);
  if (*info == NULL) {
    png_destroy_read_struct(png, NULL, NULL);
    cmedia_png_say(&reader->message, "out of memory");
    return 0;
  }
  return 1;
}

/* Reads the header from memory. It may longjmp, so call it behind the caller's setjmp. */
static void cmedia_png_read_header(png_structp png, png_infop info, cmedia_png_reader *reader) {
  // The size check happens in Swift, before any pixel memory exists.
  png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
  png_set_read_fn(png, reader, cmedia_png_read);
  png_read_info(png, info);
}

int cmedia_png_read_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height,
                   char *message, size_t message_size) {
  cmedia_png_reader reader = {data, size, 0, {message, message_size}};
  png_structp png;
  png_infop info;
  if (!cmedia_png_begin(&reader, &png, &info)) return CMEDIA_PNG_ERROR;
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_read_struct(&png, &info, NULL);
    return CMEDIA_PNG_ERROR;
  }
  cmedia_png_read_header(png, info, &reader);
  *width = png_get_image_width(png, info);
  *height = png_get_image_height(png, info);
  png_destroy_read_struct(&png, &info, NULL);
  return CMEDIA_PNG_OK;
}

int cmedia_png_decode_rgb(const uint8_t *data, size_t size, uint8_t *pixels, uint32_t width,
                    uint32_t height, char *message, size_t message_size) {
  cmedia_png_reader reader = {data, size, 0, {message, message_size}};
  png_structp png;
  png_infop info;
  if (!cmedia_png_begin(&reader, &png, &info)) return CMEDIA_PNG_ERROR;
  png_bytep *volatile rows = NULL;
  if (setjmp(png_jmpbuf(png))) {
    png_free(png, rows);
    png_destroy_read_struct(&png, &info, NULL);
    return CMEDIA_PNG_ERROR;
  }
  cmedia_png_read_header(png, info, &reader);
  if (png_get_image_width(png, info) != width || png_get_image_height(png, info) != height) {
    png_error(png, "image size changed between reads");
  }
  int color_type = png_get_color_type(png, info);
  int bit_depth = png_get_bit_depth(png, info);
  if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  if (bit_depth == 16) png_set_strip_16(png);
  // Alpha (and transparency that the expansions above turn into alpha) is dropped, as
  // OpenCV's imread(IMREAD_COLOR) drops it: no compositing.
  png_set_strip_alpha(png);
  if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) {
    png_set_gray_to_rgb(png);
  }
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != (png_size_t)width * 3) {
    png_error(png, "unsupported PNG pixel layout");
  }
  rows = (png_bytep *)png_malloc(png, sizeof(png_bytep) * height);
  for (uint32_t y = 0; y < height; y++) rows[y] = pixels + (size_t)y * width * 3;
  png_read_image(png, rows);
  png_read_end(png, NULL);
  png_free(png, rows);
  rows = NULL;
  png_destroy_read_struct(&png, &info, NULL);
  return CMEDIA_PNG_OK;
}
