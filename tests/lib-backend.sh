# Sourced by the watcher's root tests, in their own mount namespace, after
# $pp is set: with PP_WATCH_BACKEND=fanotify (suite root-fanotify), skip
# (77, saying why) where the kernel cannot serve fanotify, as watch-ready's
# pick under --backend auto says; the inotify run tests the rest.
backend_served() {
  [ "${PP_WATCH_BACKEND:-inotify}" = fanotify ] || return 0
  local d p i why nap
  d=$(mktemp -d /tmp/pathpolicy-probe-XXXXXX) || return 0
  mount -t tmpfs -o size=1m tmpfs "$d"
  mkfifo "$d.nap" && exec {nap}<>"$d.nap" # 50 ms naps: a read no one answers
  "$1" watch "$d" --log-format json 2>"$d.log" &
  p=$!
  # until it is ready or gone (a condition, polled)
  for ((i = 0; i < 200; i++)); do
    grep -qF '"event":"watch-ready"' "$d.log" && break
    kill -0 "$p" 2>/dev/null || break
    read -r -t 0.05 -u "$nap" _
  done
  kill "$p" 2>/dev/null; wait "$p" 2>/dev/null
  exec {nap}>&-
  umount "$d"; rmdir "$d"; rm -f "$d.nap"
  why=$(grep -o '"backend_why":"[^"]*"' "$d.log")
  if ! grep -qF '"backend":"fanotify"' "$d.log"; then
    rm -f "$d.log"
    echo "SKIP: fanotify cannot serve here (${why:-the daemon did not get ready})"
    exit 77
  fi
  rm -f "$d.log"
}
