// The receipt mail of a paid order, sent in the crediting transaction.
import { DEFAULT_LOCALE, isUiLanguage } from '@app/i18n';
import { PAYMENT_METHOD_NAMES, toMajorUnits, type PaymentMethod } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import type { OrderRow, SiteRow } from '../../db/schema/index.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import type { AccountContact } from '../accounts/index.ts';

/** The receipt mail of a paid order, in the member's language, with the seller's company details. */
export function createReceipts(deps: {
  mailer: Pick<Mailer, 'send' | 'linkTo'>;
  /** From accounts' and sites' public entries. */
  findAccountContact: (executor: Executor, userId: number) => Promise<AccountContact | undefined>;
  findSite: (executor: Executor, siteId: number) => Promise<SiteRow | undefined>;
}) {
  return {
    /** Sends the receipt in the crediting transaction `tx` (so exactly once). */
    async send(tx: Executor, order: OrderRow & { userId: number }, paidAt: Date): Promise<void> {
      const account = await deps.findAccountContact(tx, order.userId);
      const site = account ? await deps.findSite(tx, account.siteId) : undefined;
      if (!account || !site) return;
      const language = isUiLanguage(account.language) ? account.language : DEFAULT_LOCALE;
      await deps.mailer.send(
        {
          template: 'receipt',
          to: account.email,
          language,
          site,
          name: account.name ?? '',
          link: deps.mailer.linkTo(site, `/transactions/${order.id}`),
          params: {
            orderId: order.id,
            credits: order.credits,
            amount: new Intl.NumberFormat(language, { style: 'currency', currency: order.currency }).format(
              toMajorUnits(order.amountMinor, order.currency),
            ),
            method: PAYMENT_METHOD_NAMES[order.method as PaymentMethod] ?? order.method,
            date: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(paidAt),
            companyName: site.companyName,
            companyAddress: site.companyAddress,
            companyCity: site.companyCity,
            companyCountry: site.companyCountry,
            companyKvk: site.companyKvk,
            vatNumber: site.companyVatNumbers.join(', '),
            refundDays: site.refundDays,
          },
        },
        tx,
      );
    },
  };
}
export type Receipts = ReturnType<typeof createReceipts>;
