// A Lena home for the command line whose one server, `box`, lists the tools a file decides
// (test/fixtures/permissions/listed-tools-server.mjs), with the stand-in Messages API: for the
// tests of tools that appear or change after the baseline.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startMessagesApiServer,
  type MessagesApiServer,
  type RecordedRequest,
} from '../../fixtures/messages-api';
import { buildCli, ROOT, runLena } from './run-cli';

const SERVER = join(ROOT, 'test/fixtures/permissions/listed-tools-server.mjs');

export interface ListedToolsHome {
  home: string;
  api: MessagesApiServer;
  /** Writes the tools the server lists from its next start. */
  listTools(tools: { name: string; description: string }[]): void;
  lena(args: string[]): ReturnType<typeof runLena>;
  close(): Promise<void>;
}

/** The names of the tools a recorded request offered Claude. */
export const toolNames = (req: RecordedRequest | undefined): string[] =>
  ((req?.body.tools ?? []) as { name: string }[]).map((t) => t.name);

export async function listedToolsHome(prefix: string): Promise<ListedToolsHome> {
  buildCli();
  const home = mkdtempSync(join(tmpdir(), prefix));
  const toolsFile = join(home, 'tools.json');
  writeFileSync(
    join(home, 'mcp.json'),
    JSON.stringify({
      mcpServers: { box: { command: process.execPath, args: [SERVER, toolsFile] } },
    }),
  );
  const api = await startMessagesApiServer();
  return {
    home,
    api,
    listTools: (tools) =>
      writeFileSync(
        toolsFile,
        JSON.stringify(
          tools.map((t) => ({ ...t, inputSchema: { type: 'object', properties: {} } })),
        ),
      ),
    lena: (args) => runLena(home, api.url, args),
    close: async () => {
      await api.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
