-- ANALYZE sorts its sample of every column, and on the audit log's wide ones (the before and after documents, the two
-- hashes, the client's address and user agent) that is most of its cost: 36 ms for 3,000 rows on PGlite, where the
-- scheduled ANALYZE holds the main thread (embedded-vacuum.ts), against 11 ms without them. No query filters, joins or
-- sorts on these columns (the audit screen filters by person, action, target and date; approvals by account and
-- request id), so the planner's default guesses do for them.
ALTER TABLE "audit_entries" ALTER COLUMN "before" SET STATISTICS 0, ALTER COLUMN "after" SET STATISTICS 0, ALTER COLUMN "prev_hash" SET STATISTICS 0, ALTER COLUMN "hash" SET STATISTICS 0, ALTER COLUMN "ip" SET STATISTICS 0, ALTER COLUMN "user_agent" SET STATISTICS 0;
