// PNG encoding through libpng. As for reading, libpng reports errors with longjmp, so every
// call that may fail runs here behind setjmp and failures come back as return codes.
#include "cpng_shims.h"
#include "cpng_write.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  char *message;
  size_t message_size;
} cpng_writer;

static void cpng_write_message(cpng_writer *writer, const char *text) {
  if (writer->message == NULL || writer->message_size == 0) return;
  snprintf(writer->message, writer->message_size, "%s", text);
}

static void cpng_write_error(png_structp png, png_const_charp text) {
  cpng_write_message((cpng_writer *)png_get_error_ptr(png), text);
  png_longjmp(png, 1);
}

static void cpng_write_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;
}

int cpng_write_rgb_file(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                        char *message, size_t message_size) {
  cpng_writer writer = {message, message_size};
  if (width == 0 || height == 0) {
    cpng_write_message(&writer, "the image is empty");
    return CPNG_ERROR;
  }
  FILE *volatile file = fopen(path, "wb");
  if (file == NULL) {
    cpng_write_message(&writer, strerror(errno));
    return CPNG_ERROR;
  }
  png_structp png =
      png_create_write_struct(PNG_LIBPNG_VER_STRING, &writer, cpng_write_error, cpng_write_warning);
  if (png == NULL) {
    fclose(file);
    cpng_write_message(&writer, "out of memory");
    return CPNG_ERROR;
  }
  png_infop info = png_create_info_struct(png);
  if (info == NULL) {
    png_destroy_write_struct(&png, NULL);
    fclose(file);
    cpng_write_message(&writer, "out of memory");
    return CPNG_ERROR;
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    fclose(file);
    return CPNG_ERROR;
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
    cpng_write_message(&writer, strerror(errno));
    return CPNG_ERROR;
  }
  return CPNG_OK;
}
