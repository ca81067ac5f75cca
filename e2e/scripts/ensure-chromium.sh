#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (no browser download at install time).
# Install it, and CJK fonts for the zh-Hans screens, when this machine lacks them.
set -euo pipefail
missing=()
[[ -x /usr/bin/chromium ]] || missing+=(chromium)
fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || missing+=(fonts-noto-cjk)
((${#missing[@]})) || exit 0
if [[ $(id -u) -ne 0 ]]; then
  echo "The browser tests need: ${missing[*]} (sudo apt-get install ${missing[*]})" >&2
  exit 1
fi
echo "Installing ${missing[*]} from Debian's packages..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
