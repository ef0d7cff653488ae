// The sandbox launcher: a small Node program that leads the server's process group in place of the
// server. `@anthropic-ai/sandbox-runtime` keeps one configuration (and one filtering proxy) per
// process, so each sandboxed server gets a launcher of its own: servers with different policies
// start side by side. The launcher initialises the library with the server's policy, wraps the
// entry's argv (each argument quoted by the library's own quoting, so `;`, `$(…)` and quotes reach
// the server literally; no host shell is involved) and runs it with stdin and stdout inherited, so
// the MCP pipes are the server's own. Its notices (warnings, refused connections) go to stderr as
// `lena-sandbox: {json}` lines, where the stdio transport's stderr drain keeps them in the server's
// log; `notices.ts` reads them back.
//
// Kept as source text run with `node -e`, like the schema worker: it works the same from the
// sources, the bundled command line and the packaged app, with no file to locate.
export const LAUNCHER_SOURCE = String.raw`
const { spawn } = await import('node:child_process');
const { pathToFileURL } = await import('node:url');
const [libPath, quotePath, configJson, ...argv] = process.argv.slice(1);
const notice = (value) => process.stderr.write('lena-sandbox: ' + JSON.stringify(value) + '\n');
let child;
let cleaned = false;
let SandboxManager;
const cleanup = () => {
  if (cleaned || !SandboxManager) return;
  cleaned = true;
  try { SandboxManager.cleanupAfterCommand(); } catch {}
};
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => {
    if (child) child.kill(signal);
    else process.exit(143);
  });
}
try {
  ({ SandboxManager } = await import(pathToFileURL(libPath).href));
  const { quote } = await import(pathToFileURL(quotePath).href);
  const config = JSON.parse(configJson);
  const check = SandboxManager.checkDependencies();
  if (check.errors.length > 0) {
    notice({ kind: 'unavailable', errors: check.errors });
    process.exit(78);
  }
  await SandboxManager.initialize(config);
  for (const warning of [...check.warnings, ...SandboxManager.getLinuxGlobPatternWarnings()])
    notice({ kind: 'warning', text: warning });
  let seen = SandboxManager.getSandboxViolationStore().getTotalCount();
  SandboxManager.getSandboxViolationStore().subscribe((violations) => {
    const total = SandboxManager.getSandboxViolationStore().getTotalCount();
    const fresh = violations.slice(Math.max(0, violations.length - (total - seen)));
    seen = total;
    for (const v of fresh) notice({ kind: 'violation', line: v.line });
  });
  const wrapped = await SandboxManager.wrapWithSandboxArgv(quote(argv));
  child = spawn(wrapped.argv[0], wrapped.argv.slice(1), { stdio: 'inherit', env: wrapped.env });
  child.on('error', (e) => {
    notice({ kind: 'failed', text: e.message });
    cleanup();
    process.exit(78);
  });
  child.on('exit', (code, signal) => {
    cleanup();
    process.exit(code ?? (signal ? 128 + 15 : 1));
  });
} catch (e) {
  notice({ kind: 'failed', text: e instanceof Error ? e.message : String(e) });
  cleanup();
  process.exit(78);
}
`;
