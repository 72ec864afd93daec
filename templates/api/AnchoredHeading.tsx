import type { ReactNode } from 'react';

/**
 * An h2/h3 with the same anchor markup the markdown pipeline gives docs headings (B51):
 * class `anchor`, and a trailing `hash-link` holding U+200B labelled "Direct link to …".
 */
export function AnchoredHeading({
  level,
  id,
  label,
  children,
  className,
}: {
  level: 2 | 3;
  id: string;
  label: string;
  children: ReactNode;
  className?: string;
}) {
  const Tag = level === 2 ? 'h2' : 'h3';
  const text = `Direct link to ${label}`;
  return (
    <Tag id={id} className={className ? `anchor ${className}` : 'anchor'}>
      {children}
      <a className="hash-link" href={`#${id}`} aria-label={text} title={text}>
        {'\u200B'}
      </a>
    </Tag>
  );
}
