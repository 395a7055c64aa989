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
        *(void **) &lib.watchdog_enabled = dlsym(h, "sd_watchdog_enabled");
        ok = lib.journal_sendv && lib.notify && lib.watchdog_enabled;
        return ok ? &lib : NULL;
}
