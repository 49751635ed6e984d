CREATE INDEX "payments_created_at" ON "payment"."payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "refunds_created_at" ON "payment"."refunds" USING btree ("created_at");