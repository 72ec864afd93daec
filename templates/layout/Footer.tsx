import { Link } from '../Link';
import { useSite } from '../siteContext';

/** Footer: link columns and the copyright line. */
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
                <ul>
                  {col.items.map((item) => (
                    <li key={item.label}>
                      <Link to={item.to ?? item.href ?? '#'} className="footer__link">
                        {item.label}
                      </Link>
                    </li>
                  ))}
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
