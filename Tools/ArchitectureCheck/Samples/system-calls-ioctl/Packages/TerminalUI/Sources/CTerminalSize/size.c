// Broken on purpose: a package other than System reads the window size with ioctl in its own
// C code instead of System's TerminalControl.
#include <sys/ioctl.h>

int cterminalsize_columns(int fd) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
  return size.ws_col;
}
