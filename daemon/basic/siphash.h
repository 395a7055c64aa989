/* SPDX-License-Identifier: MIT */
#pragma once

#include <stddef.h>
#include <stdint.h>

/*
 * SipHash-2-4 (Aumasson and Bernstein), a keyed hash: without the 16-byte
 * key, names cannot be chosen to collide. The maps whose keys the agent
 * picks hash with it (hashmap.c). Nettle has it from 3.9; Debian 12's is
 * 3.8, so it is here, as systemd keeps its own.
 */

uint64_t siphash24(const void *data, size_t n, const uint8_t key[16]);
