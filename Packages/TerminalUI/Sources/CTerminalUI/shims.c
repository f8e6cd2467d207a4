#include "CTerminalUI.h"

#include <string.h>
#include <sys/ioctl.h>

int cterminalui_window_size(int fd, unsigned short *rows, unsigned short *columns) {
  struct winsize size;
  memset(&size, 0, sizeof(size));
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
  *rows = size.ws_row;
  *columns = size.ws_col;
  return 0;
}

int cterminalui_window_pixels(int fd, unsigned short *width, unsigned short *height) {
  struct winsize size;
  memset(&size, 0, sizeof(size));
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
  *width = size.ws_xpixel;
  *height = size.ws_ypixel;
  return 0;
}
