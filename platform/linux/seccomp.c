/* SPDX-License-Identifier: MIT */
/*
 * confine's seccomp filter, and the list of what it refuses.
 *
 * The filter answers EPERM for every call that mounts, unmounts, enters or
 * makes a namespace, opens by file handle, makes a fanotify group or mark,
 * traces another process, loads
 * code into the kernel or types into the terminal (TIOCSTI, the bubblewrap
 * CVE-2017-5226 route to the operator's shell); everything else is allowed, so an ordinary agent's
 * work (git, compilers, package managers, test runners) goes on. It covers
 * the native architecture and the compat entry points the kernel offers a
 * process of it (x86_64: i386 through int 0x80, and x32; aarch64: arm): a
 * filter for the native table alone is walked around by the same call
 * under its i386 number. A call from any other architecture kills the
 * caller (libseccomp's default for an architecture it was not given).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "confine.h"
#include "util.h"

#define ALL_BITS (~0UL)

/* clang-format off */
const ConfineCall confine_calls[] = {
        {"open_by_handle_at", NULL, {(unsigned long) -1, 0, 0}, true, false,
         "opens a file by its handle: no path is walked, so no bind is crossed"},
        {"name_to_handle_at", NULL, {(unsigned long) AT_FDCWD, 0, 0, 0, ALL_BITS}, true, false,
         "makes the handles open_by_handle_at opens"},
        {"mount", NULL, {0, 0, 0, 0, 0}, true, false, "mounts over a bind, or binds the real file elsewhere"},
        {"umount2", NULL, {0, ALL_BITS}, true, false, "takes a bind off"},
        {"umount", NULL, {0}, false, false, "takes a bind off (the old call)"},
        {"unshare", NULL, {CLONE_NEWNS | CLONE_NEWUSER}, true, true,
         "a mount namespace of its own, where the binds can be taken off"},
        {"clone", NULL, {CLONE_NEWNS | CLONE_NEWUSER | SIGCHLD}, true, true,
         "the same as unshare, for a child"},
        {"setns", NULL, {(unsigned long) -1, 0}, true, false, "enters another namespace (the daemon's)"},
        {"fsopen", NULL, {0, ALL_BITS}, true, false, "the new mount API: a filesystem to mount"},
        {"fsconfig", NULL, {(unsigned long) -1, ALL_BITS}, false, false, "the new mount API"},
        {"fsmount", NULL, {(unsigned long) -1, ALL_BITS, 0}, true, false, "the new mount API: a mount to attach"},
        {"fspick", NULL, {(unsigned long) -1, 0, ALL_BITS}, false, false, "the new mount API: reconfigures a mount"},
        {"open_tree", NULL, {(unsigned long) -1, 0, ALL_BITS}, true, false,
         "copies a mount (the worktree's, without its binds)"},
        {"move_mount", NULL, {(unsigned long) -1, 0, (unsigned long) -1, 0, ALL_BITS}, true, false,
         "attaches a mount over a bind"},
        {"mount_setattr", NULL, {(unsigned long) -1, 0, ALL_BITS, 0, 0}, true, false,
         "makes a read-only bind writable"},
        {"pivot_root", NULL, {0, 0}, true, false, "changes the root under the binds"},
        {"ptrace", NULL, {16 /* PTRACE_ATTACH */, (unsigned long) -1}, true, false,
         "traces another process: the daemon, or a process that holds a masked file open"},
        {"process_vm_readv", NULL, {0, 0, 0, 0, 0, ALL_BITS}, true, false, "reads another process's memory"},
        {"process_vm_writev", NULL, {0, 0, 0, 0, 0, ALL_BITS}, false, false, "writes another process's memory"},
        {"kexec_load", NULL, {0, 0, 0, ALL_BITS}, true, false, "boots another kernel"},
        {"kexec_file_load", NULL, {(unsigned long) -1, (unsigned long) -1, 0, 0, ALL_BITS}, false, false,
         "boots another kernel"},
        {"init_module", NULL, {0, 0, 0}, true, false, "loads code into the kernel"},
        {"finit_module", NULL, {(unsigned long) -1, 0, ALL_BITS}, false, false, "loads code into the kernel"},
        {"delete_module", NULL, {0, ALL_BITS}, false, false, "unloads a module"},
        {"bpf", NULL, {(unsigned long) -1, 0, 0}, true, false, "loads a program that reads kernel memory"},
        /* An unknown flag (bit 30) with FAN_REPORT_FID: past the check a caller
         * without CAP_SYS_ADMIN meets (EPERM), refused after it (EINVAL). */
        {"fanotify_init", NULL, {0x40000000 | 0x200 /* FAN_REPORT_FID */, 0}, true, false,
         "a fanotify group of its own: uid 0's marks, shared with the daemon, spent, so that the "
         "daemon's marks on each .git fail"},
        {"fanotify_mark", NULL, {(unsigned long) -1, 0, 0, 0, 0, 0}, false, false,
         "spends uid 0's fanotify marks"},
        {"keyctl", NULL, {(unsigned long) -1, 0, 0}, true, false,
         "reads the keys the launcher's session holds (the kernel keyring is not namespaced)"},
        {"add_key", NULL, {0, 0, 0, 0, 0}, false, false, "the kernel keyring"},
        {"request_key", NULL, {0, 0, 0, 0}, false, false, "the kernel keyring"},
        {"ioctl", "ioctl(TIOCSTI)", {(unsigned long) -1, TIOCSTI, 0}, true, false,
         "types into the terminal the agent was started from: the operator's shell runs it after"},
        {"ioctl", "ioctl(TIOCLINUX)", {(unsigned long) -1, TIOCLINUX, 0}, false, false,
         "pastes into the console the agent was started from"},
};
/* clang-format on */
const size_t confine_n_calls = ELEMENTSOF(confine_calls);

/* The namespace flags unshare and clone may not carry. */
static const unsigned long ns_flags[] = {CLONE_NEWNS,     CLONE_NEWUSER, CLONE_NEWPID,
                                         CLONE_NEWNET,    CLONE_NEWUTS,  CLONE_NEWIPC,
                                         CLONE_NEWCGROUP, 0x00000080 /* TIME */};

#if defined(__x86_64__)
const char *const confine_compat_abis[] = {"i386", "x32", NULL};
static const uint32_t compat_arches[] = {SCMP_ARCH_X86, SCMP_ARCH_X32};
#elif defined(__aarch64__)
const char *const confine_compat_abis[] = {NULL};
static const uint32_t compat_arches[] = {SCMP_ARCH_ARM};
#else
const char *const confine_compat_abis[] = {NULL};
static const uint32_t compat_arches[] = {0};
#endif

static void release(scmp_filter_ctx *ctx) {
        if (*ctx)
                seccomp_release(*ctx);
}

static int add_rules(scmp_filter_ctx ctx) {
        int r;
        for (size_t i = 0; i < confine_n_calls; i++) {
                const char *name = confine_calls[i].name;
                int nr = seccomp_syscall_resolve_name(name);
                if (nr == __NR_SCMP_ERROR)
                        continue; /* no such call on any architecture libseccomp knows */
                if (streq(name, "ioctl")) {
                        /* The request only; the kernel compares its low 32 bits. */
                        r = seccomp_rule_add(
                                ctx, SCMP_ACT_ERRNO(EPERM), nr, 1,
                                SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffu, confine_calls[i].args[1]));
                        if (r < 0)
                                return r;
                        continue;
                }
                if (streq(name, "unshare") || streq(name, "clone")) {
                        /* The flags are the first argument (of clone too, on
                         * x86 and arm; s390 swaps them, and is not built). */
                        for (size_t k = 0; k < ELEMENTSOF(ns_flags); k++) {
                                r = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 1,
                                                     SCMP_A0(SCMP_CMP_MASKED_EQ, ns_flags[k], ns_flags[k]));
                                if (r < 0)
                                        return r;
                        }
                        continue;
                }
                r = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 0);
                if (r < 0)
                        return r;
        }
        /* clone3 passes its flags in memory, which a filter cannot read:
         * ENOSYS, so that glibc falls back to clone, whose flags it can. */
        return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
}

int confine_filter_build(struct sock_fprog *ret) {
        _cleanup_(release) scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
        _cleanup_close_ int fd = -EBADF;
        struct stat st;
        int r;

        if (!ctx)
                return -ENOMEM;
        for (size_t i = 0; i < ELEMENTSOF(compat_arches); i++) {
                if (!compat_arches[i])
                        continue;
                r = seccomp_arch_add(ctx, compat_arches[i]);
                if (r < 0 && r != -EEXIST)
                        return r;
        }
        /* Loaded by hand (confine_filter_load), after no_new_privs. */
        r = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 0);
        if (r < 0)
                return r;
        r = add_rules(ctx);
        if (r < 0)
                return r;

        fd = memfd_create("pathpolicy-seccomp", MFD_CLOEXEC);
        if (fd < 0)
                return -errno;
        r = seccomp_export_bpf(ctx, fd);
        if (r < 0)
                return r;
        if (fstat(fd, &st) < 0)
                return -errno;
        if (st.st_size <= 0 || st.st_size % sizeof(struct sock_filter) != 0 ||
            st.st_size / sizeof(struct sock_filter) > USHRT_MAX)
                return -EINVAL;
        _cleanup_free_ struct sock_filter *prog = malloc((size_t) st.st_size);
        if (!prog)
                return -ENOMEM;
        if (pread(fd, prog, (size_t) st.st_size, 0) != st.st_size)
                return -EIO;
        ret->len = (unsigned short) (st.st_size / sizeof(struct sock_filter));
        ret->filter = TAKE_PTR(prog);
        return 0;
}

void confine_filter_free(struct sock_fprog *p) {
        free(p->filter);
        p->filter = NULL;
        p->len = 0;
}

int confine_filter_load(const struct sock_fprog *p) {
        if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, p, 0, 0) < 0)
                return -errno;
        return 0;
}

#if defined(__x86_64__)
/* The i386 entry point from a 64-bit process: int 0x80, the 32-bit table,
 * arguments in ebx ecx edx esi edi (no probe takes a sixth). The kernel
 * clears r8-r11. */
static long int80(long nr, const unsigned long a[6]) {
        long ret;
        __asm__ volatile("int $0x80"
                         : "=a"(ret)
                         : "a"(nr), "b"((uint32_t) a[0]), "c"((uint32_t) a[1]), "d"((uint32_t) a[2]),
                           "S"((uint32_t) a[3]), "D"((uint32_t) a[4])
                         : "memory", "r8", "r9", "r10", "r11");
        return ret;
}
#endif

long confine_call_abi(const char *abi, const char *name, const unsigned long a[6]) {
        long r;
        int nr;

        if (!abi)
                nr = seccomp_syscall_resolve_name(name);
#if defined(__x86_64__)
        else if (streq(abi, "i386"))
                nr = seccomp_syscall_resolve_name_arch(SCMP_ARCH_X86, name);
        else if (streq(abi, "x32"))
                nr = seccomp_syscall_resolve_name_arch(SCMP_ARCH_X32, name);
#endif
        else
                return -ENOSYS;
        if (nr < 0)
                return -ENOSYS;
#if defined(__x86_64__)
        if (abi && streq(abi, "i386"))
                return int80(nr, a);
#endif
        r = syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
        return r < 0 ? -errno : r;
}
