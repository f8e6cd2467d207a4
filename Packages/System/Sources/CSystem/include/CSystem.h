#ifndef CSYSTEM_H
#define CSYSTEM_H

#include <sys/types.h>

/// Installs handlers for SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGTSTP that write the
/// signal number as one byte to `notify_fd` (a non-blocking pipe), and ignores SIGPIPE
/// so that a closed output shows up as EPIPE. Crashes (SIGSEGV, SIGBUS, SIGILL, SIGTRAP,
/// SIGABRT, SIGFPE) restore the terminal and then die of the same signal.
/// Returns 0 on success, -1 with errno set.
int csystem_install_signal_handlers(int notify_fd);

/// Unblocks, in the calling thread, every signal csystem_install_signal_handlers handles, so a
/// process started with them blocked (a parent's mask is inherited across exec) can still
/// be stopped and resized. Threads started later inherit the mask.
void csystem_unblock_handled_signals(void);

/// Puts back the default disposition of every signal csystem_install_signal_handlers touched.
void csystem_reset_signal_handlers(void);

/// Resets `signal` to its default action, unblocks it and raises it: the process ends the
/// way it would have without handlers, so its parent sees the signal.
void csystem_raise_with_default_action(int signal);

/// Stops the process with SIGSTOP (job control: Ctrl-Z); returns once it is continued.
void csystem_stop_process(void);

/// Remembers the terminal settings of `input_fd` (with tcgetattr) and the output descriptor,
/// so that csystem_terminal_restore can put them back from anywhere: the run loop, an atexit
/// handler, or a signal handler when a second terminating signal arrives before the loop
/// could react to the first. Registers the atexit handler once. Returns 0 or -1 with errno.
int csystem_terminal_save(int input_fd, int output_fd);

/// Marks whether the alternate screen is shown, so a restore knows to leave it.
void csystem_terminal_set_full_screen(int active);

/// Async-signal-safe: leaves the alternate screen (when shown), shows the cursor and puts
/// the saved settings back. Does nothing when nothing is saved. Returns 0 or -1 with errno.
int csystem_terminal_restore(void);

/// Forgets the saved settings, after a restore.
void csystem_terminal_forget(void);

/// Opens a pseudo-terminal pair of the given size; returns 0 with the two descriptors and the
/// secondary side's device path in `name`, or -1 with errno set.
int csystem_open_pty(int *primary, int *secondary, char *name, unsigned long name_length, unsigned short rows,
                     unsigned short columns);

/// The spawn flag that makes the child a session leader (POSIX_SPAWN_SETSID), which Swift
/// cannot see because glibc declares it only for _GNU_SOURCE.
short csystem_spawn_new_session_flag(void);

/// Makes a pipe whose two ends close on exec from the start (pipe2 with O_CLOEXEC), so a
/// child spawned by another thread at the same moment cannot inherit them. Returns 0, or -1
/// with errno set.
int csystem_pipe(int ends[2]);

/// Sets the capacity of the pipe `fd` (F_SETPIPE_SZ, a GNU extension Swift cannot see).
/// Returns the new capacity, or -1 with errno set.
int csystem_set_pipe_capacity(int fd, int bytes);

/// Blocks until the child `pid` has ended, without reaping it (waitid with WNOWAIT), so one
/// thread can wait while another may reap. Returns 0, or -1 with errno set.
int csystem_wait_until_exited(pid_t pid);

/// The exit code when `status` (from waitpid) is a normal exit, else -1.
int csystem_exit_code(int status);

/// The signal that ended the child when `status` (from waitpid) says so, else 0.
int csystem_terminating_signal(int status);

/// Whether `status` (from waitpid with WUNTRACED) says the child stopped.
int csystem_stopped(int status);

/// Reads the size of the terminal on `fd` with ioctl(TIOCGWINSZ): cells, and pixels (0 when
/// the terminal does not say). Returns 0, or -1 with errno set.
int csystem_window_size(int fd, unsigned short *rows, unsigned short *columns, unsigned short *width,
                        unsigned short *height);

#endif
