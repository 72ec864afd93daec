import type { ReactNode } from 'react';
import type {
  ApiMember,
  ApiParameter,
  ApiSignature,
  ApiSource,
  ApiThrows,
  ApiTypeParameter,
} from './model';
import { Link } from '../Link';
import { CodeSignature, InlineType } from './Tokens';

/** Comment HTML rendered at build time by the markdown pipeline. */
export function Html({ html, className }: { html: string | undefined; className?: string }) {
  if (!html) return null;
  return (
    <div
      className={className ? `api-prose ${className}` : 'api-prose'}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

export function Badge({ children, tone }: { children: ReactNode; tone?: string }) {
  return <span className={`api-badge${tone ? ` api-badge--${tone}` : ''}`}>{children}</span>;
}

/**
 * A small label heading inside a member or an overload (no id: not in the TOC), one level
 * below the heading it sits under, so no level is skipped.
 */
export function Label({ children, level }: { children: ReactNode; level: 3 | 4 }) {
  const Tag = level === 3 ? 'h3' : 'h4';
  return <Tag className="api-label">{children}</Tag>;
}

/** A labelled part of a signature, shown only when it has something to show. */
function LabelledPart({
  label,
  level,
  show,
  children,
}: {
  label: ReactNode;
  level: 3 | 4;
  show: unknown;
  children: ReactNode;
}) {
  return show ? (
    <>
      <Label level={level}>{label}</Label>
      {children}
    </>
  ) : null;
}

export function ParameterList({ parameters }: { parameters: ApiParameter[] }) {
  return (
    <ul className="api-fields">
      {parameters.map((p) => (
        <li key={p.name} className="api-field">
          <div className="api-field__head">
            <code className="api-field__name">
              {p.rest ? '...' : ''}
              {p.name}
            </code>
            <InlineType tokens={p.type} />
            {p.optional ? <Badge>optional</Badge> : null}
            {p.defaultValue ? (
              <span className="api-field__default">
                default <code>{p.defaultValue}</code>
              </span>
            ) : null}
          </div>
          <Html html={p.html} className="api-field__desc" />
        </li>
      ))}
    </ul>
  );
}

export function TypeParameterList({ typeParameters }: { typeParameters: ApiTypeParameter[] }) {
  return (
    <ul className="api-fields">
      {typeParameters.map((tp) => (
        <li key={tp.name} className="api-field">
          <div className="api-field__head">
            <code className="api-field__name">{tp.name}</code>
            {tp.constraint ? (
              <span className="api-field__default">
                extends <InlineType tokens={tp.constraint} />
              </span>
            ) : null}
            {tp.defaultType ? (
              <span className="api-field__default">
                default <InlineType tokens={tp.defaultType} />
              </span>
            ) : null}
          </div>
          <Html html={tp.html} className="api-field__desc" />
        </li>
      ))}
    </ul>
  );
}

/** Properties of an interface or object type; each row is a link target (`#name`). */
export function PropertyList({ properties }: { properties: ApiMember[] }) {
  return (
    <ul className="api-fields">
      {properties.map((p) => (
        <li key={p.anchor} id={p.anchor} className="api-field api-field--target">
          <div className="api-field__head">
            <code className="api-field__name">
              {p.name}
              {p.flags.includes('optional') ? '?' : ''}
            </code>
            {p.type ? (
              <InlineType tokens={p.type} />
            ) : p.signatures[0] ? (
              <InlineType tokens={p.signatures[0].code} />
            ) : null}
            {p.flags
              .filter((f) => f === 'readonly' || f === 'deprecated')
              .map((f) => (
                <Badge key={f} tone={f === 'deprecated' ? 'danger' : undefined}>
                  {f}
                </Badge>
              ))}
            {p.defaultValue ? (
              <span className="api-field__default">
                default <code>{p.defaultValue}</code>
              </span>
            ) : null}
          </div>
          <Html html={p.summaryHtml} className="api-field__desc" />
          <Html html={p.remarksHtml} className="api-field__desc" />
        </li>
      ))}
    </ul>
  );
}

export function Returns({ returns }: { returns: NonNullable<ApiSignature['returns']> }) {
  return (
    <div className="api-returns">
      <InlineType tokens={returns.type} />
      <Html html={returns.html} />
    </div>
  );
}

export function ThrowsList({ throws }: { throws: ApiThrows[] }) {
  return (
    <ul className="api-fields">
      {throws.map((t, i) => (
        <li key={i} className="api-field">
          <div className="api-field__head">
            {t.typeHref ? (
              <Link to={t.typeHref} className="api-field__link">
                <code className="api-field__name api-field__name--error">{t.type}</code>
              </Link>
            ) : (
              <code className="api-field__name api-field__name--error">{t.type ?? 'Error'}</code>
            )}
          </div>
          <Html html={t.html} className="api-field__desc" />
        </li>
      ))}
    </ul>
  );
}

export function Examples({ examples }: { examples: string[] }) {
  return (
    <div className="api-examples">
      {examples.map((html, i) => (
        <Html key={i} html={html} />
      ))}
    </div>
  );
}

/** "Defined in src/…ts:43", linking the line on the repository when the site knows it. */
export function SourceLink({ source }: { source: ApiSource | undefined }) {
  if (!source) return null;
  const where = `${source.path}:${source.line}`;
  return (
    <p className="api-source" data-search-ignore="">
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" fill="currentColor">
        <path d="M4.72 3.22a.75.75 0 0 1 1.06 1.06L2.06 8l3.72 3.72a.75.75 0 1 1-1.06 1.06L.47 8.53a.75.75 0 0 1 0-1.06Zm6.56 0a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 1 1-1.06-1.06L14.94 8l-3.72-3.72a.75.75 0 0 1 0-1.06Z" />
      </svg>
      {'Defined in '}
      {source.url ? (
        <a href={source.url} target="_blank" rel="noopener noreferrer">
          {where}
        </a>
      ) : (
        <code>{where}</code>
      )}
    </p>
  );
}

/**
 * Everything a signature documents, with small labels: used for class members and for
 * each overload of a function (a single-signature function page uses h2 sections).
 */
export function CompactSignature({
  sig,
  showCode = true,
  labelLevel,
}: {
  sig: ApiSignature;
  showCode?: boolean;
  /** The labels' heading level: one below the heading the signature sits under. */
  labelLevel: 3 | 4;
}) {
  return (
    <div className="api-sig">
      {showCode ? <CodeSignature tokens={sig.code} /> : null}
      <Html html={sig.deprecatedHtml} className="api-deprecated" />
      <Html html={sig.summaryHtml} />
      <LabelledPart level={labelLevel} label="Type parameters" show={sig.typeParameters.length}>
        <TypeParameterList typeParameters={sig.typeParameters} />
      </LabelledPart>
      <LabelledPart level={labelLevel} label="Parameters" show={sig.parameters.length}>
        <ParameterList parameters={sig.parameters} />
      </LabelledPart>
      <LabelledPart level={labelLevel} label="Returns" show={sig.returns}>
        {sig.returns ? <Returns returns={sig.returns} /> : null}
      </LabelledPart>
      <LabelledPart level={labelLevel} label="Throws" show={sig.throws.length}>
        <ThrowsList throws={sig.throws} />
      </LabelledPart>
      <LabelledPart level={labelLevel} label="Remarks" show={sig.remarksHtml}>
        <Html html={sig.remarksHtml} />
      </LabelledPart>
      <LabelledPart
        level={labelLevel}
        label={sig.examples.length > 1 ? 'Examples' : 'Example'}
        show={sig.examples.length}
      >
        <Examples examples={sig.examples} />
      </LabelledPart>
      <LabelledPart level={labelLevel} label="See also" show={sig.seeAlso.length}>
        {sig.seeAlso.map((h, i) => (
          <Html key={i} html={h} />
        ))}
      </LabelledPart>
    </div>
  );
}
