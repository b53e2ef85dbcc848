import { escapeHtml, type Locale } from '@chat/shared';
import type { TestPaymentRow } from '../../../db/schema';

/**
 * The test provider's pay page: plain server-rendered HTML (the CSP allows no inline script or
 * style, and a form with two buttons needs neither). Every value is escaped.
 */
const TEXTS = {
  ru: {
    title: 'Тестовая оплата',
    note: 'Это тестовая платёжная система: деньги не списываются.',
    amount: 'Сумма',
    description: 'Назначение',
    pay: 'Оплатить',
    fail: 'Отказаться',
    back: 'Вернуться на сайт',
    succeeded: 'Платёж прошёл.',
    canceled: 'Платёж отменён.',
    missing: 'Такого платежа нет.',
  },
  en: {
    title: 'Test payment',
    note: 'This is a test payment provider: no money is charged.',
    amount: 'Amount',
    description: 'Description',
    pay: 'Pay',
    fail: 'Fail',
    back: 'Back to the site',
    succeeded: 'The payment went through.',
    canceled: 'The payment was canceled.',
    missing: 'There is no such payment.',
  },
} satisfies Record<Locale, Record<string, string>>;

/** `?lang=` first, then the browser's Accept-Language (by its q-values), else Russian. */
export function payPageLocale(
  lang: string | undefined,
  acceptLanguage: string | undefined,
): Locale {
  if (lang === 'en' || lang === 'ru') return lang;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((item) => item.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag.startsWith('ru')) return 'ru';
    if (tag.startsWith('en')) return 'en';
  }
  return 'ru';
}

export function formatAmount(amount: number, currency: string, locale: Locale): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** Where the payer goes back to: only a path on this site, never another origin. */
export function sitePath(url: string): string {
  try {
    const parsed = new URL(url, 'http://site.invalid');
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return '/';
  }
}

export function renderPayPage(
  payment: TestPaymentRow | undefined,
  locale: Locale,
  formAction: string,
): string {
  const t = TEXTS[locale];
  const e = escapeHtml;
  let main: string;
  if (!payment) {
    main = `<p>${e(t.missing)}</p>`;
  } else {
    const facts =
      `<dl><dt>${e(t.amount)}</dt><dd class="amount">${e(formatAmount(payment.amount, payment.currency, locale))}</dd>` +
      `<dt>${e(t.description)}</dt><dd>${e(payment.description)}</dd></dl>`;
    const action =
      payment.status === 'pending'
        ? `<form method="post" action="${e(formAction)}">` +
          `<input type="hidden" name="lang" value="${e(locale)}">` +
          `<button type="submit" name="action" value="pay">${e(t.pay)}</button> ` +
          `<button type="submit" name="action" value="fail">${e(t.fail)}</button></form>`
        : `<p class="status">${e(t[payment.status])}</p>` +
          `<p><a href="${e(sitePath(payment.return_url))}">${e(t.back)}</a></p>`;
    main = facts + action;
  }
  return (
    `<!doctype html><html lang="${e(locale)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex">` +
    `<title>${e(t.title)}</title><link rel="stylesheet" href="/pay/test/page.css"></head>` +
    `<body><main><h1>${e(t.title)}</h1><p class="note">${e(t.note)}</p>${main}</main></body></html>`
  );
}

/** The page's look, served as a file: the CSP forbids inline styles. */
export const PAY_PAGE_CSS = `body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#222;margin:0}
main{max-width:28rem;margin:3rem auto;padding:1.5rem 2rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15)}
h1{font-size:1.4rem;margin-top:0}.note{color:#666;font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{color:#666}dd{margin:0}
.amount{font-size:1.3rem;font-weight:600}
button{font-size:1rem;padding:.5rem 1.2rem;margin-right:.5rem;border-radius:4px;border:1px solid #888;cursor:pointer}
button[value=pay]{background:#198754;border-color:#198754;color:#fff}
.status{font-weight:600}
`;
