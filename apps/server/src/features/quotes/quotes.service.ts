import {
  QUOTES_PER_PAGE,
  type Locale,
  type Quote,
  type QuotesPage,
  type QuoteTab,
} from '@chat/shared';
import * as messagePolicy from '../../access/message.policy';
import * as quotePolicy from '../../access/quote.policy';
import { viewerOf, type Viewer } from '../../access/viewer';
import type { UserRow } from '../../db/schema';
import { guestForbidden, notFound } from '../../http/app-error';
import { nowIso } from '../../lib/clock';
import { presentMessage } from '../chat/chat.presenter';
import type { MessagesRepository } from '../chat/messages.repository';
import { presentQuote } from './quotes.presenter';
import type { KeptRef, QuotesRepository } from './quotes.repository';

/**
 * Pages past this one are empty: reaching one walks every kept message before it, and nobody
 * pages 250 deep.
 */
const QUOTES_PAGE_MAX = 250;

/** The site's collection of chat messages worth keeping, and each person's own part of it. */
export class QuotesService {
  constructor(
    private readonly quotes: QuotesRepository,
    private readonly messages: MessagesRepository,
  ) {}

  /**
   * Keeps a message: 404 for one the keeper may not read (deleted, of a private room they are
   * not in, a troll's they are not shown, or none at all), so its existence is not told; keeping
   * it again changes nothing.
   */
  async add(user: UserRow, messageId: number): Promise<void> {
    const viewer = viewerOf(user);
    if (!quotePolicy.canAdd(viewer)) throw guestForbidden();
    const target = await this.quotes.target(messageId, user.id);
    if (!target) throw notFound();
    if (!messagePolicy.can(viewer, 'quote', target.message, target)) throw notFound();
    await this.quotes.add(user.id, target.message, nowIso());
  }

  async remove(user: UserRow, messageId: number): Promise<void> {
    if (!(await this.quotes.remove(user.id, messageId))) throw notFound();
  }

  /** `GET /api/quotes`: a page of a tab, each message as the viewer's chat would show it. */
  async page(viewer: Viewer, tab: QuoteTab, page: number, locale: Locale): Promise<QuotesPage> {
    if (tab === 'mine' && !quotePolicy.hasCollection(viewer)) throw guestForbidden();
    const window = { limit: QUOTES_PER_PAGE, offset: (page - 1) * QUOTES_PER_PAGE };
    const deep = page > QUOTES_PAGE_MAX;
    const [refs, total] = await Promise.all([
      deep ? [] : this.refs(viewer, tab, window),
      tab === 'mine' && viewer.id !== null
        ? this.quotes.mineCount({ ...viewer, id: viewer.id })
        : this.quotes.siteCount(viewer, QUOTES_PAGE_MAX * QUOTES_PER_PAGE + 1),
    ]);
    return {
      data: await this.present(viewer, refs, tab === 'mine', locale),
      meta: {
        current_page: page,
        last_page: Math.max(1, Math.min(QUOTES_PAGE_MAX, Math.ceil(total / QUOTES_PER_PAGE))),
        per_page: QUOTES_PER_PAGE,
        total,
      },
    };
  }

  /**
   * `GET /api/quote/{id}`: one kept message, where a search hit leads; 404 when nobody keeps
   * it or the viewer may not see it (as the page would not list it).
   */
  async one(viewer: Viewer, messageId: number, locale: Locale): Promise<Quote> {
    const ref = await this.quotes.siteOne(viewer, messageId);
    const [quote] = ref ? await this.present(viewer, [ref], false, locale) : [];
    if (!quote) throw notFound();
    return quote;
  }

  /** The page's kept messages as the viewer's chat would show them, with whether they keep each. */
  private async present(
    viewer: Viewer,
    refs: KeptRef[],
    allMine: boolean,
    locale: Locale,
  ): Promise<Quote[]> {
    const ids = refs.map((r) => r.message_id);
    const [rows, mine] = await Promise.all([
      this.messages.withAuthors(ids),
      allMine || viewer.id === null
        ? new Set(allMine ? ids : [])
        : this.quotes.keptBy(viewer.id, ids),
    ]);
    const byId = new Map(rows.map((m) => [m.id, m]));
    const seesTrolls = messagePolicy.canSeeTrolls(viewer);
    return refs.flatMap((ref) => {
      const row = byId.get(ref.message_id);
      if (!row) return [];
      const message = presentMessage(row, [], (reply) =>
        messagePolicy.canSeeQuoted(viewer, reply, row, seesTrolls),
      );
      return [presentQuote(message, ref, mine.has(ref.message_id), locale)];
    });
  }

  private async refs(
    viewer: Viewer,
    tab: QuoteTab,
    window: { limit: number; offset: number },
  ): Promise<KeptRef[]> {
    if (tab !== 'mine') return this.quotes.sitePage(viewer, tab, window);
    if (viewer.id === null) return [];
    const mine = await this.quotes.minePage({ ...viewer, id: viewer.id }, window);
    const counts = await this.quotes.keptCounts(mine.map((m) => m.message_id));
    return mine.flatMap((m) => {
      const kept = counts.get(m.message_id);
      return kept ? [{ ...m, ...kept }] : [];
    });
  }

  /** How many of a person's messages others keep (the profile's count). */
  keptByOthers(authorId: number): Promise<number> {
    return this.quotes.keptOthersCount(authorId);
  }
}
