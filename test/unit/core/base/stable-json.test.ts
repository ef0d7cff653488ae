// One canonical JSON serves every stored hash (issue 13): trust identities, approvals' entry
// hashes and pinned tool definitions. These values were computed by the two hashers this one
// replaced (mcp/config/identity's canonicalJson and permissions/stable-json), which agreed on each;
// a change to the serialisation would orphan every record on disk, so they are pinned here.
import { describe, expect, it } from 'vitest';
import { stableHash, stableStringify } from '../../../../electron/core/base/stable-json';
import {
  entryHash,
  launchIdentity,
  legacyLaunchIdentity,
} from '../../../../electron/core/mcp/config/identity';
import type { ServerEntry } from '../../../../shared/server-config';

const entry = {
  command: 'npx',
  args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp/é'],
  env: { TOKEN: '${secret:gh}', Z: 'z', A: 'a' },
  cwd: undefined,
  headers: undefined,
  timeout: 30,
} as ServerEntry;
const remote = {
  type: 'http',
  url: 'https://mcp.example.com/mcp?x=1',
  headers: { Authorization: 'Bearer ${TOKEN}' },
  oauth: { grant: 'client_credentials', clientId: 'c' },
} as ServerEntry;
const tool = {
  name: 'read_file',
  description: 'Reads ✓ "quoted"',
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string' }, n: { type: 'number', default: 1.5 } },
    required: ['path'],
  },
  annotations: { readOnlyHint: true },
  list: [1, null, undefined, { b: 2, a: 1 }],
};

describe('the one stable JSON', () => {
  it('gives the identities and hashes stored by earlier versions, byte for byte', () => {
    expect(launchIdentity(entry)).toBe(
      'id2:f091eb23a4419fc68abb0b491986f72b257dd9dc1dc3782aeeaaa15661327126',
    );
    expect(launchIdentity(entry, { scope: 'project', file: '/p/.mcp.json' })).toBe(
      'id2:a9029cae9862f595b3093c6e19a6e322e5af50fe636d2328d6e72b91dd9aca32',
    );
    expect(legacyLaunchIdentity(entry)).toBe(
      '4dd3b743ef158d18d6709ae060bb62f439478f881f2e4b0cd53aedb4c06ce43c',
    );
    expect(entryHash(remote)).toBe(
      '990319a48b8be6d7c48d83ba014a409d22b04f9e2965e3611467716bed70a1cf',
    );
    expect(stableHash(tool)).toBe(
      'sha256:e92911d72b6c087233b8e155cc428f42f985f12ebe93bc95254aca360f35a60f',
    );
  });

  it('sorts keys at every depth, drops undefined members and writes undefined array items as null', () => {
    expect(stableStringify({ b: 1, a: { d: undefined, c: [undefined, { f: 1, e: 0 }] } })).toBe(
      '{"a":{"c":[null,{"e":0,"f":1}]},"b":1}',
    );
    expect(stableStringify(undefined)).toBe('null');
  });
});
