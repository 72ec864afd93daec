import type { Token } from './model';
import { Link } from '../Link';

/** Coloured code tokens; named types with a page are links to it. */
export function Tokens({ tokens }: { tokens: Token[] }) {
  return (
    <>
      {tokens.map((t, i) => {
        const className = t.kind ? `api-tok api-tok--${t.kind}` : undefined;
        if (t.href) {
          return (
            <Link
              key={i}
              to={t.href}
              className={`api-tok api-tok--link api-tok--${t.kind ?? 'type'}`}
            >
              {t.text}
            </Link>
          );
        }
        return className ? (
          <span key={i} className={className}>
            {t.text}
          </span>
        ) : (
          t.text
        );
      })}
    </>
  );
}

/** A declaration or signature as a code block (server-rendered; no highlighter needed). */
export function CodeSignature({ tokens, label }: { tokens: Token[]; label?: string }) {
  return (
    <pre className="api-signature" tabIndex={0} aria-label={label}>
      <code>
        <Tokens tokens={tokens} />
      </code>
    </pre>
  );
}

/** A type inline, e.g. in a parameter list. */
export function InlineType({ tokens }: { tokens: Token[] }) {
  return (
    <code className="api-type">
      <Tokens tokens={tokens} />
    </code>
  );
}
