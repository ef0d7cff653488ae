// Core's folders in layers, as VS Code's layering rule keeps its own: a folder imports only
// folders below it, never above and never a sibling (issue 13, README "How the parts fit"):
//   base (with home.ts, version.ts, security/) ← store, mcp ← permissions, install, skills ← chat ← host ← desktop, cli
// shared/ runs in the window too, so it imports no Node modules. Relative imports are resolved
// against the importing file, so a file named like a folder (mcp/auth/store.ts) is not mistaken.
import { builtinModules } from 'node:module';
import { dirname, relative, resolve, sep } from 'node:path';

const NODE = new Set(builtinModules);

/** `electron/core/<folder>/…` → folder; core's root files count as base; `electron/cli/…` → cli. */
function layerOf(root, file) {
  const parts = relative(root, file).split(sep);
  if (parts[0] === 'shared') return 'shared';
  if (parts[0] !== 'electron') return null;
  if (parts[1] === 'cli') return 'cli';
  if (parts[1] !== 'core') return null;
  if (parts.length === 3) return 'base'; // home.ts, version.ts (or the folder itself)
  return parts[2];
}

export const layersRule = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          levels: { type: 'object', additionalProperties: { type: 'number' } },
          allow: {
            type: 'array',
            items: {
              type: 'object',
              properties: { from: { type: 'string' }, to: { type: 'string' } },
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      upward:
        "{{from}} may not import {{to}} ({{target}}): {{to}} sits above {{from}} in core's layers (base ← store, mcp ← permissions ← chat ← host ← desktop, cli). Move the shared part down, or the adapter into host.",
      sibling:
        "{{from}} may not import its sibling {{to}} ({{target}}): siblings in core's layers stay independent. Move the shared part into base, or the adapter into host.",
      node: 'shared/ runs in the window too: no Node modules ({{target}}).',
      upwardFromShared:
        'shared/ holds types and rules both sides import; it may not import electron/ or renderer/ ({{target}}). Move what it needs into shared/.',
    },
  },
  create(context) {
    const { levels = {}, allow = [] } = context.options[0] ?? {};
    const root = context.cwd;
    const file = context.filename;
    const from = layerOf(root, file);
    if (from === null) return {};
    const fromFile = relative(root, file).split(sep).join('/');
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      if (from === 'shared') {
        if (source.startsWith('node:') || NODE.has(source.split('/')[0]))
          context.report({ node, messageId: 'node', data: { target: source } });
        else if (source.startsWith('.')) {
          // shared/ is the bottom of both sides: it never reaches up into electron/ or renderer/.
          const top = relative(root, resolve(dirname(file), source)).split(sep)[0];
          if (top === 'electron' || top === 'renderer')
            context.report({ node, messageId: 'upwardFromShared', data: { target: source } });
        }
        return;
      }
      if (!source.startsWith('.')) return;
      const target = resolve(dirname(file), source);
      const to = layerOf(root, target);
      if (to === null || to === from || to === 'shared' || !(from in levels) || !(to in levels))
        return;
      const targetFile = relative(root, target).split(sep).join('/');
      if (allow.some((a) => a.from === fromFile && targetFile === a.to)) return;
      if (levels[to] > levels[from])
        context.report({ node, messageId: 'upward', data: { from, to, target: source } });
      else if (levels[to] === levels[from])
        context.report({ node, messageId: 'sibling', data: { from, to, target: source } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { layers: layersRule } };
