CREATE SCHEMA "cart";
--> statement-breakpoint
CREATE TABLE "cart"."bundles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cart"."bundles_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cart_id" uuid NOT NULL,
	"subscription_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart"."carts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cart"."carts_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart"."plan_products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cart"."plan_products_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cart_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart"."plans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cart"."plans_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cart_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"animal_id" uuid NOT NULL,
	"order_limit" double precision,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "plans_order_limit_positive" CHECK ("cart"."plans"."order_limit" is null or "cart"."plans"."order_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "cart"."products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cart"."products_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cart_id" uuid NOT NULL,
	"subscription_id" uuid,
	"bundle_id" uuid,
	"product_variant_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "products_quantity_positive" CHECK ("cart"."products"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "cart"."subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "cart"."subscriptions_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cart_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart"."bundles" ADD CONSTRAINT "bundles_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "cart"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart"."bundles" ADD CONSTRAINT "bundles_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "cart"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart"."plan_products" ADD CONSTRAINT "plan_products_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "cart"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart"."plan_products" ADD CONSTRAINT "plan_products_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "cart"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart"."plans" ADD CONSTRAINT "plans_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "cart"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart"."plans" ADD CONSTRAINT "plans_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "cart"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart"."products" ADD CONSTRAINT "products_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "cart"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart"."products" ADD CONSTRAINT "products_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "cart"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart"."products" ADD CONSTRAINT "products_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "cart"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart"."subscriptions" ADD CONSTRAINT "subscriptions_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "cart"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bundles_cart" ON "cart"."bundles" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "bundles_subscription" ON "cart"."bundles" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "carts_user_latest" ON "cart"."carts" USING btree ("user_id","created_at","seq");--> statement-breakpoint
CREATE INDEX "plan_products_cart" ON "cart"."plan_products" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "plan_products_plan" ON "cart"."plan_products" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "plans_cart" ON "cart"."plans" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "plans_subscription" ON "cart"."plans" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "products_cart" ON "cart"."products" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "products_subscription" ON "cart"."products" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "products_bundle" ON "cart"."products" USING btree ("bundle_id");--> statement-breakpoint
CREATE INDEX "subscriptions_cart" ON "cart"."subscriptions" USING btree ("cart_id");