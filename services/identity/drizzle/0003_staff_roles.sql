ALTER TABLE "identity"."users" ALTER COLUMN "role" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "identity"."users" ALTER COLUMN "role" SET DEFAULT 'customer'::text;--> statement-breakpoint
-- Staff before back-office roles (ADR 018) keep what they could do: support.
UPDATE "identity"."users" SET "role" = 'support' WHERE "role" = 'staff';--> statement-breakpoint
DROP TYPE "identity"."user_role";--> statement-breakpoint
CREATE TYPE "identity"."user_role" AS ENUM('customer', 'support', 'operations', 'marketing', 'admin');--> statement-breakpoint
ALTER TABLE "identity"."users" ALTER COLUMN "role" SET DEFAULT 'customer'::"identity"."user_role";--> statement-breakpoint
ALTER TABLE "identity"."users" ALTER COLUMN "role" SET DATA TYPE "identity"."user_role" USING "role"::"identity"."user_role";