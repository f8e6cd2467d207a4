#ifndef CTERMINALUI_H
#define CTERMINALUI_H

/// Reads the window size of the terminal on `fd` with ioctl(TIOCGWINSZ).
/// Returns 0 on success and -1 with errno set otherwise.
int cterminalui_window_size(int fd, unsigned short *rows, unsigned short *columns);
/// The window's size in pixels from TIOCGWINSZ (0 when the terminal does not say).
int cterminalui_window_pixels(int fd, unsigned short *width, unsigned short *height);

#endif
