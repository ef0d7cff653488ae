// `lena secrets set NAME` / `list` / `remove NAME`: the values behind `${secret:NAME}` for the
// command line, in the CLI's store (the OS keychain, else an owner-only file). A value is read
// from the terminal without echo, or from stdin when it is piped; it is never printed.
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { registerCommand } from './commands';
import { UsageError } from './errors';
import { CliSecretProvider, SECRET_NAME, WINDOW_SECRETS_NOTE } from './user-secrets';

async function readValue(name: string): Promise<string> {
  if (process.stdin.isTTY) {
    process.stderr.write(`Value of ${name} (not shown): `);
    const muted = new Writable({ write: (_c, _e, done) => done() });
    const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
    const value = await rl.question('');
    rl.close();
    process.stderr.write('\n');
    return value;
  }
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.replace(/\r?\n$/, '');
}

function checkName(name: string): void {
  if (!SECRET_NAME.test(name))
    throw new UsageError(
      `"${name}" is not a secret name: use letters, digits, _ . - (starting with a letter or _), as in \${secret:${name.replace(/[^A-Za-z0-9_.-]/g, '_')}}`,
    );
}

registerCommand({
  path: ['secrets', 'set'],
  summary: 'store the value behind ${secret:NAME} for lena',
  usage: ['secrets set NAME   (the value is asked without echo, or read from stdin)'],
  description: `Stores the value in the system keychain (else an owner-only file in Lena's home). Entries\nreference it as \${secret:NAME}; when a server starts, NAME is looked up here, then in the\nenvironment variable NAME. ${WINDOW_SECRETS_NOTE}.`,
  examples: ['lena secrets set GITHUB_TOKEN', 'gh auth token | lena secrets set GITHUB_TOKEN'],
  flags: [],
  positionals: [{ name: 'NAME' }],
  async run(ctx, args) {
    const [name] = args.positionals;
    checkName(name);
    const value = await readValue(name);
    if (value === '') throw new UsageError(`no value was given for ${name}; nothing was stored`);
    const store = await CliSecretProvider.open(ctx.paths);
    if (store.warning) ctx.out.warn(`lena: ${store.warning}`);
    await store.set(name, value);
    if (ctx.out.json) ctx.out.result({ set: name, store: store.where });
    else
      ctx.out.info(`Stored ${name} in ${store.description}. Reference it as \${secret:${name}}.`);
    return 0;
  },
});

registerCommand({
  path: ['secrets', 'list'],
  summary: 'list the names of the secrets lena keeps (never their values)',
  usage: ['secrets list [--json]'],
  examples: ['lena secrets list'],
  flags: [],
  positionals: [],
  async run(ctx) {
    const store = await CliSecretProvider.open(ctx.paths);
    const names = await store.names();
    if (ctx.out.json) {
      ctx.out.result({ secrets: names, store: store.where, note: WINDOW_SECRETS_NOTE });
      return 0;
    }
    ctx.out.info(
      names.length
        ? `Secrets in ${store.description}:\n${names.map((n) => `  ${n}`).join('\n')}`
        : `No secrets are stored for lena (${store.description}).`,
    );
    ctx.out.info(`${WINDOW_SECRETS_NOTE}.`);
    return 0;
  },
});

registerCommand({
  path: ['secrets', 'remove'],
  summary: 'remove a secret from the store lena keeps',
  usage: ['secrets remove NAME'],
  examples: ['lena secrets remove GITHUB_TOKEN'],
  flags: [],
  positionals: [{ name: 'NAME' }],
  async run(ctx, args) {
    const [name] = args.positionals;
    const store = await CliSecretProvider.open(ctx.paths);
    if (!(await store.names()).includes(name))
      throw new UsageError(
        `no secret named ${name} is stored for lena (see lena secrets list)`,
        'not-found',
      );
    await store.delete(name);
    if (ctx.out.json) ctx.out.result({ removed: name });
    else ctx.out.info(`Removed ${name}.`);
    return 0;
  },
});
