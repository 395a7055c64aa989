/* SPDX-License-Identifier: MIT */
#pragma once

/*
 * The root the file operations (FileOps, platform.h) work beneath, shared
 * by each OS's files.c: one directory fd, and the listing beneath it. It
 * must not resolve a path itself: platform_open_beneath, each OS's own,
 * does.
 */

typedef struct FilesRoot {
        int fd;
} FilesRoot;

/* root opened with flags | O_DIRECTORY | O_CLOEXEC: the root itself may
 * be reached through symlinks the admin made (it is ours, not the
 * agent's); below it, nothing is followed. 0 with *ret a FilesRoot, or
 * -errno. */
int files_root_open(const char *root, int flags, void **ret);
void files_root_close(void *p);
/* Each name in the directory at path beneath the root, to emit. */
int files_root_list(void *p, const char *path, void (*emit)(void *ctx, const char *name), void *ctx);
