ALTER TABLE "discount_code_uses" ADD COLUMN "scope_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_url" text;--> statement-breakpoint
-- Uses recorded before reservations existed: the earliest use of each scope holds it (later ones were the defect).
WITH keyed AS (
  SELECT u.id,
    CASE
      WHEN u.discount_code_id IS NULL THEN 'bonus:' || upper(u.code) || ':user:' || u.user_id
      WHEN c.validity = 'once' THEN 'code:' || c.id
      WHEN c.validity = 'once_per_user' THEN 'code:' || c.id || ':user:' || u.user_id
    END AS scope_key
  FROM "discount_code_uses" u LEFT JOIN "discount_codes" c ON c.id = u.discount_code_id
  WHERE u.user_id IS NOT NULL OR c.validity = 'once'
), ranked AS (
  SELECT id, scope_key, row_number() OVER (PARTITION BY scope_key ORDER BY id) AS n FROM keyed WHERE scope_key IS NOT NULL
)
UPDATE "discount_code_uses" SET "scope_key" = ranked.scope_key FROM ranked WHERE ranked.id = "discount_code_uses".id AND ranked.n = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_code_uses_scope_key" ON "discount_code_uses" USING btree ("scope_key");
