// The one-line message a libpng call leaves behind when it fails, and the error handler that
// writes it and jumps back to the caller's setjmp: shared by the reader and the writer.
#ifndef CMEDIA_PNG_MESSAGE_H
#define CMEDIA_PNG_MESSAGE_H

#include <png.h>
#include <stdio.h>

typedef struct {
  char *text;
  size_t size;
} cmedia_png_message;

static inline void cmedia_png_say(cmedia_png_message *message, const char *text) {
  if (message->text == NULL || message->size == 0) return;
  snprintf(message->text, message->size, "%s", text);
}

/* libpng's error handler: its error pointer is a cmedia_png_message. */
static inline void cmedia_png_fail(png_structp png, png_const_charp text) {
  cmedia_png_say((cmedia_png_message *)png_get_error_ptr(png), text);
  png_longjmp(png, 1);
}

/* Warnings are not errors: the picture decodes as OpenCV's does. */
static inline void cmedia_png_ignore(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;
}

#endif
