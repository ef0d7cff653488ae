import { describe, expect, it } from 'vitest';
import { entryFromForm, formFromEntry } from '../../../../renderer/lib/entry-form';

describe('the server form’s sign-in fields', () => {
  it('round-trip an entry’s oauth, keeping keys the form does not show', () => {
    const entry = { url: 'https://d.example/mcp', oauth: { clientId: 'lena', clientSecret: '${secret:D}', scopes: ['a', 'b'], callbackPort: 33418, clientMetadataUrl: 'https://lena.example/cimd.json' } };
    const form = formFromEntry(entry);
    expect(form.oauth).toEqual({ clientId: 'lena', clientSecret: '${secret:D}', scopes: 'a b', callbackPort: '33418' });
    expect(entryFromForm(form, entry)).toEqual(entry);
  });

  it('writes only what was filled in, and no oauth at all when nothing was', () => {
    const form = formFromEntry({ url: 'https://d.example/mcp' });
    expect(entryFromForm(form, { url: 'https://d.example/mcp' })).toEqual({ url: 'https://d.example/mcp' });
    expect(entryFromForm({ ...form, oauth: { ...form.oauth, scopes: 'read, write', callbackPort: '40000' } }, {})).toEqual({ url: 'https://d.example/mcp', oauth: { scopes: ['read', 'write'], callbackPort: 40000 } });
    // A local server has no sign-in: switching to stdio drops it.
    expect(entryFromForm({ ...formFromEntry({ url: 'https://d/mcp', oauth: { clientId: 'x' } }), transport: 'stdio', command: 'npx' }, { url: 'https://d/mcp', oauth: { clientId: 'x' } })).toEqual({ command: 'npx' });
  });
});
