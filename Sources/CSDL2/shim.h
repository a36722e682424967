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
