// Why C: <malloc.h> (mallopt) and pthread_setattr_default_np (_GNU_SOURCE) are not in Swift's
// Glibc module.
#define _GNU_SOURCE
#include <malloc.h>
#include <pthread.h>
#include "process_tuning.h"

int satwatch_limit_malloc_arenas(int count) {
    return mallopt(M_ARENA_MAX, count);
}

int satwatch_set_default_thread_stack(size_t bytes) {
    pthread_attr_t attributes;
    int rc = pthread_getattr_default_np(&attributes);
    if (rc != 0) return rc;
    rc = pthread_attr_setstacksize(&attributes, bytes);
    if (rc == 0) rc = pthread_setattr_default_np(&attributes);
    pthread_attr_destroy(&attributes);
    return rc;
}
