import { Link } from '../Link';

/** A card of a category's index page: one item of the category. */
export interface CategoryCard {
  title: string;
  href: string;
  description?: string;
  /** A doc, a category (its own page or its first doc), or a link elsewhere. */
  kind: 'doc' | 'category' | 'link';
}

/**
 * The body of a category's generated index page (Docusaurus's `generated-index`): the
 * category's title and description, and a card per item. Rendered at build time into
 * the page's HTML, so it costs the browser no JavaScript.
 */
export function CategoryIndex({
  title,
  description,
  cards,
}: {
  title: string;
  description?: string;
  cards: CategoryCard[];
}) {
  return (
    <>
      <h1>{title}</h1>
      {description ? <p className="category-index__description">{description}</p> : null}
      <ul className="category-index" aria-label={`${title}: pages`}>
        {cards.map((card) => (
          <li key={card.href + card.title}>
            <Link className={`category-card category-card--${card.kind}`} to={card.href}>
              <span className="category-card__title">
                <span aria-hidden="true" className={`icon icon--card-${card.kind}`} />
                {card.title}
              </span>
              {card.description ? (
                <span className="category-card__text">{card.description}</span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
