-- Regions (lib/regions.ts): Belgium lists its provinces (labelled "province") instead of its three regions, and the
-- United States its 50 states and DC, without the territories and the Armed Forces codes. A stored Flemish or Walloon
-- region names no province: it is cleared (the member picks the province again; the town and country stay), and so is
-- a territory or military code.
UPDATE "profiles" SET "region" = NULL WHERE "country" = 'BE' AND "region" IN ('VLG', 'WAL');
--> statement-breakpoint
UPDATE "profiles" SET "region" = NULL
WHERE "country" = 'US' AND "region" IN ('AS', 'FM', 'GU', 'MH', 'MP', 'PW', 'PR', 'VI', 'AA', 'AE', 'AP');
