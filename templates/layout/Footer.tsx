import { isExternalUrl } from '../../src/shared/baseUrl';
import { Link } from '../Link';
import { useSite } from '../siteContext';
import { slotOverrides } from '../slots';

function ExternalIcon() {
  return <span aria-hidden="true" className="icon icon--external footer__external" />;
}

/** Footer: link columns and the copyright line (dark by default). */
export function Footer() {
  const { config } = useSite();
  // The site's own footer, if it has one (config `components.footer`, see ../slots.ts).
  if (typeof __DFDOCS_SLOTS__ === 'undefined' || __DFDOCS_SLOTS__) {
    const Override = slotOverrides.footer;
    if (Override) return <Override config={config} />;
  }
  const { columns, copyright, style } = config.footer;
  if (!columns.length && !copyright) return null;
  return (
    <footer className={`footer footer--${style}`}>
      <div className="footer__inner">
        {columns.length ? (
          <div className="footer__columns">
            {columns.map((col) => (
              <div className="footer__col" key={col.title}>
                <h2 className="footer__title">{col.title}</h2>
                <ul className="footer__items">
                  {col.items.map((item) => {
                    const to = item.to ?? item.href ?? '#';
                    return (
                      <li key={item.label}>
                        <Link to={to} className="footer__link">
                          {item.label}
                          {isExternalUrl(to) ? <ExternalIcon /> : null}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))}
          </div>
        ) : null}
        {copyright ? <p className="footer__copyright">{copyright}</p> : null}
      </div>
    </footer>
  );
}
