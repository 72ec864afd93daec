import { useSite } from '../siteContext';
import { useAnnouncementBar } from './AnnouncementProvider';

/**
 * The announcement bar (B10–B14): the page's only `banner` landmark (the navbar is a
 * `<nav>`). Its content is the configured HTML.
 */
export function AnnouncementBar() {
  const { config } = useSite();
  const { isActive, close } = useAnnouncementBar();
  const bar = config.announcementBar;
  if (!bar || !isActive) return null;
  const style = { backgroundColor: bar.backgroundColor, color: bar.textColor };
  return (
    <div role="banner" className={'announcement-bar' + (bar.backgroundColor ? ' announcement-bar--custom' : '')} style={style}>
      {bar.isCloseable ? <div className="announcement-bar__placeholder" /> : null}
      <div className="announcement-bar__content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable ? (
        <button type="button" className="announcement-bar__close" onClick={close} aria-label="Close" title="Close">
          <svg viewBox="0 0 15 15" width="14" height="14" aria-hidden="true">
            <path fill="currentColor" d="M8.24 7.5l4.63-4.63a.52.52 0 0 0-.74-.74L7.5 6.76 2.87 2.13a.52.52 0 0 0-.74.74L6.76 7.5l-4.63 4.63a.52.52 0 1 0 .74.74L7.5 8.24l4.63 4.63a.52.52 0 0 0 .74-.74L8.24 7.5z" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}
