// Syntax-tree plugins that keep model text inert: raw HTML becomes visible text (never elements),
// and invisible characters become flagged <mark> elements.
import { hasInvisible, markInvisible } from '../../lib/invisible';

interface TreeNode {
  type: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: TreeNode[];
}

/** remark plugin: `<img onerror=…>` or `<script>` in Markdown shows as the text it is. */
export function remarkHtmlAsText() {
  return (tree: TreeNode) => {
    const walk = (node: TreeNode) => {
      if (node.type === 'html') node.type = 'text';
      node.children?.forEach(walk);
    };
    walk(tree);
  };
}

/** rehype plugin: flags hidden characters in text nodes, inline code included (code blocks flag their own). */
export function rehypeFlagInvisible() {
  return (tree: TreeNode) => {
    const walk = (node: TreeNode) => {
      if (!node.children || node.tagName === 'pre') return;
      const out: TreeNode[] = [];
      for (const child of node.children) {
        if (child.type === 'text' && child.value && hasInvisible(child.value)) {
          for (const seg of markInvisible(child.value)) {
            out.push(
              seg.flagged
                ? {
                    type: 'element',
                    tagName: 'mark',
                    properties: { className: ['invisible-marker'] },
                    children: [{ type: 'text', value: seg.text }],
                  }
                : { type: 'text', value: seg.text },
            );
          }
        } else {
          walk(child);
          out.push(child);
        }
      }
      node.children = out;
    };
    walk(tree);
  };
}

/** The text inside a syntax-tree node. */
export function textOf(node: TreeNode | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

export type { TreeNode };
