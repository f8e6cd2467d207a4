#define _GNU_SOURCE
#include "TerminalUICShims.h"

#include <errno.h>
#include <pthread.h>
#include <pty.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

static volatile sig_atomic_t tui_notify_fd = -1;

static const int tui_handled_signals[] = {SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP};
static const int tui_handled_count = sizeof(tui_handled_signals) / sizeof(tui_handled_signals[0]);

void tui_raise_with_default_action(int signal);
int tui_terminal_restore(void);

int tui_window_size(int fd, unsigned short *rows, unsigned short *columns) {
  struct winsize size;
  memset(&size, 0, sizeof(size));
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
  *rows = size.ws_row;
  *columns = size.ws_col;
  return 0;
}

int tui_window_pixels(int fd, unsigned short *width, unsigned short *height) {
  struct winsize size;
  memset(&size, 0, sizeof(size));
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
  *width = size.ws_xpixel;
  *height = size.ws_ypixel;
  return 0;
}

static struct termios tui_saved_termios;
static volatile sig_atomic_t tui_saved = 0;
static volatile sig_atomic_t tui_full_screen = 0;
static volatile sig_atomic_t tui_input_fd = -1;
static volatile sig_atomic_t tui_output_fd = -1;
static volatile sig_atomic_t tui_pending_terminations = 0;
static int tui_atexit_registered = 0;

static void tui_restore_at_exit(void) { tui_terminal_restore(); }

int tui_terminal_save(int input_fd, int output_fd) {
  if (tcgetattr(input_fd, &tui_saved_termios) != 0) return -1;
  tui_input_fd = input_fd;
  tui_output_fd = output_fd;
  tui_saved = 1;
  if (!tui_atexit_registered) {
    tui_atexit_registered = 1;
    atexit(tui_restore_at_exit);
  }
  return 0;
}

void tui_terminal_set_full_screen(int active) { tui_full_screen = active; }

int tui_terminal_restore(void) {
  if (!tui_saved) return 0;
  if (tui_full_screen && tui_output_fd >= 0) {
    static const char leave[] = "\033[0m\033[?25h\033[?1049l";
    ssize_t ignored = write(tui_output_fd, leave, sizeof(leave) - 1);
    (void)ignored;
    tui_full_screen = 0;
  }
  int result;
  do {
    result = tcsetattr(tui_input_fd, TCSADRAIN, &tui_saved_termios);
  } while (result != 0 && errno == EINTR);
  return result;
}

void tui_terminal_forget(void) { tui_saved = 0; }

static void tui_signal_handler(int signal) {
  int saved = errno;
  if (signal != SIGWINCH && signal != SIGTSTP) {
    /* The loop normally handles the signal. If a second terminating signal comes before it
       did (the main thread is busy), restore the terminal here and die of the signal. */
    if (tui_pending_terminations > 0) {
      tui_terminal_restore();
      tui_raise_with_default_action(signal);
    }
    tui_pending_terminations = tui_pending_terminations + 1;
  }
  int fd = tui_notify_fd;
  if (fd >= 0) {
    unsigned char byte = (unsigned char)signal;
    ssize_t ignored = write(fd, &byte, 1);
    (void)ignored;
  }
  errno = saved;
}

static const int tui_crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE};
static const int tui_crash_count = sizeof(tui_crash_signals) / sizeof(tui_crash_signals[0]);

static struct sigaction tui_previous_crash_actions[sizeof(tui_crash_signals) / sizeof(tui_crash_signals[0])];

/* A crash (a Swift trap is SIGILL or SIGTRAP) restores the terminal, puts back whatever
   handled the signal before (the Swift runtime's backtracer, or the default action) and
   raises the signal again for it. */
static void tui_crash_handler(int signal) {
  tui_terminal_restore();
  for (int i = 0; i < tui_crash_count; i++) {
    if (tui_crash_signals[i] == signal) sigaction(signal, &tui_previous_crash_actions[i], NULL);
  }
  raise(signal);
}

int tui_install_signal_handlers(int notify_fd) {
  struct sigaction crash;
  memset(&crash, 0, sizeof(crash));
  crash.sa_handler = tui_crash_handler;
  sigemptyset(&crash.sa_mask);
  crash.sa_flags = SA_RESETHAND | SA_NODEFER;
  for (int i = 0; i < tui_crash_count; i++) {
    if (sigaction(tui_crash_signals[i], &crash, &tui_previous_crash_actions[i]) != 0) return -1;
  }
  tui_notify_fd = notify_fd;
  struct sigaction action;
  memset(&action, 0, sizeof(action));
  action.sa_handler = tui_signal_handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0; /* no SA_RESTART: a blocked poll() returns EINTR and the loop looks at the pipe */
  for (int i = 0; i < tui_handled_count; i++) {
    if (sigaction(tui_handled_signals[i], &action, NULL) != 0) return -1;
  }
  struct sigaction ignore;
  memset(&ignore, 0, sizeof(ignore));
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  if (sigaction(SIGPIPE, &ignore, NULL) != 0) return -1;
  tui_unblock_handled_signals();
  return 0;
}

void tui_unblock_handled_signals(void) {
  sigset_t set;
  sigemptyset(&set);
  for (int i = 0; i < tui_handled_count; i++) sigaddset(&set, tui_handled_signals[i]);
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

void tui_reset_signal_handlers(void) {
  struct sigaction action;
  memset(&action, 0, sizeof(action));
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  for (int i = 0; i < tui_handled_count; i++) sigaction(tui_handled_signals[i], &action, NULL);
  for (int i = 0; i < tui_crash_count; i++) sigaction(tui_crash_signals[i], &tui_previous_crash_actions[i], NULL);
  sigaction(SIGPIPE, &action, NULL);
  tui_notify_fd = -1;
}

void tui_raise_with_default_action(int signal) {
  tui_pending_terminations = 0;
  struct sigaction action;
  memset(&action, 0, sizeof(action));
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(signal, &action, NULL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  raise(signal);
}

int tui_open_pty(int *primary, int *secondary, char *name, unsigned long name_length, unsigned short rows,
                 unsigned short columns) {
  struct winsize size;
  memset(&size, 0, sizeof(size));
  size.ws_row = rows;
  size.ws_col = columns;
  if (openpty(primary, secondary, NULL, NULL, &size) != 0) return -1;
  int error = ttyname_r(*secondary, name, name_length);
  if (error != 0) {
    close(*primary);
    close(*secondary);
    errno = error;
    return -1;
  }
  return 0;
}

short tui_spawn_setsid_flag(void) { return POSIX_SPAWN_SETSID; }

void tui_stop_process(void) { raise(SIGSTOP); }

int tui_set_controlling_terminal(int fd) { return ioctl(fd, TIOCSCTTY, 0); }
