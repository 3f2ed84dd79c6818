/* Preloaded before libfaketime in the clock-step chaos rows: hands timerfd_settime straight to
 * libc. libfaketime 0.9.10 moves every absolute timerfd deadline by its wall-clock offset, also on
 * CLOCK_MONOTONIC and CLOCK_BOOTTIME with FAKETIME_DONT_FAKE_MONOTONIC=1, which no NTP step does:
 * after a step back every libdispatch timer (Task.sleep, asyncAfter) of the process would fire
 * the step's size late, whatever the program measures its time on. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sys/timerfd.h>

int timerfd_settime(int fd, int flags, const struct itimerspec *new_value, struct itimerspec *old_value) {
    static int (*real)(int, int, const struct itimerspec *, struct itimerspec *);
    if (!real) {
        void *libc = dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD);
        real = (int (*)(int, int, const struct itimerspec *, struct itimerspec *))dlsym(libc, "timerfd_settime");
    }
    return real(fd, flags, new_value, old_value);
}
