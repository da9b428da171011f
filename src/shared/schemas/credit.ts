import { z } from 'zod';
import { MAX_REASON_LENGTH } from '@/shared/constants';
import { MAX_ID, MY_LIST_MAX_OFFSET, moneyString, myListQuery, plainTextQuery, priceDollars, quantityTonnes, wholeNumberQuery, withoutControlCharacters } from './common';
import { integrityAttributes } from './integrity';
import { retirementClaim } from './retirement-claim';

export const HOLDING_STATUSES = ['active', 'escrowed', 'pooled', 'retired'] as const;
export type HoldingStatus = (typeof HOLDING_STATUSES)[number];

/**
 * Which of the account's lots `GET /api/credits/my` answers: every lot (no `view`), the lots still held (active or
 * escrowed), the active ones only (what can be retired or sold), both newest purchase first like the whole list, or
 * the retired ones, newest retirement first. The Portfolio pages every one of them: a buyer's history and a market
 * maker's fragments run to thousands of lots.
 */
export const CREDIT_LIST_VIEWS = ['held', 'active', 'retired'] as const;
export type CreditListView = (typeof CREDIT_LIST_VIEWS)[number];

/** The longest search of the account's lots (`q`). */
export const MY_CREDITS_SEARCH_MAX = 200;

export const myCreditsQuery = myListQuery.extend({
  view: z.enum(CREDIT_LIST_VIEWS, { error: `view must be one of ${CREDIT_LIST_VIEWS.join(', ')}` }).optional(),
  offset: wholeNumberQuery('offset', { min: 0, max: MY_LIST_MAX_OFFSET }).optional(),
  /** A serial number finds the lot that holds it; other text, the lots whose project name contains it. */
  q: plainTextQuery('q', MY_CREDITS_SEARCH_MAX).optional(),
});
export type MyCreditsQuery = z.infer<typeof myCreditsQuery>;

/** Sent with a page of the list (a request with `offset`): how many lots the whole view holds. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** A holding ("credit" in the API): one lot of one project, with a contiguous serial range. */
export const credit = z.object({
  id: z.number(),
  tokenId: z.number().nullable(),
  projectId: z.number(),
  projectName: z.string(),
  quantity: z.number(),
  purchasePrice: moneyString,
  purchaseDate: z.string(),
  status: z.enum(HOLDING_STATUSES),
  retiredAt: z.string().nullable(),
  retiredReason: z.string().nullable(),
  certificateId: z.string().nullable(),
  serialStart: z.number(),
  serialEnd: z.number(),
  serialRange: z.string(),
  /** The project's labels, which every lot of it carries through trades; null only for a project unknown to the catalogue. */
  integrity: integrityAttributes.nullable(),
});
export type Credit = z.infer<typeof credit>;

/** The account's tonnes of one project: what a sell order or a pool deposit can use, and what its orders hold. */
export const projectTonnes = z.object({
  projectId: z.number(),
  /** Tonnes in active lots: free to sell, deposit or retire. */
  activeTonnes: z.number(),
  /** Tonnes escrowed by the account's open sell orders. */
  escrowedTonnes: z.number(),
});
export type ProjectTonnes = z.infer<typeof projectTonnes>;

export const purchaseBody = z.strictObject({
  projectId: z.number({ error: 'projectId must be a number' }).int().positive().max(MAX_ID, { error: `projectId must be at most ${MAX_ID}` }),
  quantity: quantityTonnes,
  pricePerCredit: priceDollars,
  retireImmediately: z.boolean().optional(),
  // The same rules as the retirement's beneficiary (schemas/certificate.ts imports this file, so they are repeated here).
  beneficiary: z.string({ error: 'beneficiary must be text' }).trim().max(200, { error: 'The beneficiary must be at most 200 characters' })
    .superRefine(withoutControlCharacters('The beneficiary')).optional(),
  // Empty means the default reason, so this is the reason field without its required minimum.
  reason: z.string({ error: 'reason must be text' }).trim().max(MAX_REASON_LENGTH, { error: `The retirement reason must be at most ${MAX_REASON_LENGTH} characters` })
    .superRefine(withoutControlCharacters('reason', { multiLine: true })).optional(),
  /** The retirement claim of buy-and-retire (ignored without retireImmediately). */
  claim: retirementClaim.optional(),
  /** Pay the price held by this quote (POST /api/quotes); the other fields must match it. */
  quoteId: z.string().min(1).max(100).superRefine(withoutControlCharacters('quoteId')).optional(),
});
export type PurchaseBody = z.infer<typeof purchaseBody>;

export const purchaseResponse = z.object({
  credit,
  subtotal: moneyString,
  fee: moneyString,
  total: moneyString,
  cashBalance: moneyString,
  certificateId: z.string().nullable(),
});
export type PurchaseResponse = z.infer<typeof purchaseResponse>;
