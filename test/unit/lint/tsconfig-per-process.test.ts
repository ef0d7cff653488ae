// One TypeScript project per process (issue 13): the window type-checks without @types/node and
// main/core without the DOM, so a Node API in renderer/ or a DOM one in electron/ does not compile.
// Each case checks one probe file, as if it sat in that folder, with that project's real options.
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');

/** The diagnostics of `code` placed at `file`, checked with the options of `project`. */
function check(project: string, file: string, code: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    resolve(ROOT, project),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`${project} could not be read`);
  const probe = resolve(ROOT, file);
  const host = ts.createCompilerHost(parsed.options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, lang, ...rest) =>
    name === probe ? ts.createSourceFile(name, code, lang) : getSourceFile(name, lang, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === probe || fileExists(name);
  const program = ts.createProgram({
    rootNames: [probe],
    options: { ...parsed.options, incremental: false, tsBuildInfoFile: undefined },
    host,
  });
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(probe))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('one tsconfig per process', () => {
  it('the renderer project has no Node: process, Buffer and NodeJS types do not compile', () => {
    const errors = check(
      'tsconfig.renderer.json',
      'renderer/lib/__probe__.ts',
      'export const a = process.env.HOME;\nexport const b = Buffer.from("x");\nexport let t: NodeJS.Timeout | undefined;\n',
    ).join('\n');
    expect(errors).toMatch(/Cannot find name 'process'/);
    expect(errors).toMatch(/Cannot find name 'Buffer'/);
    expect(errors).toMatch(/Cannot find namespace 'NodeJS'/);
  });

  it('the renderer project has the DOM', () => {
    expect(
      check(
        'tsconfig.renderer.json',
        'renderer/lib/__probe__.ts',
        'export const t: string = document.title;\nexport const id: number = window.setTimeout(() => {}, 1);\n',
      ),
    ).toEqual([]);
  });

  it('the node project (main, core, cli) has Node and no DOM', () => {
    expect(
      check(
        'tsconfig.node.json',
        'electron/core/__probe__.ts',
        'export const d = document.title;\n',
      ).join('\n'),
    ).toMatch(/Cannot find name 'document'/);
    expect(
      check(
        'tsconfig.node.json',
        'electron/core/__probe__.ts',
        'export const b: Buffer = Buffer.from(process.cwd());\n',
      ),
    ).toEqual([]);
  });

  it('the root tsconfig lists every process project, so `tsc -b` checks them all', () => {
    const root = ts.readConfigFile(resolve(ROOT, 'tsconfig.json'), ts.sys.readFile).config as {
      references: { path: string }[];
    };
    expect(root.references.map((r) => r.path).sort()).toEqual([
      './tsconfig.node.json',
      './tsconfig.renderer.json',
      './tsconfig.test.json',
    ]);
  });
});
