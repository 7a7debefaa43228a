#!/usr/bin/env bash
# What the browser and QR tests need from the system: Chromium and libzbar. Installed here when
# this is root with apt-get; otherwise one line says what is missing, and those tests skip
# (in CI they fail: see tests/conftest.py and tests/test_pictures.py).
missing=()
command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 \
    || command -v google-chrome >/dev/null 2>&1 || missing+=(chromium)
{ ldconfig -p 2>/dev/null || /sbin/ldconfig -p 2>/dev/null; } | grep -q 'libzbar\.so\.0' \
    || missing+=(libzbar0)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing ${missing[*]} for the browser and QR tests (apt-get)."
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq && apt-get install -y -qq "${missing[@]}"; } >/dev/null 2>&1 && exit 0
    echo "Could not install ${missing[*]} (offline?): the tests that need them are skipped."
    exit 0
fi
echo "Missing ${missing[*]} (apt-get install ${missing[*]} as root): the tests that need them are skipped."
