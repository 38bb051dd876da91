/**
 * The mark of a bot account (docs/accounts.md "Bot accounts"): a program plays under a person's
 * kind of account, so its name alone would pass for a person's. The platform's own bots say their
 * level in words instead (bot-levels.ts).
 */
import type { TFunction } from 'i18next';

/** Screen readers read the full name rather than the short label, which is the same in most languages. */
export function BotBadge({ t }: { t: TFunction }) {
  const name = t('bots.account');
  return (
    <span class="bot-badge" role="img" aria-label={name} title={name}>
      {t('bots.badge')}
    </span>
  );
}

/** The badge after a name when its holder is a bot account, nothing otherwise. */
export const BotAccountMark = ({ botAccount, t }: { botAccount?: boolean; t: TFunction }) =>
  botAccount ? (
    <>
      {' '}
      <BotBadge t={t} />
    </>
  ) : null;
