// A unified line diff for the re-approval of a changed SKILL.md: the user sees what changed
// before the new text reaches the model.

const MAX_CELLS = 4_000_000;

/** `-`/`+`/` ` prefixed lines from `before` to `after` (common lines kept only near a change). */
export function lineDiff(before: string, after: string, context = 2): string[] {
  const a = before.replace(/\r\n?/g, '\n').split('\n');
  const b = after.replace(/\r\n?/g, '\n').split('\n');
  const ops: string[] = [];
  if (a.length * b.length > MAX_CELLS) {
    for (const line of a) ops.push(`-${line}`);
    for (const line of b) ops.push(`+${line}`);
  } else {
    // Longest common subsequence, walked from the start.
    const n = a.length;
    const m = b.length;
    const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--)
      for (let j = m - 1; j >= 0; j--)
        lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[i] === b[j]) {
        ops.push(` ${a[i]}`);
        i++;
        j++;
      } else if (i < n && (j >= m || lcs[i + 1][j] >= lcs[i][j + 1])) ops.push(`-${a[i++]}`);
      else ops.push(`+${b[j++]}`);
    }
  }
  const keep = ops.map(() => false);
  ops.forEach((op, k) => {
    if (op[0] === ' ') return;
    for (let d = Math.max(0, k - context); d <= Math.min(ops.length - 1, k + context); d++)
      keep[d] = true;
  });
  const out: string[] = [];
  ops.forEach((op, k) => {
    if (keep[k]) out.push(op);
    else if (k > 0 && keep[k - 1]) out.push('…');
  });
  return out;
}
