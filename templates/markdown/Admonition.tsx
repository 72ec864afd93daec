import type { ReactNode } from 'react';

const ICONS: Record<string, string> = {
  note: 'ℹ️',
  info: 'ℹ️',
  tip: '💡',
  warning: '⚠️',
  caution: '⚠️',
  danger: '🔥',
};

/** `:::note|tip|info|warning|danger [title]` callouts. */
export function Admonition({ type, title, children }: { type: string; title?: string; children?: ReactNode }) {
  return (
    <div className={`admonition admonition--${type}`} role="note">
      <div className="admonition__heading">
        <span className="admonition__icon" aria-hidden="true">{ICONS[type] ?? 'ℹ️'}</span>
        {title}
      </div>
      <div className="admonition__content">{children}</div>
    </div>
  );
}
