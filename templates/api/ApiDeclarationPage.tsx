import type { ApiDeclaration, ApiKind, ApiMember } from './model';
import { Link } from '../Link';
import { AnchoredHeading } from './AnchoredHeading';
import {
  Badge,
  CompactSignature,
  Examples,
  Html,
  ParameterList,
  PropertyList,
  Returns,
  SourceLink,
  ThrowsList,
  TypeParameterList,
} from './ApiParts';
import { declarationSections, memberTitle, type ApiSection } from './sections';
import { CodeSignature } from './Tokens';

export const KIND_LABELS: Record<ApiKind, string> = {
  class: 'Class',
  interface: 'Interface',
  type: 'Type',
  function: 'Function',
  variable: 'Constant',
  enum: 'Enum',
};

/** Kind badge (and modifiers) above the title; the breadcrumbs above it lead back to the index. */
function Header({ view }: { view: ApiDeclaration }) {
  return (
    <header className="api-header">
      <div className="api-header__meta">
        <span className={`api-kind api-kind--${view.kind}`}>{KIND_LABELS[view.kind]}</span>
        {view.modifiers.map((m) => (
          <Badge key={m} tone={m === 'deprecated' ? 'danger' : 'warning'}>
            {m}
          </Badge>
        ))}
      </div>
      <h1 className="api-header__title">{view.name}</h1>
    </header>
  );
}

/** One class member: its h3 (the TOC lists it), badges, signatures and documentation. */
function Member({ member, headed }: { member: ApiMember; headed: boolean }) {
  const badges = member.flags.filter((f) => f !== 'optional' || member.kind === 'property');
  return (
    <section className={`api-member api-member--${member.kind}`}>
      {headed ? (
        <AnchoredHeading
          level={3}
          id={member.anchor}
          label={memberTitle(member)}
          className="api-member__title"
        >
          {memberTitle(member)}
        </AnchoredHeading>
      ) : null}
      {badges.length ? (
        <div className="api-member__badges">
          {badges.map((f) => (
            <Badge key={f} tone={f === 'deprecated' ? 'danger' : undefined}>
              {f === 'get' ? 'getter' : f}
            </Badge>
          ))}
        </div>
      ) : null}
      {member.code ? <CodeSignature tokens={member.code} /> : null}
      {member.kind === 'property' || member.kind === 'accessor' ? (
        <>
          {member.kind === 'accessor'
            ? member.signatures.map((s, i) => <CodeSignature key={i} tokens={s.code} />)
            : null}
          <Html html={member.summaryHtml} />
          {member.kind === 'accessor' && member.signatures[0]?.throws.length ? (
            <ThrowsList throws={member.signatures[0].throws} />
          ) : null}
          <Html html={member.remarksHtml} />
          {member.examples.length ? <Examples examples={member.examples} /> : null}
        </>
      ) : (
        <>
          {member.signatures.length === 1 ? (
            <CodeSignature tokens={member.signatures[0]!.code} />
          ) : null}
          <Html html={member.summaryHtml} />
          {member.signatures.map((s, i) => (
            <CompactSignature
              key={i}
              sig={s}
              showCode={member.signatures.length > 1}
              labelLevel={headed ? 4 : 3}
            />
          ))}
        </>
      )}
      {member.related ? (
        <p className="api-related">
          {'Standalone function: '}
          <Link to={member.related.href}>
            <code>{member.related.text}</code>
          </Link>
        </p>
      ) : null}
      <SourceLink source={member.source} />
    </section>
  );
}

function Section({ section }: { section: ApiSection }) {
  const heading = (
    <AnchoredHeading level={2} id={section.id} label={section.title}>
      {section.title}
    </AnchoredHeading>
  );
  switch (section.kind) {
    case 'typeParameters':
      return (
        <section className="api-section">
          {heading}
          <TypeParameterList typeParameters={section.signature.typeParameters} />
        </section>
      );
    case 'parameters':
      return (
        <section className="api-section">
          {heading}
          <ParameterList parameters={section.signature.parameters} />
        </section>
      );
    case 'returns':
      return (
        <section className="api-section">
          {heading}
          <Returns returns={section.signature.returns!} />
        </section>
      );
    case 'throws':
      return (
        <section className="api-section">
          {heading}
          <ThrowsList throws={section.throws} />
        </section>
      );
    case 'overload':
      return (
        <section className="api-section">
          {heading}
          <CompactSignature sig={section.signature} labelLevel={3} />
          <SourceLink source={section.signature.source} />
        </section>
      );
    case 'properties':
      return (
        <section className="api-section">
          {heading}
          <PropertyList properties={section.properties} />
        </section>
      );
    case 'remarks':
      return (
        <section className="api-section">
          {heading}
          <Html html={section.html} />
        </section>
      );
    case 'examples':
      return (
        <section className="api-section">
          {heading}
          <Examples examples={section.examples} />
        </section>
      );
    case 'seeAlso':
      return (
        <section className="api-section">
          {heading}
          {section.items.map((h, i) => (
            <Html key={i} html={h} />
          ))}
        </section>
      );
    case 'members':
      return (
        <section className="api-section api-section--members">
          {heading}
          {section.group.members.map((m) => (
            <Member key={m.anchor} member={m} headed={m.kind !== 'constructor'} />
          ))}
        </section>
      );
  }
}

/** A class, function, type or constant page of the API reference. */
export function ApiDeclarationPage({ view }: { view: ApiDeclaration }) {
  const single = view.signatures.length === 1 ? view.signatures[0] : undefined;
  return (
    <div className={`api-page api-page--${view.kind}`}>
      <Header view={view} />
      <Html html={view.deprecatedHtml} className="api-deprecated" />
      <Html html={view.summaryHtml} className="api-lead" />
      {single ? <CodeSignature tokens={single.code} label={`Signature of ${view.name}`} /> : null}
      {view.code ? (
        <CodeSignature tokens={view.code} label={`Declaration of ${view.name}`} />
      ) : null}
      <Html html={view.descriptionHtml} className="api-description" />
      {view.related ? (
        <p className="api-related">
          {'Also a method of '}
          <Link to={view.related.ownerHref}>{view.related.owner}</Link>
          {': '}
          <Link to={view.related.href}>
            <code>{view.related.text}</code>
          </Link>
        </p>
      ) : null}
      {declarationSections(view).map((s) => (
        <Section key={s.id} section={s} />
      ))}
      {view.signatures.length > 1 ? null : <SourceLink source={view.source} />}
    </div>
  );
}
