import { useSite } from '../siteContext';
import { useAnnouncementBar } from './AnnouncementProvider';

/**
 * The announcement bar (B10–B14): the page's only `banner` landmark (a `<header>` outside
 * any sectioning element; the navbar is a `<nav>`). Its content is the configured HTML.
 */
export function AnnouncementBar() {
  const { config } = useSite();
  const { isActive, close } = useAnnouncementBar();
  const bar = config.announcementBar;
  if (!bar || !isActive) return null;
  const style = { backgroundColor: bar.backgroundColor, color: bar.textColor };
  return (
    <header
      className={'announcement-bar' + (bar.backgroundColor ? ' announcement-bar--custom' : '')}
      style={style}
    >
      {bar.isCloseable ? <div className="announcement-bar__placeholder" /> : null}
      <div
        className="announcement-bar__content"
        dangerouslySetInnerHTML={{ __html: bar.content }}
      />
      {bar.isCloseable ? (
        <button
          type="button"
          className="announcement-bar__close"
          onClick={close}
          aria-label="Close"
          title="Close"
        >
          <span aria-hidden="true" className="icon icon--close" />
        </button>
      ) : null}
    </header>
  );
}
