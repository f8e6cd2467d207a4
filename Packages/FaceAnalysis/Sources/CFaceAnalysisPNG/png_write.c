// PNG encoding through libpng. As for reading, libpng reports errors with longjmp, so every
// call that may fail runs here behind setjmp and failures come back as return codes.
#include "png_decode.h"
#include "png_write.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  char *message;
  size_t message_size;
} cfaceanalysis_png_writer;

static void cfaceanalysis_png_write_message(cfaceanalysis_png_writer *writer, const char *text) {
  if (writer->message == NULL || writer->message_size == 0) return;
  snprintf(writer->message, writer->message_size, "%s", text);
}

static void cfaceanalysis_png_write_error(png_structp png, png_const_charp text) {
  cfaceanalysis_png_write_message((cfaceanalysis_png_writer *)png_get_error_ptr(png), text);
  png_longjmp(png, 1);
}

static void cfaceanalysis_png_write_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;
}

int cfaceanalysis_png_write_rgb_file(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                        char *message, size_t message_size) {
  cfaceanalysis_png_writer writer = {message, message_size};
  if (width == 0 || height == 0) {
    cfaceanalysis_png_write_message(&writer, "the image is empty");
    return CFACEANALYSIS_PNG_ERROR;
  }
  FILE *volatile file = fopen(path, "wb");
  if (file == NULL) {
    cfaceanalysis_png_write_message(&writer, strerror(errno));
    return CFACEANALYSIS_PNG_ERROR;
  }
  png_structp png =
      png_create_write_struct(PNG_LIBPNG_VER_STRING, &writer, cfaceanalysis_png_write_error, cfaceanalysis_png_write_warning);
  if (png == NULL) {
    fclose(file);
    cfaceanalysis_png_write_message(&writer, "out of memory");
    return CFACEANALYSIS_PNG_ERROR;
  }
  png_infop info = png_create_info_struct(png);
  if (info == NULL) {
    png_destroy_write_struct(&png, NULL);
    fclose(file);
    cfaceanalysis_png_write_message(&writer, "out of memory");
    return CFACEANALYSIS_PNG_ERROR;
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    fclose(file);
    return CFACEANALYSIS_PNG_ERROR;
  }
  png_init_io(png, file);
  png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  for (uint32_t y = 0; y < height; y++) {
    png_write_row(png, (png_const_bytep)(pixels + (size_t)y * width * 3));
  }
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);
  if (fclose(file) != 0) {
    cfaceanalysis_png_write_message(&writer, strerror(errno));
    return CFACEANALYSIS_PNG_ERROR;
  }
  return CFACEANALYSIS_PNG_OK;
}
