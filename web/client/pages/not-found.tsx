import { useT } from '../i18n.js';
import { useTitle } from '../title.js';

/** A link that leads nowhere (mangled on the way, or a page that does not exist). */
export function NotFoundPage() {
  const t = useT();
  useTitle(t('notFound.title'));
  return (
    <section class="card narrow">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <a href="#/">{t('notFound.home')}</a>
    </section>
  );
}
