ALTER TABLE "certificates" ADD COLUMN "retired_by_organisation" text;--> statement-breakpoint
-- hand-written: begin. Certificates issued before this column name the retiring organisation by its current name (the
-- name at retirement was not kept), under the rule new retirements follow (domain/certificates/retiring-organisation.ts):
-- the legal name when set, else the name, for an organisation with a legal name or more than one member; a person's
-- organisation of one keeps reading as it did (null).
UPDATE "certificates" AS c
SET "retired_by_organisation" = COALESCE(NULLIF(btrim(o."legal_name"), ''), o."name")
FROM "organisations" AS o
WHERE o."account_id" = c."user_id"
  AND c."retired_by_organisation" IS NULL
  AND (NULLIF(btrim(o."legal_name"), '') IS NOT NULL
       OR (SELECT count(*) FROM "organisation_members" AS m WHERE m."account_id" = o."account_id") > 1);
-- hand-written: end
