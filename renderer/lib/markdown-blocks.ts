// Splits Markdown that is still streaming into top-level blocks at blank lines outside code
// fences, so finished blocks keep their rendering and only the growing last block is parsed again
// on each frame. The whole text is rendered as one document once the message is complete.

/** Blocks whose concatenation (joined by "\n\n") is the text; never splits inside a ``` or ~~~ fence. */
export function splitMarkdownBlocks(text: string): string[] {
  const lines = text.split('\n');
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  for (const line of lines) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker) {
      if (fence === null) fence = marker[0];
      else if (marker[0] === fence) fence = null;
    }
    if (
      fence === null &&
      line.trim() === '' &&
      current.length > 0 &&
      current[current.length - 1].trim() !== ''
    ) {
      blocks.push(current.join('\n'));
      current = [];
      continue;
    }
    if (fence === null && line.trim() === '' && current.length === 0) continue;
    current.push(line);
  }
  if (current.length > 0 || blocks.length === 0) blocks.push(current.join('\n'));
  return blocks;
}
