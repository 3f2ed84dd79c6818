#ifndef SATWATCH_PROCESS_TUNING_H
#define SATWATCH_PROCESS_TUNING_H

#include <stddef.h>

/// Caps glibc's malloc arenas (`mallopt(M_ARENA_MAX, count)`). Each arena beyond the main one
/// reserves 64 MiB of address space, and glibc makes up to 8 per core: most of a worker's
/// virtual size, which an address-space limit (`ulimit -v`) counts. Returns 1 on success.
int satwatch_limit_malloc_arenas(int count);

/// Sets the stack size of threads created from now on without one of their own (libdispatch's,
/// hence Swift's cooperative pool's): glibc reserves RLIMIT_STACK (8 MiB) for each otherwise.
/// Returns 0 or an errno value.
int satwatch_set_default_thread_stack(size_t bytes);

#endif
