# SPDX-License-Identifier: MIT
# lib-debootstrap.sh -- sourced by .ci/ scripts: a minimal Debian 12 root.
#
#   ag_root_new DIR   makes DIR a fresh `debootstrap --variant=minbase bookworm'
#                     root, ready to chroot into (/proc, /dev, /dev/pts,
#                     /dev/shm and /sys bound, resolv.conf copied).  The first call of a CI run
#                     debootstraps from the Debian mirror that apt is set up to
#                     use here and keeps a tarball of the clean root in
#                     $AG_ROOT_CACHE (default _ci-cache/, git-ignored); later
#                     calls of the same run unpack that tarball, so every user
#                     gets an untouched root and the mirror is asked only once.
#   ag_root_run DIR CMD...   runs CMD as root inside DIR (a login-like
#                     environment: HOME=/root, PATH, LANG=C.UTF-8, no CI vars
#                     but CI=true).
#   ag_root_free DIR  unbinds and removes DIR.
# Needs root and debootstrap (apt-get installs it when missing).

: "${AG_ROOT_CACHE:=$(pwd)/_ci-cache}"

ag_root_mirror() {
  # The first Debian mirror of apt's own configuration (deb822 or one-line).
  local m
  m=$(grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' |
        grep -v security | head -n 1)
  test -n "$m" || m=$(grep -hs '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list |
        awk '{print $2}' | grep -i debian | grep -v security | head -n 1)
  echo "${m:-http://deb.debian.org/debian}"
}

ag_root_new() {
  local dir=$1 tar=$AG_ROOT_CACHE/bookworm-minbase.tar
  command -v debootstrap >/dev/null 2>&1 ||
    apt-get install -y -q -o DPkg::Lock::Timeout=600 --no-install-recommends debootstrap \
      >/dev/null || return 1
  ag_root_free "$dir"
  mkdir -p "$dir" "$AG_ROOT_CACHE" || return 1
  if ! test -s "$tar"; then
    local mirror; mirror=$(ag_root_mirror)
    echo "lib-debootstrap: debootstrap --variant=minbase bookworm from $mirror"
    debootstrap --variant=minbase bookworm "$dir" "$mirror" > "$AG_ROOT_CACHE/debootstrap.log" 2>&1 ||
      { tail -n 20 "$AG_ROOT_CACHE/debootstrap.log"; return 1; }
    # The same mirror (and its stable updates) inside the root.
    printf 'deb %s bookworm main\ndeb %s bookworm-updates main\n' "$mirror" "$mirror" \
      > "$dir/etc/apt/sources.list"
    tar -C "$dir" -cf "$tar.tmp" . && mv "$tar.tmp" "$tar" || return 1
  else
    tar -C "$dir" -xf "$tar" || return 1
  fi
  cp /etc/resolv.conf "$dir/etc/resolv.conf" 2>/dev/null || true
  # /dev/pts and /dev/shm are mounts of their own: without them a pseudo-
  # terminal (Python's pty, tests/check-play.py) or a POSIX semaphore
  # (multiprocessing) cannot be had inside the root.
  mount --bind /proc "$dir/proc" && mount --bind /dev "$dir/dev" &&
    mount --bind /dev/pts "$dir/dev/pts" && mount --bind /dev/shm "$dir/dev/shm" &&
    mount --bind /sys "$dir/sys" || return 1
}

ag_root_run() {
  local dir=$1; shift
  chroot "$dir" /usr/bin/env -i HOME=/root LANG=C.UTF-8 CI=true \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"
}

ag_root_free() {
  local dir=$1 m
  test -d "$dir" || return 0
  for m in sys dev/shm dev/pts dev proc; do
    mountpoint -q "$dir/$m" 2>/dev/null && umount -l "$dir/$m"
  done
  rm -rf --one-file-system "$dir"
}
