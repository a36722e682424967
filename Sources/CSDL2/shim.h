#ifndef CSDL2_SHIM_H
#define CSDL2_SHIM_H
// The SDL2 headers the backend uses; pkg-config sdl2 puts /usr/include/SDL2 on the path.
#include <SDL.h>
#include <SDL_ttf.h>
#include <SDL_image.h>
// Font matching (family, weight, slant, per-character coverage) and text shaping (kerning,
// mark placement). Both come with SDL_ttf's own dependencies on Debian.
#include <fontconfig/fontconfig.h>
#include <hb.h>

// Xlib's I/O error handler, declared by hand rather than through <X11/Xlib.h>, whose names
// (Window, Display, Font…) would collide with the backend's own. The display pointer is opaque
// here; the ABI is the same. Xlib calls the handler when the connection to the X server is
// lost, and exits the process when the handler returns.
typedef int (*tp_x_io_error_handler)(void *display);
tp_x_io_error_handler XSetIOErrorHandler(tp_x_io_error_handler handler);

// The X connection's descriptor for a window, to wait on it directly with a sub-millisecond
// timeout (SDL's own waits take whole milliseconds). SDL_syswm.h is not included, for the same
// reason as <X11/Xlib.h> above: the struct below is SDL_SysWMinfo's layout up to its X11
// member, with the union's 64-byte size that keeps the ABI stable. -1 off X11.
struct SDL_SysWMinfo;
extern SDL_bool SDL_GetWindowWMInfo(SDL_Window *window, struct SDL_SysWMinfo *info);
int XConnectionNumber(void *display);
typedef struct {
  SDL_version version;
  int subsystem;
  union {
    struct { void *display; unsigned long window; } x11;
    Uint8 dummy[64];
  } info;
} tp_wm_info;
static inline int tp_x11_connection_fd(SDL_Window *window) {
  tp_wm_info info;
  SDL_zero(info);
  SDL_VERSION(&info.version);
  // SDL_SYSWM_X11 is 2 in SDL_SYSWM_TYPE.
  if (!SDL_GetWindowWMInfo(window, (struct SDL_SysWMinfo *)&info) || info.subsystem != 2 || !info.info.x11.display)
    return -1;
  return XConnectionNumber(info.info.x11.display);
}

// Waits until `a` or `b` (either may be -1) is readable or `timeout_ns` passes (negative:
// forever). Returns poll's count, with bit 0 set in *ready for `a` and bit 1 for `b`.
#include <poll.h>
#include <time.h>
#include <signal.h>
#include <sys/eventfd.h>
#ifndef __USE_GNU
// glibc declares ppoll only under _GNU_SOURCE, which SDL's headers came in without.
int ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *timeout, const sigset_t *sigmask);
#endif
static inline int tp_wait_readable(int a, int b, long long timeout_ns, int *ready) {
  struct pollfd fds[2] = {{a, POLLIN, 0}, {b, POLLIN, 0}};
  struct timespec ts = {(time_t)(timeout_ns / 1000000000LL), (long)(timeout_ns % 1000000000LL)};
  int n = ppoll(fds, 2, timeout_ns < 0 ? NULL : &ts, NULL);
  *ready = (fds[0].revents ? 1 : 0) | (fds[1].revents ? 2 : 0);
  return n;
}
static inline int tp_make_wake_fd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

// Timer slack: how late the kernel may wake a sleeping thread to batch wake-ups (50 µs by
// default). prctl is variadic, which Swift cannot call, hence the wrapper.
#include <sys/prctl.h>
static inline int tp_set_timer_slack_ns(unsigned long ns) { return prctl(PR_SET_TIMERSLACK, ns, 0UL, 0UL, 0UL); }

// libdispatch's hooks for a run loop other than dispatch_main, as Foundation's RunLoop uses
// them: the main queue's wake-up descriptor (an eventfd on Linux), and the call that runs
// what the main queue holds. Both are exported by libdispatch, which Swift's runtime loads.
int _dispatch_get_main_queue_handle_4CF(void);
void _dispatch_main_queue_callback_4CF(void *msg);
#endif
