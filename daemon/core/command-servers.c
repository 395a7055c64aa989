/* SPDX-License-Identifier: MIT */
/*
 * The web servers a command line may start over a directory (python -m
 * http.server, php -S, ruby -run -e httpd, busybox httpd, http-server,
 * serve, darkhttpd, through npx): which directory they serve
 * (command-internal.h). It must not judge: command-objects.c says whether
 * that directory holds .git.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command-internal.h"
#include "util.h"

/* The word after option k (-d DIR) or glued to it (-dDIR, --directory=DIR):
 * its index in w, or n with *ret_glued set. */
static bool server_dir_option(const char *a, const char *shorts, const char *longs, const char **ret_glued) {
        *ret_glued = NULL;
        if (longs && programs_long_is(a, longs, ret_glued))
                return true;
        if (a[0] == '-' && a[1] && a[1] != '-' && strchr(shorts, a[1])) {
                *ret_glued = a[2] ? a + 2 : NULL;
                return true;
        }
        return false;
}

/* An option of these servers whose value is the next word (-p 8080,
 * --listen 3000; serve -s and http-server -g are flags). */
static bool takes_value(const char *a) {
        static const char *const longs[] = {
                "port",    "listen",  "address",  "addr",    "bind",     "config",    "ext",      "proxy",
                "cert",    "key",     "timeout",  "log",     "index",    "mimetypes", "uid",      "gid",
                "pidfile", "maxconn", "ssl-cert", "ssl-key", "ssl-pass", "username",  "password", NULL};
        if (a[0] != '-' || strchr(a, '='))
                return false;
        if (a[1] != '-')
                return a[1] && !a[2] && strchr("pacePCKtlbU", a[1]);
        return streq_any(a + 2, longs);
}

bool servers_serves(const char *name, const ShellWord *const *w, size_t n, const ShellWord **ret_dir,
                    char glued[static 256]) {
        static const char *const operand_servers[] = {"http-server", "serve", "darkhttpd", "httpd", NULL};
        char buf[256];
        bool python = strncmp(name, "python", 6) == 0, php = streq(name, "php"), ruby = streq(name, "ruby"),
             server = streq_any(name, operand_servers), after_e = false, value_before = false;
        size_t k = 1;
        if (streq(name, "npx") || streq(name, "pnpx") || streq(name, "bunx")) {
                while (k < n && programs_plain(w[k], buf, sizeof buf) && buf[0] == '-')
                        k++;
                const char *p = k < n ? programs_plain(w[k], buf, sizeof buf) : NULL;
                server = p && streq_any(p, operand_servers);
                k++;
        }
        bool on = server;
        *ret_dir = NULL;
        glued[0] = 0;
        for (; k < n; k++) {
                _cleanup_free_ char *a = programs_word_text(w[k]);
                const char *value;
                if (!a)
                        return true; /* unread: the side that refuses */
                on = on ||
                     (python && (streq(a, "http.server") || streq(a, "SimpleHTTPServer") ||
                                 streq(a, "-mhttp.server") || streq(a, "-mSimpleHTTPServer"))) ||
                     (php && strncmp(a, "-S", 2) == 0) ||
                     (ruby && (streq(a, "httpd") || streq(a, "-ehttpd")));
                after_e = after_e || (ruby && (streq(a, "httpd") || streq(a, "-ehttpd")));
                bool dir = python ? server_dir_option(a, "d", "directory", &value)
                           : php  ? server_dir_option(a, "t", "docroot", &value)
                                  : streq(name, "httpd") && server_dir_option(a, "h", NULL, &value);
                if (dir && value)
                        snprintf(glued, 256, "%s", value);
                if (dir && !value && k + 1 < n)
                        *ret_dir = w[++k];
                /* its operand, not an option's value (-p 8080, --port 8080: a
                 * flag before the directory takes it, the side that refuses) */
                if ((server || after_e) && a[0] != '-' && !streq(a, "httpd") && !*ret_dir && !glued[0] &&
                    !streq(name, "httpd") && !value_before)
                        *ret_dir = w[k];
                value_before = takes_value(a);
        }
        return on;
}
