// The first module of a process that runs a `node` MCP bundle with the Node inside Lena
// (core/mcp/transports/forked-node.ts). Electron's utilityProcess.fork pipes stdout and stderr but
// cannot give the child a stdin, so the app sends the server's stdin as messages:
//   { lena: 'stdin', chunk: '…' }   text for stdin (newline-delimited JSON-RPC)
//   { lena: 'stdin-end' }           stdin ends: the server is asked to leave, as when a pipe closes
// This shim turns them back into process.stdin, then runs the bundle's entry as `node ENTRY ARGS…`
// would (process.argv, require.main, ESM or CommonJS as Node decides). Inside Electron the messages
// arrive on process.parentPort; started by Node's child_process.fork (the tests) they arrive on the
// IPC channel, the same way.
// Plain CommonJS, copied beside the built main (electron.vite.config.ts): it runs before anything.
'use strict';
/* global require, process, setInterval, clearInterval */
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS on purpose: this file is run as is, never bundled */
const Module = require('node:module');
const { resolve } = require('node:path');
const { PassThrough } = require('node:stream');
const { pathToFileURL } = require('node:url');

const entry = process.argv[2];
if (!entry) {
  process.stderr.write('Lena: no bundle entry given to the node bundle shim\n');
  process.exit(2);
}

const stdin = new PassThrough();
// A getter, as Node defines process.stdin: code that reads it at any time gets the same stream.
Object.defineProperty(process, 'stdin', { configurable: true, enumerable: true, get: () => stdin });

// A pipe keeps `node` running until it closes; the messages do not (a parentPort listener need not
// hold the event loop), so this timer does until stdin ends. Then the process lives exactly as long
// as the bundle's own work, as under node.
const keepAlive = setInterval(() => undefined, 1 << 30);
const port = process.parentPort;
let ended = false;

function onMessage(message) {
  if (ended || !message || typeof message !== 'object') return;
  if (message.lena === 'stdin' && typeof message.chunk === 'string') stdin.write(message.chunk);
  else if (message.lena === 'stdin-end') end();
}
function fromPort(event) {
  onMessage(event.data);
}
function end() {
  if (ended) return;
  ended = true;
  clearInterval(keepAlive);
  stdin.end();
  if (port) port.removeListener('message', fromPort);
  else {
    process.removeListener('message', onMessage);
    if (process.channel) process.channel.unref();
  }
}

if (port) port.on('message', fromPort);
else {
  process.on('message', onMessage);
  // The parent went away: stdin is over, as when the other end of a pipe closes.
  process.once('disconnect', end);
}

const file = resolve(entry);
process.argv = [process.argv[0], file, ...process.argv.slice(3)];
if (typeof Module.runMain === 'function') {
  // Node's own way to run an entry point: require.main is the bundle's module, or the ESM loader
  // takes it (.mjs, "type": "module"), exactly as `node ENTRY` decides.
  Module.runMain(file);
} else {
  import(pathToFileURL(file).href).catch((err) => {
    process.stderr.write(`${(err && err.stack) || err}\n`);
    process.exit(1);
  });
}
