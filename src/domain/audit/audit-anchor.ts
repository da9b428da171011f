import type { AuditHead } from './audit-chain';

/**
 * The calldata that puts the audit log's head on chain: a zero-value transaction from the platform's custody account
 * to itself carrying "AUDT", the head's sequence (8 bytes) and its hash (32 bytes). No contract is involved, so every
 * chain already deployed can carry it, and anyone holding the transaction hash can read the head back from any node.
 */
export const AUDIT_ANCHOR_TAG = '41554454';
const HEX_HASH = /^[0-9a-f]{64}$/;
const MAX_SEQ = Number.MAX_SAFE_INTEGER;

export function encodeAuditAnchor(head: AuditHead): `0x${string}` {
  if (!Number.isSafeInteger(head.seq) || head.seq < 1 || head.seq > MAX_SEQ) throw new RangeError(`An audit head to anchor has a positive sequence, not ${head.seq}`);
  if (!HEX_HASH.test(head.hash)) throw new RangeError('An audit head to anchor has a sha256 hash in lower-case hex');
  return `0x${AUDIT_ANCHOR_TAG}${head.seq.toString(16).padStart(16, '0')}${head.hash}`;
}

/** The head a transaction's calldata anchors, or null when it is not an audit anchor. */
export function decodeAuditAnchor(data: string): AuditHead | null {
  const text = data.toLowerCase();
  if (text.length !== 2 + 8 + 16 + 64 || !text.startsWith(`0x${AUDIT_ANCHOR_TAG}`)) return null;
  const seq = Number.parseInt(text.slice(10, 26), 16);
  const hash = text.slice(26);
  if (!Number.isSafeInteger(seq) || seq < 1 || !HEX_HASH.test(hash)) return null;
  return { seq, hash };
}
