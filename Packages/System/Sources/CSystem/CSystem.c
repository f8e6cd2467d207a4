#define _GNU_SOURCE
#include "CSystem.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <pty.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

static volatile sig_atomic_t csystem_notify_fd = -1;

static const int csystem_handled_signals[] = {SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP};
static const int csystem_handled_count = sizeof(csystem_handled_signals) / sizeof(csystem_handled_signals[0]);

void csystem_raise_with_default_action(int signal);
int csystem_terminal_restore(void);

static struct termios csystem_saved_termios;
static volatile sig_atomic_t csystem_saved = 0;
static volatile sig_atomic_t csystem_full_screen = 0;
static volatile sig_atomic_t csystem_input_fd = -1;
static volatile sig_atomic_t csystem_output_fd = -1;
static volatile sig_atomic_t csystem_pending_terminations = 0;
static int csystem_atexit_registered = 0;

static void csystem_restore_at_exit(void) { csystem_terminal_restore(); }

int csystem_terminal_save(int input_fd, int output_fd) {
  if (tcgetattr(input_fd, &csystem_saved_termios) != 0) return -1;
  csystem_input_fd = input_fd;
  csystem_output_fd = output_fd;
  csystem_saved = 1;
  if (!csystem_atexit_registered) {
    csystem_atexit_registered = 1;
    atexit(csystem_restore_at_exit);
  }
  return 0;
}

void csystem_terminal_set_full_screen(int active) { csystem_full_screen = active; }

int csystem_terminal_restore(void) {
  if (!csystem_saved) return 0;
  if (csystem_full_screen && csystem_output_fd >= 0) {
    static const char leave[] = "\033[0m\033[?25h\033[?1049l";
    ssize_t ignored = write(csystem_output_fd, leave, sizeof(leave) - 1);
    (void)ignored;
    csystem_full_screen = 0;
  }
  int result;
  do {
    result = tcsetattr(csystem_input_fd, TCSADRAIN, &csystem_saved_termios);
  } while (result != 0 && errno == EINTR);
  return result;
}

void csystem_terminal_forget(void) { csystem_saved = 0; }

static void csystem_signal_handler(int signal) {
  int saved = errno;
  if (signal != SIGWINCH && signal != SIGTSTP) {
    /* The loop normally handles the signal. If a second terminating signal comes before it
       did (the main thread is busy), restore the terminal here and die of the signal. */
    if (csystem_pending_terminations > 0) {
      csystem_terminal_restore();
      csystem_raise_with_default_action(signal);
    }
    csystem_pending_terminations = csystem_pending_terminations + 1;
  }
  int fd = csystem_notify_fd;
  if (fd >= 0) {
    unsigned char byte = (unsigned char)signal;
    ssize_t ignored = write(fd, &byte, 1);
    (void)ignored;
  }
  errno = saved;
}

static const int csystem_crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE};
static const int csystem_crash_count = sizeof(csystem_crash_signals) / sizeof(csystem_crash_signals[0]);

static struct sigaction csystem_previous_crash_actions[sizeof(csystem_crash_signals) / sizeof(csystem_crash_signals[0])];

/* A crash (a Swift trap is SIGILL or SIGTRAP) restores the terminal, puts back whatever
   handled the signal before (the Swift runtime's backtracer, or the default action) and
   raises the signal again for it. */
static void csystem_crash_handler(int signal) {
  csystem_terminal_restore();
  for (int i = 0; i < csystem_crash_count; i++) {
    if (csystem_crash_signals[i] == signal) sigaction(signal, &csystem_previous_crash_actions[i], NULL);
  }
  raise(signal);
}

int csystem_install_signal_handlers(int notify_fd) {
  struct sigaction crash;
  memset(&crash, 0, sizeof(crash));
  crash.sa_handler = csystem_crash_handler;
  sigemptyset(&crash.sa_mask);
  crash.sa_flags = SA_RESETHAND | SA_NODEFER;
  for (int i = 0; i < csystem_crash_count; i++) {
    if (sigaction(csystem_crash_signals[i], &crash, &csystem_previous_crash_actions[i]) != 0) return -1;
  }
  csystem_notify_fd = notify_fd;
  struct sigaction action;
  memset(&action, 0, sizeof(action));
  action.sa_handler = csystem_signal_handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0; /* no SA_RESTART: a blocked poll() returns EINTR and the loop looks at the pipe */
  for (int i = 0; i < csystem_handled_count; i++) {
    if (sigaction(csystem_handled_signals[i], &action, NULL) != 0) return -1;
  }
  struct sigaction ignore;
  memset(&ignore, 0, sizeof(ignore));
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  if (sigaction(SIGPIPE, &ignore, NULL) != 0) return -1;
  csystem_unblock_handled_signals();
  return 0;
}

void csystem_unblock_handled_signals(void) {
  sigset_t set;
  sigemptyset(&set);
  for (int i = 0; i < csystem_handled_count; i++) sigaddset(&set, csystem_handled_signals[i]);
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

void csystem_reset_signal_handlers(void) {
  struct sigaction action;
  memset(&action, 0, sizeof(action));
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  for (int i = 0; i < csystem_handled_count; i++) sigaction(csystem_handled_signals[i], &action, NULL);
  for (int i = 0; i < csystem_crash_count; i++) sigaction(csystem_crash_signals[i], &csystem_previous_crash_actions[i], NULL);
  sigaction(SIGPIPE, &action, NULL);
  csystem_notify_fd = -1;
}

void csystem_raise_with_default_action(int signal) {
  csystem_pending_terminations = 0;
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

int csystem_open_pty(int *primary, int *secondary, char *name, unsigned long name_length, unsigned short rows,
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

short csystem_spawn_new_session_flag(void) { return POSIX_SPAWN_SETSID; }

void csystem_stop_process(void) { raise(SIGSTOP); }


int csystem_pipe(int ends[2]) { return pipe2(ends, O_CLOEXEC); }

int csystem_set_pipe_capacity(int fd, int bytes) { return fcntl(fd, F_SETPIPE_SZ, bytes); }

int csystem_wait_until_exited(pid_t pid) {
  siginfo_t info;
  memset(&info, 0, sizeof(info));
  return waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT);
}

int csystem_exit_code(int status) { return WIFEXITED(status) ? WEXITSTATUS(status) : -1; }

int csystem_terminating_signal(int status) { return WIFSIGNALED(status) ? WTERMSIG(status) : 0; }

int csystem_stopped(int status) { return WIFSTOPPED(status); }

int csystem_window_size(int fd, unsigned short *rows, unsigned short *columns, unsigned short *width,
                        unsigned short *height) {
  struct winsize size;
  memset(&size, 0, sizeof(size));
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
  *rows = size.ws_row;
  *columns = size.ws_col;
  *width = size.ws_xpixel;
  *height = size.ws_ypixel;
  return 0;
}
