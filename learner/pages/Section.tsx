import { useTranslation } from 'react-i18next';

/** A learner section whose content arrives with the learner-portal work (issue 3): title and a neutral empty state. */
export default function Section() {
  const { t } = useTranslation();
  const title = document.title.split(' — ')[0];
  return (
    <section>
      <h1>{title}</h1>
      <div className="card center">{t('section_empty')}</div>
    </section>
  );
}
