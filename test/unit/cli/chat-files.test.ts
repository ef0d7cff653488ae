// `lena chat -p … --file PATH` as a user runs it (the built command line, a temporary home, the
// stand-in Messages API): images, PDFs and code files go out as the window sends them, their cost
// said before the turn; a file that cannot go is named with what to do, and nothing is sent.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes } from '../../fixtures/images';
import {
  reply,
  startMessagesApiServer,
  text,
  type MessagesApiServer,
} from '../../fixtures/messages-api';
import { makePdf } from '../../fixtures/pdf';

const ROOT = resolve(__dirname, '../../..');
const CLI = join(ROOT, 'out/cli/lena.js');
let home: string;
let files: string;
let api: MessagesApiServer;
type Block = { type: string; [k: string]: unknown };

function lena(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: files,
      env: {
        PATH: process.env.PATH!,
        HOME: home,
        LENA_HOME: home,
        ANTHROPIC_API_KEY: 'sk-ant-cli-files',
        ANTHROPIC_BASE_URL: api.url,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

beforeAll(async () => {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-cli.mjs')], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(built.stderr);
  home = mkdtempSync(join(tmpdir(), 'lena-chat-files-'));
  files = join(home, 'work');
  mkdirSync(join(files, 'src'), { recursive: true });
  writeFileSync(join(files, 'chart.png'), pngBytes(400, 300));
  writeFileSync(join(files, 'report.pdf'), makePdf(3, { objectStream: true }));
  writeFileSync(join(files, 'long.pdf'), makePdf(101));
  writeFileSync(join(files, 'add.ts'), 'export const add = (a: number, b: number) => a + b;\n');
  writeFileSync(join(files, 'blob.dat'), Buffer.from([0, 1, 2, 0xff, 0xfe, 0]));
  writeFileSync(join(files, 'fake.pdf'), '<html>not a pdf</html>');
  api = await startMessagesApiServer();
});
afterAll(async () => {
  await api.close();
  rmSync(home, { recursive: true, force: true });
});

describe('lena chat --file', () => {
  it('sends an image, a cited PDF and a named code file, and says what they cost first', async () => {
    api.push(reply(text('Three files.')));
    const r = await lena([
      'chat',
      '-p',
      'What are these?',
      '--file',
      'chart.png',
      '--file',
      'report.pdf',
      '--file',
      'add.ts',
    ]);
    expect(r.stderr).toContain(
      'lena: attached chart.png (400×300, ≈160 tokens), report.pdf (3 pages, ≈6,900 tokens), add.ts (52 characters, ≈15 tokens) — ≈7,075 tokens in all',
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Three files.\n');
    const body = api.messageRequests().at(-1)!.body as unknown as {
      messages: { content: Block[] }[];
    };
    const blocks = body.messages.at(-1)!.content;
    expect(blocks.map((b) => b.type)).toEqual(['image', 'document', 'document', 'text']);
    expect(blocks[0].source).toMatchObject({ type: 'base64', media_type: 'image/png' });
    expect(blocks[1]).toMatchObject({
      source: { type: 'base64', media_type: 'application/pdf' },
      title: 'report.pdf',
      citations: { enabled: true },
    });
    expect(blocks[2]).toMatchObject({ source: { type: 'text' }, title: 'add.ts' });
  });

  it('lists the files and their costs in --json', async () => {
    api.push(reply(text('A report.')));
    const r = await lena(['chat', '-p', 'Summarise', '--file', 'report.pdf', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).attachments).toEqual([
      { name: 'report.pdf', kind: 'pdf', pages: 3, tokens: 6900 },
    ]);
  });

  it('names a file that cannot go and says what to do, sending nothing', async () => {
    const before = api.messageRequests().length;
    const cases: Array<[string, RegExp]> = [
      ['missing.pdf', /“missing\.pdf” does not exist: check the path/],
      ['src', /“src” is a folder; attach the files inside it one by one/],
      [
        'fake.pdf',
        /“fake\.pdf” cannot be sent: its bytes are not a PDF.*save or export it as a PDF again/,
      ],
      [
        'long.pdf',
        /“long\.pdf” has 101 pages; the API reads at most 100 PDF pages a request\. Split it/,
      ],
      [
        'blob.dat',
        /“blob\.dat” is of type \.dat; Claude reads images, PDFs, and code or text files/,
      ],
    ];
    for (const [path, message] of cases) {
      const r = await lena(['chat', '-p', 'hi', '--file', 'add.ts', '--file', path]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    expect(api.messageRequests().length).toBe(before);
  });
});
