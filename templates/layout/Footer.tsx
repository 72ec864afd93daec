import { Link } from '../Link';
import { useSite } from '../siteContext';

const EXTERNAL = /^(\w*:|\/\/)/;

function ExternalIcon() {
  return (
    <svg className="footer__external" viewBox="0 0 24 24" width="12" height="12" aria-hidden="true">
      <path fill="currentColor" d="M21 13v10h-21v-19h12v2h-10v15h17v-8h2zm3-12h-10.988l4.035 4-6.977 7.07 2.828 2.828 6.977-7.07 4.125 4.172v-11z" />
    </svg>
  );
}

/** Footer: link columns and the copyright line (dark by default). */
export function Footer() {
  const { config } = useSite();
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
                          {EXTERNAL.test(to) ? <ExternalIcon /> : null}
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
