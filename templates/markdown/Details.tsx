import type { ReactNode } from 'react';

/** A collapsible block, as `:::details Summary` makes it (VitePress's and Docusaurus's `<Details>`). */
export function Details({
  summary,
  open,
  children,
}: {
  summary?: ReactNode;
  open?: boolean;
  children?: ReactNode;
}) {
  return (
    <details className="details" open={open || undefined}>
      <summary>{summary ?? 'Details'}</summary>
      {children}
    </details>
  );
}
