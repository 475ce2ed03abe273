#!/usr/bin/env bash
# Install everything a fresh machine of this project's kind (Debian 12, Python 3.11, Node 20, root)
# needs to build hzmj and run every test. Idempotent: a second run changes nothing and needs no network.
#
#   bash scripts/setup.sh
#
# 1. Python dev tools from requirements-dev.txt (pip, skipped when every pin is already installed)
# 2. Debian's chromium + fonts-noto-cjk (apt, only if missing)
# 3. Pyodide (npm pack) and micropip into .cache/   (python build.py fetch)
# 4. pytest + hypothesis wheels for Python 3.14 into .cache/py314-test-wheels/ (for the Pyodide run)
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
say() { printf '[setup] %s\n' "$*"; }

# --- 1. Python tools ------------------------------------------------------------------------------
if "$PY" - requirements-dev.txt <<'EOF'
import sys
from importlib.metadata import PackageNotFoundError, version
missing = []
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.split("#", 1)[0].strip()
    if not line:
        continue
    name, _, want = line.partition("==")
    try:
        if want and version(name) != want:
            missing.append(line)
    except PackageNotFoundError:
        missing.append(line)
if missing:
    print("[setup] to install:", " ".join(missing))
sys.exit(1 if missing else 0)
EOF
then
  say "Python tools: all pins of requirements-dev.txt installed"
else
  "$PY" -m pip install --quiet --disable-pip-version-check --root-user-action=ignore -r requirements-dev.txt
fi

# --- 2. Chromium + CJK fonts (Debian) -------------------------------------------------------------
apt_missing=()
[ -x /usr/bin/chromium ] || apt_missing+=(chromium)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || apt_missing+=(fonts-noto-cjk)
if [ ${#apt_missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    say "missing Debian packages: ${apt_missing[*]} (run as root, or: sudo apt-get install -y ${apt_missing[*]})"
    exit 1
  fi
  say "apt-get install ${apt_missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${apt_missing[@]}" >/dev/null
else
  say "chromium and fonts-noto-cjk present"
fi

# --- 3. Node + Pyodide + micropip -------------------------------------------------------------------
command -v node >/dev/null || { say "node is missing (Node 20 is part of this machine kind)"; exit 1; }
command -v npm >/dev/null || { say "npm is missing (needed once to fetch Pyodide)"; exit 1; }
"$PY" build.py fetch >/dev/null
say "Pyodide runtime in .cache/"

# --- 4. Wheels for running the engine tests inside Pyodide --------------------------------------------
WHEELS=.cache/py314-test-wheels
mkdir -p "$WHEELS"
need_download=0
while read -r req; do
  req=${req%%#*}; req=$(echo "$req" | tr -d '[:space:]')
  [ -z "$req" ] && continue
  name=${req%%==*}; ver=${req#*==}
  norm=$(echo "$name" | tr '-' '_')
  compgen -G "$WHEELS/${norm}-${ver}-*.whl" >/dev/null || need_download=1
done < scripts/pyodide-test-wheels.txt
if [ $need_download -eq 1 ]; then
  say "pip download the Pyodide test wheels (py3.14)"
  "$PY" -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
    --python-version 3.14 --platform any --implementation py -d "$WHEELS" -r scripts/pyodide-test-wheels.txt
else
  say "Pyodide test wheels present"
fi
say "done"
