/* SPDX-License-Identifier: MIT */
/* confine's launcher from the caller's side: start, forward, wait. */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include "confine-run.h"

int confine_failure_code(int err, PlatformConfineStep step) {
        if (step == PLATFORM_CONFINE_EXEC)
                return err == -ENOENT ? 127 : 126;
        return 125;
}

const char *confine_failure_reason(int err, PlatformConfineStep step) {
        if (step == PLATFORM_CONFINE_PROPAGATION && err == -EREMOTE)
                return "its mount is not shared, so no bind the watcher makes later would reach the agent "
                       "(mount --make-rshared /, as systemd does)";
        return strerror(-err);
}

int confine_run(const char *root, char *const *argv, int *ret_status, PlatformConfineStep *ret_step) {
        sigset_t set, old;
        siginfo_t si;
        int pid, st, r;

        /* Blocked before the start, so none is lost in between; waited for
         * below with the child's end. */
        sigemptyset(&set);
        sigaddset(&set, SIGTERM);
        sigaddset(&set, SIGINT);
        sigaddset(&set, SIGHUP);
        sigaddset(&set, SIGCHLD);
        sigprocmask(SIG_BLOCK, &set, &old);

        r = platform_confine_spawn(root, argv, &pid, ret_step);
        if (r < 0) {
                sigprocmask(SIG_SETMASK, &old, NULL);
                return r;
        }
        for (;;) {
                pid_t w = waitpid(pid, &st, WNOHANG);
                if (w == pid)
                        break;
                if (w < 0 && errno != EINTR) {
                        r = -errno;
                        break;
                }
                if (sigwaitinfo(&set, &si) < 0 || si.si_signo == SIGCHLD)
                        continue;
                if (si.si_code != SI_KERNEL)
                        (void) kill(pid, si.si_signo);
        }
        sigprocmask(SIG_SETMASK, &old, NULL);
        if (r < 0)
                return r;
        *ret_status = WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : 1;
        return 0;
}
