#ifndef TERMINALUI_C_SHIMS_H
#define TERMINALUI_C_SHIMS_H

/// Reads the window size of the terminal on `fd` with ioctl(TIOCGWINSZ).
/// Returns 0 on success and -1 with errno set otherwise.
int tui_window_size(int fd, unsigned short *rows, unsigned short *columns);
/// The window's size in pixels from TIOCGWINSZ (0 when the terminal does not say).
int tui_window_pixels(int fd, unsigned short *width, unsigned short *height);

/// Installs handlers for SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGTSTP that write the
/// signal number as one byte to `notify_fd` (a non-blocking pipe), and ignores SIGPIPE
/// so that a closed output shows up as EPIPE. Crashes (SIGSEGV, SIGBUS, SIGILL, SIGTRAP,
/// SIGABRT, SIGFPE) restore the terminal and then die of the same signal.
/// Returns 0 on success, -1 with errno set.
int tui_install_signal_handlers(int notify_fd);

/// Unblocks, in the calling thread, every signal tui_install_signal_handlers handles, so a
/// process started with them blocked (a parent's mask is inherited across exec) can still
/// be stopped and resized. Threads started later inherit the mask.
void tui_unblock_handled_signals(void);

/// Puts back the default disposition of every signal tui_install_signal_handlers touched.
void tui_reset_signal_handlers(void);

/// Resets `signal` to its default action, unblocks it and raises it: the process ends the
/// way it would have without handlers, so its parent sees the signal.
void tui_raise_with_default_action(int signal);

/// Stops the process with SIGSTOP (job control: Ctrl-Z); returns once it is continued.
void tui_stop_process(void);

/// Opens a pseudo-terminal pair of the given size; returns 0 with the two descriptors and the
/// secondary side's device path in `name`, or -1 with errno set. Used by the tests.
int tui_open_pty(int *primary, int *secondary, char *name, unsigned long name_length, unsigned short rows,
                 unsigned short columns);

/// The posix_spawn flag that makes the child a session leader (POSIX_SPAWN_SETSID), which
/// Swift cannot see because glibc declares it only for _GNU_SOURCE. Used by the tests.
short tui_spawn_setsid_flag(void);

/// Makes `fd` the controlling terminal of the calling process (which must be a session
/// leader). Returns 0 on success, -1 with errno set.
int tui_set_controlling_terminal(int fd);

/// Remembers the terminal settings of `input_fd` (with tcgetattr) and the output descriptor,
/// so that tui_terminal_restore can put them back from anywhere: the run loop, an atexit
/// handler, or a signal handler when a second terminating signal arrives before the loop
/// could react to the first. Registers the atexit handler once. Returns 0 or -1 with errno.
int tui_terminal_save(int input_fd, int output_fd);

/// Marks whether the alternate screen is shown, so a restore knows to leave it.
void tui_terminal_set_full_screen(int active);

/// Async-signal-safe: leaves the alternate screen (when shown), shows the cursor and puts
/// the saved settings back. Does nothing when nothing is saved. Returns 0 or -1 with errno.
int tui_terminal_restore(void);

/// Forgets the saved settings, after a restore.
void tui_terminal_forget(void);

#endif
