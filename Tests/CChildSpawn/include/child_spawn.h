#ifndef SATWATCH_CHILD_SPAWN_H
#define SATWATCH_CHILD_SPAWN_H

#include <sys/types.h>

/// Starts `argv[0]` (searched in PATH) with stdin, stdout and stderr taken from the given
/// descriptors, every other descriptor closed, an empty signal mask and default dispositions
/// for the signals tests send. Returns 0 and sets `*pid`, or an errno value.
int satwatch_spawn(pid_t *pid, char *const argv[], int stdin_fd, int stdout_fd, int stderr_fd);

#endif
