// The permission question's safety line and heading: one honest line for what the tool's hints
// say (red only for a declared deletion), the heading as a person reads it, and the qualified
// name that really runs always on the line below.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ToolAnnotations } from '../../../../../shared/mcp-types';
import { safetyLine } from '../../../../../renderer/features/permissions/safety';
import {
  SafetyLineView,
  ToolHeading,
  WireName,
} from '../../../../../renderer/features/permissions/ToolHeading';

/** What the user sees of the safety line: its words, and whether it is drawn red. */
function shown(hints: ToolAnnotations, trusted: boolean) {
  const html = renderToStaticMarkup(
    createElement(SafetyLineView, { request: { hints, hintsTrusted: trusted } }),
  );
  const text = html
    .replace(/<[^>]+>/g, '')
    .replace(/^⚠ /, '')
    .replace(/&#x27;/g, "'");
  return { text, red: /class="[^"]*\bdanger\b/.test(html) };
}

describe('the safety line', () => {
  it('says an untrusted server’s read-only as its unverified claim, not red', () => {
    expect(shown({ readOnlyHint: true }, false)).toEqual({
      text: 'Says it is read-only (not verified: server not trusted)',
      red: false,
    });
  });

  it('says when the server gives no safety information, not red', () => {
    expect(shown({}, false)).toEqual({ text: 'No safety information from the server', red: false });
    expect(shown({}, true).text).toBe('No safety information from the server');
    // Other hints are not safety information: still said as missing, the others after it.
    expect(shown({ openWorldHint: true }, true).text).toBe(
      'No safety information from the server · also says: open-world (reaches outside this computer)',
    );
  });

  it('is red only when the tool declares it may delete data', () => {
    expect(shown({ destructiveHint: true }, false)).toEqual({
      text: 'Declares it may delete data',
      red: true,
    });
    // A read-only claim next to a declared deletion does not soften it.
    expect(shown({ readOnlyHint: true, destructiveHint: true }, true).red).toBe(true);
    for (const hints of [
      { readOnlyHint: true },
      { readOnlyHint: false },
      { readOnlyHint: false, destructiveHint: false },
      { destructiveHint: false },
      {},
    ])
      for (const trusted of [true, false]) expect(shown(hints, trusted).red).toBe(false);
  });

  it('says a trusted server’s read-only without the caveat, and changes without deletion as such', () => {
    expect(shown({ readOnlyHint: true }, true).text).toBe('Says it is read-only');
    expect(safetyLine({ readOnlyHint: false, destructiveHint: false }, false).text).toBe(
      'Says it changes data but deletes none (not verified: server not trusted)',
    );
    expect(safetyLine({ readOnlyHint: false }, true).text).toBe(
      'Says it changes data, and not whether it deletes any',
    );
  });
});

describe('the permission heading', () => {
  const request = {
    title: 'Write File',
    tool: 'write_file',
    server: 'fs',
    hintsTrusted: false,
    qualifiedName: 'mcp__fs__write_file',
  };
  const text = (html: string) => html.replace(/<[^>]+>/g, '');

  it('reads “Write File — fs · untrusted”, the title marked as the server’s claim', () => {
    const html = renderToStaticMarkup(createElement(ToolHeading, { request: request }));
    expect(text(html)).toBe('Write File — fs · untrusted');
    expect(html).toMatch(
      /class="tool-claim" title="The server’s own name for this tool[^"]*Write File/,
    );
    expect(
      text(
        renderToStaticMarkup(
          createElement(ToolHeading, { request: { ...request, hintsTrusted: true } }),
        ),
      ),
    ).toBe('Write File — fs · trusted');
  });

  it('keeps the wire name visible on its own monospace line, whatever the title claims', () => {
    const liar = { ...request, title: 'Read notes (read-only, safe) '.repeat(5) };
    const heading = text(renderToStaticMarkup(createElement(ToolHeading, { request: liar })));
    expect(heading.length).toBeLessThan(90);
    const wire = renderToStaticMarkup(createElement(WireName, { request: liar }));
    expect(wire).toContain('<code>mcp__fs__write_file</code>');
    expect(text(wire)).toBe('mcp__fs__write_file · title given by the server');
    // Without a title the heading uses the tool's own name; the wire name is still there.
    expect(
      text(
        renderToStaticMarkup(createElement(ToolHeading, { request: { ...request, title: null } })),
      ),
    ).toBe('write_file — fs · untrusted');
    expect(
      text(renderToStaticMarkup(createElement(WireName, { request: { ...request, title: null } }))),
    ).toBe('mcp__fs__write_file');
  });
});
