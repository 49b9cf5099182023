#!/bin/sh
# npm run test:alerts (part of npm test): the alert rules are valid, and their unit tests pass (promtool, from Debian's
# prometheus package). Without promtool it fails and says how to install it: the alerts are never skipped silently.
set -eu
cd "$(dirname "$0")"
if ! command -v promtool >/dev/null 2>&1; then
  echo "test:alerts: promtool is missing, so the alert rules cannot be checked." >&2
  echo "Install it from Debian's prometheus package: sudo apt-get install -y --no-install-recommends prometheus" >&2
  exit 1
fi
promtool check rules alerts.yml
promtool test rules alerts.test.yml
