// Assistant text as GitHub-flavoured Markdown, made safe: no raw HTML, only https links (opened
// outside the app by main, after a question when the link could mislead), remote images replaced
// by a placeholder so no request ever leaves.
import { memo, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CodeBlock } from '../../components/CodeBlock';
import { GuardedLink } from './GuardedLink';
import { openableHref } from '../../../shared/open-url';
import { blockedImageLabel, isInlineImage } from '../../lib/url-policy';
import { rehypeFlagInvisible, remarkHtmlAsText, textOf, type TreeNode } from './markdown-plugins';

// Our components decide what a URL may do; keep the original so a refused one is shown as written.
const keepUrl = (url: string) => url;

const components: Components = {
  a({ href, children }) {
    const safe = openableHref(href);
    if (!safe) {
      return (
        <span className="blocked-link" title="Not a link: only https links can be opened">
          {children as ReactNode}
          {href && <span className="muted"> ({href})</span>}
        </span>
      );
    }
    return <GuardedLink href={safe}>{children as ReactNode}</GuardedLink>;
  },
  img({ src, alt }) {
    const source = typeof src === 'string' ? src : '';
    if (isInlineImage(source)) return <img src={source} alt={alt ?? ''} className="md-image" />;
    return (
      <span className="blocked-image" role="img" aria-label={blockedImageLabel(source, alt)}>
        {blockedImageLabel(source, alt)}
      </span>
    );
  },
  pre({ node }) {
    const code = (node as TreeNode | undefined)?.children?.find((c) => c.tagName === 'code');
    const classes = (code?.properties?.className as string[] | undefined) ?? [];
    const language =
      classes.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
    return <CodeBlock code={textOf(code).replace(/\n$/, '')} language={language} />;
  },
};

export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown
        remarkPlugins={[remarkGfm, remarkHtmlAsText]}
        rehypePlugins={[rehypeFlagInvisible]}
        components={components}
        urlTransform={keepUrl}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
});
