// Why C: glibc's posix_spawn_file_actions_addclosefrom_np needs _GNU_SOURCE, which Swift's
// Glibc module does not define. Closing every inherited descriptor *in the child, at exec time*
// is what makes spawning safe while other threads open sockets: Foundation's Process closes
// the descriptors it saw before spawning, so one opened meanwhile leaks into a long-lived peer.
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>
#include "child_spawn.h"

extern char **environ;

static int redirect(posix_spawn_file_actions_t *actions, int from, int to) {
    // dup2(fd, fd) would keep a close-on-exec flag; posix_spawn clears it for this case.
    return posix_spawn_file_actions_adddup2(actions, from, to);
}

int satwatch_spawn(pid_t *pid, char *const argv[], int stdin_fd, int stdout_fd, int stderr_fd) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int rc = posix_spawn_file_actions_init(&actions);
    if (rc != 0) return rc;
    rc = posix_spawnattr_init(&attributes);
    if (rc != 0) { posix_spawn_file_actions_destroy(&actions); return rc; }

    // A test thread (libdispatch's, the cooperative pool's) blocks most signals, and a
    // blocked or ignored SIGTERM would be inherited: the peer could not be stopped.
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    int reset[] = { SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD };
    for (unsigned i = 0; i < sizeof reset / sizeof reset[0]; i++) sigaddset(&defaults, reset[i]);

    if (rc == 0) rc = redirect(&actions, stdin_fd, STDIN_FILENO);
    if (rc == 0) rc = redirect(&actions, stdout_fd, STDOUT_FILENO);
    if (rc == 0) rc = redirect(&actions, stderr_fd, STDERR_FILENO);
    if (rc == 0) rc = posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    if (rc == 0) rc = posix_spawnattr_setsigmask(&attributes, &none);
    if (rc == 0) rc = posix_spawnattr_setsigdefault(&attributes, &defaults);
    if (rc == 0) rc = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    if (rc == 0) rc = posix_spawnp(pid, argv[0], &actions, &attributes, argv, environ);

    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return rc;
}
