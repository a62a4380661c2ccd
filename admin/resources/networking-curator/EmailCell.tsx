import { EmailField, useRecordContext, useTranslate } from 'react-admin';

/**
 * The list's e-mail column: a mail link, or for a marketplace learner account (a buyer of another school studying
 * here, whose address is made up and not sent) who it is: "Marketplace buyer, school …".
 */
export function EmailCell() {
  const record = useRecordContext<{ email: string | null; buyer_school: string | null }>();
  const t = useTranslate();
  if (record?.buyer_school) return <span data-testid="networking-buyer">{t('resources.networking-curator.buyer_of', { school: record.buyer_school })}</span>;
  return <EmailField source="email" />;
}
