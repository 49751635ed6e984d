DROP INDEX "order"."orders_user_delivery";--> statement-breakpoint
DROP INDEX "order"."orders_timezone_billing";--> statement-breakpoint
DROP INDEX "order"."orders_status_billing";--> statement-breakpoint
CREATE INDEX "orders_user_number" ON "order"."orders" USING btree ("user_id","order_number");--> statement-breakpoint
CREATE INDEX "orders_timezone_billing_number" ON "order"."orders" USING btree ("timezone","billing_date","order_number");--> statement-breakpoint
CREATE INDEX "orders_status_timezone_billing_number" ON "order"."orders" USING btree ("payment_status","timezone","billing_date","order_number");