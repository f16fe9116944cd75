import { cn } from '@/lib/class-names';

/**
 * Article HTML from core's renderArticle (markdown-it with raw HTML off): the one place it is set,
 * used by the public page and the editor's preview alike, so nothing in an article can run.
 */
export function ArticleHtml({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: safe by construction, see above
  return <div className={cn('article-body', className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
