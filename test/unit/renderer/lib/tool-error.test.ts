// An error tool card says the tool's error once: in its error line, left out of the result below
// when the result only repeats it, or said by the result alone when the line holds only its start.
import { describe, expect, it } from 'vitest';
import { toolErrorWords } from '../../../../renderer/lib/tool-error';

const result = (...texts: string[]) => ({
  isError: true,
  content: texts.map((text) => ({ type: 'text', text })),
});

describe('the error line of a tool card', () => {
  it('says a tool’s short error in the line and leaves it out of the result', () => {
    const words = toolErrorWords({
      errorSource: 'tool',
      errorMessage: 'Access denied - path outside allowed directories',
      result: result('Access denied - path outside allowed directories'),
    });
    expect(words).toEqual({
      line: 'The tool reported an error: Access denied - path outside allowed directories',
      omitFromResult: 'Access denied - path outside allowed directories',
    });
  });

  it('points to the result when the line would hold only the start of a long error', () => {
    const long = `Stack: ${'x'.repeat(900)}`;
    const words = toolErrorWords({
      errorSource: 'tool',
      errorMessage: long.slice(0, 500),
      result: result(long),
    });
    expect(words).toEqual({
      line: 'The tool reported an error; what it said is in the result below.',
      omitFromResult: null,
    });
  });

  it('keeps a server failure’s words (there is no result to repeat them)', () => {
    expect(
      toolErrorWords({
        errorSource: 'server',
        errorMessage: 'The fs server failed; what it said follows. boom',
        result: null,
      }),
    ).toEqual({
      line: 'The server failed: The fs server failed; what it said follows. boom',
      omitFromResult: null,
    });
    expect(toolErrorWords({ errorSource: 'tool', errorMessage: null, result: null }).line).toBe(
      'The tool reported an error.',
    );
  });
});
