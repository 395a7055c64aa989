/* SPDX-License-Identifier: MIT */
#include "sdlib.h"

#include <dlfcn.h>
#include <stdbool.h>
#include <stddef.h>

const SdLib *sdlib(void) {
        static SdLib lib;
        static bool tried, ok;

        if (tried)
                return ok ? &lib : NULL;
        tried = true;
        void *h = dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL);
        if (!h)
                return NULL;
        *(void **) &lib.journal_sendv = dlsym(h, "sd_journal_sendv");
        *(void **) &lib.notify = dlsym(h, "sd_notify");
        ok = lib.journal_sendv && lib.notify;
        return ok ? &lib : NULL;
}
